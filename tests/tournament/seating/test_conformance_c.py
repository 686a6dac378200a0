"""Conformance, catalogue section 2(c): seating, balancing, breaking tables, the first button.

Each test takes its numbers from the catalogue's worked example (or the rule's text) and
cites the venue rule IDs it asserts. The first tests guard the issue-13 defects found from
outside: a balancing player suggested into next hand's small blind (KPC-8d), a suggested
seat between the button and the small blind shown as not waiting (D4), Kojack's tighter
balancing needing the places paid typed in (KPC-7), New Jersey's first button (NJ-15).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from floor_helpers import Night
from seating_helpers import S, room

from pokertd.cli._common import cli_text
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import RecordChips, Roster
from pokertd.tournament.seating import (
    BreakTable,
    ButtonPlaced,
    DrawButtons,
    LayTables,
    Move,
    MovePlayer,
    MoveReason,
    MovesSuggested,
    PlaceButton,
    PlayerMoved,
    PlayHands,
    Seating,
    SeatPlayer,
    SuggestMoves,
    apply_move,
    break_table,
    check_move,
    live_seating,
    moves_due,
    plan,
)

NINE = list(range(1, 10))


def _dead_blinds_room(profile: str) -> Seating:
    """Table 1 full (9); table 2's hand now has button 1, SB 2, BB 3, and seats 2 and 3 have
    just busted: next hand the big blind is seat 4, the small blind seat 3 (dead) and the
    button seat 2 (dead). Table 2's only open seats are next hand's button and small blind."""
    seating = room({1: NINE, 2: NINE}, profile, extra_tables=1)
    seating.set_button(1, S(1))
    seating.set_button(2, S(1))
    seating.unseat("T2S2")
    seating.unseat("T2S3")
    hand = seating.next_hand(2)
    assert (hand.button, hand.small_blind_position, hand.big_blind_seat) == (S(2), S(3), S(4))
    return seating


# --- issue-13 defects --------------------------------------------------------------------------


def test_KPC_8d_balancing_never_suggests_the_small_blind_or_the_button() -> None:
    """C6 KPC: 9 / 7 with 16 paid (tolerance 1, C5) needs a move, but table 2's only open
    seats are next hand's small blind (seat 3) and button (seat 2): no move is suggested now
    and the table is reported as blocked. FOX-10A (worst position, never the small blind):
    the same room sends the player to seat 2, the button, dealt in at once."""
    kpc = _dead_blinds_room("kojack")
    done = plan(kpc, random.Random(1), paid_places=16)
    assert done.tolerance == 1
    assert done.moves == ()
    assert done.blocked == (2,)

    fox = _dead_blinds_room("foxwoods")
    moves = plan(fox, random.Random(1), paid_places=16).moves
    assert [(m.player, m.to_table, m.to_seat, m.waits) for m in moves] == [
        ("T1S4", 2, S(2), False)  # next BB at table 1 (button 1: SB 2, BB 3 now) is seat 4
    ]


def _two_tables(template: str, *, second_table_seats: int, busted_seats: tuple[int, ...]) -> Night:
    """Table 1 full (9 seats), table 2 full (``second_table_seats``), buttons on seat 1;
    then the players in table 2's ``busted_seats`` bust."""
    night = Night(template, tables=2, seats_per_table=9)
    night.run(LayTables(tables=((1, 9), (2, second_table_seats))))
    seats = [(1, n) for n in range(1, 10)] + [(2, n) for n in range(1, second_table_seats + 1)]
    names = [f"Player {i:02d}" for i in range(len(seats))]
    night.register(*names)
    for name, (table, seat) in zip(names, seats, strict=True):
        night.run(SeatPlayer(player=name, table=table, seat=seat))
    night.run(PlaceButton(table=1, seat=1))
    night.run(PlaceButton(table=2, seat=1))
    night.run(Bust(players=tuple(names[8 + n] for n in busted_seats)))
    return night


