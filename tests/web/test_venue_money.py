"""The money of every venue's night as the faces show it (issue 22, part 6): what the whole
nights in the browser (``test_browser_venue_nights.py``) found, checked here without a
browser.

* Foxwoods withholds 3 % of the buy-ins from the pool (H3: FOX-ADMIN): the pool on every
  sheet was less than the buy-ins with nothing saying why.
* Foxwoods withholds 30 % US tax from a foreign player's prize without treaty paperwork
  (H10: FOX-PAY4): the pay form could only pay a prize as to a US player.
* A free league night has no prize money: its Money tab said "no prize pool yet" and
  offered a pay form.
* A player who re-entered finishes once per entry: the results listed the same name twice
  with nothing to tell the rows apart.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Reenter, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

from .conftest import Env

NAMES = [f"Player {chr(65 + i)}" for i in range(10)]


def _event(env: Env, template: str, players: int = 10) -> str:
    svc = env.service
    tid = svc.create(CreateTournament(name=f"{template} night", template=load_template(template)))
    for i, n in enumerate(NAMES[:players]):
        card = f"{template}-{i}"
        svc.run(tid, Register(name=n, member=card, age_ok=True, member_ok=True), actor="floor")
    return tid


def _get(env: Env, path: str) -> Any:
    r = env.client.get(path)
    assert r.status_code == 200, r.text
    return r.json()


def test_H3_FOX_ADMIN_every_view_says_what_the_house_withheld(env: Env) -> None:
    """10 entries at fox_wed_80 ($62 to the pool each): $620.00, 3 % withheld = $18.60, the
    places split $601.40; the public view carries the rule, the payout sheet says it."""
    tid = _event(env, "fox_wed_80")
    public = _get(env, f"/api/tournaments/{tid}")
    assert public["withholding"] == {"pct": 3.0, "rule": "FOX-ADMIN"}
    assert public["status"]["withheld_cents"] == 1860
    assert public["status"]["prize_pool_cents"] == 60140
    sheet = env.client.get(f"/t/{tid}/print/payouts").text
    assert (
        "Prize pool $601.40 (after $18.60 withheld by the house, 3% of the buy-ins: FOX-ADMIN)"
        " · 10 entries"
    ) in sheet
    env.login()
    assert 'id="pool-withheld"' in env.client.get(f"/t/{tid}/floor").text


def test_H3_a_venue_that_withholds_nothing_says_nothing(env: Env) -> None:
    tid = _event(env, "kpc_nlh")
    public = _get(env, f"/api/tournaments/{tid}")
    assert "withholding" not in public
    assert public["status"]["withheld_cents"] == 0
    assert "withheld by the house" not in env.client.get(f"/t/{tid}/print/payouts").text


@pytest.mark.parametrize(
    ("template", "foreign_tax", "id_required", "id_rule"),
    [
        ("fox_wed_80", {"pct": 30.0, "rule": "FOX-PAY3, FOX-PAY4"}, True, "FOX-PAY2"),
        ("kpc_nlh", None, False, "H11"),
    ],
)
def test_H10_the_pay_form_asks_about_a_foreign_player_where_the_venue_withholds_tax(
    env: Env, template: str, foreign_tax: Any, id_required: bool, id_rule: str
) -> None:
    tid = _event(env, template)
    env.login()
    choices = _get(env, f"/api/tournaments/{tid}/staff")["choices"]
    assert choices["foreign_tax"] == foreign_tax
    assert (choices["id_required"], choices["id_rule"]) == (id_required, id_rule)
    # issue 23: the SSN/ITIN box only where the venue issues tax forms (FOX-PAY3, FOX-PAY4)
    assert choices["tax_id"] == ({"rule": "FOX-PAY3, FOX-PAY4"} if foreign_tax else None)
    page = env.client.get(f"/t/{tid}/floor").text
    assert 'id="pay-foreign"' in page  # shown only where choices.foreign_tax says so
    assert 'id="pay-treaty"' in page


def test_H10_FOX_PAY4_a_foreign_winner_is_paid_less_30_percent_a_treaty_nothing(
    env: Env,
) -> None:
    """Two players at fox_wed_80: $124.00 less 3 % = $120.28; 1st $72.17, 2nd $48.11
    (60/40, FOX-PTAB). The winner is foreign without paperwork: $21.65 withheld (30 %, half
    up), $50.52 paid; the runner-up is foreign with a treaty: nothing withheld."""
    tid = _event(env, "fox_wed_80", players=2)
    svc = env.service
    svc.run(tid, DrawSeats(), actor="floor")
    svc.run(tid, StartClock(), actor="floor")
    svc.run(tid, CloseRegistration(), actor="floor")
    svc.run(tid, Bust(players=(NAMES[1],)), actor="floor")
    h = env.login()
    rows = _get(env, f"/api/tournaments/{tid}/staff")["results"]["rows"]
    assert [(r["name"], r["prize_cents"]) for r in rows] == [(NAMES[0], 7217), (NAMES[1], 4811)]
    for name, treaty in ((NAMES[0], False), (NAMES[1], True)):
        body = {"player": name, "id_checked": True, "foreign": True, "treaty_exempt": treaty}
        r = env.client.post(f"/api/tournaments/{tid}/commands/pay_prize", json=body, headers=h)
        assert r.status_code == 200, r.text
    receipts = {r["name"]: r for r in _get(env, f"/api/tournaments/{tid}/receipts")}
    assert (receipts[NAMES[0]]["amount"], receipts[NAMES[0]]["paid"]) == (7217, 5052)
    assert (receipts[NAMES[1]]["amount"], receipts[NAMES[1]]["paid"]) == (4811, 4811)
    assert "US tax withheld: $21.65" in receipts[NAMES[0]]["text"]
    money = _get(env, f"/api/tournaments/{tid}/staff")["money"]
    assert (money["paid"], money["unpaid"], money["balanced"]) == (12028, 0, True)


def test_a_free_league_night_has_no_prize_money_to_pay(env: Env) -> None:
    tid = _event(env, "spot_league")
    env.login()
    view = _get(env, f"/api/tournaments/{tid}/staff")
    assert (view["status"]["prize_pool_cents"], view["payouts"]) == (0, [])
    assert view["payouts_note"] == "no prize money in this event"
    assert 'id="no-prize-money"' in env.client.get(f"/t/{tid}/floor").text


def test_A13_a_re_entered_players_results_say_which_entry(env: Env) -> None:
    """kpc_nlh, three players: Player A busts, re-enters, busts again (3rd with the second
    entry, 4th with the first); the printed results tell the two rows apart."""
    tid = _event(env, "kpc_nlh", players=3)
    svc = env.service
    svc.run(tid, DrawSeats(), actor="floor")
    svc.run(tid, StartClock(), actor="floor")
    svc.run(tid, Bust(players=(NAMES[0],)), actor="floor")
    svc.run(tid, Reenter(player=NAMES[0]), actor="floor")  # seated at once (KPC-18)
    svc.run(tid, CloseRegistration(), actor="floor")
    svc.run(tid, Bust(players=(NAMES[0],)), actor="floor")
    svc.run(tid, Bust(players=(NAMES[1],)), actor="floor")
    rows = _get(env, f"/api/tournaments/{tid}")["results"]["rows"]
    assert [(r["place"], r["name"]) for r in rows] == [
        (1, NAMES[2]),
        (2, NAMES[1]),
        (3, NAMES[0]),
        (4, NAMES[0]),
    ]
    sheet = env.client.get(f"/t/{tid}/print/results").text
    assert f"<td>3</td><td>{NAMES[0]} (entry 2)</td>" in sheet
    assert f"<td>4</td><td>{NAMES[0]} (entry 1)</td>" in sheet
    assert f"<td>1</td><td>{NAMES[2]}</td>" in sheet
