"""Penalties' state: every penalty given, the hands served, and the prizes forfeited (K1-K5).

A missed-hand or missed-round penalty is served hand by hand as the offender's table
reports its hands (K3); the hand in progress when the penalty was given does not count
(it begins after the current hand ends: KPC-49, TNPL-J3, FOX-68) unless the floor gave it
between hands. Several penalties of one player are served one after the other.

Implements: KPC-52, TNPL-J1iv, FOX-71D (K5); KPC-52, TNPL-J1iii, FOX-71C (K3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokertd.tournament.framework import state_part
from pokertd.tournament.penalties.rules import PenaltyKind


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRecord:
    """A penalty as the state keeps it."""

    entry_id: str
    name: str
    kind: PenaltyKind
    hands: int = 0
    rounds: int = 0
    rule: str = ""
    reason: str = ""
    at: str = ""
    between_hands: bool = False
    """Given between hands: the next hand reported is already a penalty hand."""

    @property
    def served_by_hands(self) -> bool:
        """Whether the penalty is served hand by hand (missed hands or rounds)."""
        return self.hands > 0


@state_part
@dataclass(slots=True)
class Penalties:
    """Every penalty given, in order."""

    given: list[PenaltyRecord] = field(default_factory=list)
    prize_forfeited: set[str] = field(default_factory=set)
    """Entry ids whose prize is forfeited (TNPL-J1iv)."""
    served: dict[int, int] = field(default_factory=dict)
    """Hands served, by index in :attr:`given` (missed-hand and missed-round penalties)."""
    skip: dict[int, int] = field(default_factory=dict)
    """Hands still to be reported before the penalty starts, by index in :attr:`given`: 1
    for the hand in progress when it was given (K3), 0 once it has begun."""

    def hands_left(self, entry_id: str) -> int:
        """Penalty hands ``entry_id`` still has to serve (every penalty of his, in order)."""
        return sum(
            p.hands - self.served.get(i, 0)
            for i, p in enumerate(self.given)
            if p.entry_id == entry_id and p.served_by_hands
        )

    def serving_now(self, entry_id: str) -> bool:
        """Whether ``entry_id`` is serving a penalty in the hand being dealt now: his seat
        is dealt in, posts its blinds and antes, and his hand is killed (K3, D8)."""
        for i, p in enumerate(self.given):
            if p.entry_id == entry_id and p.served_by_hands and self.served.get(i, 0) < p.hands:
                return self.skip.get(i, 0) == 0
        return False

    def serve(self, entry_id: str, hands: int) -> None:
        """Count ``hands`` reported at ``entry_id``'s table: first the hand in progress
        when his penalty was given, then his penalties in order (K3)."""
        for i, p in enumerate(self.given):
            if hands <= 0:
                return
            if p.entry_id != entry_id or not p.served_by_hands:
                continue
            done = self.served.get(i, 0)
            if done >= p.hands:
                continue
            wait = self.skip.get(i, 0)
            if wait:
                used = min(wait, hands)
                self.skip[i] = wait - used
                hands -= used
            take = min(p.hands - done, hands)
            if take:
                self.served[i] = done + take
                hands -= take


__all__ = ["Penalties", "PenaltyRecord"]