@pytest.mark.parametrize(
    ("template", "rule", "halt", "hands"),
    [
        ("kpc_nlh", "KPC-8d", "KPC-7", 2),
        ("tnpl_league", "TNPL-B6ii", "TNPL-B6v", 1),
        ("fox_grinder", "FOX-10A", "FOX-10D", 1),
    ],
)
def test_KPC_8d_TNPL_B6ii_FOX_10A_blocked_moves_are_refused_until_a_hand_is_played(
    template: str, rule: str, halt: str, hands: int
) -> None:
    """C6 through the service: table 1 has 9 players, table 2 (7 seats) had 7 with the
    button on seat 1 and loses seat 3, so its only open seat is next hand's small blind
    (button seat 2, dead small blind seat 3). 9 against 6 needs a move, but no venue puts a
    moved player there: the floor console's read model says why and what to do, and asking
    for the moves is refused with this venue's rule, names table 2 for a script
    (``context["tables"]``) and writes nothing. Table 2, three short, is also halted
    (KPC-7, TNPL-B6v, FOX-10D), so the message says the director may waive the halt for
    that hand (C5), citing both rules. TNPL and FOX take the seat
    after one hand there (it is then the button's, the worst position); Kojack, which keeps
    a moved player off the button too, after two (button seat 4, small blind 5), and the
    message counts them (``hands_until_open``)."""
    night = _two_tables(template, second_table_seats=7, busted_seats=(3,))
    before = len(night.records)
    count = {1: "one hand", 2: "two hands"}[hands]
    with pytest.raises(InvalidCommand, match=f"may waive the halt and deal {count}") as refused:
        night.run(SuggestMoves())
    assert rule in refused.value.rule_ids
    assert halt in refused.value.rule_ids
    assert "table 2 is halted until balanced" in refused.value.message
    assert refused.value.message.endswith(f"deal {count} there, then ask again.")
    assert refused.value.context == {"tables": [2], "hint": "play_hands"}
    assert refused.value.message.startswith("A player must move to table 2,")
    assert len(night.records) == before
    due = moves_due(night.state)  # what the floor console shows
    assert due is not None
    assert due.waits_for_a_hand
    assert (due.blocked, due.moves) == ((2,), ())
    assert rule in due.rule_ids
    assert halt in due.rule_ids
    assert due.halted == (2,)
    seats = "small blind or button" if rule == "KPC-8d" else "small blind,"
    assert f"only open seats are next hand's {seats}" in due.text
    assert due.text.endswith(f"deal {count} there, then the move is due.")
    for _ in range(hands - 1):
        night.run(PlayHands(table=2, hands=1))
        with pytest.raises(InvalidCommand, match="deal one hand there"):  # one more now
            night.run(SuggestMoves())
    night.run(PlayHands(table=2, hands=1))
    (ev,) = [r.event for r in night.run(SuggestMoves())]
    assert isinstance(ev, MovesSuggested)
    assert [(m.from_table, m.to_table, m.to_seat) for m in ev.moves] == [(1, 2, 3)]


def test_KPC_8d_KPC_7_blocked_but_not_halted_says_play_one_hand() -> None:
    """C6 KPC, one short of a halt: tables 9 / 7 with 16 paid (tolerance 1, KPC-7); table 2
    lost seats 2 and 3 with the button on seat 1, so its open seats are next hand's button
    and small blind, which KPC-8d keeps a moved player out of. Not halted (two short), so
    the refusal says to play one hand there, cites the balancing rules only, and names
    table 2 for a script."""
    night = _two_tables("kpc_nlh", second_table_seats=9, busted_seats=(2, 3))
    with pytest.raises(InvalidCommand) as refused:
        night.run(SuggestMoves(paid_places=16))
    assert refused.value.message == (
        "A player must move to table 2, but its only open seats are next hand's small blind "
        "or button, where a player moved to balance may not sit: play one hand there, then "
        "ask again."
    )
    assert refused.value.rule_ids == ("KPC-7", "KPC-8d", "KPC-8e")
    assert refused.value.context == {"tables": [2], "hint": "play_hands"}
    # the terminal says how to record the hand (the browser has its own button for it)
    assert cli_text(refused.value).endswith(
        "ask again. (KPC-7, KPC-8d, KPC-8e) [after each hand: pokertd button TID TABLE --advance 1]"
    )


