"""Cancelling a whole event (issue 26 point 5: SPOT-6.22, SPOT-2b8, SPOT-2b9; A2).

Nights through the service on an in-memory store: the refunds by kind with concrete money,
prizes already paid netted, every later command refused with nothing written, and undo /
redo restoring every read model.
"""

from __future__ import annotations

import pytest
from floor_helpers import Night

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament.cancellation import (
    CancelEvent,
    Cancellation,
    EventCancelled,
    refund_plan,
)
from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, PurchaseKind, Rebuy, Register
from pokertd.tournament.framework import Redo, Undo
from pokertd.tournament.prizes import PayPrize
from pokertd.tournament.templates import Fees, RebuyTerms
from pokertd.tournament.views import cash_report, players, results, status

NAMES = [f"Player {i:02d}" for i in range(20)]


def _with_rebuys() -> Night:
    """Kojack's $100 + $20 event with $20 rebuys: 20 entries and 3 rebuys, no card dealt."""
    night = Night(
        "kpc_nlh",
        rebuy=RebuyTerms(fees=Fees(prize_pool=2000), chips=5000, max_per_player=3),
    )
    night.register(*NAMES)
    for name in NAMES[:3]:
        night.run(Rebuy(player=name, stack=0))
    return night


def test_A2_cancel_before_the_first_hand_refunds_everything_by_kind() -> None:
    """20 entries of $100 + $20 fee and 3 rebuys of $20, cancelled before the first hand:
    $2,460 refunded by kind (buy-ins $2,400 = $2,000 prize parts + $400 fees; rebuys $60),
    Player 00 gets $140 back; refunds + prizes paid = money taken."""
    night = _with_rebuys()
    night.run(CancelEvent(reason="Power cut in the card room"))
    report = cash_report(night.state)
    assert (report.collected, report.refunds, report.prizes_paid) == (246000, 246000, 0)
    kinds = {k.kind: (k.count, k.fees) for k in report.refunds_by_kind}
    assert kinds == {
        PurchaseKind.BUY_IN: (20, Fees(prize_pool=200000, house_fee=40000)),
        PurchaseKind.REBUY: (3, Fees(prize_pool=6000)),
    }
    gone = night.state.part(Cancellation)
    assert (gone.cancelled, gone.reason, gone.play_started) == (
        True,
        "Power cut in the card room",
        False,
    )
    mine = [line for line in gone.refunds if line.name == "Player 00"]
    assert sum(line.refunded.total for line in mine) == 14000
    view = status(night.state, night.now)
    assert (view.cancelled, view.cancelled_reason, view.refunds_cents) == (
        True,
        "Power cut in the card room",
        246000,
    )


def test_SPOT_6_22_SPOT_2b8_SPOT_2b9_nothing_after_a_cancellation() -> None:
    """Spotlight, $100 + $20 entry fee, 20 players, the clock running: management cancels
    (SPOT-6.22). Every later command (a registration, a bust, the clock, a second cancel) is
    refused with one sentence citing SPOT-6.22, SPOT-2b8, SPOT-2b9 (nobody takes a seat or
    plays) and writes nothing; everything paid ($2,400) is refunded."""
    night = Night("spot_league", fees=Fees(prize_pool=10000, entry_fee=2000))
    night.register(*NAMES)
    night.run(StartClock())
    night.later(10)
    records = night.run(CancelEvent(reason="The venue must close tonight"))
    [ev] = [r.event for r in records]
    assert isinstance(ev, EventCancelled)
    assert ev.play_started is True
    assert sum(line.refunded.total for line in ev.refunds) == ev.money_taken == 240000
    seq = night.state.seq
    for command in (
        Register(name="Late Larry", member="9", age_ok=True),
        Bust(players=(NAMES[0],)),
        StartClock(),
        CancelEvent(reason="again"),
    ):
        with pytest.raises(RuleViolation, match="This event was cancelled") as refused:
            night.run(command)
        assert {"SPOT-6.22", "SPOT-2b8", "SPOT-2b9"} <= set(refused.value.rule_ids)
        assert all(r.startswith("SPOT-") for r in refused.value.rule_ids)
        sentence = str(refused.value).rsplit(" (SPOT-", 1)[0]
        assert sentence.endswith(".")  # one sentence, then the rule IDs
        assert sentence.count(".") == 1
        assert night.state.seq == seq


