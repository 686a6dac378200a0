"""Colour-ups: the chip race (TDA, KPC, FOX, TNPL) and the round-up (SPOT, TNPL option).

When denominations leave play, each player's removed chips are exchanged at equal value
for whole units of the smallest denomination left (``unit``); what is left over (the odd
chips, worth less than one unit) is raced for or rounded up, by profile
(``colorup_method``). :func:`color_up` works on one table's stacks and returns a
:class:`ColorUpResult` holding every card drawn, so the result can be stored in an event
and replayed without randomness. In live use the floor enters the stacks (and, if the
dealer counted them, each player's odd chips) and the cards come from a shuffled deck; in
engine play the same function runs the race from ``rng``.

Cards are two-character strings, rank then suit: ``"Kh"``, ``"9d"``, ``"Tc"``.

Implements: KPC-14A..D, TNPL-D2i(b), TNPL-D2ii, TNPL-D2iii, TNPL-D9, FOX-24A..C (B11);
TNPL-D2i(a), SPOT-6.4 (B12); TNPL-D2iv (B13: the logged result is final).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_
from pokertd.rules import ColorUpMethod, RaceRemainder, RuleProfile
from pokertd.tournament.chips import ChipSet
from pokertd.types import Chips, Seat

RANKS = "23456789TJQKA"
SUITS = "shdc"
_SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def pretty_card(card: str) -> str:
    """``"K♥"`` for ``"Kh"``."""
    return card[0] + _SUIT_SYMBOLS.get(card[1], card[1])


def fresh_deck() -> list[str]:
    """The 52 cards in a fixed order (shuffle it with an ``rng``)."""
    return [r + s for s in SUITS for r in RANKS]


def _check_card(card: str) -> str:
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise InvalidCommand(
            template=N_("bad card %(card)s: write rank then suit, like 'Kh' or 'Tc'"),
            params={"card": repr(card)},
        )
    return card


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceSeat:
    """One player's colour-up."""

    seat: Seat
    stack_before: Chips
    kept: Chips
    """The stack after the equal-value exchange, before the race or round-up."""
    odd_value: Chips
    """Value of the removed chips left over (less than one unit)."""
    odd_chips: int
    """How many removed chips that is: one race card each."""
    cards: tuple[str, ...] = ()
    won: int = 0
    """New chips of the unit won in the race (at most ``race_max_chips_per_player``)."""
    protected: bool = False
    """Raced out and given one chip of the unit (``race_out_protection``)."""
    stack_after: Chips


