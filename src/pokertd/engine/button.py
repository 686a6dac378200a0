"""Button and blinds from hand to hand at one table: dead button, moving button, heads-up.

A :class:`TableButton` is the table-level memory the hand engine lacks: where the button and
the blinds were last hand. Asked for the next hand with the seats occupied now, it answers a
:class:`HandPositions` (``button``, ``small_blind_seat`` or ``None`` for a dead small blind,
``big_blind_seat``, and ``waiting``: seated players who are not dealt in). The hand engine
takes exactly these as plain arguments; seating and simulation use the same object, so the
player "due the big blind next" is one answer everywhere.

Seats are 0-based ints and seat sets are :data:`~pokertd.types.SeatMask` bitmasks (bit ``s``
is seat ``s``); a table has 2 to 11 (12 with an over-full start) seats.

The rules, chosen by the profile (``button_rule``, ``heads_up_transition``):

* **Dead button** (TDA, KPC, TNPL, FOX): the big blind advances to the next seated player
  after last hand's big blind; the small blind is the seat that had the big blind (no small
  blind is posted if that player is gone); the button goes to the seat that had the small
  blind, even if it is empty now.
* **Moving button** (NJ): the button moves to the next player, the small and big blinds are
  the next two players; a player may skip a blind when someone busts.
* **Heads-up**: the button posts the small blind; on entering heads-up nobody posts the big
  blind twice in a row (KPC: "the last big blind becomes the button"; TNPL/FOX "adjust the
  button" -- the same result).
* **Arrivals**: a player who sits between the button and the small blind is not dealt in
  until the button passes him (he is in ``waiting``) -- unless that would leave fewer than
  two players dealt: then nobody waits, the big blind stays on the seat due it and the
  newcomers take the small blind and the button behind it (C3: FOX-7 "any position --
  including the blinds").
* **Button errors** (KPC/FOX): after a misplaced button the skipped position is made up on
  the next hand and the button then jumps forward to its natural place.
* **Stud rounds of a mixed game** (TNPL-B6iii, FOX-10B): a stud hand has no button. When a
  table deals stud after board-game hands, the button goes where the next board-game hand
  would have it and stays frozen there for the whole stud round
  (:meth:`TableButton.stud_hand_dealt`); the stud hands do not move it, the player "due
  the big blind" is the one who would be big blind if the game were hold'em for that hand
  (he is the one moved to balance), and the first board-game hand afterwards has its
  button at the frozen seat (FOX-10B).

Implements: KPC-23A, TNPL-F1, FOX-32, SPOT-4a2, SPOT-4a3, SPOT-4a4, NJ-15, NJ-16, NJ-17
(D1); KPC-23C, TNPL-F3, FOX-34, NJ-17N, SPOT-4a6 (D3); KPC-8e, TNPL-B5, FOX-7, FOX-9,
SPOT-4a9 (D4); KPC-24J, FOX-33 (D6); TNPL-B6iii, FOX-10B (C7).

A table's button has no profile: its refusals name the catalogue entry (``rule_ids="D6"``)
and the seating that holds the tournament's profile cites them
(:meth:`~pokertd.rules.profile.RuleProfile.citing`), so each venue reads its own rule IDs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_
from pokertd.rules.enums import ButtonRule, HeadsUpTransition
from pokertd.rules.profile import RuleProfile
from pokertd.types import Seat, SeatMask

MAX_TABLE_SEATS = 12
"""Most seats a table may have: 11 (NJ-5) plus one for an over-full start (SPOT-2c5)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPositions:
    """Where the button and the blinds are for one hand, and who is dealt in.

    ``small_blind_seat`` is ``None`` when the small blind is dead (its seat is empty);
    ``small_blind_position`` still names that seat, so the next hand can put the button
    there. Heads-up the button is the small blind. ``dealt`` is every occupied seat that
    receives cards; ``waiting`` the occupied seats that do not (they sit between the
    button and the small blind).
    """

    button: Seat
    small_blind_seat: Seat | None
    big_blind_seat: Seat
    waiting: SeatMask = 0
    small_blind_position: Seat
    dealt: SeatMask

    @property
    def heads_up(self) -> bool:
        """Two players dealt in: the button posts the small blind (D3)."""
        return self.dealt.bit_count() == 2

    @property
    def dead_button(self) -> bool:
        """The button lies on a seat that is not dealt in (D1)."""
        return not self.dealt >> self.button & 1

    def as_json(self) -> dict[str, object]:
        """1-based seats for events, CLI and web."""
        sb = self.small_blind_seat
        return {
            "button": self.button + 1,
            "small_blind_seat": None if sb is None else sb + 1,
            "big_blind_seat": self.big_blind_seat + 1,
            "waiting": [s + 1 for s in seats_of(self.waiting)],
            "dealt": [s + 1 for s in seats_of(self.dealt)],
        }


