"""The floor's stud rulings on a :class:`StudHand` (issue 28): exposed down cards (L2:
KPC-24E, TNPL-G1i(5), FOX-35A(5)), up cards picked up facing action (L11: TNPL-I3i,
FOX-66), killed hands and bring-in errors (SPOT-3d12; IMPL where the rulebooks are silent).

Hands are dealt from known decks: ``hands[i]`` goes to seat ``i`` in the order dealt (down,
down, up, ...), the button on the last seat.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from floor_helpers import Night
from typer.testing import CliRunner

from pokertd.app.tournaments import open_service
from pokertd.cards import parse_cards
from pokertd.cli import app
from pokertd.engine.actions import Bet, BringIn, Call, Check, Fold
from pokertd.engine.irregular import (
    bring_in_correction,
    stud_exposure_is_misdeal,
    wrong_bring_in_stands,
)
from pokertd.engine.stud import StudHand, stud_deal_order
from pokertd.errors import IllegalAction, InvalidCommand, RuleViolation
from pokertd.rules import StudVariant, load_profile
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.irregularities import DeclareMisdeal, MisdealDeclared
from pokertd.tournament.seating import LayTables, SeatPlayer
from pokertd.tournament.templates import load_template

STUD = StudVariant.SEVEN_CARD_STUD
# seat 1 (2c) brings in; seat 2 (9h) and seat 0 (Kd) follow
THREE = ["AsKsKd", "AhKh2c", "AdQd9h"]


def deal(hands: list[str], profile: str = "tda", stacks: list[int] | None = None) -> StudHand:
    cards = [parse_cards(h) for h in hands]
    return StudHand.start(
        variant=STUD,
        stacks=stacks or [1_000] * len(hands),
        button=len(hands) - 1,
        ante=5,
        bring_in=10,
        small_bet=40,
        big_bet=80,
        profile=load_profile(profile),
        deck=stud_deal_order(cards),
    )


# --- L2: exposed down cards ---------------------------------------------------------------------


def test_KPC_24E_TNPL_G1i5_FOX_35A5_which_stud_cards_make_a_misdeal() -> None:
    """KPC-24E (TNPL G1 i item 5, FOX rule 35 A item 5): only a player's first two down
    cards (cards 1 and 2 of his deal) exposed by dealer error are a misdeal; the door card,
    the other up cards and the seventh-street down card are not."""
    assert [stud_exposure_is_misdeal(card) for card in range(1, 8)] == [
        True,
        True,
        False,
        False,
        False,
        False,
        False,
    ]
    for bad in (0, 8):
        with pytest.raises(InvalidCommand, match="numbered 1 to 7"):
            stud_exposure_is_misdeal(bad)


@pytest.mark.parametrize("profile", ["kojack", "tnpl", "foxwoods"])
def test_KPC_24E_TNPL_G1i5_FOX_35A5_first_down_card_exposed_misdeal_redealt(profile: str) -> None:
    """Seat 3's second down card is exposed before any action: misdeal. The re-deal is the
    same hand: three players, button on seat 3, antes of 5 taken once (pot 15, every stack
    995), a bring-in due again from the new cards."""
    hand = deal(THREE, profile)
    again = hand.exposed_down_card(2, 2, rng=random.Random(4))
    assert again is not None
    assert again is not hand
    assert again.button == 2
    assert again.pot == 15
    assert again.stacks == [995, 995, 995]
    assert again.bring_in_due
    assert hand.exposed_down_card(2, 3) is None  # the door card: the hand goes on
    assert hand.exposed_down_card(0, 7) is None


def test_KPC_24E_no_misdeal_after_substantial_action() -> None:
    """KPC/TNPL/FOX substantial action: two in-turn actions with chips after the forced
    bet. Bring-in 10 then a fold: no substantial action, the misdeal stands; bring-in, call
    10, call 10: substantial action, the hand is played to the end."""
    hand = deal(THREE, "kojack")
    hand.act(BringIn())
    hand.act(Fold())
    assert not hand.substantial_action
    assert hand.exposed_down_card(0, 1, rng=random.Random(1)) is not None
    hand = deal([*THREE, "AcQc8s"], "kojack")
    hand.act(BringIn())
    hand.act(Call())
    assert not hand.substantial_action  # one in-turn action so far
    hand.act(Call())
    assert hand.substantial_action
    with pytest.raises(IllegalAction, match="substantial action has taken place") as exc:
        hand.exposed_down_card(0, 1)
    assert "KPC-24" in exc.value.rule_ids


# --- L11: up cards picked up facing action ------------------------------------------------------


def test_TNPL_I3i_FOX_66_upcards_picked_up_facing_the_completion_dead_hand() -> None:
    """Seat 2 brings in 10, seat 3 completes to 40; seat 1, facing 40, picks up his up cards:
    his hand is dead (recorded ``killed``, nothing of his to give back: he had put in only
    his ante); seat 2 acts next, facing 30 more."""
    hand = deal(THREE, "tnpl")
    hand.act(BringIn())
    hand.act(Bet(40))
    assert hand.actor == 0
    assert hand.upcards_picked_up(0) == 0
    assert not hand.in_hand(0)
    assert hand.actions[-1].kind == "killed"
    assert hand.actor == 1
    assert hand.call_amount == 30
    assert hand.pot == 15 + 10 + 40


def test_TNPL_I3i_FOX_66_not_facing_action_the_hand_stays_live() -> None:
    """Fourth street checked to seat 1: he faces no bet, so picking up his up cards does not
    kill his hand under TNPL-I3i / FOX-66 (refused with the reason; nothing changes)."""
    hand = deal(THREE, "foxwoods")
    hand.act(BringIn())
    hand.act(Call())
    hand.act(Call())
    assert hand.street == "fourth"
    opener = hand.actor
    assert opener is not None
    hand.act(Check())
    nxt = hand.actor
    assert nxt is not None
    with pytest.raises(IllegalAction, match="not facing action") as exc:
        hand.upcards_picked_up(nxt)
    assert "FOX-66" in exc.value.rule_ids
    assert hand.in_hand(nxt)


def test_L12_killed_after_completing_gets_back_the_unmatched_30() -> None:
    """Seat 2 brings in 10, seat 3 completes to 40 and his hand is killed before anyone
    calls: the 30 nobody matched goes back (1,000 - 5 - 40 + 30 = 985), the 10 matched stays;
    seat 1 acts facing the bring-in of 10."""
    hand = deal(THREE)
    hand.act(BringIn())
    hand.act(Bet(40))
    assert hand.kill(2) == 30
    assert hand.stacks[2] == 985
    assert hand.current_bet == 10
    assert hand.actor == 0
    assert hand.call_amount == 10
    assert hand.pot == 15 + 10 + 10


def test_killing_the_last_opponent_wins_the_pot() -> None:
    """Heads-up, seat 2 brings in 10 and seat 1's hand is killed: seat 2 gets his uncalled
    bring-in back and wins the antes (1,000 - 5 + 10 = 1,005); seat 1 keeps 995."""
    hand = deal(["AsKs9d", "AhKh2c"])
    hand.act(BringIn())
    hand.kill(0)
    assert hand.is_over
    assert hand.stacks == [995, 1_005]


# --- bring-in errors ----------------------------------------------------------------------------


def test_SPOT_3d12_bring_in_amounts_corrected_to_the_nearest_proper_size() -> None:
    """Bring-in 10, small bet 40: 5 is brought up to 10; 20 is nearer the bring-in; 25 (half
    way) and 30 become the completion to 40; 60 (no raise declared) is the completion; an
    all-in of 8 stands."""
    assert [bring_in_correction(put, 10, 40, 1_000) for put in (5, 10, 20, 25, 30, 60)] == [
        10,
        10,
        10,
        40,
        40,
        40,
    ]
    assert bring_in_correction(8, 10, 40, 8) == 8
    assert bring_in_correction(30, 10, 40, 30) == 30  # all-in for 30: it stands
    assert bring_in_correction(500, 10, 40, 500) == 40  # all his 500 pushed: the completion


def test_bring_in_amount_played_on_the_hand() -> None:
    """Seat 2 puts out 30: it is the completion to 40 (recorded ``complete``). With 8 chips
    behind after his ante, his bring-in is all-in for 8."""
    hand = deal(THREE)
    record = hand.bring_in_amount(30)
    assert (record.seat, record.kind, record.to) == (1, "complete", 40)
    with pytest.raises(IllegalAction, match="No bring-in is due"):
        hand.bring_in_amount(10)
    short = deal(THREE, stacks=[1_000, 13, 1_000])  # 8 behind after the ante
    record = short.bring_in_amount(10)
    assert (record.kind, record.amount, record.all_in) == ("bring-in", 8, True)


def test_wrong_player_brought_in_rewinds_until_someone_acts() -> None:
    """The dealer had seat 1 (Kd) bring in instead of seat 2 (2c). Noticed before anyone
    acted: the chips go back, seat 2 brings in (the hand unchanged). Noticed after one
    player acted: the bring-in of seat 1 stands and the action goes on from seat 2."""
    assert not wrong_bring_in_stands(0)
    assert wrong_bring_in_stands(1)
    hand = deal(THREE)
    assert hand.wrong_bring_in(0, acted_since=0) is None
    assert hand.actor == 1
    assert hand.bring_in_due
    record = hand.wrong_bring_in(0, acted_since=1)
    assert record is not None
    assert (record.seat, record.kind, record.amount) == (0, "bring-in", 10)
    assert hand.bring_in_seat == 0
    assert hand.actor == 1
    assert hand.call_amount == 10
    with pytest.raises(IllegalAction, match="bring-in has been posted"):
        hand.wrong_bring_in(2, acted_since=1)


# --- the floor command ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "rule_id"),
    [("kpc_nlh", "KPC-24E"), ("tnpl_league", "TNPL-G1i"), ("fox_grinder", "FOX-35A")],
)
def test_KPC_24E_TNPL_G1i5_FOX_35A5_declare_misdeal_for_a_stud_card(
    template: str, rule_id: str
) -> None:
    """``DeclareMisdeal`` with the exposed stud card: card 2 (a first down card) is a
    misdeal, recorded; card 3 (the door card) is refused citing the venue's L2 rule, and
    nothing is logged; "complete" counts as a bet in the reported actions (bring-in,
    complete, call: substantial action -> refused)."""
    night = Night(template, tables=1, seats_per_table=9)
    for i, name in enumerate(("Ann", "Bob", "Cat")):
        night.run(Register(name=name, member=f"M-{i}", age_ok=True, member_ok=True))
    night.run(LayTables(tables=((1, 9),)))
    for seat, name in enumerate(("Ann", "Bob", "Cat"), start=1):
        night.run(SeatPlayer(player=name, table=1, seat=seat))
    before = len(night.records)
    with pytest.raises(RuleViolation, match="not card 3") as caught:
        night.run(DeclareMisdeal(table=1, reason="door card flashed", stud_card=3))
    assert rule_id in caught.value.rule_ids
    assert len(night.records) == before
    with pytest.raises(RuleViolation, match="substantial action"):
        night.run(
            DeclareMisdeal(
                table=1, reason="down card flashed", stud_card=1, actions=("complete", "call")
            )
        )
    (record,) = night.run(DeclareMisdeal(table=1, reason="down card flashed", stud_card=2))
    assert isinstance(record.event, MisdealDeclared)


def test_KPC_24E_misdeal_cli_names_the_stud_card(tmp_path: Path) -> None:
    """``pokertd misdeal --stud-card 5``: an up card exposed is refused (exit 2, KPC-24E)."""
    db = f"sqlite:///{tmp_path / 'stud.db'}"
    with open_service(db) as service:
        tmpl = load_template("kpc_nlh").with_changes(tables=1, seats_per_table=9)
        tid = service.create(CreateTournament(name="Stud", template=tmpl))
        for i in range(3):
            service.run(tid, Register(name=f"Player {i}", member=f"M{i}", age_ok=True))
        service.run(tid, LayTables(tables=((1, 9),)))
    args = ["misdeal", tid, "--table", "1", "--reason", "flash", "--db", db]
    result = CliRunner().invoke(app, [*args, "--stud-card", "5"])
    assert result.exit_code == 2, result.output
    assert "KPC-24E" in result.output
    result = CliRunner().invoke(app, [*args, "--stud-card", "1"])
    assert result.exit_code == 0, result.output
