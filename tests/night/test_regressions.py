"""Short nights the state machine found breaking a rule (issue 22), kept as plain tests.

Each test is a night shrunk to the few commands that matter, with concrete numbers, named
for the catalogue rules it checks, and asserts what the rules say should happen (not what
the code does today). A test that fails on today's ``main`` is marked
``xfail(strict=True)`` with the defect and the branch fixing it: when the fix merges the
test passes, ``strict`` turns the pass into a failure, and the lead removes the mark (and
the matching ``KNOWN_BROKEN`` entry of ``test_machine.py``).

The checks are those of :mod:`night.invariants` (money, places, the end, hand-for-hand,
seats, faces) plus the one the night is about. Where the rule leaves the design open
(refuse a command, or accept it and keep the invariant), the test accepts either.
"""

from __future__ import annotations

import pytest

from pokertd.errors import PokertdError
from pokertd.tournament.clock import HandForHand, NextLevel, clock_view
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    Addon,
    CloseRegistration,
    Forfeit,
    RecordChips,
    Reenter,
)
from pokertd.tournament.prizes import (
    AcceptDeal,
    DealKind,
    PayPrize,
    PrizeBook,
    ProposeDeal,
    SetPrizeOptions,
    remaining_prizes,
)
from pokertd.tournament.prizes.pool import places_paid
from pokertd.tournament.seating import Redraw, moves_due
from pokertd.tournament.views import results, status

from .driver import FloorNight, PlanShown
from .invariants import (
    Reading,
    everything,
    hand_for_hand,
    money,
    places,
    plan_applied,
    read,
    sheets,
    the_end,
)

HFH = "fixed on branch hfh"
MONEY = "fixed on branch money"
PLANS = "fixed on branch plans"


def reading(n: FloorNight) -> Reading:
    """Every face's view of the night now."""
    return read(n.state, n.records, n.now)


def bust_down_to(n: FloorNight, left: int) -> list[str]:
    """Bust the players registered first, one a hand, until ``left`` are still in; the
    order they went."""
    gone: list[str] = []
    while len(n.alive_names()) > left:
        name = n.alive_names()[0]
        n.bust(name)
        gone.append(name)
    return gone


def chip_deal(n: FloorNight) -> None:
    """A chip-count deal among the players left, everybody accepting (J1, J2): the chip
    counts recorded first. Where the venue refuses a proposal while registration is open
    (one of the two designs of issue 22), registration is closed first."""
    alive = n.alive_names()
    n.run(RecordChips(counts=tuple((a, 10_000 * (i + 1)) for i, a in enumerate(alive))))
    if isinstance(n.attempt(ProposeDeal(kind=DealKind.CHIP)), PokertdError):
        if n.registration_open():
            n.run(CloseRegistration())
        else:  # a deal waits for the hand-for-hand hand to be over
            n.report_every_table()
        n.run(ProposeDeal(kind=DealKind.CHIP))
    for name in alive:
        n.run(AcceptDeal(player=name))


# --- hand-for-hand (B10, G3) -----------------------------------------------------------------


@pytest.mark.xfail(strict=True, reason=f"issue 22: HFH hand reused after off and on — {HFH}")
def test_G3_B10_off_and_on_again_is_a_new_hand() -> None:
    """The issue's ``fox_wed_80`` night: 20 players, 8 bust, hand-for-hand on, one more
    busts, hand-for-hand off without the hand reported (the bubble burst, the usual move),
    nine more bust, hand-for-hand on again, one more busts: the last two busts are hands
    apart, so nobody ties. The runner-up is 2nd (today: tied with the 11th, paid nothing)."""
    n = FloorNight("foxwoods", "fox_wed_80", seats=10)
    names = n.start(20)
    for name in names[:8]:
        n.bust(name)
    n.run(HandForHand(on=True))
    n.bust(names[8])
    n.run(HandForHand(on=False))
    for name in names[9:18]:
        n.bust(name)
    n.attempt(HandForHand(on=True))  # in the money: the core may refuse it (B10)
    n.bust(names[18])
    r = reading(n)
    assert places(r) == []
    runner_up = next(row for row in r.results.rows if row.name == names[18])
    assert runner_up.places == (2,)


