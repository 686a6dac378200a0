"""Refusals of a venue's set-up in Spanish and German (issue 27, point 1): rule profiles,
wall layouts, league points, money, the player database, and the pieces a refusal takes
from elsewhere (the sales still open, the seats counted).

Each case is refused as a floorperson or director meets it; ``str(exc)`` stays the English
sentence the other tests and ``--json`` read, and ``catalog.refusal`` says it in Spanish or
German with the same rule IDs.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pokertd.app.players import PlayerService
from pokertd.app.tournaments import TournamentService
from pokertd.errors import PokertdError, RuleViolation
from pokertd.i18n import N_, Clause, Phrase, catalog
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.money import parse_money
from pokertd.rules import load_profile
from pokertd.rules.profile import read_text_file
from pokertd.store import open_store
from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, OpenSale, Register, sales_said
from pokertd.tournament.layouts import check_layout
from pokertd.tournament.prizes import PayPrize
from pokertd.tournament.seating import LayTables
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def _refusal(call: object) -> PokertdError:
    assert callable(call)
    with pytest.raises(PokertdError) as refused:
        call()
    return refused.value


def test_a_profile_field_of_the_wrong_kind_reads_in_es_and_de(tmp_path: Path) -> None:
    """rules/profile.py: the field's name is the file's own word, as written."""
    path = tmp_path / "club.toml"
    path.write_text('inherits = "tda"\nmax_seats_per_table = "ten"\n', encoding="utf-8")
    exc = _refusal(lambda: load_profile(path))
    assert str(exc) == "profile field max_seats_per_table must be a whole number"
    assert catalog.refusal(exc, "es") == (
        "el campo max_seats_per_table del perfil debe ser un número entero"
    )
    assert (
        catalog.refusal(exc, "de") == "das Profilfeld max_seats_per_table muss eine ganze Zahl sein"
    )


def test_a_missing_profile_file_names_its_kind_in_the_readers_language(tmp_path: Path) -> None:
    """The kind of file (``profile``) is a Phrase: translated inside the sentence."""
    exc = _refusal(lambda: read_text_file(tmp_path / "none.toml", "profile"))
    assert str(exc) == f"There is no profile file {tmp_path / 'none.toml'}."
    assert isinstance(exc.params["what"], Phrase)
    assert catalog.refusal(exc, "es") == f"No existe el archivo de perfil {tmp_path / 'none.toml'}."
    assert catalog.refusal(exc, "de") == f"Die Profil-Datei {tmp_path / 'none.toml'} gibt es nicht."


def test_a_layout_panel_too_wide_reads_in_es_and_de() -> None:
    """tournament/layouts.py: one whole sentence per field (the width), not a glued label."""
    raw = {
        "name": "Main wall",
        "columns": 4,
        "rows": 3,
        "panels": [{"kind": "clock", "col": 0, "row": 0, "width": 9, "height": 1}],
    }
    exc = _refusal(lambda: check_layout(raw))
    assert str(exc) == "Panel 1 (clock)'s width must be from 1 to 4, not 9."
    assert catalog.refusal(exc, "es") == (
        "El ancho del panel 1 (clock) debe estar entre 1 y 4, no ser 9."
    )
    assert catalog.refusal(exc, "de") == (
        "Die Breite von Feld 1 (clock) muss zwischen 1 und 4 liegen, nicht 9."
    )


def test_two_layout_panels_overlapping_read_in_es_and_de() -> None:
    raw = {
        "name": "Main wall",
        "columns": 4,
        "rows": 3,
        "panels": [
            {"kind": "clock", "col": 0, "row": 0, "width": 2, "height": 2},
            {"kind": "blinds", "col": 1, "row": 1, "width": 2, "height": 1},
        ],
    }
    exc = _refusal(lambda: check_layout(raw))
    assert str(exc) == (
        "Panel 2 (blinds) overlaps panel 1 (clock) at column 2, row 2: move or shrink one of them."
    )
    assert catalog.refusal(exc, "de") == (
        "Feld 2 (blinds) überdeckt Feld 1 (clock) in Spalte 2, Zeile 2: "
        "Verschiebe oder verkleinere eines davon."
    )


def test_a_league_bonus_out_of_range_reads_in_es_and_de() -> None:
    """league/points.py: the knockout bonus has its own sentence."""
    scheme = PointsScheme(kind=PointsKind.FIXED, table=(10.0, 5.0), knockout_points=-1.0)
    exc = _refusal(scheme.check)
    assert str(exc) == "The knockout bonus must be from 0 to 1,000,000 points."
    assert catalog.refusal(exc, "es") == (
        "El bonus por eliminación debe estar entre 0 y 1,000,000 puntos."
    )
    assert catalog.refusal(exc, "de") == (
        "Der Knockout-Bonus muss zwischen 0 und 1,000,000 Punkten liegen."
    )


def test_an_amount_that_is_not_money_reads_in_es_and_de() -> None:
    exc = _refusal(lambda: parse_money("twelve"))
    assert (
        str(exc) == "'twelve' is not an amount of money: write it like 4074, 4074.00 or $4,074.00"
    )
    assert catalog.refusal(exc, "de") == (
        "'twelve' ist kein Geldbetrag: Schreib ihn wie 4074, 4074.00 oder $4,074.00"
    )


def test_a_player_field_too_long_names_the_field_in_the_readers_language() -> None:
    """app/players.py: the field's name is a Phrase, translated with the sentence."""
    service, _tid = _service()
    players = PlayerService(service.store, service, now=lambda: NOW)
    exc = _refusal(lambda: players.add("x" * 200, staff="Dana"))
    assert str(exc) == "A player's name can have at most 60 characters, not 200."
    assert isinstance(exc.params["what"], Phrase)
    assert catalog.refusal(exc, "es") == (
        "El nombre del jugador puede tener como máximo 60 caracteres, no 200."
    )
    assert catalog.refusal(exc, "de") == (
        "Der Name des Spielers darf höchstens 60 Zeichen haben, nicht 200."
    )


