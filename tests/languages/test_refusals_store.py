"""Refusals of the store, the app layer and the cards in Spanish and German (issue 27,
point 1): a name taken, a backup that does not fit, a file of another program, a player's
field too long, a card that is not one. The English (``str(exc)``) is what the other tests
and ``--json`` read; ``catalog.refusal`` says it in the reader's language.
"""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app.leagues import LeagueService
from pokertd.app.mail import STATE_COUNTS, MailService, OutboxView
from pokertd.app.player_import import PlayerImports, row_document
from pokertd.app.players import PlayerService
from pokertd.app.screens import KIND_LABELS, cancel_plan
from pokertd.app.tournaments import TournamentService
from pokertd.cards.card import card_code
from pokertd.cli import app
from pokertd.errors import PokertdError
from pokertd.i18n import N_, Sentence, catalog
from pokertd.league.points import PointsScheme
from pokertd.store import open_store
from pokertd.store.portable import check_target, read_export
from pokertd.store.sqlite import SqliteStore
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def _service() -> TournamentService:
    return TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: NOW
    )


def _said(exc: PokertdError) -> tuple[str, str, str]:
    return str(exc), catalog.refusal(exc, "es"), catalog.refusal(exc, "de")


def test_a_league_name_taken_reads_in_spanish_and_german() -> None:
    leagues = LeagueService.over(_service())
    leagues.create_league("spot", "Spotlight", PointsScheme())
    with pytest.raises(PokertdError) as refused:
        leagues.create_league("spot", "Again", PointsScheme())
    assert _said(refused.value) == (
        "A league called 'spot' already exists.",
        "Ya existe una liga llamada 'spot'.",
        "Eine Liga namens 'spot' gibt es schon.",
    )


def test_a_backup_over_an_existing_file_reads_in_spanish_and_german(tmp_path: Path) -> None:
    target = tmp_path / "night.db"
    target.write_bytes(b"")
    with pytest.raises(PokertdError) as refused:
        check_target(str(target))
    assert _said(refused.value) == (
        f"{target} exists already: choose a new file, or add --force.",
        f"{target} ya existe: elige un archivo nuevo, o añade --force.",
        f"{target} gibt es schon: wähle eine neue Datei oder gib --force an.",
    )


