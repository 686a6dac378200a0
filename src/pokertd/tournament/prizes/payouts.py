"""Payouts: who is paid what, to the cent, by each venue's policy.

The steps, in the order a cashier applies them (catalogue 2(h)):

1. :func:`prize_pool` — the place-prize pool: buy-ins, less the administration withholding
   (FOX 3 %, taken on buy-ins plus bounty fees by default), plus the house's overlay when a
   guarantee is not reached (measured on the net paid by default). H2, H3, H8.
2. :func:`payout_shares` — each paid place's exact share (``Fraction``) from a payout table:
   the Foxwoods table (FOX-PTAB, chosen by total entries, re-entries included), the Sit & Go
   split (FOX-SNG 50/30/20), a custom table from a file, or the generic curve generator.
3. :func:`split_pool` — round each place once, to the venue's unit ($0.01, $1, $5, $25...),
   half up; the difference to the pool goes to one place by an explicit rule (first place by
   default), so the total is preserved exactly. H5.

Survivor events (FOX-SURV1) pay equal prizes of ten buy-ins while the pool allows, then one
smaller remainder prize: :func:`survivor_payouts`. Prize claims (ID, W-2G, 1042-S, voucher
expiry) are flags on the receipt: :func:`claim_flags`.

Everything here is pure: amounts are ``int`` cents, shares are ``Fraction``, no floats, no
clock (the win date comes in as an argument).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from functools import cache, lru_cache
from importlib import resources
from itertools import pairwise
from typing import Any

from pokertd.errors import InvalidCommand, PokertdError, RuleViolation
from pokertd.i18n import N_, Clause, Sentence, listing
from pokertd.money import format_money
from pokertd.rules.enums import GuaranteeBasis, RemainderTo, WithholdingBase
from pokertd.rules.profile import RuleProfile, load_profile
from pokertd.types import Cents

ONE_HUNDRED = Fraction(100)


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves rounded up (towards +infinity). H5.

    >>> round_half_up(Fraction(5)/2), round_half_up(Fraction(-5)/2)
    (3, -2)
    """
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)


def percent(value: object) -> Fraction:
    """An exact share from a percentage written ``"32.5"``, ``32.5``, ``"2.5%"`` or ``3``."""
    if isinstance(value, bool):
        raise InvalidCommand(
            template=N_("%(value)s is not a percentage"), params={"value": repr(value)}
        )
    if isinstance(value, Fraction):
        return value / ONE_HUNDRED
    if isinstance(value, int | float | str):
        text = str(value).strip().removesuffix("%").strip()
        try:
            return Fraction(text) / ONE_HUNDRED
        except (ValueError, ZeroDivisionError):
            pass
    raise InvalidCommand(
        template=N_('%(value)s is not a percentage (write 32.5 or "32.5%%")'),
        params={"value": repr(value)},
    )


# --------------------------------------------------------------------------------------
# Prize pool: withholding and overlay (H2, H3, H8)


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizePool:
    """How the place-prize pool is made, every part in cents.

    ``net`` is what the payout table splits. Bounty fees are paid out through the bounty
    chips at face value (I6), so they are not in ``net``, but the withholding may be taken on
    them (H3, IMPL).
    """

    buy_ins: Cents
    """Sum of the buy-in components of every entry (re-entries, rebuys, add-ons included)."""
    bounty_fees: Cents = 0
    """Sum of the bounty components (bounty events only)."""
    withheld: Cents = 0
    """Administration withholding (FOX 3 %)."""
    overlay: Cents = 0
    """What the house adds to reach a guarantee."""
    net: Cents
    """The place-prize pool the payout table splits."""

    @property
    def gross(self) -> Cents:
        """Buy-ins plus bounty fees: everything collected for prizes."""
        return self.buy_ins + self.bounty_fees