@pytest.mark.xfail(strict=True, reason=f"issue 22: HFH hand spans a redraw — {HFH}")
def test_G3_B10_C9_the_final_table_redraw_waits_for_the_hand_or_ends_it() -> None:
    """TDA, 12 players on two tables of 9: 10 left, hand-for-hand on, one busts (9 left:
    the final table is due), the redraw, one more busts. The redraw is refused until the
    hand is reported, or ends the hand: either way the two busts are two hands, 9th and
    8th (today both share 8th-9th)."""
    n = FloorNight("tda", "fox_wed_80")
    names = n.start(12)
    bust_down_to(n, 10)
    n.run(HandForHand(on=True))
    ninth = n.alive_names()[0]
    n.bust(ninth)
    if isinstance(n.attempt(Redraw()), PokertdError):
        n.report_every_table()
        n.run(Redraw())
    eighth = n.alive_names()[0]
    n.bust(eighth)
    r = reading(n)
    by_name = {row.name: row.places for row in r.results.rows}
    assert (by_name[ninth], by_name[eighth]) == ((9,), (8,))
    assert places(r) == []
    assert len(names) == 12


@pytest.mark.xfail(strict=True, reason=f"issue 22: HFH does not end with the bubble — {HFH}")
def test_B10_hand_for_hand_ends_when_the_bubble_bursts() -> None:
    """Kojack, 12 players: hand-for-hand on with one player more than the places paid; the
    next bust bursts the bubble and hand-for-hand is over by itself (today it stays on,
    and on the console after the winner)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(12)
    pays = places_paid(n.state)
    assert pays is not None
    bust_down_to(n, pays + 1)
    n.run(HandForHand(on=True))
    n.bust(n.alive_names()[0])
    assert not n.hand_for_hand()
    assert hand_for_hand(reading(n)) == []


@pytest.mark.xfail(strict=True, reason=f"issue 22: busts accepted during a break — {HFH}")
def test_B2_B10_no_bust_during_a_break() -> None:
    """Kojack's structure breaks after level 4 (4 x 20 min): 81 minutes after the start the
    room is on break, no hand is dealt, and a bust is refused (today it is recorded, and
    grouped with the hand before the colour-up)."""
    n = FloorNight("kojack", "kpc_nlh")
    names = n.start(10)
    n.wait(81 * 60)
    clock = clock_view(n.state, n.now)
    assert clock is not None
    assert clock.on_break
    n.refuse(Bust(players=(names[0],)), "B2: no hand is played during a break")


# --- money and the end (A8, H11, J2, G2) -----------------------------------------------------


@pytest.mark.xfail(strict=True, reason=f"issue 22: a deal does not close re-entry — {MONEY}")
def test_J2_A8_a_binding_deal_closes_reentry() -> None:
    """The issue's ``kpc_nlh`` night: 12 players, 9 bust, a chip deal among the last 3 (all
    accept). The deal shared what was left to win, so re-entry is closed: the 9th player out
    cannot buy back in, and at the end the prizes add up to the pool (today: $1,666.67 owed
    from a $1,300.00 pool)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(12)
    gone = bust_down_to(n, 3)
    n.run(SetPrizeOptions(deals_enabled=True))
    chip_deal(n)
    assert not n.registration_open()
    n.refuse(Reenter(player=gone[-1]), "J2: the deal closed re-entry")
    bust_down_to(n, 1)
    n.attempt(CloseRegistration())
    r = reading(n)
    assert sum(row.prize_cents or 0 for row in r.results.rows) == r.results.prize_pool_cents
    assert everything(r, frozenset({"clock_runs_after_finish"})) == []


