"""The simulator in Spanish and German (issue 27, point 1; docs/languages.md): its refusals
(a night that cannot be simulated), its progress and outcome, the self-checks and notes of
its report, the Simulate form's problems by field and the charts' words. The English stays
as it was: ``pokertd sim --json`` and the report's document carry the same strings."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import catalog
from pokertd.sim.batch import spread
from pokertd.sim.config import check_config
from pokertd.sim.jobs import Job
from pokertd.sim.night import simulate_night
from pokertd.sim.report import NightConfig, NightReport, Said, document, said
from pokertd.web.sim import RatesIn, SimRequest, chart_svg, night_config

runner = CliRunner()


@pytest.fixture(scope="module")
def report() -> NightReport:
    """A quick night: a nine-player Sit & Go."""
    return simulate_night(NightConfig(template="fox_sng_65", entries=9))


def test_a_night_that_cannot_be_simulated_is_refused_in_german_and_spanish() -> None:
    with pytest.raises(InvalidCommand) as few:
        check_config(NightConfig(template="fox_sng_65", entries=1))
    assert str(few.value) == "A tournament needs at least two players; 1 were asked for."
    assert catalog.refusal(few.value, "de") == (
        "Ein Turnier braucht mindestens zwei Spieler; verlangt waren 1."
    )
    assert catalog.refusal(few.value, "es") == (
        "Un torneo necesita al menos dos jugadores; se pidieron 1."
    )
    late = replace(NightConfig().rates, late=1.5)
    with pytest.raises(InvalidCommand) as rate:
        check_config(NightConfig(template="fox_sng_65", entries=9, rates=late))
    assert str(rate.value) == (
        "The late registration rate is a share between 0 and 1 (0.25 = a quarter), not 1.5."
    )
    assert catalog.refusal(rate.value, "es") == (
        "La tasa de registro tardío es una proporción entre 0 y 1 (0.25 = una cuarta parte), "
        "no 1.5."
    )
    with pytest.raises(NotFound) as missing:
        check_config(NightConfig(template="no_such_night", entries=9))
    german = catalog.refusal(missing.value, "de")
    assert german.startswith("Es gibt keine Turniervorlage namens 'no_such_night': wähle eine von ")
    assert "fox_120, fox_140, " in german


def test_pokertd_sim_refuses_in_the_cli_language() -> None:
    done = runner.invoke(
        app, ["sim", "--template", "fox_sng_65", "--entries", "1"], env={"POKERTD_LANGUAGE": "de"}
    )
    assert done.exit_code == 2
    assert "Ein Turnier braucht mindestens zwei Spieler; verlangt waren 1." in done.stderr
    as_json = runner.invoke(
        app,
        ["sim", "--template", "fox_sng_65", "--entries", "1", "--json"],
        env={"POKERTD_LANGUAGE": "de"},
    )
    assert '"A tournament needs at least two players; 1 were asked for."' in as_json.stdout


def _job(**more: object) -> Job:
    return Job(id="j", owner="o", kind="night", title="t", runs=3, started=0.0, **more)  # type: ignore[arg-type]


def test_a_job_says_its_progress_and_outcome_in_the_page_language() -> None:
    running = _job(done=1)
    assert running.as_json()["message"] == "Playing night 2 of 3…"
    assert running.said("de") == "Spiele Abend 2 von 3…"
    assert running.said("es") == "Jugando la noche 2 de 3…"
    finished = _job(done=3, state="done")
    assert finished.as_json()["message"] == "3 simulated nights."
    assert finished.said("de") == "3 simulierte Abende."
    refused = _job(state="failed")
    try:
        check_config(NightConfig(template="fox_sng_65", entries=1))
    except InvalidCommand as exc:
        refused.refused = exc
        refused.error = f"The simulation was refused: {exc}"
    assert refused.as_json()["message"] == (
        "The simulation was refused: A tournament needs at least two players; 1 were asked for."
    )
    assert refused.said("es") == (
        "La simulación fue rechazada: Un torneo necesita al menos dos jugadores; se pidieron 1."
    )


def test_the_self_checks_read_in_german_and_the_json_stays_english(report: NightReport) -> None:
    seats = report.checks[1]
    assert seats == "one seat per player (1 seated at the end)"
    assert isinstance(seats, Said)
    assert catalog.sentence("de", said(seats)) == "ein Platz pro Spieler (1 am Ende platziert)"
    places = report.checks[-1]
    assert places.endswith("; 0 refused commands wrote nothing")
    assert catalog.sentence("es", said(places)).endswith(
        "; 0 órdenes rechazadas no escribieron nada"
    )
    chips = catalog.sentence("de", said(report.checks[0]))
    assert chips.startswith(f"Chips erhalten nach {report.hands:,} Händen und ")
    # the document (pokertd sim --json, result.spread) holds the plain English strings
    doc = document(report)
    assert doc["checks"][1] == "one seat per player (1 seated at the end)"
    assert type(doc["checks"][1]) in (str, Said)
    # a report crosses process boundaries (--workers): the sentences go with it
    again = pickle.loads(pickle.dumps(report))
    assert catalog.sentence("de", said(again.checks[1])) == catalog.sentence("de", said(seats))


def test_the_form_problems_travel_with_their_sentences() -> None:
    with pytest.raises(InvalidCommand) as bad:
        night_config(SimRequest(template="fox_sng_65", entries=9, runs=0, rates=RatesIn(late=150)))
    context = bad.value.context
    assert context["fields"]["runs"] == "Runs: type a whole number from 1 to 20."
    assert catalog.sentence("de", context["fields_said"]["runs"]) == (
        "Durchläufe: gib eine ganze Zahl von 1 bis 20 ein."
    )
    assert catalog.sentence("es", context["fields_said"]["rates.late"]) == (
        "Llegadas tardías: escribe un porcentaje de 0 a 100."
    )
    assert str(bad.value).startswith("The simulation was not started: Runs: type a whole")


def test_the_charts_words_in_german(report: NightReport) -> None:
    night = spread([report])
    english = chart_svg(night, "players")
    german = chart_svg(night, "players", lang="de")
    assert "Players left: $65 Sit &amp; Go" in english
    assert "Verbleibende Spieler: $65 Sit &amp; Go" in german
    assert "Uhrzeit ab Start (h:mm, Pausen eingerechnet)" in german
    assert "Stunden ab jetzt" in chart_svg(night, "players", rest=True, lang="de")
    assert "Durchschnittsstack in Big Blinds je Level" in chart_svg(night, "bb", lang="de")


def test_pokertd_sim_prints_its_self_checks_in_the_cli_language() -> None:
    args = ["sim", "--template", "fox_sng_65", "--entries", "9"]
    german = runner.invoke(app, args, env={"POKERTD_LANGUAGE": "de", "COLUMNS": "200"})
    assert german.exit_code == 0, german.output
    assert "ein Platz pro Spieler (1 am Ende platziert)" in german.stdout
    english = runner.invoke(app, args, env={"POKERTD_LANGUAGE": None, "COLUMNS": "200"})
    assert "one seat per player (1 seated at the end)" in english.stdout
