"""The rule profile: every venue parameter in one frozen value.

A profile is the catalogue's section 4 matrix as code. Field names are the catalogue's
parameter names verbatim; defaults are the TDA column (``tda.toml`` states them again, so
a user reads every value in one file). Venue files (``kojack.toml``, ``tnpl.toml``,
``nj_fundraiser.toml``, ``spotlight.toml``, ``foxwoods.toml``) name only what differs and
say ``inherits = "tda"``. Code never asks "which venue is this?"; it reads the field.

Percentages and ratios are ``Fraction`` (exact); money is in cents; durations in seconds
unless the name says minutes. ``None`` means "not provided by this venue" where the field
says so.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

from pokertd.errors import InvalidCommand
from pokertd.rules.enums import (
    AnteType,
    BalancePlayerSelected,
    BalanceSeatRule,
    BbaReducedAmount,
    BbaShortPriority,
    BountyPot,
    BountySplitRule,
    BrokenTableSeatDraw,
    ButtonRule,
    ButtonStartMethod,
    CheckExclusiveNuts,
    ClockExpiry,
    ClockStartedBy,
    ColorUpMethod,
    DealsAllowed,
    FinalTableSize,
    FinishMethod,
    ForfeitWindow,
    GuaranteeBasis,
    HeadsUpTransition,
    MinRaiseRule,
    MultichipLastChips,
    OddChipRecipient,
    OvercallThreshold,
    PresenceCheckpoint,
    RabbitHunt,
    RaceRemainder,
    RemainderTo,
    ReopenRule,
    SeatAssignment,
    ShowdownOrderNoBet,
    SimultaneousElimOrder,
    StartingStackSource,
    SurvivorRemainderTo,
    TableBreakOrder,
    UndercallRule,
    VerbalVsChips,
    WithholdingBase,
)

BUILTIN_PROFILES = ("tda", "kojack", "tnpl", "nj_fundraiser", "spotlight", "foxwoods")
"""Names of the profiles shipped in ``pokertd/rules/profiles``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleProfile:
    """Every venue parameter the software reads, with the TDA default.

    Implements the section 4 matrix of the catalogue; each field's docstring names its
    entry and the venues that differ.
    """

    name: str = "tda"
    """Short name of the profile (file stem)."""
    title: str = "Poker TDA (default)"
    """Human title shown on screens."""
    rule_ids: tuple[tuple[str, str], ...] = ()
    """The venue's own rule IDs cited in refusals, by topic (``[rule_ids]`` table in the
    file: ``age = "FOX-REG9"``; several IDs separated by commas). A topic the venue has no
    ID for cites the catalogue entry. Inherited and extended by derived profiles."""

    # --- Registration & entries (2a) -------------------------------------------------
    reg_min_age: int | None = None
    """Minimum age to register (A1): TNPL 18, SPOT 21, FOX 21; TDA n/s."""
    reg_membership_required: str | None = None
    """Membership the floor must confirm at registration (A1): KPC club membership, FOX
    Rewards card, SPOT sign-in sheet."""
    reg_opens_min_before_start: int | None = None
    """Registration opens at least this many minutes before the start (A2): FOX 30."""
    reg_remote_allowed: bool = True
    """Remote/phone registration (A2): FOX and SPOT false."""
    reg_entry_transferable: bool = True
    """Whether an entry may pass to another player (A1): FOX false."""
    reg_one_live_event_per_player: bool = False
    """A player may be alive in one event only (A2, A13): FOX true."""
    starting_stack_source: StartingStackSource = StartingStackSource.UNIFORM
    """Uniform stacks, or per player from league points (A3): SPOT quarterly."""
    late_reg_close_after_level: int | None = None
    """Default level after which registration closes, ``None`` = set by the event (A4):
    TNPL at least 3, SPOT 1, FOX 6, NJ 0 (no late registration)."""
    late_reg_min_levels: int = 0
    """Registration must stay open at least this many levels (A4): TNPL 3."""
    late_reg_extended_close_after_level: int | None = None
    """Close level for a player pre-approved before the start (A4): SPOT 2."""
    late_entry_penalty_max_pct: Fraction = Fraction(0)
    """Largest late-entry stack reduction an event may set (A5): TNPL 30 %, others 0."""
    early_bird_bonus_max_pct: Fraction = Fraction(0)
    """Largest early-registration bonus an event may set (A6): TNPL 20 %, others 0."""
    reg_absentee_stack_in_play: bool = True
    """A registered absentee's stack is dealt in and blinded (A7): TNPL, FOX true."""
    reentry_allowed: bool = True
    """Whether events at this venue may offer re-entry (A8): NJ and SPOT false."""
    reentry_max: int | None = None
    """Most re-entries per player, ``None`` = unlimited (A8)."""
    reentry_requires_zero_chips: bool = True
    """Re-entry only with no chips, or after a forfeit (A8): KPC, FOX true."""
    rebuy_allowed: bool = True
    """Whether events at this venue may offer rebuys (A9): SPOT false."""
    rebuy_max_per_player: int | None = None
    """Most rebuys per player, ``None`` = set by the event (A9): NJ 3."""
    rebuy_window_minutes: int | None = None
    """Rebuys only within this many minutes of play, clock time, breaks excluded (A9):
    NJ 60."""
    rebuy_chips_behind: bool = True
    """A rebuy announced before a hand plays in that hand (A9)."""
    addon_requires_chips: bool = True
    """An add-on needs a stack above zero (A10): FOX true."""
    forfeit_allowed: bool = False
    """A live stack may be forfeited to re-enter (A11): KPC, FOX true."""
    forfeit_window: ForfeitWindow = ForfeitWindow.REGISTRATION_CLOSE_POINT_ONLY
    """When a forfeit is allowed (A11): KPC any time while registration is open, FOX only
    at the registration-close point."""
    forfeit_blocked_in_bounty: bool = True
    """No forfeit in bounty events: the player must be felted (A11, I5)."""
    alternates_enabled: bool = True
    """A first-in, first-out alternate list may be kept (A12)."""

    # --- Structure & clock (2b) ------------------------------------------------------
    ante_type: AnteType = AnteType.NONE
    """Default ante kind for generated structures (B3): KPC and FOX big-blind ante."""
    bba_short_priority: BbaShortPriority = BbaShortPriority.BLIND_FIRST
    """A big blind short of blind + ante pays (B4): KPC the ante first, FOX/TDA 2024 the
    blind first (remainder as a partial ante)."""
    ante_to_main_pot: bool = True
    """The ante is dead money in the main pot (B5)."""
    bba_reduced_when_players_le: int | None = None
    """Big-blind ante reduced once this many players or fewer remain (B6): KPC 5;
    ``None`` = never (FOX, TDA 2024)."""
    bba_reduced_amount: BbaReducedAmount = BbaReducedAmount.SMALL_BLIND
    """What the reduced big-blind ante is (B6): KPC the small blind."""
    posted_blinds_keep_old_level: bool = False
    """Blinds posted before the level changed keep the old level (B7): all false."""
    dealer_push_grace_hand: bool = False
    """A hand finished before zero is followed by one more hand at the old level (B8):
    FOX true."""
    hfh_seconds_per_hand: int = 120
    """Clock time taken off for each hand-for-hand hand (B10): FOX 2 minutes."""
    hfh_sync_tables: bool = True
    """No table deals the next hand-for-hand hand until all have finished (B10)."""
    colorup_method: ColorUpMethod = ColorUpMethod.RACE
    """Colour-up by chip race or by rounding up (B11, B12): SPOT round-up, TNPL either."""
    race_start_seat: int = 1
    """The chip race deals from this seat clockwise (B11)."""
    race_max_chips_per_player: int = 1
    """Nobody wins more than this many chips in a race (B11)."""
    race_all_cards_per_player_first: bool = False
    """Each player gets all his race cards before the next seat (B11): TNPL true."""
    race_suit_order: str = "shdc"
    """Suit order for race ties, high to low (B11): spades, hearts, diamonds, clubs."""
    race_out_protection: bool = True
    """Nobody is raced out: a player left without chips gets one of the lowest
    denomination (B11)."""
    removed_chip_remainder_after_race: RaceRemainder = RaceRemainder.REMOVED_WITHOUT_COMPENSATION
    """Removed chips found after the race (B11): TNPL exchanged at equal value."""
    race_errors_correctable: bool = True
    """Whether a logged race may be corrected (B13): TNPL false."""
    clock_action_seconds: int = 25
    """Time to act once a clock is called (B15): TNPL 50, SPOT 50, KPC/FOX/TDA 25."""
    clock_countdown_seconds: int = 5
    """Final countdown after the action time (B15): TNPL and SPOT 10."""
    clock_scale: tuple[tuple[int, int, int], ...] = ()
    """Shorter clocks for short levels (B15, TNPL-D6): ``(level_minutes_below, action,
    countdown)`` rows, first match wins. IMPL values for TNPL."""
    clock_expiry_facing_bet: ClockExpiry = ClockExpiry.DEAD
    """Hand facing a bet when the clock runs out (B15): dead everywhere."""
    clock_expiry_no_bet: ClockExpiry = ClockExpiry.CHECK
    """Hand not facing a bet when the clock runs out (B15): TNPL dead."""
    clock_tie_to_player: bool = True
    """An action as the time ends stands (B15)."""
    clock_requester_must_be_seated: bool = True
    """Only a seated player may ask for a clock (B15)."""
    clock_started_by: ClockStartedBy = ClockStartedBy.TD_OR_APPROVED_REQUEST
    """Who starts a clock (B15): KPC floor, TNPL on call, SPOT TD only."""

    # --- Seating & balancing (2c) ----------------------------------------------------
    seat_assignment: SeatAssignment = SeatAssignment.RANDOM
    """Initial seating (C1): SPOT fills the neediest table."""
    late_seat_assignment: SeatAssignment = SeatAssignment.RANDOM
    """Late entries, re-entries and alternates (C3): SPOT the neediest table."""
    table_break_order: TableBreakOrder = TableBreakOrder.PREDETERMINED_PROCEDURE
    """Which table breaks next (C4): KPC a preset list; TDA/FOX a predetermined procedure
    (IMPL: highest table number first)."""
    broken_table_seat_draw: BrokenTableSeatDraw = BrokenTableSeatDraw.RANDOM
    """Reseating a broken table (C4): FOX two-step random (table, then seat)."""
    balance_max_diff: int = 2
    """Largest allowed difference between table sizes (C5): KPC 2."""
    balance_tight_near_money: bool = True
    """Tolerance drops to one when tables_remaining <= ceil(paid/seats) + 1 (C5): KPC; IMPL
    for TDA's "more tightly as the event progresses"."""
    halt_when_short_by: int | None = 3
    """A table this many short of the fullest stops dealing (C5): TNPL, FOX, TDA 3; SPOT
    never (``None``)."""
    halt_full_table_events_only: bool = True
    """The halt applies to full-table events only; 6-max and turbos at TD discretion (C5)."""
    notify_host_table_size: int | None = None
    """Notify the host when a table falls to this size (C5): SPOT 5."""
    balance_player_selected: BalancePlayerSelected = BalancePlayerSelected.NEXT_BIG_BLIND
    """Who moves to balance (C6): the player due the big blind next; SPOT TD choice."""
    balance_seat_rule: BalanceSeatRule = BalanceSeatRule.WORST_POSITION
    """Where the moved player sits (C6): KPC any seat but SB/button; SPOT same position."""
    allow_overfull_start: bool = False
    """A table may start with one player over its size (C12): SPOT true."""
    final_table_size: FinalTableSize = FinalTableSize.SEATS_PLUS_ONE_MAX_10
    """Final table size (C9): KPC the table's seats; TNPL/FOX/TDA seats + 1, at most 10."""
    final_table_redraw: bool = True
    """The final table is redrawn (C10): KPC true; SPOT button draw only."""
    button_start_method: ButtonStartMethod = ButtonStartMethod.HIGH_CARD_DRAW
    """First button (C11): high card; NJ the player left of the dealer."""
    suit_order_high_to_low: str = "shdc"
    """Suit order for button draws (C11); NJ treats suits as equal (``""``)."""
    button_redraw_new_player_ratio: Fraction | None = None
    """A reseated table with at least this share of new players draws for the button
    (C10): SPOT 1/2."""
    max_seats_per_table: int = 11
    """Most seats at a table (C13): NJ 11; events set their own up to this."""

    # --- Button & blinds (2d) --------------------------------------------------------
    button_rule: ButtonRule = ButtonRule.DEAD
    """Dead or moving button (D1): NJ moving; SPOT per event."""
    heads_up_transition: HeadsUpTransition = HeadsUpTransition.NO_BB_TWICE
    """First heads-up hand (D3): KPC the last big blind takes the button."""
    arrival_may_wait_for_bb: bool = False
    """A new player may wait for the big blind (D7): SPOT flag, default off."""
    burn_before_hole_cards: bool = False
    """Burn a card before the hole cards (D2): NJ true."""
    presence_checkpoint: PresenceCheckpoint = PresenceCheckpoint.LAST_CARD_INITIAL_DEAL
    """When an absent seat's hand dies (K6, D8): TNPL first card of the deal; SPOT mucked
    when the action reaches it."""

    # --- Betting (2e) ----------------------------------------------------------------
    min_raise_rule: MinRaiseRule = MinRaiseRule.CURRENT_PLUS_LARGEST_INCREMENT
    """Minimum raise (E2): SPOT double the current bet; NJ call plus one chip."""
    reopen_rule_nl_pl: ReopenRule = ReopenRule.FULL_RAISE_CUMULATIVE
    """Short all-ins re-open betting only when they add up to a full raise (E4)."""
    reopen_fraction_limit: Fraction = Fraction(1, 2)
    """In limit games an all-in of at least this share of a bet re-opens (E4)."""
    raise_cap_nl_pl: int | None = None
    """Most raises per betting round in no-limit and pot-limit (E5): NJ 3."""
    raise_cap_limit: int | None = 4
    """Most raises after the bet in fixed-limit (E5): KPC 4, NJ 3, house value elsewhere
    (IMPL 4)."""
    raise_cap_lifted_when_tournament_players_le: int | None = 2
    """The cap lifts when the whole tournament is down to this many players (E5): NJ
    never (``None``)."""
    pl_preflop_short_blinds_count_full: bool = True
    """Pre-flop, a short all-in blind counts as full for the pot-limit maximum (E6)."""
    pl_dead_small_blind_counts_full: bool = False
    """A dead small blind counts as posted for the pot-limit maximum (E6): KPC true."""
    overcall_raise_threshold: OvercallThreshold = OvercallThreshold.HALF_LAST_INCREMENT
    """Chips above a call that make a raise (E13): KPC and SPOT 1.5 x the current bet."""
    undercall_rule: UndercallRule = UndercallRule.FULL_VS_OPENER_OR_HEADSUP_ELSE_TD
    """Undercalls (E12): KPC player option multi-way; SPOT always full."""
    multichip_last_chips: MultichipLastChips = MultichipLastChips.OVERCALL_STANDARD
    """Several last chips pushed (E16): KPC all-in."""
    oversized_last_chip_is_call: bool = True
    """A single oversized last chip is a call (E15)."""
    verbal_vs_chips: VerbalVsChips = VerbalVsChips.FIRST_WINS_SIMULTANEOUS_VERBAL
    """Words versus chips (E9): SPOT verbal wins."""

    # --- Pots & showdown (2f) --------------------------------------------------------
    odd_chip_recipient_board: OddChipRecipient = OddChipRecipient.FIRST_LEFT_OF_BUTTON
    """Odd chip of a split pot (F5): first winner left of the button at every venue."""
    odd_chip_max_one_per_player: bool = True
    """With several odd units, one per winner clockwise from the button (F5)."""
    showdown_order_no_bet: ShowdownOrderNoBet = ShowdownOrderNoBet.FIRST_TO_ACT
    """Who shows first after a checked final round (F6): NJ everyone must show."""
    allin_reveal_side_pot_first: bool = False
    """Side-pot players show before main-pot-only players (F7): SPOT true."""
    board_play_requires_tabling: bool = True
    """Playing the board still needs the cards tabled (F10)."""
    muck_is_final: bool = False
    """A mucked hand is dead at once (F11): SPOT true."""
    rabbit_hunt: RabbitHunt = RabbitHunt.NEVER
    """Rabbit hunting (F14): SPOT on the winner's request with the callers' consent."""

    # --- Eliminations (2g) -----------------------------------------------------------
    finish_method: FinishMethod = FinishMethod.ELIMINATION
    """How the event ends (G2): NJ may end at a set time by chip count."""
    simultaneous_elim_order: SimultaneousElimOrder = SimultaneousElimOrder.START_STACK_THEN_SHARED
    """Same-hand busts (G3): larger start-of-hand stack higher, equal stacks share; SPOT
    then the better hand, then the most blue chips."""
    absent_pickup_minutes: int | None = None
    """An absent player's chips may be picked up after this many minutes (G4): SPOT 15."""

    # --- Payouts & money (2h) --------------------------------------------------------
    admin_withholding_pct: Fraction = Fraction(0)
    """Administration withholding from each prize pool (H3): FOX 3 %."""
    admin_withholding_base: WithholdingBase = WithholdingBase.BUY_INS_PLUS_BOUNTY_FEES
    """What the withholding is taken from (H3)."""
    payout_table: str = "generic"
    """Default payout table (H4): FOX ``fox_ptab``; ``generic`` = the curve generator."""
    payout_rounding_unit_cents: int = 1
    """Payouts are rounded to this unit (H5): IMPL one cent."""
    payout_remainder_to: RemainderTo = RemainderTo.FIRST
    """Where the rounding residual goes (H5): IMPL first place."""
    payout_schedule_posted_in_advance: bool = False
    """The prize schedule must be posted before play (H13, NJ-44d): NJ true."""
    sng_payout_pct: tuple[Fraction, ...] = (Fraction(1, 2), Fraction(3, 10), Fraction(1, 5))
    """Sit & Go payout (H6): FOX 50/30/20."""
    survivor_prize_multiple: int = 10
    """Survivor prize = this many buy-ins (H7): FOX 10."""
    survivor_remainder_to: SurvivorRemainderTo = SurvivorRemainderTo.NEXT_FINISHER
    """Who gets the survivor remainder prize (H7): IMPL the next finisher."""
    guarantee_basis: GuaranteeBasis = GuaranteeBasis.NET_PAID
    """A guarantee is measured on the net paid (H8, IMPL)."""
    high_hand_promo: bool = False
    """Level-1 high hand (trips or better) wins the event price (H9): FOX true."""
    prize_id_required: bool = False
    """Valid ID (and SSN) needed to claim a prize (H11): FOX true."""
    w2g_threshold_cents: int | None = None
    """A single payout at or above this gets a W-2G (H10): FOX $5,001."""
    foreign_withholding_pct: Fraction | None = None
    """Default withholding for foreign players, form 1042-S (H10): FOX 30 %."""
    voucher_expiry_days: int | None = None
    """Prize vouchers expire after this many days (H11): FOX 120."""
    prize_transferable: bool = True
    """Prizes may be transferred (H11): FOX false."""
    max_events_per_org_per_year: int | None = None
    """Licensing cap on events per organisation and year (H13): NJ 6."""

    # --- Bounties (2i) ---------------------------------------------------------------
    bounty_chip_in_pot_is_all_in: bool = True
    """Pushing the bounty chip is an all-in (I2): KPC, FOX."""
    bounty_pot: BountyPot = BountyPot.HIGHEST_POT_PLAYER_CONTESTS
    """Which pot carries a bounty (I3)."""
    bounty_split_rule: BountySplitRule = BountySplitRule.EQUAL_SHARES
    """A split bounty pot (I4): KPC equal shares, FOX all to the winner closest clockwise
    from the button."""
    pko_bounty_share: Fraction = Fraction(1, 2)
    """Progressive knockout: share of a bounty paid in cash, the rest goes on the
    eliminator's head (IMPL 50 %)."""

    # --- Deals (2j) ------------------------------------------------------------------
    deals_allowed: DealsAllowed = DealsAllowed.OFF
    """Whether deals may be made (J1-J4): TNPL allowed, FOX house discretion, SPOT chop
    once everyone left is paid; KPC, NJ off (IMPL)."""
    deal_requires_all_players: bool = True
    """Every remaining player must be in the deal (J1, J2)."""
    deal_requires_supervisor_approval: bool = False
    """A supervisor approves the deal (J2): FOX true."""
    deal_min_pct_for_winner: Fraction | None = None
    """Share of what remains left to play for (J1): TNPL 10 % (recommendation: warning)."""
    deal_cap_at_winner_amount: bool = False
    """Nobody gets more than the winner could (J1): TNPL (warning)."""
    deal_warn_chip_count_only: bool = False
    """Chip-count-only deals are discouraged (J1): TNPL (warning)."""

    # --- Penalties (2k) --------------------------------------------------------------
    penalty_round_options: tuple[int, ...] | None = None
    """Allowed missed-round penalties (K1): TNPL 1-4; ``None`` = any."""
    dq_prize_forfeit: bool = False
    """A disqualified player forfeits prize money (K5): TNPL may."""
    check_exclusive_nuts: CheckExclusiveNuts = CheckExclusiveNuts.TD_DISCRETION
    """Checking the exclusive nuts on the river (K9): TNPL penalty."""

    def rule_id(self, topic: str, *default: str) -> tuple[str, ...]:
        """The rule IDs this venue cites for ``topic`` (``default`` when it has none)."""
        for key, ids in self.rule_ids:
            if key == topic:
                return tuple(i.strip() for i in ids.split(","))
        return default

    def validate(self) -> list[str]:
        """Every problem with this profile at once (like python-chess ``status()``)."""
        problems: list[str] = []
        if not 2 <= self.max_seats_per_table <= 11:
            problems.append("max_seats_per_table must be between 2 and 11 (NJ-5)")
        if not 0 <= self.late_entry_penalty_max_pct <= Fraction(30, 100):
            problems.append("late_entry_penalty_max_pct may not exceed 30% (TNPL-B2i)")
        if not 0 <= self.early_bird_bonus_max_pct <= Fraction(20, 100):
            problems.append("early_bird_bonus_max_pct may not exceed 20% (TNPL-B2iii)")
        if not 0 <= self.admin_withholding_pct < 1:
            problems.append("admin_withholding_pct must be at least 0% and below 100%")
        if sum(self.sng_payout_pct) != 1:
            problems.append("sng_payout_pct must sum to 100% (FOX-SNG)")
        if not 0 <= self.pko_bounty_share <= 1:
            problems.append("pko_bounty_share must be between 0% and 100%")
        for suits_field in ("race_suit_order", "suit_order_high_to_low"):
            suits = getattr(self, suits_field)
            if suits and sorted(suits) != sorted("shdc"):
                problems.append(f"{suits_field} must order the four suits s, h, d, c")
        if self.clock_action_seconds <= 0 or self.clock_countdown_seconds < 0:
            problems.append("clock times must be positive (B15)")
        if self.payout_rounding_unit_cents <= 0:
            problems.append("payout_rounding_unit_cents must be positive (H5)")
        if self.hfh_seconds_per_hand <= 0:
            problems.append("hfh_seconds_per_hand must be positive (FOX-HFH)")
        if self.halt_when_short_by is not None and self.halt_when_short_by < 2:
            problems.append("halt_when_short_by must be at least 2 (C5)")
        if self.balance_max_diff < 1:
            problems.append("balance_max_diff must be at least 1 (C5)")
        return problems

    def replace(self, **changes: Any) -> RuleProfile:
        """A copy with some fields changed (values parsed as in a profile file)."""
        return _from_mapping({**_as_mapping(self), **changes})

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe view: enums as their values, fractions as ``"n/d"`` strings."""
        return {name: _to_json(value) for name, value in _as_mapping(self).items()}


def _as_mapping(profile: RuleProfile) -> dict[str, Any]:
    return {f.name: getattr(profile, f.name) for f in fields(profile)}


def _to_json(value: Any) -> Any:
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def parse_fraction(value: object) -> Fraction:
    """An exact ratio from ``"3%"``, ``"1/2"``, ``"0.5"``, ``3`` or a ``Fraction``."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise InvalidCommand(f"{value!r} is not a ratio")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str):
        text = value.strip()
        try:
            if text.endswith("%"):
                return Fraction(text[:-1].strip()) / 100
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            pass
    raise InvalidCommand(f"{value!r} is not a ratio (write 3%, 1/2 or 0.5)")


