"""The tournament clock as a value: state + pure transitions + a view computed from ``now``.

The clock is state, not a thread (design.md). :class:`ClockState` records where the clock
stands — the level (or the break after it), the seconds already run in that period, and the
instant it was last set running — and everything a display needs is computed from ``now``
by :func:`view`. Transitions (:func:`start`, :func:`pause`, :func:`resume`,
:func:`next_level`, :func:`previous_level`, :func:`set_level`, :func:`adjust`,
:func:`hand_for_hand_on`, :func:`hand_finished`, …) return a new state and change nothing on
bad input (they raise ``RuleViolation``/``InvalidCommand``).

**Time**: ``now`` is a timezone-aware ``datetime`` (the ``Context.now`` of the tournament
framework); the state stores whole seconds since the Unix epoch (UTC) as ``int``, so it is
JSON-safe (:meth:`ClockState.as_json`) and replays exactly. Sub-second parts are dropped.

Implements: B1 (level schedule, durations by range, added levels), B2 (breaks), B7
(a new level governs the next hand: KPC-13A..C, TNPL-D1, FOX-23, SPOT-2a4), B8 (dealer push
grace hand: FOX-23A, FOX-23B), B10 (hand-for-hand with a fixed deduction per hand:
FOX-HFH), A4 (registration closes at the end of a level: FOX-REG1, SPOT-6.3, TNPL-B2ii),
A9 (NJ rebuys in the first hour of play, breaks excluded: NJ-8, Appendix D #11).

**Rule IDs**: a transition that has no profile names the catalogue entry it enforces
(``rule_ids="B1"``, ``"B10"``); the decider that holds the tournament's profile calls it
inside ``with profile.citing():`` so the refusal carries the venue's own rule IDs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Clause
from pokertd.rules import RuleProfile
from pokertd.tournament.structures import (
    Break,
    Level,
    Rotation,
    Structure,
    game_fields,
    level_for_players,
    level_reading,
    structure_from_dict,
)
from pokertd.types import Chips

# --------------------------------------------------------------------------------------
# Time


def epoch_seconds(now: datetime) -> int:
    """Whole seconds since the Unix epoch of a timezone-aware ``datetime``."""
    if now.tzinfo is None:
        raise InvalidCommand(template=N_("clock times must be timezone-aware (UTC)"))
    return int(now.timestamp() // 1)


def from_epoch(seconds: int) -> datetime:
    """The UTC ``datetime`` of epoch seconds."""
    return datetime.fromtimestamp(seconds, tz=UTC)


def mmss(seconds: int) -> str:
    """``"12:05"`` / ``"1:02:03"`` for a number of seconds."""
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{sign}{hours}:{minutes:02d}:{secs:02d}"
    return f"{sign}{minutes}:{secs:02d}"


# --------------------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockState:
    """Where the clock stands (JSON-safe, see :meth:`as_json`).

    The position is ``level`` and ``on_break`` (the break row after ``level``).
    ``elapsed`` is the seconds already run in that period as of ``running_since``
    (or as of the pause); it is negative when time was added beyond the period's length.
    """

    structure: Structure
    registration_closes_after_level: int | None = None
    """Registration closes at the end of this level (A4); ``None`` = never by the clock."""
    rebuy_minutes: int | None = None
    """Rebuys during the first so many minutes of play, breaks excluded (NJ-8)."""
    started: bool = False
    started_at: int | None = None
    level: int = 1
    on_break: bool = False
    elapsed: int = 0
    running_since: int | None = None
    """Epoch seconds when the clock was last set running; ``None`` = stopped."""
    hand_for_hand: bool = False
    hfh_hands: int = 0
    """Hand-for-hand hands deducted so far (B10)."""

    @property
    def running(self) -> bool:
        """Whether the clock is running (started and not paused)."""
        return self.running_since is not None

    def as_json(self) -> dict[str, Any]:
        """JSON-safe data; :meth:`from_json` reads it back."""
        return {
            "structure": self.structure.as_json(),
            "registration_closes_after_level": self.registration_closes_after_level,
            "rebuy_minutes": self.rebuy_minutes,
            "started": self.started,
            "started_at": self.started_at,
            "level": self.level,
            "on_break": self.on_break,
            "elapsed": self.elapsed,
            "running_since": self.running_since,
            "hand_for_hand": self.hand_for_hand,
            "hfh_hands": self.hfh_hands,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClockState:
        """The state from :meth:`as_json` data."""
        fields = dict(data)
        fields["structure"] = structure_from_dict(fields["structure"])
        return cls(**fields)


def new_clock(
    structure: Structure,
    *,
    registration_closes_after_level: int | None = None,
    rebuy_minutes: int | None = None,
    profile: RuleProfile | None = None,
) -> ClockState:
    """A clock that has not started, at the start of level 1.

    The registration close comes from the argument, else the structure, else the profile's
    ``late_reg_close_after_level`` (A4).
    """
    close = registration_closes_after_level
    if close is None:
        close = structure.registration_closes_after_level
    if close is None and profile is not None:
        close = profile.late_reg_close_after_level
    if close is not None and close < 0:
        raise InvalidCommand(
            template=N_("registration cannot close after level %(close)s"),
            params={"close": close},
            rule_ids="A4",
        )
    rebuy = rebuy_minutes if rebuy_minutes is not None else structure.rebuy_minutes
    if rebuy is None and profile is not None and profile.rebuy_allowed:
        rebuy = profile.rebuy_window_minutes
    return ClockState(
        structure=structure,
        registration_closes_after_level=close,
        rebuy_minutes=rebuy,
    )


# --------------------------------------------------------------------------------------
# Periods


def _break_row(structure: Structure, level: int) -> Break | None:
    row = structure.break_after(level)
    return row if row is not None and row.minutes > 0 else None


def _period_seconds(structure: Structure, level: int, on_break: bool) -> int:
    """The length of a level or of the break after it (beyond the sheet only its length
    is needed, so no blinds are computed for the levels a long run walks through)."""
    if on_break:
        row = _break_row(structure, level)
        return row.seconds if row is not None else 0
    if level > len(structure.levels):
        return structure.minutes_for(min(level, structure.last_level)) * 60
    return structure.level(level).seconds


def _next_period(structure: Structure, level: int, on_break: bool) -> tuple[int, bool]:
    """The period after this one; past the structure's last level the clock stays there."""
    if not on_break and _break_row(structure, level) is not None:
        return level, True
    return min(level + 1, structure.last_level), False


