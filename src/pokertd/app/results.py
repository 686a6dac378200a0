"""The night taken home (issue 26, point 3): one event's public results and the schedule
of a league season or a series, as plain typed structures every face renders.

* :func:`event_results` is THE read model of one event's results: places (tied places
  shown as ties, G3), names as the event recorded them, prizes (the payout table's, or a
  binding deal's, J2: :func:`pokertd.tournament.prizes.results`), knockouts, bounty money
  won (:func:`pokertd.tournament.prizes.bounty_ledger`) and, where the event counts toward
  a league season, each player's league points read from the league service's own
  standings (never computed a second time here). The results page, its JSON, the CLI and
  the results mail read it.
* :func:`league_schedule` and :func:`series_schedule` list a season's or a series'
  events with when they start (:func:`start_of`) and whether they are upcoming, running
  or finished: the JSON and ICS feeds (:mod:`pokertd.app.ics`).

Nothing private is in these structures: no card or member number, no player key or
database id, no contact data, no staff-only figure (receipts, PINs, the cash report).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Any

from pokertd import timefmt
from pokertd.app.application import App
from pokertd.errors import NotFound
from pokertd.i18n import N_, catalog
from pokertd.league.results import db_card_or_name
from pokertd.money import DEFAULT_CURRENCY, current_locale, format_money
from pokertd.tournament.clock import ClockPart
from pokertd.tournament.eliminations import finish
from pokertd.tournament.entries import Roster, Setup
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.prizes import ReceiptWords, ResultsView, bounty_ledger
from pokertd.tournament.views import results
from pokertd.types import Cents


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultLine:
    """One finishing place as the public sees it (tied places: ``places=(4, 5)``)."""

    place: int
    places: tuple[int, ...]
    tied: bool
    name: str
    prize_cents: Cents
    prize: str
    """The prize formatted as the app shows money (``""``: none)."""
    knockouts: int
    bounty_cents: Cents
    bounty: str
    league_points: float | None
    """Points earned toward the event's league season (``None``: not in a league, or not
    this row — a player with several entries gets them on the best-placed one)."""
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueRef:
    """A league season the event counts toward."""

    league: str
    league_name: str
    season: str
    season_name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EventResults:
    """One event's public results: final once ``finished``, else the places so far."""

    tournament_id: str
    name: str
    status: str
    """``registering`` (nobody out yet), ``running`` or ``finished``."""
    finished: bool
    entries: int
    prize_pool_cents: Cents
    prize_pool: str
    winner: str
    """The winner's name once finished and untied (``""`` otherwise)."""
    rows: tuple[ResultLine, ...]
    playing: int
    """Entries still in (not placed yet)."""
    leagues: tuple[LeagueRef, ...]
    deal_made: bool
    prizes_note: str
    currency: str = DEFAULT_CURRENCY
    """The ISO 4217 code of every ``*_cents`` amount (minor units: yen for JPY); the text
    amounts (``prize``, ``prize_pool``) are written in it by the locale asked for."""


def _status(state: TournamentState, now: datetime) -> tuple[str, bool]:
    setup, roster = state.part(Setup), state.part(Roster)
    done = setup.finished or finish(state, now).finished
    if done:
        return "finished", True
    clock = state.part(ClockPart).clock
    if roster.out or (clock is not None and clock.started):
        return "running", False
    return "registering", False


