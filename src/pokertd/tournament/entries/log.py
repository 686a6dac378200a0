"""Entries' log: tournament creation, players and entries — buy-ins, re-entries, rebuys,
add-ons, forfeits — as events, commands, deciders and appliers.

The :class:`Setup` part holds what the tournament is (its template, resolved rule profile
and registration state); the :class:`Roster` part holds the players, their entries, every
purchase (each part of the price kept apart, H1) and every chip issued or removed.

A *player* is a person (name, optional member or rewards-card number). An *entry* is one
stack bought by a player: a buy-in, a re-entry or an alternate's entry. Rebuys and add-ons
are purchases on an existing entry. Players are named in commands by name
(case-insensitive, a unique prefix is enough), player id (``P3``) or entry id (``E7``).

**Registration window.** Registration and re-entry close at the end of a configured level
(A4). The level comes from the clock part when the clock engineer's part is present
(:func:`~pokertd.tournament.entries.state.read_clock`); without a clock the window is
treated as open until the floor closes it with :class:`CloseRegistration`. Rebuy periods
(NJ's first hour) and add-on times are checked the same way, and treated as open when no
clock is known.

Implements: FOX-REG9, SPOT-6.2, TNPL-A2, KPC-57 (A1); FOX-REG3, FOX-REG5, FOX-REG7,
SPOT-2c1 (A2); NJ-2, FOX-7, FOX-RE (A3); FOX-REG1, TNPL-B2ii, SPOT-6.3 (A4); TNPL-B2i (A5);
TNPL-B2iii (A6); KPC-18, FOX-RE, FOX-7, NJ-8, SPOT-6.26 (A8); KPC-17, NJ-8, NJ-44b (A9);
FOX-ADDON (A10); KPC-56, FOX-FORF1, FOX-FORF2, FOX-RE (A11); KPC-6f, FOX-REG7 (A12);
NJ-7, FOX-REG5 (A13); FOX-EVT, KPC-57, NJ-44a (H1).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Clause, Params, Phrase, Sentence
from pokertd.i18n import Chips as ChipCount
from pokertd.money import (
    DEFAULT_CURRENCY,
    check_currency,
    check_locale,
    format_money,
    money_scope,
)
from pokertd.rules import ForfeitWindow, RuleProfile
from pokertd.tournament import limits as lim
from pokertd.tournament.entries.rules import (
    EntryChips,
    EntryKind,
    EntryStatus,
    PurchaseKind,
    entry_chips,
    player_key,
)
from pokertd.tournament.entries.state import (
    Entry,
    Out,
    Player,
    Purchase,
    Removal,
    Roster,
    SeatCapacity,
    Setup,
    at_forfeit_point,
    find_player,
    live_entry_of,
    night_over,
    pre_approved_entry_open,
    read_clock,
    registration_open,
    seat_capacity,
)
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    LooksElsewhere,
    TournamentState,
    applies,
    decides,
    event,
    upcaster,
)
from pokertd.tournament.templates import Fees, Template
from pokertd.types import Chips

# --------------------------------------------------------------------------------------
# Events


@upcaster("tournament_created", 1)
def _tournament_created_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 templates had no inline structure and no progressive-bounty switch (both
    came with event set-up in the browser, issue 12): they had neither."""
    template = dict(data["template"])
    template.setdefault("progressive_bounties", False)
    template.setdefault("custom_structure", None)
    return {**data, "template": template}


@upcaster("tournament_created", 2)
def _tournament_created_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 had no dealer-PIN secret (issue 23): ``""``, so a tournament created before
    keeps the PINs it had (derived from its id and the table alone)."""
    return {**data, "pin_salt": ""}


@event("tournament_created", version=3)
class TournamentCreated(Event):
    """A tournament was created from a template (its profile stored in full)."""

    name: str
    template: Template
    profile: dict[str, Any]
    created_at: str
    early_bird_until: str | None = None
    pin_salt: str = ""
    """A random secret of this tournament (drawn from the command's ``rng`` when it was
    created, so recorded here): its dealer PINs are derived from it with the app key, so
    they die with the tournament; a tournament deleted and made again under the same id
    draws a new one and gets new PINs (issue 23). ``""`` in logs older than the field."""
    currency: str = DEFAULT_CURRENCY
    """The venue's currency when the event was created (ISO 4217): every amount in this
    log is an integer count of its minor unit (cents; yen for JPY). USD in older logs."""
    locale: str = ""
    """The locale the director chose for the event's numbers and dates (``de_DE``); "" = the
    venue's at the time of reading (``POKERTD_LOCALE``), as in older logs."""

    def said(self) -> Sentence:
        t = self.template
        return Sentence(
            N_(
                "Created %(name)s from template %(template)s (%(price)s, %(chips)s chips, "
                "%(rules)s rules)"
            ),
            {
                "name": repr(self.name),
                "template": t.name,
                "price": t.fees.describe(),
                "chips": ChipCount(t.starting_stack),
                "rules": str(self.profile.get("title", t.profile)),
            },
        )

    def undo_refusal(self, state: TournamentState) -> RuleViolation | None:
        """Creating the tournament is not taken back: there would be nothing to run."""
        return RuleViolation(
            template=N_("Creating the tournament cannot be undone; start a new one instead.")
        )


@upcaster("player_added", 1)
def _player_added_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 players were not linked to the player database (issue 14): none."""
    return {**data, "db_id": ""}


@event("player_added", version=2)
class PlayerAdded(Event):
    """A person joined the tournament's player list (A1 confirmations recorded)."""

    player_id: str
    name: str
    member: str = ""
    age_ok: bool = False
    db_id: str = ""
    """The person in the store's player database (``pl…``; the service picks or adds
    them at registration), "" when there is none."""

    def said(self) -> Sentence:
        params: Params = {"name": self.name, "id": self.player_id, "card": self.member or ""}
        if self.member and self.age_ok:
            msgid = N_("Registered %(name)s (%(id)s, card %(card)s, age confirmed)")
        elif self.member:
            msgid = N_("Registered %(name)s (%(id)s, card %(card)s)")
        elif self.age_ok:
            msgid = N_("Registered %(name)s (%(id)s, age confirmed)")
        else:
            msgid = N_("Registered %(name)s (%(id)s)")
        return Sentence(msgid, params)


