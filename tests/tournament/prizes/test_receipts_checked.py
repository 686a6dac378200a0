"""Receipts state only what was checked, in the venue's words and rule IDs (issue 23, item 3).

Before: ticking "ID checked" printed "Valid photo ID and SSN seen." on every venue's receipt,
citing "(H11)" (a catalogue key, no venue's rule) everywhere but Foxwoods, and claiming an
SSN nobody was asked for. Read from the rulebooks: only Foxwoods asks for ID to claim a prize
(FOX-PAY2: "A current valid ID and a social security number are required by each winner in
order to claim prize money"); its tax reporting issues a W-2G on payouts of $5,001 or more
(FOX-PAY3) and a 1042-S with 30 % withheld to foreign players, who may give an ITIN (FOX-PAY4).
The KPC, TNPL, NJ and Spotlight rulebooks ask for no ID and issue no tax forms.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, RecordChips, Register
from pokertd.tournament.framework import Command, EventRecord, event_from_json
from pokertd.tournament.prizes import PayPrize, PrizeBook, PrizePaid, receipt_text
from pokertd.tournament.templates import load_template

NOW = datetime(2020, 3, 8, 19, 0, tzinfo=UTC)


def _name(i: int) -> str:
    return f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}"


class Night:
    """A night down to its last three (the 3rd just busted), every draw seeded."""

    def __init__(self, template: str, players: int, **changes: object) -> None:
        self.service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: NOW)
        tmpl = load_template(template)
        if changes:
            tmpl = tmpl.with_changes(**changes)
        self.tid = self.service.create(CreateTournament(name="Receipt night", template=tmpl))
        self.names = [_name(i) for i in range(players)]
        for n in self.names:
            self.run(Register(name=n, member="1234", age_ok=True))
        self.run(CloseRegistration())
        for n in self.names[3:]:
            self.run(Bust(players=(n,), eliminator=self.names[0]))
        counts = tuple(zip(self.names[:3], (600000, 400000, 250000), strict=True))
        self.run(RecordChips(counts=counts))

    def run(self, command: Command) -> list[EventRecord]:
        return self.service.run(self.tid, command, actor="floor")

    def receipt(self, player: str) -> list[str]:
        return receipt_text(self.service.state(self.tid), player).splitlines()


def _checks(lines: list[str]) -> list[str]:
    """The receipt's lines between the amounts and the signatures (claims and checks)."""
    rule = [i for i, line in enumerate(lines) if set(line) == {"-"}]
    return [line for line in lines[rule[1] + 1 :] if line and not line.endswith("_")]


OTHER_VENUES = ("tda", "kojack", "tnpl", "nj_fundraiser", "spotlight")


@pytest.mark.parametrize("profile", OTHER_VENUES)
def test_H11_ID_checked_at_a_venue_that_asks_for_none_says_so_without_a_rule(
    profile: str,
) -> None:
    """KPC, TNPL, NJ, Spotlight (and the TDA default) ask for no ID to claim a prize: the
    receipt states the check alone, names no SSN and cites no "(H11)"."""
    night = Night("fox_grinder", 20, profile=profile, payout_table="fox_ptab", reentry=False)
    third = night.names[2]
    night.run(Bust(players=(third,), eliminator=night.names[0]))
    night.run(PayPrize(player=third, id_checked=True))
    checks = _checks(night.receipt(third))
    assert checks == ["Photo ID checked."]
    text = "\n".join(night.receipt(third))
    assert "SSN" not in text
    assert "social security" not in text.lower()
    assert "(H11)" not in text
    assert "(H10)" not in text


@pytest.mark.parametrize("profile", OTHER_VENUES)
def test_H10_no_SSN_or_ITIN_is_taken_where_no_tax_form_is_issued(profile: str) -> None:
    """Where the profile issues no tax forms, "SSN/ITIN taken" is refused; nothing written."""
    night = Night("fox_grinder", 20, profile=profile, payout_table="fox_ptab", reentry=False)
    third = night.names[2]
    night.run(Bust(players=(third,), eliminator=night.names[0]))
    before = night.service.state(night.tid).seq
    with pytest.raises(InvalidCommand, match="no tax forms, so no SSN or ITIN is taken"):
        night.run(PayPrize(player=third, id_checked=True, tax_id_taken=True))
    state = night.service.state(night.tid)
    assert state.seq == before
    assert state.part(PrizeBook).paid == {}


