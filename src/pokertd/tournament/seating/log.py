"""Seating in the tournament log: seat draws, moves, table breaks, buttons, final table.

The pure rules live in :mod:`pokertd.tournament.seating.rules` and
:mod:`pokertd.tournament.seating.balancing`; the state part in
:mod:`pokertd.tournament.seating.state`; this module turns the rules into events and commands.

* The room is the template's tables (``tables`` x ``seats_per_table``); the break order is
  the highest number first unless :class:`LayTables` says otherwise.
* :class:`DrawSeats` gives every entry still in without a seat a random seat (the even
  initial draw before anyone sits, a late-entry draw afterwards) -> :class:`SeatsDrawn`.
* :class:`SuggestMoves` records what the rules require (:class:`MovesSuggested`): moves to
  balance or to break the next table, each with its random draw fixed in the event. The
  floor confirms each (:class:`ConfirmMove` -> :class:`PlayerMoved`) -- or, with
  auto-confirm on (:class:`SetAutoConfirm`), the suggestion is applied at once.
* :class:`BreakTable` breaks a chosen table; :class:`Redraw` forms the final table;
  :class:`PlaceButton` records where a table's button is (told, or drawn by high card).
* :class:`MovePlayer` moves a seated player by hand (a floor decision: special needs, a
  dispute; FOX-6, FOX-8) into an empty seat of an open table, with the seat checks a
  balancing player meets (KPC-8d) -> :class:`PlayerMoved` with reason ``floor``.
* :class:`KeepApart` names players who must not sit at one table (SPOT-2c3: relatives,
  partners) -> :class:`PlayersKeptApart`; :class:`LetSitTogether` ends it ->
  :class:`KeepApartLifted`. Every draw and plan honours the groups (``Seating.apart``) or
  says in its event why it cannot (the final table, no other seat, no other move).
* :class:`MarkAbsent` / :class:`MarkPresent` record that a seated player is away from his
  seat, and since when (the command's clock) -> :class:`PlayerAway` / :class:`PlayerBack`.
  Nothing else changes: an absent player is dealt in and posts (A7, D8), his hand is killed
  at the venue's checkpoint (K6, the table's business), and where the venue allows it
  (``absent_pickup_minutes``, SPOT-2b15) the floor may pick up his chips after that many
  minutes (G4; shown by the views). A move or a bust ends the absence.

Busts are recorded by the eliminations domain; the seats of entries that are no longer in
are freed when this domain next reads or applies
(:func:`~pokertd.tournament.seating.state.live_seating`).

Seats and tables in events are the numbers people read (seat 1 is the first seat).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from pokertd.codec import to_json
from pokertd.errors import InvalidCommand, NotFound, PokertdError, RuleViolation
from pokertd.i18n import N_, Clause, Nn_, Params, Phrase, Sentence
from pokertd.rules.enums import ButtonErrorFix, Game
from pokertd.tournament import limits as lim
from pokertd.tournament.entries.log import EntryBought
from pokertd.tournament.entries.state import (
    Roster,
    Setup,
    find_player,
    live_entry_of,
    wait_for_hand_for_hand_hand,
)
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    Summary,
    TournamentState,
    applies,
    decides,
    event,
    upcaster,
)
from pokertd.tournament.penalties import penalty_hands
from pokertd.tournament.seating.balancing import (
    Move,
    MoveReason,
    Plan,
    StaleMove,
    apply_move,
    blocked_text,
    check_move,
    default_choice,
    waits_for_the_button,
)
from pokertd.tournament.seating.rules import (
    FinalTableDraw,
    Layout,
    SeatDraw,
    Seating,
    TableSpec,
    apart_rule_ids,
    apply_final_table,
    arrival_waits,
    draw_button,
    draw_initial_seats,
    draw_seat,
    start_button,
)
from pokertd.tournament.seating.state import (
    FloorPlan,
    MoveRecord,
    SeatRecord,
    Tables,
    away_now,
    break_plan,
    due_plan,
    entry_name,
    event_games,
    floor_plan,
    keep_apart_of,
    live_seating,
    move_detail_said,
    move_record,
    pending_plan,
    redraw_plan,
    said_move,
    seated_at,
    seating_for_apply,
    seating_now,
)

# --- events -----------------------------------------------------------------------------------


@event("tables_laid_out")
class TablesLaidOut(Event):
    """The room: tables, seat counts, unavailable/reserved seats (1-based), break order."""

    tables: tuple[tuple[int, int], ...]
    """``(table number, seats)`` for each table."""
    break_order: tuple[int, ...] = ()
    unavailable: tuple[tuple[int, int], ...] = ()
    """``(table, seat)`` pairs never used."""
    reserved: tuple[tuple[int, int], ...] = ()
    """``(table, seat)`` pairs skipped by random draws."""

    def said(self) -> Sentence:
        params: Params = {
            "n": len(self.tables),
            "order": ", ".join(f"T{t}" for t in self.break_order),
        }
        if self.break_order:
            return Sentence(N_("Laid out %(n)s tables (break order %(order)s)"), params)
        return Sentence(N_("Laid out %(n)s tables (break order highest number first)"), params)

    def layout(self) -> Layout:
        """The layout it describes (0-based seats inside)."""
        specs = tuple(
            TableSpec(
                number=n,
                seats=s,
                unavailable=frozenset(seat - 1 for t, seat in self.unavailable if t == n),
                reserved=frozenset(seat - 1 for t, seat in self.reserved if t == n),
            )
            for n, s in self.tables
        )
        return Layout(tables=specs, break_order=self.break_order)


@upcaster("seats_drawn", 1)
def _seats_drawn_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 draws knew no keep-apart groups (issue 26, SPOT-2c3): nothing to say."""
    return {**data, "apart": []}


@event("seats_drawn", version=2)
class SeatsDrawn(Event):
    """Entries seated: a random draw (``initial``, ``late``) or by hand (``floor``)."""

    seats: tuple[SeatRecord, ...]
    how: str
    apart: tuple[str, ...] = ()
    """Why players the director keeps apart were drawn to one table (SPOT-2c3), in the
    floor's words; empty when the draw kept every group apart."""

    def said(self) -> Sentence:
        # the stored ``how`` in words ("late" is a late draw; a day's redraw says itself)
        how = Phrase(_SEATED_HOW.get(self.how, self.how))
        apart = _said(self.apart)
        if len(self.seats) == 1:
            s = self.seats[0]
            one: Params = {
                "name": s.name,
                "table": s.table,
                "seat": s.seat,
                "how": how,
                "apart": apart,
            }
            if s.waits:
                return Sentence(
                    N_(
                        "Seated %(name)s at table %(table)s seat %(seat)s (waits for the button) "
                        "(%(how)s)%(apart)s"
                    ),
                    one,
                )
            return Sentence(
                N_("Seated %(name)s at table %(table)s seat %(seat)s (%(how)s)%(apart)s"), one
            )
        tables = len({s.table for s in self.seats})
        at = Nn_("%(n)s table", "%(n)s tables")
        return Sentence(
            N_("Drew seats for %(players)s players at %(at)s (%(how)s)%(apart)s"),
            {
                "players": len(self.seats),
                "at": Sentence(at[0], plural=at[1], n=tables),
                "how": how,
                "apart": apart,
            },
        )


def _said(apart: tuple[str, ...]) -> str:
    """Keep-apart sentences after an event's own words (they come in English, built when
    the event was decided: the ``%(apart)s`` of a sentence)."""
    return "".join(f". {line}" for line in apart)


_SEATED_HOW = {
    "initial": N_("first draw"),
    "late": N_("late draw"),
    "floor": N_("seated by the floor"),
}


@upcaster("moves_suggested", 1)
def _moves_suggested_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 suggestions kept no plan (issue 22): their seats were drawn from the
    command's random source, with no seed or token to record."""
    return {**data, "seed": None, "plan": ""}


@upcaster("moves_suggested", 2)
def _moves_suggested_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 suggestions knew no keep-apart groups (issue 26, SPOT-2c3)."""
    return {**data, "apart": []}


@event("moves_suggested", version=3)
class MovesSuggested(Event):
    """Moves the rules require now, waiting for the floor; replaces earlier suggestions."""

    moves: tuple[MoveRecord, ...]
    break_table: int | None = None
    button_draws: tuple[int, ...] = ()
    """Tables that draw for the button once these moves are done (SPOT-6.5)."""
    seed: int | None = None
    """The seed the moves' seats were drawn from (``None``: nothing drawn, or version 1)."""
    plan: str = ""
    """The token of the plan recorded (:class:`~pokertd.tournament.seating.FloorPlan`;
    ``""`` in version 1)."""
    apart: tuple[str, ...] = ()
    """Why these moves seat players the director keeps apart together (SPOT-2c3)."""

    def said(self) -> Sentence:
        params: Params = {
            "n": len(self.moves),
            "table": self.break_table or 0,
            "apart": _said(self.apart),
        }
        if self.break_table:
            return Sentence(N_("Suggested %(n)s move(s) to break table %(table)s%(apart)s"), params)
        return Sentence(N_("Suggested %(n)s move(s) to balance tables%(apart)s"), params)


