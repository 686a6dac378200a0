"""What a simulated night reports, gathered as it is played: the moments a director asks
about (registration closed, the money, the final table, the end), the field level by level
and the players left over time; :func:`night_report` turns them into the
:class:`~pokertd.sim.report.NightReport`.
"""

from __future__ import annotations

from pokertd.i18n import N_, Nn_, Sentence
from pokertd.rules import Game
from pokertd.sim.pieces import NightLike
from pokertd.sim.report import MISTAKE_KINDS, Finish, NightReport, Said
from pokertd.tournament.entries import Roster
from pokertd.tournament.prizes import standings
from pokertd.tournament.views import results


def _notes(night: NightLike, prizes_note: str | None, finished: bool) -> list[str]:
    """The report's notes: what a director should know about how the night was played."""
    notes = list(night.notes)
    if not finished:
        why = prizes_note or "no prize was computed"
        notes.append(
            Said.of(
                Sentence(
                    N_(
                        "The tournament's results show no prizes (%(why)s): the night is "
                        "played, but its payouts are missing in the core for this field."
                    ),
                    {"why": why},
                )
            )
        )
    floor = night.floor
    if floor.core_errors:
        notes.append(
            Said.of(
                Sentence(
                    _CRASHED[0],
                    {"error": floor.core_errors[0]},
                    plural=_CRASHED[1],
                    n=len(floor.core_errors),
                )
            )
        )
    if floor.by_hand:
        notes.append(Said.of(Sentence(_BY_HAND[0], plural=_BY_HAND[1], n=floor.by_hand)))
    if night.desk.walk_outs:
        notes.append(Said.of(Sentence(_WALK_OUTS[0], plural=_WALK_OUTS[1], n=night.desk.walk_outs)))
    return notes


# The English says "time(s)", "player(s)" for every count (the report's words as they
# were); a translation gives each count its own form.
_CRASHED = Nn_(
    "The core crashed %(n)s time(s) on a floor command (a bug to fix): %(error)s",
    "The core crashed %(n)s time(s) on a floor command (a bug to fix): %(error)s",
)
_BY_HAND = Nn_(
    "%(n)s time(s) the suggested moves were refused as suggested and the floor named the "
    "player and the seat (ConfirmMove).",
    "%(n)s time(s) the suggested moves were refused as suggested and the floor named the "
    "player and the seat (ConfirmMove).",
)
_WALK_OUTS = Nn_(
    "%(n)s late player(s) found registration closed or no seat and went home.",
    "%(n)s late player(s) found registration closed or no seat and went home.",
)


def night_report(
    night: NightLike, checks: list[str], started_from: str | None = None
) -> NightReport:
    """The night's report, read from the tournament's results and the tallies."""
    state, now = night.st, night.time.now()
    view = results(state, now)
    rows = {r.entry_id: r for r in standings(state, now)}
    finishing = tuple(
        Finish(
            place=r.place,
            player=r.name,
            prize=r.prize_cents or 0,
            bounty=rows[r.entry_id].bounties if r.entry_id in rows else 0,
        )
        for r in view.rows
        if (r.prize_cents or 0) > 0
    )
    winner = next(iter(night.ledger.stacks))
    roster = state.part(Roster)
    marks, desk, config = night.marks, night.desk, night.config
    return NightReport(
        template=night.tmpl.name,
        title=night.tmpl.title,
        profile=night.profile.name,
        seed=config.seed,
        entries=roster.entry_count,
        players=len(roster.players),
        reentries=sum(max(len(p.entries) - 1, 0) for p in roster.players.values()),
        rebuys=desk.rebuys,
        addons=desk.addons,
        alternates=len(desk.alternates),
        hands=night.dealer.hands,
        duration=int(marks.last_end),
        registration_closed_at=marks.registration_closed_at,
        money_at=marks.money_at,
        money_level=marks.money_level,
        final_table_at=marks.final_table_at,
        final_table_level=marks.final_table_level,
        final_level=marks.last_level,
        levels=night.levels.rows(),
        players_left=tuple(night.levels.players_left),
        prize_pool=view.prize_pool_cents,
        paid_places=len(finishing),
        finishing=finishing,
        winner=night.ledger.names[winner],
        checks=tuple(checks),
        notes=tuple(_notes(night, view.prizes_note, bool(finishing))),
        tournament_id=night.console.tid,
        store_url=config.store_url,
        events=night.checks.events,
        commands=night.console.commands,
        started_from=started_from,
        floor=config.floor,
        mistakes=(
            tuple((kind, night.mistakes[kind]) for kind, _ in MISTAKE_KINDS)
            if config.floor != "careful"
            else ()
        ),
        refusals=night.console.refusals,
        invariant_checks=night.checks.count,
        games=games_dealt(night),
    )


def games_dealt(night: NightLike) -> tuple[tuple[str, int], ...]:
    """``(game, hands)`` for each game dealt, in the order first dealt (``nlhe`` for the
    levels that name no game)."""
    hands: dict[str, int] = {}
    for (_, game), n in night.dealer.games.items():
        code = (game or Game.NO_LIMIT_HOLDEM).value
        hands[code] = hands.get(code, 0) + n
    return tuple(hands.items())


__all__ = ["games_dealt", "night_report"]
