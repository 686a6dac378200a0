"""Read models of multi-day play: the bag-and-tag list with its roll-up, and the day.

:func:`bag_list` is what the staff view, ``pokertd day bags`` and the printable bag list
show: every bag (player, table, seat, chip count, bag number) and the reconciliation
(bagged against chips in play, the difference shown even when it is zero).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokertd.errors import NotFound
from pokertd.i18n import N_
from pokertd.tournament.days.rules import Bag, Reconciliation, reconcile
from pokertd.tournament.days.state import Days
from pokertd.tournament.entries.state import Roster, Setup
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.seating.state import seating_now


@dataclass(frozen=True, slots=True, kw_only=True)
class BagList:
    """One day's bag-and-tag list and its chip roll-up."""

    tournament: str
    day: int
    at: str
    bags: tuple[Bag, ...]
    reconciliation: Reconciliation
    note: str = ""

    def as_json(self) -> dict[str, Any]:
        """The list as ``--json`` and the web print it (chips as whole numbers)."""
        r = self.reconciliation
        p = r.in_play
        return {
            "tournament": self.tournament,
            "day": self.day,
            "at": self.at,
            "note": self.note,
            "bags": [
                {
                    "bag": b.bag,
                    "name": b.name,
                    "entry": b.entry_id,
                    "table": b.table,
                    "seat": b.seat,
                    "chips": b.chips,
                }
                for b in self.bags
            ],
            "roll_up": {
                "bags": r.bags,
                "bagged": r.bagged,
                "entries": p.entries,
                "starting_chips": p.starting,
                "rebuys": p.rebuys,
                "rebuy_chips": p.rebuy_chips,
                "addons": p.addons,
                "addon_chips": p.addon_chips,
                "removed": p.removed,
                "chips_in_play": p.total,
                "difference": r.difference,
                "balanced": r.balanced,
                "summary": r.describe(),
                "summary_said": r.said().as_json(),
            },
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class DayView:
    """Where the event stands: the day played, whether it is bagged, the days ended."""

    day: int
    bagged: bool
    days_ended: tuple[int, ...]

    def describe(self) -> str:
        """One line for the floor."""
        if self.bagged:
            return f"Day {self.day} is bagged; Day {self.day + 1} has not started."
        return f"Day {self.day} in play."

    def as_json(self) -> dict[str, Any]:
        """The view as ``--json`` prints it."""
        return {
            "day": self.day,
            "bagged": self.bagged,
            "days_ended": list(self.days_ended),
            "summary": self.describe(),
        }


def day_view(state: TournamentState) -> DayView:
    """The day now and the days already bagged."""
    days = state.part(Days)
    return DayView(day=days.day, bagged=days.bagged, days_ended=tuple(e.day for e in days.ended))


def bag_list(state: TournamentState, day: int | None = None) -> BagList:
    """The bag-and-tag list of ``day`` (default: the last day bagged), bags in table and seat
    order, with the roll-up against the chips that were in play when it was bagged."""
    days = state.part(Days)
    end = days.last_end() if day is None else days.end_of(day)
    if end is None:
        raise NotFound(
            template=N_("No day has been bagged yet in this tournament.")
            if day is None
            else N_("Day %(day)s has been bagged yet in this tournament."),
            params={"day": day},
        )
    return BagList(
        tournament=state.part(Setup).name,
        day=end.day,
        at=end.at,
        bags=end.bags,
        reconciliation=reconcile(end.bags, end.in_play),
        note=end.note,
    )


def day_seats(state: TournamentState) -> tuple[Bag, ...]:
    """Every player seated now with his stack, in table and seat order (after a Day 2
    redraw: the new seats with the stacks as bagged; ``bag`` is his last bag number)."""
    roster = state.part(Roster)
    end = state.part(Days).last_end()
    labels = {} if end is None else {b.entry_id: b.bag for b in end.bags}
    rows = []
    for table, row in sorted(seating_now(state).snapshot().items()):
        for seat, entry_id in enumerate(row):
            if entry_id is None or entry_id not in roster.entries:
                continue
            entry = roster.entries[entry_id]
            rows.append(
                Bag(
                    entry_id=entry_id,
                    name=entry.name,
                    table=table,
                    seat=seat + 1,
                    chips=entry.stack or 0,
                    bag=labels.get(entry_id, ""),
                )
            )
    return tuple(rows)


__all__ = ["BagList", "DayView", "bag_list", "day_seats", "day_view"]
