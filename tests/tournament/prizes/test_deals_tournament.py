"""Prizes on the event log: deals as events, payouts, standings, receipts, bounties.

Runs whole nights through the service on an in-memory store.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.app import screens as snapshot
from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, RecordChips, Register
from pokertd.tournament.framework import Command, EventRecord, TournamentState
from pokertd.tournament.prizes import (
    AcceptDeal,
    ApproveDeal,
    PayPrize,
    PostPayoutSchedule,
    ProposeDeal,
    RecordBountyWinners,
    RejectDeal,
    SetPrizeOptions,
    bounty_ledger,
    deal_view,
    prize_table,
    receipt_text,
    remaining_prizes,
    standings,
    standings_csv,
    standings_json,
)
from pokertd.tournament.prizes import log as prizes_module
from pokertd.tournament.prizes.deals import DealKind, DealStatus
from pokertd.tournament.templates import load_template
from pokertd.tournament.views import results as results_of

NOW = datetime(2020, 3, 8, 19, 0, tzinfo=UTC)


def name(i: int) -> str:
    return f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}"


class Night:
    def __init__(self, template: str, players: int, **changes: object) -> None:
        self.service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: NOW)
        tmpl = load_template(template)
        if changes:
            tmpl = tmpl.with_changes(**changes)
        self.tid = self.service.create(CreateTournament(name="Test night", template=tmpl))
        self.names = [name(i) for i in range(players)]
        for n in self.names:
            self.run(Register(name=n, member="1234", age_ok=True))
        self.run(CloseRegistration())

    def run(self, command: Command) -> list[EventRecord]:
        return self.service.run(self.tid, command, actor="floor")

    @property
    def state(self) -> TournamentState:
        return self.service.state(self.tid)


def saturday_three_left() -> Night:
    """FOX Saturday $200 w/ $10K GTD, 50 entries, down to three (J2)."""
    night = Night("fox_saturday", 50)
    for n in night.names[3:]:
        night.run(Bust(players=(n,), eliminator=night.names[0]))
    night.run(
        RecordChips(counts=tuple(zip(night.names[:3], (600000, 400000, 250000), strict=True)))
    )
    return night


J2_AMOUNTS = (240000, 230000, 215000)


def test_FOX_EVT_H8_prize_table_of_a_tournament() -> None:
    night = saturday_three_left()
    table = prize_table(night.state)
    assert (table.pool.overlay, table.pool.net) == (190050, 1_000_000)
    assert [p.amount for p in table.prizes] == [325000, 220000, 140000, 110000, 85000, 65000, 55000]
    assert remaining_prizes(night.state) == (325000, 220000, 140000)


def test_FOX_73_J2_deal_needs_the_house_unanimity_and_the_supervisor() -> None:
    night = saturday_three_left()
    custom = ProposeDeal(
        kind=DealKind.CUSTOM, amounts=tuple(zip(night.names[:3], J2_AMOUNTS, strict=True))
    )
    with pytest.raises(RuleViolation, match="FOX-73"):
        night.run(custom)
    night.run(SetPrizeOptions(deals_enabled=True))
    night.run(custom)
    a, b, c = night.names[:3]
    night.run(AcceptDeal(player=a))
    night.run(AcceptDeal(player=b))
    view = deal_view(night.state)
    assert view is not None
    assert view.status is DealStatus.PROPOSED
    assert view.waiting_for == (c,)
    records = night.run(AcceptDeal(player=c))
    assert [r.event.type for r in records] == ["deal_accepted"]  # still needs approval
    records = night.run(ApproveDeal(supervisor="Sam"))
    assert [r.event.type for r in records] == ["deal_approved", "deal_made", "prize_pool_final"]
    with pytest.raises(RuleViolation):
        night.run(AcceptDeal(player=a))
    with pytest.raises(RuleViolation):
        night.run(custom)
    # play continues for the title; the deal replaces the payout of the three
    night.run(Bust(players=(c,), eliminator=a))
    night.run(Bust(players=(b,), eliminator=a))
    rows = {r.name: r for r in standings(night.state, NOW)}
    assert (rows[a].prize, rows[b].prize, rows[c].prize) == J2_AMOUNTS
    assert rows[a].place == 1
    assert rows[name(49)].prize == 110000  # 4th place keeps the table amount
    assert sum(r.prize for r in rows.values()) == 1_000_000


def test_FOX_73_two_of_three_is_not_a_deal() -> None:
    night = saturday_three_left()
    night.run(SetPrizeOptions(deals_enabled=True))
    night.run(ProposeDeal(kind=DealKind.ICM))
    a, b, c = night.names[:3]
    night.run(AcceptDeal(player=a))
    night.run(AcceptDeal(player=b))
    night.run(RejectDeal(player=c))
    view = deal_view(night.state)
    assert view is not None
    assert view.status is DealStatus.REJECTED
    with pytest.raises(RuleViolation):
        night.run(ApproveDeal(supervisor="Sam"))
    assert all(r.deal is None for r in standings(night.state, NOW))
    # a new proposal may follow
    night.run(ProposeDeal(kind=DealKind.EVEN))
    view = deal_view(night.state)
    assert view is not None
    assert view.amounts == (228334, 228333, 228333)


def test_icm_deal_on_recorded_stacks_and_undo() -> None:
    night = saturday_three_left()
    night.run(SetPrizeOptions(deals_enabled=True))
    night.run(ProposeDeal(kind=DealKind.ICM))
    view = deal_view(night.state)
    assert view is not None
    assert sum(view.amounts) == 685000
    assert view.stacks == (600000, 400000, 250000)
    assert view.amounts[0] > view.amounts[1] > view.amounts[2]
    from pokertd.tournament.framework import Undo

    night.run(Undo())
    assert deal_view(night.state) is None


def test_deal_refusals() -> None:
    night = saturday_three_left()
    night.run(SetPrizeOptions(deals_enabled=True))
    with pytest.raises(InvalidCommand):
        night.run(AcceptDeal(player=night.names[0]))  # nothing proposed
    with pytest.raises(InvalidCommand):
        night.run(ProposeDeal(kind=DealKind.CUSTOM, amounts=((night.names[0], 1000),)))
    night.run(ProposeDeal(kind=DealKind.CHIP))
    with pytest.raises(InvalidCommand):
        night.run(AcceptDeal(player=night.names[10]))  # not in the deal


def test_TNPL_J4ii_warnings_are_recorded_with_the_proposal() -> None:
    night = Night("fox_grinder", 20, profile="tnpl", payout_table="fox_ptab")
    for n in night.names[3:]:
        night.run(Bust(players=(n,), eliminator=night.names[0]))
    night.run(
        RecordChips(counts=tuple(zip(night.names[:3], (100000, 100000, 100000), strict=True)))
    )
    records = night.run(ProposeDeal(kind=DealKind.CHIP))
    event = records[0].event
    assert isinstance(event, prizes_module.DealProposed)
    assert any("TNPL-J4ii" in w for w in event.warnings)


def test_SPOT_6_15_chop_refused_before_everyone_is_paid() -> None:
    night = Night("fox_grinder", 20, profile="spotlight", payout_table="fox_ptab", reentry=False)
    for n in night.names[4:]:
        night.run(Bust(players=(n,), eliminator=night.names[0]))
    night.run(RecordChips(counts=tuple((n, 50000) for n in night.names[:4])))
    with pytest.raises(RuleViolation, match=r"SPOT-6\.15"):
        night.run(ProposeDeal(kind=DealKind.EVEN))
    night.run(Bust(players=(night.names[3],), eliminator=night.names[0]))
    night.run(ProposeDeal(kind=DealKind.EVEN, stacks=((night.names[0], 100000),)))


def test_NJ_44d_posted_schedule_cannot_change() -> None:
    night = Night(
        "fox_grinder", 12, profile="nj_fundraiser", payout_table="fox_ptab", reentry=False
    )
    assert "NJ-44d" in prize_table(night.state).note
    records = night.run(PostPayoutSchedule())
    assert records[0].event.type == "payout_schedule_posted"
    assert "NJ-44d" not in prize_table(night.state).note
    with pytest.raises(RuleViolation, match="NJ-44d"):
        night.run(PostPayoutSchedule(table="sng"))
    with pytest.raises(InvalidCommand):
        night.run(PostPayoutSchedule())
    assert prize_table(night.state).schedule_posted


def test_FOX_PAY2_PAY3_PAY4_receipts() -> None:
    night = saturday_three_left()
    a, b, c = night.names[:3]
    night.run(Bust(players=(c,), eliminator=a))
    with pytest.raises(RuleViolation, match="FOX-PAY2"):
        night.run(PayPrize(player=c))
    with pytest.raises(RuleViolation):
        night.run(PayPrize(player=a, id_checked=True))  # still playing
    night.run(PayPrize(player=c, id_checked=True, foreign=True))
    text = receipt_text(night.state, c)
    assert "$1,400.00" in text
    assert "US tax withheld: $420.00" in text
    assert "Paid: $980.00" in text
    assert "1042-S" in text
    assert "2020-07-06" in text
    with pytest.raises(RuleViolation):
        night.run(PayPrize(player=c, id_checked=True))
    with pytest.raises(InvalidCommand):
        receipt_text(night.state, b)
    with pytest.raises(RuleViolation):
        night.run(PayPrize(player=night.names[20], id_checked=True))  # out of the money


def test_standings_export_csv_and_json() -> None:
    night = saturday_three_left()
    rows = standings(night.state, NOW)
    assert rows[0].place is None  # still playing first
    text = standings_csv(rows)
    parsed = list(csv.DictReader(io.StringIO(text)))
    assert parsed[3]["place"] == "4"
    assert parsed[3]["prize"] == "1100.00"
    data = standings_json(rows)
    assert data[3]["prize"] == 110000
    assert len(data) == 50


# --- bounties on the log ------------------------------------------------------------------


def test_FOX_BTY4_fixed_bounties_and_split_to_closest_clockwise() -> None:
    night = Night("fox_bounty_100", 6)  # $25 bounty per entry
    a, b, c, d, e, f = night.names
    night.run(Bust(players=(f,), eliminator=a))
    night.run(Bust(players=(e,)))  # eliminator not recorded yet
    with pytest.raises(InvalidCommand, match="FOX-BTY4"):
        night.run(RecordBountyWinners(player=e, winners=(b, c)))
    night.run(RecordBountyWinners(player=e, winners=(b, c), button_seat=1, winner_seats=(4, 2)))
    ledger = bounty_ledger(night.state)
    assert ledger.cash_by_entry == {"E1": 2500, "E3": 2500}  # C sits closest to the button
    for loser in (d, c, b):
        night.run(Bust(players=(loser,), eliminator=a))
    ledger = bounty_ledger(night.state)
    # every bounty paid once, the winner's own included
    assert sum(ledger.cash_by_entry.values()) == 6 * 2500
    assert ledger.cash_by_entry["E1"] == 5 * 2500
    rows = {r.name: r for r in standings(night.state, NOW)}
    assert rows[a].bounties == 5 * 2500
    assert rows[a].total == rows[a].prize + 5 * 2500


def test_KPC_55_equal_split_and_PKO_progressive() -> None:
    night = Night("fox_bounty_100", 4, profile="kojack")
    a, b, c, d = night.names
    night.run(SetPrizeOptions(progressive_bounties=True))
    night.run(Bust(players=(d,), eliminator=c))
    # C's head is now $37.50; B and A split the pot that knocks C out: equal shares
    night.run(Bust(players=(c,)))
    night.run(RecordBountyWinners(player=c, winners=(a, b)))
    ledger = bounty_ledger(night.state)
    assert ledger.progressive
    assert ledger.cash_by_entry == {"E3": 1250, "E1": 938, "E2": 937}
    assert ledger.heads == {"E1": 2500 + 938, "E2": 2500 + 937}
    night.run(Bust(players=(b,), eliminator=a))
    ledger = bounty_ledger(night.state)
    assert sum(ledger.cash_by_entry.values()) == 4 * 2500
    assert ledger.heads == {}
    with pytest.raises(RuleViolation):
        night.run(SetPrizeOptions(progressive_bounties=False))


def test_bounty_winners_refusals() -> None:
    night = Night("fox_grinder", 4)
    with pytest.raises(RuleViolation, match="not a bounty event"):
        night.run(RecordBountyWinners(player=night.names[0], winners=(night.names[1],)))
    night = Night("fox_bounty_100", 4, profile="kojack")
    with pytest.raises(InvalidCommand):
        night.run(RecordBountyWinners(player=night.names[0], winners=(night.names[1],)))
    night.run(Bust(players=(night.names[3],)))
    with pytest.raises(InvalidCommand):
        night.run(RecordBountyWinners(player=night.names[3], winners=()))
    assert bounty_ledger(night.state).uncollected == (night.names[3],)


def test_NJ_44d_the_clock_waits_for_the_posted_schedule() -> None:
    from pokertd.tournament.clock import StartClock

    night = Night(
        "fox_grinder", 12, profile="nj_fundraiser", payout_table="fox_ptab", reentry=False
    )
    with pytest.raises(RuleViolation, match="NJ-44d"):
        night.run(StartClock())
    records = night.run(PostPayoutSchedule())
    assert "after play started" not in records[0].event.describe()
    night.run(StartClock())
    assert "after play started" not in prize_table(night.state).note


def test_bounty_winner_must_still_have_been_in() -> None:
    night = Night("fox_bounty_100", 4, profile="kojack")
    a, _b, c, d = night.names
    night.run(SetPrizeOptions(progressive_bounties=True))
    night.run(Bust(players=(d,), eliminator=a))
    night.run(Bust(players=(c,)))
    with pytest.raises(InvalidCommand, match="was out before"):
        night.run(RecordBountyWinners(player=c, winners=(d,)))  # D is out: cannot collect
    ledger = bounty_ledger(night.state)
    assert c in ledger.uncollected
    assert ledger.cash_by_entry == {"E1": 1250}


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(min_value=3, max_value=7),
    pko=st.booleans(),
    venue=st.sampled_from(["kojack", "foxwoods"]),
    data=st.data(),
)
def test_property_bounty_money_conserved_over_a_night(
    players: int, pko: bool, venue: str, data: st.DataObject
) -> None:
    """Cash paid plus the bounties still on live heads always equals the bounty fees."""
    night = Night("fox_bounty_100", players, profile=venue)
    if pko:
        night.run(SetPrizeOptions(progressive_bounties=True))
    alive = list(night.names)
    while len(alive) > 1:
        loser = data.draw(st.sampled_from(alive))
        alive.remove(loser)
        winners = data.draw(st.lists(st.sampled_from(alive), min_size=1, max_size=2, unique=True))
        night.run(Bust(players=(loser,), eliminator=winners[0]))
        if len(winners) > 1:
            night.run(
                RecordBountyWinners(
                    player=loser, winners=tuple(winners), button_seat=1, winner_seats=(3, 5)
                )
            )
        ledger = bounty_ledger(night.state)
        assert ledger.uncollected == ()
        paid = sum(ledger.cash_by_entry.values())
        assert paid + sum(ledger.heads.values()) == players * 2500 or len(alive) == 1
    ledger = bounty_ledger(night.state)
    assert sum(ledger.cash_by_entry.values()) == players * 2500


@pytest.mark.parametrize("kind", [DealKind.ICM, DealKind.CHIP])
def test_FOX_73_J2_results_show_the_deal_amounts_on_every_face(kind: DealKind) -> None:
    """The defect: results (CLI ``results``, the TV, the phone) showed the payout table's
    325,000 / 220,000 / 140,000 after a three-handed deal. Now each deal player's row holds
    the deal amount, the three add up to the 6,850.00 left, and the public view agrees."""
    night = saturday_three_left()
    night.run(SetPrizeOptions(deals_enabled=True))
    night.run(ProposeDeal(kind=kind))
    a, b, c = night.names[:3]
    for player in (a, b, c):
        night.run(AcceptDeal(player=player))
    night.run(ApproveDeal(supervisor="Sam"))
    view = deal_view(night.state)
    assert view is not None
    assert view.status is DealStatus.BINDING
    amounts = dict(zip((a, b, c), view.amounts, strict=True))
    assert sum(amounts.values()) == 685_000 == view.remaining_pool
    assert amounts[a] != 325_000  # the deal, not the payout table
    if kind is DealKind.CHIP:  # chip chop of 1,250,000 chips: 600/400/250 of 685,000
        assert view.amounts == (328800, 219200, 137000)
    night.run(Bust(players=(c,), eliminator=a))
    night.run(Bust(players=(b,), eliminator=a))
    shown = results_of(night.state, NOW)
    assert shown.deal_made
    rows = {r.name: r for r in shown.rows}
    assert [rows[n].place for n in (a, b, c)] == [1, 2, 3]
    for n in (a, b, c):
        assert (rows[n].prize_cents, rows[n].deal_cents) == (amounts[n], amounts[n])
    assert rows[c].note == "deal"
    assert sum(rows[n].prize_cents or 0 for n in (a, b, c)) == 685_000
    assert rows[name(49)].prize_cents == 110_000  # 4th: the table amount, no deal
    assert rows[name(49)].deal_cents is None
    assert sum(r.prize_cents or 0 for r in shown.rows) == 1_000_000
    public = snapshot.public(snapshot.build(night.state, night.service.records(night.tid), NOW))
    by_name = {r["name"]: r for r in public["results"]["rows"]}
    assert [by_name[n]["prize_cents"] for n in (a, b, c)] == [amounts[a], amounts[b], amounts[c]]
    standing = {r.name: r for r in standings(night.state, NOW)}
    assert [standing[n].prize for n in (a, b, c)] == [amounts[a], amounts[b], amounts[c]]
