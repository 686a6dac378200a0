"""The registration desk and the cage of a simulated night: players walk up and register
(early, late, on the alternate list when the room is full), busted players re-enter or
rebuy at the night's rates, the add-on is offered at its level (A1, A8, A9, A10, A12).

Every sale is the floor's command through the night's console; the new stacks go into the
tables' :class:`~pokertd.sim.table.Ledger` from the ``EntryBought`` events, as the core
issued them.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.errors import RuleViolation
from pokertd.sim.pieces import NightLike
from pokertd.tournament.entries import (
    Addon,
    EntryBought,
    EntryStatus,
    Rebuy,
    Reenter,
    Register,
    Roster,
)
from pokertd.tournament.framework import EventRecord


def _room_full(exc: Exception) -> bool:
    """Whether a refusal says the room is full and the alternate list is open (A12)."""
    context = getattr(exc, "context", {})
    return context.get("hint") == "alternate" or "alternates in list order" in str(exc)


class Desk:
    """Registrations, re-entries, rebuys and add-ons, and what they sold."""

    def __init__(self, night: NightLike) -> None:
        self.n = night
        self.players = 0
        """Players registered so far (numbers their member cards)."""
        self.sold = 0
        """Entries bought (first entries, re-entries, alternates seated), as the floor
        sold them."""
        self.rebuys = 0
        self.addons = 0
        self.alternates: set[str] = set()
        """Players who waited on the alternate list."""
        self.walk_outs = 0
        """Late players who found registration closed or no seat and went home."""
        self.taken_before = 0
        """Money taken before the simulator took over (``simulate_rest``)."""
        self.addon_offered = False

    def card(self, n: int) -> str:
        """The member card of the ``n``-th player."""
        return f"S{self.n.config.seed}-{n:05d}"

    def register(self, name: str) -> bool:
        """A player walks up to the desk: a seat, or the alternate list when the room is
        full (A12), or home when registration is closed or the venue keeps no list."""
        n = self.n
        number = self.players + 1
        command = Register(name=name, member=self.card(number), age_ok=True)
        records, exc = n.attempt(command)
        if records is None:
            assert exc is not None
            if _room_full(exc):
                listed = n.try_run(
                    Register(name=name, member=self.card(number), age_ok=True, alternate=True)
                )
                if listed is not None:
                    self.players += 1
                    self.alternates.add(name)
                    return True
            self.walk_outs += 1
            return False
        self.players += 1
        self.bought(records)
        n.registered(command)
        return True

    def bought(self, records: Sequence[EventRecord]) -> None:
        """New stacks (buy-ins, re-entries, alternates seated) into the sim's count."""
        n = self.n
        roster = n.st.part(Roster)
        for record in records:
            if not isinstance(record.event, EntryBought):
                continue
            self.sold += 1
            entry_id = record.event.entry_id
            entry = roster.entries[entry_id]
            if entry.status is not EntryStatus.ALIVE:
                continue
            chips = entry.stack if entry.stack is not None else entry.issued
            n.ledger.seat(entry_id, entry.name, chips)
        n.check_chips("a new entry")
        n.floor.dirty = True
        n.mark_left()

    def reenter(self, name: str) -> None:
        """A busted player buys a new entry (A8), or waits on the alternate list (A12);
        a refusal (registration closed, the re-entry limit) sends him home."""
        n = self.n
        records, exc = n.attempt(Reenter(player=name))
        full = isinstance(exc, RuleViolation) and _room_full(exc)
        if full and n.try_run(Reenter(player=name, alternate=True)) is not None:
            self.alternates.add(name)
        if records is not None:
            self.bought(records)

    def seat_alternates(self) -> None:
        """Free seats go to the alternates in list order (A12), as the desk calls them."""
        n = self.n
        roster = n.st.part(Roster)
        while roster.alternates:
            player = roster.players[roster.alternates[0]]
            records: list[EventRecord] | None
            if player.entries:
                records = n.try_run(Reenter(player=player.name))
            else:
                records = n.try_run(Register(name=player.name, member=player.member, age_ok=True))
            if records is None:
                return
            self.bought(records)
            roster = n.st.part(Roster)

    def walk_ins(self, t: float) -> None:
        """Everybody who walks in up to ``t`` registers or re-enters."""
        n = self.n
        while n.arrivals.due(t):
            who = n.arrivals.next()
            n.time.at(who.at)
            if who.reentry:
                self.reenter(who.name)
            else:
                self.register(who.name)
        n.prompts()

    def comes_back(self, name: str) -> None:
        """A busted player comes back for a re-entry a few minutes later, at the night's
        rate, while registration is open (A8)."""
        n = self.n
        if (
            n.tmpl.reentry
            and n.marks.registration_closed_at is None
            and n.rng.random() < n.config.rates.reentry
        ):
            n.arrivals.arrive(n.time.t + n.rng.uniform(60, 600), name, reentry=True)

    def rebuy(self, entry_id: str) -> bool:
        """A busted player rebuys instead of going out (A9), at the night's rebuy rate."""
        n = self.n
        terms = n.tmpl.rebuy
        if terms is None or not n.profile.rebuy_allowed:
            return False
        if n.rng.random() >= n.config.rates.rebuy:
            return False
        if n.try_run(Rebuy(player=n.ledger.names[entry_id], stack=0)) is None:
            return False
        self.rebuys += 1
        n.ledger.add(entry_id, terms.chips)
        n.check_chips("a rebuy")
        return True

    def offer_addon(self, level: int) -> None:
        """The add-on at its designated time (A10): each player still in takes it at the
        night's add-on rate."""
        n = self.n
        terms = n.tmpl.addon
        if terms is None or self.addon_offered or level < terms.at_level:
            return
        self.addon_offered = True
        ledger = n.ledger
        for entry_id in list(ledger.stacks):
            if n.rng.random() >= n.config.rates.addon:
                continue
            stack = ledger.stacks[entry_id]
            if n.try_run(Addon(player=ledger.names[entry_id], stack=stack)) is None:
                continue
            self.addons += 1
            ledger.add(entry_id, terms.chips)
        n.check_chips("the add-on")


__all__ = ["Desk"]
