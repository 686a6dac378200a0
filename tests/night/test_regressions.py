"""Short nights that broke a rule where two features of a night meet (issue 22), kept as
plain tests.

Each test is a night shrunk to the few commands that matter (most found by the state
machine of ``test_machine.py``, the others the issue's own nights), with concrete numbers,
named for the catalogue rules it checks, and asserts what the rules say should happen, not
what the code does. Each docstring ends with what the old code did (each failed on ``main``
before its fix). A new violation the machine finds is written here the same way, then
fixed in the core.

The checks are those of :mod:`night.invariants` (money, places, the end, hand-for-hand,
seats, faces) plus the one the night is about. Where the rule leaves the design open
(refuse a command, or accept it and keep the invariant), the test accepts either.
"""

from __future__ import annotations

from pokertd.errors import PokertdError
from pokertd.tournament.clock import (
    AdjustClock,
    ColorUp,
    HandForHand,
    HandForHandEnded,
    NextLevel,
    TableHandFinished,
    clock_view,
    hfh_waiting_tables,
)
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    Addon,
    CloseRegistration,
    Forfeit,
    RecordChips,
    Reenter,
    Roster,
    find_player,
)
from pokertd.tournament.prizes import (
    AcceptDeal,
    DealKind,
    PayPrize,
    PrizeBook,
    PrizePaid,
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


def test_G3_B10_off_and_on_again_is_a_new_hand() -> None:
    """The issue's ``fox_wed_80`` night: 20 players, 8 bust, hand-for-hand on, one more
    busts, hand-for-hand off without the hand reported (the bubble burst, the usual move),
    nine more bust, hand-for-hand on again, one more busts: the last two busts are hands
    apart, so nobody ties. The runner-up is 2nd (the old code tied him with the 11th, paid
    nothing)."""
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


def test_G3_B10_C9_the_final_table_redraw_waits_for_the_hand_or_ends_it() -> None:
    """TDA, 12 entries on two tables of 9: two bust (12th and 11th), hand-for-hand on with
    10 left, one busts (10th; 9 left: the final table is due). The redraw is refused while
    a table still plays that hand, naming the tables to report, and writes nothing; every
    table reports, the final table is drawn, and the next bust is another hand: 10th, then
    9th, no tie across the redraw (the old code drew the final table during the hand and
    tied the two busts)."""
    n = FloorNight("tda", "fox_wed_80")
    n.start(12)
    bust_down_to(n, 10)
    n.run(HandForHand(on=True))
    tenth = n.alive_names()[0]
    n.bust(tenth)
    due = moves_due(n.state)
    assert due is not None
    assert due.final_table
    waiting = hfh_waiting_tables(n.state)
    assert waiting
    refused = n.refuse(Redraw(), "B10: the redraw waits for the hand-for-hand hand")
    assert "waits" in str(refused)
    assert refused.context["waiting_for"] == waiting
    assert all(f"{t}" in str(refused) for t in waiting)
    n.report_every_table()
    n.run(Redraw())
    assert len({n.table_of(a) for a in n.alive_names()}) == 1
    ninth = n.alive_names()[0]
    n.bust(ninth)
    r = reading(n)
    by_name = {row.name: row.places for row in r.results.rows}
    assert (by_name[tenth], by_name[ninth]) == ((10,), (9,))
    assert places(r) == []


def test_B10_hand_for_hand_ends_when_the_bubble_bursts() -> None:
    """Kojack, 12 entries, 2 paid: three left, two at one table and one at the other,
    hand-for-hand on; a bust at the first table bursts the bubble. Hand-for-hand stays on
    until every table has finished that hand (the other table could still bust a player in
    it, who would tie on the bubble, G3) and the console says the bubble burst; when the
    last table reports, it ends by itself and the log says why (the old code left it on,
    and on the console after the winner)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(12)
    assert places_paid(n.state) == 2
    at = {name: n.table_of(name) for name in n.alive_names()}
    two = [a for a in at if at[a] == 1][:2]
    one = [a for a in at if at[a] == 2][:1]
    for name in n.alive_names():
        if name not in two + one:
            n.bust(name)
    n.run(HandForHand(on=True))
    n.bust(two[0])
    assert n.hand_for_hand()
    r = reading(n)
    assert r.staff["clock"]["hfh_note"] == (
        "The bubble burst: hand-for-hand ends when every table has finished this hand "
        "(waiting for tables 1, 2)."
    )
    assert hand_for_hand(r) == []
    n.run(TableHandFinished(table="2"))
    assert n.hand_for_hand()
    n.run(TableHandFinished(table="1"))
    assert not n.hand_for_hand()
    ended = [rec.event for rec in n.records if isinstance(rec.event, HandForHandEnded)]
    assert [e.reason for e in ended] == ["the bubble burst (2 players left, 2 paid)"]
    r = reading(n)
    assert r.staff["clock"]["hfh_note"] == (
        "Hand-for-hand ended by itself: the bubble burst (2 players left, 2 paid)."
    )
    assert hand_for_hand(r) == []


def _race_table_1_and_refuse_a_bust_there(n: FloorNight) -> None:
    """Colour up table 1 now (the 100s raced, B11, B12) and check that a bust of a player
    raced at this break is refused (B2: no hand is dealt during a break)."""
    seating = n.seating()
    assert seating is not None
    table_1 = [p for p in seating.tables[1].players if p is not None]
    names = {e.entry_id: e.name for e in n.alive()}
    raced = names[table_1[0]]
    stacks = tuple((names[e], 10_300 + 100 * i) for i, e in enumerate(table_1))
    n.run(ColorUp(stacks=stacks, removed=(100,), table="1"))
    refused = n.refuse(Bust(players=(raced,)), "B2: no hand is dealt during a break")
    assert "coloured up at this break" in str(refused)
    assert refused.rule_ids == n.setup.profile.cite("B2", "B11", "B12")


def test_B2_G3_a_bust_during_a_break_is_its_own_hand_unless_raced_at_the_break() -> None:
    """Kojack, 10 entries on two tables: the clock runs to the break after level 10, where
    the 100s are coloured up (kpc_nlh). A bust recorded during the break is the late record
    of the hand that finished as the break began: accepted, a hand of its own, so it ties
    with nobody (neither the bust recorded just before the break nor another recorded
    during it). A player raced at this break's colour-up who kept chips cannot have gone
    out, no hand being dealt: his bust is refused, citing Kojack's rules, and writes nothing
    (the old code accepted any bust during a break and grouped it with the hand before)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(10)
    n.run(CloseRegistration())
    before = n.alive_names()[0]
    clock = clock_view(n.state, n.now)
    while clock is not None and not (clock.on_break and clock.level.number == 10):
        if clock.level.number == 10 and before in n.alive_names() and clock.seconds_left <= 60:
            n.bust(before)  # the last hand of level 10
        n.wait(60)
        clock = clock_view(n.state, n.now)
    assert clock is not None
    assert clock.color_up == (100,)
    assert before not in n.alive_names()
    _race_table_1_and_refuse_a_bust_there(n)
    others = [a for a in n.alive_names() if n.table_of(a) == 2]
    n.bust(others[0])
    n.bust(others[1])
    r = reading(n)
    by_name = {row.name: row.places for row in r.results.rows}
    assert (by_name[before], by_name[others[0]], by_name[others[1]]) == ((10,), (9,), (8,))
    assert places(r) == []


def test_B2_B14_a_player_raced_off_schedule_at_this_break_cannot_bust_in_it() -> None:
    """Kojack, 10 entries on two tables: the clock runs to the 10-minute break after level
    4, where Kojack's structure colours up nothing; the director colours up table 1's 100s
    there all the same (B14: named chips, outside the schedule). No hand is dealt during
    the break, so a player raced at it who kept chips cannot go out: his bust is refused,
    citing Kojack's rules, and writes nothing; a player of table 2 (not raced) may still be
    recorded out, the late record of the hand before the break (G3: a hand of its own).
    Found by the state machine: the old code counted only the chips the schedule removes
    at this break, accepted the raced player's bust, and refused instead a bust at the
    break after level 10 of a player raced during level 10's play, hands having been dealt
    since."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(10)
    n.run(CloseRegistration())
    clock = clock_view(n.state, n.now)
    while clock is not None and not (clock.on_break and clock.level.number == 4):
        n.wait(60)
        clock = clock_view(n.state, n.now)
    assert clock is not None
    assert clock.color_up == ()
    _race_table_1_and_refuse_a_bust_there(n)
    other = next(a for a in n.alive_names() if n.table_of(a) == 2)
    n.bust(other)
    r = reading(n)
    assert {row.name: row.places for row in r.results.rows}[other] == (10,)
    assert places(r) == []


# --- money and the end (A8, H11, J2, G2) -----------------------------------------------------


def test_J2_A8_a_binding_deal_closes_reentry() -> None:
    """The issue's ``kpc_nlh`` night: 12 players, 9 bust, a chip deal among the last 3 (all
    accept). The deal shared what was left to win, so re-entry is closed: the 9th player out
    cannot buy back in, and at the end the prizes add up to the pool (the old code: $1,666.67 owed
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
    assert everything(r) == []


def test_J1_G2_TNPL_a_night_finishes_after_a_chip_chop() -> None:
    """TNPL, 12 players (late registration open for 4 levels, A4): 9 bust, a chip
    chop among the last three, two more bust. The last player is the winner, 1st in the
    results and payable (the old code: not finished, no winner, no 1st)."""
    n = FloorNight("tnpl", "tnpl_league")
    n.start(12)
    bust_down_to(n, 3)
    chip_deal(n)
    bust_down_to(n, 1)
    r = reading(n)
    assert r.status.finished
    assert r.status.winner == n.alive_names()[0]
    assert the_end(r) == []


def test_H11_A8_a_prize_waits_until_its_place_is_final() -> None:
    """Kojack, 12 players, re-entry open until the end of level 8: the players bust down
    into the money. Paying the last player out is refused while a re-entry could still move
    him down (the old code paid him, and a re-entry then owed him another place and amount)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(12)
    pays = places_paid(n.state)
    assert pays is not None
    gone = bust_down_to(n, pays - 1)
    assert n.registration_open()
    n.refuse(PayPrize(player=gone[-1]), "the place can still move: re-entry is open")


def test_H11_A10_a_prize_waits_for_the_add_on() -> None:
    """TDA night with the add-on of level 4 (A10), 16 players, registration closed in level
    1: the players bust into the money (3 paid), 3rd is paid, then in level 4 one of the
    last two buys the add-on and the pool grows. The payment waits until no money can
    enter the pool, or the add-on waits: either way what was paid is what the place is owed
    (the old code, on 12 players and 2 paid, paid 2nd $268.67, and 2nd was then owed
    $275.33; with two left, not one, the night is not over when the add-on is offered)."""
    n = FloorNight("tda", "fox_wed_80")
    n.start(16)
    n.run(CloseRegistration())
    pays = places_paid(n.state)
    assert pays is not None
    assert pays == 3
    gone = bust_down_to(n, pays - 1)
    n.attempt(PayPrize(player=gone[-1]))
    for _ in range(3):
        n.run(NextLevel())
    n.attempt(Addon(player=n.alive_names()[0], stack=10_000))
    assert money(reading(n)) == []


def test_H11_G3_B10_a_place_paid_in_hand_for_hand_does_not_move() -> None:
    """TNPL, 16 players, 3 paid, registration closed: hand-for-hand from 6 left (each hand
    reported), an even custom deal among the last four, then the 4th busts (start stack
    5,000) and is paid the deal's amount for 4th. The bubble burst with him, so the 3rd's
    bust (also 5,000) is another hand: the paid player stays 4th (the old code left
    hand-for-hand on: the two tied at 3rd-4th and the receipt's place was not the standings')."""
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
    assert everything(reading(n)) == []


def test_I1_H11_FOX_RE_a_bounty_won_by_a_first_entry_is_paid_after_the_reentry() -> None:
    """Foxwoods' $100 bounty event ($25 a head, FOX-EVT #6), 12 players: Player 01 knocks
    out Player 02 (his first entry wins the $25.00 bounty), busts, re-enters, and his
    re-entry finishes out of the money. Paying Player 01 pays what his first entry won:
    $25.00 of bounty, no prize, once. Found by the state machine (Foxwoods, bounty night):
    the old code looked only at his last entry, said "finished out of the money", and the
    bounty the standings owed him could never be paid."""
    n = FloorNight("foxwoods", "fox_bounty_100")
    n.start(12)
    n.run(Bust(players=("Player 02",), eliminator="Player 01"))
    n.bust("Player 01")
    n.run(Reenter(player="Player 01"))
    n.run(CloseRegistration())
    n.bust("Player 01")
    bust_down_to(n, 1)
    first, second = find_player(n.state, "Player 01").entries
    records = n.run(PayPrize(player="Player 01", id_checked=True))
    paid = [r.event for r in records if isinstance(r.event, PrizePaid)]
    assert [(p.entry_id, p.amount, p.bounty) for p in paid] == [(first, 0, 2_500)]
    refused = n.refuse(PayPrize(player="Player 01", id_checked=True), "paid already")
    assert "already been paid" in str(refused)
    assert second not in n.state.part(PrizeBook).paid
    assert everything(reading(n)) == []


def test_J2_A10_no_money_enters_the_pool_after_a_deal() -> None:
    """TDA night with the add-on of level 4 (A10), registration closed, deals allowed:
    a chip deal among the last three during level 4, then one of them buys the add-on. A
    deal shares all the money there is, so the add-on is refused, or its money is paid
    with the rest: at the end the prizes add up to the pool (the old code owed $20 of the pool
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


def test_J2_H4_the_payout_sheet_shows_what_the_deal_pays() -> None:
    """Kojack, 12 players, registration closed, deals allowed by the director (J4): a chip
    deal among the last three, then two more bust. The payout sheet on the console, the TV
    and the phones shows each place's prize as the results pay it (the old code still listed
    the schedule's amounts while the deal paid others)."""
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


def test_G2_B1_a_finished_night_stops_the_clock() -> None:
    """Kojack, 8 players, registration closed: the last bust decides the winner, and the
    clock stops on every face (the old code kept it counting on the console, TV and phones)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(8)
    n.run(CloseRegistration())
    bust_down_to(n, 1)
    n.wait(60)
    r = reading(n)
    assert r.status.finished
    assert the_end(r) == []


def test_G2_B1_a_finished_night_keeps_the_level_it_ended_in() -> None:
    """Kojack, 8 players, registration closed, all but one out in level 1: the night is
    over in level 1 and stays there. Three hours later every face, the status line too,
    still reads level 1 (its levels are 20 minutes or more), and adding a minute, calling
    the next level or starting hand-for-hand is refused as the tournament is over (G2) and
    writes nothing. Found by
    the state machine (kojack, seed 980): the old code accepted ``AdjustClock`` and
    ``NextLevel`` after the end, and the status read the level from a clock still running
    ("console clock shows level 5, the core 6")."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(8)
    n.run(CloseRegistration())
    bust_down_to(n, 1)
    n.wait(3 * 3600)
    refused = n.refuse(AdjustClock(seconds=60), "G2: the clock has stopped")
    assert refused.rule_ids == n.setup.profile.cite("G2")
    n.refuse(NextLevel(), "G2: the clock has stopped")
    # nor hand-for-hand, on or off (the old code started it after an NJ timed finish)
    started = n.refuse(HandForHand(on=True), "G2: no hand-for-hand after the end")
    assert started.rule_ids == n.setup.profile.cite("G2")
    n.refuse(TableHandFinished(table="1"), "G2: no hand-for-hand after the end")
    r = reading(n)
    assert r.status.finished
    assert r.clock is not None
    assert (r.status.level, r.clock.level.number) == (1, 1)
    assert r.staff["status"]["level"] == r.staff["clock"]["level"]["level"] == 1
    assert r.public["clock"]["level"]["level"] == 1
    assert everything(r) == []


def test_G2_B10_a_night_won_in_a_hand_for_hand_hand_shows_no_hand_for_hand() -> None:
    """Kojack, 8 entries (2 paid), registration closed: two left, hand-for-hand on in the
    money (an exact ranking wanted), and the last bust decides the winner in a
    hand-for-hand hand, table 1 not having reported it. Once the night is finished no face
    shows hand-for-hand: not the clock of the core, the console, the TV and phones or the
    dealers, no table waited for (found by the state machine: the old code's clock still
    said hand-for-hand, waiting for table 1, beside "Finished · winner")."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(8)
    n.run(CloseRegistration())
    assert places_paid(n.state) == 2
    bust_down_to(n, 2)
    n.run(HandForHand(on=True))
    n.bust(n.alive_names()[0])
    r = reading(n)
    assert r.status.finished
    assert r.clock is not None
    assert not r.clock.hand_for_hand
    assert (r.public["clock"]["hand_for_hand"], r.public["clock"]["hfh_waiting"]) == (False, [])
    assert [view["clock"]["hand_for_hand"] for view in r.dealers.values()] == [False]
    assert the_end(r) == []
    assert everything(r) == []


def test_G2_A11_the_last_stack_is_not_forfeited() -> None:
    """Kojack lets a player forfeit his stack to re-enter while registration is open
    (A11, KPC-56). Eight entries, seven bust in level 1: forfeiting the last stack would
    leave nobody in (G2: someone must win), so it is refused with Kojack's rule IDs and
    writes nothing; closing registration then makes him the winner, 1st (the old code
    accepted it, and closing registration named the forfeited entry 1st, the winner of an
    event nobody was still in)."""
    n = FloorNight("kojack", "kpc_nlh")
    n.start(8)
    bust_down_to(n, 1)
    last = n.alive_names()[0]
    assert n.registration_open()
    refused = n.refuse(Forfeit(player=last, chips=160_000), "G2: someone must win")
    assert refused.rule_ids == n.setup.profile.cite("G2", "A11")
    assert "KPC-56" in refused.rule_ids
    assert "last stack" in str(refused)
    n.run(CloseRegistration())
    r = reading(n)
    assert (r.status.finished, r.status.winner) == (True, last)
    assert [(row.name, row.places) for row in r.results.rows[:2]] == [
        (last, (1,)),
        ("Player 07", (2,)),
    ]
    assert everything(r) == []


def test_G3_J1_B10_TNPL_hand_for_hand_and_a_chip_chop_pay_the_pool_once() -> None:
    """The issue's TNPL night, in small: 20 entries of $20 (pool $400.00, 3 paid),
    registration closed, two tables of 10. Hand-for-hand on with 5 left, the 5th busts and
    every table reports, the 4th busts: the bubble bursts in that hand, which both tables
    are still playing. The three left ask for a chip chop at once: refused, naming the
    tables (J1: a deal is put to every player left, between hands; B10) and writing
    nothing. Both tables report, hand-for-hand ends by itself, and the chip chop (10,000 /
    20,000 / 30,000 chips: $66.67 / $133.33 / $200.00) is made. Two more bust, each in a
    hand of its own: 3rd, 2nd, and the winner 1st, every place once, the deal's amounts
    adding up to the pool (the old code left hand-for-hand on and tied the last busts,
    paying them beside the deal: more than the pool, and no 1st until the last bust)."""
    n = FloorNight("tnpl", "tnpl_league", seats=10)
    n.start(20)
    n.run(CloseRegistration())
    assert places_paid(n.state) == 3
    bust_down_to(n, 5)
    n.run(HandForHand(on=True))
    fifth = n.alive_names()[0]
    n.bust(fifth)
    n.report_every_table()
    fourth = n.alive_names()[0]
    n.bust(fourth)
    assert n.hand_for_hand()
    waiting = hfh_waiting_tables(n.state)
    assert waiting == [1, 2]
    third, second, winner = n.alive_names()
    n.run(RecordChips(counts=((third, 10_000), (second, 20_000), (winner, 30_000))))
    refused = n.refuse(ProposeDeal(kind=DealKind.CHIP), "J1, B10: the deal waits for the hand")
    assert refused.context["waiting_for"] == waiting
    assert "tables 1, 2" in str(refused)
    assert "TNPL-A8" in refused.rule_ids
    n.report_every_table()
    assert not n.hand_for_hand()
    n.run(ProposeDeal(kind=DealKind.CHIP))
    for name in (third, second, winner):
        n.run(AcceptDeal(player=name))
    n.bust(third)
    n.bust(second)
    r = reading(n)
    assert r.results.prize_pool_cents == 20 * 2_000
    got = {row.name: (row.places, row.prize_cents) for row in r.results.rows}
    assert [got[p] for p in (winner, second, third, fourth, fifth)] == [
        ((1,), 20_000),
        ((2,), 13_333),
        ((3,), 6_667),
        ((4,), 0),
        ((5,), 0),
    ]
    assert places(r) == []
    assert everything(r) == []


def test_G3_J2_a_tie_across_a_deal_never_pays_a_place_twice() -> None:
    """TNPL, 20 players, 3 paid, registration closed: hand-for-hand on with 6 left, two
    bust in the hand (6th, 5th) and, the hand not reported, a chip deal among the last four;
    two of them bust in that same hand (the bubble bursts). Whether those four tie or the
    deal ends the hand, the deal's amounts replace the places' prizes: the prizes add up to
    the pool, never more (the old code let the two out before the deal share the places'
    prizes the deal had already given away: more than the pool)."""
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


def test_C4_C5_a_table_break_seats_players_where_the_prompt_said() -> None:
    """Kojack, 20 players on three tables of 9: three bust and table 3 breaks. The prompt
    names each player and the table he goes to; after "Confirm all" every one of them sits
    at that table (the old code's confirm drew the seats again)."""
    n = FloorNight("kojack", "kpc_nlh", tables=3)
    n.start(20)
    plans: list[PlanShown] = []
    for _ in range(6):
        n.bust(n.alive_names()[0])
        due = moves_due(n.state)
        if due is not None and due.break_table is not None and all(m.name for m in due.moves):
            plan, refused = n.confirm_due()
            assert plan is not None
            assert refused is None
            plans.append(plan)
            break
    assert plans
    assert plan_applied(plans[0], reading(n)) == []


def test_A6_A5_TNPL_B2iii_a_bonus_night_sells_late_entrants_full_stacks() -> None:
    """TNPL-B2iii ("where provided this must utilise a full stack to all other players")
    with TNPL-B2i, in a night played to its end: 8 sign in before the clock (10,000 +
    20 % = 12,000 each), two arrive in level 2 and get the full 10,000; 116,000 chips in
    play; every invariant (``stacks`` among them) holds throughout. The old
    ``tnpl_league`` sold the level-2 entrants 8,000 beside the bonus."""
    import random

    n = FloorNight("tnpl", "tnpl_league", seed=3)
    n.start(8)
    n.run(NextLevel())
    n.register()
    n.register()
    roster = n.state.part(Roster)
    issued = [e.issued for e in roster.entries.values()]
    assert issued == [12_000] * 8 + [10_000] * 2
    assert roster.chips_in_play == 116_000
    assert everything(reading(n)) == []
    n.play_out(random.Random(3), lambda plan: None)
    r = reading(n)
    assert r.status.finished
    assert everything(r) == []


def test_A3_SPOT_6_26_a_quarterly_night_with_stacks_from_points_plays_to_its_end() -> None:
    """SPOT-6.26 (A3): the Quarterly's stacks come from the season's points (here 5,000 +
    100 x points, as the desk sets them: 8,700 / 5,300 / 9,000 / …, the catalogue's
    "12,000 / 9,500 / 8,000" kind), on the shipped Spotlight profile and ``spot_quarterly``;
    the night plays to its winner with every invariant holding. The old shipped profile
    refused every such stack (only a profile built in code took them)."""
    import random

    n = FloorNight("spotlight", "spot_quarterly", seed=4)
    n.start(12)
    issued = [e.issued for e in n.state.part(Roster).entries.values()]
    assert issued == [5_000 + 100 * (k * 37 % 71) for k in range(1, 13)]
    assert len(set(issued)) == 12
    n.play_out(random.Random(4), lambda plan: None)
    r = reading(n)
    assert r.status.finished
    assert everything(r) == []


def test_the_machine_driver_plays_a_night_to_its_end() -> None:
    """The careful floor of the driver plays a whole TDA night (bounties) to its winner
    and pays every prize; every invariant holds at the end."""
    import random

    n = FloorNight("tda", "fox_bounty_100", seed=5)
    n.start(14)
    n.play_out(random.Random(5), lambda plan: None)
    r = reading(n)
    assert r.status.finished
    assert set(n.state.part(PrizeBook).paid) == {
        row.entry_id for row in r.standings if row.total > 0
    }
    assert everything(r) == []
    assert status(n.state, n.now).winner == results(n.state, n.now).rows[0].name