# --- seat-mask helpers (bit tricks, no loops over seats) --------------------------------------


def seats_of(mask: SeatMask) -> list[Seat]:
    """The seats of a mask in increasing order."""
    out: list[Seat] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def next_occupied(mask: SeatMask, seat: Seat) -> Seat:
    """First seat of ``mask`` clockwise strictly after ``seat`` (``seat`` itself if alone).

    ``mask`` must not be empty.
    """
    high = mask >> (seat + 1)
    if high:
        return seat + (high & -high).bit_length()
    return (mask & -mask).bit_length() - 1


def prev_occupied(mask: SeatMask, seat: Seat) -> Seat:
    """First seat of ``mask`` counter-clockwise strictly before ``seat``."""
    low = mask & ((1 << seat) - 1)
    if low:
        return low.bit_length() - 1
    return mask.bit_length() - 1


def between(first: Seat, last: Seat, n_seats: int) -> SeatMask:
    """Seats strictly clockwise between ``first`` and ``last`` (empty when they are equal)."""
    if first == last:
        return 0
    if first < last:
        return ((1 << last) - 1) & ~((1 << (first + 1)) - 1)
    return (((1 << n_seats) - 1) & ~((1 << (first + 1)) - 1)) | ((1 << last) - 1)


def clockwise(first: Seat, last: Seat, n_seats: int) -> int:
    """Steps clockwise from ``first`` to ``last``, in ``1..n_seats`` (a full turn when equal)."""
    return (last - first - 1) % n_seats + 1


# --- the rules --------------------------------------------------------------------------------


def positions_from_button(occupied: SeatMask, button: Seat, n_seats: int) -> HandPositions:
    """The positions of a hand whose button is known (first hand, or the floor says so).

    The small blind is the next player after the button and the big blind the next after
    him; heads-up the button is the small blind. Nobody waits.

    Implements: NJ-16, SPOT-4.0 (D2); KPC-23C, FOX-34 (D3).
    """
    _check_players(occupied)
    if occupied.bit_count() == 2:
        if not occupied >> button & 1:
            button = next_occupied(occupied, button)
        return _heads_up_at(button, occupied)
    sb = next_occupied(occupied, button)
    bb = next_occupied(occupied, sb)
    return HandPositions(
        button=button,
        small_blind_seat=sb,
        big_blind_seat=bb,
        small_blind_position=sb,
        dealt=occupied,
    )