@upcaster("plan_confirmed", 1)
def _plan_confirmed_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 plans knew no keep-apart groups (issue 26, SPOT-2c3)."""
    return {**data, "apart": []}


@event("plan_confirmed", version=2)
class PlanConfirmed(Event):
    """The floor confirmed the plan it was shown (``ConfirmPlan``): the moves that follow
    in the same batch are that plan's, seat for seat."""

    plan: str
    """The plan's token (what the screen showed and the confirm carried)."""
    seed: int | None = None
    """The seed its seats were drawn from (``None``: nothing was drawn)."""
    moves: int = 0
    break_table: int | None = None
    closed: tuple[int, ...] = ()
    apart: tuple[str, ...] = ()
    """Why the plan seats players the director keeps apart together (SPOT-2c3)."""

    def said(self) -> Sentence:
        parts: list[Sentence] = []
        if self.moves:
            moves = Nn_("%(n)s move", "%(n)s moves")
            parts.append(Sentence(moves[0], plural=moves[1], n=self.moves))
        if self.break_table is not None:
            parts.append(Sentence(N_("table %(table)s breaks"), {"table": self.break_table}))
        if self.closed:
            parts.append(
                Sentence(
                    N_("empty table %(tables)s closes"),
                    {"tables": ", ".join(map(str, self.closed))},
                )
            )
        what: Sentence = Sentence(N_("the plan"))
        if parts:
            what = parts[0]
            for part in parts[1:]:
                what = Sentence(N_("%(first)s, %(then)s"), {"first": what, "then": part})
        return Sentence(
            N_("Confirmed %(what)s (plan %(plan)s)%(apart)s"),
            {"what": what, "plan": self.plan, "apart": _said(self.apart)},
        )


@event("player_moved")
class PlayerMoved(Event):
    """A confirmed move: who, from, to, why and the rule behind it."""

    move: MoveRecord
    auto: bool = False

    def said(self) -> Sentence:
        move: Params = {"move": said_move(self.move)}
        if self.move.reason is MoveReason.FLOOR:
            return Sentence(N_("Moved %(move)s (by the floor)"), move)
        if self.auto:
            return Sentence(N_("Moved %(move)s (auto-confirmed)"), move)
        return Sentence(N_("Moved %(move)s (confirmed)"), move)


@event("player_away")
class PlayerAway(Event):
    """A seated player is away from his seat since ``at`` (ISO time): dealt in, posts (D8)."""

    entry_id: str
    name: str
    table: int
    seat: int
    at: str

    def said(self) -> Sentence:
        return Sentence(
            N_("%(name)s is away from table %(table)s seat %(seat)s"),
            {"name": self.name, "table": self.table, "seat": self.seat},
        )


@event("player_back")
class PlayerBack(Event):
    """A player marked away is back at his seat (``minutes`` away, whole minutes)."""

    entry_id: str
    name: str
    table: int
    seat: int
    at: str
    minutes: int

    def said(self) -> Sentence:
        params: Params = {"name": self.name, "table": self.table, "seat": self.seat}
        if self.minutes == 0:
            return Sentence(
                N_("%(name)s is back at table %(table)s seat %(seat)s after less than a minute"),
                params,
            )
        back = Nn_(
            "%(name)s is back at table %(table)s seat %(seat)s after %(n)s minute",
            "%(name)s is back at table %(table)s seat %(seat)s after %(n)s minutes",
        )
        return Sentence(back[0], params, plural=back[1], n=self.minutes)


@event("table_closed")
class TableClosed(Event):
    """A table broke: its last player has moved."""

    table: int

    def said(self) -> Sentence:
        return Sentence(N_("Table %(table)s broke"), {"table": self.table})


def _players(n: int) -> str:
    return f"{n} player{'s' if n != 1 else ''}"


def _moves(n: int) -> str:
    return f"{n} move{'s' if n != 1 else ''}"


def summarize_seating(events: Sequence[Event]) -> Summary:
    """One line per table for the floor (C4, C5), every move with its rules in the details.

    A break: "Table 4 breaks: 9 players moved — see slips" (its "Table 4 broke" and the
    plan's own line are folded in); balancing: "Table 2 → Table 5: 1 player moved"; a move
    the floor decided names the player. The details list each move's seats and rule IDs
    (:func:`move_detail`), which the one-liners leave out.
    """
    moved = [e.move for e in events if isinstance(e, PlayerMoved)]
    broken: dict[int, list[MoveRecord]] = {}
    balanced: dict[tuple[int, int], list[MoveRecord]] = {}
    said: list[Sentence] = []
    titles: list[str] = []
    for m in moved:
        if m.reason is MoveReason.BREAK_TABLE:
            broken.setdefault(m.from_table, []).append(m)
        elif m.reason is MoveReason.BALANCE:
            balanced.setdefault((m.from_table, m.to_table), []).append(m)
    for table, ms in broken.items():
        breaks = Nn_(
            "Table %(table)s breaks: %(n)s player moved — see slips",
            "Table %(table)s breaks: %(n)s players moved — see slips",
        )
        said.append(Sentence(breaks[0], {"table": table}, plural=breaks[1], n=len(ms)))
        titles.append(f"table {table} breaks ({_moves(len(ms))})")
    for (src, dst), ms in balanced.items():
        balance = Nn_(
            "Table %(from)s → Table %(to)s: %(n)s player moved",
            "Table %(from)s → Table %(to)s: %(n)s players moved",
        )
        said.append(Sentence(balance[0], {"from": src, "to": dst}, plural=balance[1], n=len(ms)))
        titles.append(f"table {src} → table {dst} ({_moves(len(ms))})")
    for m in moved:
        if m.reason is MoveReason.FLOOR:
            seat = f" seat {m.to_seat}" if m.to_seat else ""
            to: Params = {
                "name": m.name or Phrase(N_("Player")),
                "table": m.to_table,
                "seat": m.to_seat or 0,
            }
            said.append(
                Sentence(N_("%(name)s moved to table %(table)s seat %(seat)s"), to)
                if m.to_seat
                else Sentence(N_("%(name)s moved to table %(table)s"), to)
            )
            titles.append(f"{m.name or 'player'} to table {m.to_table}{seat}")
    # seat by seat at each table they leave: the order the floor walks round it with slips
    order = sorted(moved, key=lambda m: (m.from_table, m.from_seat or 0, m.move_id))
    details = [move_detail_said(m) for m in order]
    for e in events:
        if isinstance(e, TableClosed) and e.table not in broken:
            said.append(Sentence(N_("Table %(table)s closes: no players left"), {"table": e.table}))
            titles.append(f"table {e.table} closes")
        elif isinstance(e, MovesSuggested):
            n = len(e.moves)
            if e.break_table:
                waiting = Nn_(
                    "Table %(table)s breaks: %(n)s move waiting — check the seats and confirm it",
                    "Table %(table)s breaks: %(n)s moves waiting — check the seats and confirm "
                    "them",
                )
            else:
                waiting = Nn_(
                    "Tables to balance: %(n)s move waiting — check the seats and confirm it",
                    "Tables to balance: %(n)s moves waiting — check the seats and confirm them",
                )
            said.append(Sentence(waiting[0], {"table": e.break_table or 0}, plural=waiting[1], n=n))
            goal = f"break table {e.break_table}" if e.break_table else "balance tables"
            titles.append(f"{_moves(n)} suggested to {goal}")
        elif isinstance(e, PlanConfirmed) and not moved:
            said.append(e.said())
            titles.append(e.describe())
    return Summary(
        lines=tuple(s.text for s in said),
        details=tuple(d.text for d in details),
        title=", ".join(titles),
        said=tuple(said),
        details_said=tuple(details),
    )


@upcaster("final_table_drawn", 1)
def _final_table_drawn_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 final tables kept no plan (issue 22): drawn from the command's random
    source, with no seed or token to record."""
    return {**data, "seed": None, "plan": ""}


@upcaster("final_table_drawn", 2)
def _final_table_drawn_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 final tables knew no keep-apart groups (issue 26, SPOT-2c3)."""
    return {**data, "apart": []}


