"""The event log's lines in every language (issue 27, point 1; docs/languages.md): each
event says its line as a :class:`pokertd.i18n.Sentence` (:meth:`Event.said`), the floor
console's Log tab receives it as ``said`` beside the English ``text`` and says it in the
page's language; every event's msgid is in the catalogue."""

from __future__ import annotations

import ast
import inspect
import pkgutil
import random
import textwrap
from collections.abc import Iterator
from datetime import UTC, datetime
from importlib import import_module
from typing import Any

import pytest
from babel.messages.pofile import read_po

import pokertd.tournament
from pokertd.app.documents import command_result
from pokertd.app.screens import build
from pokertd.app.tournaments import TournamentService
from pokertd.i18n import Chips, Phrase, Sentence, catalog
from pokertd.i18n.tools import POT
from pokertd.store import open_store
from pokertd.tournament import framework
from pokertd.tournament.clock.log import ClockPaused, NextLevel, StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register, Roster
from pokertd.tournament.seating import BreakTable, ConfirmMove, DrawSeats, live_seating, tables_view
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


@pytest.fixture
def service() -> Iterator[TournamentService]:
    svc = TournamentService(
        open_store("sqlite:///:memory:"), now=lambda: NOW, rng_factory=lambda: random.Random(7)
    )
    yield svc
    svc.close()


def _log_of_a_night(
    service: TournamentService, answers: list[Any] | None = None
) -> tuple[list[dict[str, Any]], list[str]]:
    """Twenty registered, seats drawn, the clock started, a bust at table 1, level 2, table
    3 broken and its moves confirmed: the console's Log tab data, and who busted."""
    tmpl = load_template("kpc_nlh").with_changes(profile="tda", tables=3, seats_per_table=9)
    tid = service.create(CreateTournament(name="Tuesday", template=tmpl))
    for i in range(20):
        service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
    service.run(tid, DrawSeats())
    service.run(tid, StartClock())
    seating = live_seating(service.state(tid))
    roster = service.state(tid).part(Roster)
    busted = []
    for number in (1, 2):
        for v in [p for p in seating.tables[number].players if p is not None][:2]:
            busted.append(roster.entries[v].name)
            service.run(tid, Bust(players=(roster.entries[v].name,)))
    service.run(tid, NextLevel())
    answers = [] if answers is None else answers
    answers.append(command_result(tid, service.run(tid, BreakTable(table=3))))
    for m in tables_view(service.state(tid)).pending:
        answers.append(command_result(tid, service.run(tid, ConfirmMove(move_id=m.move_id))))
    records = service.records(tid)
    view = build(service.state(tid), records, NOW)
    return view["log"], busted