@event("entry_bought")
class EntryBought(Event):
    """A buy-in, re-entry or alternate's entry: a new stack."""

    entry_id: str
    player_id: str
    name: str
    kind: EntryKind
    number: int
    fees: Fees
    chips: Chips
    """Chips issued: the starting stack plus bonus less reduction."""
    bonus: Chips = 0
    reduction: Chips = 0
    level: int | None = None
    at: str = ""

    def said(self) -> Sentence:
        params: Params = {
            "name": self.name,
            "price": format_money(self.fees.total),
            "chips": ChipCount(self.chips),
            "entry": self.entry_id,
            "number": self.number,
        }
        counts: Params = {"bonus": ChipCount(self.bonus), "reduction": ChipCount(self.reduction)}
        extra: str | Sentence = ""
        if self.bonus and self.reduction:
            extra = Sentence(N_(", early bonus %(bonus)s, late reduction %(reduction)s"), counts)
        elif self.bonus:
            extra = Sentence(N_(", early bonus %(bonus)s"), counts)
        elif self.reduction:
            extra = Sentence(N_(", late reduction %(reduction)s"), counts)
        params["extra"] = extra
        if self.kind is EntryKind.RE_ENTRY:
            msgid = N_(
                "%(name)s re-entered (entry %(number)s) for %(price)s: %(chips)s chips%(extra)s "
                "[%(entry)s]"
            )
        elif self.kind is EntryKind.ALTERNATE:
            msgid = N_(
                "%(name)s entered from the alternate list for %(price)s: %(chips)s chips%(extra)s "
                "[%(entry)s]"
            )
        else:
            msgid = N_("%(name)s bought in for %(price)s: %(chips)s chips%(extra)s [%(entry)s]")
        return Sentence(msgid, params)


@event("alternate_listed")
class AlternateListed(Event):
    """A player waits on the alternate list (A12)."""

    player_id: str
    name: str

    def said(self) -> Sentence:
        return Sentence(N_("%(name)s put on the alternate list"), {"name": self.name})


@event("rebuy_bought")
class RebuyBought(Event):
    """A rebuy on a live entry (A9)."""

    entry_id: str
    name: str
    number: int
    fees: Fees
    chips: Chips

    def said(self) -> Sentence:
        return Sentence(
            N_("%(name)s rebought (rebuy %(number)s) for %(price)s: %(chips)s chips"),
            {
                "name": self.name,
                "number": self.number,
                "price": format_money(self.fees.total),
                "chips": ChipCount(self.chips),
            },
        )


@event("addon_bought")
class AddonBought(Event):
    """An add-on on a live entry (A10)."""

    entry_id: str
    name: str
    fees: Fees
    chips: Chips

    def said(self) -> Sentence:
        return Sentence(
            N_("%(name)s took the add-on for %(price)s: %(chips)s chips"),
            {
                "name": self.name,
                "price": format_money(self.fees.total),
                "chips": ChipCount(self.chips),
            },
        )


@event("stack_forfeited")
class StackForfeited(Event):
    """A live stack given up to re-enter; the chips leave play (A11)."""

    entry_id: str
    name: str
    chips: Chips
    at: str = ""

    def said(self) -> Sentence:
        return Sentence(
            N_("%(name)s forfeited %(chips)s chips (removed from play) to re-enter"),
            {"name": self.name, "chips": ChipCount(self.chips)},
        )


@upcaster("registration_closed", 1)
def _registration_closed_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not say when (issue 22: the end of the night is timed by it): unknown."""
    return {**data, "at": ""}


@event("registration_closed", version=2)
class RegistrationClosed(Event):
    """The floor closed registration and re-entry (A4)."""

    reason: str = ""
    at: str = ""
    """When (ISO; "" in older logs)."""

    def said(self) -> Sentence:
        if self.reason:
            return Sentence(N_("Registration closed: %(reason)s"), {"reason": self.reason})
        return Sentence(N_("Registration closed"))


@event("prize_pool_final")
class PrizePoolFinal(Event):
    """The prize pool became final in the batch of a binding deal (J2: it divided what was
    left) or of the first prize paid (H2: paid from it): registration and re-entry close
    (A4, A8) and no rebuy or add-on is sold any more (A9, A10), so no place or prize can
    change after it."""

    reason: str
    at: str = ""
    rules: tuple[str, ...] = ()
    """The catalogue entries of the rule that made it final (``J2`` a deal, ``H2`` a
    payment), cited with the profile wherever a later purchase is refused."""

    def said(self) -> Sentence:
        return Sentence(
            N_("Prize pool final (no more entries, re-entries, rebuys or add-ons): %(reason)s"),
            {"reason": self.reason},
        )


@event("chips_counted")
class ChipsCounted(Event):
    """Recorded chip counts (end of level, bagging): entry id -> chips."""

    counts: dict[str, int]
    names: dict[str, str] = field(default_factory=dict)
    note: str = ""

    def said(self) -> Sentence:
        shown = ", ".join(f"{self.names.get(k, k)} {v:,}" for k, v in list(self.counts.items())[:6])
        params: Params = {"shown": shown, "note": self.note}
        if len(self.counts) > 6:
            params["more"] = len(self.counts) - 6
            if self.note:
                return Sentence(N_("Chip count (%(note)s): %(shown)s and %(more)s more"), params)
            return Sentence(N_("Chip count: %(shown)s and %(more)s more"), params)
        if self.note:
            return Sentence(N_("Chip count (%(note)s): %(shown)s"), params)
        return Sentence(N_("Chip count: %(shown)s"), params)


@upcaster("chips_removed", 1)
def _chips_removed_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 removals were never from one player's stack (chips out of view, K11, came
    with issue 13): no entry, no name."""
    return {**data, "entry_id": "", "name": ""}


@event("chips_removed", version=2)
class ChipsRemoved(Event):
    """Chips taken out of play without an entry going out (colour-up losses, B11), or
    confiscated from one player's stack (chips out of view, K11)."""

    chips: Chips
    reason: str
    entry_id: str = ""
    """The player whose stack lost them (K11); empty for chips of nobody's stack."""
    name: str = ""

    def said(self) -> Sentence:
        params: Params = {
            "chips": ChipCount(self.chips),
            "name": self.name or "",
            "reason": self.reason,
        }
        if self.name:
            return Sentence(
                N_("%(chips)s chips removed from play from %(name)s's stack (%(reason)s)"), params
            )
        return Sentence(N_("%(chips)s chips removed from play (%(reason)s)"), params)