@event("final_table_drawn", version=3)
class FinalTableDrawn(Event):
    """The final table: every seat (a redraw, or newcomers' draws) and the button draw."""

    table: int
    seats: int
    draws: tuple[SeatRecord, ...]
    redraw: bool
    button: int | None = None
    cards: tuple[tuple[int, str], ...] = ()
    """The last round of the button draw: ``(seat, card)``."""
    seed: int | None = None
    """The seed the seats and the button were drawn from (``None`` in version 1)."""
    plan: str = ""
    """The token of the plan applied (what the screen showed; ``""`` in version 1)."""
    apart: tuple[str, ...] = ()
    """Players the director keeps apart who sit together now that one table holds every
    player left (SPOT-2c3)."""

    def said(self) -> Sentence:
        params: Params = {
            "table": self.table,
            "seats": self.seats,
            "how": Phrase(N_("full redraw") if self.redraw else N_("players joining")),
            "button": self.button or 0,
            "apart": _said(self.apart),
        }
        if self.button:
            return Sentence(
                N_(
                    "Final table at T%(table)s with %(seats)s seats (%(how)s); button seat "
                    "%(button)s%(apart)s"
                ),
                params,
            )
        return Sentence(
            N_("Final table at T%(table)s with %(seats)s seats (%(how)s)%(apart)s"), params
        )


@event("players_kept_apart")
class PlayersKeptApart(Event):
    """The director keeps these players from sitting at one table (SPOT-2c3): a group,
    by number, of player ids (a re-entry stays in it) with their names."""

    group: int
    players: tuple[str, ...]
    names: tuple[str, ...]
    note: str = ""
    together: tuple[str, ...] = ()
    """Sentences for the floor when some of them sit at one table already (a move by hand
    separates them: the draw and the plans only honour the group from now on)."""

    def said(self) -> Sentence:
        params: Params = {
            "names": _names_said(self.names),
            "group": self.group,
            "note": self.note,
            "apart": _said(self.together),
        }
        if self.note:
            return Sentence(
                N_("Keeping %(names)s apart (group %(group)s) (%(note)s)%(apart)s"), params
            )
        return Sentence(N_("Keeping %(names)s apart (group %(group)s)%(apart)s"), params)


@event("keep_apart_lifted")
class KeepApartLifted(Event):
    """A keep-apart group ended: its players may sit together again."""

    group: int
    names: tuple[str, ...]

    def said(self) -> Sentence:
        return Sentence(
            N_("%(names)s may sit together again (group %(group)s lifted)"),
            {"names": _names_said(self.names), "group": self.group},
        )


def _names(names: Sequence[str]) -> str:
    """``"Ann, Bob and Cy"``."""
    said = _names_said(names)
    return said if isinstance(said, str) else said.text


def _names_said(names: Sequence[str]) -> str | Sentence:
    """``"Ann, Bob and Cy"`` (each language joins the last name its way)."""
    if len(names) < 2:
        return "".join(names)
    return Sentence(
        N_("%(names)s and %(last)s"), {"names": ", ".join(names[:-1]), "last": names[-1]}
    )


@event("button_placed")
class ButtonPlaced(Event):
    """Where a table's button is: ``current`` for the hand now, else the next hand."""

    table: int
    seat: int
    current: bool = True
    cards: tuple[tuple[int, str], ...] = ()
    """The high-card draw that placed it, if any: ``(seat, card)``."""

    def said(self) -> Sentence:
        params: Params = {"table": self.table, "seat": self.seat}
        if self.cards:
            return Sentence(N_("Button at table %(table)s seat %(seat)s (high-card draw)"), params)
        return Sentence(N_("Button at table %(table)s seat %(seat)s"), params)


@event("button_corrected")
class ButtonCorrected(Event):
    """A misplaced button was corrected back one, then forward two (D6: KPC-24J, FOX-33):
    the next hand is dealt as the misplaced hand should have been, so the skipped player
    posts his big blind; the hand after it continues from the misplaced hand."""

    table: int
    button: int
    """The button of the corrected (next) hand, 1-based."""
    big_blind: int
    """The seat that posts the big blind it skipped, 1-based."""
    rule: str = ""

    def said(self) -> Sentence:
        return Sentence(
            N_(
                "Button error corrected at table %(table)s: next hand button seat %(button)s, "
                "big blind seat %(bb)s, then the button jumps forward two%(rule)s"
            ),
            {
                "table": self.table,
                "button": self.button,
                "bb": self.big_blind,
                "rule": f" ({self.rule})" if self.rule else "",
            },
        )


@event("hands_played")
class HandsPlayed(Event):
    """Hands were played at a table: the button and blinds moved on by the rules (D1, D3);
    hands of a stud game leave the button frozen where the next board-game hand would have
    it (C7: TNPL-B6iii, FOX-10B)."""

    table: int
    hands: int = 1
    button: int | None = None
    """Where the button was for the last of those hands (1-based; None when unknown); for
    stud hands the frozen button."""
    game: Game | None = None
    """The game of those hands (issue 28); ``None``: a board game, as in logs before it."""

    def said(self) -> Sentence:
        params: Params = {"table": self.table, "button": self.button or 0}
        if self.game is not None:
            params["game"] = self.game.value
            if self.game.is_stud and self.button:
                played = Nn_(
                    "%(n)s hand(s) of %(game)s played at table %(table)s, button frozen at "
                    "seat %(button)s",
                    "%(n)s hand(s) of %(game)s played at table %(table)s, button frozen at "
                    "seat %(button)s",
                )
            elif self.button:
                played = Nn_(
                    "%(n)s hand(s) of %(game)s played at table %(table)s, button now seat "
                    "%(button)s",
                    "%(n)s hand(s) of %(game)s played at table %(table)s, button now seat "
                    "%(button)s",
                )
            else:
                played = Nn_(
                    "%(n)s hand(s) of %(game)s played at table %(table)s",
                    "%(n)s hand(s) of %(game)s played at table %(table)s",
                )
            return Sentence(played[0], params, plural=played[1], n=self.hands)
        if self.button:
            played = Nn_(
                "%(n)s hand(s) played at table %(table)s, button now seat %(button)s",
                "%(n)s hand(s) played at table %(table)s, button now seat %(button)s",
            )
        else:
            played = Nn_(
                "%(n)s hand(s) played at table %(table)s", "%(n)s hand(s) played at table %(table)s"
            )
        return Sentence(played[0], params, plural=played[1], n=self.hands)


@event("table_game_set")
class TableGameSet(Event):
    """The floor said which game a table deals now (a rotation by orbit at a table whose
    hands are not recorded one by one); a stud game freezes the button (C7)."""

    table: int
    game: Game

    def said(self) -> Sentence:
        return Sentence(
            N_("Table %(table)s now deals %(game)s"),
            {"table": self.table, "game": self.game.value},
        )


@event("auto_confirm_set")
class AutoConfirmSet(Event):
    """Moves are confirmed by the system (on) or by the floor (off)."""

    on: bool

    def said(self) -> Sentence:
        if self.on:
            return Sentence(N_("Auto-confirm of moves on"))
        return Sentence(N_("Auto-confirm of moves off"))


# --- appliers ---------------------------------------------------------------------------------


@applies(TablesLaidOut)
def _apply_layout(state: TournamentState, ev: TablesLaidOut) -> None:
    part = state.part(Tables)
    part.layout = ev.layout()
    part.seating = None
    part.pending.clear()


@applies(SeatsDrawn)
def _apply_seats(state: TournamentState, ev: SeatsDrawn) -> None:
    seating = seating_for_apply(state)
    seating.apply_draws(
        SeatDraw(player=s.entry_id, table=s.table, seat=s.seat - 1, waits=s.waits) for s in ev.seats
    )


@applies(MovesSuggested)
def _apply_suggested(state: TournamentState, ev: MovesSuggested) -> None:
    part = state.part(Tables)
    part.pending = {m.move_id: m.to_move() for m in ev.moves}
    part.pending_break = ev.break_table
    part.pending_button_draws = ev.button_draws
    if ev.moves:
        part.next_move_id = max(m.move_id for m in ev.moves) + 1


@applies(PlayerMoved)
def _apply_moved(state: TournamentState, ev: PlayerMoved) -> None:
    seating = seating_for_apply(state)
    m = ev.move
    assert m.entry_id is not None
    assert m.to_seat is not None
    seating.move(m.entry_id, m.to_table, m.to_seat - 1)
    part = state.part(Tables)
    part.away.pop(m.entry_id, None)  # a moved player is no longer away from his old seat
    part.pending.pop(m.move_id, None)
    if not part.pending:
        part.pending_button_draws = ()
    part.next_move_id = max(part.next_move_id, m.move_id + 1)


@applies(TableClosed)
def _apply_closed(state: TournamentState, ev: TableClosed) -> None:
    seating = seating_for_apply(state)
    seating.close_table(ev.table)
    part = state.part(Tables)
    if part.pending_break == ev.table:
        part.pending_break = None


@applies(FinalTableDrawn)
def _apply_final(state: TournamentState, ev: FinalTableDrawn) -> None:
    seating = seating_for_apply(state)
    draws = tuple(SeatDraw(player=s.entry_id, table=s.table, seat=s.seat - 1) for s in ev.draws)
    apply_final_table(
        seating,
        FinalTableDraw(table=ev.table, seats=ev.seats, draws=draws, button=None, redraw=ev.redraw),
    )
    if ev.button is not None:
        seating.set_button(ev.table, ev.button - 1, current=False)
    part = state.part(Tables)
    part.pending.clear()
    part.pending_break = None