def _previous_period(structure: Structure, level: int, on_break: bool) -> tuple[int, bool]:
    if on_break:
        return level, False
    if level > 1 and _break_row(structure, level - 1) is not None:
        return level - 1, True
    return level - 1, False


def _advance(state: ClockState) -> ClockState:
    """Move to the start of the next period (trusted path)."""
    level, on_break = _next_period(state.structure, state.level, state.on_break)
    return replace(state, level=level, on_break=on_break, elapsed=0)


def settle(state: ClockState, now: datetime) -> ClockState:
    """The same clock with the time run up to ``now`` folded into its position.

    While hand-for-hand is on, levels do not run in real time (B10): only a break does.

    A clock left running for months stops at the end of the structure's last level
    (:attr:`Structure.last_level`) with 0:00 left, so this walks at most every level and
    break once, however long ago the clock was started.
    """
    if state.running_since is None:
        return state
    t = epoch_seconds(now)
    run = max(0, t - state.running_since)
    structure = state.structure
    last = structure.last_level
    level, on_break, elapsed = state.level, state.on_break, state.elapsed
    while not (state.hand_for_hand and not on_break):
        period = _period_seconds(structure, level, on_break)
        remaining = period - elapsed
        if run < remaining:
            elapsed += run
            break
        if level >= last and not on_break:
            elapsed = max(elapsed, period)
            break
        run -= max(remaining, 0)
        level, on_break = _next_period(structure, level, on_break)
        elapsed = 0
    return replace(
        state,
        level=level,
        on_break=on_break,
        elapsed=elapsed,
        running_since=max(t, state.running_since),
    )


# --------------------------------------------------------------------------------------
# Transitions


def _require_started(state: ClockState, what: str) -> None:
    if not state.started:
        raise RuleViolation(
            template=N_("The clock has not been started; cannot %(what)s."),
            params={"what": what},
            rule_ids="B1",
        )


