"""Read models of the prizes: the prize table, the bounty ledger, the deal and the standings.

Built from the prize state part and the finishing places (:mod:`.results`); what the CLI's
``pokertd prize`` and ``pokertd deal`` commands and the floor's money pages show.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pokertd.cards.evaluate import said_hand
from pokertd.errors import InvalidCommand, PokertdError
from pokertd.i18n import N_, Sentence
from pokertd.money import current_currency, format_money, minor_units
from pokertd.sheets import csv_text
from pokertd.tournament.eliminations import finish
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.entries.state import (
    Roster,
    Setup,
)
from pokertd.tournament.framework import (
    TournamentState,
)
from pokertd.tournament.prizes.bounties import (
    BountyAward,
    Knockout,
    fixed_bounty_awards,
    pko_awards,
)
from pokertd.tournament.prizes.deals import (
    DealKind,
    DealStatus,
)
from pokertd.tournament.prizes.high_hand import HighHand, winning_hands
from pokertd.tournament.prizes.mystery import (
    envelope_kinds,
    envelopes_left,
    left_by_kind,
    stage_text,
)
from pokertd.tournament.prizes.payouts import (
    Prize,
    PrizePool,
    payout_said,
    payouts,
)
from pokertd.tournament.prizes.pool import payout_entries, pool
from pokertd.tournament.prizes.results import (
    ResultsView,
    deal_amounts,
    result_row_of,
    results,
)
from pokertd.tournament.prizes.state import PrizeBook, mystery_terms, payout_table_name
from pokertd.types import Cents, Chips

# --------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True, kw_only=True)
class HighHandView:
    """The tournament high hand (FOX-HH): the prize (the event's full price), the hand(s)
    holding it and, once paid, who was paid what."""

    prize: Cents
    leaders: tuple[HighHand, ...]
    paid: tuple[tuple[str, Cents], ...] = ()
    """(name, amount) per winner once paid."""

    def line(self) -> str:
        """One sentence for the money page: ``High hand ($60): Ann, flush, king high``."""
        head = f"High hand ({format_money(self.prize)})"
        if self.paid:
            done = ", ".join(f"{name} {format_money(amount)}" for name, amount in self.paid)
            return f"{head} paid: {done}"
        if not self.leaders:
            return f"{head}: no hand of three of a kind or better yet (level 1 only)"
        who = " and ".join(h.name for h in self.leaders)
        return f"{head}: {who}, {self.leaders[0].label}"

    def said(self) -> Sentence:
        """:meth:`line` as a catalogue sentence each page says in its reader's language
        (the hand's name too, when the hand evaluator wrote it)."""
        prize = format_money(self.prize)
        if self.paid:
            done = ", ".join(f"{name} {format_money(amount)}" for name, amount in self.paid)
            return Sentence(
                N_("High hand (%(prize)s) paid: %(done)s"), {"prize": prize, "done": done}
            )
        if not self.leaders:
            return Sentence(
                N_(
                    "High hand (%(prize)s): no hand of three of a kind or better yet (level 1 only)"
                ),
                {"prize": prize},
            )
        who: str | Sentence = self.leaders[0].name
        for h in self.leaders[1:]:
            who = Sentence(N_("%(first)s and %(second)s"), {"first": who, "second": h.name})
        label = self.leaders[0].label
        hand: str | Sentence = said_hand(label) or label
        return Sentence(
            N_("High hand (%(prize)s): %(who)s, %(hand)s"),
            {"prize": prize, "who": who, "hand": hand},
        )


def high_hand_view(state: TournamentState) -> HighHandView | None:
    """The high hand where the profile runs one (``high_hand_promo``), else ``None``.

    Implements: FOX-HH (H9: prize = buy-in, fees and bounty; ties split).
    """
    setup = state.part(Setup)
    if not setup.created or not setup.profile.high_hand_promo:
        return None
    book = state.part(PrizeBook)
    prize = setup.tmpl.fees.total
    leaders = winning_hands(book.high_hands)
    paid: tuple[tuple[str, Cents], ...] = ()
    if book.high_hand_paid:
        names = {h.entry_id: h.name for h in book.high_hands}
        paid = tuple((names.get(e, e), amount) for e, amount in book.high_hand_paid.items())
    return HighHandView(prize=prize, leaders=tuple(leaders), paid=paid)


@dataclass(frozen=True, slots=True, kw_only=True)
class DealLine:
    """One player's share of a binding deal, as the payout sheet lists it."""

    name: str
    entry_id: str
    amount: Cents
    """What the deal guarantees the player (the winner adds what was left to play for)."""
    place: int | None = None
    """The player's finishing place once known (``None`` while still playing)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealSheet:
    """A binding deal on the payout sheet: it replaced the prizes of places 1 to
    ``len(players)`` (J2)."""

    kind: str
    players: tuple[DealLine, ...]
    play_for: Cents
    """Left to play for: goes to the winner on top of his deal amount."""
    places: tuple[int, ...]
    """The places whose prizes the deal divided (1 to the number of players in it)."""
    total: Cents
    """The deal amounts plus the play-for money: those places' prizes, to the cent."""

    def said(self) -> Sentence:
        """One sentence: ``Deal (chip) for places 1-3: Ann $153.82, Bob …; $0.00 to play for``."""
        shares = ", ".join(f"{p.name} {format_money(p.amount)}" for p in self.players)
        span = f"{self.places[0]}-{self.places[-1]}" if len(self.places) > 1 else "1"
        params: dict[str, str | int] = {"kind": self.kind, "places": span, "shares": shares}
        if self.play_for:
            return Sentence(
                N_(
                    "Deal (%(kind)s) for places %(places)s: %(shares)s; %(amount)s left to play for"
                ),
                params | {"amount": format_money(self.play_for)},
            )
        return Sentence(N_("Deal (%(kind)s) for places %(places)s: %(shares)s"), params)

    def line(self) -> str:
        """The deal in one English sentence (:meth:`said`)."""
        return self.said().text


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizeTable:
    """The prize pool and the payout per place for the entries so far."""

    entries: int
    table: str
    pool: PrizePool
    prizes: tuple[Prize, ...]
    """The prizes as they are now paid: the payout table's, except that a binding deal's
    places show what their holders get by the deal (a place still being played for by the
    deal's players is left out until decided; :attr:`deal` lists their amounts). Without a
    deal, the same as :attr:`schedule`."""
    note: str = ""
    """The notes in English, joined by "; " (JSON, CLI)."""
    notes: tuple[Sentence, ...] = ()
    """The notes as sentences of the catalogue (each face says them in its language)."""
    schedule_posted: bool = False
    high_hand: HighHandView | None = None
    """The tournament high hand, a house prize outside the pool (FOX-HH)."""
    schedule: tuple[Prize, ...] = ()
    """The payout table's prizes for these entries and this pool, before any deal: how many
    places are paid, what a deal divides."""
    deal: DealSheet | None = None
    """The binding deal, when one was made (J2)."""


def deal_sheet(state: TournamentState, now: datetime | None = None) -> DealSheet | None:
    """The binding deal as the payout sheet shows it, or ``None`` (J2)."""
    book = state.part(PrizeBook)
    neg = book.negotiation
    if neg is None or neg.status is not DealStatus.BINDING:
        return None
    place_of: dict[str, int] = {}
    for r in results(state, now).rows:  # tied deal players (one hand) take their places in turn
        taken = sum(1 for p in place_of.values() if p in r.places)
        place_of[r.entry_id] = r.places[min(taken, len(r.places) - 1)]
    t = neg.terms
    lines = tuple(
        DealLine(name=name, entry_id=eid, amount=amount, place=place_of.get(eid))
        for eid, name, amount in zip(book.deal_entries, t.players, t.amounts, strict=True)
    )
    return DealSheet(
        kind=t.kind.value,
        players=lines,
        play_for=t.play_for,
        places=tuple(range(1, len(lines) + 1)),
        total=sum(t.amounts) + t.play_for,
    )


def prize_table(state: TournamentState, now: datetime | None = None) -> PrizeTable:
    """Pool and payouts now (the posted table, else the template's, else the profile's);
    after a binding deal, its places as the deal made them (J2): every sheet shows what is
    actually paid."""
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("The tournament has not been created."))
    roster = state.part(Roster)
    made = pool(state)
    name = payout_table_name(state)
    prizes: tuple[Prize, ...] = ()
    notes: list[Sentence] = []
    if roster.entry_count == 0:
        notes.append(Sentence(N_("no entries yet")))
    elif made.net <= 0:
        notes.append(
            Sentence(N_("no prize money in this event"))
            if setup.tmpl.free
            else Sentence(N_("no prize pool yet"))
        )
    else:
        prizes = payouts(
            payout_entries(state),
            made.net,
            profile=setup.profile,
            table=name,
            min_cash=setup.tmpl.fees.prize_pool,
        )
        beyond = payout_said(payout_entries(state), profile=setup.profile, table=name)  # H4
        if beyond is not None:
            notes.append(beyond)
    book = state.part(PrizeBook)
    if setup.profile.payout_schedule_posted_in_advance:
        h2: dict[str, str | int] = {"rule": setup.profile.citation("H2")}
        if not book.schedule_posted:
            notes.append(
                Sentence(N_("the prize schedule must be posted before play starts (%(rule)s)"), h2)
            )
        elif book.posted_late:
            notes.append(
                Sentence(N_("the prize schedule was posted after play started (%(rule)s)"), h2)
            )
    deal = deal_sheet(state, now)
    shown = prizes
    if deal is not None:
        covered = set(deal.places)
        by_place: dict[int, Cents] = {}
        for line in deal.players:
            if line.place is not None:
                by_place[line.place] = line.amount + (deal.play_for if line.place == 1 else 0)
        shown = tuple(
            sorted(
                [p for p in prizes if p.place not in covered]
                + [Prize(place=n, amount=a) for n, a in by_place.items()],
                key=lambda p: p.place,
            )
        )
        notes.append(deal.said())
    return PrizeTable(
        entries=payout_entries(state),
        table=name,
        pool=made,
        prizes=shown,
        note="; ".join(n.text for n in notes),
        notes=tuple(notes),
        schedule_posted=state.part(PrizeBook).schedule_posted,
        high_hand=high_hand_view(state),
        schedule=prizes,
        deal=deal,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyLine:
    """A knockout's bounty money, for the ledger."""

    eliminated: str
    collector: str
    cash: Cents
    added_to_bounty: Cents = 0
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyLedger:
    """Every bounty paid so far, each player's total, and (PKO) each head now."""

    progressive: bool
    lines: tuple[BountyLine, ...]
    cash_by_entry: dict[str, Cents]
    heads: dict[str, Cents]
    uncollected: tuple[str, ...]
    """Names of busted players whose eliminator was not recorded."""
    uncollected_cents: Cents = 0
    """The bounty money of those knockouts (fixed bounties and mystery envelopes; ``0`` for
    progressive ones): collected + on heads + uncollected is the bounty money taken."""


def bounty_ledger(state: TournamentState) -> BountyLedger:
    """Replay every bust in order and pay its bounty by the profile (fixed or PKO).

    The eliminator recorded with the bust collects; a split recorded with
    :class:`RecordBountyWinners` is shared by ``bounty_split_rule``. Busts of one hand
    use the bounties as they were at the start of that hand (PKO). The winner collects his
    own bounty once the event is decided.
    """
    setup = state.part(Setup)
    roster = state.part(Roster)
    book = state.part(PrizeBook)
    value = setup.tmpl.fees.bounty if setup.created else 0
    names = {e.entry_id: e.name for e in roster.entries.values()}
    heads: dict[str, Cents] = dict.fromkeys(roster.entries, value)
    cash: dict[str, Cents] = {}
    lines: list[BountyLine] = []
    uncollected: list[str] = []
    if value <= 0:
        return BountyLedger(
            progressive=book.progressive_bounties,
            lines=(),
            cash_by_entry={},
            heads={},
            uncollected=(),
        )
    profile = setup.profile
    groups: dict[str, list[Knockout]] = {}
    order: list[str] = []
    mystery = mystery_terms(state) is not None
    held: Cents = 0  # the bounty money of knockouts nobody is recorded to collect
    if mystery:  # each knockout's envelope, none before the stage (issue 26); no heads
        fixed = {_index(e): v for e, (_, v) in book.mystery_drawn.items()}
        heads = {}
    else:
        fixed = {_index(e): value for e in roster.entries}  # every head, read only: built once
    for out in roster.out:
        if mystery and out.entry_id not in book.mystery_drawn:
            continue  # before the stage (or the pool ran dry): the money stays in the pool
        winners = book.bounty_winners.get(out.entry_id)
        if winners is None:
            winners = (out.eliminator,) if out.eliminator else ()
        if not winners:
            uncollected.append(names[out.entry_id])
            if not book.progressive_bounties:
                held += fixed.get(_index(out.entry_id), 0)
            continue
        if out.group not in groups:
            groups[out.group] = []
            order.append(out.group)
        groups[out.group].append(Knockout(_index(out.entry_id), tuple(_index(w) for w in winners)))
    for group in order:
        kos = groups[group]
        # winners are stored clockwise from the button: seat them 1..k after a button at 0
        awards: tuple[BountyAward, ...] | list[BountyAward]
        try:
            if book.progressive_bounties:
                result = pko_awards(
                    kos,
                    {_index(e): h for e, h in heads.items()},
                    profile=profile,
                    button=0,
                    seat_order=_seat_order(kos),
                )
                awards = result.awards
                heads = {_entry(s): h for s, h in result.bounties.items()}
            else:
                awards = fixed_bounty_awards(
                    kos,
                    fixed,
                    profile=profile,
                    button=0,
                    seat_order=_seat_order(kos),
                )
        except PokertdError:
            # a record the rules cannot pay (e.g. a collector already out): leave it to the
            # floor to correct with ``pokertd bounty``
            uncollected.extend(names[_entry(ko.eliminated)] for ko in kos)
            if not book.progressive_bounties:
                held += sum(fixed.get(ko.eliminated, 0) for ko in kos)
            continue
        for award in awards:
            collector = _entry(award.collector)
            cash[collector] = cash.get(collector, 0) + award.cash
            lines.append(
                BountyLine(
                    eliminated=names[_entry(award.eliminated)],
                    collector=names[collector],
                    cash=award.cash,
                    added_to_bounty=award.added_to_bounty,
                )
            )
    alive = roster.alive()
    if len(alive) == 1 and roster.out:
        champion = alive[0].entry_id
        own = heads.get(champion, value) if book.progressive_bounties else value
        note = "the winner collects his own bounty"
        if mystery:  # the envelopes left and the money no envelope holds (issue 26)
            drawn = sum(v for _, v in book.mystery_drawn.values())
            own = roster.paid_in.bounty - drawn
            note = "the winner collects the envelopes left and the bounty money in none"
        cash[champion] = cash.get(champion, 0) + own
        lines.append(
            BountyLine(
                eliminated=names[champion],
                collector=names[champion],
                cash=own,
                note=note,
            )
        )
        heads.pop(champion, None)
    live = {e.entry_id for e in alive}
    return BountyLedger(
        progressive=book.progressive_bounties,
        lines=tuple(lines),
        cash_by_entry=cash,
        heads={e: h for e, h in heads.items() if e in live},
        uncollected=tuple(uncollected),
        uncollected_cents=held,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class MysteryDraw:
    """One envelope drawn, for the TV line and the prize sheet."""

    eliminated: str
    collectors: tuple[str, ...]
    """Who collects it (the eliminator, or the players who split the pot); empty while
    nobody is recorded."""
    value: Cents

    def said(self) -> Sentence:
        """``Ann won a $1,000.00 mystery bounty from Bob``, as a sentence of the catalogue."""
        params: dict[str, str | int] = {
            "amount": format_money(self.value),
            "player": self.eliminated,
        }
        if not self.collectors:
            return Sentence(N_("A %(amount)s mystery bounty was drawn for %(player)s"), params)
        if len(self.collectors) == 1:
            return Sentence(
                N_("%(who)s won a %(amount)s mystery bounty from %(player)s"),
                params | {"who": self.collectors[0]},
            )
        return Sentence(
            N_("%(who)s and %(other)s won a %(amount)s mystery bounty from %(player)s"),
            params | {"who": ", ".join(self.collectors[:-1]), "other": self.collectors[-1]},
        )

    def line(self) -> str:
        """``Ann won a $1,000.00 mystery bounty from Bob`` (English)."""
        return self.said().text


@dataclass(frozen=True, slots=True, kw_only=True)
class MysteryView:
    """The mystery-bounty pool (issue 26): posted, drawn, left, and the money behind it."""

    stage: str
    """``from level 9`` or ``from the money``."""
    posted: tuple[tuple[Cents, int], ...]
    """``(value, count)`` posted, largest first."""
    left: tuple[tuple[Cents, int], ...]
    """``(value, count)`` still in the pool."""
    draws: tuple[MysteryDraw, ...]
    """Envelopes drawn, in draw order."""
    posted_total: Cents
    drawn_total: Cents
    left_total: Cents
    collected: Cents
    """Bounty money taken in (every buy-in's bounty part)."""
    not_in_envelopes: Cents
    """Bounty money no envelope holds (``collected - posted_total``; negative when the
    envelopes were posted for more entries than came): the winner collects it."""

    @property
    def last(self) -> MysteryDraw | None:
        """The latest envelope drawn (what the TV shows)."""
        return self.draws[-1] if self.draws else None


def mystery_view(state: TournamentState) -> MysteryView | None:
    """The mystery-bounty pool, or ``None`` when the event has none posted (issue 26)."""
    book = state.part(PrizeBook)
    terms = mystery_terms(state)
    if terms is None:
        return None
    roster = state.part(Roster)
    names = {e.entry_id: e.name for e in roster.entries.values()}
    eliminator = {o.entry_id: o.eliminator for o in roster.out}
    draws = []
    for eid, (_, value) in book.mystery_drawn.items():
        winners = book.bounty_winners.get(eid)
        if winners is None:
            by = eliminator.get(eid)
            winners = (by,) if by else ()
        draws.append(
            MysteryDraw(
                eliminated=names.get(eid, eid),
                collectors=tuple(names.get(w, w) for w in winners),
                value=value,
            )
        )
    values = terms.envelopes
    left = envelopes_left(values, (i for i, _ in book.mystery_drawn.values()))
    collected = roster.paid_in.bounty
    return MysteryView(
        stage=stage_text(terms.from_level, terms.in_the_money),
        posted=envelope_kinds(values),
        left=left_by_kind(values, book.mystery_drawn),
        draws=tuple(draws),
        posted_total=sum(values),
        drawn_total=sum(v for _, v in book.mystery_drawn.values()),
        left_total=sum(values[i] for i in left),
        collected=collected,
        not_in_envelopes=collected - sum(values),
    )


def _index(entry_id: str) -> int:
    """Entry ids (``E12``) as ints for the bounty functions, which work on seats."""
    return int(entry_id.lstrip("E"))


def _entry(index: int) -> str:
    return f"E{index}"


def _seat_order(kos: list[Knockout]) -> list[int]:
    """A pretend table where each knockout's winners sit clockwise from a button at 0 in
    the recorded order (the floor records them clockwise from the button)."""
    order = [0]
    for ko in kos:
        for w in ko.winners:
            if w not in order:
                order.append(w)
    return order


@dataclass(frozen=True, slots=True, kw_only=True)
class DealView:
    """The deal under discussion or made."""

    status: DealStatus
    kind: DealKind
    players: tuple[str, ...]
    stacks: tuple[Chips, ...]
    amounts: tuple[Cents, ...]
    play_for: Cents
    remaining_pool: Cents
    accepted: tuple[str, ...]
    waiting_for: tuple[str, ...]
    requires_approval: bool
    approved_by: str | None
    rejected_by: str | None


def deal_view(state: TournamentState) -> DealView | None:
    """The current deal, or ``None`` when none was proposed."""
    neg = state.part(PrizeBook).negotiation
    if neg is None:
        return None
    t = neg.terms
    return DealView(
        status=neg.status,
        kind=t.kind,
        players=t.players,
        stacks=t.stacks,
        amounts=t.amounts,
        play_for=t.play_for,
        remaining_pool=t.remaining_pool,
        accepted=tuple(p for p in t.players if p in neg.accepted),
        waiting_for=neg.waiting_for,
        requires_approval=neg.requires_approval,
        approved_by=neg.approved_by,
        rejected_by=neg.rejected_by,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    """One player's result: place, prize (deal amount where a deal replaced it), bounties."""

    place: int | None
    places: tuple[int, ...]
    name: str
    entry_id: str
    status: str
    prize: Cents
    deal: Cents | None
    bounties: Cents
    total: Cents
    note: str = ""
    paid: bool = False
    """The prize was paid (a receipt exists)."""
    waits: str = ""
    """Why the prize cannot be paid yet (its place is not final, H2)."""


def standings(state: TournamentState, now: datetime | None = None) -> tuple[StandingRow, ...]:
    """Players still in first (unplaced), then everyone by place: prize, deal, bounties.

    A binding deal replaces its players' prizes by the deal amounts; the winner adds what
    was left to play for.
    """
    roster = state.part(Roster)
    view = results(state, now)
    ledger = bounty_ledger(state)
    deal_amount, _ = deal_amounts(state)
    rows: list[StandingRow] = []
    placed = {r.entry_id for r in view.rows}
    for e in roster.entries.values():
        if e.entry_id in placed or e.status is not EntryStatus.ALIVE:
            continue
        deal = deal_amount.get(e.entry_id)
        bounty = ledger.cash_by_entry.get(e.entry_id, 0)
        rows.append(
            StandingRow(
                place=None,
                places=(),
                name=e.name,
                entry_id=e.entry_id,
                status=e.status.value,
                prize=deal or 0,
                deal=deal,
                bounties=bounty,
                total=(deal or 0) + bounty,
                note="still playing" + (" (deal made)" if deal is not None else ""),
            )
        )
    for r in view.rows:
        prize = r.prize_cents or 0  # the deal amount where a deal was made (results)
        deal = r.deal_cents
        note = r.note
        bounty = ledger.cash_by_entry.get(r.entry_id, 0)
        rows.append(
            StandingRow(
                place=r.place,
                places=r.places,
                name=r.name,
                entry_id=r.entry_id,
                status=r.status,
                prize=prize,
                deal=deal,
                bounties=bounty,
                total=prize + bounty,
                note=note,
                paid=r.paid,
                waits=r.waits,
            )
        )
    return tuple(rows)


def entry_standings(
    state: TournamentState, entry_ids: Iterable[str], now: datetime | None = None
) -> dict[str, StandingRow]:
    """Entry id -> the row :func:`standings` gives it, for ``entry_ids`` only (an entry
    with no row, disqualified before it finished, is left out).

    Paying one finisher (:class:`~.log.PayPrize`) reads his entries' rows: each placed one
    from its own bust group (:func:`.results.result_row_of`), so the 1,573rd payment at a
    10,000-entry festival costs what the first did (issue 25). Where a row depends on the
    whole field — a binding deal (J2), the end by chip count (NJ-6b), an entry still in
    once the event is decided (the winner) — the standings are built after all.
    """
    wanted = list(dict.fromkeys(entry_ids))
    roster = state.part(Roster)
    whole = deal_amounts(state)[0] or roster.final_counts is not None
    if not whole and any(roster.entries[e].status is EntryStatus.ALIVE for e in wanted):
        whole = finish(state, now).finished
    if whole:
        rows = {r.entry_id: r for r in standings(state, now)}
        return {e: rows[e] for e in wanted if e in rows}
    setup = state.part(Setup)
    bounty_of: dict[str, Cents] = {}
    if setup.created and setup.tmpl.fees.bounty > 0:
        bounty_of = bounty_ledger(state).cash_by_entry
    found: dict[str, StandingRow] = {}
    for eid in wanted:
        entry = roster.entries[eid]
        bounty = bounty_of.get(eid, 0)
        if entry.status is EntryStatus.ALIVE:
            found[eid] = StandingRow(
                place=None,
                places=(),
                name=entry.name,
                entry_id=eid,
                status=entry.status.value,
                prize=0,
                deal=None,
                bounties=bounty,
                total=bounty,
                note="still playing",
            )
            continue
        if entry.status is EntryStatus.DISQUALIFIED:
            continue  # never ranked (G2): no row
        r = result_row_of(state, eid, now)
        if r is None:
            continue
        prize = r.prize_cents or 0
        found[eid] = StandingRow(
            place=r.place,
            places=r.places,
            name=r.name,
            entry_id=eid,
            status=r.status,
            prize=prize,
            deal=r.deal_cents,
            bounties=bounty,
            total=prize + bounty,
            note=r.note,
            paid=r.paid,
            waits=r.waits,
        )
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneyPosition:
    """Where the money stands now, in cents: what the night owes, has paid and holds.

    Invariants (checked by the tests of whole nights after every command): nobody is paid
    more than he is owed (:attr:`overpaid` empty); what is owed plus what the deal still
    guarantees never exceeds the net prize pool (:attr:`undecided` never negative); once
    the event is over, prizes and deal amounts add up to the pool to the cent
    (:attr:`balanced`), and bounties owed to the bounty money collected unless an
    eliminator is missing.
    """

    pool: Cents
    """The net prize pool (after withholding, with any overlay): what the places split."""
    owed: Cents
    """Prizes owed to the finishers placed so far (deal amounts for the deal's players)."""
    promised: Cents
    """What a binding deal still guarantees to players still in, with the play-for money
    while nobody has won it."""
    undecided: Cents
    """The rest of the pool, still played for by place: ``pool - owed - promised``."""
    paid: Cents
    """Prizes paid (receipts), bounties not included."""
    unpaid: Cents
    """Owed and not paid yet: ``owed - paid``."""
    bounty_money: Cents
    """Bounty fees collected (paid out through the bounty chips, outside the pool: I6)."""
    bounties_owed: Cents
    """Bounties collected so far by the players (the ledger)."""
    bounties_paid: Cents
    withheld: Cents
    """The house's withholding from the pool (H3), as the profile says."""
    finished: bool
    balanced: bool
    """Over, and the prizes owed are the whole pool to the cent."""
    overpaid: tuple[str, ...] = ()
    """Players paid more than they are owed now (must stay empty)."""
    waiting: tuple[str, ...] = ()
    """Players owed a prize that cannot be paid yet (their place is not final)."""

    def line(self) -> str:
        """One line for the floor: ``Pool $600.00: owed $600.00, paid $230.00, unpaid …``."""
        text = (
            f"Pool {format_money(self.pool)}: owed {format_money(self.owed)}, "
            f"paid {format_money(self.paid)}, unpaid {format_money(self.unpaid)}"
        )
        if self.promised:
            text += f", promised by the deal {format_money(self.promised)}"
        if self.undecided:
            text += f", still played for {format_money(self.undecided)}"
        return text


def money_position(
    state: TournamentState, now: datetime | None = None, view: ResultsView | None = None
) -> MoneyPosition:
    """The money position now: owed, paid, promised, still played for (H2, J2, I6).

    One function for the faces (status, the console's money page, ``pokertd status``) and
    for the tests of whole nights, so the figures are computed once. ``view`` is
    :func:`.results.results` at ``now`` when the caller has it already.
    """
    if view is None:
        view = results(state, now)
    book = state.part(PrizeBook)
    ledger = bounty_ledger(state)
    deal_of, play_for = deal_amounts(state)
    placed = {r.entry_id: r for r in view.rows}
    owed = sum(r.prize_cents or 0 for r in view.rows)
    promised = sum(a for e, a in deal_of.items() if e not in placed)
    if deal_of and not any(r.place == 1 and r.entry_id in deal_of for r in view.rows):
        promised += play_for
    paid = sum(p.amount for p in book.paid.values())
    overpaid = tuple(
        p.name
        for eid, p in book.paid.items()
        if p.amount > ((placed[eid].prize_cents or 0) if eid in placed else 0)
    )
    made = pool(state)
    setup = state.part(Setup)
    end = finish(state, now)
    fees = state.part(Roster).paid_in.bounty if setup.created else 0  # kept as folded (H1)
    return MoneyPosition(
        pool=made.net,
        owed=owed,
        promised=promised,
        undecided=made.net - owed - promised,
        paid=paid,
        unpaid=owed - paid,
        bounty_money=fees,
        bounties_owed=sum(ledger.cash_by_entry.values()),
        bounties_paid=sum(p.bounty for p in book.paid.values()),
        withheld=made.withheld,
        finished=end.finished,
        balanced=end.finished and owed == made.net,
        overpaid=overpaid,
        waiting=tuple(r.name for r in view.rows if r.waits),
    )


STANDINGS_COLUMNS = (
    "place",
    "name",
    "entry",
    "status",
    "prize",
    "deal",
    "bounties",
    "total",
    "note",
)


def standings_csv(rows: tuple[StandingRow, ...]) -> str:
    """The standings as CSV (amounts as plain decimals of the event's currency: ``1140.72``
    dollars, ``114072`` yen; the service's read names it, :func:`pokertd.money.money_scope`),
    through the one cell writer (:func:`pokertd.sheets.csv_text`: a name like ``=1+2`` is
    written as text)."""
    units = minor_units(current_currency())

    def dollars(cents: Cents | None) -> str:
        if cents is None:
            return ""
        return f"{cents // 10**units}.{cents % 10**units:0{units}d}" if units else str(cents)

    def place(r: StandingRow) -> str:
        if r.place is None:
            return ""
        return str(r.place) if len(r.places) <= 1 else f"{r.places[0]}-{r.places[-1]}"

    return csv_text(
        STANDINGS_COLUMNS,
        (
            [
                place(r),
                r.name,
                r.entry_id,
                r.status,
                dollars(r.prize),
                dollars(r.deal),
                dollars(r.bounties),
                dollars(r.total),
                r.note,
            ]
            for r in rows
        ),
    )


def standings_json(rows: tuple[StandingRow, ...]) -> list[dict[str, Any]]:
    """The standings as JSON objects (amounts in cents)."""
    return [
        {
            "place": r.place,
            "places": list(r.places),
            "name": r.name,
            "entry": r.entry_id,
            "status": r.status,
            "prize": r.prize,
            "deal": r.deal,
            "bounties": r.bounties,
            "total": r.total,
            "note": r.note,
        }
        for r in rows
    ]


def remaining_prizes(state: TournamentState) -> tuple[Cents, ...]:
    """The prizes still to be won by the players left, first place first (the payout
    table's: what a deal divides)."""
    roster = state.part(Roster)
    table = prize_table(state)
    left = roster.alive_count
    return tuple(p.amount for p in table.schedule if p.place <= left)


__all__ = [
    "STANDINGS_COLUMNS",
    "BountyLedger",
    "BountyLine",
    "DealLine",
    "DealSheet",
    "DealView",
    "HighHandView",
    "MoneyPosition",
    "MysteryDraw",
    "MysteryView",
    "PrizeTable",
    "StandingRow",
    "bounty_ledger",
    "deal_sheet",
    "deal_view",
    "entry_standings",
    "high_hand_view",
    "money_position",
    "mystery_view",
    "prize_table",
    "remaining_prizes",
    "standings",
    "standings_csv",
    "standings_json",
]