@pytest.mark.xfail(strict=True, reason=f"issue 22: TNPL never finishes after a deal — {MONEY}")
def test_J1_G2_TNPL_a_night_finishes_after_a_chip_chop() -> None:
    """TNPL, 12 players (late registration open for 4 levels, A4): 9 bust, a chip
    chop among the last three, two more bust. The last player is the winner, 1st in the
    results and payable (today: not finished, no winner, no 1st)."""
    n = FloorNight("tnpl", "tnpl_league")
    n.start(12)
    bust_down_to(n, 3)
    chip_deal(n)
    bust_down_to(n, 1)
    r = reading(n)
    assert r.status.finished
    assert r.status.winner == n.alive_names()[0]
    assert the_end(r, frozenset({"clock_runs_after_finish"})) == []


@pytest.mark.xfail(strict=True, reason=f"issue 22: prize paid while re-entry open — {MONEY}")
def test_H11_A8_a_prize_waits_until_its_place_is_final() -> None:
    """Kojack, 12 players, re-entry open until the end of level 8: the players bust down
    into the money. Paying the last player out is refused while a re-entry could still move
    him down (today it is paid, and a re-entry then owes him another place and amount)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(12)
    pays = places_paid(n.state)
    assert pays is not None
    gone = bust_down_to(n, pays - 1)
    assert n.registration_open()
    n.refuse(PayPrize(player=gone[-1]), "the place can still move: re-entry is open")


@pytest.mark.xfail(
    strict=True,
    reason="issue 22 (found by the state machine): a prize paid before the add-on is owed "
    "more after it — not fixed on any branch yet (money's area)",
)
def test_H11_A10_a_prize_waits_for_the_add_on() -> None:
    """TDA night with the add-on of level 4 (A10), registration closed in level 1: the
    players bust into the money (2 paid), 2nd is paid, then in level 4 a player buys the
    add-on and the pool grows. The payment waits until no money can enter the pool, or the
    add-on waits: either way what was paid is what the place is owed (today 2nd was paid
    $268.67 and is owed $275.33)."""
    n = FloorNight("tda", "fox_wed_80")
    n.start(12)
    n.run(CloseRegistration())
    pays = places_paid(n.state)
    assert pays is not None
    gone = bust_down_to(n, pays - 1)
    n.attempt(PayPrize(player=gone[-1]))
    for _ in range(3):
        n.run(NextLevel())
    n.attempt(Addon(player=n.alive_names()[0], stack=10_000))
    assert money(reading(n)) == []


@pytest.mark.xfail(
    strict=True,
    reason="issue 22 (found by the state machine): a prize paid during an unfinished "
    f"hand-for-hand hand moves with the next bust of that hand — {HFH} (hand-for-hand ends "
    "with the bubble; a payment waiting for the hand would fix it too)",
)
def test_H11_G3_B10_a_place_paid_in_hand_for_hand_does_not_move() -> None:
    """TNPL, 16 players, 3 paid, registration closed: hand-for-hand from 6 left (each hand
    reported), an even custom deal among the last four, then the 4th busts (start stack
    5,000) and is paid the deal's amount for 4th. The bubble burst with him, so the 3rd's
    bust (also 5,000) is another hand: the paid player stays 4th (today hand-for-hand is
    still on, the two tie at 3rd-4th and the receipt's place is not the standings')."""
    n = FloorNight("tnpl", "tnpl_league")
    n.start(16)
    n.run(CloseRegistration())
    assert places_paid(n.state) == 3
    bust_down_to(n, 6)
    n.run(HandForHand(on=True))
    while len(n.alive_names()) > 4:
        n.bust(n.alive_names()[0])
        n.report_every_table()
    left = n.alive_names()
    share = sum(remaining_prizes(n.state)) // 4
    n.run(ProposeDeal(kind=DealKind.CUSTOM, amounts=tuple((a, share) for a in left)))
    for name in left:
        n.run(AcceptDeal(player=name))
    n.run(Bust(players=(left[0],), start_stacks=(5_000,)))
    n.attempt(PayPrize(player=left[0]))
    n.run(Bust(players=(left[1],), start_stacks=(5_000,)))
    assert money(reading(n)) == []


def test_H11_a_prize_paid_once_its_place_is_final() -> None:
    """The same night with registration closed first: the prize is paid, once, and what
    was paid stays what the standings owe (H11)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(12)
    n.run(CloseRegistration())
    pays = places_paid(n.state)
    assert pays is not None
    gone = bust_down_to(n, pays - 1)
    n.run(PayPrize(player=gone[-1]))
    n.refuse(PayPrize(player=gone[-1]), "paid already")
    bust_down_to(n, 1)
    assert everything(reading(n), frozenset({"clock_runs_after_finish"})) == []