def event_results(app: App, tournament_id: str, locale: str | None = None) -> EventResults:
    """The public results of one event (``NotFound`` for an unknown id); amounts as text in
    the event's currency as ``locale`` writes them (neutral ``$4,074.00`` without one).

    Places and prizes are the tournament's own results (G3: tied places share their
    prizes; J2: a binding deal's amounts); knockouts count the busts each entry is recorded
    as eliminator of; bounty money is the bounty ledger's cash per entry; league points are
    the league service's points for this event in every season it counts toward (summed
    when it counts toward more than one league), on the player's best-placed row.
    """
    now = app.tournaments.now()
    got = app.tournaments.read(tournament_id, lambda state: _read_event(state, now))
    view = got.view

    def money(amount: int) -> str:
        return format_money(amount, got.currency, locale)

    leagues, points = _league_points(app, tournament_id)
    rows: list[ResultLine] = []
    credited: set[str] = set()
    for r in view.rows:  # best place first: a re-entered player's points go on the best row
        key = got.key_of.get(r.entry_id, "")
        pts: float | None = None
        if leagues and key in points and key not in credited:
            pts = points[key]
            credited.add(key)
        prize = r.prize_cents or 0
        bounty = got.cash.get(r.entry_id, 0)
        rows.append(
            ResultLine(
                place=r.place,
                places=r.places,
                tied=len(r.places) > 1,
                name=r.name,
                prize_cents=prize,
                prize=money(prize) if prize else "",
                knockouts=got.knockouts.get(r.entry_id, 0),
                bounty_cents=bounty,
                bounty=money(bounty) if bounty else "",
                league_points=pts,
                note=r.note if r.note.startswith(("deal", "prize forfeited")) else "",
            )
        )
    return EventResults(
        tournament_id=tournament_id,
        name=got.name,
        status=got.status,
        finished=got.finished,
        entries=view.entries,
        prize_pool_cents=view.prize_pool_cents,
        prize_pool=money(view.prize_pool_cents),
        winner=got.winner if got.finished else "",
        rows=tuple(rows),
        playing=got.playing,
        leagues=leagues,
        deal_made=view.deal_made,
        prizes_note=view.prizes_note,
        currency=got.currency,
    )


@dataclass(frozen=True, slots=True)
class _EventRead:
    """What :func:`event_results` reads under the tournament's lock."""

    currency: str
    name: str
    status: str
    finished: bool
    view: ResultsView
    cash: dict[str, Cents]
    knockouts: dict[str, int]
    key_of: dict[str, str]
    playing: int
    winner: str


def _read_event(state: TournamentState, now: datetime) -> _EventRead:
    setup, roster = state.part(Setup), state.part(Roster)
    knockouts: dict[str, int] = {}
    for out in roster.out:
        if out.eliminator:
            knockouts[out.eliminator] = knockouts.get(out.eliminator, 0) + 1
    key_of: dict[str, str] = {}
    for player in roster.players.values():
        key = db_card_or_name(player)  # the league's key of a player (LeagueService's default)
        for eid in player.entries:
            key_of[eid] = key
    status, done = _status(state, now)
    return _EventRead(
        currency=setup.currency,
        name=setup.name or state.id,
        status=status,
        finished=done,
        view=results(state, now),
        cash=dict(bounty_ledger(state).cash_by_entry),
        knockouts=knockouts,
        key_of=key_of,
        playing=0 if done else roster.alive_count,
        winner=finish(state, now).winner_name or "",
    )


def _league_points(app: App, tournament_id: str) -> tuple[tuple[LeagueRef, ...], dict[str, float]]:
    """The seasons the event counts toward and each player's points in it (player key ->
    total), read from the league service's standings (sign-out rules applied, G5)."""
    leagues = app.leagues
    refs: list[LeagueRef] = []
    points: dict[str, float] = {}
    for lg in leagues.leagues():
        for season in leagues.seasons(lg.key):
            rows = leagues.season_events(lg.key, season.key)
            if not any(r.tournament == tournament_id and not r.championship for r in rows):
                continue
            refs.append(
                LeagueRef(
                    league=lg.key, league_name=lg.name, season=season.key, season_name=season.name
                )
            )
            view = leagues.standings(lg.key, season.key)
            for p in view.points:
                if p.tournament_id == tournament_id:
                    points[p.player] = points.get(p.player, 0.0) + p.total
    return tuple(refs), points