def prize_pool(
    buy_ins: Cents,
    *,
    profile: RuleProfile,
    bounty_fees: Cents = 0,
    guarantee: Cents | None = None,
) -> PrizePool:
    """The place-prize pool after withholding and overlay, applied before the split.

    The withholding is ``admin_withholding_pct`` of the buy-ins, plus the bounty fees when
    ``admin_withholding_base`` says so, rounded once to the cent (half up); it all comes off
    the place-prize pool because the bounty chips are redeemed at face value (H3, IMPL).
    A guarantee (H8) is measured on the net paid (``guarantee_basis = "net_paid"``, IMPL)
    or on the gross buy-ins (``"gross"``: the house tops the buy-ins up, then withholds).

    >>> from pokertd.rules import load_profile
    >>> prize_pool(420000, profile=load_profile("foxwoods")).net  # Grinder, 100 entries
    407400

    Implements: FOX-ADMIN, FOX-BTY5, FOX-PAY5, FOX-EVT (guarantee), FOX-73 (item 1).
    TDA and the other venues withhold nothing (``admin_withholding_pct = 0``).
    """
    if buy_ins < 0 or bounty_fees < 0:
        raise InvalidCommand(template=N_("Buy-ins and bounty fees cannot be negative."))
    if guarantee is not None and guarantee < 0:
        raise InvalidCommand(
            template=N_("A guarantee cannot be negative."), rule_ids=profile.cite("H8")
        )
    overlay = 0
    counted = buy_ins
    if guarantee is not None and profile.guarantee_basis is GuaranteeBasis.GROSS:
        overlay = max(0, guarantee - buy_ins)
        counted = buy_ins + overlay
    base = counted
    if profile.admin_withholding_base is WithholdingBase.BUY_INS_PLUS_BOUNTY_FEES:
        base += bounty_fees
    withheld = round_half_up(base * profile.admin_withholding_pct)
    if withheld > counted:
        raise RuleViolation(
            template=N_(
                "The withholding of %(withheld)s is more than the buy-ins of "
                "%(buy_ins)s: there would be no prize pool."
            ),
            params={
                "withheld": format_money(withheld),
                "buy_ins": format_money(counted),
            },
            rule_ids=profile.cite("H3"),
        )
    net = counted - withheld
    if guarantee is not None and profile.guarantee_basis is GuaranteeBasis.NET_PAID:
        overlay = max(0, guarantee - net)
        net += overlay
    return PrizePool(
        buy_ins=buy_ins, bounty_fees=bounty_fees, withheld=withheld, overlay=overlay, net=net
    )


# --------------------------------------------------------------------------------------
# Payout tables


@dataclass(frozen=True, slots=True)
class PayoutBand:
    """One column of a payout table: the entry range and each place's share."""

    min_entries: int
    max_entries: int
    shares: tuple[Fraction, ...]
    """One exact share of the net pool per paid place (grouped rows already expanded)."""

    @property
    def places_paid(self) -> int:
        """How many places this band pays."""
        return len(self.shares)

    def covers(self, entries: int) -> bool:
        """Whether ``entries`` falls in this band."""
        return self.min_entries <= entries <= self.max_entries


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutTable:
    """A payout table: bands by number of entries (FOX-PTAB or a venue's own)."""

    name: str
    title: str
    bands: tuple[PayoutBand, ...]
    rule_ids: tuple[str, ...] = ()
    single_entry_winner_takes_all: bool = True
    """One entry pays 100 % to the winner (FOX-PTAB does not cover it: IMPL, App. D #20)."""

    def band_for(self, entries: int) -> PayoutBand:
        """The band whose entry range holds ``entries``; refuses uncovered counts (naming
        the catalogue entry H4: :func:`payout_shares` cites it with the profile).

        >>> fox = builtin_table("fox_ptab")
        >>> fox.band_for(100).places_paid, fox.band_for(505).places_paid
        (12, 54)
        """
        if entries < 1:
            raise InvalidCommand(
                template=N_("There must be at least one entry to pay a prize (got %(entries)s)."),
                params={"entries": entries},
                rule_ids="H4",
            )
        for band in self.bands:
            if band.covers(entries):
                return band
        if entries == 1 and self.single_entry_winner_takes_all:
            return PayoutBand(1, 1, (Fraction(1),))
        top = max(b.max_entries for b in self.bands)
        low = min(b.min_entries for b in self.bands)
        raise RuleViolation(
            template=N_(
                "The %(title)s covers %(low)s to %(top)s entries, not %(entries)s: the "
                "tournament director must supply a payout table for this field."
            ),
            params={"title": self.title, "low": low, "top": top, "entries": entries},
            rule_ids="H4",
            context={"entries": entries, "table": self.name},
        )

    def validate(self) -> list[str]:
        """Every problem at once: overlaps, sums other than 100 %, increasing shares."""
        problems: list[str] = []
        ordered = sorted(self.bands, key=lambda b: b.min_entries)
        for band in ordered:
            band_of = {"low": band.min_entries, "high": band.max_entries}
            if band.min_entries > band.max_entries or band.min_entries < 1:
                problems.append(Clause(N_("band %(low)s-%(high)s: bad entry range"), band_of))
            if not band.shares:
                problems.append(Clause(N_("band %(low)s-%(high)s: pays no place"), band_of))
            if sum(band.shares) != 1:
                total = sum(band.shares) * 100
                problems.append(
                    Clause(
                        N_("band %(low)s-%(high)s: percentages sum to %(total)s %%, not 100 %%"),
                        band_of | {"total": f"{float(total):g}"},
                    )
                )
            if any(s <= 0 for s in band.shares):
                problems.append(
                    Clause(
                        N_("band %(low)s-%(high)s: every paid place needs a positive percentage"),
                        band_of,
                    )
                )
            if any(a < b for a, b in pairwise(band.shares)):
                problems.append(
                    Clause(N_("band %(low)s-%(high)s: a lower place may not be paid more"), band_of)
                )
            if band.places_paid > band.max_entries:
                problems.append(
                    Clause(
                        N_("band %(low)s-%(high)s: pays more places than there can be entries"),
                        band_of,
                    )
                )
        for a, b in pairwise(ordered):
            if b.min_entries <= a.max_entries:
                problems.append(
                    Clause(
                        N_("bands %(a_low)s-%(a_high)s and %(b_low)s-%(b_high)s overlap"),
                        {
                            "a_low": a.min_entries,
                            "a_high": a.max_entries,
                            "b_low": b.min_entries,
                            "b_high": b.max_entries,
                        },
                    )
                )
        return problems


