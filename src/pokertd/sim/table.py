"""The tables of a simulated night: every entry's chips as the dealers count them, and
one hand dealt and played through the engine.

:class:`Ledger` is the simulator's own count of the chips at the tables (checked against
the tournament's chips in play, issued minus removed, whenever that figure changes).
:class:`Dealer` deals a hand with the positions the tournament's button state gives
(:meth:`~pokertd.engine.button.TableButton.next_hand`), lets the bots of
:mod:`pokertd.sim.bots` play it on the engine (:class:`~pokertd.engine.Hand`), checks it
conserved chips and writes it as a PHH file when asked. The level is the clock's at the
deal (B7); ``level_for_players`` already applied by the caller.

The level's game decides the engine (:func:`pokertd.sim.games.engine_for`, issue 28): the
board games through :class:`~pokertd.engine.Hand`, the stud family through
:class:`~pokertd.engine.stud.StudHand`, dealt from seat 1 with no button — the table's
button is neither asked nor moved (C7: TNPL-B6iii, FOX-10B), so the next board-game hand is
dealt where the button would have been.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from pokertd.cards.low import deuce_to_seven, low_a5
from pokertd.engine import Action, Hand, HandResult
from pokertd.engine.button import HandPositions
from pokertd.engine.draw import DrawHand
from pokertd.engine.phh import to_phh
from pokertd.engine.stud import StudHand
from pokertd.rules import AnteType, Betting, DrawVariant, Game, RuleProfile, StudVariant
from pokertd.sim.bots import Bot, RandomBot, TightAggressiveBot, draw_discard, made_hand
from pokertd.sim.games import engine_for
from pokertd.sim.invariants import SimulationError
from pokertd.sim.report import TimeModel
from pokertd.sim.timeline import hand_seconds
from pokertd.tournament.clock import Level
from pokertd.tournament.seating import Seating
from pokertd.types import Chips


def bots_of(kind: str) -> list[Bot]:
    """The bots players are given in turn (``mix``: tight-aggressive and random alternate)."""
    if kind == "random":
        return [RandomBot()]
    if kind == "mix":
        return [TightAggressiveBot(), RandomBot()]
    return [TightAggressiveBot()]


class Ledger:
    """Every entry still in: its chips, its player's name, its bot (the sim's own count)."""

    def __init__(self, bots: str) -> None:
        self.kinds = bots_of(bots)
        self.bots: dict[str, Bot] = {}
        """Entry id -> the bot playing it."""
        self.stacks: dict[str, Chips] = {}
        """Entry id -> chips, every entry still in."""
        self.names: dict[str, str] = {}
        """Entry id -> player name (kept after the entry is out)."""
        self.total = 0
        """Sum of :attr:`stacks` (kept as chips move)."""

    def seat(self, entry_id: str, name: str, chips: Chips) -> None:
        """A new entry at the tables with ``chips``, given the next bot in turn."""
        self.names[entry_id] = name
        self.stacks[entry_id] = chips
        self.total += chips
        self.bots[entry_id] = self.kinds[len(self.bots) % len(self.kinds)]

    def add(self, entry_id: str, chips: Chips) -> None:
        """Chips bought (a rebuy, an add-on)."""
        self.stacks[entry_id] += chips
        self.total += chips

    def set(self, entry_id: str, chips: Chips) -> Chips:
        """A stack counted anew (a colour-up); returns the old one."""
        old = self.stacks[entry_id]
        self.stacks[entry_id] = chips
        self.total += chips - old
        return old

    def leave(self, entry_id: str) -> None:
        """An entry out of the tournament."""
        self.total -= self.stacks.pop(entry_id)
        self.bots.pop(entry_id, None)

    def left(self) -> int:
        """Entries still in."""
        return len(self.stacks)

    def check(self, in_play: Chips, when: str, *, full: bool = False) -> None:
        """The sim's stacks add up to the service's chips in play (issued minus removed)."""
        if full and sum(self.stacks.values()) != self.total:
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(f"The simulator lost count of its own stacks at {when}.")
        if in_play != self.total:
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                f"Chips not conserved at {when}: the tables hold {self.total:,}, the "
                f"tournament's chips in play are {in_play:,}."
            )

    def at_table(self, seating: Seating, number: int) -> tuple[list[str | None], int]:
        """The players still in at a table by seat, and their occupied-seat mask."""
        table = seating.tables[number]
        stacks = self.stacks
        players = [p if p is not None and p in stacks else None for p in table.players]
        mask = 0
        for seat, p in enumerate(players):
            if p is not None:
                mask |= 1 << seat
        return players, mask


@dataclass(frozen=True, slots=True)
class Dealt:
    """One hand played at a table."""

    number: int
    """The table."""
    end: float
    """When the hand is over (clock seconds)."""
    positions: HandPositions | None
    """The button and blinds; ``None`` for a stud hand (no button: C7)."""
    players: list[str | None]
    """Entry ids by seat."""
    result: HandResult
    ranks: dict[int, int]
    """Seat -> rank of its hand among the players this hand put out, 1 = best (SPOT-6.14,
    G3); empty when it put out fewer than two or ended before the flop. Carried with the
    hand because during hand-for-hand every table deals before any reports (B10): each
    table's busts are ranked by the cards of the hand they went out in."""
    game: Game | None = None
    """The game dealt (``None``: no-limit hold'em)."""

    @property
    def button(self) -> int:
        """The seat dealing started left of: the button, or in stud the dealer's place
        after the table's last seat (the first card goes to seat 1)."""
        return self.positions.button if self.positions is not None else len(self.players) - 1


