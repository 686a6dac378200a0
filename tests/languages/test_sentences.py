"""Sentences the server builds for people (issue 27, point 1; docs/languages.md "Pushed
sentences"): a slip's reason, the payouts note and the last mystery bounty travel as
``{"text", "msgid", "params"}`` (``plural``/``n`` for a count). ``text`` stays the English
the JSON and the CLI have always read; each page says the sentence in its own language."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from floor_helpers import broken_night

from pokertd.app.screens import build, public
from pokertd.app.tournaments import TournamentService
from pokertd.i18n import catalog
from pokertd.store import open_store
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.penalties import GivePenalty, PenaltyKind
from pokertd.tournament.prizes.views import MysteryDraw, prize_table
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.slips import slips_view
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


@pytest.fixture
def service() -> Iterator[TournamentService]:
    svc = TournamentService(
        open_store("sqlite:///:memory:"), now=lambda: NOW, rng_factory=lambda: random.Random(7)
    )
    yield svc
    svc.close()


def _night(service: TournamentService, players: int) -> str:
    tmpl = load_template("kpc_nlh").with_changes(profile="tda", tables=3, seats_per_table=9)
    tid = service.create(CreateTournament(name="Tuesday", template=tmpl))
    for i in range(players):
        service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
    return tid


def test_a_table_break_slip_reads_in_spanish_and_stays_english_in_json(
    service: TournamentService,
) -> None:
    tid = broken_night(service, "tda")
    slip = next(s for s in slips_view(service.state(tid)) if s["kind"] == "break")
    assert slip["why"] == "Table 3 breaks: its players move to the other tables."
    said = slip["why_said"]
    assert said["text"] == slip["why"]
    assert said["msgid"] == "Table %(table)s breaks: its players move to the other tables."
    assert said["params"] == {"table": 3}
    assert catalog.sentence("es", said) == (
        "La mesa 3 se rompe: sus jugadores pasan a las otras mesas."
    )
    assert catalog.sentence("de", said) == (
        "Tisch 3 wird aufgelöst: Seine Spieler wechseln an die anderen Tische."
    )


def test_a_sit_out_penalty_counts_hands_in_each_language(service: TournamentService) -> None:
    """K2: one hand or three, each in the plural form of its language."""
    tid = _night(service, 12)
    service.run(tid, DrawSeats())
    service.run(tid, GivePenalty(player="Player 01", kind=PenaltyKind.MISSED_HANDS, count=1))
    service.run(
        tid,
        GivePenalty(
            player="Player 02", kind=PenaltyKind.MISSED_HANDS, count=3, reason="a soft play"
        ),
    )
    state = service.state(tid)
    one = slips_view(state, player="Player 01")[0]
    three = slips_view(state, player="Player 02")[0]
    assert one["why"] == "You sit out 1 hand (dealt in, blinds posted, hand killed)."
    assert three["why"] == (
        "You sit out 3 hands (dealt in, blinds posted, hand killed) for a soft play."
    )
    assert catalog.sentence("es", one["why_said"]) == (
        "Queda fuera 1 mano (recibe cartas, pone las ciegas, la mano se mata)."
    )
    assert catalog.sentence("es", three["why_said"]) == (
        "Queda fuera 3 manos (recibe cartas, pone las ciegas, la mano se mata) por a soft play."
    )


def test_the_payouts_note_reads_in_spanish(service: TournamentService) -> None:
    tid = service.create(CreateTournament(name="Empty", template=load_template("kpc_nlh")))
    state = service.state(tid)
    table = prize_table(state)
    assert table.note == "no entries yet"
    view = build(state, [], NOW)  # the staff view (the floor console; not public)
    assert "payouts_note" not in public(view)
    assert view["payouts_note"] == "no entries yet"
    assert [catalog.sentence("es", n) for n in view["payouts_note_said"]] == ["aún no hay entradas"]


def test_the_last_mystery_bounty_reads_in_spanish_and_german() -> None:
    one = MysteryDraw(eliminated="Bob Bell", collectors=("Ann Archer",), value=100_000)
    assert one.line() == "Ann Archer won a $1,000.00 mystery bounty from Bob Bell"
    assert catalog.sentence("es", one.said()) == (
        "Ann Archer gana una mystery bounty de $1,000.00 por Bob Bell"
    )
    split = MysteryDraw(eliminated="Bob Bell", collectors=("Ann", "Cy", "Dee"), value=50_000)
    assert split.line() == "Ann, Cy and Dee won a $500.00 mystery bounty from Bob Bell"
    assert catalog.sentence("de", split.said()) == (
        "Ann, Cy und Dee gewinnen ein Mystery Bounty von $500.00 für Bob Bell"
    )
    nobody = MysteryDraw(eliminated="Bob Bell", collectors=(), value=50_000)
    assert catalog.sentence("es", nobody.said().as_json()) == (
        "Se sacó una mystery bounty de $500.00 por Bob Bell"
    )