def start(state: ClockState, now: datetime) -> ClockState:
    """Start the clock at the current position (level 1 unless set before)."""
    if state.started:
        raise RuleViolation(template=N_("The clock is already started."), rule_ids="B1")
    t = epoch_seconds(now)
    return replace(state, started=True, started_at=t, running_since=t)


def pause(state: ClockState, now: datetime) -> ClockState:
    """Stop the clock (forfeits, disputes, breaking tables…)."""
    _require_started(state, "pause it")
    if not state.running:
        raise RuleViolation(template=N_("The clock is already paused."), rule_ids="B1")
    return replace(settle(state, now), running_since=None)


def resume(state: ClockState, now: datetime) -> ClockState:
    """Set a paused clock running again."""
    _require_started(state, "resume it")
    if state.running:
        raise RuleViolation(template=N_("The clock is already running."), rule_ids="B1")
    return replace(state, running_since=epoch_seconds(now))


def _jump(state: ClockState, now: datetime, level: int, on_break: bool) -> ClockState:
    settled = settle(state, now)
    return replace(settled, level=level, on_break=on_break, elapsed=0)


def move_to(state: ClockState, now: datetime, level: int, on_break: bool) -> ClockState:
    """Go to the start of ``level`` (or the break after it) — the trusted path used when a
    recorded move is replayed; :func:`next_level`, :func:`previous_level` and
    :func:`set_level` check first."""
    return _jump(state, now, level, on_break)


def next_level(state: ClockState, now: datetime) -> ClockState:
    """Go to the start of the next period (the break after this level, or the next level)."""
    settled = settle(state, now)
    level, on_break = _next_period(settled.structure, settled.level, settled.on_break)
    return _jump(settled, now, level, on_break)


def previous_level(state: ClockState, now: datetime) -> ClockState:
    """Go back to the start of the previous period."""
    settled = settle(state, now)
    if settled.level == 1 and not settled.on_break:
        raise InvalidCommand(
            template=N_("The clock is in level 1: there is no previous level."), rule_ids="B1"
        )
    level, on_break = _previous_period(settled.structure, settled.level, settled.on_break)
    return _jump(settled, now, level, on_break)


def set_level(state: ClockState, now: datetime, level: int) -> ClockState:
    """Go to the start of ``level`` (1 .. the last listed or reached level)."""
    settled = settle(state, now)
    highest = max(len(settled.structure.levels), settled.level)
    if not 1 <= level <= highest:
        raise InvalidCommand(
            template=N_(
                "There is no level %(level)s: choose 1 to %(highest)s, or add levels first."
            ),
            params={"level": level, "highest": highest},
            rule_ids="B1",
            context={"level": level, "highest": highest},
        )
    return _jump(settled, now, level, False)


def adjust(state: ClockState, now: datetime, seconds: int) -> ClockState:
    """Add time to the current period (``seconds > 0``) or take it off (``< 0``).

    Taking off as much as is left (or more) is refused: use :func:`next_level`.
    """
    if seconds == 0:
        raise InvalidCommand(
            template=N_("Adjust the clock by a non-zero number of seconds."), rule_ids="B1"
        )
    settled = settle(state, now)
    remaining = (
        _period_seconds(settled.structure, settled.level, settled.on_break) - settled.elapsed
    )
    if -seconds >= remaining:
        raise InvalidCommand(
            template=N_(
                "Only %(remaining)s is left; cannot take off %(seconds)s. Go to the "
                "next level instead."
            ),
            params={"remaining": mmss(remaining), "seconds": mmss(-seconds)},
            rule_ids="B1",
            context={"remaining": remaining, "seconds": seconds},
        )
    return replace(settled, elapsed=settled.elapsed - seconds)


def append_levels(state: ClockState, levels: Iterable[Level] = (), *, count: int = 0) -> ClockState:
    """Add levels to the structure at run time (B1: "additional levels will be added as
    needed"): the given ``levels``, or ``count`` levels by the structure's progression."""
    structure = state.structure
    given = list(levels)
    if given:
        structure = structure.with_levels_appended(given)
    if count:
        structure = structure.extended(count)
    if structure is state.structure:
        raise InvalidCommand(template=N_("Name the levels to add, or how many."), rule_ids="B1")
    return replace(state, structure=structure)