@pytest.mark.xfail(
    strict=True,
    reason="issue 22 (found by the state machine): an add-on sold after a binding deal "
    "leaves its money unpaid — not fixed on any branch yet (money's area)",
)
def test_J2_A10_no_money_enters_the_pool_after_a_deal() -> None:
    """TDA night with the add-on of level 4 (A10), registration closed, deals allowed:
    a chip deal among the last three during level 4, then one of them buys the add-on. A
    deal shares all the money there is, so the add-on is refused, or its money is paid
    with the rest: at the end the prizes add up to the pool (today $20 of the pool is owed
    to nobody)."""
    n = FloorNight("tda", "fox_wed_80")
    n.start(12)
    n.run(CloseRegistration())
    bust_down_to(n, 3)
    for _ in range(3):
        n.run(NextLevel())
    n.run(SetPrizeOptions(deals_enabled=True))
    chip_deal(n)
    n.attempt(Addon(player=n.alive_names()[0], stack=10_000))
    bust_down_to(n, 1)
    r = reading(n)
    assert r.status.finished
    assert sum(row.prize_cents or 0 for row in r.results.rows) == r.results.prize_pool_cents


@pytest.mark.xfail(strict=True, reason=f"issue 22: the sheet ignores the deal — {MONEY}")
def test_J2_H4_the_payout_sheet_shows_what_the_deal_pays() -> None:
    """Kojack, 12 players, registration closed, deals allowed by the director (J4): a chip
    deal among the last three, then two more bust. The payout sheet on the console, the TV
    and the phones shows each place's prize as the results pay it (today it still lists the
    schedule's amounts while the deal pays others)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(12)
    n.run(CloseRegistration())
    bust_down_to(n, 3)
    n.run(SetPrizeOptions(deals_enabled=True))
    chip_deal(n)
    bust_down_to(n, 1)
    r = reading(n)
    assert r.status.finished
    assert sheets(r) == []
    assert money(r) == []


@pytest.mark.xfail(strict=True, reason=f"issue 22: the clock runs after the end — {MONEY}")
def test_G2_B1_a_finished_night_stops_the_clock() -> None:
    """Kojack, 8 players, registration closed: the last bust decides the winner, and the
    clock stops on every face (today it keeps counting on the console, TV and phones)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(8)
    n.run(CloseRegistration())
    bust_down_to(n, 1)
    n.wait(60)
    r = reading(n)
    assert r.status.finished
    assert the_end(r) == []


