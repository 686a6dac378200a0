"""Money: every part of every purchase, the prize pool, withholding, overlay, cash report."""

from __future__ import annotations

from floor_helpers import Night
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import PurchaseKind, Rebuy, Reenter, Roster
from pokertd.tournament.prizes.pool import cash_report, pool


def _field(night: Night, players: int, reentries: int = 0) -> None:
    names = [f"Player {i}" for i in range(players)]
    night.register(*names)
    for name in names[:reentries]:
        night.run(Bust(players=(name,)))
        night.run(Reenter(player=name))


def test_FOX_ADMIN_grinder_100_entries() -> None:
    """H2, H3 (FOX-ADMIN): 80 + 20 re-entries -> $4,200 gross, $126 withheld, $4,074 net."""
    night = Night("fox_grinder", tables=10)
    _field(night, 80, reentries=20)
    report = cash_report(night.state)
    assert report.entries == 100
    assert report.prize_parts == 420000
    assert report.withheld == 12600
    assert report.net_prize_pool == 407400
    assert (report.house_fees, report.entry_fees) == (30000, 150000)
    assert report.collected == 600000
    kinds = {k.kind: k.count for k in report.by_kind}
    assert kinds == {PurchaseKind.BUY_IN: 80, PurchaseKind.RE_ENTRY: 20}


def test_FOX_BTY5_bounty_event_withholding_on_bounty_fees() -> None:
    """H3 IMPL: $100 bounty, 60 entries: buy-ins $3,120, bounties $1,500,
    3 % x $4,620 = $138.60 withheld -> $2,981.40."""
    night = Night("fox_bounty_100", tables=10)
    _field(night, 60)
    report = cash_report(night.state)
    assert (report.prize_parts, report.bounties) == (312000, 150000)
    assert report.withheld == 13860
    assert report.net_prize_pool == 298140


def test_FOX_EVT_guarantee_overlay() -> None:
    """H8: Saturday $10K GTD, 10 entries: $1,670 - $50.10 = $1,619.90 net; overlay $8,380.10."""
    night = Night("fox_saturday")
    _field(night, 10)
    pp = pool(night.state)
    assert (pp.withheld, pp.overlay, pp.net) == (5010, 838010, 1_000_000)
    assert cash_report(night.state).overlay == 838010


def test_NJ_12_no_rake_rebuys_counted_in_pool() -> None:
    """NJ-12, NJ-44a: no fees; rebuys add to the prize pool, not to the entries."""
    night = Night("nj_fundraiser")
    night.register("A", "B")
    night.run(Rebuy(player="A", stack=0))
    report = cash_report(night.state)
    assert report.entries == 2
    assert report.net_prize_pool == 30000
    assert report.house_keeps == 0
    assert [k.kind for k in report.by_kind] == [PurchaseKind.BUY_IN, PurchaseKind.REBUY]


def test_added_money_goes_to_the_pool() -> None:
    night = Night("kpc_nlh", added_money=50000)
    night.register("A", "B")
    assert pool(night.state).net == 20000 + 50000
    assert cash_report(night.state).house_keeps == 4000 - 50000


@settings(max_examples=10, deadline=None)
@given(st.lists(st.sampled_from(["register", "rebuy", "bust"]), max_size=12))
def test_money_and_chips_add_up(actions: list[str]) -> None:
    """Invariants: collected = sum of every part; net pool = prize parts - withheld +
    overlay; chips in play = issued - removed, never negative."""
    night = Night("nj_fundraiser")
    night.register("Host", "Anchor")
    n = 0
    for action in actions:
        roster = night.state.part(Roster)
        alive = [e for e in roster.alive() if e.name != "Anchor"]
        if action == "register":
            n += 1
            night.register(f"Guest {n}")
        elif action == "rebuy" and alive and alive[0].rebuys < 3:
            night.run(Rebuy(player=alive[0].entry_id, stack=0))
        elif action == "bust" and alive:
            night.run(Bust(players=(alive[-1].entry_id,)))
    report = cash_report(night.state)
    parts = sum(
        k.fees.prize_pool + k.fees.house_fee + k.fees.entry_fee + k.fees.bounty
        for k in report.by_kind
    )
    assert report.collected == parts
    assert report.net_prize_pool == report.prize_parts - report.withheld + report.overlay
    roster = night.state.part(Roster)
    assert roster.chips_in_play == roster.chips_issued - roster.chips_removed >= 0
