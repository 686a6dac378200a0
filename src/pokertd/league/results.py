"""A league's view of one recorded tournament, and one person across events (pure).

:func:`read_event_result` reads what a tournament recorded as the league counts it (places,
knockouts, rebuys, add-ons, prizes, sign-out rule); :func:`db_card_or_name` says who a
player is across events (player-database id, else member card, else name);
:func:`fold_aliases` folds merged duplicates into the player they were merged into.
:class:`pokertd.app.leagues.LeagueService` calls these over the tournaments' states.

Implements: G5 (SPOT-6.13 sign-out rule carried with the result), G2 and A4 (the last
player in is 1st only once the event is over), J2 (a deal's places), issue 14.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from datetime import datetime

from pokertd.league.points import EventResult, PlayerResult, SignOut
from pokertd.tournament.cancellation import cancelled
from pokertd.tournament.eliminations import finish
from pokertd.tournament.entries import Player, Roster, Setup
from pokertd.tournament.entries.rules import EntryStatus, player_key
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.prizes import deal_places
from pokertd.tournament.prizes import standings as tournament_standings
from pokertd.tournament.prizes.pool import pool


def card_or_name(player: Player) -> str:
    """The default player key across events: ``card:<number>`` or ``name:<key>``."""
    card = player.member.strip()
    return f"card:{card}" if card else f"name:{player_key(player.name)}"


DB_PREFIX = "db:"
"""Player keys made from a player-database id start with this."""


def db_card_or_name(player: Player) -> str:
    """The player key across events: ``db:<player id>`` when the registration recorded the
    person (issue 14 player database), else :func:`card_or_name` (older logs)."""
    return f"{DB_PREFIX}{player.db_id}" if player.db_id else card_or_name(player)


Identify = Callable[[Player], str]


def _combine(a: PlayerResult, b: PlayerResult, key: str, name: str) -> PlayerResult:
    """One person's two results in one event (registered twice before a merge): the best
    place (and how it ended), knockouts, rebuys, add-ons and prizes added."""
    ranked = sorted((a, b), key=lambda r: (r.place is None, r.place or 0))
    return PlayerResult(
        player=key,
        name=name,
        place=ranked[0].place,
        eliminated=ranked[0].eliminated,
        knockouts=a.knockouts + b.knockouts,
        rebuys=a.rebuys + b.rebuys,
        addons=a.addons + b.addons,
        prize_cents=a.prize_cents + b.prize_cents,
    )


def fold_aliases(
    result: EventResult,
    alias: Mapping[str, tuple[str, str]],
    marks: Mapping[str, SignOut] | None = None,
) -> tuple[EventResult, dict[str, SignOut]]:
    """``result`` and its sign-out ``marks`` with every merged duplicate's key replaced by
    the key (and name) of the player it was merged into: ``alias[key] = (key, name)``.

    Both of one person's results in one event become one (:func:`_combine`); a late
    sign-out of either voids the person's points, else either sign-out credits them.
    Pure; ``result`` is returned as is when nobody in it is an alias.
    """
    marks = dict(marks or {})
    if not any(p.player in alias for p in result.players):
        return result, marks
    merged: dict[str, PlayerResult] = {}
    for p in result.players:
        key, name = alias.get(p.player, (p.player, p.name))
        mine = PlayerResult(
            player=key,
            name=name,
            place=p.place,
            eliminated=p.eliminated,
            knockouts=p.knockouts,
            rebuys=p.rebuys,
            addons=p.addons,
            prize_cents=p.prize_cents,
        )
        merged[key] = _combine(merged[key], mine, key, name) if key in merged else mine
    folded: dict[str, SignOut] = {}
    for key, mark in marks.items():
        to = alias.get(key, (key, ""))[0]
        if folded.get(to) is not SignOut.LATE:
            folded[to] = mark
    return dataclasses.replace(result, players=tuple(merged.values())), folded


def read_event_result(
    state: TournamentState, identify: Identify = db_card_or_name, now: datetime | None = None
) -> EventResult:
    """The league's view of one tournament: entrants, buy-in, pool, each player's best
    place, knockouts, rebuys, add-ons and prize (pure over the state and ``now``).

    One source of truth for places: the tournament's own standings
    (:func:`pokertd.tournament.prizes.standings`, what ``pokertd prize standings`` and a
    player's history show), read at ``now``. A player the tournament still has in play is
    unplaced here too ("still playing"): the last one in is 1st only once the event is
    over by its rules (G2: one entry left and no entry possible any more, A4), never while
    registration or late registration is open. The players of a binding deal who play on
    hold the places the deal divided, as the deal records them
    (:func:`pokertd.tournament.prizes.deal_places`, J2).
    """
    setup = state.part(Setup)
    roster = state.part(Roster)
    if cancelled(state) is not None:  # a void event: no places, no points (issue 26)
        tmpl = setup.template
        return EventResult(
            tournament_id=state.id,
            name=setup.name or state.id,
            entrants=roster.entry_count,
            buyin_cents=tmpl.fees.total if tmpl is not None else 0,
            prizepool_cents=0,
            require_signout=False,
            signout_rule=setup.profile.citation("G5"),
            players=(),
            finished=False,
            cancelled=True,
        )
    rows = tournament_standings(state, now)
    by_deal = deal_places(state)
    key_of_entry: dict[str, str] = {}
    name_of: dict[str, str] = {}
    for player in roster.players.values():
        key = identify(player)
        name_of[key] = player.name
        for eid in player.entries:
            key_of_entry[eid] = key
    best: dict[str, tuple[int, bool]] = {}
    prize: dict[str, int] = {}
    for row in rows:
        if row.entry_id not in key_of_entry:
            continue
        key = key_of_entry[row.entry_id]
        prize[key] = prize.get(key, 0) + row.prize
        place = row.place
        if place is None and row.entry_id in by_deal:  # plays on after a deal (J2)
            place = by_deal[row.entry_id][0]
        if place is None:
            continue  # still playing: no place yet
        eliminated = row.status != EntryStatus.ALIVE.value
        if key not in best or place < best[key][0]:
            best[key] = (place, eliminated)
    knockouts: dict[str, int] = {}
    for out in roster.out:
        if out.eliminator and out.eliminator in key_of_entry:
            killer = key_of_entry[out.eliminator]
            knockouts[killer] = knockouts.get(killer, 0) + 1
    rebuys: dict[str, int] = {}
    addons: dict[str, int] = {}
    for entry in roster.entries.values():
        key = key_of_entry[entry.entry_id]
        rebuys[key] = rebuys.get(key, 0) + entry.rebuys
        addons[key] = addons.get(key, 0) + entry.addons
    players = tuple(
        PlayerResult(
            player=key,
            name=name_of[key],
            place=best[key][0] if key in best else None,
            eliminated=best[key][1] if key in best else False,
            knockouts=knockouts.get(key, 0),
            rebuys=rebuys.get(key, 0),
            addons=addons.get(key, 0),
            prize_cents=prize.get(key, 0),
        )
        for key in dict.fromkeys(key_of_entry.values())
    )
    tmpl = setup.template
    return EventResult(
        tournament_id=state.id,
        name=setup.name or state.id,
        entrants=roster.entry_count,
        buyin_cents=tmpl.fees.total if tmpl is not None else 0,
        prizepool_cents=pool(state).net,
        require_signout=setup.profile.points_require_immediate_signout,
        signout_rule=setup.profile.citation("G5"),
        players=players,
        finished=setup.finished or finish(state, now).finished,
    )


def settled(state: TournamentState, now: datetime | None) -> bool:
    """Whether the league's view of the tournament can change only with new events: not
    when one entry is left in an event that is not over yet, since the clock closing
    registration makes that player the winner without a new event (G2, A4)."""
    roster = state.part(Roster)
    return roster.alive_count != 1 or finish(state, now).finished


__all__ = [
    "DB_PREFIX",
    "Identify",
    "card_or_name",
    "db_card_or_name",
    "fold_aliases",
    "read_event_result",
    "settled",
]