@pytest.mark.xfail(
    strict=True,
    reason="issue 22 (found by the state machine): the last stack can be forfeited — "
    "not fixed yet (no branch)",
)
def test_G2_A11_the_last_stack_is_not_forfeited() -> None:
    """Kojack lets a player forfeit his stack to re-enter while registration is open
    (A11). With one player left, forfeiting his stack would leave nobody in (G2: someone
    must win): refused (today accepted; closing registration then names the forfeited
    entry 1st, the winner of an event nobody is still in)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(8)
    bust_down_to(n, 1)
    last = n.alive_names()[0]
    n.refuse(Forfeit(player=last, chips=160_000), "G2: someone must win")


@pytest.mark.xfail(strict=True, reason=f"issue 22: the TNPL pool is overpaid — {HFH}")
def test_G3_J2_B10_TNPL_hand_for_hand_and_a_chip_chop_pay_the_pool_once() -> None:
    """The issue's TNPL night, in small (20 players, 3 paid, registration closed):
    hand-for-hand on with 5 left, the 5th busts, the hand is reported, the 4th busts (the
    bubble bursts), a chip chop among the last three (all accept), two more bust. Every
    place once, one 1st, and the prizes with the deal add up to the pool (today
    hand-for-hand stays on, the last three busts tie at 2nd-4th and are paid beside the
    deal amounts: more than the pool, and no 1st until the last bust)."""
    n = FloorNight("tnpl", "tnpl_league", seats=10)
    n.start(20)
    n.run(CloseRegistration())
    assert places_paid(n.state) == 3
    bust_down_to(n, 5)
    n.run(HandForHand(on=True))
    n.bust(n.alive_names()[0])
    n.report_every_table()
    n.bust(n.alive_names()[0])
    chip_deal(n)
    n.bust(n.alive_names()[0])
    n.bust(n.alive_names()[0])
    r = reading(n)
    assert sum(row.prize_cents or 0 for row in r.results.rows) == r.results.prize_pool_cents
    assert places(r) == []
    assert [row.name for row in r.results.rows if row.place == 1] == n.alive_names()


@pytest.mark.xfail(
    strict=True, reason=f"issue 22: a tie across a deal pays a place twice — {MONEY}"
)
def test_G3_J2_a_tie_across_a_deal_never_pays_a_place_twice() -> None:
    """TNPL, 20 players, 3 paid, registration closed: hand-for-hand on with 6 left, two
    bust in the hand (6th, 5th) and, the hand not reported, a chip deal among the last four;
    two of them bust in that same hand (the bubble bursts). Whether those four tie or the
    deal ends the hand, the deal's amounts replace the places' prizes: the prizes add up to
    the pool, never more (today the two out before the deal share the places' prizes the
    deal already gave away: more than the pool)."""
    n = FloorNight("tnpl", "tnpl_league", seats=10)
    n.start(20)
    n.run(CloseRegistration())
    bust_down_to(n, 6)
    n.run(HandForHand(on=True))
    n.bust(n.alive_names()[0])
    n.bust(n.alive_names()[0])
    chip_deal(n)
    n.bust(*n.alive_names()[:2])
    r = reading(n)
    owed = sum(row.prize_cents or 0 for row in r.results.rows)
    assert owed <= r.results.prize_pool_cents
    bust_down_to(n, 1)
    r = reading(n)
    assert sum(row.prize_cents or 0 for row in r.results.rows) == r.results.prize_pool_cents
    assert money(r) == []


# --- the plan shown is the plan applied (C4-C6) ----------------------------------------------


@pytest.mark.xfail(strict=True, reason=f"issue 22: the table break seats elsewhere — {PLANS}")
def test_C4_C5_a_table_break_seats_players_where_the_prompt_said() -> None:
    """Kojack, 20 players on three tables of 9: three bust and table 3 breaks. The prompt
    names each player and the table he goes to; after "Confirm all" every one of them sits
    at that table (today the confirm draws the seats again)."""
    n = FloorNight("kojack", "kpc_nlh", tables=3)
    n.start(20)
    plans: list[PlanShown] = []
    for _ in range(6):
        n.bust(n.alive_names()[0])
        due = moves_due(n.state)
        if due is not None and due.break_table is not None and all(m.name for m in due.moves):
            plan = n.confirm_due()
            assert plan is not None
            plans.append(plan)
            break
    assert plans
    assert plan_applied(plans[0], reading(n)) == []


def test_the_machine_driver_plays_a_night_to_its_end() -> None:
    """The careful floor of the driver plays a whole TDA night (bounties) to its winner
    and pays every prize; every invariant but the known ones holds at the end."""
    import random

    n = FloorNight("tda", "fox_bounty_100", seed=5)
    n.start(14)
    n.play_out(random.Random(5), lambda plan: None)
    r = reading(n)
    assert r.status.finished
    assert set(n.state.part(PrizeBook).paid) == {
        row.entry_id for row in r.standings if row.total > 0
    }
    assert everything(r, frozenset({"clock_runs_after_finish"})) == []
    assert status(n.state, n.now).winner == results(n.state, n.now).rows[0].name
