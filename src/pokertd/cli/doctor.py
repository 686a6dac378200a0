"""``pokertd doctor``: verify the read models against the logs, and rebuild them (issue 24).

The logs are the truth; the player database (players and their tournaments), the series'
Day 2 rows and the league results cache are derived from them (docs/storage.md, "Read
models"). ``pokertd doctor`` reads every log whole and says, per read model, how many
tournaments it checked, how many were behind (events not applied yet), how many rows were
wrong (missing although applied) and, with ``--repair``, how many it rebuilt. Exit code 0
when everything is right (or was repaired), 1 when something is behind or wrong, 2 for a
refusal (a database that cannot be opened).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._common import DbOption, JsonOption, application, console, emit, refusals, say
from pokertd.errors import PokertdError

if TYPE_CHECKING:
    from pokertd.app.projections import DoctorReport
    from pokertd.app.tournaments import TournamentService

log = logging.getLogger("pokertd.doctor")

RepairOption = Annotated[
    bool,
    typer.Option("--repair", help="Rebuild what is behind or wrong (from the logs)."),
]


def doctor(repair: RepairOption = False, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Check the player database, the series' Day 2 rows and the league results cache
    against the tournaments' logs; --repair rebuilds what is behind or wrong."""
    from pokertd.app.projections import doctor as run_doctor  # CLI start-up (issue 15)

    with refusals(as_json), application(db) as app:
        report = run_doctor(app.tournaments, app.series, app.leagues, repair=repair)
    emit(report.as_json(), as_json, lambda _: _render(report))
    if not report.healthy:
        raise typer.Exit(code=1)


def _render(report: DoctorReport) -> None:
    for check in report.checks:
        line = say(
            "%(name)s: %(checked)s checked, %(behind)s behind, %(wrong)s wrong, "
            "%(rebuilt)s rebuilt",
            name=check.name,
            checked=check.checked,
            behind=check.behind,
            wrong=check.wrong,
            rebuilt=check.rebuilt,
        )
        if check.failed:
            line += ", " + say("%(n)s could not be repaired", n=check.failed)
        console.print(line, soft_wrap=True, markup=False)
        for detail in check.details:
            console.print(f"  {detail}", soft_wrap=True, markup=False)
    if report.healthy:
        console.print(say("Every read model matches the logs."), markup=False)
    else:
        console.print(
            say("Some read models are behind or wrong: run pokertd doctor --repair."),
            markup=False,
        )


def catch_up_at_start(service: TournamentService) -> DoctorReport:
    """What ``pokertd serve`` runs when it starts: every read model catches up from its
    recorded position (one query per read model when nothing is behind); what it applied
    is logged."""
    from pokertd.app import App  # CLI start-up: loaded when serve runs (issue 15)
    from pokertd.app.projections import DoctorReport, catch_up  # likewise

    app = App.over(service)
    try:
        report = catch_up(app.tournaments, app.series, app.leagues)
    except PokertdError:  # never keeps the server from starting: doctor --repair says more
        log.exception("read models could not catch up; run pokertd doctor --repair")
        return DoctorReport((), repaired=False)
    for check in report.checks:
        if check.behind or check.wrong or check.failed:
            log.warning(
                "read model %s caught up: %d behind, %d wrong, %d rebuilt, %d failed",
                check.name,
                check.behind,
                check.wrong,
                check.rebuilt,
                check.failed,
            )
    return report


def register(app: typer.Typer) -> None:
    """Add ``pokertd doctor`` to the ``pokertd`` app."""
    app.command("doctor")(doctor)


__all__ = ["catch_up_at_start", "doctor", "register"]