def parse_payout_table(text: str, *, name: str = "custom") -> PayoutTable:
    """A payout table from TOML text (the format of ``data/payouts/fox_ptab.toml``).

    Keys: ``name``, ``title``, ``rule_ids``, optional ``group_sizes`` (places per row,
    default one each), and ``[[bands]]`` with ``entries = [low, high]`` and ``percent`` (one
    value per row, decimal strings or numbers; a band may override ``group_sizes``). Every
    band must sum to exactly 100 % and pay no lower place more.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidCommand(
            template=N_("The payout table is not valid TOML: %(exc)s"), params={"exc": exc}
        ) from None
    except RecursionError:
        raise InvalidCommand(template=N_("The payout table is nested too deeply.")) from None
    return _table_from_mapping(data, default_name=name)


def _table_from_mapping(data: Mapping[str, Any], *, default_name: str) -> PayoutTable:
    table_groups = data.get("group_sizes")
    raw_bands = data.get("bands")
    if not isinstance(raw_bands, list) or not raw_bands:
        raise InvalidCommand(template=N_("A payout table needs at least one [[bands]] entry."))
    bands: list[PayoutBand] = []
    for raw in raw_bands:
        if not isinstance(raw, dict):
            raise InvalidCommand(template=N_("Each [[bands]] entry must be a table."))
        entries = raw.get("entries")
        if (
            not isinstance(entries, list)
            or len(entries) != 2
            or not all(isinstance(e, int) and not isinstance(e, bool) for e in entries)
        ):
            raise InvalidCommand(
                template=N_("A band needs entries = [lowest, highest] (whole numbers).")
            )
        pcts = raw.get("percent")
        if not isinstance(pcts, list) or not pcts:
            raise InvalidCommand(
                template=N_("Band %(entries_0)s-%(entries_1)s needs a percent list."),
                params={"entries_0": entries[0], "entries_1": entries[1]},
            )
        groups = raw.get("group_sizes", table_groups) or [1] * len(pcts)
        if not isinstance(groups, list) or len(groups) < len(pcts):
            raise InvalidCommand(
                template=N_(
                    "Band %(entries_0)s-%(entries_1)s: group_sizes must give a size for each row."
                ),
                params={"entries_0": entries[0], "entries_1": entries[1]},
            )
        shares: list[Fraction] = []
        for pct, size in zip(pcts, groups, strict=False):
            if not isinstance(size, int) or size < 1:
                raise InvalidCommand(
                    template=N_("group_sizes must be whole numbers of places, at least 1.")
                )
            shares.extend([percent(pct)] * size)
        bands.append(PayoutBand(entries[0], entries[1], tuple(shares)))
    rule_ids = data.get("rule_ids", [])
    table = PayoutTable(
        name=str(data.get("name", default_name)),
        title=str(data.get("title", data.get("name", default_name))),
        bands=tuple(bands),
        rule_ids=tuple(str(r) for r in rule_ids),
        single_entry_winner_takes_all=bool(data.get("single_entry_winner_takes_all", True)),
    )
    problems = table.validate()
    if problems:
        raise InvalidCommand(
            template=N_("The payout table %(name)s is not usable: %(problems)s."),
            params={"name": repr(table.name), "problems": listing(problems)},
        )
    return table


BUILTIN_TABLES = ("fox_ptab",)
"""Tables shipped in ``pokertd/tournament/data/payouts``."""

_BUILTIN_CACHE: dict[str, PayoutTable] = {}


def builtin_table(name: str) -> PayoutTable:
    """A payout table shipped with pokertd (``fox_ptab``), loaded once."""
    cached = _BUILTIN_CACHE.get(name)
    if cached is not None:
        return cached
    if name not in BUILTIN_TABLES:
        raise InvalidCommand(
            template=N_(
                "There is no payout table called %(name)s; built-in tables: "
                "%(tables)s, plus sng, survivor and generic."
            ),
            params={"name": repr(name), "tables": ", ".join(BUILTIN_TABLES)},
            context={"table": name},
        )
    text = (
        resources.files("pokertd.tournament")
        .joinpath("data", "payouts", f"{name}.toml")
        .read_text(encoding="utf-8")
    )
    table = parse_payout_table(text, name=name)
    _BUILTIN_CACHE[name] = table
    return table


# --------------------------------------------------------------------------------------
# Shares: which table applies


def sng_shares(profile: RuleProfile, entries: int | None = None) -> tuple[Fraction, ...]:
    """The Sit & Go split from the profile: FOX 50 / 30 / 20 (FOX-SNG).

    Refuses a field smaller than the number of places paid.
    """
    shares = tuple(profile.sng_payout_pct)
    if entries is not None and entries < len(shares):
        raise RuleViolation(
            template=N_(
                "A Sit & Go paying %(places)s places needs at least %(places)s "
                "players, not %(entries)s."
            ),
            params={"places": len(shares), "entries": entries},
            rule_ids=profile.cite("H6"),
        )
    return shares


def generic_shares(
    entries: int,
    *,
    pool: Cents,
    min_cash: Cents,
    paid_fraction: Fraction = Fraction(15, 100),
    steepness: int = 1,
    unit: Cents = 1,
) -> tuple[Fraction, ...]:
    """A payout curve for any field size, for venues without a table of their own.

    Pays ``ceil(entries x paid_fraction)`` places (15 % by default, at least one), fewer if
    the pool cannot give each of them the min-cash. Every paid place gets the min-cash
    (normally the buy-in, taken up to a whole rounding unit so that rounding cannot push the
    last place below it); the rest of the pool is spread on the smooth decreasing curve
    ``1 / place ** steepness``, so no lower place gets more than a higher one.

    >>> [f"{float(s) * 100:.2f}" for s in generic_shares(10, pool=100000, min_cash=10000)]
    ['63.33', '36.67']
    """
    if entries < 1:
        raise InvalidCommand(
            template=N_("There must be at least one entry to pay a prize (got %(entries)s)."),
            params={"entries": entries},
        )
    if pool <= 0:
        raise InvalidCommand(template=N_("The prize pool must be more than $0.00."))
    if min_cash < 0 or steepness < 0 or not 0 < paid_fraction <= 1:
        raise InvalidCommand(
            template=N_("min-cash, steepness and the paid fraction must be sensible.")
        )
    places = max(1, -(-entries * paid_fraction.numerator // paid_fraction.denominator))
    base = -(-min_cash // unit) * unit
    if base:
        places = max(1, min(places, pool // base))
    if places == 1 or base * places > pool:
        return (Fraction(1),)
    weights = [Fraction(1, i**steepness) for i in range(1, places + 1)]
    total_weight = sum(weights)
    extra = pool - base * places
    return tuple((base + extra * w / total_weight) / pool for w in weights)


def payout_shares(
    entries: int,
    *,
    profile: RuleProfile,
    table: PayoutTable | str | None = None,
    pool: Cents | None = None,
    min_cash: Cents | None = None,
) -> tuple[Fraction, ...]:
    """Each paid place's share of the net pool, for ``entries`` total entries.

    ``table`` is a :class:`PayoutTable`, a built-in name (``fox_ptab``), ``sng`` (the
    profile's Sit & Go split), or ``generic`` (the curve: needs ``pool`` and ``min_cash``);
    default: the profile's ``payout_table``. Entries count re-entries (FOX-PTAB, H4).
    """
    chosen: PayoutTable | str = table if table is not None else profile.payout_table
    if chosen == "sng":
        return sng_shares(profile, entries)
    if isinstance(chosen, PayoutTable) or chosen != "generic":
        venue = chosen if isinstance(chosen, PayoutTable) else builtin_table(chosen)
        fallback = beyond_table_fallback(entries, venue)
        if fallback is None or pool is None or min_cash is None:
            with profile.citing():  # beyond the table without a pool: the TD supplies one
                return venue.band_for(entries).shares
        chosen = fallback
    if chosen == "generic":
        if pool is None or min_cash is None:
            raise InvalidCommand(
                template=N_(
                    "The generic payout curve needs the pool and the buy-in (the min-cash)."
                )
            )
        return generic_shares(
            entries, pool=pool, min_cash=min_cash, unit=profile.payout_rounding_unit_cents
        )
    return payout_shares(entries, profile=profile, table=chosen, pool=pool, min_cash=min_cash)


@cache
def _tda_payout_table() -> str:
    """The TDA column's ``payout_table`` (``tda.toml``: the generic curve)."""
    return load_profile("tda").payout_table


def beyond_table_fallback(entries: int, table: PayoutTable) -> str | None:
    """The table that pays a field larger than every band of ``table`` (``None`` inside it).

    A venue table that stops short of the field (FOX-PTAB ends at 505 entries) is silent
    about it, and the catalogue's profile matrix says a silent venue falls back to the TDA
    column: its ``payout_table`` (the generic curve, :func:`generic_shares`). The TD's duty
    to supply a table (H4, Appendix D #20) stays: :func:`payout_note` says the venue's table
    stops there, and posting a table (``PostPayoutSchedule``) replaces the fallback.

    >>> beyond_table_fallback(506, builtin_table("fox_ptab")), beyond_table_fallback(505,
    ...     builtin_table("fox_ptab"))
    ('generic', None)

    Implements: H4 (FOX-PTAB, FOX-73, FOX-PAY5; beyond the table: the TDA column).
    """
    top = max(band.max_entries for band in table.bands)
    if entries <= top:
        return None
    fallback = _tda_payout_table()
    return None if fallback == table.name else fallback


def payout_note(
    entries: int, *, profile: RuleProfile, table: PayoutTable | str | None = None
) -> str:
    """A sentence for the payout view when the field is larger than the venue's table
    (``""`` otherwise): which table stops where, and what pays instead (H4).

    >>> from pokertd.rules import load_profile
    >>> payout_note(612, profile=load_profile("foxwoods"))[:63]
    'The Foxwoods payout table stops at 505 entries: the 612 entries'
    """
    said = payout_said(entries, profile=profile, table=table)
    return "" if said is None else said.text


def payout_said(
    entries: int, *, profile: RuleProfile, table: PayoutTable | str | None = None
) -> Sentence | None:
    """:func:`payout_note` as a sentence of the catalogue (``None``: nothing to say)."""
    chosen = table if table is not None else profile.payout_table
    if not isinstance(chosen, PayoutTable):
        if chosen in ("sng", "generic", "survivor"):
            return None
        chosen = builtin_table(chosen)
    fallback = beyond_table_fallback(entries, chosen)
    if fallback is None:
        return None
    top = max(band.max_entries for band in chosen.bands)
    return Sentence(
        N_(
            "The %(table)s stops at %(top)s entries: the %(entries)s entries are paid on the "
            "%(fallback)s payout curve (the TDA default) until the tournament director posts "
            "a payout table for this field (%(rule)s)."
        ),
        {
            "table": chosen.title,
            "top": f"{top:,}",
            "entries": f"{entries:,}",
            "fallback": fallback,
            "rule": profile.citation("H4"),
        },
    )


# --------------------------------------------------------------------------------------
# Splitting and rounding (H5)


def split_pool(
    pool: Cents,
    shares: Sequence[Fraction],
    *,
    unit: Cents = 1,
    remainder_to: RemainderTo = RemainderTo.FIRST,
) -> tuple[Cents, ...]:
    """Each place's amount: its share of ``pool`` rounded half up to ``unit``, once.

    The difference between the rounded total and the pool (positive or negative) goes to
    first place (``remainder_to = "first"``, the default) or to the last paid place, so the
    amounts always sum to the pool exactly.

    >>> split_pool(10005, [Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)])  # H5 example
    (5002, 3002, 2001)

    Implements: H5 (IMPL: cents, half up, residual to 1st; the unit and the residual's place
    are the profile's ``payout_rounding_unit_cents`` and ``payout_remainder_to``).
    """
    if pool < 0:
        raise InvalidCommand(template=N_("The prize pool cannot be negative."))
    if unit < 1:
        raise InvalidCommand(template=N_("The rounding unit must be at least one cent."))
    if not shares:
        raise InvalidCommand(template=N_("There must be at least one paid place."))
    if sum(shares) != 1 or any(s < 0 for s in shares):
        raise InvalidCommand(
            template=N_("The payout percentages must be positive and sum to 100 %.")
        )
    amounts = [round_half_up(pool * s / unit) * unit for s in shares]
    residual = pool - sum(amounts)
    target = 0 if remainder_to is RemainderTo.FIRST else len(amounts) - 1
    amounts[target] += residual
    if pool and min(amounts) <= 0:
        raise RuleViolation(
            template=N_("A pool of %(pool)s is too small to round to %(unit)s."),
            params={
                "pool": format_money(pool),
                "unit": format_money(unit),
            },
            context={"pool": pool, "unit": unit},
        )
    return tuple(amounts)


@dataclass(frozen=True, slots=True)
class Prize:
    """One paid place: its number (1 = winner), amount in cents and share of the pool."""

    place: int
    amount: Cents
    share: Fraction | None = None
    """Exact share of the net pool (``None`` for survivor prizes, which are fixed sums)."""

    def as_json(self) -> dict[str, int]:
        """``{"place": 1, "amount": 114072}`` — the CLI and API shape."""
        return {"place": self.place, "amount": self.amount}


def payouts(
    entries: int,
    net_pool: Cents,
    *,
    profile: RuleProfile,
    table: PayoutTable | str | None = None,
    min_cash: Cents | None = None,
) -> tuple[Prize, ...]:
    """The prizes, place by place, for ``entries`` entries and a net pool in cents.

    >>> from pokertd.rules import load_profile
    >>> [p.amount for p in payouts(20, 149380, profile=load_profile("foxwoods"))]
    [74690, 44814, 29876]

    Implements: FOX-PTAB, FOX-73 (item 1), FOX-PAY5, FOX-SNG, H5.

    A named table's prizes are kept for the last 128 inputs (they are a pure function of
    them, and immutable): every screen of a 10,000-entry night shows the 1,500-place table
    after every change, and it changes only with the pool (issue 25).
    """
    if table is None or isinstance(table, str):
        return _named_payouts(entries, net_pool, profile, table, min_cash)
    return _payouts(entries, net_pool, profile=profile, table=table, min_cash=min_cash)


@lru_cache(maxsize=128)
def _named_payouts(
    entries: int,
    net_pool: Cents,
    profile: RuleProfile,
    table: str | None,
    min_cash: Cents | None,
) -> tuple[Prize, ...]:
    """:func:`payouts` for a table given by name (or the profile's), memoised."""
    return _payouts(entries, net_pool, profile=profile, table=table, min_cash=min_cash)


def _payouts(
    entries: int,
    net_pool: Cents,
    *,
    profile: RuleProfile,
    table: PayoutTable | str | None,
    min_cash: Cents | None,
) -> tuple[Prize, ...]:
    """:func:`payouts` worked out."""
    if table == "survivor":
        if min_cash is None:
            raise InvalidCommand(
                template=N_("A survivor payout needs the buy-in."), rule_ids=profile.cite("H7")
            )
        return survivor_payouts(net_pool, buy_in=min_cash, profile=profile)
    shares = payout_shares(entries, profile=profile, table=table, pool=net_pool, min_cash=min_cash)
    amounts = split_pool(
        net_pool,
        shares,
        unit=profile.payout_rounding_unit_cents,
        remainder_to=profile.payout_remainder_to,
    )
    return tuple(
        Prize(place, amount, share)
        for place, (amount, share) in enumerate(zip(amounts, shares, strict=True), start=1)
    )


def places_paid_count(
    entries: int,
    net_pool: Cents,
    *,
    profile: RuleProfile,
    table: str,
    min_cash: Cents,
) -> int | None:
    """``len(payouts(...))`` for these inputs (``None`` where :func:`payouts` refuses),
    counted from the payout rule without building the prizes in ``Fraction`` s.

    The places a rule pays are known before any amount: a table's band says how many
    (FOX-PTAB), the generic curve pays ``ceil(15 %)`` of the entries but no more than the
    pool can give the min-cash (:func:`generic_shares`), a survivor event one prize per
    ``survivor_prize_multiple`` buy-ins plus the remainder (FOX-SURV1). What is left to
    check is that :func:`split_pool` can round them (H5: no place rounded to nothing),
    which is proved here from bounds: every place before the residual gets at least one
    rounding unit, and the place taking the residual (at most half a unit per place) at
    least half a unit per place. Where the bounds do not prove it (a pool of a few dollars
    over many places, a Sit & Go split, an unusual profile) the prizes are built after
    all (:func:`places_paid_exact`), so the answer is always ``len(payouts(...))``.

    Seating asks on every entry while registration is open (KPC-7's balancing one table
    from the money): at 10,000 entries the generic curve has 1,500 places, and building
    them cost about 50 ms a call.

    >>> from pokertd.rules import load_profile
    >>> tda = load_profile("tda")
    >>> places_paid_count(10_000, 60_000_000, profile=tda, table="generic", min_cash=6000)
    1500
    """
    unit = profile.payout_rounding_unit_cents
    if entries < 1 or net_pool <= 0 or min_cash < 0 or unit < 1:
        return places_paid_exact(entries, net_pool, profile, table, min_cash)
    if table == "survivor":
        multiple = profile.survivor_prize_multiple
        if min_cash <= 0 or multiple < 1:
            return places_paid_exact(entries, net_pool, profile, table, min_cash)
        full, rest = divmod(net_pool, min_cash * multiple)
        return full + (1 if rest else 0)
    chosen = table
    if chosen not in ("sng", "generic"):
        try:
            venue = builtin_table(chosen)
        except PokertdError:
            return None
        fallback = beyond_table_fallback(entries, venue)
        if fallback is None:
            try:
                shares = venue.band_for(entries).shares
            except PokertdError:
                return None
            return _roundable(len(shares), net_pool, shares[0], shares[-1], unit, profile) or (
                places_paid_exact(entries, net_pool, profile, table, min_cash)
            )
        chosen = fallback
    if chosen != "generic":  # the Sit & Go split: three places, cheap the exact way
        return places_paid_exact(entries, net_pool, profile, table, min_cash)
    places = max(1, -(-entries * 15 // 100))  # generic_shares' default paid_fraction
    base = -(-min_cash // unit) * unit
    if base:
        places = max(1, min(places, net_pool // base))
    if places == 1 or base * places > net_pool:
        return 1  # one share of 100 %: the whole pool to the winner
    if base and _residual_fits(places, net_pool, base, unit, profile):
        return places
    return places_paid_exact(entries, net_pool, profile, table, min_cash)


def _residual_fits(
    places: int, pool: Cents, smallest: Cents, unit: Cents, profile: RuleProfile
) -> bool:
    """Whether the place taking the rounding residual keeps more than nothing, proved from
    bounds: the residual is less than half a unit per place in size, the largest place's
    share is at least ``1 / places`` (so it rounds to at least ``pool / places`` less half
    a unit) and the smallest place rounds to at least ``smallest`` (H5)."""
    if profile.payout_remainder_to is RemainderTo.FIRST:
        return 2 * pool >= places * (places + 1) * unit
    return 2 * smallest >= places * unit


def _roundable(
    places: int, pool: Cents, first: Fraction, last: Fraction, unit: Cents, profile: RuleProfile
) -> int | None:
    """``places`` when a table band's shares (``first`` the largest, ``last`` the smallest:
    bands never pay a lower place more) surely split ``pool`` (H5), else ``None``."""
    smallest = round_half_up(pool * last / unit) * unit
    if smallest < unit:
        return None
    if profile.payout_remainder_to is RemainderTo.FIRST:
        target = round_half_up(pool * first / unit) * unit
    else:
        target = smallest
    return places if 2 * target >= places * unit else None


@lru_cache(maxsize=256)
def places_paid_exact(
    entries: int, net_pool: Cents, profile: RuleProfile, table: str, min_cash: Cents
) -> int | None:
    """``len(payouts(...))`` the slow, sure way: every prize built in ``Fraction`` s
    (``None`` where :func:`payouts` refuses). The reference :func:`places_paid_count` falls
    back on, and the tests compare it with."""
    try:
        return len(payouts(entries, net_pool, profile=profile, table=table, min_cash=min_cash))
    except PokertdError:
        return None


def survivor_payouts(net_pool: Cents, *, buy_in: Cents, profile: RuleProfile) -> tuple[Prize, ...]:
    """Survivor prizes: equal prizes of ``survivor_prize_multiple`` buy-ins while the pool
    allows, then one smaller cash prize with what is left.

    Play stops when as many players remain as there are full prizes; the remainder goes to
    the next finisher (the last player out before that point), ``survivor_remainder_to``.

    >>> from pokertd.rules import load_profile
    >>> [p.amount for p in survivor_payouts(376360, buy_in=9700, profile=load_profile("foxwoods"))]
    [97000, 97000, 97000, 85360]

    Implements: FOX-SURV1, FOX-SURV2 (IMPL: "buy-in" = the buy-in component; Appendix D #18).
    """
    if buy_in <= 0:
        raise InvalidCommand(
            template=N_("A survivor prize needs a buy-in above $0.00."), rule_ids=profile.cite("H7")
        )
    if net_pool <= 0:
        raise InvalidCommand(
            template=N_("The prize pool must be more than $0.00."), rule_ids=profile.cite("H7")
        )
    unit = buy_in * profile.survivor_prize_multiple
    full, rest = divmod(net_pool, unit)
    prizes = [Prize(place, unit) for place in range(1, full + 1)]
    if rest:
        prizes.append(Prize(full + 1, rest))
    return tuple(prizes)


def survivor_places(net_pool: Cents, *, buy_in: Cents, profile: RuleProfile) -> int:
    """How many players are left when a survivor event stops (= the full prizes)."""
    unit = buy_in * profile.survivor_prize_multiple
    return max(1, net_pool // unit) if unit > 0 else 1


# --------------------------------------------------------------------------------------
# NJ: the schedule is posted in advance (NJ-44d)


def share_tied(amounts: Iterable[Cents], ways: int) -> list[Cents]:
    """Equal shares of the tied places' prizes, the odd cents to the first (IMPL, G3).

    >>> share_tied([40000, 30000], 2)
    [35000, 35000]
    """
    total = sum(amounts)
    base, odd = divmod(total, ways)
    return [base + (1 if i < odd else 0) for i in range(ways)]


def check_schedule_posted(profile: RuleProfile, *, posted: bool) -> None:
    """Refuse to start play without a posted prize schedule where the venue demands one.

    Implements: NJ-44d, NJ-44 (the posted rules include the payout schedule). Other
    venues: no such requirement (``payout_schedule_posted_in_advance = false``).
    """
    if profile.payout_schedule_posted_in_advance and not posted:
        raise RuleViolation(
            template=N_("The prize schedule must be posted before play starts."),
            rule_ids=profile.cite("H2"),
        )


def check_schedule_unchanged(profile: RuleProfile, *, posted: bool, changed: bool) -> None:
    """Refuse to change a posted prize schedule once it binds (NJ-44d)."""
    if profile.payout_schedule_posted_in_advance and posted and changed:
        raise RuleViolation(
            template=N_("The prize schedule was posted in advance and cannot be changed now."),
            rule_ids=profile.cite("H2"),
        )


def schedule_lines(table: PayoutTable) -> list[str]:
    """A printable prize schedule: one line per entry band, places and percentages."""
    lines = [table.title]
    for band in table.bands:
        parts = []
        place = 1
        shares = band.shares
        while place <= len(shares):
            last = place
            while last < len(shares) and shares[last] == shares[place - 1]:
                last += 1
            label = f"{place}" if last == place else f"{place}-{last}"
            parts.append(f"{label}: {float(shares[place - 1] * 100):g}%")
            place = last + 1
        lines.append(f"{band.min_entries}-{band.max_entries} entries: " + ", ".join(parts))
    return lines


# --------------------------------------------------------------------------------------
# Prize claims (H10, H11)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimFlags:
    """What the cashier must do before paying a prize, and what is paid."""

    amount: Cents
    """The prize."""
    id_required: bool
    """Valid ID (and SSN) must be shown (FOX-PAY2)."""
    w2g: bool
    """A W-2G is issued (US players, single payout at or above the threshold; FOX-PAY3)."""
    form_1042s: bool
    """A 1042-S is issued (foreign players, every payout; FOX-PAY4)."""
    withheld: Cents
    """US tax withheld (foreign players without treaty paperwork; FOX-PAY4)."""
    paid: Cents
    """What the player receives now: the prize less the withholding."""
    voucher_expires: date | None
    """Last day a cash-prize voucher may be redeemed (FOX-PAY2)."""
    transferable: bool
    """Whether the prize may be transferred (FOX-PAY2: no)."""

    def notes(self, profile: RuleProfile) -> list[str]:
        """The flags as sentences for a printed receipt, each citing ``profile``'s rule IDs
        for claiming prizes (H11) and tax forms (H10)."""
        claims, tax = profile.citation("H11"), profile.citation("H10")
        lines = []
        if self.id_required:
            lines.append(f"Valid photo ID and social security number required. ({claims})")
        if self.w2g:
            lines.append(f"Form W-2G issued. ({tax})")
        if self.form_1042s:
            lines.append(
                f"Form 1042-S issued; {format_money(self.withheld)} US tax withheld. ({tax})"
            )
        if self.voucher_expires is not None:
            lines.append(f"Voucher expires {self.voucher_expires.isoformat()}. ({claims})")
        if not self.transferable:
            lines.append(f"Prize not transferable. ({claims})")
        return lines


def tax_id_asked(profile: RuleProfile) -> bool:
    """Whether this venue's tax reporting asks the cashier for a winner's SSN or ITIN (H10):
    where it issues tax forms (a W-2G threshold or a foreign players' 1042-S). Only there
    does the payout form offer "SSN/ITIN taken for the tax form" and the receipt print it.

    >>> from pokertd.rules import load_profile
    >>> tax_id_asked(load_profile("foxwoods")), tax_id_asked(load_profile("spotlight"))
    (True, False)

    Implements: FOX-PAY2, FOX-PAY3, FOX-PAY4. Other venues: no tax forms, no SSN asked.
    """
    return profile.w2g_threshold_cents is not None or profile.foreign_withholding_pct is not None


def claim_flags(
    amount: Cents,
    *,
    profile: RuleProfile,
    won_on: date,
    foreign: bool = False,
    treaty_exempt: bool = False,
) -> ClaimFlags:
    """The receipt flags for one payout, from the profile.

    US players get a W-2G for a single payout of ``w2g_threshold_cents`` or more (FOX
    $5,001.00, inclusive). Foreign players get a 1042-S for every payout and have
    ``foreign_withholding_pct`` withheld (FOX 30 %, rounded half up to the cent) unless a tax
    treaty exemption is on file (ITIN and W-8BEN; recorded by the cashier). Vouchers expire
    ``voucher_expiry_days`` after the win (FOX 120).

    >>> from pokertd.rules import load_profile
    >>> claim_flags(100000, profile=load_profile("foxwoods"), won_on=date(2020, 3, 8),
    ...             foreign=True).paid
    70000

    Implements: FOX-PAY2, FOX-PAY3, FOX-PAY4. Other venues: no flags (profile fields unset).
    """
    if amount < 0:
        raise InvalidCommand(template=N_("A prize cannot be negative."))
    threshold = profile.w2g_threshold_cents
    w2g = not foreign and threshold is not None and amount >= threshold
    form_1042s = foreign and profile.foreign_withholding_pct is not None
    withheld = 0
    if form_1042s and not treaty_exempt and profile.foreign_withholding_pct is not None:
        withheld = round_half_up(amount * profile.foreign_withholding_pct)
    expires = (
        won_on + timedelta(days=profile.voucher_expiry_days)
        if profile.voucher_expiry_days is not None
        else None
    )
    return ClaimFlags(
        amount=amount,
        id_required=profile.prize_id_required,
        w2g=w2g,
        form_1042s=form_1042s,
        withheld=withheld,
        paid=amount - withheld,
        voucher_expires=expires,
        transferable=profile.prize_transferable,
    )


__all__ = [
    "BUILTIN_TABLES",
    "ClaimFlags",
    "PayoutBand",
    "PayoutTable",
    "Prize",
    "PrizePool",
    "beyond_table_fallback",
    "builtin_table",
    "check_schedule_posted",
    "check_schedule_unchanged",
    "claim_flags",
    "generic_shares",
    "parse_payout_table",
    "payout_note",
    "payout_said",
    "payout_shares",
    "payouts",
    "percent",
    "places_paid_count",
    "places_paid_exact",
    "prize_pool",
    "round_half_up",
    "schedule_lines",
    "share_tied",
    "sng_shares",
    "split_pool",
    "survivor_payouts",
    "survivor_places",
    "tax_id_asked",
]
