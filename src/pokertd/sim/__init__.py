"""Simulation: whole tournaments played by bots through the same code as live play.

``simulate(SimConfig(players=200, structure="fox_grinder", profile="foxwoods"))`` plays an
event hand by hand with the hand engine, the seating and balancing functions, the clock,
the chip race, bounties and payouts, and returns a :class:`SimReport`. See
``docs/simulation.md``.
"""

from pokertd.sim.batch import BatchSummary, RunSummary, Spread, simulate_many, summarize
from pokertd.sim.bots import Bot, RandomBot, TightAggressiveBot, chen_score, make_bot
from pokertd.sim.tournament import (
    BOUNTY_KINDS,
    Bubble,
    ColourUpRecord,
    Finish,
    HandRecord,
    LevelRow,
    SimConfig,
    SimReport,
    SimulationError,
    TimeModel,
    TournamentSim,
    simulate,
)

__all__ = [
    "BOUNTY_KINDS",
    "BatchSummary",
    "Bot",
    "Bubble",
    "ColourUpRecord",
    "Finish",
    "HandRecord",
    "LevelRow",
    "RandomBot",
    "RunSummary",
    "SimConfig",
    "SimReport",
    "SimulationError",
    "Spread",
    "TightAggressiveBot",
    "TimeModel",
    "TournamentSim",
    "chen_score",
    "make_bot",
    "simulate",
    "simulate_many",
    "summarize",
]