def test_KPC_8d_a_suggested_small_blind_seat_is_refused_on_confirm() -> None:
    """C6: a balancing move whose seat is (or has become) next hand's small blind is refused
    when confirmed, even though that seat came with the suggestion; KPC also refuses the
    button; FOX accepts the button."""
    kpc = _dead_blinds_room("kojack")
    for seat, why in ((S(3), "small blind"), (S(2), "button")):
        move = Move(
            player="T1S4",
            from_table=1,
            from_seat=S(4),
            to_table=2,
            to_seat=seat,
            reason=MoveReason.BALANCE,
            rule_ids=kpc.profile.cite("C6"),
        )
        with pytest.raises(RuleViolation, match=why) as refused:
            check_move(kpc, move)
        assert "KPC-8d" in refused.value.rule_ids
    fox = _dead_blinds_room("foxwoods")
    fox_move = Move(
        player="T1S4",
        from_table=1,
        from_seat=S(4),
        to_table=2,
        to_seat=S(3),
        reason=MoveReason.BALANCE,
        rule_ids=fox.profile.cite("C6"),
    )
    with pytest.raises(RuleViolation, match="small blind") as fox_refused:
        check_move(fox, fox_move)
    assert "FOX-10A" in fox_refused.value.rule_ids
    ok = check_move(fox, replace(fox_move, to_seat=S(2)))
    assert ok.to_seat == S(2)


def test_KPC_8e_FOX_10A_a_suggested_seat_in_the_gap_says_it_waits() -> None:
    """D4 with C6: table 2's hand now has button 5, SB 6, BB 8 (seat 7 empty); seat 8 then
    busts. Next hand: button 6, SB 8 (dead), BB 9. Open seats 7 and 8: seat 8 is the small
    blind (never), seat 7 lies between the button and the small blind. The suggestion says
    the moved player waits for the button -- as the confirmed move does."""
    for profile in ("foxwoods", "kojack"):
        seating = room({1: NINE, 2: [1, 2, 3, 4, 5, 6, 8, 9]}, profile, extra_tables=1)
        seating.set_button(1, S(1))
        seating.set_button(2, S(5))
        seating.unseat("T2S8")
        (move,) = plan(seating, random.Random(1), paid_places=16).moves
        assert (move.to_table, move.to_seat, move.waits) == (2, S(7), True), profile
        assert "waits for the button to pass" in move.describe()
        confirmed = check_move(seating, move)
        assert confirmed.waits is True
        apply_move(seating, confirmed)
        assert seating.next_hand(2).waiting >> S(7) & 1


def _kpc_night(entries: int) -> Night:
    """Kojack, three 4-seat tables: T1 seats 1-4, T2 seats 1-4, T3 seats 1-2 (10 players);
    every other entry has busted. Buttons on seat 1."""
    night = Night("kpc_nlh", tables=8, seats_per_table=4)
    names = [f"Player {i:02d}" for i in range(entries)]
    night.register(*names)
    night.run(Bust(players=tuple(names[10:])))
    where = [(1, s) for s in (1, 2, 3, 4)] + [(2, s) for s in (1, 2, 3, 4)] + [(3, 1), (3, 2)]
    for name, (table, seat) in zip(names, where, strict=False):
        night.run(SeatPlayer(player=name, table=table, seat=seat))
    for table in (1, 2, 3):
        night.run(PlaceButton(table=table, seat=1))
    return night