@dataclass(frozen=True, slots=True, kw_only=True)
class ColorUpResult:
    """The outcome of a colour-up at one table (JSON-safe via :meth:`as_json`)."""

    method: ColorUpMethod
    removed: tuple[Chips, ...]
    unit: Chips
    """The smallest denomination left in play."""
    seats: tuple[RaceSeat, ...]
    odd_total: Chips
    chips_awarded: int
    """Unit chips given out by the race (round half up of ``odd_total / unit``)."""
    protected_chips: int
    cards_dealt: tuple[tuple[Seat, str], ...] = ()
    """Every race card in the order dealt, with its seat."""
    chips_before: Chips
    chips_after: Chips

    def stacks(self) -> dict[Seat, Chips]:
        """Each seat's stack after the colour-up."""
        return {s.seat: s.stack_after for s in self.seats}

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Seats that won a chip in the race, in the order the cards ranked."""
        return tuple(s.seat for s in self.seats if s.won)

    def as_json(self) -> dict[str, Any]:
        """JSON-safe data (for the colour-up event and ``--json``)."""
        return {
            "method": self.method.value,
            "removed": list(self.removed),
            "unit": self.unit,
            "odd_total": self.odd_total,
            "chips_awarded": self.chips_awarded,
            "protected_chips": self.protected_chips,
            "chips_before": self.chips_before,
            "chips_after": self.chips_after,
            "cards_dealt": [[seat, card] for seat, card in self.cards_dealt],
            "seats": [
                {
                    "seat": s.seat,
                    "stack_before": s.stack_before,
                    "kept": s.kept,
                    "odd_value": s.odd_value,
                    "odd_chips": s.odd_chips,
                    "cards": list(s.cards),
                    "won": s.won,
                    "protected": s.protected,
                    "stack_after": s.stack_after,
                }
                for s in self.seats
            ],
        }


COLOUR_UP = ("B11", "B12")
"""The catalogue entries a colour-up cites: by chip race (B11) or by rounding up (B12)."""


def _method(profile: RuleProfile, method: ColorUpMethod | None) -> ColorUpMethod:
    allowed = profile.colorup_method
    if allowed is ColorUpMethod.RACE_OR_ROUND_UP:
        if method is None or method is ColorUpMethod.RACE_OR_ROUND_UP:
            raise InvalidCommand(
                template=N_(
                    "Choose a chip race or rounding up for this colour-up: under these rules the "
                    "tournament director decides each time."
                ),
                rule_ids=profile.cite("B12"),
            )
        return method
    if method is not None and method is not allowed:
        raise RuleViolation(
            template=N_("These rules colour up by %(allowed)s, not by %(method)s."),
            params={
                "allowed": allowed.value.replace("_", "-"),
                "method": method.value.replace("_", "-"),
            },
            rule_ids=profile.cite(*COLOUR_UP),
        )
    return allowed


def _minimal_chip_count(value: Chips, removed: Sequence[Chips]) -> int:
    count = 0
    for denomination in sorted(removed, reverse=True):
        count += value // denomination
        value %= denomination
    return count


def _deal_order(seats: Sequence[Seat], start_seat: Seat) -> list[Seat]:
    ordered = sorted(seats)
    first = next((i for i, s in enumerate(ordered) if s >= start_seat), 0)
    return ordered[first:] + ordered[:first]


def color_up(
    stacks: Mapping[Seat, Chips],
    *,
    removed: Iterable[Chips],
    chips: ChipSet,
    profile: RuleProfile,
    method: ColorUpMethod | None = None,
    deck: Sequence[str] | None = None,
    rng: random.Random | None = None,
    odd_chips: Mapping[Seat, int] | None = None,
) -> ColorUpResult:
    """Colour up one table: remove ``removed`` denominations from ``stacks`` (seat → chips).

    The method is the profile's ``colorup_method``; under TNPL (``race_or_round_up``) the
    TD passes ``method``. A race draws its cards from ``deck`` (in dealing order) or from
    ``rng`` (shuffled 52-card decks); ``odd_chips`` gives the counted odd chips per seat
    (default: the fewest chips that make each player's odd value).

    Race (B11): starting at ``race_start_seat``, clockwise, one card per odd chip (TNPL: all
    of a player's cards before the next seat); the highest cards win, ranks then suits
    ``race_suit_order``, at most ``race_max_chips_per_player`` each; as many unit chips as
    the odd total makes, half up (Appendix D #14); a player left with no chips gets one unit
    (``race_out_protection``). Round-up (B12): every odd value becomes one unit.

    >>> from pokertd.rules import load_profile
    >>> deck = "7c Kc 9d Kh Qd 4s 2c 3h 8s 5d".split()
    >>> result = color_up({1: 12_300, 2: 8_200, 3: 100, 4: 9_000, 5: 6_400}, removed=[100],
    ...                   chips=ChipSet.of(100, 500, 1000), profile=load_profile("tda"),
    ...                   deck=deck)
    >>> result.stacks()
    {1: 12000, 2: 8500, 3: 500, 4: 9000, 5: 6500}
    >>> result.chips_before, result.chips_after
    (36000, 36500)

    Implements: KPC-14A..D, FOX-24A..C, TNPL-D2i, TNPL-D2ii, TNPL-D9, SPOT-6.4.
    """
    gone = tuple(sorted(set(removed)))
    if not gone:
        raise InvalidCommand(
            template=N_("Name the denominations to colour up."), rule_ids=profile.cite(*COLOUR_UP)
        )
    missing = [v for v in gone if v not in chips.denominations]
    if missing:
        raise InvalidCommand(
            template=N_("%(missing)s chips are not in play."),
            params={"missing": ", ".join(f"{v:,}" for v in missing)},
            rule_ids=profile.cite(*COLOUR_UP),
            context={"missing": missing},
        )
    left = chips.without(gone)
    if not left.chips:
        raise InvalidCommand(
            template=N_("A colour-up cannot remove every denomination."),
            rule_ids=profile.cite(*COLOUR_UP),
        )
    unit = left.smallest
    if max(gone) > unit:
        raise InvalidCommand(
            template=N_(
                "A colour-up removes the smallest chips first: %(unit)s would stay while "
                "larger chips leave."
            ),
            params={"unit": f"{unit:,}"},
            rule_ids=profile.cite(*COLOUR_UP),
        )
    if any(v % unit for v in left.denominations):
        raise InvalidCommand(
            template=N_("Every chip left in play must be a multiple of %(unit)s."),
            params={"unit": f"{unit:,}"},
            rule_ids=profile.cite(*COLOUR_UP),
        )
    for seat, stack in stacks.items():
        if stack < 0:
            raise InvalidCommand(
                template=N_("Seat %(seat)s cannot have a negative stack."),
                params={"seat": seat},
                rule_ids=profile.cite(*COLOUR_UP),
            )
    chosen = _method(profile, method)
    counted = dict(odd_chips or {})

    prepared: list[RaceSeat] = []
    for seat in sorted(stacks):
        stack = stacks[seat]
        odd = stack % unit
        fewest = _minimal_chip_count(odd, gone)
        count = counted.get(seat, fewest)
        if odd % gone[0]:
            raise InvalidCommand(
                template=N_("Seat %(seat)s's %(stack)s cannot be made of chips in play."),
                params={"seat": seat, "stack": f"{stack:,}"},
                rule_ids=profile.cite(*COLOUR_UP),
            )
        if not fewest <= count <= odd // gone[0]:
            raise InvalidCommand(
                template=N_("Seat %(seat)s cannot hold %(count)s odd chips worth %(odd)s."),
                params={"seat": seat, "count": count, "odd": f"{odd:,}"},
                rule_ids=profile.cite(*COLOUR_UP),
                context={"seat": seat, "odd_value": odd, "odd_chips": count},
            )
        prepared.append(
            RaceSeat(
                seat=seat,
                stack_before=stack,
                kept=stack - odd,
                odd_value=odd,
                odd_chips=count,
                stack_after=stack - odd,
            )
        )
    before = sum(stacks.values())
    odd_total = sum(s.odd_value for s in prepared)

    if chosen is ColorUpMethod.ROUND_UP:
        rounded = tuple(
            _replace_seat(s, stack_after=s.kept + (unit if s.odd_value else 0)) for s in prepared
        )
        after = sum(s.stack_after for s in rounded)
        return ColorUpResult(
            method=chosen,
            removed=gone,
            unit=unit,
            seats=rounded,
            odd_total=odd_total,
            chips_awarded=sum(1 for s in prepared if s.odd_value),
            protected_chips=0,
            chips_before=before,
            chips_after=after,
        )
    return _race(prepared, gone, unit, odd_total, before, profile, deck, rng)


def _replace_seat(seat: RaceSeat, **changes: Any) -> RaceSeat:
    data = {name: getattr(seat, name) for name in RaceSeat.__dataclass_fields__}
    data.update(changes)
    return RaceSeat(**data)


def _race(
    prepared: list[RaceSeat],
    gone: tuple[Chips, ...],
    unit: Chips,
    odd_total: Chips,
    before: Chips,
    profile: RuleProfile,
    deck: Sequence[str] | None,
    rng: random.Random | None,
) -> ColorUpResult:
    by_seat = {s.seat: s for s in prepared}
    order = _deal_order([s.seat for s in prepared if s.odd_chips], profile.race_start_seat)
    needed = sum(by_seat[s].odd_chips for s in order)
    cards: list[str]
    if deck is not None:
        cards = [_check_card(c) for c in deck]
        if len(cards) < needed:
            raise InvalidCommand(
                template=N_("The race needs %(needed)s cards; only %(given)s were given."),
                params={"needed": needed, "given": len(cards)},
                rule_ids=profile.cite("B11"),
            )
    elif rng is not None or needed == 0:
        cards = []
        while len(cards) < needed:
            batch = fresh_deck()
            assert rng is not None
            rng.shuffle(batch)
            cards.extend(batch)
    else:
        raise InvalidCommand(template=N_("A chip race needs a shuffled deck or a random source."))

    dealt: list[tuple[Seat, str]] = []
    position = 0
    if profile.race_all_cards_per_player_first:
        for seat in order:
            for _ in range(by_seat[seat].odd_chips):
                dealt.append((seat, cards[position]))
                position += 1
    else:
        remaining = {seat: by_seat[seat].odd_chips for seat in order}
        while any(remaining.values()):
            for seat in order:
                if remaining[seat]:
                    dealt.append((seat, cards[position]))
                    position += 1
                    remaining[seat] -= 1

    suit_rank = {
        suit: len(profile.race_suit_order) - i for i, suit in enumerate(profile.race_suit_order)
    }
    ranked = sorted(
        range(len(dealt)),
        key=lambda i: (RANKS.index(dealt[i][1][0]), suit_rank[dealt[i][1][1]], -i),
        reverse=True,
    )
    to_award = math.floor(Fraction(odd_total, unit) + Fraction(1, 2))
    won: dict[Seat, int] = {}
    awarded = 0
    for i in ranked:
        if awarded == to_award:
            break
        seat = dealt[i][0]
        if won.get(seat, 0) < profile.race_max_chips_per_player:
            won[seat] = won.get(seat, 0) + 1
            awarded += 1

    seats: list[RaceSeat] = []
    protected_total = 0
    for s in prepared:
        got = won.get(s.seat, 0)
        protected = profile.race_out_protection and s.kept == 0 and got == 0 and s.stack_before > 0
        protected_total += int(protected)
        seats.append(
            _replace_seat(
                s,
                cards=tuple(card for seat, card in dealt if seat == s.seat),
                won=got,
                protected=protected,
                stack_after=s.kept + (got + int(protected)) * unit,
            )
        )
    return ColorUpResult(
        method=ColorUpMethod.RACE,
        removed=gone,
        unit=unit,
        seats=tuple(seats),
        odd_total=odd_total,
        chips_awarded=awarded,
        protected_chips=protected_total,
        cards_dealt=tuple(dealt),
        chips_before=before,
        chips_after=sum(s.stack_after for s in seats),
    )


def surfaced_after_race(value: Chips, unit: Chips, profile: RuleProfile) -> tuple[Chips, Chips]:
    """Removed chips found after the race: ``(credited, taken out of play)``.

    Whole units are exchanged at equal value. The remainder below one unit is removed
    without compensation (KPC, FOX, TDA); TNPL exchanges at equal value, which for less
    than one chip means rounding to the nearest unit, half up (IMPL).

    Implements: KPC-14D, FOX-24C, TNPL-D2iii.

    >>> from pokertd.rules import load_profile
    >>> surfaced_after_race(1_300, 500, load_profile("foxwoods"))
    (1000, 300)
    >>> surfaced_after_race(1_300, 500, load_profile("tnpl"))
    (1500, -200)
    """
    if value < 0 or unit <= 0:
        raise InvalidCommand(
            template=N_("Chip amounts must be positive."), rule_ids=profile.cite("B11")
        )
    whole = value - value % unit
    remainder = value % unit
    if profile.removed_chip_remainder_after_race is RaceRemainder.EXCHANGED_EQUAL_VALUE:
        credited = whole + (unit if 2 * remainder >= unit else 0)
        return credited, value - credited
    return whole, remainder


__all__ = [
    "COLOUR_UP",
    "RANKS",
    "SUITS",
    "ColorUpResult",
    "RaceSeat",
    "color_up",
    "fresh_deck",
    "pretty_card",
    "surfaced_after_race",
]