@applies(ButtonPlaced)
def _apply_button(state: TournamentState, ev: ButtonPlaced) -> None:
    seating = seating_for_apply(state)
    seating.set_button(ev.table, ev.seat - 1, current=ev.current)


@applies(ButtonCorrected)
def _apply_button_corrected(state: TournamentState, ev: ButtonCorrected) -> None:
    seating = seating_for_apply(state)
    if ev.table not in seating.tables:
        return
    table = seating.table_to_change(ev.table)
    with suppress(PokertdError):  # a step made impossible by an undo is skipped
        table.button = table.button.correct_button_error(table.occupied)


@applies(HandsPlayed)
def _apply_hands(state: TournamentState, ev: HandsPlayed) -> None:
    seating = seating_for_apply(state)
    game = ev.game
    for _ in range(ev.hands):
        if game is not None and game.is_stud:
            players = seating.table(ev.table).count
            seating.stud_hand_dealt(ev.table)  # C7: the button stays frozen
        else:
            hand = seating.next_hand(ev.table)
            players = hand.dealt.bit_count()
            seating.hand_dealt(ev.table, hand)
        if game is not None:
            seating.game_dealt(ev.table, game, players)


@applies(TableGameSet)
def _apply_table_game(state: TournamentState, ev: TableGameSet) -> None:
    seating = seating_for_apply(state)
    if ev.table in seating.tables:  # a table closed by an undone step is skipped
        seating.set_game(ev.table, ev.game)


@applies(AutoConfirmSet)
def _apply_auto(state: TournamentState, ev: AutoConfirmSet) -> None:
    state.part(Tables).auto_confirm = ev.on


@applies(PlayerAway)
def _apply_away(state: TournamentState, ev: PlayerAway) -> None:
    state.part(Tables).away[ev.entry_id] = ev.at


@applies(PlayerBack)
def _apply_back(state: TournamentState, ev: PlayerBack) -> None:
    state.part(Tables).away.pop(ev.entry_id, None)


@applies(PlayersKeptApart)
def _apply_kept_apart(state: TournamentState, ev: PlayersKeptApart) -> None:
    part = state.part(Tables)
    part.apart[ev.group] = ev.players
    if ev.note:
        part.apart_notes[ev.group] = ev.note
    part.next_group = max(part.next_group, ev.group + 1)


@applies(KeepApartLifted)
def _apply_apart_lifted(state: TournamentState, ev: KeepApartLifted) -> None:
    part = state.part(Tables)
    part.apart.pop(ev.group, None)
    part.apart_notes.pop(ev.group, None)


# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LayTables(Command):
    """Set the room before anyone is seated: ``(number, seats)`` per table, break order."""

    tables: Annotated[
        tuple[tuple[lim.TableNo, lim.SeatCount], ...], lim.Items(N_("Tables"), lim.TABLE_MAX)
    ]
    break_order: Annotated[
        tuple[lim.TableNo, ...], lim.Items(N_("A break order"), lim.TABLE_MAX)
    ] = ()
    unavailable: Annotated[
        tuple[tuple[lim.TableNo, lim.SeatNo], ...], lim.Items(N_("Seats"), lim.PLAYERS_MAX)
    ] = ()
    reserved: Annotated[
        tuple[tuple[lim.TableNo, lim.SeatNo], ...], lim.Items(N_("Seats"), lim.PLAYERS_MAX)
    ] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawSeats(Command):
    """Draw a seat for every entry still in that has none (C1 at the start, C3 later)."""

    even: bool = False
    """Late draws among the tables with the fewest players (before the start)."""


KEEP_APART_MAX = 10
"""Most players in one keep-apart group (a family at the club; more cannot be kept apart
at a night of a few tables anyway)."""
KEEP_APART_GROUPS_MAX = 100
"""Most keep-apart groups at once in one tournament."""
GroupNo = Annotated[int, lim.Whole(N_("A keep-apart group number"), 1, lim.COUNT_MAX)]