# ---- schedules --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ScheduleEvent:
    """One event of a season or a series, as the feeds list it."""

    tournament_id: str
    name: str
    status: str
    """``registering``, ``running`` or ``finished`` (as :class:`EventResults`)."""
    starts_at: datetime
    """When the clock started the first level, else when the event was created
    (:func:`start_of`); UTC."""
    started: bool
    """``starts_at`` is the clock's start (``False``: the creation time stands in)."""
    entries: int
    label: str = ""
    """A series flight's label (``Day 1A``), else ``""``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Schedule:
    """A league season's or a series' events, oldest first."""

    kind: str
    """``league`` or ``series``."""
    key: str
    name: str
    season: str
    season_name: str
    events: tuple[ScheduleEvent, ...]
    generated_at: datetime

    def as_json(self) -> dict[str, Any]:
        """The JSON feed (``/api/leagues/{league}/schedule.json``, ``--json``): upcoming and
        past events with their start in UTC (``start_recorded``: the clock's start)."""

        def event(e: ScheduleEvent) -> dict[str, Any]:
            return {
                "tournament_id": e.tournament_id,
                "name": e.name,
                "label": e.label,
                "status": e.status,
                "starts_at": e.starts_at.isoformat(),
                "start_recorded": e.started,
                "entries": e.entries,
            }

        return {
            "kind": self.kind,
            "key": self.key,
            "name": self.name,
            "season": self.season,
            "season_name": self.season_name,
            "generated_at": self.generated_at.isoformat(),
            "upcoming": [event(e) for e in self.upcoming],
            "past": [event(e) for e in self.past],
        }

    @property
    def upcoming(self) -> tuple[ScheduleEvent, ...]:
        """The events not finished yet."""
        return tuple(e for e in self.events if e.status != "finished")

    @property
    def past(self) -> tuple[ScheduleEvent, ...]:
        """The finished events."""
        return tuple(e for e in self.events if e.status == "finished")


def receipt_words(lang: str, zone: tzinfo) -> ReceiptWords:
    """A receipt's words for a reader of ``lang`` (the catalogue's translation of each
    line, rule IDs as written) with the payment's day and time as the venue's locale writes
    them, read when the receipt is written, inside the event's money scope (issue 27;
    neutral ISO day and 24-hour time without a locale)."""

    def day(at: datetime) -> str:
        locale = current_locale()
        return timefmt.date(at, zone, locale) if locale else at.date().isoformat()

    def time(at: datetime) -> str:
        locale = current_locale()
        return timefmt.time_of_day(at, zone, locale) if locale else at.strftime("%H:%M")

    return ReceiptWords(
        say=lambda msgid, params: catalog.gettext(lang, msgid, params), day=day, time=time
    )


def start_of(state: TournamentState) -> tuple[datetime, bool]:
    """When the event starts, as far as the log knows: the instant its clock first
    started (``True``), else the instant it was created (``False``). pokertd records no
    planned start time, so an event not started yet shows its creation time."""
    clock = state.part(ClockPart).clock
    if clock is not None and clock.started_at is not None:
        return datetime.fromtimestamp(clock.started_at, tz=UTC), True
    created = state.part(Setup).created_at
    with contextlib.suppress(ValueError):
        at = datetime.fromisoformat(created)
        return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).astimezone(UTC), False
    return datetime.fromtimestamp(0, tz=UTC), False


def _schedule_event(app: App, tournament_id: str, label: str = "") -> ScheduleEvent:
    now = app.tournaments.now()

    def read(state: TournamentState) -> ScheduleEvent:
        at, started = start_of(state)
        status, _ = _status(state, now)
        return ScheduleEvent(
            tournament_id=tournament_id,
            name=state.part(Setup).name or tournament_id,
            status=status,
            starts_at=at,
            started=started,
            entries=state.part(Roster).entry_count,
            label=label,
        )

    return app.tournaments.read(tournament_id, read)


def league_schedule(app: App, league: str, season: str = "") -> Schedule:
    """A league season's events (the newest season when ``season`` is empty), oldest
    start first; ``NotFound`` for an unknown league or season, or a league with none."""
    row, _ = app.leagues.league(league)
    if not season:
        seasons = app.leagues.seasons(league)
        if not seasons:
            raise NotFound(
                template=N_("League %(league)s has no season yet."), params={"league": repr(league)}
            )
        season = seasons[-1].key
    info = app.leagues.season(league, season)
    events = [_schedule_event(app, r.tournament) for r in app.leagues.season_events(league, season)]
    events.sort(key=lambda e: (e.starts_at, e.tournament_id))
    return Schedule(
        kind="league",
        key=row.key,
        name=row.name,
        season=info.key,
        season_name=info.name,
        events=tuple(events),
        generated_at=app.tournaments.now(),
    )


def series_schedule(app: App, series: str) -> Schedule:
    """A series' events (flights and Day 2 with their labels), oldest start first;
    ``NotFound`` for an unknown series."""
    lobby = app.series.lobby(series)
    events = [_schedule_event(app, r.tournament, r.label) for r in lobby.rows]
    events.sort(key=lambda e: (e.starts_at, e.tournament_id))
    return Schedule(
        kind="series",
        key=lobby.id,
        name=lobby.name,
        season="",
        season_name="",
        events=tuple(events),
        generated_at=app.tournaments.now(),
    )


__all__ = [
    "EventResults",
    "LeagueRef",
    "ResultLine",
    "Schedule",
    "ScheduleEvent",
    "event_results",
    "league_schedule",
    "receipt_words",
    "series_schedule",
    "start_of",
]