# --------------------------------------------------------------------------------------
# Hand-for-hand (B10)


def hand_for_hand_on(state: ClockState, now: datetime) -> ClockState:
    """The TD announces hand-for-hand: from now on the level clock runs only by deductions.

    The first deduction (:func:`hand_finished`) is for the hand under way at the
    announcement (FOX-HFH).
    """
    _require_started(state, "play hand-for-hand")
    if state.hand_for_hand:
        raise RuleViolation(template=N_("Hand-for-hand is already on."), rule_ids="B10")
    return replace(settle(state, now), hand_for_hand=True)


def hand_for_hand_off(state: ClockState, now: datetime) -> ClockState:
    """Hand-for-hand ends (the bubble burst): the clock runs in real time again."""
    if not state.hand_for_hand:
        raise RuleViolation(template=N_("Hand-for-hand is not on."), rule_ids="B10")
    settled = settle(state, now)
    running_since = epoch_seconds(now) if settled.running else None
    return replace(settled, hand_for_hand=False, running_since=running_since)


def hand_finished(state: ClockState, now: datetime, profile: RuleProfile) -> ClockState:
    """Every table has finished a hand-for-hand hand: take ``hfh_seconds_per_hand`` off.

    A deduction that reaches 0:00 ends the level; the next hand uses the new level and the
    surplus is not carried over (Appendix D #15: clamp at 0:00). If a break follows, it
    starts at ``now`` and runs in real time.

    Implements: FOX-HFH (2:00 per hand, after every single hand, starting with the hand in
    progress at the announcement).
    """
    if not state.hand_for_hand:
        raise RuleViolation(
            template=N_("Hand-for-hand is not on: the clock runs in real time."),
            rule_ids=profile.cite("B10"),
        )
    settled = settle(state, now)
    if settled.on_break:
        raise RuleViolation(
            template=N_("No hand is played during a break."), rule_ids=profile.cite("B10")
        )
    elapsed = settled.elapsed + profile.hfh_seconds_per_hand
    deducted = replace(settled, elapsed=elapsed, hfh_hands=settled.hfh_hands + 1)
    if elapsed >= settled.structure.level(settled.level).seconds:
        deducted = _advance(deducted)
        if deducted.running:
            deducted = replace(deducted, running_since=epoch_seconds(now))
    return deducted


@dataclass(frozen=True, slots=True)
class HandForHandRound:
    """Which tables have dealt and finished the current hand-for-hand hand (B10).

    With ``hfh_sync_tables`` no table deals hand n + 1 until every table has finished
    hand n. :meth:`finish` tells when the round is complete (time to deduct).
    """

    tables: frozenset[int]
    hand: int = 1
    dealt: frozenset[int] = frozenset()
    finished: frozenset[int] = frozenset()

    def may_deal(self, table: int) -> bool:
        """Whether ``table`` may deal now."""
        return table in self.tables and table not in self.dealt

    def deal(self, table: int, profile: RuleProfile) -> HandForHandRound:
        """Record that ``table`` dealt this round's hand (refused while it must wait)."""
        if table not in self.tables:
            raise InvalidCommand(
                template=N_("Table %(table)s is not in play."),
                params={"table": table},
                rule_ids=profile.cite("B10"),
            )
        if table in self.dealt and profile.hfh_sync_tables:
            waiting = sorted(self.tables - self.finished)
            raise RuleViolation(
                template=N_(
                    "Table %(table)s must wait: hand-for-hand hand %(hand)s is still being played "
                    "at table(s) %(waiting_tables)s."
                ),
                params={
                    "table": table,
                    "hand": self.hand,
                    "waiting_tables": ", ".join(map(str, waiting)),
                },
                rule_ids=profile.cite("B10"),
                context={"table": table, "waiting_for": waiting},
            )
        return replace(self, dealt=self.dealt | {table})

    def finish(self, table: int) -> tuple[HandForHandRound, bool]:
        """Record that ``table`` finished its hand; ``True`` when every table has."""
        if table not in self.dealt:
            raise InvalidCommand(
                template=N_("Table %(table)s has not dealt this hand."),
                params={"table": table},
                rule_ids="B10",
            )
        finished = self.finished | {table}
        if finished >= self.tables:
            return HandForHandRound(self.tables, self.hand + 1), True
        return replace(self, finished=finished), False

    def without_table(self, table: int) -> tuple[HandForHandRound, bool]:
        """A table broke during hand-for-hand; ``True`` if that completes the round."""
        tables = self.tables - {table}
        rnd = replace(
            self, tables=tables, dealt=self.dealt - {table}, finished=self.finished - {table}
        )
        if tables and rnd.dealt >= tables and rnd.finished >= tables:
            return HandForHandRound(tables, self.hand + 1), True
        return rnd, False