@dataclass(frozen=True, slots=True, kw_only=True)
class KeepApart(Command):
    """Keep these players from sitting at one table (SPOT-2c3: husband and wife,
    relatives, business partners): every seat draw and every move the rules require honours
    it from now on, or says why it cannot. Two to ten players, named as at the desk."""

    players: Annotated[tuple[lim.PlayerRef, ...], lim.Items(N_("Players"), KEEP_APART_MAX)]
    note: lim.Note = ""
    """Why (shown with the group): "married", "business partners"."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LetSitTogether(Command):
    """End a keep-apart group (by its number): its players may sit together again."""

    group: GroupNo


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatPlayer(Command):
    """Put a player in a chosen seat (special needs, supervisor's decision; FOX-6, FOX-8)."""

    player: lim.PlayerRef
    table: lim.TableNo
    seat: lim.SeatNo


@dataclass(frozen=True, slots=True, kw_only=True)
class SuggestMoves(Command):
    """Record the moves the rules require now (balance or break): the plan the screens show
    as due (:func:`~pokertd.tournament.seating.due_plan`), seat for seat.

    ``plan`` names the plan the floor was shown (its token): when the tables changed since,
    the command is refused as stale (:class:`StalePlan`) instead of recording another.
    """

    paid_places: lim.Places | None = None
    full_table_event: bool = True
    plan: lim.PlanToken | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmMove(Command):
    """The floor confirms a suggested move (naming the player or seat if it was blank)."""

    move_id: lim.Seq
    player: lim.PlayerRef | None = None
    seat: lim.SeatNo | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakTable(Command):
    """Break a chosen table now (its players draw new seats)."""

    table: lim.TableNo


@dataclass(frozen=True, slots=True, kw_only=True)
class Redraw(Command):
    """Form the final table (C9, C10) with its redraw and button draw: the draw the screens
    show when the final table is due (:func:`~pokertd.tournament.seating.redraw_plan`).

    ``plan`` names the draw the floor was shown (its token): when the tables changed since,
    the command is refused as stale (:class:`StalePlan`) instead of drawing another.
    """

    plan: lim.PlanToken | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceButton(Command):
    """Say where a table's button is, or start it by the profile (``seat`` ``None``): a
    high-card draw, or at NJ the player to the dealer's left (NJ-15)."""

    table: lim.TableNo
    seat: lim.SeatNo | None = None
    current: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectButton(Command):
    """The button skipped a seat in the hand just played (found after action): deal the
    next hand as it should have been, then let the button jump forward two (D6), where the
    profile's ``button_error_fix`` is ``back_one_then_forward_two`` (KPC-24J, FOX-33)."""

    table: lim.TableNo


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayHands(Command):
    """Hands were played at a table: move the button on by the rules (dead/moving button);
    hands of a stud ``game`` leave it frozen for the stud round (C7: TNPL-B6iii, FOX-10B)."""

    table: lim.TableNo
    hands: lim.Count = 1
    game: Game | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTableGame(Command):
    """The dealer or floor says which game a table deals now (an event rotating its games
    by orbit, at a table whose hands are not recorded one by one). Refused unless the game
    is one of ``rotation`` (empty: the games the event's structure names)."""

    table: lim.TableNo
    game: Game
    rotation: Annotated[tuple[Game, ...], lim.Items(N_("Games of the rotation"), 16)] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmMoves(Command):
    """Confirm several waiting moves at once (a table break: "Confirm all"), in one batch.

    Each move is made as suggested; a blank is filled as the floor would (the player due the
    big blind next, the worst position) and as the screens show it
    (:func:`~pokertd.tournament.seating.pending_plan`), so the moves of a table whose button
    is not known are refused until the button is placed. ``plan`` names the waiting moves as
    the floor was shown them (their token): when a fill changed since, the command is
    refused as stale (:class:`StalePlan`).
    """

    moves: Annotated[tuple[lim.Seq, ...], lim.Items(N_("Moves to confirm"), lim.PLAYERS_MAX)]
    plan: lim.PlanToken | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmPlan(Command):
    """Confirm the plan the floor was shown, named by its token, in one batch: the moves
    waiting, else the moves due (a table break, balancing, empty tables closing) exactly as
    :func:`~pokertd.tournament.seating.floor_plan` gives them -- the console's "Confirm all".

    Refused as stale (:class:`StalePlan`, nothing written) when the plan is no longer the
    one the token names: the tables changed since it was shown. The final table is the
    director's (``Redraw``, with the same token).
    """

    plan: lim.PlanToken


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawButtons(Command):
    """Start the button at every table of two or more players whose button is not known
    (by the profile: the high card, KPC-23A, FOX-32; NJ the player left of the dealer,
    NJ-15); a table whose button is known keeps it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetAutoConfirm(Command):
    """Let the system confirm suggested moves itself (on) or leave them to the floor."""

    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class MovePlayer(Command):
    """Move a seated player by hand to an empty seat of an open table (a floor decision:
    special needs, a dispute; FOX-6, FOX-8), with the seat checks of a balancing move."""

    player: lim.PlayerRef
    table: lim.TableNo
    seat: lim.SeatNo


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkAbsent(Command):
    """A seated player is away from his seat (dealt in and posted meanwhile; A7, D8, K6)."""

    player: lim.PlayerRef


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkPresent(Command):
    """A player marked away is back at his seat."""

    player: lim.PlayerRef


class StalePlan(RuleViolation):
    """A confirm named a plan that is no longer the one it would apply: the tables changed
    since it was shown (a bust, a move, a hand dealt, another screen confirmed first).

    Nothing is written. ``context["plan"]`` is the new plan's token (``None``: nothing to
    confirm now) and ``context["new_plan"]`` the new plan itself, for the screen to show.
    """

    kind = "stale"


def _plan_rules(state: TournamentState, fp: FloorPlan) -> tuple[str, ...]:
    """The rules a plan applies, in this venue's IDs: the final table (C9), a table break
    (C4), balancing moves (C6)."""
    profile = state.part(Setup).profile
    if fp.final_table is not None:
        return profile.cite("C9")
    if fp.break_table is not None:
        return profile.cite("C4")
    if fp.moves:
        return profile.cite("C6")
    return ()


def _stale(state: TournamentState, shown: str, now: FloorPlan | None) -> StalePlan:
    """The refusal of a confirm of the plan named ``shown`` (a token) when the plan is now
    ``now`` (``None``: nothing to confirm)."""
    # read aloud: no tokens (the context and the screens carry them)
    head = "The moves on the screen are out of date: the tables changed since they were shown"
    if now is None or now.empty:
        return StalePlan(
            f"{head}, and nothing is to be confirmed now.",
            context={"plan": None, "shown": shown, "new_plan": None, "hint": "plan"},
        )
    return StalePlan(
        f"{head}. The moves now: {now.describe()}. Read them on the screen and confirm again.",
        rule_ids=_plan_rules(state, now),
        context={"plan": now.token, "shown": shown, "new_plan": to_json(now), "hint": "plan"},
    )


def _confirming(state: TournamentState, shown: str | None, now: FloorPlan | None) -> None:
    """Refuse a confirm of the plan named ``shown`` (a token) unless it is the plan ``now``
    (``shown`` ``None``: the caller names no plan, whatever is due is applied)."""
    if shown is not None and (now is None or now.token != shown):
        raise _stale(state, shown, now)


@decides(LayTables)
def _decide_layout(state: TournamentState, cmd: LayTables, ctx: Context) -> list[Event]:
    part = state.part(Tables)
    if part.seating is not None and part.seating.players:
        raise RuleViolation(
            template=N_("Players are already seated: the room can no longer change.")
        )
    ev = TablesLaidOut(
        tables=cmd.tables,
        break_order=cmd.break_order,
        unavailable=cmd.unavailable,
        reserved=cmd.reserved,
    )
    ev.layout().validate(state.part(Setup).profile)
    return [ev]


@decides(DrawSeats)
def _decide_draw(state: TournamentState, cmd: DrawSeats, ctx: Context) -> list[Event]:
    seating = live_seating(state)
    roster = state.part(Roster)
    unseated = [e.entry_id for e in roster.alive() if e.entry_id not in seating.where]
    if not unseated:
        raise InvalidCommand(template=N_("Every player still in has a seat."))
    notes: list[str] = []
    if seating.players == 0:
        draws = draw_initial_seats(seating, unseated, ctx.rng, notes)
        how = "initial"
    else:
        draws = []
        for entry_id in unseated:
            d = draw_seat(seating, entry_id, ctx.rng, even=cmd.even, notes=notes)
            seating.apply_draws([d])
            draws.append(d)
        how = "late"
    records = tuple(
        SeatRecord(
            entry_id=d.player,
            name=entry_name(state, d.player),
            table=d.table,
            seat=d.seat + 1,
            waits=d.waits,
        )
        for d in sorted(draws, key=lambda d: (d.table, d.seat))
    )
    return [SeatsDrawn(seats=records, how=how, apart=tuple(notes))]


@decides(SeatPlayer)
def _decide_seat(state: TournamentState, cmd: SeatPlayer, ctx: Context) -> list[Event]:
    _, entry = live_entry_of(state, cmd.player)
    seating = live_seating(state)
    if cmd.table not in seating.tables and cmd.table in seating.spare:
        seating.open_table(cmd.table)
    # The seating rules know entry ids only: the floor is told names.
    if entry.entry_id in seating.where:
        t, s = seating.where[entry.entry_id]
        raise RuleViolation(
            template=N_("%(name)s already sits at table %(table)s seat %(seat)s."),
            params={"name": entry.name, "table": t, "seat": s + 1},
            rule_ids=seating.profile.cite("C1"),
            context={"player": entry.name},
        )
    table = seating.tables.get(cmd.table)
    if table is not None and 1 <= cmd.seat <= table.n_seats:
        holder = table.players[cmd.seat - 1]
        if holder is not None:
            raise RuleViolation(
                template=N_("Table %(table)s seat %(seat)s is taken by %(holder)s."),
                params={
                    "table": cmd.table,
                    "seat": cmd.seat,
                    "holder": entry_name(state, holder),
                },
                rule_ids=seating.profile.cite("C1"),
                context={"table": cmd.table, "seat": cmd.seat},
            )
    seating.check_seat(entry.entry_id, cmd.table, cmd.seat - 1)
    waits = arrival_waits(seating, cmd.table, cmd.seat - 1)
    record = SeatRecord(
        entry_id=entry.entry_id, name=entry.name, table=cmd.table, seat=cmd.seat, waits=waits
    )
    return [SeatsDrawn(seats=(record,), how="floor")]


def _moves_events(
    state: TournamentState, seating: Seating, fp: FloorPlan, auto: bool, rng: random.Random
) -> list[Event]:
    """A plan's moves as waiting moves (``MovesSuggested``, as drawn: a blank is filled when
    the floor confirms, as the screens show it), or made at once with auto-confirm on."""
    if not auto:
        return [
            MovesSuggested(
                moves=fp.drawn,
                break_table=fp.break_table,
                button_draws=fp.button_draws,
                seed=fp.seed,
                plan=fp.token,
                apart=fp.apart,
            )
        ]
    events: list[Event] = []
    work = seating.copy()
    for record in fp.drawn:
        move = default_choice(work, record.to_move())
        apply_move(work, move)
        events.append(PlayerMoved(move=move_record(state, record.move_id, move), auto=True))
    if fp.break_table is not None:
        events.append(TableClosed(table=fp.break_table))
    events.extend(_button_draws(work, fp.button_draws, rng))
    return events


def _confirmed_moves(
    state: TournamentState, work: Seating, moves: tuple[MoveRecord, ...], broken: int | None
) -> list[Event]:
    """The moves made one after the other on ``work`` (changed), as the floor confirms them:
    a blank filled as the floor would (:func:`default_choice`; a plan's moves have none left
    but where a button is still to be placed), the broken table closed after its last
    player. Refused, whole, when one of them can no longer be made."""
    events: list[Event] = []
    for record in moves:
        move = record.to_move()
        if waits_for_the_button(work, move):
            raise InvalidCommand(
                template=N_(
                    "The button at table %(from_table)s is not known: tap the button's seat first, "
                    "then the move names the player due the big blind."
                ),
                params={"from_table": move.from_table},
                rule_ids=work.profile.cite("D1"),
            )
        checked = default_choice(work, move)
        closes = broken == checked.from_table and work.tables[checked.from_table].count == 1
        apply_move(work, checked)
        events.append(PlayerMoved(move=move_record(state, record.move_id, checked)))
        if closes:
            events.append(TableClosed(table=checked.from_table))
    return events


def _button_draws(work: Seating, tables: tuple[int, ...], rng: random.Random) -> list[Event]:
    """SPOT-6.5: reseated tables with at least half new players cut for the button."""
    out: list[Event] = []
    for number in tables:
        table = work.tables.get(number)
        if table is None or table.count < 2:
            continue
        occupied = [s for s in range(table.n_seats) if table.occupied >> s & 1]
        drawn = draw_button(number, occupied, rng, work.profile.suit_order_high_to_low)
        cards = tuple((s + 1, c) for s, c in drawn.rounds[-1])
        out.append(ButtonPlaced(table=number, seat=drawn.button + 1, current=False, cards=cards))
    return out


@decides(SuggestMoves)
def _decide_suggest(state: TournamentState, cmd: SuggestMoves, ctx: Context) -> list[Event]:
    part = state.part(Tables)
    if part.auto_confirm:
        wait_for_hand_for_hand_hand(state, ctx.now, "Moving players")  # B10, G3
    seating = live_seating(state)
    if part.pending and not part.auto_confirm and not _waiting_are_stale(state, seating):
        raise InvalidCommand(
            template=N_("%(pending)s move(s) are waiting for the floor: confirm them first."),
            params={"pending": len(part.pending)},
        )
    fp = due_plan(state, paid_places=cmd.paid_places, full_table_event=cmd.full_table_event)
    _confirming(state, cmd.plan, fp)
    if fp is not None and fp.final_table is not None:
        raise RuleViolation(
            template=N_("%(players)s players left: time to draw the final table."),
            params={"players": seating.players},
            rule_ids=seating.profile.cite("C9"),
            context={"hint": "redraw"},
        )
    closed: list[Event] = []
    if fp is not None:
        closed = [TableClosed(table=n) for n in fp.closed]
        for n in fp.closed:
            seating.close_table(n)
    if fp is None or not fp.moves:
        if part.pending:
            return [*closed, MovesSuggested(moves=())]
        if closed:
            return closed
        if fp is not None and fp.blocked:
            todo = Plan(blocked=fp.blocked, halted=fp.halted)
            text, rules = blocked_text(seating, todo, "then ask again.")
            raise InvalidCommand(
                template=text.template,
                params=text.params,
                rule_ids=rules,
                context={"tables": list(fp.blocked), "hint": "play_hands"},
            )
        raise InvalidCommand(template=N_("No moves needed: the tables are within the tolerance."))
    return [*closed, *_moves_events(state, seating, fp, part.auto_confirm, ctx.rng)]


def _waiting_are_stale(state: TournamentState, seating: Seating) -> bool:
    """Whether the waiting moves can no longer be made, so that a new suggestion replaces
    them: one of them on its own (:func:`_still_valid`), or all of them together as
    "Confirm all" makes them (two moves into a table that has one open seat left since a
    late player took the other). One rule with ``ConfirmMoves``: what it refuses as stale
    is stale here, else the floor is told to confirm moves it cannot confirm for the rest
    of the night (the 5,000-entry simulated night, issue 25). A move that waits for the
    floor (a button to place, a hand to deal first) is not stale. Implements: C6
    (KPC-8d, TNPL-B6ii, FOX-10A)."""
    part = state.part(Tables)
    if not all(_still_valid(seating, m) for m in part.pending.values()):
        return True
    shown = pending_plan(state)
    if shown is None:
        return False
    try:
        _confirmed_moves(state, seating.copy(), shown.moves, part.pending_break)
    except StaleMove:
        return True
    except (RuleViolation, InvalidCommand):
        return False
    return False


def _still_valid(seating: Seating, move: Move) -> bool:
    """Whether a waiting move can still be confirmed (else ``SuggestMoves`` replaces it).

    A move whose seat (or player) the floor fills in is checked for its tables only, but a
    player it names must still sit where it says: once he has busted or moved it can never
    be confirmed (``ConfirmMoves`` calls it stale), and keeping it would refuse every new
    suggestion, leaving the floor stuck for the rest of the night (issue 15's 4,000-entry
    simulated night).
    """
    try:
        if move.player is None or move.to_seat is None:
            if move.player is not None:
                where = seating.where.get(move.player)
                if where is None or where[0] != move.from_table:
                    return False
                if move.from_seat is not None and where[1] != move.from_seat:
                    return False
            return move.from_table in seating.tables and move.to_table in seating.tables
        check_move(seating, move)
    except (RuleViolation, InvalidCommand):
        return False
    return True


@decides(ConfirmMove)
def _decide_confirm(state: TournamentState, cmd: ConfirmMove, ctx: Context) -> list[Event]:
    wait_for_hand_for_hand_hand(state, ctx.now, "The move")  # B10, G3
    part = state.part(Tables)
    move = part.pending.get(cmd.move_id)
    if move is None:
        waiting = ", ".join(f"#{i}" for i in sorted(part.pending)) or "none"
        raise InvalidCommand(
            template=N_("There is no move #%(move_id)s waiting (waiting: %(waiting)s)."),
            params={"move_id": cmd.move_id, "waiting": waiting},
        )
    seating = seating_now(state)  # read only: the button draws try the move on a copy
    player = None
    if cmd.player is not None:
        _, entry = live_entry_of(state, cmd.player)
        player = entry.entry_id
    seat = None if cmd.seat is None else cmd.seat - 1
    shown = pending_plan(state)  # the move as the screens show it, blanks filled
    filled = None if shown is None else next(m for m in shown.moves if m.move_id == cmd.move_id)
    if filled is not None and seat is None:
        if player is None:
            move = filled.to_move()  # as shown: the player and the seat
        elif move.to_seat is None and filled.to_seat is not None:
            seat = filled.to_seat - 1  # the floor names the player: the seat shown
    checked = check_move(seating, move, player=player, seat=seat)
    events: list[Event] = [PlayerMoved(move=move_record(state, cmd.move_id, checked))]
    broken = part.pending_break
    if broken == checked.from_table and seating.tables[checked.from_table].count == 1:
        events.append(TableClosed(table=checked.from_table))
    if len(part.pending) == 1 and part.pending_button_draws:
        work = seating.copy()
        apply_move(work, checked)
        events.extend(_button_draws(work, part.pending_button_draws, ctx.rng))
    return events


@decides(ConfirmMoves)
def _decide_confirm_many(state: TournamentState, cmd: ConfirmMoves, ctx: Context) -> list[Event]:
    wait_for_hand_for_hand_hand(state, ctx.now, "The moves")  # B10, G3
    part = state.part(Tables)
    ids = list(dict.fromkeys(cmd.moves))
    if not ids:
        raise InvalidCommand(template=N_("Choose the moves to confirm."))
    missing = [i for i in ids if i not in part.pending]
    if missing:
        waiting = ", ".join(f"#{i}" for i in sorted(part.pending)) or "none"
        raise InvalidCommand(
            template=N_("There is no move %(missing)s waiting (waiting: %(waiting)s)."),
            params={
                "missing": ", ".join(f"#{i}" for i in missing),
                "waiting": waiting,
            },
        )
    shown = pending_plan(state)  # the waiting moves as the screens show them
    _confirming(state, cmd.plan, shown)
    assert shown is not None
    by_id = {m.move_id: m for m in shown.moves}
    work = live_seating(state)  # already a copy of its own
    moves = tuple(by_id[i] for i in ids)
    events = _confirmed_moves(state, work, moves, part.pending_break)
    if len(ids) == len(part.pending) and part.pending_button_draws:
        events.extend(_button_draws(work, part.pending_button_draws, ctx.rng))
    return events


@decides(ConfirmPlan)
def _decide_confirm_plan(state: TournamentState, cmd: ConfirmPlan, ctx: Context) -> list[Event]:
    """Implements: KPC-6e, TNPL-B5, FOX-9, FOX-10C (C4); KPC-8d, TNPL-B6ii, FOX-10A (C6):
    the plan shown is the plan applied."""
    wait_for_hand_for_hand_hand(state, ctx.now, "The moves")  # B10, G3
    fp = floor_plan(state)
    _confirming(state, cmd.plan, fp)
    assert fp is not None
    profile = state.part(Setup).profile
    if fp.final_table is not None:
        raise RuleViolation(
            template=N_("Time for the final table: it is formed by the final-table redraw."),
            rule_ids=profile.cite("C9"),
            context={"hint": "redraw", "plan": fp.token},
        )
    work = live_seating(state)  # already a copy of its own
    if fp.empty:
        text, rules = blocked_text(
            work, Plan(blocked=fp.blocked, halted=fp.halted), "then ask again."
        )
        raise InvalidCommand(
            template=text.template,
            params=text.params,
            rule_ids=rules,
            context={"tables": list(fp.blocked), "hint": "play_hands"},
        )
    events: list[Event] = [
        PlanConfirmed(
            plan=fp.token,
            seed=fp.seed,
            moves=len(fp.moves),
            break_table=fp.break_table,
            closed=fp.closed,
            apart=fp.apart,
        )
    ]
    for number in fp.closed:
        events.append(TableClosed(table=number))
        if len(work.tables) > 1:
            work.close_table(number)
    events.extend(_confirmed_moves(state, work, fp.moves, fp.break_table))
    if fp.button_draws:
        events.extend(_button_draws(work, fp.button_draws, ctx.rng))
    return events


@decides(DrawButtons)
def _decide_draw_buttons(state: TournamentState, cmd: DrawButtons, ctx: Context) -> list[Event]:
    seating = seating_now(state)  # read only: the draws change nothing
    todo = tuple(
        n for n, t in sorted(seating.tables.items()) if t.count >= 2 and not t.button.known
    )
    if not todo:
        raise InvalidCommand(
            template=N_("Every table with two or more players already has its button.")
        )
    return [_first_button(seating, n, ctx.rng) for n in todo]


def _first_button(seating: Seating, number: int, rng: random.Random) -> ButtonPlaced:
    """A table's first button by the profile's ``button_start_method``: a high-card draw,
    or (NJ-15) the player to the dealer's left, seat 1 or the first player after it (C11)."""
    started = start_button(seating, number, rng)
    if isinstance(started, int):
        return ButtonPlaced(table=number, seat=started + 1, current=False)
    cards = tuple((s + 1, c) for s, c in started.rounds[-1])
    return ButtonPlaced(table=number, seat=started.button + 1, current=False, cards=cards)


