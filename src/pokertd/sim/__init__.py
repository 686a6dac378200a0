"""Simulation: the night a director will run, played by bots through the real core.

``simulate_night(NightConfig(template="fox_120", entries=120))`` creates the event from its
template and plays it to a winner through :class:`~pokertd.app.tournaments.TournamentService` with
the floor's own commands, in simulated time, and returns a
:class:`~pokertd.sim.report.NightReport`; ``simulate_rest`` continues a live tournament in a
private copy of its log. ``NightConfig(floor="careless")`` plays it with a floor that makes
the mistakes people make (:mod:`pokertd.sim.careless`) while the invariants of the night are
checked (:mod:`pokertd.sim.invariants`). See ``docs/simulation.md``.
"""

from pokertd.sim.bots import Bot, RandomBot, TightAggressiveBot, chen_score, make_bot
from pokertd.sim.careless import RATES as CARELESS_RATES  # and registers the careless floor
from pokertd.sim.night import SimulationError, check_config, simulate_night
from pokertd.sim.report import (
    FLOORS,
    MISTAKE_KINDS,
    Finish,
    LevelRow,
    NightConfig,
    NightReport,
    Rates,
    TimeModel,
)
from pokertd.sim.rest import simulate_rest

__all__ = [
    "CARELESS_RATES",
    "FLOORS",
    "MISTAKE_KINDS",
    "Bot",
    "Finish",
    "LevelRow",
    "NightConfig",
    "NightReport",
    "RandomBot",
    "Rates",
    "SimulationError",
    "TightAggressiveBot",
    "TimeModel",
    "check_config",
    "chen_score",
    "make_bot",
    "simulate_night",
    "simulate_rest",
]