def _line(log: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(line for line in log if line["type"] == kind)


def test_the_log_tab_of_a_night_reads_in_german_and_spanish(service: TournamentService) -> None:
    log, busted = _log_of_a_night(service)
    for line in log:  # every line carries its sentence, whose English is the text
        assert line["said"] is not None, line["type"]
        assert catalog.sentence("en", line["said"]) == line["text"]
        assert "text" not in line["said"]  # the line has it already

    registered = _line(log, "player_added")
    assert registered["text"] == "Registered Player 00 (P1, card M0, age confirmed)"
    assert catalog.sentence("de", registered["said"]) == (
        "Player 00 registriert (P1, Karte M0, Alter bestätigt)"
    )
    assert catalog.sentence("es", registered["said"]) == (
        "Registrado Player 00 (P1, tarjeta M0, edad comprobada)"
    )

    bought = _line(log, "entry_bought")
    assert bought["text"] == "Player 00 bought in for $120.00: 20,000 chips [E1]"
    assert bought["said"]["params"]["chips"] == 20_000
    assert catalog.sentence("es", bought["said"]).startswith(
        "Player 00 compró la entrada por $120.00: "
    )

    bust = _line(log, "players_busted")
    assert bust["text"] == f"Busted {busted[0]}; 19 left"
    assert catalog.sentence("de", bust["said"]) == f"{busted[0]} ausgeschieden; noch 19 im Spiel"
    assert catalog.sentence("es", bust["said"]) == f"Eliminado {busted[0]}; quedan 19"

    level = _line(log, "clock_moved")
    assert level["text"] == "Clock moved to the start of level 2"
    assert catalog.sentence("de", level["said"]) == "Uhr auf den Beginn von Level 2 gestellt"
    assert catalog.sentence("es", level["said"]) == "Reloj llevado al inicio del nivel 2"

    drawn = _line(log, "seats_drawn")
    assert drawn["text"] == "Drew seats for 20 players at 3 tables (first draw)"
    assert catalog.sentence("de", drawn["said"]) == (
        "Plätze für 20 Spieler an 3 Tischen ausgelost (erste Auslosung)"
    )

    moved = _line(log, "player_moved")  # a move inside "Moved …": a sentence in a sentence
    name, rest = moved["text"].removeprefix("Moved #1 ").split(": table 3 seat ", 1)
    seat, target = rest.split(" → table ", 1)
    to_table, to_seat = target.split(" (", 1)[0].split(" seat ")
    assert moved["text"] == (
        f"Moved #1 {name}: table 3 seat {seat} → table {to_table} seat {to_seat} "
        "(table breaks) [TDA-9, TDA-10C] (confirmed)"
    )
    assert catalog.sentence("de", moved["said"]) == (
        f"Umgesetzt #1 {name}: Tisch 3 Platz {seat} → Tisch {to_table} Platz {to_seat} "
        "(Tisch wird aufgelöst) [TDA-9, TDA-10C] (bestätigt)"
    )
    assert catalog.sentence("es", moved["said"]) == (
        f"Cambio #1 {name}: mesa 3 asiento {seat} → mesa {to_table} asiento {to_seat} "
        "(se rompe la mesa) [TDA-9, TDA-10C] (confirmado)"
    )
    assert catalog.sentence("de", _line(log, "table_closed")["said"]) == "Tisch 3 aufgelöst"


def test_the_answer_to_a_command_says_its_summary_in_german(service: TournamentService) -> None:
    """The console's toast after a command: the seating's one line a table and each move's
    details travel as sentences beside the English lines."""
    answers: list[Any] = []
    _log_of_a_night(service, answers)
    broke, first = answers[0]["summary"], answers[1]["summary"]
    assert broke["lines"] == ["Table 3 breaks: 6 moves waiting — check the seats and confirm them"]
    assert [catalog.sentence("de", s) for s in broke["said"]] == [
        "Tisch 3 wird aufgelöst: 6 Umsetzungen warten — Plätze prüfen und bestätigen"
    ]
    assert [catalog.sentence("es", s) for s in broke["said"]] == [
        "Se cierra la mesa 3: 6 cambios pendientes — revise los asientos y confírmelos"
    ]
    assert first["lines"] == ["Table 3 breaks: 1 player moved — see slips"]
    assert [catalog.sentence("de", s) for s in first["said"]] == [
        "Tisch 3 wird aufgelöst: 1 Spieler umgesetzt — siehe Zettel"
    ]
    [detail] = first["details"]
    [detail_said] = first["details_said"]
    assert detail.endswith(" (TDA-9, TDA-10C)")
    assert detail.startswith(detail.split(":")[0] + ": table 3 seat ")
    german = catalog.sentence("de", detail_said)
    assert german.startswith(detail.split(":")[0] + ": Tisch 3 Platz ")
    assert german.endswith(" (TDA-9, TDA-10C)")


def test_a_part_of_a_sentence_is_said_in_the_same_language() -> None:
    """A nested sentence and a phrase from a short list travel as sentences themselves."""
    msgid = "Clock ran out on seat %(seat)s, %(facing)s: %(what)s%(rule)s"
    said = Sentence(
        msgid,
        {"seat": 4, "facing": Phrase("facing a bet"), "what": Phrase("he checks"), "rule": ""},
    )
    assert said.text == "Clock ran out on seat 4, facing a bet: he checks"
    as_json = said.as_json()
    assert as_json["msgid"] == msgid
    assert as_json["params"]["facing"] == {
        "text": "facing a bet",
        "msgid": "facing a bet",
        "params": {},
    }
    assert catalog.sentence("de", said) == "Zeit für Platz 4 abgelaufen, vor einer Wette: er checkt"
    assert catalog.sentence("es", as_json) == (
        "Se acabó el tiempo del asiento 4, ante una apuesta: pasa"
    )
    paused = ClockPaused(at="2026-11-29T19:00:00+00:00", reason="dinner").said()
    assert catalog.sentence("de", paused) == "Uhr angehalten (dinner)"
    assert str(Chips(20_000)) == "20,000"


def _marked(source: str) -> set[str]:
    """The msgids a piece of code marks with ``N_``/``Nn_`` (the singular of a plural)."""
    found = set()
    for node in ast.walk(ast.parse(textwrap.dedent(source))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("N_", "Nn_")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value))
    return found


def test_every_event_class_has_its_sentence_in_the_catalogue() -> None:
    """Every event class of the tournament says its line (``said()``, marked msgids), and
    every msgid its ``said()`` marks is in messages.pot (``scripts/i18n.py extract`` found it)."""
    for mod in pkgutil.walk_packages(pokertd.tournament.__path__, "pokertd.tournament."):
        import_module(mod.name)
    with POT.open("rb") as f:
        pot = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}
    classes = {
        name: cls
        for name, cls in framework._EVENT_TYPES.items()
        if cls.__module__.startswith("pokertd.tournament")
    }
    assert len(classes) >= 85
    assert sorted(name for name, cls in classes.items() if cls.said is framework.Event.said) == []
    for name, cls in classes.items():
        marked = _marked(inspect.getsource(cls.said))
        assert marked, name
        assert marked <= pot, (name, marked - pot)
    assert "Moved %(move)s (confirmed)" in pot
    assert "#%(id)s %(who)s: %(origin)s → %(target)s (%(why)s) [%(rules)s]" in pot