@decides(BreakTable)
def _decide_break(state: TournamentState, cmd: BreakTable, ctx: Context) -> list[Event]:
    wait_for_hand_for_hand_hand(  # B10, G3
        state, ctx.now, Clause(N_("Breaking table %(table)s"), {"table": cmd.table})
    )
    part = state.part(Tables)
    fp = break_plan(state, cmd.table)  # drawn once for the seating now (C4)
    if not fp.moves:
        return [TableClosed(table=cmd.table)]
    return _moves_events(state, live_seating(state), fp, part.auto_confirm, ctx.rng)


@decides(Redraw)
def _decide_redraw(state: TournamentState, cmd: Redraw, ctx: Context) -> list[Event]:
    wait_for_hand_for_hand_hand(state, ctx.now, "The final-table redraw")  # B10, G3
    try:
        fp = redraw_plan(state)  # the draw the screens show (C9, C10)
    except RuleViolation:
        due = due_plan(state)
        if cmd.plan is None or (due is not None and due.token == cmd.plan):
            raise
        raise _stale(state, cmd.plan, due) from None  # the final table shown cannot form now
    _confirming(state, cmd.plan, fp)
    assert fp.final_table is not None
    draw = fp.final_table
    records = tuple(
        SeatRecord(
            entry_id=d.player, name=entry_name(state, d.player), table=d.table, seat=d.seat + 1
        )
        for d in sorted(draw.draws, key=lambda d: d.seat)
    )
    button = draw.button
    return [
        FinalTableDrawn(
            table=draw.table,
            seats=draw.seats,
            draws=records,
            redraw=draw.redraw,
            button=None if button is None else button.button + 1,
            cards=() if button is None else tuple((s + 1, c) for s, c in button.rounds[-1]),
            seed=fp.seed,
            plan=fp.token,
            apart=fp.apart,
        )
    ]