def test_KPC_7_tight_balancing_uses_the_tournaments_own_payouts() -> None:
    """C5 KPC: tolerance one player once tables <= ceil(paid / seats) + 1. With 30 entries
    the tournament pays 5 places, 4-seat tables: ceil(5/4) + 1 = 3 tables -> tolerance 1,
    so 4 / 4 / 2 needs a move with no ``paid_places`` typed in, and the floor console's
    read model shows the same move before anyone asks. With 20 entries it pays 3 (no more
    than a table): tolerance 2, nothing to do."""
    night = _kpc_night(30)
    due = moves_due(night.state)  # the console shows what the command will suggest
    assert due is not None
    assert [(m.from_table, m.to_table) for m in due.moves] == [(2, 3)]
    assert due.tolerance == 1
    (ev,) = [r.event for r in night.run(SuggestMoves())]
    assert isinstance(ev, MovesSuggested)
    assert [(m.from_table, m.to_table) for m in ev.moves] == [(2, 3)]
    assert "KPC-7" in ev.moves[0].rule_ids

    small = _kpc_night(20)
    assert moves_due(small.state) is None
    with pytest.raises(InvalidCommand, match="No moves needed"):
        small.run(SuggestMoves())
    # the floor may still say otherwise (``moves --paid N``)
    assert small.run(SuggestMoves(paid_places=5))


def test_NJ_15_first_button_goes_left_of_the_dealer() -> None:
    """C11 NJ: no draw; the first button goes to the player immediately left of the dealer
    (seat 1 or the first player after it). Players at seats 3, 5 and 8 -> seat 3, with no
    cards dealt. Under TNPL-D9 (high-card draw) the same table draws cards."""
    for command in (DrawButtons(), PlaceButton(table=1)):
        night = Night("nj_fundraiser")
        night.register("Ann", "Bob", "Cat")
        for name, seat in (("Ann", 5), ("Bob", 8), ("Cat", 3)):
            night.run(SeatPlayer(player=name, table=1, seat=seat))
        (ev,) = [r.event for r in night.run(command)]
        assert isinstance(ev, ButtonPlaced)
        assert (ev.table, ev.seat, ev.cards) == (1, 3, ())
        assert live_seating(night.state).next_hand(1).button == S(3)
    tnpl = Night("tnpl_league")
    tnpl.register("Ann", "Bob", "Cat")
    for name, seat in (("Ann", 5), ("Bob", 8), ("Cat", 3)):
        tnpl.run(SeatPlayer(player=name, table=1, seat=seat))
    (drawn,) = [r.event for r in tnpl.run(DrawButtons())]
    assert isinstance(drawn, ButtonPlaced)
    assert len(drawn.cards) == 3
    assert "high-card draw" in drawn.describe()


# --- C2 wrong seat, C1 special needs --------------------------------------------------------------


def test_KPC_6b_wrong_seat_moves_with_the_whole_stack() -> None:
    """C2: P assigned T3-S4 played three hands at T3-S6 and now has 17,250 -> P moves to
    T3-S4 with 17,250 (the hands played stand: nothing else changes)."""
    night = Night("kpc_nlh", tables=3, seats_per_table=9)
    night.register("P", "Q", "R")
    night.run(SeatPlayer(player="Q", table=3, seat=1))
    night.run(SeatPlayer(player="R", table=3, seat=2))
    night.run(SeatPlayer(player="P", table=3, seat=6))
    night.run(RecordChips(counts=(("P", 17250),)))
    (ev,) = [r.event for r in night.run(MovePlayer(player="P", table=3, seat=4))]
    assert isinstance(ev, PlayerMoved)
    assert (ev.move.from_table, ev.move.from_seat, ev.move.to_table, ev.move.to_seat) == (
        3,
        6,
        3,
        4,
    )
    assert live_seating(night.state).where["E1"] == (3, S(4))
    roster = night.state.part(Roster)
    assert [e.stack for e in roster.alive() if e.name == "P"] == [17250]


def test_TNPL_B3_special_needs_seat_given_by_the_floor() -> None:
    """C1: seats are drawn at random, but the floor may seat a player with special needs
    where he needs to be (TNPL-B3; FOX-8): table 2 seat 5 as asked."""
    night = Night("tnpl_league")
    night.register("Ann")
    (ev,) = [r.event for r in night.run(SeatPlayer(player="Ann", table=2, seat=5))]
    assert live_seating(night.state).where["E1"] == (2, S(5))
    assert "table 2 seat 5" in ev.describe()


# --- C4 breaking tables ------------------------------------------------------------------------


