"""A profile's betting and showdown parameters, read once and kept as plain values.

The hand engine consults these in its hot loop, so they are looked up once per
(profile, variant) and cached; the engine never asks which venue it is playing for.
"""

from __future__ import annotations

from math import ceil

from pokertd.rules import (
    BbaShortPriority,
    MinRaiseRule,
    PresenceCheckpoint,
    ReopenRule,
    RuleProfile,
    ShowdownOrderNoBet,
    Variant,
)

MIN_RAISE_TDA = 0
MIN_RAISE_DOUBLE = 1
MIN_RAISE_PLUS_CHIP = 2

NO_CAP = 1 << 30

_HI_LO = (Variant.POT_LIMIT_OMAHA_HI_LO, Variant.FIXED_LIMIT_OMAHA_HI_LO)
"""Omaha hi-lo eight or better: the pot split between the best high and the best
qualifying low (F5: KPC-12C, TNPL-C8, FOX-20)."""


class Rules:
    """The profile fields the engine reads, as ints and bools (one per profile+variant)."""

    __slots__ = (
        "all_must_show_no_bet",
        "ante_to_main_pot",
        "bba_ante_first",
        "burn_before_hole",
        "cap_lift_le",
        "hole_count",
        "is_hilo",
        "is_limit",
        "is_omaha",
        "is_pot_limit",
        "kill_at_deal",
        "limit_reopen",
        "min_raise",
        "nl_tda",
        "odd_one_each",
        "pl_dead_sb_full",
        "pl_short_blinds_full",
        "profile",
        "raise_cap",
        "reopen_by_increment",
        "reopen_cumulative",
        "short_deck",
        "side_pot_first",
        "variant",
    )

    def __init__(self, profile: RuleProfile, variant: Variant) -> None:
        self.profile = profile
        self.variant = variant
        self.is_hilo = variant in _HI_LO
        self.is_limit = variant is Variant.FIXED_LIMIT_HOLDEM or (
            variant is Variant.FIXED_LIMIT_OMAHA_HI_LO
        )
        self.is_pot_limit = variant is Variant.POT_LIMIT_OMAHA or (
            variant is Variant.POT_LIMIT_OMAHA_HI_LO
        )
        self.is_omaha = variant is Variant.POT_LIMIT_OMAHA or self.is_hilo
        self.hole_count = 4 if self.is_omaha else 2
        self.short_deck = variant is Variant.NO_LIMIT_SHORT_DECK
        """36 cards (six to ace) and the short-deck ranking (a flush beats a full house,
        A-6-7-8-9 is a straight)."""
        self.min_raise = {
            MinRaiseRule.CURRENT_PLUS_LARGEST_INCREMENT: MIN_RAISE_TDA,
            MinRaiseRule.DOUBLE_CURRENT_BET: MIN_RAISE_DOUBLE,
            MinRaiseRule.CALL_PLUS_ONE_CHIP: MIN_RAISE_PLUS_CHIP,
        }[profile.min_raise_rule]
        self.reopen_cumulative = profile.reopen_rule_nl_pl is ReopenRule.FULL_RAISE_CUMULATIVE
        self.nl_tda = (
            not self.is_limit and not self.is_pot_limit and self.min_raise == MIN_RAISE_TDA
        )
        """No-limit with the TDA minimum raise: the hand engine's shortest legality path."""
        self.reopen_by_increment = self.reopen_cumulative and not self.is_limit
        """E4: the betting reopens when the raises since a player acted add up to a full
        increment (big-bet games under a cumulative rule); else when a full raise came."""
        self.limit_reopen = profile.reopen_fraction_limit
        cap = profile.raise_cap_limit if self.is_limit else profile.raise_cap_nl_pl
        self.raise_cap = NO_CAP if cap is None else cap
        self.cap_lift_le = profile.raise_cap_lifted_when_tournament_players_le
        self.pl_short_blinds_full = profile.pl_preflop_short_blinds_count_full
        self.pl_dead_sb_full = profile.pl_dead_small_blind_counts_full
        self.ante_to_main_pot = profile.ante_to_main_pot
        self.bba_ante_first = profile.bba_short_priority is BbaShortPriority.ANTE_FIRST
        self.kill_at_deal = profile.presence_checkpoint is not PresenceCheckpoint.AT_TURN_TO_ACT
        self.all_must_show_no_bet = (
            profile.showdown_order_no_bet is ShowdownOrderNoBet.ALL_MUST_SHOW
        )
        self.side_pot_first = profile.allin_reveal_side_pot_first
        self.odd_one_each = profile.odd_chip_max_one_per_player
        self.burn_before_hole = profile.burn_before_hole_cards

    def cap_for(self, players_in_tournament: int | None) -> int:
        """The raise cap of a hand, lifted when the tournament itself is down to few
        players (E5: KPC-37, TNPL-H9, FOX-51; NJ-44c never lifts)."""
        if (
            players_in_tournament is not None
            and self.cap_lift_le is not None
            and players_in_tournament <= self.cap_lift_le
        ):
            return NO_CAP
        return self.raise_cap

    def limit_reopen_amount(self, bet_size: int) -> int:
        """Chips above the last full bet that make a limit all-in a full raise (E4)."""
        return ceil(bet_size * self.limit_reopen)


_CACHE: dict[tuple[int, int], tuple[RuleProfile, Rules]] = {}


def rules_for(profile: RuleProfile, variant: Variant) -> Rules:
    """The cached :class:`Rules` of a profile and variant (looked up on every hand's
    start: keyed by identities, as an enum member's own hash is a Python call)."""
    key = (id(profile), id(variant))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is profile:
        return hit[1]
    rules = Rules(profile, variant)
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[key] = (profile, rules)
    return rules


__all__ = ["NO_CAP", "Rules", "rules_for"]