@decides(KeepApart)
def _decide_keep_apart(state: TournamentState, cmd: KeepApart, ctx: Context) -> list[Event]:
    """Implements: SPOT-2c3 (C1): the director names players who must not sit together."""
    profile = state.part(Setup).profile
    if not profile.keep_apart_allowed:
        raise RuleViolation(
            template=N_("This venue seats every player at random: players cannot be kept apart."),
            rule_ids=profile.cite("C1"),
        )
    if len(cmd.players) < 2:
        raise InvalidCommand(template=N_("Name at least two players to keep apart."))
    part = state.part(Tables)
    if len(part.apart) >= KEEP_APART_GROUPS_MAX:
        raise InvalidCommand(
            template=N_("%(max_groups)s keep-apart groups are set already: lift one first."),
            params={"max_groups": KEEP_APART_GROUPS_MAX},
        )
    found = [find_player(state, ref) for ref in cmd.players]
    seen: set[str] = set()
    for player in found:
        if player.player_id in seen:
            raise InvalidCommand(
                template=N_("%(name)s is named twice."),
                params={"name": player.name},
                context={"player": player.name},
            )
        seen.add(player.player_id)
    ids = tuple(p.player_id for p in found)
    for number, players in part.apart.items():
        if set(players) == seen:
            raise InvalidCommand(
                template=N_("%(names)s are kept apart already (group %(number)s)."),
                params={
                    "names": _names([p.name for p in found]),
                    "number": number,
                },
                context={"group": number},
            )
    group = part.next_group
    names = tuple(p.name for p in found)
    together: list[str] = []
    seating = seating_now(state)  # read only
    roster = state.part(Roster)
    tables: dict[int, list[str]] = {}
    for pid, name in zip(ids, names, strict=True):
        entry = roster.live_entry(pid)
        spot = seating.where.get(entry.entry_id) if entry is not None else None
        if spot is not None:
            tables.setdefault(spot[0], []).append(name)
    rules = ", ".join(apart_rule_ids(profile))
    for number, here in sorted(tables.items()):
        if len(here) >= 2:
            together.append(
                f"{_names(here)} sit together at table {number} now: move one of them by hand "
                f"to keep them apart ({rules})"
            )
    return [
        PlayersKeptApart(
            group=group, players=ids, names=names, note=cmd.note, together=tuple(together)
        )
    ]


@decides(LetSitTogether)
def _decide_sit_together(state: TournamentState, cmd: LetSitTogether, ctx: Context) -> list[Event]:
    part = state.part(Tables)
    players = part.apart.get(cmd.group)
    if players is None:
        raise NotFound(
            template=N_("There is no keep-apart group %(group)s."),
            params={"group": cmd.group},
            context={"group": cmd.group},
        )
    roster = state.part(Roster)
    names = tuple(roster.players[p].name for p in players)
    return [KeepApartLifted(group=cmd.group, names=names)]


@decides(PlaceButton)
def _decide_button(state: TournamentState, cmd: PlaceButton, ctx: Context) -> list[Event]:
    seating = live_seating(state)
    table = seating.table(cmd.table)
    if cmd.seat is None:
        if table.count < 2:
            raise RuleViolation(template=N_("A draw for the button needs at least two players."))
        placed = _first_button(seating, cmd.table, ctx.rng)
        seating.set_button(cmd.table, placed.seat - 1, current=False)  # validates
        return [placed]
    seating.set_button(cmd.table, cmd.seat - 1, current=cmd.current)  # validates
    return [ButtonPlaced(table=cmd.table, seat=cmd.seat, current=cmd.current)]


@decides(CorrectButton)
def _decide_correct_button(state: TournamentState, cmd: CorrectButton, ctx: Context) -> list[Event]:
    """Implements: KPC-24J, FOX-33 (D6, ``button_error_fix``); the other venues' fixes are
    refused with what their rule says instead (SPOT-3c1, SPOT-3a6; TDA: the TD decides)."""
    seating = live_seating(state)
    profile = seating.profile
    table = seating.table(cmd.table)
    fix = profile.button_error_fix
    if fix is ButtonErrorFix.MISDEAL_BEFORE_ACTION_ELSE_REBALANCE_ROUND:
        raise RuleViolation(
            template=N_(
                "%(title)s does not move the button back: a button out of position is a "
                "misdeal before any action; after action the hand stands and the blinds are "
                "balanced over the round. Place the button where it belongs instead."
            ),
            params={"title": profile.title},
            rule_ids=profile.cite("D6"),
            context={"table": cmd.table, "hint": "button"},
        )
    if fix is not ButtonErrorFix.BACK_ONE_THEN_FORWARD_TWO:
        raise RuleViolation(
            template=N_(
                "%(title)s leaves a misplaced button to the tournament director: place it "
                "where it belongs instead."
            ),
            params={"title": profile.title},
            rule_ids=profile.cite("D6"),
            context={"table": cmd.table, "hint": "button"},
        )
    with profile.citing():
        fixed = table.button.correct_button_error(table.occupied)
        hand = fixed.next_hand(table.occupied)
    return [
        ButtonCorrected(
            table=cmd.table,
            button=hand.button + 1,
            big_blind=hand.big_blind_seat + 1,
            rule=", ".join(profile.cite("D6")),
        )
    ]


@decides(PlayHands)
def _decide_hands(state: TournamentState, cmd: PlayHands, ctx: Context) -> list[Event]:
    if not 1 <= cmd.hands <= 1000:
        raise InvalidCommand(
            template=N_("%(hands)s hands: give a number from 1 to 1000."),
            params={"hands": cmd.hands},
        )
    seating = seating_now(state)  # read only: the hands move a local button
    table = seating.table(cmd.table)
    if cmd.game is not None and cmd.game.is_stud:
        return _stud_hands(state, seating, cmd, ctx)
    if not table.button.known:
        raise InvalidCommand(
            template=N_("The button is not known at table %(table)s: say where it is first."),
            params={"table": cmd.table},
            rule_ids=seating.profile.cite("D1"),
            context={"hint": "button"},
        )
    hand = None
    button = table.button
    for _ in range(cmd.hands):
        with seating.profile.citing():  # refuses a table with fewer than two players
            hand = button.next_hand(table.occupied)
        button = button.hand_dealt(hand)
    assert hand is not None
    played = HandsPlayed(table=cmd.table, hands=cmd.hands, button=hand.button + 1, game=cmd.game)
    return [
        played,
        *penalty_hands(state, cmd.table, seated_at(state, cmd.table), cmd.hands, ctx.now),
    ]  # K3


