"""A free event's payout sheet (issue 22, part 6): Spotlight's league nights put no money in
a prize pool (SPOT-2b2); the sheet said "no prize pool yet" to the end of the night."""

from __future__ import annotations

import random

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.prizes import prize_table
from pokertd.tournament.templates import load_template


def _event(template: str) -> tuple[TournamentService, str]:
    service = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7)
    )
    tid = service.create(CreateTournament(name="League night", template=load_template(template)))
    for name in ("Ann Spot", "Bob Spot", "Cat Spot"):
        service.run(tid, Register(name=name, member=name, age_ok=True, member_ok=True))
    return service, tid


def test_H2_a_free_league_night_says_it_has_no_prize_money() -> None:
    service, tid = _event("spot_league")
    table = prize_table(service.state(tid))
    assert load_template("spot_league").free is True
    assert (table.pool.net, table.prizes) == (0, ())
    assert table.note == "no prize money in this event"


def test_H2_an_event_with_a_buy_in_is_not_free() -> None:
    assert load_template("kpc_nlh").free is False
    service, tid = _event("kpc_nlh")
    assert prize_table(service.state(tid)).pool.net == 30000  # 3 x $100