def test_SPOT_6_22_prizes_already_paid_stay_paid_and_are_netted() -> None:
    """Kojack's $100 + $20, 30 players, 27 out, registration closed, 4th paid $373.72; then
    the event is cancelled. Fees come back in full ($600). The pool money left is $3,000 -
    $373.72 = $2,626.28; the 4th-place player's claim is nil (paid more than his $100), the
    other 29 claim $100 each ($2,900), cut to 90.56 % : $90.57 for the first four, $90.56
    for the rest. $3,226.28 refunded + $373.72 paid = $3,600 taken, to the cent."""
    night = Night("kpc_nlh")
    names = [f"Player A{i:02d}" for i in range(30)]
    night.register(*names)
    for name in names[:27]:
        night.run(Bust(players=(name,)))
    night.run(CloseRegistration())
    night.run(PayPrize(player=names[26]))
    plan = refund_plan(night.state)
    assert (plan.money_taken, plan.prizes_paid, plan.refunds) == (360000, 37372, 322628)
    assert plan.balanced
    back = {p.name: p.refund for p in plan.players}
    assert back[names[26]] == 2000  # his fee only
    assert [back[n] for n in names[:5]] == [11057, 11057, 11057, 11057, 11056]
    assert back[names[29]] == 11056
    night.run(CancelEvent(reason="Fire alarm: the building is evacuated"))
    report = cash_report(night.state)
    assert report.refunds + report.prizes_paid + report.bounties_paid == report.collected
    assert report.refunds == 322628


def test_A2_undo_of_a_cancellation_restores_the_night_and_redo_cancels_again() -> None:
    """Every read model (status, players, results, cash report) after undo equals the one
    before the cancellation; redo cancels again with the same refunds."""
    night = _with_rebuys()
    night.run(StartClock())
    night.later(5)

    def models() -> tuple[object, ...]:
        st = night.state
        return (
            status(st, night.now),
            players(st, night.now),
            results(st, night.now),
            cash_report(st),
            refund_plan(st),
        )

    before = models()
    night.run(CancelEvent(reason="Storm warning"))
    cancelled = models()
    assert cancelled != before
    night.run(Undo())
    assert models() == before
    night.run(Register(name="After Undo", member="1", age_ok=True))  # the night goes on
    night.run(Undo())
    night.run(CancelEvent(reason="Storm warning"))
    night.run(Undo())
    night.run(Redo())
    assert models() == cancelled


def test_A2_cancel_needs_a_reason_and_an_unfinished_event() -> None:
    """A reason is required (the players are told it) and at most 500 characters; a
    finished event cannot be cancelled. Nothing is written."""
    night = Night("kpc_nlh")
    night.register("Ann Able", "Bob Baker")
    seq = night.state.seq
    with pytest.raises(InvalidCommand, match="reason"):
        night.run(CancelEvent(reason="   "))
    with pytest.raises(InvalidCommand):
        night.run(CancelEvent(reason="x" * 501))
    night.run(CloseRegistration())
    night.run(Bust(players=("Bob Baker",)))
    seq = night.state.seq
    with pytest.raises(RuleViolation, match="already finished"):
        night.run(CancelEvent(reason="Too late"))
    assert night.state.seq == seq


def test_A2_a_cancel_confirmed_from_an_old_screen_is_refused_as_stale() -> None:
    """The console's confirmation showed the refunds at log position N; a registration
    came in meanwhile (one more $120 to refund): the cancel naming N is refused as stale
    and writes nothing; naming the current position it records $360 for three players."""
    night = Night("kpc_nlh")
    night.register("Ann Able", "Bob Baker")
    shown = night.state.seq
    night.register("Cat Cole")
    seq = night.state.seq
    with pytest.raises(RuleViolation, match="out of date"):
        night.run(CancelEvent(reason="Flood", shown_seq=shown))
    assert night.state.seq == seq
    night.run(CancelEvent(reason="Flood", shown_seq=seq))
    assert cash_report(night.state).refunds == 36000