# --------------------------------------------------------------------------------------
# View


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockView:
    """What the TV clock and the floor see at ``now``."""

    at: int
    """The instant (epoch seconds) this view describes."""
    started: bool
    running: bool
    on_break: bool
    hand_for_hand: bool
    hfh_hands: int
    level: Level
    """The level being played (during a break: the level just finished)."""
    next_level: Level
    """The level after the current one (during a break: the one after the break)."""
    seconds_left: int
    """Seconds left in the current period (level or break)."""
    period_seconds: int
    break_minutes: int
    """The current break's length (0 when not on a break)."""
    color_up: tuple[Chips, ...]
    """Denominations to colour up now: during this break, or at the start of this level
    after a colour-up row without a break."""
    next_break_in: int | None
    """Seconds until the next break starts (``None``: no break ahead)."""
    next_break: Break | None
    registration_open: bool
    registration_closes_in: int | None
    """Seconds until registration closes (``None``: not closing by the clock / closed)."""
    rebuys_open: bool | None
    """``None`` when the clock has no rebuy period."""
    rebuys_close_in: int | None
    play_seconds: int
    """Level time played so far (breaks excluded)."""
    finished: bool = False
    """The tournament is over: the clock stopped at the finishing moment (G2), so it reads
    as it did then and counts no longer (``running`` false, nothing "in" any more)."""
    rotation: Rotation | None = None
    """A mixed event's rotation (issue 28); by orbit, every level deals all its games."""

    def reading(self, level: Level) -> Clause:
        """``level`` (this view's ``level`` or ``next_level``) as the floor reads it: the
        game and its limits in a mixed event (:func:`level_reading`)."""
        return level_reading(level, self.rotation)

    def as_json(self) -> dict[str, Any]:
        """JSON-safe data for displays and ``--json``. A level that names its game (or a
        rotation by orbit's level) adds ``game`` (the engine's short code; by orbit
        ``games``), ``bring_in`` and the floor's ``reading``; a single-game event's levels
        read exactly as before."""
        orbit = self.rotation if self.rotation is not None and self.rotation.by == "orbit" else None

        def lv(level: Level) -> dict[str, Any]:
            out: dict[str, Any] = {
                "level": level.number,
                "small_blind": level.small_blind,
                "big_blind": level.big_blind,
                "ante": level.ante,
                "ante_type": level.ante_type.value,
                "minutes": level.minutes,
                "blinds": str(self.reading(level)) if orbit is not None else level.blinds,
            }
            return out | game_fields(level, self.rotation)

        return {
            "at": from_epoch(self.at).isoformat(),
            "started": self.started,
            "running": self.running,
            "on_break": self.on_break,
            "hand_for_hand": self.hand_for_hand,
            "hfh_hands": self.hfh_hands,
            "level": lv(self.level),
            "next_level": lv(self.next_level),
            "seconds_left": self.seconds_left,
            "period_seconds": self.period_seconds,
            "break_minutes": self.break_minutes,
            "color_up": list(self.color_up),
            "next_break_in": self.next_break_in,
            "next_break": None
            if self.next_break is None
            else {
                "after_level": self.next_break.after_level,
                "minutes": self.next_break.minutes,
                "remove": list(self.next_break.remove),
            },
            "registration_open": self.registration_open,
            "registration_closes_in": self.registration_closes_in,
            "rebuys_open": self.rebuys_open,
            "rebuys_close_in": self.rebuys_close_in,
            "play_seconds": self.play_seconds,
            "finished": self.finished,
        } | ({} if self.rotation is None else {"rotation": self.rotation.as_json()})


