"""A night that ends in a hand-for-hand hand pays everyone (issue 22, part 2: found by the
careless floor of ``pokertd sim``).

Hand-for-hand left on to the end (the careless floor forgot it, or the director plays the
pay jumps hand for hand) and the last hand puts out the last two: the night is over — one
player left, registration closed — so no bust at another table can join that hand any more.
The prizes of the players it put out were refused for ever ("Hand-for-hand hand HFH-1 is
still being played ... Pay once every table has finished it"), while the console no longer
shows hand-for-hand once the night is finished: 2nd could not be paid.

Rule IDs: G2 (the end), G3 (busts of one hand), B10 (hand-for-hand), H2 (a place is paid
once final).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.clock import HandForHand, StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.prizes import PayPrize, money_position
from pokertd.tournament.templates import load_template
from pokertd.tournament.views import results, status

START = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


def test_G2_G3_B10_KPC_the_last_hand_in_hand_for_hand_pays_2nd() -> None:
    """Kojack's, 8 entries at $100 to the pool ($800, two places paid), registration
    closed; five out one by one, then hand-for-hand (the director plays the last hands hand
    for hand) and the last hand puts out two (Player K02 with 6,000 chips at its start, K03
    with 4,000): K01 wins, K02 is 2nd, K03 3rd. Both prizes are paid, the $800.00 to the
    cent; before, 2nd waited for a hand-for-hand hand nobody can play any more."""
    now = START
    service = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: now
    )
    tid = service.create(CreateTournament(name="Pay jumps", template=load_template("kpc_nlh")))
    names = [f"Player K{i:02d}" for i in range(1, 9)]
    for name in names:
        service.run(tid, Register(name=name, member="1", age_ok=True))
    service.run(tid, StartClock())
    service.run(tid, CloseRegistration())
    for name in reversed(names[3:]):
        now += timedelta(minutes=5)
        service.run(tid, Bust(players=(name,), eliminator=names[0]))
    service.run(tid, HandForHand(on=True))
    now += timedelta(minutes=5)
    service.run(
        tid, Bust(players=(names[1], names[2]), eliminator=names[0], start_stacks=(6000, 4000))
    )
    state = service.state(tid)
    assert status(state, now).finished
    rows = {r.name: r for r in results(state, now).rows}
    assert [(rows[n].places, rows[n].waits) for n in names[:3]] == [
        ((1,), ""),
        ((2,), ""),
        ((3,), ""),
    ]
    for name in names[:2]:
        service.run(tid, PayPrize(player=name))
    money = money_position(service.state(tid), now)
    assert (money.paid, money.owed, money.pool, money.unpaid) == (80000, 80000, 80000, 0)
