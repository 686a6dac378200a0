"""The director's decisions on a simulated night: what the floor does when the console
prompts — seat the alternates (A12), the moves due (balancing, table breaks, the final
table: C1, C3-C6, C9, C10), confirmed as the console shows them or made by hand when the
core will not make them as suggested, hand-for-hand from one table before the money to
the bubble (B10), the scheduled colour-ups table by table (B11/B12) and the chip counts at
every level end.

Nothing is decided beside the core: the plans, seats, buttons and the chip race are read
back from the tournament's state and events, and every command goes through the night's
console to :mod:`pokertd.app`. The careless floor changes these habits through the
night's hooks (:class:`pokertd.sim.night.Night`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.rules import ColorUpMethod
from pokertd.sim.bubble import Bubble
from pokertd.sim.pieces import NightLike
from pokertd.sim.table import Out
from pokertd.tournament.clock import ColoredUp, ColorUp, view
from pokertd.tournament.entries import RecordChips, Roster
from pokertd.tournament.framework import EventRecord
from pokertd.tournament.seating import (
    BreakTable,
    ConfirmMove,
    ConfirmMoves,
    DrawButtons,
    FinalTableDrawn,
    MovesSuggested,
    Redraw,
    SuggestMoves,
    Tables,
    moves_due,
)


def move_ids(records: Sequence[EventRecord]) -> tuple[int, ...]:
    """The ids of the moves a suggestion (or a table break) put to the floor."""
    return tuple(
        m.move_id for r in records if isinstance(r.event, MovesSuggested) for m in r.event.moves
    )


class Floor:
    """The floor's answers to the console's prompts: moves, the final table,
    hand-for-hand, colour-ups, chip counts."""

    def __init__(self, night: NightLike) -> None:
        self.n = night
        self.dirty = False
        """Something changed (an entry, a bust) since the moves were last looked at."""
        self.hfh = Bubble(night)
        """Hand-for-hand at the bubble (B10)."""
        self.by_hand = 0
        """Times the suggested moves were refused and the floor made them by hand."""
        self.core_errors: list[str] = []
        """Commands the core crashed on (a bug in the core, reported in the notes)."""
        self.colour_ups = 0
        self.colour_ups_done: set[int] = set()
        """The breaks (by the level before them) whose colour-up was done."""
        self.chips_recorded_for = 0
        """The last level whose end the chip counts were recorded for."""
        self.held_for: int | None = None
        """A table whose next hand the waiting moves wait for (C6: its open seats are next
        hand's small blind or button): the floor confirms again once it has dealt, rather
        than after every bust elsewhere (a 5,000-entry night retried 400 times)."""

    # -- the console's prompts ------------------------------------------------------------

    def prompts(self) -> None:
        """Do what the console prompts for after a change: seat alternates, the moves
        due (balance, table break, final table), hand-for-hand on or off."""
        n = self.n
        if not self.dirty:
            self.hfh.switch()
            return
        if n.st.part(Roster).alternates:
            n.desk.seat_alternates()
        for _ in range(20):
            pending = n.st.part(Tables).pending
            if pending and self.held_for is not None:
                seating = n.st.part(Tables).seating
                if seating is not None and self.held_for in seating.tables:
                    break  # the moves wait for that table's next hand (C6)
                self.held_for = None  # the table closed: ask again
            if pending:
                # Moves left waiting (a confirmation was refused): ask again, which
                # replaces the stale ones, and confirm.
                records = n.try_run(SuggestMoves())
                ids = tuple(sorted(pending)) if records is None else move_ids(records)
                if not self.confirm(ids):
                    break
                continue
            due = moves_due(n.st)
            if due is None or due.waits_for_a_hand:
                self.dirty = False
                break
            if n.walks_away(due):
                self.dirty = False
                break
            if due.final_table:
                redraw = Redraw(plan=due.plan)  # the draw the console shows
                self.final_table_drawn(n.run(redraw))
                n.confirmed(redraw)
                continue
            # the plan the console shows, seat for seat (a table break, balancing)
            found = n.try_run(SuggestMoves(plan=due.plan))
            if found is None:
                break  # blocked (C6): a hand must be played first; ask again after it
            if not self.confirm(move_ids(found)):
                break
        self.sync_tables()
        self.hfh.switch()

    def final_table_drawn(self, records: Sequence[EventRecord]) -> None:
        """The final table was drawn (C9, C10): when, and its button drawn if the redraw
        did not place it."""
        n = self.n
        drawn = next(r.event for r in records if isinstance(r.event, FinalTableDrawn))
        n.marks.final_table(n.time.t)
        if drawn.button is None:
            n.try_run(DrawButtons())

    def confirm(self, ids: tuple[int, ...]) -> bool:
        """Confirm every move at once ("Confirm all"), buttons drawn first where the console
        asks for them; a move the core will not make as suggested is made by hand, as a
        floorperson would: the player due the big blind, the first seat the rules accept.
        ``False`` when the floor must ask for new moves."""
        if not ids:
            return True
        n = self.n
        part = n.st.part(Tables)
        for move_id in ids:
            move = part.pending.get(move_id)
            if move is not None and move.from_table in n.tables.ready:
                _, mask = n.at_table(move.from_table)
                if not mask:
                    # A suggestion from a table that has emptied since: the floor closes
                    # the empty table, then asks for the moves again.
                    n.try_run(BreakTable(table=move.from_table))
                    self.sync_tables()
                    return False
        if self._confirm_all(ids):
            return True
        if self.held_for is not None:
            return False  # no seat takes a moved player until that table deals (C6)
        n.try_run(DrawButtons())
        if self._confirm_all(ids):
            return True
        self.by_hand += 1
        return all(self._confirm_by_hand(move_id) for move_id in ids)

    def _confirm_all(self, ids: tuple[int, ...]) -> bool:
        """``ConfirmMoves``; a crash of the core is noted (it is a bug to report), and the
        floor asks again."""
        confirm = ConfirmMoves(moves=ids)
        try:
            records, refused = self.n.attempt(confirm)
        except (IndexError, KeyError, ValueError) as exc:
            self.core_errors.append(f"ConfirmMoves {list(ids)} crashed: {exc!r}")
            return False
        if records is None:
            context = {} if refused is None else refused.context
            if context.get("hint") == "play_hands" and "table" in context:
                self.held_for = int(context["table"])
            return False
        self.n.confirmed(confirm)
        return True

    def dealt(self, number: int) -> None:
        """Table ``number`` dealt a hand: moves waiting for it may be confirmed now."""
        if self.held_for == number:
            self.held_for = None

    def _confirm_by_hand(self, move_id: int) -> bool:
        """One move with its player and seat named (``ConfirmMove``)."""
        n = self.n
        part = n.st.part(Tables)
        move = part.pending.get(move_id)
        seating = part.seating
        if move is None or seating is None:
            return True
        source = seating.tables.get(move.from_table)
        target = seating.tables.get(move.to_table)
        if source is None or target is None:
            return False
        player = move.player
        if player is None:
            players, mask = n.at_table(move.from_table)
            due = seating.due_big_blind(move.from_table)
            if due is None and mask.bit_count() >= 2 and source.button.known:
                due = players[source.button.next_hand(mask).big_blind_seat]
            if due is None:
                due = next(p for p in players if p is not None)
            player = due
        name = n.ledger.names[player]
        seats = [move.to_seat] if move.to_seat is not None else []
        seats += [s for s in range(target.n_seats) if target.players[s] is None]
        for seat in seats:
            if n.try_run(ConfirmMove(move_id=move_id, player=name, seat=seat + 1)):
                return True
        return False

    def sync_tables(self) -> None:
        """Tables opened (late seats, the final table) join the deal; broken ones leave."""
        n = self.n
        seating = n.st.part(Tables).seating
        if seating is None:
            return
        n.tables.sync(seating.tables, n.time.t)
        if len(seating.tables) == 1:
            n.marks.final_table(n.time.t)

    def period_started(self, level: int, on_break: bool) -> None:
        """What the floor does when the clock reaches a new level or break: chip counts
        at the level's end, the colour-up of the break, the add-on; the closing noted."""
        n = self.n
        key = (level, on_break)
        if n.periods.seen == key:
            return
        n.periods.seen = key
        finished = level - 1 if not on_break else level
        if finished > self.chips_recorded_for:
            self.chips_recorded_for = finished
            self.record_chips(f"end of level {finished}")
        if n.marks.registration_closed_at is None:
            reading = view(n.periods.clock(), n.time.now())
            if reading.started and not reading.registration_open:
                n.marks.registration_closed_at = int(n.periods.start)
        self.colour_up(level, on_break)
        n.desk.offer_addon(level)

    # -- chips ------------------------------------------------------------------------------

    def record_chips(self, note: str) -> None:
        """RecordChips with every stack (the console's averages are real ones)."""
        n = self.n
        ledger = n.ledger
        counts = tuple((ledger.names[e], c) for e, c in ledger.stacks.items())
        if counts:
            n.run(RecordChips(counts=counts, note=note))
        n.check_chips(note, full=True)

    def colour_up(self, level: int, on_break: bool) -> None:
        """The scheduled removal, table by table (B11/B12): the core races (its rng), the
        stacks come back from the ``ColoredUp`` events."""
        n = self.n
        structure = n.periods.structure()
        row = structure.break_after(level) if on_break else None
        if row is None and not on_break and level > 1:
            before = structure.break_after(level - 1)
            row = before if before is not None and before.minutes == 0 else None
        if row is None or not row.remove or row.after_level in self.colour_ups_done:
            return
        self.colour_ups_done.add(row.after_level)
        method = "race" if n.profile.colorup_method is ColorUpMethod.RACE_OR_ROUND_UP else None
        assert n.st.part(Tables).seating is not None
        ledger = n.ledger
        raced_out: list[Out] = []
        for number in sorted(n.tables.ready):
            players, _ = n.at_table(number)
            racers = tuple((ledger.names[p], ledger.stacks[p]) for p in players if p is not None)
            if not racers:
                continue
            records = n.run(
                ColorUp(stacks=racers, removed=row.remove, method=method, table=str(number))
            )
            for record in records:
                ev = record.event
                if not isinstance(ev, ColoredUp):
                    continue
                for seat in ev.result["seats"]:
                    entry_id = ev.entries[str(seat["seat"])]
                    new = int(seat["stack_after"])
                    old = ledger.set(entry_id, new)
                    if new == 0:
                        raced_out.append(Out(entry_id, ledger.names[entry_id], old, (), ()))
        self.colour_ups += 1
        n.check_chips(f"the colour-up after level {row.after_level}", full=True)
        if raced_out:
            n.bust(raced_out, f"colour-up after level {row.after_level}", 0)
            n.prompts()


__all__ = ["Floor", "move_ids"]