@dataclass(slots=True)
class Out:
    """A player who finished a hand with no chips."""

    entry_id: str
    name: str
    start_stack: Chips
    winners: tuple[str, ...]
    seats: tuple[int, ...]
    """The winners' seats (0-based) for a split bounty."""
    hand_rank: int | None = None
    """Among the players out in the same hand, 1 = the best hand (SPOT-6.14)."""


class Dealer:
    """Deals and plays hands on the engine with the night's bots and random draws."""

    def __init__(
        self,
        ledger: Ledger,
        rng: random.Random,
        profile: RuleProfile,
        time: TimeModel,
        phh_dir: str | None,
    ) -> None:
        self.ledger = ledger
        self.rng = rng
        self.profile = profile
        self.time = time
        self.hands = 0
        """Hands dealt so far (the night's hand numbers)."""
        self.checked = 0
        """Hands checked to have conserved chips."""
        self.games: Counter[tuple[int, Game | None]] = Counter()
        """Hands dealt by (level, game) (``None``: no-limit hold'em)."""
        self.phh_dir = Path(phh_dir) if phh_dir else None
        if self.phh_dir is not None:
            self.phh_dir.mkdir(parents=True, exist_ok=True)

    def deal(self, seating: Seating, number: int, t: float, level: Level, unit: Chips) -> Dealt:
        """Deal and play one hand at table ``number`` at ``t``; the ledger takes its result."""
        ledger = self.ledger
        table = seating.tables[number]
        players, mask = ledger.at_table(seating, number)
        stacks = [ledger.stacks[p] if p is not None else 0 for p in players]
        self.hands += 1
        self.games[level.number, level.game] += 1
        rng = self.rng
        variant = engine_for(level.game)
        positions: HandPositions | None = None
        hand: Hand | StudHand | DrawHand
        if isinstance(variant, DrawVariant):
            # the draw games have a button and blinds as hold'em (the table's button)
            positions = table.button.next_hand(mask)
            hand = DrawHand.start(
                variant=variant,
                stacks=stacks,
                button=positions.button,
                small_blind=level.small_blind,
                big_blind=level.big_blind,
                ante=level.ante,
                ante_type=level.ante_type if level.ante else AnteType.NONE,
                profile=self.profile,
                rng=rng,
                min_chip=unit,
                players_in_tournament=len(ledger.stacks),
                hand_number=self.hands,
            )
        elif isinstance(variant, StudVariant):
            hand = StudHand.start(
                variant=variant,
                stacks=stacks,
                button=len(stacks) - 1,  # no button in stud: dealt from seat 1 (C7)
                ante=level.ante,
                bring_in=level.bring_in,
                small_bet=level.big_blind,
                big_bet=2 * level.big_blind,
                profile=self.profile,
                rng=rng,
                min_chip=unit,
                players_in_tournament=len(ledger.stacks),
                hand_number=self.hands,
            )
        else:
            positions = table.button.next_hand(mask)
            limit = level.game is not None and level.game.betting is Betting.FIXED_LIMIT
            hand = Hand.start(
                stacks=stacks,
                button=positions.button,
                small_blind_seat=positions.small_blind_seat,
                big_blind_seat=positions.big_blind_seat,
                small_blind=level.small_blind,
                big_blind=level.big_blind,
                variant=variant,
                ante=level.ante,
                ante_type=level.ante_type if level.ante else AnteType.NONE,
                small_bet=level.big_blind if limit else None,
                big_bet=2 * level.big_blind if limit else None,
                profile=self.profile,
                rng=rng,
                waiting=positions.waiting,
                players_in_tournament=len(ledger.stacks),
                min_chip=unit,
                hand_number=self.hands,
            )
        bots = ledger.bots
        bb = level.big_blind
        actions = 0
        while True:
            seat = hand.actor
            if seat is None:
                break
            if isinstance(hand, DrawHand) and hand.drawing:
                hand.trusted(draw_discard(hand.cards(seat)))
                actions += 1
                continue
            legal = hand.legal()
            player = players[seat]
            assert player is not None
            action: Action = bots[player].decide(hand, legal, bb, unit, rng)
            hand.trusted(action)
            actions += 1
        result = hand.result
        ranks = self._ranks(hand, result) if len(result.eliminated) > 1 else {}
        seconds = hand_seconds(self.time, actions, result.showdown)
        self._conserved(result, number)
        for seat, final in enumerate(result.final_stacks):
            p = players[seat]
            if final is not None and p is not None:
                ledger.stacks[p] = final
        if self.phh_dir is not None:
            names = [ledger.names[p] if p is not None else "" for p in players]
            path = self.phh_dir / f"hand-{self.hands:06d}-table-{number}.phh"
            path.write_text(to_phh(hand, names), encoding="utf-8")
        return Dealt(number, t + seconds, positions, players, result, ranks, level.game)

    def _conserved(self, result: HandResult, number: int) -> None:
        """The hand moved chips, never made or lost any (``SimulationError`` otherwise)."""
        before = sum(s for s in result.start_stacks if s is not None)
        after = sum(s for s in result.final_stacks if s is not None)
        if before != after or any(s is not None and s < 0 for s in result.final_stacks):
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                f"Hand {self.hands} at table {number} did not conserve chips: {before:,} in, "
                f"{after:,} out."
            )
        self.checked += 1

    @staticmethod
    def _ranks(hand: Hand | StudHand | DrawHand, result: HandResult) -> dict[int, int]:
        """Seat -> rank of its hand among the players out (1 = best), for the venues that
        rank same-hand busts with equal stacks by the better hand (SPOT-6.14); the floor
        reads it off the cards shown (in stud all seven: the high hand, in razz the low)."""
        strength: dict[int, int] = {}
        if isinstance(hand, DrawHand):  # 2-7: the lower the better, as the ranks
            strength = {e.seat: deuce_to_seven(hand.cards(e.seat)) for e in result.eliminated}
        elif isinstance(hand, StudHand):
            razz = hand.variant is StudVariant.RAZZ
            for e in result.eliminated:
                cards = (*hand.cards(e.seat), *hand.board)
                if len(cards) >= 5:
                    strength[e.seat] = low_a5(cards) if razz else made_hand(cards, [])
            if len(strength) < len(result.eliminated):
                return {}
        else:
            board = list(hand.board)
            if len(board) < 3:
                return {}
            strength = {
                e.seat: made_hand(hand.hole_cards(e.seat), board) for e in result.eliminated
            }
        ordered = sorted(set(strength.values()))
        return {seat: ordered.index(v) + 1 for seat, v in strength.items()}


__all__ = ["Dealer", "Dealt", "Ledger", "Out", "bots_of"]
