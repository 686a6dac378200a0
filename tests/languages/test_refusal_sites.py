"""Every refusal a person can meet is in the catalogue (issue 27, point 1; docs/languages.md).

A module listed here builds each of its refusals from a catalogue template (``template=N_(…)``,
:mod:`tests.languages.sites`): a new ``InvalidCommand(f"…")`` in it fails this test. The list
grows as modules are done; the Coverage section of docs/languages.md gives the count.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from . import sites
from .sites import SRC, untemplated

TEMPLATED = (
    "app/accounts.py",
    "app/application.py",
    "app/commands.py",
    "app/league_history.py",
    "app/leagues.py",
    "app/mail.py",
    "app/player_import.py",
    "app/players.py",
    "app/results.py",
    "app/series.py",
    "app/signups.py",
    "app/tournaments.py",
    "app/walls.py",
    "cards",
    "charts.py",
    "cli",
    "engine",
    "league/points.py",
    "league/standings.py",
    "money.py",
    "rules/profile.py",
    "sim",
    "store",
    "timefmt.py",
    "tournament/cancellation.py",
    "tournament/chips.py",
    "tournament/clock/chip_race.py",
    "tournament/clock/log.py",
    "tournament/clock/rules.py",
    "tournament/clock/shot_clock.py",
    "tournament/clock/state.py",
    "tournament/clock/structure_tools.py",
    "tournament/days/flights.py",
    "tournament/days/log.py",
    "tournament/days/rules.py",
    "tournament/days/views.py",
    "tournament/display.py",
    "tournament/eliminations.py",
    "tournament/entries/log.py",
    "tournament/entries/state.py",
    "tournament/framework.py",
    "tournament/irregularities.py",
    "tournament/layouts.py",
    "tournament/limits.py",
    "tournament/penalties.py",
    "tournament/permissions.py",
    "tournament/prizes/bounties.py",
    "tournament/prizes/deals.py",
    "tournament/prizes/high_hand.py",
    "tournament/prizes/icm.py",
    "tournament/prizes/log.py",
    "tournament/prizes/payouts.py",
    "tournament/prizes/receipts.py",
    "tournament/prizes/results.py",
    "tournament/prizes/views.py",
    "tournament/satellites.py",
    "tournament/seating/balancing.py",
    "tournament/seating/log.py",
    "tournament/seating/rules.py",
    "tournament/seating/views.py",
    "tournament/signups.py",
    "tournament/slips.py",
    "tournament/structures.py",
    "tournament/templates.py",
    "web",
)
"""Modules (or folders) under ``src/pokertd`` whose every refusal carries a template."""


@pytest.mark.parametrize("module", TEMPLATED)
def test_every_refusal_of_the_module_is_in_the_catalogue(module: str) -> None:
    assert (SRC / module).exists(), module
    assert untemplated(module) == []


def test_the_scanner_finds_an_english_only_refusal(tmp_path: Path) -> None:
    """The scanner itself: an f-string refusal counts, a templated one and a marked
    programmer error do not (a scanner that finds nothing would pass every module)."""
    source = (
        'raise InvalidCommand(f"Seat {n} is taken.")\n'
        'raise InvalidCommand(template=N_("Seat %(n)s is taken."), params={"n": n})\n'
        "# English on purpose: no floorperson meets it\n"
        'raise StoreError("unknown event type")\n'
        "raise NotFound()\n"
    )
    path = tmp_path / "probe.py"
    path.write_text(source, encoding="utf-8")
    assert sites.sites(path) == [(1, False), (2, True), (4, True), (5, True)]
