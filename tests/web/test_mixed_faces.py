"""The TV's and phones' average stack "in big blinds" (issue 28): a fixed-limit level's
``big_blind`` is its small bet (docs/clock.md "Mixed games"), so the view model counts a
limit level's depth in big bets (twice the small bet), as the WSOP's mixed-game screens
say "avg stack in big bets"; a no-limit level keeps its big blinds. The words come from
the view model (``average.average_said``), translated on each page. And a table's own game
(``Table.game``) in its dealer's view and the table lists."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime
from typing import Any

import pytest

from pokertd.app import screens as snapshot
from pokertd.app.tournaments import TournamentService
from pokertd.errors import RuleViolation
from pokertd.i18n import catalog
from pokertd.rules import Game
from pokertd.store import open_store
from pokertd.tournament.clock import SetLevel, StartClock
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawSeats, SetTableGame, tables_view
from pokertd.tournament.templates import load_template
from pokertd.web import charts

NOW = datetime(2026, 11, 25, 19, 0, tzinfo=UTC)


def _view(template: str, players: int, level: int | None = None) -> dict[str, Any]:
    """The TV's view of ``template`` with ``players`` in, its clock started (at
    ``level``)."""
    seeds = itertools.count(1)
    service = TournamentService(
        open_store("sqlite:///:memory:"),
        now=lambda: NOW,
        rng_factory=lambda: random.Random(next(seeds)),
    )
    try:
        tid = service.create(CreateTournament(name="t", template=load_template(template)))
        for i in range(players):
            service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
        service.run(tid, StartClock())
        if level is not None:
            service.run(tid, SetLevel(level=level))
        state = service.state(tid)
        view: dict[str, Any] = snapshot.public(snapshot.build(state, service.records(tid), NOW))
        return view
    finally:
        service.close()


def _status(template: str, players: int, level: int | None = None) -> dict[str, Any]:
    """The TV's status, with the depth the screens carry beside the one status document
    (``average``)."""
    view = _view(template, players, level)
    return {**view["status"], **view["average"]}


def test_horse_limit_hold_em_level_counts_big_bets() -> None:
    """HORSE level 1 deals limit hold'em 100/200 (``big_blind`` 100 is the small bet): an
    average of 15,000 is 75 big bets of 200, not "150 BB"."""
    status = _status("horse", 8)
    assert status["average_stack"] == 15_000
    assert (status["average_bb"], status["average_unit"]) == (75.0, "big_bets")
    said = status["average_said"]
    assert said["text"] == "75 big bets"
    assert catalog.sentence("de", said) != said["text"]  # translated, not the English
    assert "75" in catalog.sentence("de", said)
    assert "75" in catalog.sentence("es", said)


def test_horse_stud_level_counts_big_bets_too() -> None:
    """HORSE level 4 deals seven card stud 300/600: 15,000 is 25 big bets."""
    status = _status("horse", 8, level=4)
    assert (status["average_bb"], status["average_unit"]) == (25.0, "big_bets")
    assert status["average_said"]["text"] == "25 big bets"


def test_eight_game_no_limit_level_counts_big_blinds() -> None:
    """8-game level 1 deals no-limit hold'em: 20,000 over a big blind of 100 is 200 BB
    (the eight_game structure's level 1 blinds 50/100)."""
    status = _status("eight_game", 8)
    assert status["average_stack"] == 20_000
    bb = 100
    assert (status["average_bb"], status["average_unit"]) == (20_000 / bb, "big_blinds")
    assert status["average_said"]["text"] == "200 BB"


def test_a_hold_em_night_keeps_its_big_blinds() -> None:
    """A single-game no-limit night (Foxwoods Wednesday) still counts big blinds: the
    starting stack over level 1's big blind, as before issue 28."""
    status = _status("fox_wed_80", 9)
    tmpl = load_template("fox_wed_80")
    bb = tmpl.structure_value().level(1).big_blind
    assert status["average_unit"] == "big_blinds"
    assert status["average_bb"] == round(tmpl.starting_stack / bb, 1)


def test_horse_depth_chart_counts_big_bets_level_by_level() -> None:
    """The console's and phone's depth chart reads as the TV's average (issue 28): HORSE
    at level 1 with 15,000 average, levels 1 to 6 at small bets 100, 150, 200, 300, 400,
    600 (horse.toml) are 75, 50, 37.5, 25, 18.8 and 12.5 big bets, titled in big bets."""
    chart = _view("horse", 8)["chart"]
    assert chart["avg_bb"] == [[1, 75.0], [2, 50.0], [3, 37.5], [4, 25.0], [5, 18.8], [6, 12.5]]
    assert chart["avg_unit"] == "big_bets"
    svg = charts.render("bb", {"chart": chart})
    assert "Average stack in big bets" in svg
    assert "big blinds" not in svg
    assert "Durchschnittsstack in Big Bets" in charts.render("bb", {"chart": chart}, lang="de")


def test_eight_game_depth_chart_mixes_big_blinds_and_big_bets() -> None:
    """8-game at level 1 (no-limit hold'em, 20,000 average): levels 1 and 2 are no-limit
    and pot-limit (200 and 133.3 BB of 100 and 150), level 4 limit hold'em 300/600 is
    33.3 big bets; the chart says it mixes both."""
    chart = _view("eight_game", 8)["chart"]
    assert chart["avg_bb"][:4] == [[1, 200.0], [2, 133.3], [3, 50.0], [4, 33.3]]
    assert chart["avg_unit"] == "mixed"
    assert "big bets at fixed-limit levels" in charts.render("bb", {"chart": chart})


def test_a_hold_em_depth_chart_keeps_big_blinds() -> None:
    """Foxwoods Wednesday (no-limit): the chart stays in big blinds, as before issue 28."""
    chart = _view("fox_wed_80", 9)["chart"]
    assert chart["avg_unit"] == "big_blinds"
    assert "Average stack in big blinds" in charts.render("bb", {"chart": chart})


def test_no_depth_before_the_clock() -> None:
    """Nothing to count before a clock exists: no ``average_bb``."""
    assert snapshot.average_depth(15_000, None) == {}
    assert snapshot.average_depth(None, {"level": {"big_blind": 100}}) == {}


def test_dealer_view_names_its_tables_game() -> None:
    """Issue 28: the dealer says table 1 deals razz (``SetTableGame``): the dealer view of
    table 1, the console's and the TV's table lists and ``pokertd tables`` give table 1's
    game as razz (``Table.game``), table 2's as not said; a game the event does not deal
    (no-limit hold'em in HORSE) is refused."""
    seeds = itertools.count(1)
    service = TournamentService(
        open_store("sqlite:///:memory:"),
        now=lambda: NOW,
        rng_factory=lambda: random.Random(next(seeds)),
    )
    try:
        tmpl = load_template("horse").with_changes(tables=2)
        tid = service.create(CreateTournament(name="HORSE", template=tmpl))
        for i in range(12):
            service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
        service.run(tid, DrawSeats())
        service.run(tid, SetTableGame(table=1, game=Game.RAZZ))
        with pytest.raises(RuleViolation):
            service.run(tid, SetTableGame(table=1, game=Game.NO_LIMIT_HOLDEM))
        state = service.state(tid)
        staff = snapshot.build(state, service.records(tid), NOW)
        (mine,) = snapshot.dealer(staff, 1)["tables"]
        assert mine["game"] == "razz"
        assert {t["table"]: t["game"] for t in staff["tables"]} == {1: "razz", 2: None}
        public = snapshot.public(staff)
        assert {t["table"]: t["game"] for t in public["tables"]} == {1: "razz", 2: None}
        assert [t.game for t in tables_view(state, NOW).tables] == ["razz", None]
    finally:
        service.close()