_LOOKAHEAD_LEVELS = 200


def view(state: ClockState, now: datetime) -> ClockView:
    """Everything about the clock at ``now`` (the clock is assumed to keep running for the
    "…in" figures; while paused they stand still)."""
    cur = settle(state, now)
    s = cur.structure
    period = _period_seconds(s, cur.level, cur.on_break)
    left = period - cur.elapsed
    level = s.level(cur.level)
    nxt = s.level(cur.level + 1)
    row = s.break_after(cur.level) if cur.on_break else None
    color_up: tuple[Chips, ...] = ()
    if cur.on_break and row is not None:
        color_up = row.remove
    elif not cur.on_break and cur.level > 1:
        previous_row = s.break_after(cur.level - 1)
        if previous_row is not None and previous_row.minutes == 0:
            color_up = previous_row.remove

    # Next break: walk forward from the end of this period.
    next_break_in: int | None = None
    next_break: Break | None = None
    last_break = max((b.after_level for b in s.breaks if b.minutes > 0), default=0)
    acc = left
    lv_no, on_b = _next_period(s, cur.level, cur.on_break)
    while lv_no <= last_break:
        if on_b:
            next_break_in, next_break = acc, _break_row(s, lv_no)
            break
        acc += _period_seconds(s, lv_no, on_b)
        lv_no, on_b = _next_period(s, lv_no, on_b)

    # Registration: open until the end of level `close` (A4).
    close = cur.registration_closes_after_level
    reg_open: bool
    reg_in: int | None = None
    if close is None:
        reg_open = True
    elif not cur.started:
        reg_open = True
        reg_in = None if close == 0 else _seconds_until_end_of_level(cur, close, left)
    else:
        reg_open = cur.level <= close and not (cur.level == close and cur.on_break)
        if reg_open:
            reg_in = _seconds_until_end_of_level(cur, close, left)

    play = sum(s.level(n).seconds for n in range(1, cur.level))
    play += level.seconds if cur.on_break else max(0, min(cur.elapsed, period))
    rebuys_open: bool | None = None
    rebuys_in: int | None = None
    if cur.rebuy_minutes is not None:
        window = cur.rebuy_minutes * 60
        rebuys_open = play < window
        if rebuys_open:
            rebuys_in = _seconds_until_play(cur, window - play, left)

    return ClockView(
        at=epoch_seconds(now),
        started=cur.started,
        running=cur.running,
        on_break=cur.on_break,
        hand_for_hand=cur.hand_for_hand,
        hfh_hands=cur.hfh_hands,
        level=level,
        next_level=nxt,
        seconds_left=left,
        period_seconds=period,
        break_minutes=row.minutes if row is not None else 0,
        color_up=color_up,
        next_break_in=next_break_in,
        next_break=next_break,
        registration_open=reg_open,
        registration_closes_in=reg_in,
        rebuys_open=rebuys_open,
        rebuys_close_in=rebuys_in,
        play_seconds=play,
        rotation=s.rotation,
    )


def registration_closed_at(state: ClockState, now: datetime) -> int | None:
    """The instant (epoch seconds) the running clock closed registration, at the end of
    level ``registration_closes_after_level`` (A4), when it did so since it was last set
    running and by ``now``; ``None`` otherwise (not closed by the clock, still open, or
    moved past the close by a clock command, whose own instant is then the moment).

    >>> from pokertd.tournament.structures import load_structure
    >>> clock = new_clock(load_structure("tnpl_nlh"), registration_closes_after_level=1)
    >>> clock = start(clock, from_epoch(0))
    >>> registration_closed_at(clock, from_epoch(10**6)) == clock.structure.level(1).seconds
    True
    """
    close = state.registration_closes_after_level
    if close is None or state.running_since is None or state.hand_for_hand:
        return None
    if state.level > close or (state.level == close and state.on_break):
        return None  # already closed when it was set running
    period = _period_seconds(state.structure, state.level, state.on_break)
    at = state.running_since + _seconds_until_end_of_level(state, close, period - state.elapsed)
    return at if at <= epoch_seconds(now) else None


