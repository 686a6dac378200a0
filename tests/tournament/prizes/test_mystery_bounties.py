"""Mystery bounties (issue 26, point 6): envelopes drawn at each knockout from a stage on.

Whole nights through the service on an in-memory store, every draw seeded (each command's
``rng`` is ``random.Random(7)``, so the envelope a draw picks is worked out here from the
seed, never copied from our output). The money checks are the issue's: every envelope is
drawn at most once, the envelopes drawn never exceed the bounty money taken in, and at the
end the bounty ledger and the cash report add up to the bounty money to the cent.

Rule IDs: I1 (a bounty event), I4 / FOX-BTY4 (a split pot's bounty: the whole envelope to
the winner closest clockwise from the button at Foxwoods), I6 (bounty money apart from the
prize pool); no rulebook describes mystery bounties (the house format, :mod:`pokertd.
tournament.prizes.mystery`).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules.profile import parse_toml
from pokertd.store import open_store
from pokertd.tournament.clock import NextLevel, StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.framework import Command, EventRecord, TournamentState, Undo, fold
from pokertd.tournament.prizes import (
    MysteryBountyDrawn,
    PostMysteryBounties,
    PrizeBook,
    RecordBountyWinners,
    SetPrizeOptions,
    bounty_ledger,
    cash_report,
    money_position,
    mystery_view,
    places_paid,
)
from pokertd.tournament.templates import (
    Fees,
    load_template,
    template_from_dict,
    template_to_dict,
)

START = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)
HUNDRED_BOUNTY = Fees(prize_pool=5_200, house_fee=300, entry_fee=2_000, bounty=10_000)
"""A $175 Foxwoods bounty event with $100 of each buy-in in the bounty (envelope) pool."""

SIXTY = ((500_000, 1), (100_000, 1), (25_000, 8), (8_000, 50))
"""60 envelopes: 1 x $5,000, 1 x $1,000, 8 x $250, 50 x $80 = $12,000."""


class Night:
    """One seeded Foxwoods bounty night; ``now`` moves ten seconds a bust (level 1 lasts
    longer than the busts recorded in it)."""

    def __init__(self, players: int, fees: Fees = HUNDRED_BOUNTY) -> None:
        self.now = START
        self.service = TournamentService(
            open_store("sqlite:///:memory:"),
            rng_factory=lambda: random.Random(7),
            now=lambda: self.now,
        )
        template = load_template("fox_bounty_100").with_changes(fees=fees)
        self.tid = self.service.create(CreateTournament(name="Mystery night", template=template))
        self.names = [f"Player {i:03d}" for i in range(1, players + 1)]
        for name in self.names:
            self.run(Register(name=name, member="1234", age_ok=True))

    def run(self, command: Command) -> list[EventRecord]:
        return self.service.run(self.tid, command, actor="floor")

    def bust(self, name: str, by: str | None) -> list[MysteryBountyDrawn]:
        """Bust ``name`` (knocked out by ``by``): the envelopes the bust drew."""
        self.now += timedelta(seconds=10)
        records = self.run(Bust(players=(name,), eliminator=by))
        return [r.event for r in records if isinstance(r.event, MysteryBountyDrawn)]

    @property
    def state(self) -> TournamentState:
        return self.service.state(self.tid)


def _values(kinds: tuple[tuple[int, int], ...]) -> list[int]:
    """The envelopes largest first, as the floor lays them out (independent of the core)."""
    return sorted((v for v, n in kinds for _ in range(n)), reverse=True)


def test_mystery_120_entries_60_envelopes_drawn_once_each_and_reconciled_to_the_cent() -> None:
    """120 entries at $100 of bounty each: $12,000 of bounty money, 60 envelopes posted
    for $12,000, drawn from level 2. The 30 busts of level 1 draw nothing and pay nothing;
    from level 2 each knockout draws one envelope until the 60 are gone (the last 29 busts
    draw nothing). The first envelope is the one ``Random(7)`` picks among the 60 (largest
    first); no envelope is drawn twice; the ledger, the money position and the cash report
    all say $12,000 owed of $12,000 taken, and the winner collects nothing more."""
    night = Night(120)
    night.run(PostMysteryBounties(envelopes=SIXTY, from_level=2))
    night.run(StartClock())
    names = night.names
    for k in range(30):  # level 1: before the stage
        assert night.bust(names[k], by=names[119]) == []
    assert bounty_ledger(night.state).lines == ()
    night.run(NextLevel())
    drawn: list[MysteryBountyDrawn] = []
    for k in range(30, 119):
        drawn += night.bust(names[k], by=names[119])
    values = _values(SIXTY)
    assert drawn[0].value == values[random.Random(7).randrange(60)]
    assert len(drawn) == 60
    assert sorted(d.envelope for d in drawn) == list(range(60))  # each envelope once
    assert sorted((d.value for d in drawn), reverse=True) == values
    assert [d.entry_id for d in drawn] == [f"E{k + 1}" for k in range(30, 90)]
    state = night.state
    ledger = bounty_ledger(state)
    assert ledger.cash_by_entry == {"E120": 1_200_000}
    assert ledger.lines[-1].cash == 0  # the winner: no envelope left, no money outside one
    cash = cash_report(state)
    assert (cash.bounties, cash.mystery_posted, cash.mystery_drawn, cash.mystery_left) == (
        1_200_000,
        1_200_000,
        1_200_000,
        0,
    )
    money = money_position(state, night.now)
    assert money.bounties_owed == money.bounty_money == 1_200_000
    view = mystery_view(state)
    assert view is not None
    assert (view.left, view.left_total, view.not_in_envelopes) == ((), 0, 0)
    assert view.last is not None
    assert view.last.line() == (
        f"Player 120 won a ${view.last.value / 100:,.2f} mystery bounty from Player 090"
    )


def test_mystery_envelopes_left_and_money_outside_them_go_to_the_winner() -> None:
    """20 entries at $100: $2,000 taken; 13 envelopes posted for $1,800 (1 x $1,000,
    4 x $100, 8 x $50), from level 2. 12 busts in level 1 draw nothing; the 7 busts of
    level 2 draw 7 envelopes; the winner collects the 6 left and the $200 in no envelope:
    $2,000 - the 7 drawn. Owed = taken, to the cent."""
    night = Night(20)
    kinds = ((100_000, 1), (10_000, 4), (5_000, 8))
    night.run(PostMysteryBounties(envelopes=kinds, from_level=2))
    night.run(StartClock())
    for k in range(12):
        assert night.bust(night.names[k], by=night.names[19]) == []
    night.run(NextLevel())
    drawn = [d for k in range(12, 19) for d in night.bust(night.names[k], by=night.names[19])]
    assert len(drawn) == 7
    assert len({d.envelope for d in drawn}) == 7
    got = sum(d.value for d in drawn)
    ledger = bounty_ledger(night.state)
    assert ledger.lines[-1].cash == 200_000 - got
    assert sum(ledger.cash_by_entry.values()) == 200_000
    view = mystery_view(night.state)
    assert view is not None
    assert (view.posted_total, view.not_in_envelopes) == (180_000, 20_000)
    assert view.left_total == 180_000 - got
    assert sum(n for _, n in view.left) == 6


def test_mystery_from_the_money_a_bust_before_the_bubble_draws_nothing() -> None:
    """From the money: a bust that finishes out of the paid places draws nothing; the first
    bust that finishes in a paid place draws (the stage is the bust's place, not the
    clock)."""
    night = Night(30)
    night.run(PostMysteryBounties(envelopes=((10_000, 30),), in_the_money=True))
    paid = places_paid(night.state)
    assert paid is not None
    assert paid < 30
    busts_out_of_the_money = 30 - paid
    for k in range(busts_out_of_the_money):
        assert night.bust(night.names[k], by=night.names[29]) == []
    drew = night.bust(night.names[busts_out_of_the_money], by=night.names[29])
    assert [d.value for d in drew] == [10_000]


def test_mystery_undo_puts_the_envelope_back_and_replay_never_draws_again() -> None:
    """Undo of the bust that drew an envelope puts it back in the pool; the log folded
    again (with any random source) gives the recorded draws, not new ones."""
    night = Night(10)
    kinds = ((50_000, 1), (10_000, 2), (5_000, 6))
    night.run(PostMysteryBounties(envelopes=kinds, from_level=1))
    night.run(StartClock())
    first = night.bust(night.names[0], by=night.names[9])
    assert [d.value for d in first] == [_values(kinds)[random.Random(7).randrange(9)]]
    view = mystery_view(night.state)
    assert view is not None
    assert view.left_total == 100_000 - first[0].value
    night.run(Undo())
    view = mystery_view(night.state)
    assert view is not None
    assert (view.left_total, view.draws) == (100_000, ())
    assert night.state.part(PrizeBook).mystery_drawn == {}
    again = night.bust(night.names[0], by=night.names[9])
    second = night.bust(night.names[1], by=night.names[9])
    recorded = dict(night.state.part(PrizeBook).mystery_drawn)
    assert recorded == {
        "E1": (again[0].envelope, again[0].value),
        "E2": (second[0].envelope, second[0].value),
    }
    assert again[0].envelope != second[0].envelope
    replayed = fold(night.tid, night.service.records(night.tid))
    assert replayed.part(PrizeBook).mystery_drawn == recorded


def test_I4_FOX_BTY4_mystery_split_pot_the_whole_envelope_to_the_closest_clockwise() -> None:
    """A split pot: one envelope for the knockout, shared by the venue's split rule. At
    Foxwoods (FOX-BTY4) the whole envelope goes to the winner closest clockwise from the
    button: button seat 1, winners in seats 5 and 3 -> seat 3."""
    night = Night(6)
    night.run(PostMysteryBounties(envelopes=((30_000, 6),), from_level=1))
    night.run(StartClock())
    a, b, c = night.names[:3]
    drew = night.bust(a, by=b)
    assert [d.value for d in drew] == [30_000]
    night.run(RecordBountyWinners(player=a, winners=(b, c), button_seat=1, winner_seats=(5, 3)))
    ledger = bounty_ledger(night.state)
    assert [(line.collector, line.cash) for line in ledger.lines] == [(c, 30_000)]
    # the floor recording the winners never draws a second envelope
    assert len(night.state.part(PrizeBook).mystery_drawn) == 1


def test_I1_mystery_refusals_write_nothing() -> None:
    """A non-bounty event, two stages, no stage, progressive bounties, a posting after the
    first draw: each refused with a sentence, nothing written."""
    plain = Night(4, fees=Fees(prize_pool=5_200, house_fee=300, entry_fee=2_000))
    seq = plain.state.seq
    with pytest.raises(RuleViolation, match="not a bounty event") as refused:
        plain.run(PostMysteryBounties(envelopes=((10_000, 2),), from_level=3))
    assert refused.value.rule_ids  # Foxwoods' own bounty rule
    assert plain.state.seq == seq
    night = Night(6)
    with pytest.raises(InvalidCommand, match="one stage"):
        night.run(PostMysteryBounties(envelopes=((10_000, 2),), from_level=3, in_the_money=True))
    with pytest.raises(InvalidCommand, match="from which level"):
        night.run(PostMysteryBounties(envelopes=((10_000, 2),)))
    with pytest.raises(InvalidCommand, match="at least one envelope"):
        night.run(PostMysteryBounties(envelopes=((10_000, 0),), from_level=3))
    night.run(SetPrizeOptions(progressive_bounties=True))
    with pytest.raises(RuleViolation, match="progressive or mystery"):
        night.run(PostMysteryBounties(envelopes=((10_000, 2),), from_level=3))
    night.run(SetPrizeOptions(progressive_bounties=False))
    night.run(PostMysteryBounties(envelopes=((10_000, 6),), from_level=1))
    with pytest.raises(RuleViolation, match="progressive or mystery"):
        night.run(SetPrizeOptions(progressive_bounties=True))
    night.run(StartClock())
    night.bust(night.names[0], by=night.names[1])
    seq = night.state.seq
    with pytest.raises(RuleViolation, match="drawn already"):
        night.run(PostMysteryBounties(envelopes=((5_000, 12),), from_level=1))
    assert night.state.seq == seq


def test_mystery_a_draw_never_pays_more_than_the_bounty_money_taken() -> None:
    """Envelopes posted for more than came in (3 entries, $300 taken, one $500 envelope
    and two $100): the $500 envelope can never be drawn, the $100 ones can; the winner
    collects the rest. Paid never exceeds taken."""
    night = Night(3)
    night.run(PostMysteryBounties(envelopes=((50_000, 1), (10_000, 2)), from_level=1))
    night.run(StartClock())
    a, b, c = night.names
    assert [d.value for d in night.bust(a, by=c)] == [10_000]
    assert [d.value for d in night.bust(b, by=c)] == [10_000]
    ledger = bounty_ledger(night.state)
    assert ledger.cash_by_entry == {"E3": 30_000}
    assert cash_report(night.state).mystery_drawn == 20_000


MYSTERY_TOML = """
title = "$175 Mystery Bounty"
profile = "foxwoods"
structure = "fox_bounty"
starting_stack = 15000
tables = 30
reentry = true

