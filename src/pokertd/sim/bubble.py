"""Hand-for-hand at the bubble of a simulated night (B10, FOX-HFH): the floor turns it on
from one table's worth of players above the money, every table then deals one hand at the
same moment and each dealer reports it finished; the last report takes the hand's time
off the clock, and the floor turns it off when the money is reached (the core also ends it
by itself once the hand that burst the bubble is over everywhere).
"""

from __future__ import annotations

from pokertd.sim.pieces import NightLike
from pokertd.sim.table import Dealt
from pokertd.tournament.clock import HandForHand, HandForHandHandPlayed, TableHandFinished


class Bubble:
    """Where the night is with hand-for-hand, and its rounds."""

    def __init__(self, night: NightLike) -> None:
        self.n = night
        self.on = False
        self.round = 0
        """Hand-for-hand hands dealt so far (every table at once)."""
        self.margin = night.tmpl.seats_per_table
        """Hand-for-hand starts with at most this many players above the money (B10)."""
        self.cut = False
        """The floor turned hand-for-hand off in the middle of the hand being played."""

    def switch(self) -> None:
        """Hand-for-hand from one table before the money to the bubble (B10)."""
        n = self.n
        tables = len(n.tables.ready)
        left = n.ledger.left()
        paid = n.busts.paid_places() if n.marks.registration_closed_at is not None else None
        if self.on:
            ended = not n.periods.clock().hand_for_hand  # by itself: the bubble hand finished
            if ended or tables < 2 or paid is None or left <= paid or left < 2:
                if not ended:
                    if n.keeps_hand_for_hand():
                        return
                    n.run(HandForHand(on=False))
                self.on = False
                n.periods.changed()
                n.tables.resume(n.time.t)
            return
        if (
            paid is not None
            and n.marks.money_at is None
            and tables >= 2
            and paid < left <= paid + self.margin
            and not n.periods.on_break(n.time.t)
        ):
            n.before_hand_for_hand()
            n.run(HandForHand(on=True))
            self.on = True
            n.periods.changed()

    def play_round(self) -> None:
        """Every table deals one hand at the same moment; each dealer reports it finished;
        the last report takes the hand's time off the clock (B10, FOX-HFH)."""
        n = self.n
        tables = n.tables
        start = max(tables.ready.values())
        n.time.at(start)
        level, end = n.level_at(start)
        if level is None:  # a break runs in real time, even during hand-for-hand
            tables.all_at(end)
            n.time.at(end)
            return
        if not self.on:
            return
        self.round += 1
        deals: list[Dealt] = []
        for number in sorted(tables.ready):
            _, mask = n.at_table(number)
            if mask.bit_count() >= 2 and n.button_known(number):
                deals.append(n.deal(number, start, level))
        dealing = {d.number for d in deals}
        for number in [t for t in sorted(tables.ready) if t not in dealing]:
            if n.at_table(number)[1]:
                n.run(TableHandFinished(table=str(number)))
        finish_at = start
        deducted = False
        for dealt in sorted(deals, key=lambda d: d.end):
            number = dealt.number
            n.time.at(dealt.end)
            finish_at = max(finish_at, dealt.end)
            n.busts.hand_played(dealt, None)
            if number in tables.ready and n.ledger.left() > 1:
                records = n.try_run(TableHandFinished(table=str(number)))
                if records and any(isinstance(r.event, HandForHandHandPlayed) for r in records):
                    deducted = True
                elif records and self.on:
                    n.table_reported(bool(dealt.result.eliminated))
        if deducted:
            n.periods.changed()
        tables.all_at(finish_at)
        n.floor.dirty = True
        if n.ledger.left() > 1:
            n.prompts()
        if self.cut:
            self.cut = False
            if not self.on:  # turned off mid-hand and not on again: the tables deal on
                tables.resume(n.time.t)


__all__ = ["Bubble"]
