"""The night taken home (issue 26, point 3): one event's results read model, the schedule
feeds and their iCalendar text, and the CLI saying the same places.

The numbers are worked out by hand in :mod:`takehome.night` (FOX-EVT, FOX-ADMIN,
FOX-PTAB, G3 tied places, the league's fixed points table).
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app import App
from pokertd.app.ics import calendar, escape_text, event_uid, fold
from pokertd.app.results import (
    Schedule,
    ScheduleEvent,
    event_results,
    league_schedule,
    series_schedule,
)
from pokertd.cli import app as cli
from pokertd.errors import NotFound
from pokertd.tournament.clock import StartClock

from .night import CARD, NOW, create, driven, play, service


def places(app: App, tid: str = "tue") -> list[tuple[tuple[int, ...], str]]:
    return [(r.places, r.name) for r in event_results(app, tid).rows]


def test_a_driven_night_gives_places_prizes_knockouts_bounties_and_league_points() -> None:
    r = event_results(driven(), "tue")
    assert (r.status, r.finished, r.winner, r.entries, r.playing) == (
        "finished",
        True,
        "Ann",
        11,
        0,
    )
    assert (r.prize_pool_cents, r.prize_pool) == (54659, "$546.59")
    top = [(x.place, x.name, x.prize, x.knockouts, x.bounty, x.league_points) for x in r.rows[:3]]
    assert top == [
        (1, "Ann", "$273.29", 6, "$175.00", 17),
        (2, "Bob", "$163.98", 3, "$75.00", 11),
        (3, "Cat", "$109.32", 1, "$25.00", 7),
    ]
    assert sum(x.prize_cents for x in r.rows) == 54659  # every cent of the pool, once
    tie = [(x.name, x.places, x.tied, x.prize, x.league_points) for x in r.rows[3:5]]
    assert tie == [("Dan", (4, 5), True, "", 4), ("Eve", (4, 5), True, "", 4)]  # G3
    assert [(x.place, x.name, x.league_points) for x in r.rows[5:]] == [
        (6, "Fay", 2), (7, "Gus", 1), (8, "Hal", 1), (9, "Ivy", 1), (10, "Jon", 1), (11, "Kim", 1),
    ]  # fmt: skip
    assert [(lg.league, lg.season_name) for lg in r.leagues] == [("tuesday", "Autumn 2026")]


def test_league_points_are_the_league_services_own() -> None:
    app = driven()
    r = event_results(app, "tue")
    season = app.leagues.standings("tuesday", "autumn")
    assert {x.name: x.league_points for x in r.rows} == {p.name: p.total for p in season.points}


def test_before_the_night_ends_it_says_running_and_shows_the_places_so_far() -> None:
    svc = service()
    app = App.over(svc, now=lambda: NOW)
    create(svc)
    play(svc, "tue", busts=4, close=False)  # Kim, Jon, Ivy, Hal out
    r = event_results(app, "tue")
    assert (r.status, r.finished, r.winner, r.playing) == ("running", False, "", 7)
    assert [(x.place, x.name) for x in r.rows] == [(8, "Hal"), (9, "Ivy"), (10, "Jon"), (11, "Kim")]
    assert r.leagues == ()
    assert all(x.league_points is None for x in r.rows)


def test_an_event_not_in_a_league_has_no_points_and_unknown_ids_are_not_found() -> None:
    svc = service()
    app = App.over(svc, now=lambda: NOW)
    create(svc)
    assert event_results(app, "tue").status == "registering"
    with pytest.raises(NotFound, match="no tournament"):
        event_results(app, "nope")
    with pytest.raises(NotFound):
        league_schedule(app, "nope")
    with pytest.raises(NotFound):
        series_schedule(app, "nope")


# ---- schedules and iCalendar (RFC 5545) ------------------------------------------------


def two_night_league() -> App:
    """``tue`` over (clock started at 19:30 UTC), ``next`` created and not started."""
    app = driven()
    svc = app.tournaments
    create(svc, "next")
    app.leagues.add_event("tuesday", "autumn", "next")
    return app


def test_schedule_lists_upcoming_and_past_with_the_start_the_log_knows() -> None:
    app = two_night_league()
    app.tournaments.run("next", StartClock(), actor="floor", role="floor")
    feed = league_schedule(app, "tuesday").as_json()
    assert feed["season"] == "autumn"
    assert [e["tournament_id"] for e in feed["past"]] == ["tue"]
    assert [(e["tournament_id"], e["status"]) for e in feed["upcoming"]] == [("next", "running")]
    assert feed["upcoming"][0]["starts_at"] == "2026-11-24T19:30:00+00:00"
    assert feed["upcoming"][0]["start_recorded"] is True  # the clock's start
    assert feed["past"][0]["start_recorded"] is False  # never started: its creation time
    assert CARD not in json.dumps(feed)


def unfold(text: str) -> list[str]:
    """RFC 5545 3.1: lines split on CRLF, a line starting with a space continues the last."""
    assert text.endswith("\r\n")
    out: list[str] = []
    for line in text[:-2].split("\r\n"):
        if line.startswith(" "):
            out[-1] += line[1:]
        else:
            out.append(line)
    return out


def test_ics_is_rfc_5545_crlf_folded_escaped_with_stable_uids() -> None:
    long = "Tuesday Deepstack, the big one; bring friends\nand snacks " + "é" * 40
    schedule = Schedule(
        kind="league",
        key="tuesday",
        name="Tuesday League",
        season="autumn",
        season_name="Autumn 2026",
        events=(
            ScheduleEvent(
                tournament_id="t1",
                name=long,
                status="registering",
                starts_at=datetime(2026, 12, 1, 19, 0, tzinfo=UTC),
                started=False,
                entries=0,
            ),
        ),
        generated_at=datetime(2026, 11, 29, 10, 0, tzinfo=UTC),
    )
    text = calendar(schedule, domain="poker.example", base_url="https://poker.example")
    raw = text.encode()
    assert b"\n" not in raw.replace(b"\r\n", b"")  # every line ends with CRLF, no bare LF
    for physical in raw.split(b"\r\n")[:-1]:
        assert len(physical) <= 75  # folded at 75 octets (3.1)
        physical.decode()  # never split inside a UTF-8 character
    lines = unfold(text)
    assert lines[0] == "BEGIN:VCALENDAR"
    assert lines[-1] == "END:VCALENDAR"
    assert "VERSION:2.0" in lines
    assert any(x.startswith("PRODID:") for x in lines)
    event = lines[lines.index("BEGIN:VEVENT") : lines.index("END:VEVENT") + 1]
    props = dict(x.split(":", 1) for x in event[1:-1])
    assert props["UID"] == "tournament-t1@poker.example"
    assert props["DTSTAMP"] == "20261129T100000Z"
    assert props["DTSTART"] == "20261201T190000Z"
    assert props["SUMMARY"] == (
        "Tuesday Deepstack\\, the big one\\; bring friends\\nand snacks " + "é" * 40
    )
    assert props["URL"] == "https://poker.example/t/t1/results"
    # the same event, a later download: the same UID (a calendar updates it, no copy)
    again = calendar(schedule, domain="poker.example")
    assert "UID:tournament-t1@poker.example\r\n" in again


def test_ics_helpers_by_the_rfc() -> None:
    assert escape_text("a,b;c\\d\r\ne") == "a\\,b\\;c\\\\d\\ne"
    assert fold("X" * 75) == "X" * 75 + "\r\n"
    assert fold("X" * 76) == "X" * 75 + "\r\n X\r\n"
    assert event_uid("tue") == "tournament-tue@pokertd"


def test_league_feed_ics_of_a_driven_season() -> None:
    app = two_night_league()
    lines = unfold(calendar(league_schedule(app, "tuesday")))
    assert lines.count("BEGIN:VEVENT") == 2
    assert "UID:tournament-tue@pokertd" in lines
    assert "UID:tournament-next@pokertd" in lines
    assert "X-WR-CALNAME:Tuesday League Autumn 2026" in lines


# ---- the CLI says the same ----------------------------------------------------------------


def test_cli_results_public_and_feeds(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'night.db'}"
    app = driven(url=url)
    app.tournaments.close()
    runner = CliRunner()
    out = runner.invoke(cli, ["results", "tue", "--public", "--json", "--db", url])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert [(r["places"], r["name"], r["prize"]) for r in data["rows"][:5]] == [
        ([1], "Ann", "$273.29"), ([2], "Bob", "$163.98"), ([3], "Cat", "$109.32"),
        ([4, 5], "Dan", ""), ([4, 5], "Eve", ""),
    ]  # fmt: skip
    assert data["rows"][0]["knockouts"] == 6
    assert data["rows"][0]["league_points"] == 17
    assert CARD not in out.output
    human = runner.invoke(cli, ["results", "tue", "--public", "--db", url])
    assert human.exit_code == 0
    assert "4-5 (tie)" in human.output
    assert "$273.29" in human.output
    ics = runner.invoke(cli, ["league", "feed", "tuesday", "--ics", "--db", url])
    assert ics.exit_code == 0, ics.output
    assert "UID:tournament-tue@pokertd" in ics.output
    assert "BEGIN:VCALENDAR" in ics.output
    js = runner.invoke(cli, ["league", "feed", "tuesday", "--json", "--db", url])
    assert [e["tournament_id"] for e in json.loads(js.output)["past"]] == ["tue"]
    bad = runner.invoke(cli, ["league", "feed", "nope", "--json", "--db", url])
    assert bad.exit_code == 2
    assert "no league" in bad.output
    both = runner.invoke(cli, ["league", "feed", "tuesday", "--ics", "--json", "--db", url])
    assert both.exit_code == 2
    assert "not both" in both.output
    assert re.search(
        r"Past:", runner.invoke(cli, ["league", "feed", "tuesday", "--db", url]).output
    )
