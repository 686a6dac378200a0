"""Conformance, catalogue sections 2(h) payouts and money, 2(i) bounties and 2(j) deals.

Each test takes its numbers from the catalogue's worked example and cites the venue rule
IDs it asserts. Nights run through the service (``floor_helpers.Night``).
"""

from __future__ import annotations

import pytest
from floor_helpers import Night

from pokertd.errors import PermissionDenied
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, RecordChips
from pokertd.tournament.prizes import (
    AcceptDeal,
    ApproveDeal,
    ProposeDeal,
    SetPrizeOptions,
    bounty_ledger,
    deal_view,
    prize_table,
    standings,
)
from pokertd.tournament.prizes.deals import DealKind
from pokertd.tournament.prizes.pool import pool


def _night(template: str, players: int, **changes: object) -> tuple[Night, list[str]]:
    night = Night(template, **changes)
    names = [f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(players)]
    night.register(*names)
    night.run(CloseRegistration())
    return night, names


# --- H1 / H2: what an entry fee is made of, what goes to the pool -----------------------------


def test_KPC_57_admin_fee_on_every_entry_stays_out_of_the_pool() -> None:
    """H1 KPC: an admin fee is charged on every tournament (kpc_nlh: $100 buy-in + $20 admin
    fee, amounts IMPL); 10 entries -> prize pool $1,000, the $200 of fees retained, nothing
    withheld from the pool (no hourly fee, no percentage)."""
    night, _ = _night("kpc_nlh", 10)
    made = pool(night.state)
    assert (made.buy_ins, made.withheld, made.net) == (100_000, 0, 100_000)
    table = prize_table(night.state)
    assert sum(p.amount for p in table.prizes) == 100_000


def _saturday_three_left() -> tuple[Night, list[str]]:
    """FOX Saturday $200 w/ $10K GTD, 50 entries, down to three (J2, H8)."""
    night, names = _night("fox_saturday", 50)
    for n in names[3:]:
        night.run(Bust(players=(n,), eliminator=names[0]))
    night.run(RecordChips(counts=tuple(zip(names[:3], (600000, 400000, 250000), strict=True))))
    return night, names


def test_FOX_PAY5_pool_paid_by_the_table_unless_a_deal_changes_it() -> None:
    """H2/H4/J2: the $10,000 pool pays 7 by the posted table (column 46-60: $3,250 /
    $2,200 / $1,400 / $1,100 / $850 / $650 / $550). Without a deal the last three get the
    table's $3,250 / $2,200 / $1,400; with the approved deal $2,400 / $2,300 / $2,150 (sum
    $6,850) replaces those three prizes, and 4th-7th keep the table amounts."""
    table_night, names = _saturday_three_left()
    a, b, c = names[:3]
    table_night.run(Bust(players=(c,), eliminator=a))
    table_night.run(Bust(players=(b,), eliminator=a))
    rows = {r.name: r.prize for r in standings(table_night.state, table_night.now)}
    assert (rows[a], rows[b], rows[c]) == (325_000, 220_000, 140_000)
    assert sorted(rows.values(), reverse=True)[3:7] == [110_000, 85_000, 65_000, 55_000]

    deal_night, names = _saturday_three_left()
    a, b, c = names[:3]
    deal_night.run(SetPrizeOptions(deals_enabled=True))
    amounts = ((a, 240_000), (b, 230_000), (c, 215_000))
    deal_night.run(ProposeDeal(kind=DealKind.CUSTOM, amounts=amounts))
    for player in (a, b, c):
        deal_night.run(AcceptDeal(player=player))
    deal_night.run(ApproveDeal(supervisor="Sam"))
    deal_night.run(Bust(players=(c,), eliminator=a))
    deal_night.run(Bust(players=(b,), eliminator=a))
    rows = {r.name: r.prize for r in standings(deal_night.state, deal_night.now)}
    assert (rows[a], rows[b], rows[c]) == (240_000, 230_000, 215_000)
    assert sorted(rows.values(), reverse=True)[3:7] == [110_000, 85_000, 65_000, 55_000]
    assert sum(rows.values()) == 1_000_000


# --- I1: the bounty chip ------------------------------------------------------------------------


def test_FOX_BTY1_each_entrant_holds_a_bounty_chip_won_chips_add_up() -> None:
    """I1 FOX $120 Double Green: every entrant receives a bounty chip worth $50; a player
    who has collected two bounties holds $100 of won chips (his own $50 chip is still his
    and on the table: nobody has won it)."""
    night, names = _night("fox_double_green_bounty", 4)
    a, b, c, _ = names
    night.run(Bust(players=(c,), eliminator=a))
    night.run(Bust(players=(b,), eliminator=a))
    ledger = bounty_ledger(night.state)
    assert ledger.cash_by_entry == {"E1": 10_000}
    assert sum(ledger.cash_by_entry.values()) == 2 * 5_000


# --- J1: TNPL deals -----------------------------------------------------------------------------


def test_TNPL_K1_TNPL_A8_deal_only_with_floor_staff_and_every_player() -> None:
    """J1 TNPL: at the final table a deal is discussed only with floor staff present and
    with every remaining player in it. A dealer cannot put a deal to the table; the
    director can, and the proposal names all three players left."""
    night, names = _night("tnpl_league", 12)
    for n in names[3:]:
        night.run(Bust(players=(n,), eliminator=names[0]))
    night.run(RecordChips(counts=tuple((n, 100_000) for n in names[:3])))
    with pytest.raises(PermissionDenied):
        night.service.run(night.tid, ProposeDeal(kind=DealKind.EVEN), actor="d", role="dealer")
    night.service.run(night.tid, ProposeDeal(kind=DealKind.EVEN), actor="td", role="director")
    view = deal_view(night.state)
    assert view is not None
    assert sorted(view.waiting_for) == sorted(names[:3])