def test_FOX_PAY2_ID_checked_in_the_venue_s_words_and_rule() -> None:
    """FOX Saturday, 50 entries: 3rd place $1,400.00 (catalogue J2). ID ticked, SSN not:
    the receipt says the current valid ID was checked (FOX-PAY2) and nothing about an SSN."""
    night = Night("fox_saturday", 50)
    third = night.names[2]
    night.run(Bust(players=(third,), eliminator=night.names[0]))
    night.run(PayPrize(player=third, id_checked=True))
    lines = night.receipt(third)
    assert "Prize: $1,400.00" in lines
    assert _checks(lines) == [
        "Current valid ID checked. (FOX-PAY2)",
        "Voucher expires 2020-07-06. (FOX-PAY2, FOX-PAY1)",
        "Not transferable. (FOX-PAY2, FOX-PAY1)",
    ]


def test_FOX_PAY2_an_SSN_taken_below_the_W2G_threshold() -> None:
    """$1,400.00 is below FOX-PAY3's $5,001: no W-2G, but FOX-PAY2 takes every winner's SSN."""
    night = Night("fox_saturday", 50)
    third = night.names[2]
    night.run(Bust(players=(third,), eliminator=night.names[0]))
    night.run(PayPrize(player=third, id_checked=True, tax_id_taken=True))
    checks = _checks(night.receipt(third))
    assert checks[:2] == [
        "Current valid ID checked. (FOX-PAY2)",
        "Social security number taken. (FOX-PAY2)",
    ]
    assert not any("W-2G" in line for line in checks)


def test_FOX_PAY3_SSN_taken_for_the_W2G_of_5001_dollars_or_more() -> None:
    """FOX Saturday, 150 entries: net pool $24,298.50, 1st $6,317.62 (≥ $5,001: W-2G), 2nd
    $4,106.45 (< $5,001: none). The SSN line names the W-2G only for the first."""
    night = Night("fox_saturday", 150)
    first, second, third = night.names[:3]
    night.run(Bust(players=(third,), eliminator=first))
    night.run(Bust(players=(second,), eliminator=first))
    night.run(PayPrize(player=first, id_checked=True, tax_id_taken=True))
    night.run(PayPrize(player=second, id_checked=True, tax_id_taken=True))
    one, two = night.receipt(first), night.receipt(second)
    assert "Prize: $6,317.62" in one
    assert "Prize: $4,106.45" in two
    assert _checks(one)[:3] == [
        "Current valid ID checked. (FOX-PAY2)",
        "Social security number taken for Form W-2G. (FOX-PAY3)",
        "Form W-2G issued. (FOX-PAY3, FOX-PAY4)",
    ]
    assert _checks(two)[:2] == [
        "Current valid ID checked. (FOX-PAY2)",
        "Social security number taken. (FOX-PAY2)",
    ]


def test_FOX_PAY4_ITIN_taken_for_a_foreign_player_s_1042S() -> None:
    """A foreign 3rd ($1,400.00) with treaty paperwork: 1042-S, nothing withheld (FOX-PAY4);
    the ITIN line cites FOX-PAY4, and no SSN is claimed."""
    night = Night("fox_saturday", 50)
    third = night.names[2]
    night.run(Bust(players=(third,), eliminator=night.names[0]))
    night.run(
        PayPrize(player=third, id_checked=True, tax_id_taken=True, foreign=True, treaty_exempt=True)
    )
    checks = _checks(night.receipt(third))
    assert checks[:3] == [
        "Current valid ID checked. (FOX-PAY2)",
        "ITIN taken for Form 1042-S. (FOX-PAY4)",
        "Form 1042-S issued. (FOX-PAY3, FOX-PAY4)",
    ]
    assert not any("Social security" in line for line in checks)


def test_FOX_PAY2_without_the_ID_is_refused_in_the_venue_s_words() -> None:
    night = Night("fox_saturday", 50)
    third = night.names[2]
    night.run(Bust(players=(third,), eliminator=night.names[0]))
    with pytest.raises(Exception, match=r"current valid ID .*\(FOX-PAY2\)$") as refused:
        night.run(PayPrize(player=third, tax_id_taken=True))
    assert "social security" not in str(refused.value).lower()


def test_a_prize_paid_event_of_an_older_log_loads_with_no_SSN_recorded() -> None:
    """Old logs: ``prize_paid`` version 1 (no ``tax_id_taken``) upcasts to "not taken"."""
    data = {
        "entry_id": "e3",
        "name": "Ann Lee",
        "place": 3,
        "amount": 140000,
        "bounty": 0,
        "withheld": 0,
        "paid": 140000,
        "id_checked": True,
        "w2g": False,
        "form_1042s": False,
        "voucher_expires": "2020-07-06",
        "transferable": False,
        "won_on": "2020-03-08",
    }
    event = event_from_json("prize_paid", 1, data)
    assert isinstance(event, PrizePaid)
    assert event.tax_id_taken is False
    assert event.id_checked is True