def test_KPC_8c_broken_table_players_may_take_any_seat_even_the_blinds() -> None:
    """C4: players from a broken table may be seated in any position, the small blind and
    the button included (only a balancing player is kept out of them, KPC-8d). Table 2's
    open seats are next hand's button (2) and small blind (3); table 1 (two players) breaks:
    its players take seats 2 and 3."""
    seating = _dead_blinds_room("kojack")
    for p in [f"T1S{s}" for s in range(3, 10)]:
        seating.unseat(p)
    done = break_table(seating, 1, random.Random(1))
    assert sorted((m.to_table, m.to_seat) for m in done.moves) == [(2, S(2)), (2, S(3))]
    for m in done.moves:
        assert m.reason is MoveReason.BREAK_TABLE
        apply_move(seating, check_move(seating, m))
    assert seating.tables[2].count == 9


def test_FOX_10C_TNPL_B6iv_balancing_player_leaves_the_table_that_breaks_first() -> None:
    """C4: the table a balancing player leaves is chosen by the same predetermined procedure
    as the break order (IMPL: highest table number first). Tables 1 and 2 full, table 3 at
    6: the player comes from table 2; with a set break order 1, 2, 3 he comes from table 1."""
    for profile in ("foxwoods", "tnpl"):
        seating = room({1: NINE, 2: NINE, 3: NINE[:6]}, profile, extra_tables=1)
        for n in (1, 2, 3):
            seating.set_button(n, S(1))
        (move, *_) = plan(seating, random.Random(1)).moves
        assert (move.from_table, move.to_table) == (2, 3), profile
        preset = room(
            {1: NINE, 2: NINE, 3: NINE[:6]}, profile, break_order=(1, 2, 3, 4), extra_tables=1
        )
        for n in (1, 2, 3):
            preset.set_button(n, S(1))
        (first, *_) = plan(preset, random.Random(1)).moves
        assert first.from_table == 1, profile


def test_FOX_SURV2_a_chosen_table_breaks_at_any_time() -> None:
    """C4/C10 survivor events: tables may be broken at random at any time, not only in the
    break order. Three tables of 5: the floor breaks table 1 (the order would break 3
    first); its 5 players draw seats at tables 2 and 3."""
    night = Night("fox_grinder", tables=3, seats_per_table=9)
    names = [f"Player {i:02d}" for i in range(15)]
    night.register(*names)
    for i, name in enumerate(names):
        night.run(SeatPlayer(player=name, table=i // 5 + 1, seat=i % 5 + 1))
    events = [r.event for r in night.run(BreakTable(table=1))]
    (suggested,) = [e for e in events if isinstance(e, MovesSuggested)]
    assert suggested.break_table == 1
    assert len(suggested.moves) == 5
    assert {m.from_table for m in suggested.moves} == {1}
    assert {m.to_table for m in suggested.moves} <= {2, 3}
    assert "FOX-9" in suggested.moves[0].rule_ids


# --- C6 Spotlight -----------------------------------------------------------------------------


def test_SPOT_2c6_SPOT_2c7_td_names_the_mover_same_position_if_possible() -> None:
    """C6 SPOT: the TD chooses who is forced to move (the suggestion names only the tables)
    and gives him the same relative position: he leaves the seat due the big blind, so the
    seat offered is the one due the big blind soonest. Catalogue example: previous hand's
    BB seat 4 (SB 3), seats 1, 3, 4, 5, 6, 8, 9 taken, open seats 2 and 7 -> seat 7."""
    seating = room({1: [1, 3, 4, 5, 6, 8, 9], 2: NINE}, "spotlight", extra_tables=1)
    seating.set_button(1, S(1))  # hand now: button 1, SB 3, BB 4
    seating.set_button(2, S(1))
    (move,) = plan(seating, random.Random(1), paid_places=16).moves
    assert move.player is None  # TD's choice
    assert "TD's choice" in move.describe()
    assert (move.from_table, move.to_table, move.to_seat) == (2, 1, S(7))
    confirmed = check_move(seating, move, player="T2S5")
    assert (confirmed.player, confirmed.to_seat) == ("T2S5", S(7))