_HINTS: dict[str, Any] = {}
_NONE_WORDS = ("never", "none", "unlimited", "per_event")
"""TOML has no null: these words stand for ``None`` in an optional field."""


def _coerce(name: str, hint: Any, value: Any) -> Any:
    origin = get_origin(hint)
    args = get_args(hint)
    optional = type(None) in args
    if optional and (value is None or (isinstance(value, str) and value in _NONE_WORDS)):
        return None
    if value is None:
        raise InvalidCommand(f"profile field {name} may not be empty")
    if optional:  # X | None
        inner = [a for a in args if a is not type(None)]
        return _coerce(name, inner[0], value)
    if hint is Fraction:
        return parse_fraction(value)
    if origin is tuple:
        if isinstance(value, dict):  # a TOML table of pairs, e.g. [rule_ids]
            value = sorted(value.items())
        if not isinstance(value, list | tuple):
            raise InvalidCommand(f"profile field {name} must be a list")
        item = args[0]
        return tuple(_coerce(name, item, v) for v in value)
    if isinstance(hint, type) and issubclass(hint, str) and hint is not str:
        try:
            return hint(value)
        except ValueError:
            allowed = ", ".join(m.value for m in hint)  # type: ignore[attr-defined]
            raise InvalidCommand(
                f"profile field {name}: {value!r} is not one of {allowed}"
            ) from None
    if hint is bool:
        if not isinstance(value, bool):
            raise InvalidCommand(f"profile field {name} must be true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidCommand(f"profile field {name} must be a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise InvalidCommand(f"profile field {name} must be text")
        return value
    return value


def _from_mapping(data: dict[str, Any]) -> RuleProfile:
    if not _HINTS:
        _HINTS.update(get_type_hints(RuleProfile))
    known = {f.name for f in fields(RuleProfile)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidCommand(f"unknown profile field(s): {', '.join(unknown)}")
    kwargs = {k: _coerce(k, _HINTS[k], v) for k, v in data.items()}
    profile = RuleProfile(**kwargs)
    problems = profile.validate()
    if problems:
        raise InvalidCommand(f"profile {profile.name!r} is invalid: " + "; ".join(problems))
    return profile


def _read_builtin(name: str) -> dict[str, Any]:
    resource = resources.files("pokertd.rules").joinpath("profiles", f"{name}.toml")
    return tomllib.loads(resource.read_text(encoding="utf-8"))


def _resolve(data: dict[str, Any], seen: tuple[str, ...] = ()) -> dict[str, Any]:
    parent = data.pop("inherits", None)
    if parent is None:
        return data
    if parent in seen:
        raise InvalidCommand(f"profile inheritance loops through {parent!r}")
    if parent not in BUILTIN_PROFILES:
        raise InvalidCommand(
            f"unknown profile {parent!r} to inherit from; known: {', '.join(BUILTIN_PROFILES)}"
        )
    base = _resolve(_read_builtin(parent), (*seen, parent))
    merged = {**base, **data}
    if isinstance(base.get("rule_ids"), dict) and isinstance(data.get("rule_ids"), dict):
        merged["rule_ids"] = {**base["rule_ids"], **data["rule_ids"]}
    return merged


MAX_FILE_BYTES = 1 << 20
"""The largest profile, template, structure, payout table or hand history read (1 MiB)."""
MAX_TOML_DEPTH = 16
"""Nested tables and arrays deeper than this in a configuration file are refused."""


def read_text_file(path: Path, what: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a file a user named, read with a bound: at most ``max_bytes``
    (``/dev/zero`` or a 2 GB file is refused at once, not read). Anything unreadable
    raises ``InvalidCommand`` with one sentence naming ``what`` and the path."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise InvalidCommand(f"There is no {what} file {path}.") from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InvalidCommand(f"Cannot read the {what} file {path}: {reason}.") from None
    if len(raw) > max_bytes:
        raise InvalidCommand(
            f"The {what} file {path} is too large (more than {max_bytes // 1024:,} KiB)."
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidCommand(f"The {what} file {path} is not UTF-8 text.") from None


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """``text`` parsed as TOML, refusing bad TOML and nesting deeper than
    :data:`MAX_TOML_DEPTH` with ``InvalidCommand`` (``where`` names the file)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidCommand(f"{where} is not valid TOML: {exc}") from None
    except RecursionError:
        raise InvalidCommand(f"{where} is nested too deeply.") from None
    if _depth(data) > MAX_TOML_DEPTH:
        raise InvalidCommand(f"{where} is nested too deeply (more than {MAX_TOML_DEPTH} levels).")
    return data


def _depth(value: object, level: int = 0) -> int:
    """How deeply ``value`` nests tables and arrays (stops counting past the limit)."""
    if level > MAX_TOML_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


def load_profile(name_or_path: str | Path) -> RuleProfile:
    """A built-in profile by name (``"foxwoods"``) or a profile file a user wrote.

    A file may say ``inherits = "tda"`` (or any built-in) and list only what differs.
    Unknown names, unknown fields and bad values raise ``InvalidCommand``.
    """
    text_name = str(name_or_path)
    if text_name in BUILTIN_PROFILES:
        data = _read_builtin(text_name)
        data.setdefault("name", text_name)
    else:
        path = Path(name_or_path)
        if not path.is_file():
            raise InvalidCommand(
                f"unknown profile {text_name!r}: not a built-in ({', '.join(BUILTIN_PROFILES)})"
                " and no such file"
            )
        data = parse_toml(read_text_file(path, "profile"), f"profile file {path}")
        data.setdefault("name", path.stem)
    return _from_mapping(_resolve(data))


def profile_from_dict(data: dict[str, Any]) -> RuleProfile:
    """A profile from a JSON/TOML mapping (as stored in a tournament's created event)."""
    return _from_mapping(_resolve(dict(data)))


__all__ = [
    "BUILTIN_PROFILES",
    "RuleProfile",
    "load_profile",
    "parse_fraction",
    "profile_from_dict",
]