# --------------------------------------------------------------------------------------
# Appliers


@applies(TournamentCreated)
def _apply_created(state: TournamentState, ev: TournamentCreated) -> None:
    setup = state.part(Setup)
    setup.created = True
    setup.name = ev.name
    setup.template = ev.template
    setup.profile_data = dict(ev.profile)
    setup._profile = None
    setup.created_at = ev.created_at
    setup.early_bird_until = ev.early_bird_until
    setup.pin_salt = ev.pin_salt
    setup.currency = ev.currency
    setup.locale = ev.locale


def event_currency(state: TournamentState) -> str:
    """The ISO 4217 code of the event's amounts (USD before it is created, and in old logs)."""
    return state.part(Setup).currency


@applies(PlayerAdded)
def _apply_player(state: TournamentState, ev: PlayerAdded) -> None:
    roster = state.part(Roster)
    roster.players[ev.player_id] = Player(
        player_id=ev.player_id, name=ev.name, member=ev.member, age_ok=ev.age_ok, db_id=ev.db_id
    )
    roster.by_key.setdefault(player_key(ev.name), ev.player_id)


@applies(EntryBought)
def _apply_entry(state: TournamentState, ev: EntryBought) -> None:
    roster = state.part(Roster)
    roster.enter(
        Entry(
            entry_id=ev.entry_id,
            player_id=ev.player_id,
            name=ev.name,
            kind=ev.kind,
            number=ev.number,
            issued=ev.chips,
            stack=ev.chips,
            bought_at=ev.at,
        )
    )
    roster.alive_count += 1
    roster.players[ev.player_id].entries.append(ev.entry_id)
    roster.add_purchase(Purchase(PurchaseKind(ev.kind.value), ev.entry_id, ev.fees, ev.chips))
    if ev.player_id in roster.alternates:
        roster.alternates.remove(ev.player_id)


@applies(AlternateListed)
def _apply_alternate(state: TournamentState, ev: AlternateListed) -> None:
    state.part(Roster).alternates.append(ev.player_id)


@applies(RebuyBought)
def _apply_rebuy(state: TournamentState, ev: RebuyBought) -> None:
    roster = state.part(Roster)
    entry = roster.entries[ev.entry_id]
    entry.rebuys += 1
    roster.issue(entry, ev.chips)
    if entry.stack is not None:
        entry.stack += ev.chips
    roster.add_purchase(Purchase(PurchaseKind.REBUY, ev.entry_id, ev.fees, ev.chips))


@applies(AddonBought)
def _apply_addon(state: TournamentState, ev: AddonBought) -> None:
    roster = state.part(Roster)
    entry = roster.entries[ev.entry_id]
    entry.addons += 1
    roster.issue(entry, ev.chips)
    if entry.stack is not None:
        entry.stack += ev.chips
    roster.add_purchase(Purchase(PurchaseKind.ADDON, ev.entry_id, ev.fees, ev.chips))


@applies(StackForfeited)
def _apply_forfeit(state: TournamentState, ev: StackForfeited) -> None:
    roster = state.part(Roster)
    entry = roster.entries[ev.entry_id]
    roster.set_status(entry, EntryStatus.FORFEITED)
    entry.stack = 0
    roster.remove(Removal(ev.chips, "forfeit", ev.entry_id))
    roster.add_out(Out(entry_id=ev.entry_id, group=f"forfeit:{ev.entry_id}", at=ev.at))


@applies(RegistrationClosed)
def _apply_closed(state: TournamentState, ev: RegistrationClosed) -> None:
    setup = state.part(Setup)
    setup.registration_closed = True
    setup.registration_closed_reason = ev.reason
    setup.registration_closed_at = ev.at


@applies(PrizePoolFinal)
def _apply_pool_final(state: TournamentState, ev: PrizePoolFinal) -> None:
    setup = state.part(Setup)
    if not setup.registration_closed:
        setup.registration_closed = True
        setup.registration_closed_reason = ev.reason
        setup.registration_closed_at = ev.at
    setup.pool_final = True
    setup.pool_final_rules = ev.rules


@applies(ChipsCounted)
def _apply_counted(state: TournamentState, ev: ChipsCounted) -> None:
    roster = state.part(Roster)
    for eid, chips in ev.counts.items():
        entry = roster.entries[eid]
        entry.stack = chips
        entry.stack_note = ev.note or "count"


@applies(ChipsRemoved)
def _apply_removed(state: TournamentState, ev: ChipsRemoved) -> None:
    roster = state.part(Roster)
    roster.remove(Removal(ev.chips, ev.reason, ev.entry_id or None))
    entry = roster.entries.get(ev.entry_id) if ev.entry_id else None
    if entry is not None and entry.stack is not None:
        entry.stack = max(0, entry.stack - ev.chips)


# --------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateTournament(Command):
    """Create a tournament from a template (already loaded and adjusted)."""

    name: lim.EventName
    template: Template
    profile: RuleProfile | None = None
    """The profile (default: the template's)."""
    early_bird_until: datetime | None = None
    """Deadline of the early-registration bonus (A6); default: until the clock starts."""
    currency: lim.Word = ""
    """The event's currency (ISO 4217; "" = the venue's, which the service fills in:
    ``TournamentService.venue_currency``): the template's amounts are minor units of it."""
    locale: lim.Word = ""
    """The locale the event's numbers and dates are written in (``de_DE``; "" = the venue's,
    ``POKERTD_LOCALE``, whatever it is when a page is read)."""


def _one_live_event(state: TournamentState) -> bool:
    """Whether this event's profile allows one live event per player (FOX-REG5)."""
    setup = state.part(Setup)
    return setup.created and setup.profile.reg_one_live_event_per_player