def test_a_database_of_another_program_reads_in_spanish_and_german(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("PRAGMA application_id = 42")
        conn.execute("CREATE TABLE notes (text TEXT)")
    conn.close()
    with pytest.raises(PokertdError) as refused:
        open_store(str(other))
    english, spanish, german = _said(refused.value)
    assert english == (
        f"{other} is not a pokertd database (it is a SQLite file of another program). "
        "Nothing was changed; choose another file with --db."
    )
    assert spanish.startswith(f"{other} no es una base de datos de pokertd (es un archivo SQLite")
    assert german.endswith("Nichts wurde geändert; wähle mit --db eine andere Datei.")


def test_a_line_of_an_export_that_is_not_json_reads_in_spanish_and_german() -> None:
    with pytest.raises(PokertdError) as refused:
        read_export(b"[1, 2]\n")
    assert _said(refused.value) == (
        "Line 1 of the file: it is not a JSON object. Nothing was imported.",
        "Línea 1 del archivo: no es un objeto JSON. No se importó nada.",
        "Zeile 1 der Datei: sie ist kein JSON-Objekt. Nichts wurde importiert.",
    )


def test_a_field_too_long_names_the_field_in_the_readers_language() -> None:
    service = _service()
    players = PlayerService(service.store, service, now=lambda: NOW)
    with pytest.raises(PokertdError) as refused:
        players.add("A" * 200, staff="Dana")
    english, spanish, german = _said(refused.value)
    assert english.startswith("A player's name can have at most ")
    assert spanish == "El nombre del jugador puede tener como máximo 60 caracteres, no 200."
    assert german.startswith("Der Name des Spielers darf höchstens ")
    assert german.endswith("Zeichen haben, nicht 200.")


def test_a_card_that_is_not_one_reads_in_spanish_and_german() -> None:
    with pytest.raises(PokertdError) as refused:
        card_code("Zz")
    assert _said(refused.value) == (
        "'Zz' is not a card: write a rank (2-9, T, J, Q, K, A) and a suit (c, d, h, s)",
        "'Zz' no es una carta: escribe un valor (2-9, T, J, Q, K, A) y un palo (c, d, h, s)",
        "'Zz' ist keine Karte: schreibe einen Rang (2-9, T, J, Q, K, A) und eine Farbe "
        "(c, d, h, s)",
    )


# ---- sentences the server builds: the import preview's reasons, the mail status line, the
# labels of a cancellation's refund kinds


def test_the_import_previews_reasons_read_in_spanish_and_german() -> None:
    service = _service()
    players = PlayerService(service.store, service, now=lambda: NOW)
    players.add("Ana Ruiz", "77", staff="Dana")
    data = ("name,card\nAna Ruiz,77\nBo Li,12\nCy Wu,12\n" + "X" * 70 + ",\n").encode()
    preview = PlayerImports(players).preview(data)
    rows = {r["line"]: r for r in (row_document(r) for r in preview.rows)}
    assert rows[2]["match"]["reason"] == "the same card"
    assert catalog.sentence("es", rows[2]["match"]["reason_said"]) == "la misma tarjeta"
    assert catalog.sentence("de", rows[2]["match"]["reason_said"]) == "dieselbe Karte"
    assert rows[4]["problem"] == "Card 12 is also on line 3."
    assert catalog.sentence("es", rows[4]["problem_said"]) == (
        "La tarjeta 12 también está en la línea 3."
    )
    assert catalog.sentence("de", rows[4]["problem_said"]) == "Karte 12 steht auch in Zeile 3."
    # a field check names the field in the reader's language (a sentence inside the sentence)
    assert rows[5]["problem"] == "A player's name can have at most 60 characters, not 70."
    assert catalog.sentence("de", rows[5]["problem_said"]) == (
        "Der Name des Spielers darf höchstens 60 Zeichen haben, nicht 70."
    )


def test_the_import_previews_reasons_in_the_cli_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    csv = tmp_path / "players.csv"
    csv.write_text("name,card\nBo Li,12\nCy Wu,12\n", encoding="utf-8")
    monkeypatch.setenv("POKERTD_LANGUAGE", "de")
    result = CliRunner().invoke(app, ["player", "import", str(csv), "--db", db])
    assert "Karte 12 steht auch in Zeile 2." in result.output, result.output


def test_the_mail_status_line_reads_in_spanish_and_german() -> None:
    counts = (
        Sentence(STATE_COUNTS["failed"][0], plural=STATE_COUNTS["failed"][1], n=1),
        Sentence(STATE_COUNTS["sent"][0], plural=STATE_COUNTS["sent"][1], n=3),
    )
    view = OutboxView(
        tournament_id="t1",
        configured=True,
        finished=True,
        lines=(),
        requests=(),
        settings=None,
        message="1 failed, 3 sent.",
        message_said=counts,
    )
    assert view.said("en") == "1 failed, 3 sent."
    assert view.said("es") == "1 fallido, 3 enviados."
    assert view.said("de") == "1 gescheitert, 3 gesendet."
    service = _service()
    people = PlayerService(service.store, service, now=lambda: NOW)
    mail = MailService(service, people, LeagueService.over(service), None)
    tid = service.create(CreateTournament(name="Night", template=load_template("fox_wed_80")))
    status = mail.status(tid)
    assert status.message.startswith("Mail is not set up: the operator sets POKERTD_SMTP_HOST")
    assert status.said("es").startswith("El correo no está configurado: el operador define")
    assert status.said("de").startswith("Mail ist nicht eingerichtet: der Betreiber setzt")


def test_the_labels_of_a_cancellations_refund_kinds_read_in_spanish_and_german() -> None:
    service = _service()
    tid = service.create(CreateTournament(name="Night", template=load_template("fox_wed_80")))
    service.run(tid, Register(name="Alice", member="1", age_ok=True, member_ok=True))
    plan = cancel_plan(service.state(tid))
    assert plan is not None
    [kind] = plan["by_kind"]
    assert kind["label"] == "Buy-ins"
    assert catalog.sentence("es", kind["label_said"]) == "Buy-ins"
    assert kind["label_said"]["msgid"] == "Buy-ins"
    alternates = Sentence(KIND_LABELS["alternate"])
    assert catalog.sentence("es", alternates) == "Alternos"
    assert catalog.sentence("de", alternates) == "Nachrücker"


def test_a_locked_database_says_what_it_was_doing_in_spanish_and_german(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "night.db"))
    try:
        with pytest.raises(PokertdError) as refused, store._errors(N_("appending")):
            raise sqlite3.OperationalError("database is locked")
    finally:
        store.close()
    path = tmp_path / "night.db"
    assert _said(refused.value) == (
        f"The database {path} is unavailable while appending: database is locked.",
        f"La base de datos {path} no está disponible al añadir eventos: database is locked.",
        f"Die Datenbank {path} ist beim Anhängen von Ereignissen nicht verfügbar: "
        "database is locked.",
    )
