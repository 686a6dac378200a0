"""Penalties' pure rules: the kinds of sanction, the rule ID each is given under, and the
hands a missed-round penalty costs (K1, K2).

A missed-round penalty is ``players at the offender's table when it is given (offender
included) x rounds`` hands, fixed when given (K2): 7 players, 2 rounds -> 14 hands. TNPL
allows 1 to 4 rounds only (``penalty_round_options``).

Implements: KPC-52, KPC-51, TNPL-J1i, TNPL-J1ii, FOX-71A, FOX-70, SPOT-6.21 (K1);
KPC-52, TNPL-J1ii, FOX-71A (K2).
"""

from __future__ import annotations

from enum import StrEnum

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import RuleProfile


class PenaltyKind(StrEnum):
    """The sanctions of K1."""

    WARNING = "warning"
    MISSED_HANDS = "missed_hands"
    MISSED_ROUNDS = "missed_rounds"
    DISQUALIFICATION = "disqualification"


PENALTY_ENTRY = {
    PenaltyKind.WARNING: "K1",
    PenaltyKind.MISSED_HANDS: "K2",
    PenaltyKind.MISSED_ROUNDS: "K2",
    PenaltyKind.DISQUALIFICATION: "K5",
}
"""The catalogue entry behind each kind of penalty: the options (K1), the missed-hand and
missed-round arithmetic (K2), disqualification (K5)."""


def default_rule(profile: RuleProfile, kind: PenaltyKind) -> str:
    """The venue's rule ID for this kind of penalty: the first the profile cites for its
    catalogue entry (FOX-71A for a Foxwoods missed-hand penalty, TNPL-J1iv for a TNPL
    disqualification)."""
    return profile.cite(PENALTY_ENTRY[kind])[0]


def check_rounds(profile: RuleProfile, rounds: int) -> None:
    """Refuse a missed-round penalty the venue does not give: at least one round, and one
    of ``penalty_round_options`` where the venue lists them (TNPL-J1ii: 1 to 4)."""
    if rounds < 1:
        raise InvalidCommand(
            "A missed-round penalty is at least one round.", rule_ids=profile.cite("K2")
        )
    options = profile.penalty_round_options
    if options is not None and rounds not in options:
        allowed = ", ".join(str(o) for o in options)
        raise RuleViolation(
            f"{profile.title} gives {allowed} round penalties, not {rounds}.",
            rule_ids=default_rule(profile, PenaltyKind.MISSED_ROUNDS),
        )


def missed_round_hands(rounds: int, players_at_table: int) -> int:
    """Hands a missed-round penalty costs: players at the offender's table (offender
    included) x rounds, fixed when given (K2).

    >>> missed_round_hands(2, 7)
    14
    """
    if not 2 <= players_at_table <= 11:
        raise InvalidCommand("A table has 2 to 11 players.", rule_ids="C13")
    return players_at_table * rounds


__all__ = ["PENALTY_ENTRY", "PenaltyKind", "check_rounds", "default_rule", "missed_round_hands"]
