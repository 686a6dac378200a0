"""Mystery bounties: envelopes of fixed values drawn at each knockout from a stage on.

No rulebook of ours describes them (the catalogue's I1-I6 cover fixed and progressive
bounties), so this is the common live format, as a tournament director runs it:

* The bounty part of every buy-in goes to the **envelope pool** instead of a head. The
  director posts the envelopes (``1 x $5,000, 2 x $1,000, 10 x $200, 40 x $100``) and the
  **stage** from which they are drawn: from a level (``from level 9``, e.g. the first level
  of Day 2) or from the money (the first bust that finishes in a paid place).
* Before the stage a knockout wins nothing: the bounty money stays in the pool.
* From the stage on, every eliminated player gives **one envelope**, drawn at random from
  the envelopes left (the core's seeded random source; the draw is stored in the event, so
  a replay never draws again, and undoing the bust puts the envelope back). The envelope
  belongs to the knockout: the pot's winner collects it, and a split pot shares it by the
  venue's bounty split rule, like a fixed bounty (I4: equal shares, odd cents clockwise
  from the button; FOX-BTY4 the whole envelope to the winner closest clockwise).
* **Money never exceeds money taken**: an envelope is drawable only while its value fits
  in the bounty money collected less the envelopes already drawn; when none fits (or none
  is left) the knockout draws nothing.
* **At the end** the winner collects every envelope still in the pool and any bounty money
  that was never put in an envelope (entries bought after the posting): like a fixed
  bounty's winner collecting his own head, so the bounty money is paid out to the cent.

Implements: issue 26 point 6 (house format; I1 bounty events, I4/FOX-BTY4 split, I6 the
bounty money kept apart from the prize pool).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from pokertd.money import format_money
from pokertd.tournament.templates import (
    ENVELOPE_KINDS_MAX,
    ENVELOPES_MAX,
    check_stage,
    envelope_values,
)
from pokertd.types import Cents


def envelope_kinds(values: Iterable[Cents]) -> tuple[tuple[Cents, int], ...]:
    """``(value, count)`` pairs, largest first: how the floor reads a pool.

    >>> envelope_kinds([100, 5000, 100])
    ((5000, 1), (100, 2))
    """
    counts: dict[Cents, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return tuple(sorted(counts.items(), reverse=True))


def describe_kinds(kinds: Iterable[tuple[Cents, int]]) -> str:
    """``1 x $5,000.00, 2 x $1,000.00`` (or ``none``)."""
    text = ", ".join(f"{count} x {format_money(value)}" for value, count in kinds)
    return text or "none"


def envelopes_left(values: Sequence[Cents], drawn: Iterable[int]) -> list[int]:
    """Indices of the envelopes still in the pool (posted and not drawn), in order."""
    taken = set(drawn)
    return [i for i in range(len(values)) if i not in taken]


def draw_envelope(
    values: Sequence[Cents], left: Sequence[int], *, cap: Cents, rng: random.Random
) -> int | None:
    """One envelope drawn at random among ``left`` whose value is at most ``cap`` (the
    bounty money not yet in a drawn envelope), or ``None`` when none fits.

    Every envelope that fits is equally likely (one ``randrange`` on the seeded source).

    >>> draw_envelope([500, 100, 100], [0, 1, 2], cap=100, rng=random.Random(7))
    2
    """
    fits = [i for i in left if values[i] <= cap]
    if not fits:
        return None
    return fits[rng.randrange(len(fits))]


def stage_text(from_level: int | None, in_the_money: bool) -> str:
    """The stage in words: ``from level 9`` / ``from the money``."""
    if in_the_money:
        return "from the money"
    return f"from level {from_level}"


def stage_reached(
    *,
    from_level: int | None,
    in_the_money: bool,
    level: int | None,
    best_place: int,
    places_paid: int | None,
) -> bool:
    """Whether a bust draws envelopes: at or after ``from_level`` by the clock (``level``
    ``None``: no clock, or not started), or, for a stage set at the money, when the best
    place the hand's busted players finish in is paid.

    >>> stage_reached(from_level=None, in_the_money=True, level=3, best_place=10,
    ...               places_paid=10)
    True
    >>> stage_reached(from_level=9, in_the_money=False, level=8, best_place=5,
    ...               places_paid=10)
    False
    """
    if in_the_money:
        return places_paid is not None and best_place <= places_paid
    return from_level is not None and level is not None and level >= from_level


def left_by_kind(
    values: Sequence[Cents], drawn: Mapping[str, tuple[int, Cents]]
) -> tuple[tuple[Cents, int], ...]:
    """The envelopes still in the pool, ``(value, count)`` largest first."""
    left = envelopes_left(values, (d for d, _ in drawn.values()))
    return envelope_kinds(values[i] for i in left)


__all__ = [
    "ENVELOPES_MAX",
    "ENVELOPE_KINDS_MAX",
    "check_stage",
    "describe_kinds",
    "draw_envelope",
    "envelope_kinds",
    "envelope_values",
    "envelopes_left",
    "left_by_kind",
    "stage_reached",
    "stage_text",
]