def _stud_hands(
    state: TournamentState, seating: Seating, cmd: PlayHands, ctx: Context
) -> list[Event]:
    """Stud hands need no button; the button stays frozen where the next board-game hand
    would have it (C7: TNPL-B6iii, FOX-10B)."""
    table = seating.table(cmd.table)
    if table.count < 2:
        raise RuleViolation(
            template=N_("A hand needs at least two players at the table."),
            rule_ids=seating.profile.cite("D2"),
            context={"table": cmd.table},
        )
    frozen = table.button.stud_hand_dealt(table.occupied).frozen
    played = HandsPlayed(
        table=cmd.table,
        hands=cmd.hands,
        button=None if frozen is None else frozen + 1,
        game=cmd.game,
    )
    return [
        played,
        *penalty_hands(state, cmd.table, seated_at(state, cmd.table), cmd.hands, ctx.now),
    ]  # K3


@decides(SetTableGame)
def _decide_table_game(state: TournamentState, cmd: SetTableGame, ctx: Context) -> list[Event]:
    seating = seating_now(state)  # read only
    seating.table(cmd.table)  # refuses a table not in play
    rotation = cmd.rotation or event_games(state)
    if cmd.game not in rotation:
        names = ", ".join(g.value for g in rotation)
        if not names:
            raise RuleViolation(
                template=N_(
                    "This event names no games to rotate: table %(table)s deals the "
                    "event's one game."
                ),
                params={"table": cmd.table},
                context={"table": cmd.table},
            )
        raise RuleViolation(
            template=N_(
                "%(game)s is not a game of this event's rotation (%(games)s): table "
                "%(table)s cannot deal it."
            ),
            params={"game": cmd.game.value, "games": names, "table": cmd.table},
            context={"table": cmd.table},
        )
    return [TableGameSet(table=cmd.table, game=cmd.game)]


@decides(SetAutoConfirm)
def _decide_auto(state: TournamentState, cmd: SetAutoConfirm, ctx: Context) -> list[Event]:
    if state.part(Tables).auto_confirm == cmd.on:
        raise InvalidCommand(
            template=N_("Auto-confirm is already on.")
            if cmd.on
            else N_("Auto-confirm is already off."),
        )
    return [AutoConfirmSet(on=cmd.on)]


def _minutes_since(at: str, now: datetime) -> int:
    """Whole minutes from ``at`` (ISO time) to ``now`` (never negative)."""
    return max(0, int((now - datetime.fromisoformat(at)).total_seconds() // 60))


@decides(MovePlayer)
def _decide_move_player(state: TournamentState, cmd: MovePlayer, ctx: Context) -> list[Event]:
    """Implements: FOX-6, FOX-8, TNPL-B3 (C1, manual seat override); KPC-8d, TNPL-B6ii,
    FOX-10A (C6, the seat checks reused from :func:`check_move`); D4 (``waits``)."""
    wait_for_hand_for_hand_hand(state, ctx.now, "The move")  # B10, G3
    _, entry = live_entry_of(state, cmd.player)
    seating = live_seating(state)
    where = seating.where.get(entry.entry_id)
    if where is None:
        raise InvalidCommand(
            template=N_("%(name)s has no seat yet: draw or give a seat first."),
            params={"name": entry.name},
            context={"player": entry.name},
        )
    table = seating.tables.get(cmd.table)
    if table is None:
        open_tables = ", ".join(str(n) for n in sorted(seating.tables)) or "none"
        raise InvalidCommand(
            template=N_("Table %(table)s is not in play (open tables: %(open_tables)s)."),
            params={"table": cmd.table, "open_tables": open_tables},
            context={"table": cmd.table},
        )
    if where == (cmd.table, cmd.seat - 1):
        raise InvalidCommand(
            template=N_("%(name)s already sits at table %(table)s seat %(seat)s."),
            params={"name": entry.name, "table": cmd.table, "seat": cmd.seat},
        )
    if 1 <= cmd.seat <= table.n_seats and (holder := table.players[cmd.seat - 1]) is not None:
        raise RuleViolation(
            template=N_("Table %(table)s seat %(seat)s is taken by %(holder)s."),
            params={
                "table": cmd.table,
                "seat": cmd.seat,
                "holder": entry_name(state, holder),
            },
            rule_ids=seating.profile.cite("C1"),
            context={"table": cmd.table, "seat": cmd.seat},
        )
    rules = seating.profile.cite("C1")
    move = Move(
        player=entry.entry_id,
        from_table=where[0],
        from_seat=where[1],
        to_table=cmd.table,
        to_seat=None,
        reason=MoveReason.FLOOR,
        rule_ids=rules,
    )
    checked = check_move(seating, move, seat=cmd.seat - 1)
    return [PlayerMoved(move=move_record(state, state.part(Tables).next_move_id, checked))]


def _seat_of(state: TournamentState, ref: str) -> tuple[str, str, int, int]:
    """``(entry id, name, table, seat)`` of a seated player still in (1-based seat)."""
    _, entry = live_entry_of(state, ref)
    where = seating_now(state).where.get(entry.entry_id)
    if where is None:
        raise InvalidCommand(
            template=N_("%(name)s has no seat yet: only a seated player can be marked away."),
            params={"name": entry.name},
            context={"player": entry.name},
        )
    return entry.entry_id, entry.name, where[0], where[1] + 1


@decides(MarkAbsent)
def _decide_absent(state: TournamentState, cmd: MarkAbsent, ctx: Context) -> list[Event]:
    """Implements: TNPL-B2iv, FOX-REG2 (A7); KPC-21, TNPL-E1, FOX-30, SPOT-6.6 (D8, K6);
    SPOT-2b15 (G4: the time kept for the pickup)."""
    entry_id, name, table, seat = _seat_of(state, cmd.player)
    since = away_now(state).get(entry_id)
    if since is not None:
        minutes = _minutes_since(since, ctx.now)
        raise InvalidCommand(
            template=N_("%(name)s is already marked away (%(minutes)s min)."),
            params={"name": name, "minutes": minutes},
        )
    at = ctx.now.isoformat(timespec="seconds")
    return [PlayerAway(entry_id=entry_id, name=name, table=table, seat=seat, at=at)]


@decides(MarkPresent)
def _decide_present(state: TournamentState, cmd: MarkPresent, ctx: Context) -> list[Event]:
    entry_id, name, table, seat = _seat_of(state, cmd.player)
    since = away_now(state).get(entry_id)
    if since is None:
        raise InvalidCommand(template=N_("%(name)s is not marked away."), params={"name": name})
    return [
        PlayerBack(
            entry_id=entry_id,
            name=name,
            table=table,
            seat=seat,
            at=ctx.now.isoformat(timespec="seconds"),
            minutes=_minutes_since(since, ctx.now),
        )
    ]


def seat_new_entry(state: TournamentState, ctx: Context, entry: EntryBought) -> list[Event]:
    """Seat a late entry, re-entry or alternate at once (C3) once the tables are drawn.

    Before the initial draw nobody sits: ``DrawSeats`` seats the whole field evenly (C1).
    Registered with entries (:func:`~pokertd.tournament.entries.log.seats_new_entries`),
    which sells the stack and asks this domain where it sits.
    Implements: KPC-6c, KPC-18, FOX-7, FOX-RE, SPOT-2c2 (C3).
    """
    if state.part(Tables).seating is None:
        return []  # no seat drawn yet
    seating = seating_now(state)  # read only: the draw changes nothing
    if seating.players == 0:
        return []
    if state.part(Tables).apart:  # a re-entry stays in his group (SPOT-2c3)
        apart = keep_apart_of(state, also=(entry.entry_id, entry.player_id, entry.name))
        if apart.of(entry.entry_id):
            seating = seating.copy()
            seating.apart = apart
    notes: list[str] = []
    draw = draw_seat(seating, entry.entry_id, ctx.rng, notes=notes)
    record = SeatRecord(
        entry_id=entry.entry_id,
        name=entry.name,
        table=draw.table,
        seat=draw.seat + 1,
        waits=draw.waits,
    )
    return [SeatsDrawn(seats=(record,), how="late", apart=tuple(notes))]


__all__ = [
    "AutoConfirmSet",
    "BreakTable",
    "ButtonCorrected",
    "ButtonPlaced",
    "ConfirmMove",
    "ConfirmMoves",
    "ConfirmPlan",
    "CorrectButton",
    "DrawButtons",
    "DrawSeats",
    "FinalTableDrawn",
    "HandsPlayed",
    "KeepApart",
    "KeepApartLifted",
    "LayTables",
    "LetSitTogether",
    "MarkAbsent",
    "MarkPresent",
    "MovePlayer",
    "MovesSuggested",
    "PlaceButton",
    "PlanConfirmed",
    "PlayHands",
    "PlayerAway",
    "PlayerBack",
    "PlayerMoved",
    "PlayersKeptApart",
    "Redraw",
    "SeatPlayer",
    "SeatsDrawn",
    "SetAutoConfirm",
    "SetTableGame",
    "StalePlan",
    "SuggestMoves",
    "TableClosed",
    "TableGameSet",
    "TablesLaidOut",
    "seat_new_entry",
    "summarize_seating",
]
