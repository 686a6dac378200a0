"""Builders shared by the seating and balancing tests (catalogue seats are 1-based)."""

from __future__ import annotations

import random

from pokertd.rules import RuleProfile, load_profile
from pokertd.tournament.seating import Layout, Seating, draw_initial_seats


def S(n: int) -> int:
    """Catalogue seat ``n`` (1-based) as an engine seat."""
    return n - 1


def room(
    counts: dict[int, list[int]],
    profile: RuleProfile | str = "tda",
    seats: int = 9,
    break_order: tuple[int, ...] = (),
    extra_tables: int = 0,
) -> Seating:
    """A seating with players ``T{t}S{s}`` in the given 1-based seats of each table."""
    prof = load_profile(profile) if isinstance(profile, str) else profile
    n_tables = max(counts) + extra_tables
    seating = Seating.from_layout(Layout.uniform(n_tables, seats, break_order), prof)
    for number in sorted(counts):
        seating.open_table(number)
        for s in counts[number]:
            seating.seat(f"T{number}S{s}", number, S(s))
    return seating


def field_of(players: int, seats: int = 9, profile: str = "tda", seed: int = 1) -> Seating:
    """A randomly seated field with every table's button placed on a random player."""
    n_tables = -(-players // seats) + 1
    seating = Seating.from_layout(Layout.uniform(n_tables, seats), load_profile(profile))
    rng = random.Random(seed)
    names = [f"p{i:05d}" for i in range(players)]
    seating.apply_draws(draw_initial_seats(seating, names, rng))
    for number, table in seating.tables.items():
        occupied = [s for s in range(table.n_seats) if table.occupied >> s & 1]
        seating.set_button(number, rng.choice(occupied))
    return seating