def _seconds_until_end_of_level(cur: ClockState, close: int, left: int) -> int:
    """Clock seconds from the current position to the end of level ``close``."""
    if cur.level == close and not cur.on_break:
        return left
    acc = left
    lv_no, on_b = _next_period(cur.structure, cur.level, cur.on_break)
    while lv_no <= close:
        acc += _period_seconds(cur.structure, lv_no, on_b)
        if (lv_no == close or lv_no >= cur.structure.last_level) and not on_b:
            break
        lv_no, on_b = _next_period(cur.structure, lv_no, on_b)
    return acc


def _seconds_until_play(cur: ClockState, play_needed: int, left: int) -> int:
    """Clock seconds (breaks included) until ``play_needed`` more seconds of level time."""
    if not cur.on_break:
        if play_needed <= left:
            return play_needed
        play_needed -= left
    acc = left
    lv_no, on_b = _next_period(cur.structure, cur.level, cur.on_break)
    while True:
        period = _period_seconds(cur.structure, lv_no, on_b)
        if not on_b and (play_needed <= period or lv_no >= cur.structure.last_level):
            return acc + play_needed
        acc += period
        if not on_b:
            play_needed -= period
        lv_no, on_b = _next_period(cur.structure, lv_no, on_b)


# --------------------------------------------------------------------------------------
# Which level a hand is played at (B7, B8)


def push_keeps_old_level(
    profile: RuleProfile,
    structure: Structure,
    finished_level: int,
    finished_on_break: bool,
    next_level: int,
) -> bool:
    """Whether the incoming dealer's first hand stays at the old level (B8).

    True when the profile has the grace hand, the outgoing dealer's last hand finished
    during level ``next_level - 1`` itself (before zero, not on a break) and no break lies
    between the two levels.

    Implements: FOX-23A, FOX-23B (``dealer_push_grace_hand``; other venues: never).
    """
    return (
        profile.dealer_push_grace_hand
        and not finished_on_break
        and finished_level == next_level - 1
        and _break_row(structure, finished_level) is None
    )


def level_for_hand(
    state: ClockState,
    deal_at: datetime,
    profile: RuleProfile,
    *,
    players_left: int | None = None,
    previous_hand_finished_at: datetime | None = None,
    dealer_pushed: bool = False,
    blinds_posted_at: datetime | None = None,
) -> Level:
    """The level governing a hand that begins (shuffle / deal start) at ``deal_at``.

    * A new level governs the next hand to begin, never a hand under way (B7): the level is
      read at the hand's start. TNPL (``posted_blinds_keep_old_level`` false): blinds pushed
      out before zero are topped up; a profile with it true uses ``blinds_posted_at``.
    * Dealer push (B8, FOX-23A/B): with ``dealer_push_grace_hand``, if the outgoing dealer's
      last hand was finished (pot awarded) before the clock reached zero, the incoming
      dealer's first hand is still at the old level; if it finished after zero, the new
      level applies at once.
    * Late-event big-blind ante (B6): with ``players_left``, KPC's reduction applies.

    Implements: KPC-13A, KPC-13B, TNPL-D1, FOX-23, FOX-23A, FOX-23B, SPOT-2a4, KPC-53.
    """
    at = deal_at
    if profile.posted_blinds_keep_old_level and blinds_posted_at is not None:
        at = min(blinds_posted_at, deal_at)
    now_view = view(state, at)
    level = now_view.next_level if now_view.on_break else now_view.level
    if dealer_pushed and previous_hand_finished_at is not None:
        before = view(state, previous_hand_finished_at)
        if push_keeps_old_level(
            profile, state.structure, before.level.number, before.on_break, level.number
        ):
            level = before.level
    if players_left is not None:
        level = level_for_players(level, players_left, profile)
    return level


__all__ = [
    "ClockState",
    "ClockView",
    "HandForHandRound",
    "adjust",
    "append_levels",
    "epoch_seconds",
    "from_epoch",
    "hand_finished",
    "hand_for_hand_off",
    "hand_for_hand_on",
    "level_for_hand",
    "mmss",
    "move_to",
    "new_clock",
    "next_level",
    "pause",
    "previous_level",
    "push_keeps_old_level",
    "registration_closed_at",
    "resume",
    "set_level",
    "settle",
    "start",
    "view",
]
