"""The CLI speaks ``POKERTD_LANGUAGE`` (issue 27; docs/languages.md): its own sentences,
table headers and confirmations come from the catalogue in Spanish or German, English when
the variable is unset; ``--json`` prints the same bytes in every language (a machine reads
it); the ✓ lines of the core's events read in the CLI's language too."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()

LANGS = ("en", "es", "de")


def run(db: str, lang: str, *args: str) -> str:
    """``pokertd ARGS --db DB`` with ``POKERTD_LANGUAGE=lang`` (unset for ``en``): stdout."""
    env = {"POKERTD_LANGUAGE": None if lang == "en" else lang, "COLUMNS": "200"}
    result = runner.invoke(app, [*args, "--db", db], env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A Wednesday with Ann and Bob registered, the clock not yet started."""
    url = f"sqlite:///{tmp_path / 'lang.db'}"
    run(url, "en", "new", "-t", "fox_wed_80", "-n", "Wednesday", "--id", "wed")
    for name in ("Ann", "Bob"):
        run(url, "en", "register", "wed", name, "--age-ok", "--member-ok")
    return url


def test_the_clock_and_the_status_read_in_german_and_spanish(db: str) -> None:
    assert "The clock has not been set up: start it with `pokertd clock T start`." in run(
        db, "en", "clock", "wed"
    )
    assert "Die Uhr ist nicht eingerichtet: mit `pokertd clock T start` starten." in run(
        db, "de", "clock", "wed"
    )
    started = run(db, "es", "clock", "wed", "start")
    assert "✓ Reloj en marcha" in started  # the core's event line, in Spanish
    assert "Siguiente: nivel 2  100/200" in started
    # The wall clock runs between the start and the print: a second may pass (CI saw 1:59:59).
    assert re.search(r"Registro abierto \(cierra en (2:00:00|1:59:5\d)\)", started), started
    german = run(db, "de", "clock", "wed")
    assert "Nächstes: Level 2  100/200" in german
    assert "(läuft)" in german
    english = run(db, "en", "clock", "wed")
    assert "Next: level 2  100/200" in english
    assert "(running)" in english

    status = run(db, "es", "status", "wed")
    assert "entradas 2 (2 jugadores), quedan 2, fichas en juego 50.000, media 25.000" in status
    assert "reglas Foxwoods" in status
    assert "Entries 2 (2 Spieler), übrig 2" in run(db, "de", "status", "wed")
    assert "entries 2 (2 players), left 2" in run(db, "en", "status", "wed")


def test_lists_and_tables_in_each_language(db: str) -> None:
    assert "wed  Wednesday  (5 events)" in run(db, "en", "tournaments")
    assert "wed  Wednesday  (5 Ereignisse)" in run(db, "de", "tournaments")
    assert "wed  Wednesday  (5 eventos)" in run(db, "es", "tournaments")

    run(db, "en", "seat", "wed")
    assert "2 players at 1 table; final table at 10." in run(db, "en", "tables", "wed")
    assert "2 Spieler an 1 Tisch; Finaltisch bei 10." in run(db, "de", "tables", "wed")
    spanish = run(db, "es", "tables", "wed")
    assert "2 jugadores en 1 mesa; mesa final con 10." in spanish
    assert "No hay cambios de mesa pendientes." in spanish
    assert "Asiento" in spanish  # the seat table's headers
    assert "Jugador" in spanish


def test_staff_accounts_are_confirmed_in_the_language(db: str) -> None:
    added = run(db, "de", "user", "add", "kim", "--role", "floor", "--password", "kim-pass-123")
    assert "Benutzer kim (floor) gespeichert." in added
    assert "Benutzer kim liest die Seiten in der Sprache des Veranstaltungsorts." in run(
        db, "de", "user", "language", "kim"
    )
    assert "El usuario kim lee las páginas en es." in run(db, "es", "user", "language", "kim", "es")
    assert "User kim is now director; their sessions ended." in run(
        db, "en", "user", "role", "kim", "director"
    )
    assert "Usuario kim eliminado; sus sesiones han terminado." in run(
        db, "es", "user", "remove", "kim"
    )


@pytest.mark.parametrize(
    "args",
    [
        ("tournaments",),
        ("status", "wed"),
        ("players", "wed"),
        ("tables", "wed"),
        ("clock", "wed"),
        ("payouts", "wed"),
        ("user", "list"),
    ],
    ids=" ".join,
)
def test_json_is_the_same_in_every_language(db: str, args: tuple[str, ...]) -> None:
    """``--json`` is for machines: byte for byte the same whatever ``POKERTD_LANGUAGE``
    says, while the text for people differs."""
    if args[0] == "user":
        run(db, "en", "user", "add", "kim", "--role", "floor", "--password", "kim-pass-123")
    outputs = {lang: run(db, lang, *args, "--json") for lang in LANGS}
    assert outputs["es"] == outputs["en"]
    assert outputs["de"] == outputs["en"]
    assert outputs["en"].lstrip().startswith(("{", "["))


