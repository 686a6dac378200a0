"""Event templates: what a tournament is before anyone registers.

A template names the game, the price split into its parts (prize pool, house fee, entry
fee, bounty — Foxwoods' buy-in / P.C. fee / entry fee / bounty), the starting stack, the
blind structure (a preset of :mod:`pokertd.tournament.structures` by name), the rule
profile, the tables, the registration window and the guarantee, plus the event's rebuy,
add-on, re-entry, early-bird and late-entry terms. Templates for the seed venues' events
ship in ``tournament/data/templates/``; a template is also a TOML file a user writes.

Money in a template file is written as people write it (``"$42"``, ``"4,074.00"``) and
parsed to cents exactly; percentages as ``"20%"`` or ``"1/5"``.

:meth:`Template.problems` checks a template against its profile: NJ offers no re-entry,
Spotlight no rebuys, TNPL caps the early bonus at 20 % and the late-entry reduction at 30 %,
and so on — every problem at once.

Implements: FOX-EVT, FOX-SNG (Appendix A; H1), A3 (one starting stack), A4 (registration
close level), A5 (TNPL-B2i), A6 (TNPL-B2iii), A8 (NJ-8, SPOT-6.26), A9 (NJ-8, NJ-44b),
A10 (FOX-ADDON), H8 (guarantee), NJ-5 (2 to 11 seats).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_, Clause, Phrase, listing
from pokertd.money import NEUTRAL_LOCALE, format_money, parse_money
from pokertd.rules import FinishMethod, Game, RuleProfile, StartingStackSource, load_profile
from pokertd.rules.profile import field_citation, parse_fraction, parse_toml, read_text_file
from pokertd.tournament.structures import Structure, load_structure, structure_from_dict
from pokertd.types import Cents, Chips

_HI_LO_GAMES = frozenset({Game.LIMIT_OMAHA_HI_LO, Game.POT_LIMIT_OMAHA_HI_LO, Game.STUD_HI_LO})
"""The split games: the high and the qualifying low hand share each pot (F4)."""


def _read_money(value: object) -> Cents:
    """An amount of a template file: written in the neutral form (``$4,074.00``, ``4074``,
    or minor units as an integer) whatever the venue's locale, so one file reads the same
    on every machine (docs/money.md)."""
    return parse_money(value, locale=NEUTRAL_LOCALE)


def _write_money(amount: Cents) -> str:
    """An amount as a template file keeps it: the neutral form :func:`_read_money` reads."""
    return format_money(amount, locale=NEUTRAL_LOCALE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Fees:
    """One purchase split into its parts, in cents (H1).

    ``prize_pool`` is Foxwoods' "buy-in" (it all goes to prizes); ``house_fee`` the P.C.
    fee; ``entry_fee`` the entry (staff) fee; ``bounty`` the bounty part of bounty events.
    """

    prize_pool: Cents = 0
    house_fee: Cents = 0
    entry_fee: Cents = 0
    bounty: Cents = 0

    @property
    def total(self) -> Cents:
        """What the player pays."""
        return self.prize_pool + self.house_fee + self.entry_fee + self.bounty

    def describe(self) -> str:
        """``$60 ($42 + $3 + $15)`` — the price and its parts in Foxwoods order."""
        parts = [self.prize_pool, self.house_fee, self.entry_fee]
        if self.bounty:
            parts.append(self.bounty)
        inner = " + ".join(format_money(p, trim=True) for p in parts)
        return f"{format_money(self.total, trim=True)} ({inner})"

    def plus(self, other: Fees) -> Fees:
        """The two purchases added part by part."""
        return Fees(
            prize_pool=self.prize_pool + other.prize_pool,
            house_fee=self.house_fee + other.house_fee,
            entry_fee=self.entry_fee + other.entry_fee,
            bounty=self.bounty + other.bounty,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyTerms:
    """An event's rebuy offer (A9): price, chips, limits, window."""

    fees: Fees
    chips: Chips
    max_per_player: int | None = None
    """Most rebuys per player (NJ 3); ``None`` = the profile's limit, else unlimited."""
    minutes: int | None = None
    """Rebuys during the first so many minutes of play (NJ 60); ``None`` = the profile's."""
    stack_at_most_start: bool = False
    """A rebuy only when the stack is at or below the starting stack."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AddonTerms:
    """An event's optional add-on (A10, FOX-ADDON)."""

    fees: Fees
    chips: Chips
    at_level: int
    """The designated time: during level ``at_level`` or the break after it."""
    max_per_entry: int = 1