def next_positions(
    last: HandPositions,
    occupied: SeatMask,
    n_seats: int,
    *,
    button_rule: ButtonRule = ButtonRule.DEAD,
    heads_up_transition: HeadsUpTransition = HeadsUpTransition.NO_BB_TWICE,
) -> HandPositions:
    """The positions of the hand after ``last``, with the seats occupied now.

    Dead button: big blind to the next seated player after last hand's big blind, small
    blind on last hand's big-blind seat (dead if empty), button on last hand's small-blind
    seat (dead if empty); players sitting between the button and the small blind wait.
    Moving button: button, small blind and big blind are the next three players. Two
    players: the heads-up rules of :func:`_heads_up`. When waiting would leave the big
    blind alone, the waiters are dealt in (a hand needs two players): the big blind keeps
    its seat and the small blind and button go to the players behind it.

    Implements: KPC-23A, TNPL-F1, FOX-32, NJ-15, NJ-16, NJ-17, SPOT-4a2 (D1); KPC-8e,
    TNPL-B5, FOX-7, FOX-9, SPOT-4a9 (D4); FOX-7 (C3). TDA default: dead button.
    """
    _check_players(occupied)
    if occupied.bit_count() == 2:
        return _heads_up(last, occupied, button_rule, heads_up_transition)
    if button_rule is ButtonRule.MOVING:
        return _moving(last, occupied, n_seats)
    last_bb = last.big_blind_seat
    bb = next_occupied(occupied, last_bb)
    button = last.small_blind_position
    sb_position = last_bb
    if button == sb_position or clockwise(last_bb, bb, n_seats) >= clockwise(
        last_bb, button, n_seats
    ):
        # The big blind went round past the button (players left and others arrived in
        # the gap): keep the big blind where it is due and seat the button behind it.
        return _from_big_blind(bb, occupied)
    waiting = occupied & between(button, sb_position, n_seats)
    dealt = occupied & ~waiting
    if dealt.bit_count() < 2:
        # Only the big blind would be dealt (the blinds' other players are gone and the
        # newcomers sit in the gap): a hand needs two players (D2), so nobody waits. The
        # big blind stays where it is due (D1) and the newcomers take the seats behind it,
        # blinds included (C3: FOX-7, "may be any position -- including the blinds").
        return _from_big_blind(bb, occupied)
    if dealt.bit_count() == 2:
        hand = _heads_up(last, dealt, button_rule, heads_up_transition)
        return replace(hand, waiting=waiting)
    return HandPositions(
        button=button,
        small_blind_seat=sb_position if occupied >> sb_position & 1 else None,
        big_blind_seat=bb,
        waiting=waiting,
        small_blind_position=sb_position,
        dealt=dealt,
    )


def _moving(last: HandPositions, occupied: SeatMask, n_seats: int) -> HandPositions:
    """Moving button: the next three players dealt last hand take button, SB and BB.

    Players who were not dealt last hand do not shift the rotation. One who sits between
    the new button and the big blind waits (D4 extended to the big blind, IMPL): dealt in
    there he would push the big blind back onto the seat that has just posted it.
    """
    established = occupied & last.dealt
    if established.bit_count() < 3:
        # from heads-up (or fewer) to three or more: the big blind moves on to the next
        # player and button and small blind sit behind him, so nobody posts it twice
        return _from_big_blind(next_occupied(occupied, last.big_blind_seat), occupied)
    button = next_occupied(established, last.button)
    sb = next_occupied(established, button)
    bb = next_occupied(established, sb)
    waiting = occupied & ~established & between(button, bb, n_seats)
    return HandPositions(
        button=button,
        small_blind_seat=sb,
        big_blind_seat=bb,
        waiting=waiting,
        small_blind_position=sb,
        dealt=occupied & ~waiting,
    )


def _check_players(occupied: SeatMask) -> None:
    if occupied.bit_count() < 2:
        raise RuleViolation(
            template=N_("A hand needs at least two players at the table."),
            rule_ids="D2",
            context={"players": occupied.bit_count()},
        )


def _from_big_blind(bb: Seat, occupied: SeatMask) -> HandPositions:
    sb = prev_occupied(occupied, bb)
    button = prev_occupied(occupied, sb)
    return HandPositions(
        button=button,
        small_blind_seat=sb,
        big_blind_seat=bb,
        small_blind_position=sb,
        dealt=occupied,
    )


def _heads_up_at(button: Seat, pair: SeatMask) -> HandPositions:
    other = pair & ~(1 << button)
    return HandPositions(
        button=button,
        small_blind_seat=button,
        big_blind_seat=other.bit_length() - 1,
        small_blind_position=button,
        dealt=pair,
    )


def _heads_up(
    last: HandPositions,
    pair: SeatMask,
    button_rule: ButtonRule,
    transition: HeadsUpTransition,
) -> HandPositions:
    """Heads-up: the button is the small blind; nobody posts the big blind twice running.

    KPC says the player who posted the big blind most recently takes the button; TNPL and
    FOX say the button is adjusted so nobody has the big blind twice; NJ and SPOT only say
    the button posts the small blind (IMPL: no big blind twice). Under the dead button the
    big blind simply advances to the other player, which is the same seat in every wording.

    Implements: KPC-23C, TNPL-F3, FOX-34, NJ-17N, SPOT-4a6 (D3).
    """
    last_bb = last.big_blind_seat
    if transition is HeadsUpTransition.LAST_BB_BECOMES_BUTTON and pair >> last_bb & 1:
        return _heads_up_at(last_bb, pair)
    if button_rule is ButtonRule.MOVING:
        button = next_occupied(pair, last.button)
    else:
        button = pair & ~(1 << next_occupied(pair, last_bb))
        button = button.bit_length() - 1
    hand = _heads_up_at(button, pair)
    if hand.big_blind_seat == last_bb:  # no big blind twice in a row
        hand = _heads_up_at(last_bb, pair)
    return hand


