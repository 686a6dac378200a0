"""A bounty won on an earlier entry can be paid after the re-entry busts out of the money
(issue 22, part 2: found by the careless floor of ``pokertd sim``, fox_bounty_100, 100
entries, seed 13).

``PayPrize`` paid the player's last entry only: a player who won a bounty, went out,
re-entered and went out again out of the money was refused ("... finished out of the
money") and the bounty won on his first entry could never be paid, although the standings
owed it.

Rule IDs: I6 (bounties paid to the player who won them), A8 (re-entry), H2 (what is owed is
paid).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import RuleViolation
from pokertd.store import open_store
from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Reenter, Register
from pokertd.tournament.framework import EventRecord
from pokertd.tournament.prizes import PayPrize, PrizePaid, money_position, standings
from pokertd.tournament.templates import load_template

START = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


def test_I6_A8_FOX_RE_the_bounty_of_a_first_entry_is_paid_after_the_re_entry_busts() -> None:
    """Foxwoods' $100 bounty event ($25 bounty), 8 entries: Player F02 busts F08 (his
    $25.00 bounty), goes out 8th, re-enters and goes out again 7th of 9 entries, out of the money.
    Paying F02 pays the $25.00 of his first entry; before, it was refused."""
    now = START
    service = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: now
    )
    tid = service.create(
        CreateTournament(name="Bounties", template=load_template("fox_bounty_100"))
    )
    names = [f"Player F{i:02d}" for i in range(1, 9)]
    for name in names:
        service.run(tid, Register(name=name, age_ok=True, member_ok=True))
    service.run(tid, StartClock())

    def bust(name: str, by: str) -> list[EventRecord]:
        nonlocal now
        now += timedelta(minutes=3)
        return service.run(tid, Bust(players=(name,), eliminator=by))

    bust("Player F08", "Player F02")
    bust("Player F02", "Player F03")
    service.run(tid, Reenter(player="Player F02"))
    service.run(tid, CloseRegistration())
    bust("Player F02", "Player F03")
    for name in reversed(names[3:7]):
        bust(name, "Player F01")
    bust("Player F03", "Player F01")
    state = service.state(tid)
    f02 = [r for r in standings(state, now) if r.name == "Player F02"]
    assert sorted((r.place, r.bounties) for r in f02) == [(7, 0), (8, 2500)]
    records = service.run(tid, PayPrize(player="Player F02", id_checked=True))
    paid = [r.event for r in records if isinstance(r.event, PrizePaid)]
    assert [(p.place, p.amount, p.bounty) for p in paid] == [(8, 0, 2500)]
    money = money_position(service.state(tid), now)
    assert money.bounties_paid == 2500
    with pytest.raises(RuleViolation, match="already been paid"):  # a double tap
        service.run(tid, PayPrize(player="Player F02", id_checked=True))