def test_english_output_loads_no_babel_and_german_does(db: str, tmp_path: Path) -> None:
    """Start-up time (issue 15): English needs no catalogue, so a command printing for
    people without ``POKERTD_LANGUAGE`` never imports Babel; with ``de`` it does."""
    probe = (
        "import json, sys\n"
        "sys.argv = ['pokertd', 'tables', 'wed', '--db', sys.argv[1]]\n"
        "from pokertd.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.stdout.flush()\n"
        "print('\\nMODULES=' + json.dumps(sorted(sys.modules)))\n"
    )
    loaded = {}
    for lang in ("en", "de"):
        env = {k: v for k, v in os.environ.items() if k != "POKERTD_LANGUAGE"}
        if lang != "en":
            env["POKERTD_LANGUAGE"] = lang
        done = subprocess.run(
            [sys.executable, "-c", probe, db],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
            check=False,
        )
        out, _, modules = done.stdout.rpartition("\nMODULES=")
        assert modules, done.stderr
        loaded[lang] = (out, {m.split(".")[0] for m in json.loads(modules)})
    assert "No moves waiting." in loaded["en"][0]
    assert "babel" not in loaded["en"][1]
    assert "Keine Umsetzungen offen." in loaded["de"][0]
    assert "babel" in loaded["de"][1]


def test_every_sentence_the_cli_says_is_in_the_catalogue() -> None:
    """Babel's extractor skips a ``say("…")`` nested inside another ``say``'s parameters or
    inside an f-string: such a sentence would stay English in every language. Every literal
    msgid of ``say``/``say_n`` in the CLI's modules is in ``messages.pot``."""
    import ast

    from babel.messages.pofile import read_po

    import pokertd.cli
    from pokertd.i18n.tools import POT

    with POT.open("rb") as f:
        pot = read_po(f)
    known = {m.id[0] if isinstance(m.id, tuple) else m.id for m in pot}
    missing = []
    said = 0
    for path in sorted(Path(pokertd.cli.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("say", "say_n")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                said += 1
                if node.args[0].value not in known:
                    missing.append(f"{path.name}:{node.lineno}: {node.args[0].value!r}")
    assert said > 300
    assert missing == []


def refused(db: str, lang: str, *args: str) -> str:
    """``pokertd ARGS --db DB`` refused (exit 2) with ``POKERTD_LANGUAGE=lang``: stderr."""
    env = {"POKERTD_LANGUAGE": None if lang == "en" else lang, "COLUMNS": "200"}
    result = runner.invoke(app, [*args, "--db", db], env=env)
    assert result.exit_code == 2, result.output
    return result.stderr


def test_the_cli_refuses_its_own_checks_in_the_language(db: str) -> None:
    """The checks a command module makes itself (a level that is not a number, a clock
    action it does not know) refuse in ``POKERTD_LANGUAGE``; the words the reader types
    back (``start``, ``pause``) stay as written, and ``--json`` stays English."""
    assert "'x' is not a level number." in refused(db, "en", "clock", "wed", "set", "x")
    assert "'x' ist nicht eine Levelnummer." in refused(db, "de", "clock", "wed", "set", "x")
    assert "'x' no es un número de nivel." in refused(db, "es", "clock", "wed", "set", "x")
    german = refused(db, "de", "clock", "wed", "jump")
    assert "unbekannte Uhr-Aktion 'jump': wähle show, start, pause" in german
    assert "Der Port muss zwischen 1 und 65535 liegen, nicht 70000." in refused(
        db, "de", "serve", "--port", "70000"
    )
    env = {"POKERTD_LANGUAGE": "de"}
    as_json = runner.invoke(app, ["clock", "wed", "set", "x", "--json", "--db", db], env=env)
    assert json.loads(as_json.stdout)["message"] == "'x' is not a level number."


def test_chip_counts_are_written_as_the_language_writes_numbers(db: str) -> None:
    """Issue 27, point 2: stacks and blinds in ``POKERTD_LANGUAGE``'s way when no locale
    is chosen (``25.000`` in German; Spanish groups from five digits, as CLDR says), while
    ``--json`` keeps plain integers."""
    run(db, "en", "seat", "wed")
    assert "25,000 (buy-in)" in run(db, "en", "players", "wed")
    assert "25.000 (buy-in)" in run(db, "de", "players", "wed")
    assert "25.000 (buy-in)" in run(db, "es", "players", "wed")

    def structure(lang: str) -> str:
        env = {"POKERTD_LANGUAGE": None if lang == "en" else lang, "COLUMNS": "200"}
        result = runner.invoke(app, ["structure", "show", "fox_wed"], env=env)
        assert result.exit_code == 0, result.output
        return result.stdout

    assert "   11 │  1.000 │  2.000 │" in structure("de")
    assert "   11 │  1,000 │  2,000 │" in structure("en")
    spanish = structure("es")
    # four digits are not grouped in Spanish (CLDR's minimumGroupingDigits 2), five are
    assert "   11 │   1000 │   2000 │" in spanish
    assert "│ 10.000 │ 20.000 │" in spanish
    rows = json.loads(run(db, "de", "players", "wed", "--json"))
    assert {r["stack"] for r in rows} == {25000}


def test_the_event_lines_after_a_command_read_in_german(db: str) -> None:
    """The ✓ lines (the events' sentences) in ``POKERTD_LANGUAGE``; ``--json`` keeps the
    English ``text``."""
    german = run(db, "de", "register", "wed", "Cy", "--age-ok", "--member-ok")
    assert "✓ Cy registriert (P3, Alter bestätigt)" in german
    assert "✓ Cy hat sich für $80.00 eingekauft: " in german
    assert "Registered" not in german
    english = run(db, "en", "register", "wed", "Dee", "--age-ok", "--member-ok")
    assert "✓ Registered Dee (P4, age confirmed)" in english
    started = run(db, "de", "clock", "wed", "start")
    assert "✓ Uhr gestartet" in started
    paused = run(db, "de", "clock", "wed", "pause", "--json")
    assert json.loads(paused)["done"] == ["Clock paused"]