def _service() -> tuple[TournamentService, str]:
    service = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: NOW
    )
    tid = service.create(CreateTournament(name="Night", template=load_template("fox_wed_80")))
    return service, tid


def test_the_last_players_prize_names_what_makes_him_the_winner_in_es_and_de() -> None:
    """What makes the last player the winner (eliminations.py) holds the open sale
    (entries/state.py): two Clauses, each said in the reader's language."""
    service, tid = _service()
    for i, name in enumerate(("Alice", "Bob", "Cleo")):
        service.run(tid, Register(name=name, member=str(i), age_ok=True, member_ok=True))
    service.run(tid, StartClock())
    service.run(tid, Bust(players=("Cleo",)))
    service.run(tid, Bust(players=("Bob",)))
    with pytest.raises(PokertdError) as refused:
        service.run(tid, PayPrize(player="Alice", id_checked=True))
    exc = refused.value
    rules = " (FOX-REG1, FOX-STR-W, FOX-STR-B, FOX-STR-SST)"
    assert str(exc) == (
        "Alice has not finished yet. Close registration to declare Alice the winner: "
        "registration and re-entry are open until the end of level 6." + rules
    )
    assert isinstance(exc.params["needs"], Clause)
    assert catalog.refusal(exc, "es") == (
        "Alice aún no ha terminado. Cierra la inscripción para declarar ganador a Alice: la "
        "inscripción y la reentrada están abiertas hasta el final del nivel 6." + rules
    )
    assert catalog.refusal(exc, "de") == (
        "Alice ist noch nicht fertig. Schließe die Anmeldung, um Alice zum Sieger zu erklären: "
        "Anmeldung und Re-Entry sind bis zum Ende von Level 6 offen." + rules
    )


def test_every_seat_taken_counts_the_seats_in_es_and_de() -> None:
    """The seats counted are a Clause of entries/log.py (one table: its own sentence)."""
    service, tid = _service()
    service.run(tid, LayTables(tables=((1, 2),)))
    service.run(tid, Register(name="Alice", member="1", age_ok=True, member_ok=True))
    service.run(tid, Register(name="Bob", member="2", age_ok=True, member_ok=True))
    with pytest.raises(PokertdError) as refused:
        service.run(tid, Register(name="Cleo", member="3", age_ok=True, member_ok=True))
    exc = refused.value
    assert str(exc).startswith("Every seat is taken (2 seats at 1 table): ")
    assert "(2 asientos en 1 mesa)" in catalog.refusal(exc, "es")
    assert "(2 Plätze an 1 Tisch)" in catalog.refusal(exc, "de")


def test_two_open_sales_are_joined_in_the_readers_language() -> None:
    """``sales_said`` joins the open sales with a translated "and" (a deal's refusal names
    them): each clause and the join are said in Spanish or German, the English unchanged."""
    sales = (
        OpenSale(text=Clause(N_("rebuys are still sold")), entry="A9"),
        OpenSale(
            text=Clause(N_("the add-on is sold in level %(level)s"), {"level": 4}), entry="A10"
        ),
    )
    exc = RuleViolation(
        template=N_(
            "Prizes are paid once the prize pool is final, and %(what)s: the pool may still grow."
        ),
        params={"what": sales_said(sales)},
    )
    assert str(exc) == (
        "Prizes are paid once the prize pool is final, and rebuys are still sold and the add-on "
        "is sold in level 4: the pool may still grow."
    )
    assert catalog.refusal(exc, "es") == (
        "Los premios se pagan cuando el bote es definitivo, y aún se venden recompras y el "
        "add-on se vende en el nivel 4: el bote aún puede crecer."
    )
    assert catalog.refusal(exc, "de") == (
        "Preise werden ausgezahlt, wenn das Preisgeld feststeht, und es werden noch Rebuys "
        "verkauft und das Add-on wird in Level 4 verkauft: Das Preisgeld kann noch wachsen."
    )