def _refuse_alive_elsewhere(state: TournamentState, ctx: Context, name: str, card: str) -> None:
    """FOX-REG5 on every kind of entry: the service says where else this player is alive
    (``ctx.elsewhere``); a command never carries that answer."""
    if not _one_live_event(state):
        return
    found = ctx.elsewhere(name, card.strip())
    if found:
        raise RuleViolation(
            template=N_("%(name)s is still alive in %(events)s: one event at a time."),
            params={"name": name, "events": ", ".join(found)},
            rule_ids=state.part(Setup).profile.cite("A13"),
            context={"alive_in": list(found)},
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Register(LooksElsewhere):
    """Register a player and sell the first entry (or put the player on the alternates)."""

    name: lim.PlayerName
    member: lim.CardNumber = ""
    age_ok: bool = False
    member_ok: bool = False
    """The floor confirmed membership / sign-in without a number (A1, A2)."""
    remote: bool = False
    """Registration by phone or for someone not present (FOX-REG3, SPOT-2c1)."""
    alternate: bool = False
    """Put the player on the alternate list when every seat is taken (A12)."""
    pre_approved: bool = False
    """The TD approved a late arrival before the start (SPOT-6.3: until the end of level 2)."""
    stack: lim.Chips | None = None
    """A starting stack set by staff from league points (SPOT-6.26 Quarterly); refused
    where every player starts with the same stack (NJ-2, FOX-7)."""
    player_id: lim.PlayerDbId | None = None
    """The person in the store's player database; the service fills it when the face
    gives none (the player with this card, else with exactly this name, else a new one)."""

    def looks_elsewhere(self, state: TournamentState) -> bool:
        """Other events matter where the profile allows one live event (FOX-REG5)."""
        return _one_live_event(state)


@dataclass(frozen=True, slots=True, kw_only=True)
class Reenter(LooksElsewhere):
    """Sell a busted (or forfeited) player a new entry (A8)."""

    player: lim.PlayerRef
    alternate: bool = False
    """Put the player on the alternate list when no seat is free for him (A12, KPC-6f):
    a re-entry waits its turn behind the alternates like a late registration."""

    def looks_elsewhere(self, state: TournamentState) -> bool:
        """Other events matter where the profile allows one live event (FOX-REG5)."""
        return _one_live_event(state)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rebuy(Command):
    """Sell a rebuy on the player's live entry (A9)."""

    player: lim.PlayerRef
    stack: lim.Chips | None = None
    """The player's stack now (needed where rebuys require at most the starting stack)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Addon(Command):
    """Sell the add-on on the player's live entry (A10)."""

    player: lim.PlayerRef
    stack: lim.Chips | None = None
    """The player's stack now (an add-on needs chips: FOX-ADDON)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Forfeit(Command):
    """A player gives up a live stack to re-enter (A11); ``chips`` as counted."""

    player: lim.PlayerRef
    chips: lim.Chips


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseRegistration(Command):
    """The floor closes registration now (A4)."""

    reason: lim.Reason = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordChips(Command):
    """Record chip counts (end of level, bagging): player name -> chips."""

    counts: Annotated[
        tuple[tuple[lim.PlayerRef, lim.Chips], ...], lim.Items(N_("Chip counts"), lim.PLAYERS_MAX)
    ]
    note: lim.Note = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveChips(Command):
    """Take chips out of play (colour-up remainder removed without compensation, B11);
    with ``player``, chips confiscated from his stack (chips out of view or carried away:
    removed from his stack and from play, K11: KPC-46, TNPL-I1, FOX-63, SPOT-2b3)."""

    chips: lim.Chips
    reason: lim.Reason = "colour-up"
    player: lim.PlayerRef | None = None


# --------------------------------------------------------------------------------------
# Deciders


def _setup(state: TournamentState) -> Setup:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    return setup


def _when(ctx: Context) -> str:
    return ctx.now.isoformat(timespec="seconds")


def _entry_chips(
    state: TournamentState, ctx: Context, *, first: bool
) -> tuple[EntryChips, int | None]:
    """Chips for a new entry by :func:`~pokertd.tournament.entries.rules.entry_chips` (the
    early bonus, A6; the late-entry reduction, A5) and the level of entry: this function
    only reads the facts (deadline, clock) the rule needs."""
    setup = _setup(state)
    tmpl = setup.tmpl
    reading = read_clock(state, ctx.now)
    level = reading.level if reading is not None and reading.started else None
    if setup.early_bird_until is not None:
        early = ctx.now < datetime.fromisoformat(setup.early_bird_until)
    else:
        early = reading is None or not reading.started
    chips = entry_chips(
        tmpl.starting_stack,
        early=first and early,
        bonus_pct=tmpl.early_bird_bonus_pct,
        level=level,
        reduction_pct_per_level=tmpl.late_entry_penalty_pct_per_level,
        reduction_cap=tmpl.late_entry_cap(setup.profile),
    )
    return chips, level


def _refuse_when_closed(
    state: TournamentState, ctx: Context, what: str, *, pre_approved: bool = False
) -> None:
    if registration_open(state, ctx.now):
        return
    if pre_approved and pre_approved_entry_open(state, ctx.now):
        return  # SPOT-6.3: approved by the TD before the start, until the end of level 2
    setup = state.part(Setup)
    profile = setup.profile
    close = setup.tmpl.registration_close(profile)
    template = N_("Registration is closed: no %(what)s.")
    params: dict[str, object] = {"what": Phrase(what)}
    if close:
        template = N_(
            "Registration is closed (it closes at the end of level %(close)s): no %(what)s."
        )
        params["close"] = close
    if setup.registration_closed and setup.registration_closed_reason:
        template = N_("Registration is closed (%(reason)s): no %(what)s.")
        params["reason"] = setup.registration_closed_reason
    raise RuleViolation(
        template=template,
        params=params,
        rule_ids=profile.cite("A4", *setup.pool_final_rules),
        context={"close_after_level": close},
    )


def _refuse_when_pool_final(state: TournamentState, ctx: Context, what: str, entry: str) -> None:
    """No purchase once the event is over (G2) or its prize pool is final: a binding deal
    divided it (J2) or a prize was paid from it (H2); the floor hears why."""
    setup = state.part(Setup)
    if night_over(state, ctx.now):
        raise RuleViolation(
            template=N_("The tournament is over: no %(what)s."),
            params={"what": Phrase(what)},
            rule_ids=setup.profile.cite("G2"),
        )
    if setup.pool_final:
        reason = setup.registration_closed_reason
        raise RuleViolation(
            template=N_("The prize pool is final (%(reason)s): no %(what)s.")
            if reason
            else N_("The prize pool is final: no %(what)s."),
            params={"reason": reason, "what": Phrase(what)},
            rule_ids=setup.profile.cite(entry, *setup.pool_final_rules),
        )


_SEATS_TEXT = {
    (True, 0): N_("%(seats)s seats at 1 table"),
    (False, 0): N_("%(seats)s seats at %(tables)s tables"),
    (True, 1): N_("%(seats)s seats at 1 table; 1 reserved or unavailable seat not counted"),
    (False, 1): N_(
        "%(seats)s seats at %(tables)s tables; 1 reserved or unavailable seat not counted"
    ),
    (True, 2): N_("%(seats)s seats at 1 table; %(held)s reserved or unavailable seats not counted"),
    (False, 2): N_(
        "%(seats)s seats at %(tables)s tables; %(held)s reserved or unavailable seats not counted"
    ),
}
"""The seats counted when every seat is taken, one whole clause for each shape."""


def _seats_text(capacity: SeatCapacity) -> Clause:
    """``"510 seats at 51 tables"`` (with the seats kept out of the draw, if any), as a
    :class:`~pokertd.i18n.Clause` the refusal says in its reader's language."""
    key = (capacity.tables == 1, min(capacity.held, 2))
    return Clause(
        _SEATS_TEXT[key],
        {
            "seats": f"{capacity.seats:,}",
            "tables": f"{capacity.tables:,}",
            "held": capacity.held,
        },
    )


def _check_seat_free(state: TournamentState, name: str) -> None:
    """Refuse a new stack when no seat a draw can give is free: the room as laid out now
    (tables x seats, reserved and unavailable seats left out), not the template's guess.

    The refusal offers the alternate list where the venue keeps one (A12); the faces add
    their own way of doing it from ``context["hint"]``.
    """
    setup = state.part(Setup)
    roster = state.part(Roster)
    tmpl = setup.tmpl
    capacity = seat_capacity(state)
    if capacity.free <= 0:
        raise RuleViolation(
            template=N_("Every seat is taken (%(seats)s): %(name)s can wait on the alternate list.")
            if setup.profile.alternates_enabled
            else N_("Every seat is taken (%(seats)s): there is no seat for %(name)s."),
            params={"seats": _seats_text(capacity), "name": name},
            rule_ids=setup.profile.cite("A12"),
            context={
                "seats": capacity.seats,
                "held": capacity.held,
                **({"hint": "alternate"} if setup.profile.alternates_enabled else {}),
            },
        )
    if tmpl.field_cap is not None and roster.entry_count >= tmpl.field_cap:
        raise RuleViolation(
            template=N_("The field is capped at %(field_cap)s entries."),
            params={"field_cap": tmpl.field_cap},
            rule_ids=setup.profile.cite("A2"),  # field_cap (FOX-REG6)
        )


EntrySeater = Callable[[TournamentState, Context, EntryBought], list[Event]]
"""Seats a new entry (returns the seating events to add, ``[]`` before the initial draw)."""


def _seat_nobody(state: TournamentState, ctx: Context, entry: EntryBought) -> list[Event]:
    return []


_SEATER: list[EntrySeater] = [_seat_nobody]
"""The seater in force: the seating domain's, once :mod:`pokertd.tournament` connects it."""


def connect_seater(seater: EntrySeater) -> EntrySeater:
    """Let ``seater`` seat every new entry; returns the one it replaces.

    Entries sell the stack; where it sits is the seating domain's rule (C3). The seating is
    connected here explicitly by :mod:`pokertd.tournament` (never on import), so entries
    never import seating and the arrow between the two domains points one way (seating
    reads entries' state).
    """
    previous = _SEATER[0]
    _SEATER[0] = seater
    return previous


def _seat_new_entry(state: TournamentState, ctx: Context, entry: EntryBought) -> list[Event]:
    """Seat a late entry, re-entry or alternate at once (C3) once the tables are drawn.

    Before the initial draw nobody sits: ``DrawSeats`` seats the whole field evenly (C1).
    Implements: KPC-6c, KPC-18, FOX-7, FOX-RE, SPOT-2c2 (C3) through the seating domain
    (:func:`connect_seater`).
    """
    return _SEATER[0](state, ctx, entry)


@decides(CreateTournament)
def _decide_create(state: TournamentState, cmd: CreateTournament, ctx: Context) -> list[Event]:
    if state.part(Setup).created:
        raise InvalidCommand(template=N_("This tournament already exists."))
    name = cmd.name.strip()
    if not name:
        raise InvalidCommand(template=N_("A tournament needs a name."))
    profile = cmd.profile or cmd.template.load_profile()
    currency = check_currency(cmd.currency or DEFAULT_CURRENCY)
    locale = check_locale(cmd.locale) if cmd.locale.strip() else ""
    with money_scope(currency):
        cmd.template.validate(profile)
    until = cmd.early_bird_until
    if until is not None and until.tzinfo is None:
        raise InvalidCommand(template=N_("the early-bird deadline needs a time zone"))
    return [
        TournamentCreated(
            name=name,
            template=cmd.template,
            profile=profile.as_dict(),
            created_at=_when(ctx),
            early_bird_until=None if until is None else until.isoformat(),
            pin_salt=f"{ctx.rng.getrandbits(128):032x}",
            currency=currency,
            locale=locale,
        )
    ]


def _refuse_sign_in(profile: RuleProfile, cmd: Register, name: str) -> None:
    """What the venue asks of a person signing in (A1, A2): in person unless remote
    registration is allowed (FOX-REG3, SPOT-2c1), the minimum age confirmed, a member
    number recorded or confirmed (FOX-REG9, SPOT-6.2, TNPL-A2, KPC-57)."""
    if cmd.remote and not profile.reg_remote_allowed:
        raise RuleViolation(
            template=N_("%(name)s must register in person: no telephone or remote registration."),
            params={"name": name},
            rule_ids=profile.cite("A2"),
        )
    if profile.reg_min_age is not None and not cmd.age_ok:
        raise RuleViolation(
            template=N_("Confirm %(name)s is at least %(reg_min_age)s before registering."),
            params={"name": name, "reg_min_age": profile.reg_min_age},
            rule_ids=profile.cite("A1"),
            context={"hint": "age"},
        )
    if profile.reg_membership_required and not (cmd.member.strip() or cmd.member_ok):
        raise RuleViolation(
            template=N_(
                "%(name)s needs %(reg_membership_required)s: record the number or confirm the "
                "player has one."
            ),
            params={"name": name, "reg_membership_required": profile.reg_membership_required},
            rule_ids=profile.cite("A1"),
            context={"hint": "member"},
        )


@decides(Register)
def _decide_register(state: TournamentState, cmd: Register, ctx: Context) -> list[Event]:
    setup = _setup(state)
    profile = setup.profile
    roster = state.part(Roster)
    name = unicodedata.normalize("NFC", " ".join(cmd.name.split()))  # stored as NFC
    if not name:
        raise InvalidCommand(template=N_("Type the player's name."))
    if name.upper() in roster.players or name.upper() in roster.entries:
        raise InvalidCommand(
            template=N_("%(name)s looks like an id: give the player's name."),
            params={"name": repr(name)},
        )
    existing = roster.by_name(name)
    if existing is not None and existing.entries:
        raise RuleViolation(
            template=N_(
                "%(name)s is already registered: a second stack is a re-entry, one stack per "
                "player."
            ),
            params={"name": existing.name},
            rule_ids=profile.cite("A13"),
            context={"hint": "reenter", "entry": existing.entries[-1]},
        )
    _refuse_sign_in(profile, cmd, name)
    _refuse_alive_elsewhere(state, ctx, name, cmd.member)
    _refuse_when_closed(state, ctx, N_("new entries"), pre_approved=cmd.pre_approved)
    pid = existing.player_id if existing is not None else f"P{len(roster.players) + 1}"
    events: list[Event] = []
    if existing is None:
        events.append(
            PlayerAdded(
                player_id=pid,
                name=name,
                member=cmd.member.strip(),
                age_ok=cmd.age_ok,
                db_id=cmd.player_id or "",
            )
        )
    tmpl = setup.tmpl
    if cmd.alternate:
        if not profile.alternates_enabled:
            raise RuleViolation(
                template=N_("%(title)s keeps no alternate list."),
                params={"title": profile.title},
                rule_ids=profile.cite("A12"),
            )
        capacity = seat_capacity(state)
        if capacity.free > 0:
            raise InvalidCommand(
                template=N_(
                    "1 seat is still free: register %(name)s for a seat, not on the alternate list."
                )
                if capacity.free == 1
                else N_(
                    "%(free)s seats are still free: register %(name)s for a seat, not on the "
                    "alternate list."
                ),
                params={"free": f"{capacity.free:,}", "name": name},
                rule_ids=profile.cite("A12"),
                context={"hint": "seat", "free": capacity.free},
            )
        if existing is not None and pid in roster.alternates:
            raise InvalidCommand(
                template=N_("%(name)s is already on the alternate list."), params={"name": name}
            )
        events.append(AlternateListed(player_id=pid, name=name))
        return events
    if roster.alternates and pid != roster.alternates[0]:
        first = roster.players[roster.alternates[0]].name
        raise RuleViolation(
            template=N_("Free seats go to the alternates in list order: %(first)s is next."),
            params={"first": first},
            rule_ids=profile.cite("A12"),
        )
    _check_seat_free(state, name)
    given, level = _entry_chips(state, ctx, first=True)
    chips, bonus, reduction = given.chips, given.bonus, given.reduction
    if cmd.stack is not None:
        if not tmpl.takes_stacks_from_points(profile):
            raise RuleViolation(
                template=N_("Every player starts with the same %(starting_stack)s chips."),
                params={"starting_stack": f"{tmpl.starting_stack:,}"},
                rule_ids=profile.cite("A3"),
            )
        if cmd.stack <= 0:
            raise InvalidCommand(template=N_("A starting stack must be positive."))
        chips, bonus, reduction = cmd.stack, 0, 0
    kind = EntryKind.ALTERNATE if pid in roster.alternates else EntryKind.BUY_IN
    bought = EntryBought(
        entry_id=f"E{roster.entry_count + 1}",
        player_id=pid,
        name=name,
        kind=kind,
        number=1,
        fees=tmpl.fees,
        chips=chips,
        bonus=bonus,
        reduction=reduction,
        level=level,
        at=_when(ctx),
    )
    events.append(bought)
    events.extend(_seat_new_entry(state, ctx, bought))
    return events


def _reentry_waits(
    state: TournamentState, player: Player, *, alternate: bool
) -> AlternateListed | None:
    """A re-entry takes a freed seat only in its turn (A12, KPC-6f): alternates are seated
    in list order as seats free up, so while players wait on the list a re-entering player
    joins it (``alternate``) instead of taking the seat ahead of them.

    Returns the event listing the player, or ``None`` when the re-entry may be seated now.
    """
    profile = state.part(Setup).profile
    roster = state.part(Roster)
    waiting = roster.alternates
    if player.player_id in waiting:
        if player.player_id == waiting[0]:
            return None  # his turn has come
        first = roster.players[waiting[0]].name
        raise RuleViolation(
            template=N_(
                "Free seats go to the alternates in list order: %(first)s is next, %(name)s "
                "waits his turn."
            ),
            params={"first": first, "name": player.name},
            rule_ids=profile.cite("A12"),
        )
    if alternate:
        if not profile.alternates_enabled:
            raise RuleViolation(
                template=N_("%(title)s keeps no alternate list."),
                params={"title": profile.title},
                rule_ids=profile.cite("A12"),
            )
        if seat_capacity(state).free > len(waiting):
            raise InvalidCommand(
                template=N_("A seat is free for %(name)s: re-enter without the alternate list."),
                params={"name": player.name},
                rule_ids=profile.cite("A12"),
                context={"hint": "seat"},
            )
        return AlternateListed(player_id=player.player_id, name=player.name)
    if waiting:
        first = roster.players[waiting[0]].name
        raise RuleViolation(
            template=N_(
                "Free seats go to the alternates in list order: %(first)s is next. %(name)s "
                "can re-enter on the alternate list and wait his turn."
            ),
            params={"first": first, "name": player.name},
            rule_ids=profile.cite("A12"),
            context={"hint": "alternate"},
        )
    return None


@decides(Reenter)
def _decide_reenter(state: TournamentState, cmd: Reenter, ctx: Context) -> list[Event]:
    setup = _setup(state)
    profile = setup.profile
    tmpl = setup.tmpl
    roster = state.part(Roster)
    player = find_player(state, cmd.player)
    rid = profile.cite("A8")
    if not (tmpl.reentry and profile.reentry_allowed):
        raise RuleViolation(
            template=N_("%(title)s has no re-entry."), params={"title": tmpl.title}, rule_ids=rid
        )
    if not player.entries:
        raise RuleViolation(
            template=N_("%(name)s has no entry yet: register, not re-enter."),
            params={"name": player.name},
            rule_ids=rid,
        )
    live = roster.live_entry(player.player_id)
    if live is not None:
        forfeit = profile.forfeit_allowed
        raise RuleViolation(
            template=N_(
                "%(name)s still has a live stack: re-entry only with no chips left, or after "
                "forfeiting the stack."
            )
            if forfeit
            else N_("%(name)s still has a live stack: re-entry only with no chips left."),
            params={"name": player.name},
            rule_ids=rid,
            context={"entry": live.entry_id, **({"hint": "forfeit"} if forfeit else {})},
        )
    if any(roster.entries[e].status is EntryStatus.DISQUALIFIED for e in player.entries):
        raise RuleViolation(
            template=N_("%(name)s was disqualified and may not re-enter."),
            params={"name": player.name},
            rule_ids=profile.cite("K5"),
        )
    _refuse_alive_elsewhere(state, ctx, player.name, player.member)
    last = roster.entries[player.entries[-1]]
    if not (last.status is EntryStatus.FORFEITED and at_forfeit_point(state, ctx.now)):
        _refuse_when_closed(state, ctx, N_("re-entries"))
    limit = tmpl.reentry_max if tmpl.reentry_max is not None else profile.reentry_max
    done = len(player.entries) - 1
    if limit is not None and done >= limit:
        raise RuleViolation(
            template=N_("%(name)s has used all %(limit)s re-entries."),
            params={"name": player.name, "limit": limit},
            rule_ids=rid,
            context={"max": limit},
        )
    waiting = _reentry_waits(state, player, alternate=cmd.alternate)
    if waiting is not None:
        return [waiting]
    _check_seat_free(state, player.name)
    given, level = _entry_chips(state, ctx, first=False)
    bought = EntryBought(
        entry_id=f"E{roster.entry_count + 1}",
        player_id=player.player_id,
        name=player.name,
        kind=EntryKind.RE_ENTRY,
        number=len(player.entries) + 1,
        fees=tmpl.fees,
        chips=given.chips,
        bonus=given.bonus,
        reduction=given.reduction,
        level=level,
        at=_when(ctx),
    )
    return [bought, *_seat_new_entry(state, ctx, bought)]


@decides(Rebuy)
def _decide_rebuy(state: TournamentState, cmd: Rebuy, ctx: Context) -> list[Event]:
    setup = _setup(state)
    profile = setup.profile
    tmpl = setup.tmpl
    rid = profile.cite("A9")
    terms = tmpl.rebuy
    if terms is None or not profile.rebuy_allowed:
        raise RuleViolation(
            template=N_("%(title)s has no rebuys."), params={"title": tmpl.title}, rule_ids=rid
        )
    player, entry = live_entry_of(state, cmd.player)
    limit = (
        terms.max_per_player if terms.max_per_player is not None else profile.rebuy_max_per_player
    )
    if limit is not None and entry.rebuys >= limit:
        raise RuleViolation(
            template=N_("%(name)s has had the %(limit)s rebuys allowed: no more."),
            params={"name": player.name, "limit": limit},
            rule_ids=rid,
            context={"max": limit, "rebuys": entry.rebuys},
        )
    minutes = terms.minutes if terms.minutes is not None else profile.rebuy_window_minutes
    reading = read_clock(state, ctx.now)
    if minutes is not None and reading is not None and reading.play_seconds >= minutes * 60:
        raise RuleViolation(
            template=N_("The rebuy period (the first %(minutes)s minutes of play) is over."),
            params={"minutes": minutes},
            rule_ids=rid,
        )
    _refuse_when_pool_final(state, ctx, N_("rebuys"), "A9")
    stack = cmd.stack if cmd.stack is not None else None
    if stack is not None and stack < 0:
        raise InvalidCommand(template=N_("A stack cannot be negative."))
    if terms.stack_at_most_start:
        if stack is None:
            raise InvalidCommand(
                template=N_(
                    "Count %(name)s's stack first: a rebuy needs at most %(starting_stack)s chips."
                ),
                params={"name": player.name, "starting_stack": f"{tmpl.starting_stack:,}"},
                context={"hint": "stack"},
            )
        if stack > tmpl.starting_stack:
            raise RuleViolation(
                template=N_(
                    "%(name)s has %(stack)s chips, more than the starting stack of "
                    "%(starting_stack)s: no rebuy."
                ),
                params={
                    "name": player.name,
                    "stack": f"{stack:,}",
                    "starting_stack": f"{tmpl.starting_stack:,}",
                },
                rule_ids=rid,
            )
    return [
        RebuyBought(
            entry_id=entry.entry_id,
            name=player.name,
            number=entry.rebuys + 1,
            fees=terms.fees,
            chips=terms.chips,
        )
    ]


@decides(Addon)
def _decide_addon(state: TournamentState, cmd: Addon, ctx: Context) -> list[Event]:
    setup = _setup(state)
    profile = setup.profile
    tmpl = setup.tmpl
    terms = tmpl.addon
    if terms is None:
        raise RuleViolation(
            template=N_("%(title)s has no add-on."),
            params={"title": tmpl.title},
            rule_ids=profile.cite("A10"),
        )
    player, entry = live_entry_of(state, cmd.player)
    if cmd.stack is not None and cmd.stack < 0:
        raise InvalidCommand(template=N_("A stack cannot be negative."))
    if profile.addon_requires_chips and cmd.stack == 0:
        raise RuleViolation(
            template=N_("%(name)s has no chips left: the add-on is only for players with chips."),
            params={"name": player.name},
            rule_ids=profile.cite("A10"),
        )
    _refuse_when_pool_final(state, ctx, N_("add-ons"), "A10")
    if entry.addons >= terms.max_per_entry:
        raise RuleViolation(
            template=N_("%(name)s already took the add-on for this entry."),
            params={"name": player.name},
            rule_ids=profile.cite("A10"),
        )
    reading = read_clock(state, ctx.now)
    if reading is not None and reading.started and reading.level != terms.at_level:
        raise RuleViolation(
            template=N_(
                "The add-on is sold during level %(at_level)s and the break after it, not in "
                "level %(level)s."
            ),
            params={"at_level": terms.at_level, "level": reading.level},
            rule_ids=profile.cite("A10"),
        )
    return [
        AddonBought(entry_id=entry.entry_id, name=player.name, fees=terms.fees, chips=terms.chips)
    ]


@decides(Forfeit)
def _decide_forfeit(state: TournamentState, cmd: Forfeit, ctx: Context) -> list[Event]:
    setup = _setup(state)
    profile = setup.profile
    tmpl = setup.tmpl
    rid = profile.cite("A11")
    if not profile.forfeit_allowed or not (tmpl.reentry or tmpl.rebuy):
        raise RuleViolation(
            template=N_("%(title)s has no forfeiting of stacks."),
            params={"title": tmpl.title},
            rule_ids=rid,
        )
    if tmpl.bounty_event and profile.forfeit_blocked_in_bounty:
        raise RuleViolation(
            template=N_(
                "No forfeits in a bounty event: the player must lose all his chips to re-enter."
            ),
            rule_ids=profile.cite("I5"),
        )
    player, entry = live_entry_of(state, cmd.player)
    if cmd.chips <= 0:
        raise InvalidCommand(
            template=N_("Count %(name)s's chips: they leave play (a positive count)."),
            params={"name": player.name},
        )
    if state.part(Roster).alive_count <= 1:
        raise RuleViolation(
            template=N_(
                "Someone must win: %(name)s holds the last stack in play, so it cannot be "
                "forfeited (nobody would be left in)."
            ),
            params={"name": player.name},
            rule_ids=profile.cite("G2", "A11"),
            context={"player": player.name},
        )
    if not at_forfeit_point(state, ctx.now):
        close = tmpl.registration_close(profile)
        if profile.forfeit_window is ForfeitWindow.REGISTRATION_CLOSE_POINT_ONLY:
            reading = read_clock(state, ctx.now)
            template = N_(
                "Stacks may be forfeited only when registration closes (the end of level "
                "%(close)s with the clock stopped, or the break after it)."
            )
            if reading is not None:
                template = N_(
                    "Stacks may be forfeited only when registration closes (the end of level "
                    "%(close)s with the clock stopped, or the break after it), not in level "
                    "%(level)s."
                )
            if reading is not None and reading.level == close and reading.running:
                template = N_(
                    "Stacks may be forfeited only when registration closes (the end of level "
                    "%(close)s with the clock stopped, or the break after it): stop the clock "
                    "first (the level is still running)."
                )
            raise RuleViolation(
                template=template,
                params={"close": close, "level": reading.level if reading is not None else None},
                rule_ids=rid,
                context={"close_after_level": close},
            )
        _refuse_when_closed(state, ctx, N_("forfeits"))
    return [
        StackForfeited(entry_id=entry.entry_id, name=player.name, chips=cmd.chips, at=_when(ctx))
    ]


@decides(CloseRegistration)
def _decide_close(state: TournamentState, cmd: CloseRegistration, ctx: Context) -> list[Event]:
    setup = _setup(state)
    if setup.registration_closed:
        raise RuleViolation(
            template=N_("Registration is already closed."), rule_ids=setup.profile.cite("A4")
        )
    return [RegistrationClosed(reason=cmd.reason, at=_when(ctx))]


@decides(RecordChips)
def _decide_chips(state: TournamentState, cmd: RecordChips, ctx: Context) -> list[Event]:
    _setup(state)
    if not cmd.counts:
        raise InvalidCommand(template=N_("Give at least one chip count (NAME COUNT)."))
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for ref, chips in cmd.counts:
        if chips < 0:
            raise InvalidCommand(
                template=N_("%(ref)s: a chip count cannot be negative."), params={"ref": ref}
            )
        player, entry = live_entry_of(state, ref)
        if entry.entry_id in counts:
            raise InvalidCommand(
                template=N_("%(name)s is counted twice."), params={"name": player.name}
            )
        if chips == 0:
            raise RuleViolation(
                template=N_("%(name)s has no chips: record the bust instead."),
                params={"name": player.name},
                rule_ids=state.part(Setup).profile.cite("G1"),
                context={"hint": "bust"},
            )
        counts[entry.entry_id] = chips
        names[entry.entry_id] = player.name
    return [ChipsCounted(counts=counts, names=names, note=cmd.note)]


@decides(RemoveChips)
def _decide_remove(state: TournamentState, cmd: RemoveChips, ctx: Context) -> list[Event]:
    roster = state.part(Roster)
    _setup(state)
    if cmd.chips <= 0:
        raise InvalidCommand(template=N_("Remove a positive number of chips."))
    if cmd.chips > roster.chips_in_play:
        raise InvalidCommand(
            template=N_("Only %(chips_in_play)s chips are in play; cannot remove %(chips)s."),
            params={"chips_in_play": f"{roster.chips_in_play:,}", "chips": f"{cmd.chips:,}"},
        )
    if cmd.player is None:
        return [ChipsRemoved(chips=cmd.chips, reason=cmd.reason or "removed")]
    player, entry = live_entry_of(state, cmd.player)
    if entry.stack is not None and cmd.chips > entry.stack:
        raise InvalidCommand(
            template=N_(
                "%(name)s's last recorded stack is %(stack)s: he cannot lose %(chips)s. Record "
                "his chips first."
            ),
            params={"name": player.name, "stack": f"{entry.stack:,}", "chips": f"{cmd.chips:,}"},
            rule_ids=state.part(Setup).profile.cite("K11"),
        )
    return [
        ChipsRemoved(
            chips=cmd.chips,
            reason=cmd.reason or "removed",
            entry_id=entry.entry_id,
            name=player.name,
        )
    ]


__all__ = [
    "Addon",
    "AddonBought",
    "AlternateListed",
    "ChipsCounted",
    "ChipsRemoved",
    "CloseRegistration",
    "CreateTournament",
    "EntryBought",
    "EntrySeater",
    "Forfeit",
    "PlayerAdded",
    "PrizePoolFinal",
    "Rebuy",
    "RebuyBought",
    "RecordChips",
    "Reenter",
    "Register",
    "RegistrationClosed",
    "RemoveChips",
    "StackForfeited",
    "TournamentCreated",
    "connect_seater",
]