# --- the table-level object -------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TableButton:
    """The button's memory at one table.

    Ask :meth:`next_hand` for the positions of the coming hand (a question: nothing
    changes), deal it, then record it with :meth:`hand_dealt`. The floor may state the
    current button (:meth:`with_current_button`), the first button (:meth:`with_first_button`)
    or a button error (:meth:`correct_button_error`).
    """

    n_seats: int
    button_rule: ButtonRule = ButtonRule.DEAD
    heads_up_transition: HeadsUpTransition = HeadsUpTransition.NO_BB_TWICE
    last: HandPositions | None = None
    """The positions of the last hand dealt (``None`` before the first hand)."""
    before_last: HandPositions | None = None
    """The hand before that (for the button-error correction, D6)."""
    first_button: Seat | None = None
    """A button placed for the next hand (draw for the button, or the floor)."""
    makeup: HandPositions | None = None
    """Positions owed after a button error: the next hand is dealt with these (D6)."""
    frozen: Seat | None = None
    """The button frozen for a stud round (C7: TNPL-B6iii, FOX-10B): the seat the next
    board-game hand's button was on when the round began; ``None`` outside a stud round (or
    when the button was not known then)."""

    def __post_init__(self) -> None:
        if not 2 <= self.n_seats <= MAX_TABLE_SEATS:
            raise InvalidCommand(
                template=N_("A table has 2 to 11 seats (12 with an over-full start), not %(n)s."),
                params={"n": self.n_seats},
                rule_ids="C13",
            )

    @classmethod
    def for_profile(cls, profile: RuleProfile, n_seats: int) -> TableButton:
        """A table with the profile's ``button_rule`` and ``heads_up_transition``."""
        return cls(
            n_seats=n_seats,
            button_rule=profile.button_rule,
            heads_up_transition=profile.heads_up_transition,
        )

    @property
    def known(self) -> bool:
        """Whether the button of the coming hand can be worked out."""
        return self.last is not None or self.first_button is not None

    def next_hand(self, occupied: SeatMask) -> HandPositions:
        """Positions of the coming hand with the seats occupied now (changes nothing)."""
        if occupied >> self.n_seats:
            raise InvalidCommand(
                template=N_("The table has only %(n)s seats."), params={"n": self.n_seats}
            )
        if self.makeup is not None:
            made = self.makeup
            if occupied >> made.big_blind_seat & 1 and made.dealt & ~occupied == 0:
                return replace(made, dealt=made.dealt, waiting=occupied & ~made.dealt)
        if self.first_button is not None:
            return positions_from_button(occupied, self.first_button, self.n_seats)
        if self.last is None:
            raise InvalidCommand(
                template=N_(
                    "The button is not known at this table: draw for the button or tell "
                    "where it is."
                ),
                rule_ids="C11",
            )
        return next_positions(
            self.last,
            occupied,
            self.n_seats,
            button_rule=self.button_rule,
            heads_up_transition=self.heads_up_transition,
        )

    def hand_dealt(self, hand: HandPositions) -> TableButton:
        """The table after a hand was dealt with ``hand`` (trusted: from :meth:`next_hand`).

        A made-up hand after a button error does not move the succession on: the hand after
        it continues from the misplaced hand, so the button jumps forward two seats (D6).
        A board-game hand ends a stud round: the button is no longer frozen (C7).
        """
        if self.makeup is not None and hand.big_blind_seat == self.makeup.big_blind_seat:
            return replace(self, makeup=None, first_button=None, frozen=None)
        return replace(
            self, last=hand, before_last=self.last, first_button=None, makeup=None, frozen=None
        )

    @property
    def in_stud_round(self) -> bool:
        """The button is frozen for a stud round (C7)."""
        return self.frozen is not None

    def stud_hand_dealt(self, occupied: SeatMask) -> TableButton:
        """The table after a stud hand was dealt with the seats occupied now (C7).

        The first stud hand after board-game hands freezes the button where the next
        board-game hand would have it (:meth:`next_hand` with the players seated now); the
        stud hands of the round do not move it: the last board-game hand, a button placed
        for the next hand and a correction owed after a button error (D6) are all kept for
        the first board-game hand after the round. So the player "due the big blind" during
        the round is the one who would be big blind if the game were hold'em for that hand
        (the one moved to balance, TNPL-B6iii, FOX-10B), and when hold'em resumes its first
        hand follows from the last board-game hand: under the dead button its button is the
        frozen seat, even when that player has gone meanwhile (a dead button, D1), and a
        player due the big blind who busted during the round is passed by it as between
        any two hands (D1). A table whose button is not known (a stud-only event, a game
        that started in stud) has nothing to freeze: its first board-game hand needs a
        button placed or drawn (C11).

        Implements: TNPL-B6iii, FOX-10B (C7).
        """
        if self.frozen is not None or not self.known or occupied.bit_count() < 2:
            return self
        return replace(self, frozen=self.next_hand(occupied).button)

    def with_first_button(self, seat: Seat, occupied: SeatMask) -> TableButton:
        """The button for the next hand is ``seat`` (a draw for the button, a new table).

        Raises :class:`RuleViolation` when the seat is empty and the rule needs a player
        there (moving button, heads-up).
        """
        self._check_button_seat(seat, occupied)
        frozen = None if self.frozen is None else seat  # placed during a stud round (C7)
        return replace(self, first_button=seat, makeup=None, frozen=frozen)

    def with_current_button(self, seat: Seat, occupied: SeatMask) -> TableButton:
        """The hand being played now has its button on ``seat`` (the floor tells us).

        The blinds are taken to follow the button (small blind the next player, big blind
        the one after); the next hand follows from there.
        """
        self._check_button_seat(seat, occupied)
        hand = positions_from_button(occupied, seat, self.n_seats)
        fixed = replace(self, last=hand, before_last=None, first_button=None, makeup=None)
        if self.frozen is None:
            return fixed
        # told during a stud round: the button freezes where the next hand after it goes
        return replace(fixed, frozen=fixed.next_hand(occupied).button)

    def correct_button_error(self, occupied: SeatMask) -> TableButton:
        """Fix a button that skipped a position in the last hand (played out after action).

        The next hand is dealt as the misplaced hand should have been, so the skipped player
        posts his big blind; the hand after that continues from the misplaced hand (the
        button "jumps two seats forward to its natural place").

        Implements: KPC-24J, FOX-33 (D6); ``button_error_fix = back_one_then_forward_two``.
        """
        if self.last is None or self.before_last is None:
            raise InvalidCommand(
                template=N_("A button error can only be corrected after two hands at this table."),
                rule_ids="D6",
            )
        owed = next_positions(
            self.before_last,
            occupied,
            self.n_seats,
            button_rule=self.button_rule,
            heads_up_transition=self.heads_up_transition,
        )
        return replace(self, makeup=owed)

    def _check_button_seat(self, seat: Seat, occupied: SeatMask) -> None:
        if not 0 <= seat < self.n_seats:
            raise InvalidCommand(
                template=N_("Seat %(seat)s does not exist: the table has %(n)s seats."),
                params={"seat": seat + 1, "n": self.n_seats},
                context={"seat": seat + 1},
            )
        if occupied >> seat & 1:
            return
        if self.button_rule is ButtonRule.MOVING:
            raise RuleViolation(
                template=N_(
                    "Seat %(seat)s is empty: under the moving button the button is always in "
                    "front of a player."
                ),
                params={"seat": seat + 1},
                rule_ids="D1",
                context={"seat": seat + 1},
            )
        if occupied.bit_count() == 2:
            raise RuleViolation(
                template=N_(
                    "Seat %(seat)s is empty: heads-up the button is a player and posts the "
                    "small blind."
                ),
                params={"seat": seat + 1},
                rule_ids="D3",
                context={"seat": seat + 1},
            )


__all__ = [
    "MAX_TABLE_SEATS",
    "HandPositions",
    "TableButton",
    "between",
    "clockwise",
    "next_occupied",
    "next_positions",
    "positions_from_button",
    "prev_occupied",
    "seats_of",
]