[buy_in]
prize_pool = "$52"
house_fee = "$3"
entry_fee = "$20"
bounty = "$100"

[mystery_bounties]
envelopes = [["$5,000", 1], ["$1,000", 1], ["$250", 8], ["$80", 50]]
from_level = 2
"""


def test_mystery_template_sets_the_envelopes_and_the_stage_and_round_trips() -> None:
    """A template's ``[mystery_bounties]`` table: the same 60 envelopes ($12,000) from
    level 2, read back equal from its own TOML data, and a night created from it draws
    from level 2 without the director posting anything."""
    template = template_from_dict(parse_toml(MYSTERY_TOML, "mystery.toml"), name="mystery")
    assert template.mystery_envelopes == ((500_000, 1), (100_000, 1), (25_000, 8), (8_000, 50))
    assert (template.mystery_from_level, template.mystery_in_the_money) == (2, False)
    assert template.problems() == []
    assert template_from_dict(template_to_dict(template), name="mystery") == template
    night = Night(10)
    service, now = night.service, night.now
    tid = service.create(CreateTournament(name="From the template", template=template))
    for i in range(10):
        service.run(tid, Register(name=f"T {i}", member="1", age_ok=True))
    service.run(tid, StartClock())
    service.run(tid, Bust(players=("T 0",), eliminator="T 9"))
    assert service.state(tid).part(PrizeBook).mystery_drawn == {}  # level 1: before the stage
    service.run(tid, NextLevel())
    night.now = now + timedelta(seconds=30)
    drawn = [
        r.event
        for r in service.run(tid, Bust(players=("T 1",), eliminator="T 9"))
        if isinstance(r.event, MysteryBountyDrawn)
    ]
    assert [d.value for d in drawn] == [_values(SIXTY)[random.Random(7).randrange(60)]]


def test_mystery_template_problems_each_in_one_sentence() -> None:
    """No bounty part (I1: Foxwoods cites its own bounty rules), progressive and mystery,
    no stage, two stages, an empty envelope: every problem listed at once."""
    data = parse_toml(MYSTERY_TOML, "mystery.toml")
    no_bounty = template_from_dict(
        {**data, "buy_in": {"prize_pool": "$152", "house_fee": "$3", "entry_fee": "$20"}}
    )
    assert any("need a bounty part" in p for p in no_bounty.problems())
    both = template_from_dict(
        {
            **data,
            "progressive_bounties": True,
            "mystery_bounties": {"envelopes": [["$100", 1]], "from_level": 2, "in_the_money": True},
        }
    )
    problems = both.problems()
    assert any("progressive or mystery" in p for p in problems)
    assert any("one stage" in p for p in problems)
    with pytest.raises(InvalidCommand, match="1-1000"):
        template_from_dict({**data, "mystery_bounties": {"envelopes": [["$100", 0]]}})
    with pytest.raises(InvalidCommand, match="unknown"):
        template_from_dict({**data, "mystery_bounties": {"envelope": []}})
