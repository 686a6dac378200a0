"""Read models of the clock: the clock at an instant, as the CLI and the web show it.

The value shown is :class:`~pokertd.tournament.clock.rules.ClockView` (level, time left,
blinds, next break, colour-up due...), computed from the clock part at ``now``. The blinds
shown are the ones the next hand posts: with the players still in the tournament, the
profile's late-event big-blind ante applies (B6: KPC halves it at five players, FOX never).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from pokertd.rules import HandForHandEnd
from pokertd.tournament.clock.rules import ClockView, epoch_seconds, view
from pokertd.tournament.clock.state import (
    ClockPart,
    bubble_burst,
    hfh_hand_name,
    hfh_hand_open,
    hfh_waiting_tables,
    places_in_the_money,
)
from pokertd.tournament.eliminations import finish
from pokertd.tournament.entries.state import Roster, Setup
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.structures import level_for_players


def clock_view(state: TournamentState, now: datetime) -> ClockView | None:
    """The clock at ``now`` (``None`` before any clock command), its levels as posted with
    the players left (Implements: KPC-53, FOX-11B through ``level_for_players``).

    Once the tournament is over (:func:`~pokertd.tournament.eliminations.finish`,
    G2) the clock is stopped from the finishing moment: it reads as it did then, not
    running, with nothing more to count down (no break, registration or rebuys "in") and no
    hand-for-hand (the TV, the phones and the dealers showed "HAND FOR HAND" beside the
    winner when the last bust came in a hand-for-hand hand; issue 22). The log need not
    hold a pause for it: the end may come by the clock itself (registration closing with
    one player left), and undoing the last bust sets it going again as if it had never
    stopped, which it had not. Every face (``pokertd clock T show``, the TV, the phones,
    the console) reads this one view.
    """
    part = state.part(ClockPart)
    if part.clock is None:
        return None
    setup = state.part(Setup)
    end = finish(state, now) if setup.created else None
    if end is not None and end.finished:
        at = min(datetime.fromisoformat(end.at), now) if end.at else now
        shown = replace(
            view(part.clock, at),
            running=False,
            finished=True,
            next_break_in=None,
            next_break=None,
            registration_open=False,
            registration_closes_in=None,
            rebuys_open=False if part.clock.rebuy_minutes is not None else None,
            rebuys_close_in=None,
            hand_for_hand=False,
        )
    else:
        shown = view(part.clock, now)
    if not setup.created:
        return shown
    left = state.part(Roster).alive_count
    if left == 0:  # nobody registered yet: the structure as printed
        return shown
    profile = setup.profile
    return replace(
        shown,
        level=level_for_players(shown.level, left, profile),
        next_level=level_for_players(shown.next_level, left, profile),
    )


AHEAD_PERIODS = 8
"""How many periods (levels and breaks) after the current one :func:`clock_ahead` gives."""

AHEAD_SECONDS = 4 * 3600
"""How far ahead (seconds) :func:`clock_ahead` looks at most."""


def clock_ahead(
    state: TournamentState,
    now: datetime,
    *,
    periods: int = AHEAD_PERIODS,
    horizon_s: int = AHEAD_SECONDS,
) -> list[ClockView]:
    """The clock at the first second of each of the next ``periods`` periods (levels and
    breaks) after the one in play at ``now``, within ``horizon_s`` seconds, if nothing is
    done to it meanwhile (issue 27, screens that survive the Wi-Fi).

    Each is :func:`clock_view` at that instant (``ClockView.at``), so it is exactly what the
    screens would be sent then: the structure's next level and break, its colour-up, the
    next break and registration countdowns, the blinds as posted for the players left (KPC-53,
    FOX-11B). A TV or phone that loses its connection switches to each at its ``at`` by its
    own clock. Nothing ahead when the clock is not running, during hand-for-hand play
    (levels do not run in real time, B10), once the night is finished (G2), or at the end
    of the structure's last level (it stays at 0:00).
    """
    current = clock_view(state, now)
    if current is None or not current.running or current.finished:
        return []
    out: list[ClockView] = []
    shown = current
    limit = current.at + horizon_s
    while len(out) < periods and not (shown.hand_for_hand and not shown.on_break):
        at = shown.at + max(0, shown.seconds_left)
        if at > limit:
            break
        nxt = clock_view(state, now + timedelta(seconds=at - epoch_seconds(now)))
        if nxt is None or (nxt.level.number, nxt.on_break) == (
            shown.level.number,
            shown.on_break,
        ):
            break  # the last level's end: the clock stands at 0:00
        out.append(nxt)
        if not nxt.running or nxt.finished:
            break
        shown = nxt
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandView:
    """Hand-for-hand as the floor console shows it (B10): on or off, the hand in play, the
    tables still playing it, and the sentence that tells the floor what comes next."""

    on: bool
    """Hand-for-hand is on (never once the night is finished)."""
    hand: str
    """The hand in play (``HFH-3``), ``""`` when off."""
    open: bool
    """The hand is under way and not finished everywhere: seats and colour-ups wait."""
    waiting: tuple[int, ...]
    """The tables still playing it."""
    left: int
    paid: int | None
    """Places paid now (a satellite: its seats); ``None`` when not known (or not asked:
    hand-for-hand off)."""
    bubble_burst: bool
    """The field reached the places paid in the hand in play."""
    end_now: bool
    """The floor should end hand-for-hand now: in the money, and no hand is under way that
    ends it by itself."""
    note: str
    """What the console says (``""``: nothing to say)."""

    def as_json(self) -> dict[str, object]:
        """JSON-safe data for the console."""
        return {
            "on": self.on,
            "hand": self.hand,
            "open": self.open,
            "waiting": list(self.waiting),
            "left": self.left,
            "paid": self.paid,
            "bubble_burst": self.bubble_burst,
            "end_now": self.end_now,
            "note": self.note,
        }


def _finished(state: TournamentState, now: datetime) -> bool:
    """The night is over (G2): the one end-of-night fact every face reads."""
    return finish(state, now).finished


def hand_for_hand_view(state: TournamentState, now: datetime) -> HandForHandView:
    """Hand-for-hand for the floor console at ``now``.

    The note says: while the hand that burst the bubble is still being played, that
    hand-for-hand ends when every table has finished it (``hfh_ends_at = "bubble"``) or that
    the floor ends it then (``"floor"``); in the money with no such hand, that the floor
    ends it; after it ended by itself, so (until the next bust). Nothing once the night is
    finished ("HAND FOR HAND" went on showing beside "Finished · winner").

    Implements: FOX-HFH (B10); IMPL ``hfh_ends_at``.
    """
    part = state.part(ClockPart)
    roster = state.part(Roster)
    left = roster.alive_count
    on = part.clock is not None and part.clock.hand_for_hand
    # Off (most of the night) reads nothing more than the part: every snapshot asks.
    ended = "" if on else part.hfh_ended
    if ended and len(roster.out) != part.hfh_ended_out:
        ended = ""  # said until the next bust
    if (not on and not ended) or _finished(state, now):
        return HandForHandView(
            on=False, hand="", open=False, waiting=(), left=left, paid=None,
            bubble_burst=False, end_now=False, note="",
        )  # fmt: skip
    money = places_in_the_money(state)
    paid = money[0] if money is not None else None
    if not on:
        return HandForHandView(
            on=False, hand="", open=False, waiting=(), left=left, paid=paid,
            bubble_burst=False, end_now=False,
            note=f"Hand-for-hand ended by itself: {ended}.",
        )  # fmt: skip
    waiting = tuple(hfh_waiting_tables(state))
    is_open = hfh_hand_open(state)
    burst = bubble_burst(state) is not None
    by_itself = state.part(Setup).profile.hfh_ends_at is HandForHandEnd.BUBBLE
    in_money = paid is not None and left <= paid
    tables = ""
    if waiting:
        tables = " (waiting for table " if len(waiting) == 1 else " (waiting for tables "
        tables += ", ".join(map(str, waiting)) + ")"
    if burst and by_itself:
        note = (
            f"The bubble burst: hand-for-hand ends when every table has finished this hand{tables}."
        )
    elif burst:
        note = (
            f"The bubble burst: end hand-for-hand once every table has finished this hand{tables}."
        )
    elif in_money:
        note = f"In the money ({left} left, {paid} paid): end hand-for-hand."
    else:
        note = ""
    return HandForHandView(
        on=True,
        hand=hfh_hand_name(part),
        open=is_open,
        waiting=waiting,
        left=left,
        paid=paid,
        bubble_burst=burst,
        end_now=in_money and not (burst and by_itself),
        note=note,
    )


__all__ = [
    "AHEAD_PERIODS",
    "AHEAD_SECONDS",
    "HandForHandView",
    "clock_ahead",
    "clock_view",
    "hand_for_hand_view",
]