# --------------------------------------------------------------------------------------
# Mystery bounty envelopes (issue 26): what a template and the director's posting both check


ENVELOPES_MAX = 1_000
"""Most envelopes one event may post (a 1,000-player night rarely posts more than half)."""
ENVELOPE_KINDS_MAX = 20
"""Most different envelope values one posting may list."""


def envelope_values(kinds: Iterable[tuple[Cents, int]]) -> tuple[Cents, ...]:
    """Each envelope's value, largest first, from ``(value, count)`` pairs.

    >>> envelope_values([(10_000, 2), (500_000, 1)])
    (500000, 10000, 10000)

    Raises :class:`~pokertd.errors.InvalidCommand` for an empty, zero or oversized posting.
    """
    values: list[Cents] = []
    seen: set[Cents] = set()
    for value, count in kinds:
        if value <= 0:
            raise InvalidCommand(template=N_("An envelope must hold some money."))
        if count <= 0:
            raise InvalidCommand(
                template=N_("Give at least one envelope of %(amount)s."),
                params={"amount": format_money(value)},
            )
        if value in seen:
            raise InvalidCommand(
                template=N_("Envelopes of %(amount)s are listed twice."),
                params={"amount": format_money(value)},
            )
        seen.add(value)
        values.extend([value] * count)
        if len(values) > ENVELOPES_MAX:
            raise InvalidCommand(
                template=N_("At most %(most)s envelopes can be posted."),
                params={"most": f"{ENVELOPES_MAX:,}"},
            )
    if not values:
        raise InvalidCommand(template=N_("Post at least one envelope."))
    return tuple(sorted(values, reverse=True))


