"""After a hand of a simulated night: the hand reported to the core (the button moves on,
checked against the one it was dealt with, D1; a stud hand moves no button, C7), the
players out of chips rebuy or are busted — one ``Bust`` per eliminator, all naming the
same hand so the core ranks them (G1, G3, SPOT-6.14) — split bounties recorded (I4),
re-entries on their way (A8), and the money reached noted.
"""

from __future__ import annotations

from pokertd.sim.invariants import SimulationError
from pokertd.sim.pieces import NightLike
from pokertd.sim.table import Dealt, Out
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Roster
from pokertd.tournament.prizes import (
    PotOutcome,
    RecordBountyWinners,
    knockouts_from_pots,
    places_paid,
)
from pokertd.tournament.seating import HandsPlayed, PlayHands


class Busts:
    """The floor's commands after each hand: the hand played, then who is out."""

    def __init__(self, night: NightLike) -> None:
        self.n = night
        self.paid_cache: tuple[tuple[int, int, int], int | None] | None = None
        """``((entries, rebuys, add-ons), places paid)`` last worked out."""

    def hand_played(self, dealt: Dealt, hand_name: str | None) -> None:
        """Tell the core the hand was played (the button moves on), then the busts.

        A stud hand is reported with its game: the core freezes the button during a mixed
        event's stud round where it would be for the next board-game hand and leaves it
        there (TNPL-B6iii, FOX-10B; catalogue C7)."""
        n = self.n
        number, positions = dealt.number, dealt.positions
        if positions is None:
            n.run(PlayHands(table=number, game=dealt.game))
            if dealt.result.eliminated:
                self.busts(dealt, hand_name)
            return
        records = n.run(PlayHands(table=number, game=dealt.game))
        moved = next(r.event for r in records if isinstance(r.event, HandsPlayed))
        if moved.button != positions.button + 1 and n.seats_known(number):
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                f"Table {number}: the hand was dealt with the button in seat "
                f"{positions.button + 1}, the tournament moved it to seat {moved.button}."
            )
        if dealt.result.eliminated:
            self.busts(dealt, hand_name)

    def busts(self, dealt: Dealt, hand_name: str | None) -> None:
        """Players out of chips in the hand ``dealt``: rebuys where they may, then the busts
        (G1, G3), ranked by the cards of that hand (SPOT-6.14) — during hand-for-hand every
        table has dealt before the first reports, so the ranks come with the hand."""
        n = self.n
        result, players, ranks = dealt.result, dealt.players, dealt.ranks
        pots = tuple(
            PotOutcome(pot.amount, pot.eligible, tuple(s for s, a in pot.awards if a > 0))
            for pot in result.pots
        )
        seats = [e.seat for e in result.eliminated]
        winners = {ko.eliminated: ko.winners for ko in knockouts_from_pots(pots, seats)}
        names = n.ledger.names
        outs: list[Out] = []
        for e in result.eliminated:
            entry_id = players[e.seat]
            assert entry_id is not None
            if n.desk.rebuy(entry_id):
                continue
            won = winners.get(e.seat, ())
            outs.append(
                Out(
                    entry_id=entry_id,
                    name=names[entry_id],
                    start_stack=e.start_stack,
                    winners=tuple(names[p] for s in won if (p := players[s]) is not None),
                    seats=won,
                    hand_rank=ranks.get(e.seat),
                )
            )
        if outs:
            n.bust(outs, hand_name, dealt.button)

    def record(self, outs: list[Out], hand_name: str | None, button: int) -> None:
        """The floor's commands for the players ``outs`` of one hand (``hand_name``; during
        hand-for-hand ``None``: the clock names the hand)."""
        n = self.n
        label = hand_name if hand_name is not None else f"hand-for-hand hand {n.floor.hfh.round}"
        for o in outs:
            n.checks.hand_of[o.entry_id] = label
        groups: dict[tuple[str, ...], list[Out]] = {}
        for o in outs:
            groups.setdefault(o.winners, []).append(o)
        for winners, group in groups.items():
            ranks = tuple(o.hand_rank or 0 for o in group) if len(outs) > 1 else ()
            bust = Bust(
                players=tuple(o.name for o in group),
                eliminator=winners[0] if winners else None,
                hand=hand_name,
                start_stacks=tuple(o.start_stack for o in group),
                hand_ranks=ranks if all(ranks) else (),
            )
            n.record_bust(bust, group)
            if len(winners) > 1 and n.tmpl.bounty_event:
                for o in group:
                    n.run(
                        RecordBountyWinners(
                            player=o.name,
                            winners=winners,
                            button_seat=button + 1,
                            winner_seats=tuple(s + 1 for s in o.seats),
                        )
                    )
        n.watch(f"the bust of {', '.join(o.name for o in outs)} ({label})")

    def gone(self, outs: list[Out], *, reentries: bool) -> None:
        """The players ``outs`` leave the tables; re-entries are on their way."""
        n = self.n
        for o in outs:
            n.ledger.leave(o.entry_id)
            if reentries:
                n.desk.comes_back(o.name)
        n.mark_left()
        n.floor.dirty = True
        paid = self.paid_places()
        marks = n.marks
        if (
            marks.money_at is None
            and marks.registration_closed_at is not None
            and paid is not None
            and n.ledger.left() <= paid
        ):
            marks.money_at = int(n.time.t)
            marks.money_level = marks.last_level
        if n.progress is not None:
            entries = n.st.part(Roster).entry_count
            n.progress(entries - n.ledger.left(), entries)

    def paid_places(self) -> int | None:
        """How many places the event pays with the entries sold so far (its payouts);
        worked out again only when entries, rebuys or add-ons were sold."""
        n = self.n
        state = n.st
        key = (state.part(Roster).entry_count, n.desk.rebuys, n.desk.addons)
        if self.paid_cache is not None and self.paid_cache[0] == key:
            return self.paid_cache[1]
        paid = places_paid(state)
        self.paid_cache = (key, paid)
        return paid


__all__ = ["Busts"]