def check_stage(from_level: int | None, in_the_money: bool) -> None:
    """The director sets exactly one stage: a level (1 or more) or the money."""
    if in_the_money and from_level is not None:
        raise InvalidCommand(
            template=N_("Set one stage: from a level or from the money, not both."),
        )
    if not in_the_money and (from_level is None or from_level < 1):
        raise InvalidCommand(
            template=N_(
                "Say from which level (1 or more) the envelopes are drawn, or 'from the money'."
            )
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Template:
    """An event before anyone registers (see the module docstring)."""

    name: str
    """Short name (the file stem): ``fox_grinder``."""
    title: str
    profile: str = "tda"
    """Rule profile name (or a profile file path)."""
    game: str = "NLH"
    fees: Fees
    starting_stack: Chips
    structure: str
    """Structure preset name (``docs/clock.md``) or a structure file."""
    tables: int = 1
    seats_per_table: int = 10
    late_reg_close_after_level: int | None = None
    """Registration closes at the end of this level; ``None`` = the structure's, else the
    profile's; 0 = no late registration."""
    guarantee: Cents = 0
    added_money: Cents = 0
    field_cap: int | None = None
    """Most entries the house accepts (FOX-REG7); ``None`` = no cap beyond the seats."""
    reentry: bool = False
    reentry_max: int | None = None
    rebuy: RebuyTerms | None = None
    addon: AddonTerms | None = None
    early_bird_bonus_pct: Fraction = Fraction(0)
    """Bonus chips (share of the stack) for players registered before the deadline (A6)."""
    late_entry_penalty_pct_per_level: Fraction = Fraction(0)
    """Late-entry reduction per level of entry (A5): TNPL example 10 %."""
    late_entry_penalty_cap_pct: Fraction | None = None
    """Largest late-entry reduction; ``None`` = the profile's maximum."""
    finish_method: FinishMethod | None = None
    """``timed_chip_count`` for an NJ event that ends at a set time (G2)."""
    payout_table: str | None = None
    """Payout table name (``fox_ptab``, ``sng``...); ``None`` = the profile's."""
    source: str = ""
    """Where the numbers come from (catalogue appendix and rule IDs)."""
    notes: str = ""
    progressive_bounties: bool = False
    """Bounties are progressive (PKO) rather than fixed: the event set-up turns the prize
    option on when it creates the event (I1)."""
    mystery_envelopes: tuple[tuple[Cents, int], ...] = ()
    """Mystery bounties (issue 26): ``(value, count)`` envelopes drawn at each knockout from
    the stage on, funded by the bounty part of each buy-in (``[mystery_bounties]`` in
    TOML); ``()`` = none. The director may post others before the first draw."""
    mystery_from_level: int | None = None
    """The envelopes are drawn from this level on (``None`` with :attr:`mystery_in_the_money`)."""
    mystery_in_the_money: bool = False
    """The envelopes are drawn from the first bust that finishes in a paid place."""
    stacks_from_points: bool = False
    """Each player's starting stack is set from league points (A3: SPOT-6.26, the
    Quarterly Tournament: ``spot_quarterly``); only where the profile's
    ``starting_stack_source`` allows it. ``starting_stack`` is then what a player
    registered without points' stack gets."""
    custom_structure: dict[str, Any] | None = None
    """A structure written with the event itself (the data of :meth:`Structure.as_json`,
    e.g. levels edited in the browser's event set-up) instead of a preset; ``structure`` is
    then only its name. Stored in the event, so every server replays the same levels."""

    def structure_value(self) -> Structure:
        """The event's structure: its own levels when it has them, else the preset."""
        if self.custom_structure is not None:
            return structure_from_dict(self.custom_structure)
        return load_structure(self.structure)

    @property
    def bounty_event(self) -> bool:
        """Whether entries carry a bounty (I1)."""
        return self.fees.bounty > 0

    @property
    def free(self) -> bool:
        """Whether nothing sold in this event puts money in the prize pool: no prize part
        in the buy-in, rebuy or add-on, no added money, no guarantee (a free league night,
        SPOT-2b2). Its payout sheet says so instead of waiting for a pool (H2)."""
        parts = [self.fees.prize_pool, self.added_money, self.guarantee]
        parts += [t.fees.prize_pool for t in (self.rebuy, self.addon) if t is not None]
        return not any(parts)

    def takes_stacks_from_points(self, profile: RuleProfile) -> bool:
        """Whether staff set each player's starting stack from league points in this
        event (A3: SPOT-6.26 Quarterly): the profile says so for every event
        (``per_player_from_points``), or for events that say so (``per_event_from_points``
        and :attr:`stacks_from_points`)."""
        source = profile.starting_stack_source
        if source is StartingStackSource.PER_PLAYER_FROM_POINTS:
            return True
        return source is StartingStackSource.PER_EVENT_FROM_POINTS and self.stacks_from_points

    def load_profile(self) -> RuleProfile:
        """The rule profile this template names."""
        return load_profile(self.profile)

    def registration_close(self, profile: RuleProfile) -> int | None:
        """The level after which registration closes: the template's, else the
        structure's, else the profile's (A4)."""
        if self.late_reg_close_after_level is not None:
            return self.late_reg_close_after_level
        if self.custom_structure is not None:
            try:
                close = self.structure_value().registration_closes_after_level
            except InvalidCommand:
                close = None
        else:
            close = _structure_close(self.structure)
        return close if close is not None else profile.late_reg_close_after_level

    def problems(self, profile: RuleProfile | None = None) -> list[str]:
        """Every problem with this template under ``profile`` (its own by default)."""
        profile = profile or self.load_profile()
        cite = profile.citation  # each problem names the venue's own rules
        out: list[str] = []
        fees = [self.fees] + [t.fees for t in (self.rebuy, self.addon) if t is not None]
        for f in fees:
            if min(f.prize_pool, f.house_fee, f.entry_fee, f.bounty) < 0:
                out.append(Clause(N_("money amounts cannot be negative")))
        if self.starting_stack <= 0:
            out.append(
                Clause(N_("the starting stack must be positive (%(rule)s)"), {"rule": cite("A3")})
            )
        if self.tables < 1:
            out.append(Clause(N_("an event needs at least one table")))
        top = min(11, profile.max_seats_per_table)
        if not 2 <= self.seats_per_table <= top:
            out.append(
                Clause(
                    N_("seats per table must be between 2 and %(top)s (%(rule)s)"),
                    {"top": top, "rule": cite("C13")},
                )
            )
        if self.guarantee < 0 or self.added_money < 0:
            out.append(
                Clause(
                    N_("guarantee and added money cannot be negative (%(rule)s)"),
                    {"rule": cite("H8")},
                )
            )
        if self.field_cap is not None and self.field_cap < 2:
            out.append(
                Clause(
                    N_("the field cap must allow at least two entries (%(rule)s)"),
                    {"rule": cite("A12")},
                )
            )
        close = self.registration_close(profile)
        if close is not None and close < 0:
            out.append(
                Clause(
                    N_("registration cannot close before level 0 (%(rule)s)"), {"rule": cite("A4")}
                )
            )
        if (
            close is not None
            and close > 0
            and profile.late_reg_min_levels
            and close < profile.late_reg_min_levels
        ):
            out.append(
                Clause(
                    N_(
                        "late entry must stay open at least %(min)s levels, not %(close)s "
                        "(%(rule)s)"
                    ),
                    {"min": profile.late_reg_min_levels, "close": close, "rule": cite("A4")},
                )
            )
        if self.reentry and not profile.reentry_allowed:
            out.append(
                Clause(
                    N_("%(profile)s does not allow re-entry (%(rule)s)"),
                    {"profile": profile.title, "rule": cite("A8")},
                )
            )
        if (
            self.reentry_max is not None
            and profile.reentry_max is not None
            and self.reentry_max > profile.reentry_max
        ):
            out.append(
                Clause(
                    N_("at most %(max)s re-entries at %(profile)s (%(rule)s)"),
                    {"max": profile.reentry_max, "profile": profile.title, "rule": cite("A8")},
                )
            )
        if self.rebuy is not None:
            if not profile.rebuy_allowed:
                out.append(
                    Clause(
                        N_("%(profile)s does not allow rebuys (%(rule)s)"),
                        {"profile": profile.title, "rule": cite("A9")},
                    )
                )
            limit = profile.rebuy_max_per_player
            mine = self.rebuy.max_per_player
            if limit is not None and (mine is None or mine > limit):
                out.append(
                    Clause(
                        N_("at most %(max)s rebuys per player at %(profile)s (%(rule)s)"),
                        {"max": limit, "profile": profile.title, "rule": cite("A9")},
                    )
                )
            window = profile.rebuy_window_minutes
            if window is not None and (self.rebuy.minutes is None or self.rebuy.minutes > window):
                out.append(
                    Clause(
                        N_(
                            "rebuys only within the first %(minutes)s minutes at %(profile)s "
                            "(%(rule)s)"
                        ),
                        {"minutes": window, "profile": profile.title, "rule": cite("A9")},
                    )
                )
            if self.rebuy.chips <= 0:
                out.append(Clause(N_("a rebuy must buy chips (%(rule)s)"), {"rule": cite("A9")}))
        if self.addon is not None and (self.addon.chips <= 0 or self.addon.at_level < 1):
            out.append(
                Clause(N_("an add-on needs chips and a level (%(rule)s)"), {"rule": cite("A10")})
            )
        if not 0 <= self.early_bird_bonus_pct <= profile.early_bird_bonus_max_pct:
            out.append(
                Clause(
                    N_(
                        "an early-registration bonus of %(pct)s is over %(profile)s's limit of "
                        "%(max)s (%(rule)s)"
                    ),
                    {
                        "pct": _pct(self.early_bird_bonus_pct),
                        "profile": profile.title,
                        "max": _pct(profile.early_bird_bonus_max_pct),
                        "rule": cite("A6"),
                    },
                )
            )
        cap = self.late_entry_cap(profile)
        if self.late_entry_penalty_pct_per_level < 0 or cap < 0:
            out.append(
                Clause(
                    N_("a late-entry reduction cannot be negative (%(rule)s)"), {"rule": cite("A5")}
                )
            )
        if self.late_entry_penalty_pct_per_level > 0 and cap > profile.late_entry_penalty_max_pct:
            out.append(
                Clause(
                    N_(
                        "a late-entry reduction of up to %(pct)s is over %(profile)s's limit of "
                        "%(max)s (%(rule)s)"
                    ),
                    {
                        "pct": _pct(cap),
                        "profile": profile.title,
                        "max": _pct(profile.late_entry_penalty_max_pct),
                        "rule": cite("A5"),
                    },
                )
            )
        if self.stacks_from_points and not self.takes_stacks_from_points(profile):
            out.append(
                Clause(
                    N_(
                        "every player starts with the same stack at %(profile)s: no stacks "
                        "from league points (%(rule)s)"
                    ),
                    {"profile": profile.title, "rule": cite("A3")},
                )
            )
        if self.early_bird_bonus_pct > 0 and self.late_entry_penalty_pct_per_level > 0:
            out.append(
                Clause(
                    N_(
                        "an early-registration bonus of %(bonus)s and a late-entry reduction of "
                        "%(reduction)s a level cannot be in one event: where a bonus is given, "
                        "everyone else gets a full stack (%(rule)s)"
                    ),
                    {
                        "bonus": _pct(self.early_bird_bonus_pct),
                        "reduction": _pct(self.late_entry_penalty_pct_per_level),
                        "rule": cite("A6", "A5"),
                    },
                )
            )
        if self.mystery_envelopes or self.mystery_from_level or self.mystery_in_the_money:
            out.extend(self._mystery_problems(profile))
        try:
            structure = self.structure_value()
        except InvalidCommand as exc:
            listed = exc.context.get("problems")
            if isinstance(listed, list) and listed:  # every problem, one by one
                out.extend(Clause(N_("structure: %(problem)s"), {"problem": p}) for p in listed)
            else:
                out.append(Clause.of(exc))
        else:
            out.extend(self._game_problems(structure, profile))
        return out

    def _game_problems(self, structure: Structure, profile: RuleProfile) -> list[str]:
        """The games the structure names under the venue's rules: a hi/lo split game where
        the highest hand alone wins (F4: NJ-13), stud at tables of more than eight seats
        (seven cards to eight players and the burns use the deck up; C9: "8-handed stud")."""
        cite = profile.citation
        games = {lv.game for lv in structure.levels if lv.game is not None}
        if structure.rotation is not None:
            games.update(structure.rotation.games)
        out: list[str] = []
        split = sorted(g.value for g in games if g in _HI_LO_GAMES)
        if split and not profile.hi_lo_allowed:
            out.append(
                Clause(
                    N_("%(profile)s does not allow hi/lo split games: %(games)s (%(rule)s)"),
                    {
                        "profile": profile.title,
                        "games": ", ".join(split),
                        "rule": field_citation(profile, "hi_lo_allowed"),
                    },
                )
            )
        if any(g.is_stud for g in games) and self.seats_per_table > 8:
            out.append(
                Clause(
                    N_("stud is dealt at tables of at most 8 seats, not %(seats)s (%(rule)s)"),
                    {"seats": self.seats_per_table, "rule": cite("C9")},
                )
            )
        return out

    def _mystery_problems(self, profile: RuleProfile) -> list[str]:
        """Mystery bounties need a bounty part in the buy-in (I1), fixed bounties (not
        progressive), envelopes and one stage."""
        cite = profile.citation
        out: list[str] = []
        if self.fees.bounty <= 0:
            out.append(
                Clause(
                    N_("mystery bounties need a bounty part in the buy-in (%(rule)s)"),
                    {"rule": cite("I1")},
                )
            )
        if self.progressive_bounties:
            out.append(
                Clause(
                    N_("bounties are progressive or mystery, not both (%(rule)s)"),
                    {"rule": cite("I1")},
                )
            )
        try:
            envelope_values(self.mystery_envelopes)
            check_stage(self.mystery_from_level, self.mystery_in_the_money)
        except InvalidCommand as exc:
            out.append(Clause(N_("mystery bounties: %(problem)s"), {"problem": Clause.of(exc)}))
        return out

    def late_entry_cap(self, profile: RuleProfile) -> Fraction:
        """The largest late-entry reduction this event applies (A5)."""
        if self.late_entry_penalty_cap_pct is not None:
            return self.late_entry_penalty_cap_pct
        return (
            profile.late_entry_penalty_max_pct
            if self.late_entry_penalty_pct_per_level
            else Fraction(0)
        )

    def validate(self, profile: RuleProfile | None = None) -> None:
        """Raise ``InvalidCommand`` listing every problem (nothing when valid)."""
        problems = self.problems(profile)
        if problems:
            raise InvalidCommand(
                template=N_("template %(name)s is invalid: %(problems)s"),
                params={"name": repr(self.name), "problems": listing(problems)},
            )

    def with_changes(self, **changes: Any) -> Template:
        """A copy with some fields changed (a tournament's own name, guarantee, tables...)."""
        return replace(self, **changes)


@lru_cache(maxsize=64)
def _structure_close(structure: str) -> int | None:
    """The structure's registration close level (``None`` when unknown or unreadable)."""
    try:
        return load_structure(structure).registration_closes_after_level
    except InvalidCommand:
        return None


def _pct(value: Fraction) -> str:
    pct = value * 100
    return f"{pct.numerator}%" if pct.denominator == 1 else f"{float(pct):g}%"


# --------------------------------------------------------------------------------------
# Reading templates


_FEE_KEYS = ("prize_pool", "house_fee", "entry_fee", "bounty")


_PRICES = (N_("rebuy price"), N_("add-on price"))
"""The prices :func:`_fees` names in words (``buy_in`` is the file's own key, as written)."""


def _fees(data: Any, what: str) -> Fees:
    name = Phrase(what) if what in _PRICES else what
    if not isinstance(data, Mapping):
        raise InvalidCommand(
            template=N_("%(what)s must be a table of prize_pool, house_fee, entry_fee, bounty"),
            params={"what": name},
        )
    unknown = set(data) - set(_FEE_KEYS)
    if unknown:
        raise InvalidCommand(
            template=N_("unknown %(what)s part(s): %(parts)s"),
            params={"what": name, "parts": ", ".join(sorted(unknown))},
        )
    return Fees(**{k: _read_money(data.get(k, 0)) for k in _FEE_KEYS})


def _int(data: Mapping[str, Any], key: str, default: int | None = None) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCommand(
            template=N_("template field %(field)s must be a whole number, not %(value)s"),
            params={"field": key, "value": repr(value)},
        )
    return value


def _req_int(data: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = _int(data, key, default)
    if value is None:
        raise InvalidCommand(
            template=N_("template field %(field)s is missing"), params={"field": key}
        )
    return value


def template_from_dict(data: Mapping[str, Any], *, name: str = "custom") -> Template:
    """A template from TOML/JSON data (money as text, percentages as ``"20%"``)."""
    known = {f.name for f in fields(Template)} | {"buy_in", "mystery_bounties"}
    known -= {"mystery_envelopes", "mystery_from_level", "mystery_in_the_money"}
    unknown = set(data) - known - {"fees"}
    if unknown:
        raise InvalidCommand(
            template=N_("unknown template field(s): %(fields)s"),
            params={"fields": ", ".join(sorted(unknown))},
        )
    fees_data = data.get("buy_in", data.get("fees"))
    if fees_data is None:
        raise InvalidCommand(
            template=N_("a template needs a [buy_in] table (prize_pool, house_fee, ...)")
        )
    rebuy = None
    if (r := data.get("rebuy")) is not None:
        if not isinstance(r, Mapping):
            raise InvalidCommand(template=N_("[rebuy] must be a table"))
        rebuy = RebuyTerms(
            fees=_fees({k: v for k, v in r.items() if k in _FEE_KEYS}, "rebuy price"),
            chips=_req_int(r, "chips"),
            max_per_player=_int(r, "max_per_player"),
            minutes=_int(r, "minutes"),
            stack_at_most_start=bool(r.get("stack_at_most_start", False)),
        )
    addon = None
    if (a := data.get("addon")) is not None:
        if not isinstance(a, Mapping):
            raise InvalidCommand(template=N_("[addon] must be a table"))
        addon = AddonTerms(
            fees=_fees({k: v for k, v in a.items() if k in _FEE_KEYS}, "add-on price"),
            chips=_req_int(a, "chips"),
            at_level=_req_int(a, "at_level"),
            max_per_entry=_req_int(a, "max_per_entry", 1),
        )
    finish = data.get("finish_method")
    try:
        finish_method = FinishMethod(finish) if finish is not None else None
    except ValueError:
        raise InvalidCommand(
            template=N_("finish_method %(value)s: write elimination or timed_chip_count"),
            params={"value": repr(finish)},
        ) from None
    cap = data.get("late_entry_penalty_cap_pct")
    structure = data.get("structure", "")
    custom: dict[str, Any] | None = None
    if isinstance(structure, Mapping):  # a [structure] table: the event's own levels
        custom = dict(structure)
        structure = custom.get("name") or "custom"
    mystery = _mystery(data.get("mystery_bounties"))
    title = data.get("title", name)
    if not isinstance(title, str):
        raise InvalidCommand(template=N_("template title must be text"))
    return Template(
        name=str(data.get("name", name)),
        title=title,
        profile=str(data.get("profile", "tda")),
        game=str(data.get("game", "NLH")),
        fees=_fees(fees_data, "buy_in"),
        starting_stack=_req_int(data, "starting_stack"),
        structure=str(structure),
        tables=_req_int(data, "tables", 1),
        seats_per_table=_req_int(data, "seats_per_table", 10),
        late_reg_close_after_level=_int(data, "late_reg_close_after_level"),
        guarantee=_read_money(data.get("guarantee", 0)),
        added_money=_read_money(data.get("added_money", 0)),
        field_cap=_int(data, "field_cap"),
        reentry=bool(data.get("reentry", False)),
        reentry_max=_int(data, "reentry_max"),
        rebuy=rebuy,
        addon=addon,
        early_bird_bonus_pct=parse_fraction(data.get("early_bird_bonus_pct", 0)),
        late_entry_penalty_pct_per_level=parse_fraction(
            data.get("late_entry_penalty_pct_per_level", 0)
        ),
        late_entry_penalty_cap_pct=None if cap is None else parse_fraction(cap),
        finish_method=finish_method,
        payout_table=data.get("payout_table"),
        source=str(data.get("source", "")),
        notes=str(data.get("notes", "")),
        progressive_bounties=bool(data.get("progressive_bounties", False)),
        stacks_from_points=bool(data.get("stacks_from_points", False)),
        custom_structure=custom,
        **mystery,
    )


_MYSTERY_KEYS = ("envelopes", "from_level", "in_the_money")


def _mystery(data: Any) -> dict[str, Any]:
    """The ``[mystery_bounties]`` table: ``envelopes = [["$5,000", 1], ["$100", 40]]`` and
    ``from_level = 9`` or ``in_the_money = true`` (issue 26)."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise InvalidCommand(
            template=N_("[mystery_bounties] must be a table of envelopes and a stage")
        )
    unknown = set(data) - set(_MYSTERY_KEYS)
    if unknown:
        raise InvalidCommand(
            template=N_("unknown [mystery_bounties] field(s): %(fields)s"),
            params={"fields": ", ".join(sorted(unknown))},
        )
    raw = data.get("envelopes", [])
    if not isinstance(raw, list | tuple) or len(raw) > ENVELOPE_KINDS_MAX:
        raise InvalidCommand(
            template=N_(
                "[mystery_bounties] envelopes must be a list of at most %(most)s "
                '[amount, count] pairs, e.g. [["$1,000", 2], ["$100", 40]]'
            ),
            params={"most": ENVELOPE_KINDS_MAX},
        )
    envelopes: list[tuple[Cents, int]] = []
    for pair in raw:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise InvalidCommand(
                template=N_('each envelope kind is [amount, count], e.g. ["$100", 40]')
            )
        count = pair[1]
        if isinstance(count, bool) or not isinstance(count, int) or not 0 < count <= 1_000:
            raise InvalidCommand(
                template=N_("an envelope count must be a whole number 1-1000, not %(count)s"),
                params={"count": repr(count)},
            )
        envelopes.append((_read_money(pair[0]), count))
    return {
        "mystery_envelopes": tuple(envelopes),
        "mystery_from_level": _int(data, "from_level"),
        "mystery_in_the_money": bool(data.get("in_the_money", False)),
    }


def _drop_none(value: Any) -> Any:
    """``value`` without ``None`` entries (TOML has no null), recursively."""
    if isinstance(value, Mapping):
        return {str(k): _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_drop_none(v) for v in value]
    return value


def _fees_data(fees: Fees) -> dict[str, str]:
    return {k: _write_money(getattr(fees, k)) for k in _FEE_KEYS}


def _ratio(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def template_to_dict(template: Template) -> dict[str, Any]:
    """The TOML/JSON data :func:`template_from_dict` reads back equal (money as text,
    ratios as ``"n/d"``, no ``None``): how a template saved from the browser is stored."""
    t = template
    data: dict[str, Any] = {
        "name": t.name,
        "title": t.title,
        "profile": t.profile,
        "game": t.game,
        "structure": t.custom_structure if t.custom_structure is not None else t.structure,
        "starting_stack": t.starting_stack,
        "tables": t.tables,
        "seats_per_table": t.seats_per_table,
        "late_reg_close_after_level": t.late_reg_close_after_level,
        "guarantee": _write_money(t.guarantee),
        "added_money": _write_money(t.added_money),
        "field_cap": t.field_cap,
        "reentry": t.reentry,
        "reentry_max": t.reentry_max,
        "progressive_bounties": t.progressive_bounties,
        "stacks_from_points": t.stacks_from_points,
        "early_bird_bonus_pct": _ratio(t.early_bird_bonus_pct),
        "late_entry_penalty_pct_per_level": _ratio(t.late_entry_penalty_pct_per_level),
        "late_entry_penalty_cap_pct": None
        if t.late_entry_penalty_cap_pct is None
        else _ratio(t.late_entry_penalty_cap_pct),
        "finish_method": None if t.finish_method is None else t.finish_method.value,
        "payout_table": t.payout_table,
        "source": t.source,
        "notes": t.notes,
        "buy_in": _fees_data(t.fees),
    }
    if t.rebuy is not None:
        data["rebuy"] = _fees_data(t.rebuy.fees) | {
            "chips": t.rebuy.chips,
            "max_per_player": t.rebuy.max_per_player,
            "minutes": t.rebuy.minutes,
            "stack_at_most_start": t.rebuy.stack_at_most_start,
        }
    if t.mystery_envelopes or t.mystery_from_level is not None or t.mystery_in_the_money:
        data["mystery_bounties"] = {
            "envelopes": [[_write_money(v), n] for v, n in t.mystery_envelopes],
            "from_level": t.mystery_from_level,
            "in_the_money": t.mystery_in_the_money,
        }
    if t.addon is not None:
        data["addon"] = _fees_data(t.addon.fees) | {
            "chips": t.addon.chips,
            "at_level": t.addon.at_level,
            "max_per_entry": t.addon.max_per_entry,
        }
    result: dict[str, Any] = _drop_none(data)
    return result


def _templates_dir() -> Any:
    return resources.files("pokertd.tournament").joinpath("data", "templates")


def template_names() -> list[str]:
    """The shipped templates' names, sorted."""
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in _templates_dir().iterdir()
        if entry.name.endswith(".toml")
    )


def load_template(name_or_path: str | Path, *, validate: bool = True) -> Template:
    """A shipped template by name (``"fox_grinder"``) or a template file a user wrote.

    Unknown names, bad TOML, bad money and templates that break their profile raise
    :class:`~pokertd.errors.InvalidCommand` (``NotFound`` for an unknown name).
    """
    text = str(name_or_path)
    if text in template_names():
        raw = _templates_dir().joinpath(f"{text}.toml").read_text(encoding="utf-8")
        where, stem = f"template {text!r}", text
    else:
        path = Path(name_or_path)
        if not path.is_file():
            raise NotFound(
                template=N_(
                    "There is no template named %(name)s and no such file. Templates: %(known)s."
                ),
                params={"name": repr(text), "known": ", ".join(template_names())},
                context={"template": text},
            )
        raw = read_text_file(path, "template")
        where, stem = f"template file {path}", path.stem
    data = parse_toml(raw, where)
    template = template_from_dict(data, name=stem)
    if validate:
        template.validate()
    return template


def templates() -> list[Template]:
    """Every shipped template (validated)."""
    return [load_template(n) for n in template_names()]


__all__ = [
    "ENVELOPES_MAX",
    "ENVELOPE_KINDS_MAX",
    "AddonTerms",
    "Fees",
    "RebuyTerms",
    "Template",
    "check_stage",
    "envelope_values",
    "load_template",
    "template_from_dict",
    "template_names",
    "template_to_dict",
    "templates",
]
