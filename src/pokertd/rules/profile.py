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

import ast
import difflib
import re
import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from enum import StrEnum
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

import tomli_w

from pokertd.errors import InvalidCommand, PokertdError
from pokertd.i18n import N_, Phrase
from pokertd.rules import catalogue
from pokertd.rules.enums import (
    AddonWindow,
    AlternateOrder,
    AmbiguousAmountRule,
    AnteType,
    BalancePlayerSelected,
    BalanceSeatRule,
    BbaAmount,
    BbaReducedAmount,
    BbaShortPriority,
    BountyPot,
    BountySplitRule,
    BrokenTableSeatDraw,
    ButtonErrorFix,
    ButtonRule,
    ButtonStartMethod,
    CheckExclusiveNuts,
    ClockExpiry,
    ClockStartedBy,
    ColorUpMethod,
    DeadHandPolicy,
    DealClockPause,
    DealsAllowed,
    DepartedChipsRemoved,
    DisputeWindow,
    DqChips,
    EarlyBirdDeadline,
    FeeComponent,
    FinalTableSize,
    FinishMethod,
    ForfeitWindow,
    FourCardFlopRule,
    GuaranteeBasis,
    HandForHandEnd,
    HandStartEvent,
    HeadsUpTransition,
    InvalidDeclarations,
    LateSeatDealIn,
    MinBet,
    MinRaiseRule,
    MisdealConditions,
    MissedRoundHands,
    MultichipLastChips,
    OddChipRecipient,
    OddChipStudCard,
    OddChipUnit,
    OfficialTerm,
    OotWhenActionChanges,
    OvercallThreshold,
    OversizedChipRule,
    PostedRuleField,
    PostflopFirstToAct,
    PotCountOnRequest,
    PreflopFirstToAct,
    PresenceCheckpoint,
    PrizePoolComponent,
    RabbitHunt,
    RaceNewChipRounding,
    RaceRemainder,
    RaiseMethodCShortFirstPush,
    ReentrySeat,
    RefuseMoveConsequence,
    RemainderTo,
    ReopenRule,
    SeatAssignment,
    SeatManualOverride,
    ShowdownAfterOrder,
    ShowdownOrderBet,
    ShowdownOrderNoBet,
    ShowRequestRule,
    SimultaneousElimOrder,
    SkippedPlayerCutoff,
    StartingStackSource,
    SubstantialActionRule,
    SurvivorRemainderTo,
    TableBreakOrder,
    TableLanguageRule,
    TimedEndTie,
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
    venue: str = "TDA"
    """The catalogue code whose rule IDs this profile cites (``KPC``, ``TNPL``, ``NJ``,
    ``SPOT``, ``FOX``; ``TDA`` for the Poker TDA rules): see :meth:`cite`. A profile that
    inherits from a venue cites that venue's rules."""
    # --- Registration & entries (2a) -------------------------------------------------
    reg_min_age: int | None = None
    """Minimum age to register (A1: TNPL-A2, SPOT-6.2, FOX-REG9): TNPL 18, SPOT 21, FOX 21
    (Rewards card); KPC, NJ, TDA n/s (``None``)."""
    reg_membership_required: str | None = None
    """Membership the floor must confirm at registration (A1, A2: KPC-57, FOX-REG9,
    SPOT-2c1): KPC club membership, FOX Rewards card, SPOT sign-in sheet, present in
    person."""
    reg_opens_min_before_start: int | None = None
    """Registration opens at least this many minutes before the start (A2: FOX-REG1): FOX
    30; others n/s."""
    reg_remote_allowed: bool = True
    """Remote/phone registration (A2: FOX-REG3, SPOT-2c1): FOX and SPOT false."""
    reg_entry_transferable: bool = True
    """Whether an entry may pass to another player (A1: FOX-REG8): FOX false."""
    field_cap: int | None = None
    """Default most entries the house accepts, ``None`` = set by the event (A2:
    FOX-REG7): per event everywhere; FOX says the house may limit it."""
    reg_one_live_event_per_player: bool = False
    """A player may be alive in one event only (A2, A13: FOX-REG5): FOX true."""
    starting_stack_source: StartingStackSource = StartingStackSource.UNIFORM
    """Uniform stacks, or per player from league points (A3: SPOT-6.26, NJ-2, FOX-REG2):
    uniform everywhere but SPOT, ``per_event_from_points``: its Quarterly Tournament (a
    template with ``stacks_from_points``, ``spot_quarterly``) takes each player's stack
    from the season's points, every other session gives everyone the same stack."""
    starting_stack: int | None = None
    """Default starting stack in chips, ``None`` = set by the event (A3: NJ-2, NJ-44a,
    FOX-REG2, FOX-7): per event everywhere (FOX 15,000-50,000 by event, Appendix A)."""
    late_reg_close_after_level: int | None = None
    """Default level after which registration closes, ``None`` = set by the event (A4:
    KPC-18, TNPL-B2ii, SPOT-6.3, FOX-REG1): TNPL at least 3, SPOT 1, FOX 6, NJ 0 (no late
    registration, Appendix D #9)."""
    late_reg_min_levels: int = 0
    """Registration must stay open at least this many levels (A4: TNPL-B2ii): TNPL 3.
    Matrix ``late_reg_close_after_level`` TNPL "at least 3"."""
    late_reg_extended_close_after_level: int | None = None
    """Close level for a player pre-approved before the start (A4: SPOT-6.3): SPOT 2."""
    late_entry_penalty_pct_per_level: Fraction = Fraction(0)
    """Largest late-entry stack reduction per level of entry an event may set (A5:
    TNPL-B2i): TNPL 10 % (a venue option of 0-10 %, the documented example), others 0."""
    late_entry_penalty_max_pct: Fraction = Fraction(0)
    """Largest late-entry stack reduction an event may set (A5: TNPL-B2i): TNPL 30 %,
    others 0. Matrix name ``late_entry_penalty_cap_pct``."""
    early_bird_deadline: EarlyBirdDeadline = EarlyBirdDeadline.NONE
    """Whether the venue runs an early-registration deadline (A6: TNPL-B2iii): TNPL
    ``venue_defined`` (the event sets the time), others ``none``."""
    early_bird_bonus_max_pct: Fraction = Fraction(0)
    """Largest early-registration bonus an event may set (A6: TNPL-B2iii, SPOT-6.26,
    NJ-2): TNPL 20 %, others 0. Matrix name ``early_bird_bonus_pct``."""
    reg_absentee_stack_in_play: bool = True
    """A registered absentee's stack is dealt in and blinded (A7: TNPL-B2iv, FOX-REG2):
    TNPL, FOX true; SPOT requires presence (not applicable)."""
    reentry_allowed: bool = True
    """Whether events at this venue may offer re-entry (A8: KPC-18, FOX-RE, TNPL-B2i,
    NJ-8, SPOT-6.26): NJ and SPOT false; per event elsewhere."""
    reentry_max: int | None = None
    """Most re-entries per player, ``None`` = unlimited (A8: KPC-18, FOX-RE)."""
    reentry_seat: ReentrySeat = ReentrySeat.RANDOM
    """Where a re-entry sits (A8, C3: KPC-18, FOX-RE, FOX-7): KPC a new random seat taken
    at once, FOX random at the same or another table, TDA random."""
    reentry_requires_zero_chips: bool = True
    """Re-entry only with no chips, or after a forfeit (A8: KPC-18, FOX-RE): KPC, FOX true
    (FOX: otherwise disqualification)."""
    rebuy_allowed: bool = True
    """Whether events at this venue may offer rebuys (A9: KPC-17, TNPL-D5, NJ-8,
    SPOT-6.26): SPOT false; per event elsewhere."""
    rebuy_max_per_player: int | None = None
    """Most rebuys per player, ``None`` = set by the event (A9: NJ-8, NJ-44b): NJ 3."""
    rebuy_window_minutes: int | None = None
    """Rebuys only within this many minutes of play, clock time, breaks excluded (A9:
    NJ-8, NJ-44b): NJ 60 (Appendix D #11). Matrix name ``rebuy_window``."""
    rebuy_chips_behind: bool = True
    """A rebuy announced before a hand plays in that hand (A9: KPC-17, TNPL-D5, FOX-27)."""
    addon_allowed: bool = True
    """Whether events at this venue may offer an add-on (A10: FOX-ADDON): FOX satellites;
    others n/s, so the event decides."""
    addon_window: AddonWindow = AddonWindow.DESIGNATED_LEVEL
    """When an add-on may be bought (A10: FOX-ADDON): at the event's designated time (its
    level, or the break after it)."""
    addon_requires_chips: bool = True
    """An add-on needs a stack above zero (A10: FOX-ADDON): FOX true."""
    forfeit_allowed: bool = False
    """A live stack may be forfeited to re-enter (A11: KPC-56, FOX-FORF1): KPC, FOX true;
    TNPL, NJ, SPOT false."""
    forfeit_window: ForfeitWindow = ForfeitWindow.REGISTRATION_CLOSE_POINT_ONLY
    """When a forfeit is allowed (A11: KPC-56, FOX-FORF2, FOX-72A): KPC any time while
    registration is open, FOX only at the registration-close point."""
    forfeit_blocked_in_bounty: bool = True
    """No forfeit in bounty events: the player must be felted (A11, I5: KPC-56,
    FOX-FORF1)."""
    alternates_enabled: bool = True
    """An alternate list may be kept (A12: KPC-6f, TNPL-B2, FOX-REG7): TNPL league use only
    (false), NJ false."""
    alternate_order: AlternateOrder = AlternateOrder.FIFO
    """In which order alternates are seated (A12: KPC-6f, FOX-REG7): KPC first in, first
    out; FOX at the house's discretion; FIFO elsewhere (IMPL)."""

    # --- Structure & clock (2b) ------------------------------------------------------
    level_schedule: str | None = None
    """Default structure preset, ``None`` = the event's template names one (B1: FOX-EVT,
    FOX-STR-W, FOX-STR-B, FOX-STR-SST, SPOT-6.3, NJ-44b): per event everywhere (FOX
    Appendix A/B, NJ posted, SPOT level 1 = 5-10)."""
    level_duration_rule: tuple[tuple[int, int, int], ...] = ()
    """Level lengths as ``(first_level, last_level, minutes)`` rows, ``last_level`` 0 =
    open-ended; empty = the structure's own durations (B1: FOX-EVT, TNPL-D6): per event
    everywhere (FOX e.g. 1-16 at 15 min, 17+ at 20 min)."""
    break_schedule: tuple[int, ...] = ()
    """Levels after which a break is taken; empty = the structure's own breaks (B2:
    FOX-STR-W, FOX-STR-B, SPOT-6.20): per structure (FOX W after 12, 16, 20; B after 4;
    SST none, Appendix D #26 "as tabulated")."""
    ante_type: AnteType = AnteType.NONE
    """Default ante kind for generated structures (B3: KPC-53, FOX-BBA1): KPC and FOX
    big-blind ante (FOX from level 3); NJ none; TNPL, SPOT, TDA n/s."""
    bba_amount: BbaAmount = BbaAmount.PER_LEVEL
    """How large the big-blind ante is (B3: KPC-53, FOX-BBA1): KPC and FOX equal to the big
    blind; TDA n/s (the structure's ante column)."""
    bba_short_priority: BbaShortPriority = BbaShortPriority.BLIND_FIRST
    """A big blind short of blind + ante pays (B4: KPC-53, FOX-BBA2): KPC the ante first,
    FOX/TDA 2024 the blind first, remainder as a partial ante (Appendix D #3)."""
    ante_to_main_pot: bool = True
    """The ante is dead money in the main pot (B5: FOX-BBA2): KPC, FOX true."""
    bba_reduced_when_players_le: int | None = None
    """Big-blind ante reduced once this many players or fewer remain (B6: KPC-53, FOX-11B):
    KPC 5; ``None`` = never (FOX full BBA at the final table, TDA 2024)."""
    bba_reduced_amount: BbaReducedAmount = BbaReducedAmount.SMALL_BLIND
    """What the reduced big-blind ante is (B6: KPC-53): KPC the small blind (Appendix D
    #2)."""
    hand_start_event: HandStartEvent = HandStartEvent.FIRST_RIFFLE_OR_SHUFFLER_BUTTON
    """When a hand begins, for level changes and disputes (B7: KPC-13A, TNPL-D1, FOX-23,
    SPOT-2a4): KPC and SPOT the first riffle; TNPL, FOX, TDA the first riffle or the
    shuffler button. The software's hand start is the deal."""
    posted_blinds_keep_old_level: bool = False
    """Blinds posted before the level changed keep the old level (B7: TNPL-D1): all false."""
    dealer_push_grace_hand: bool = False
    """A hand finished before zero is followed by one more hand at the old level (B8:
    FOX-23A, FOX-23B): FOX true."""
    hfh_seconds_per_hand: int = 120
    """Clock time taken off for each hand-for-hand hand (B10: FOX-HFH): FOX 2 minutes.
    Matrix name ``hfh_minutes_per_hand`` (kept in seconds here)."""
    hfh_sync_tables: bool = True
    """No table deals the next hand-for-hand hand until all have finished (B10: FOX-HFH)."""
    hfh_ends_at: HandForHandEnd = HandForHandEnd.BUBBLE
    """When hand-for-hand ends (B10: FOX-HFH, played "when nearing the prize payouts"):
    ``bubble`` = by itself once every table has finished the hand in which the field reached
    the places paid (a satellite: its seats); ``floor`` = only when the floor ends it. IMPL:
    the TDA practice, ``bubble``, everywhere (the other rulebooks are silent)."""
    colorup_method: ColorUpMethod = ColorUpMethod.RACE
    """Colour-up by chip race or by rounding up (B11, B12: KPC-14A, TNPL-D2i, SPOT-6.4,
    FOX-24A): SPOT round-up, TNPL either (TD choice), KPC/FOX/TDA race."""
    race_start_seat: int = 1
    """The chip race deals from this seat clockwise (B11: KPC-14B, TNPL-D2ii, FOX-24A)."""
    race_max_chips_per_player: int = 1
    """Nobody wins more than this many chips in a race (B11: KPC-14B, TNPL-D2ii, FOX-24A)."""
    race_all_cards_per_player_first: bool = False
    """Each player gets all his race cards before the next seat (B11: TNPL-D2ii): TNPL
    true."""
    race_suit_order: str = "shdc"
    """Suit order for race ties, high to low (B11: TNPL-D2ii): spades, hearts, diamonds,
    clubs (TNPL; IMPL for KPC, FOX)."""
    race_out_protection: bool = True
    """Nobody is raced out: a player left without chips gets one of the lowest
    denomination (B11: KPC-14C, TNPL-D2ii, FOX-24B)."""
    removed_chip_remainder_after_race: RaceRemainder = RaceRemainder.REMOVED_WITHOUT_COMPENSATION
    """Removed chips found after the race (B11: KPC-14D, TNPL-D2iii, FOX-24C): TNPL
    exchanged at equal value; KPC, FOX, TDA removed without compensation."""
    race_new_chip_rounding: RaceNewChipRounding = RaceNewChipRounding.NEAREST_HALF_UP
    """How the raced odd-chip total becomes new chips (B11: KPC-14B, TNPL-D2ii, FOX-24A):
    nearest whole chip, half up (IMPL, Appendix D #14)."""
    race_errors_correctable: bool = True
    """Whether a logged race may be corrected (B13: TNPL-D2iv): TNPL false."""
    denominations: tuple[int, ...] = ()
    """Chip denominations in play at the start; empty = set by the event (B14: FOX-25B,
    KPC-15C, TNPL-D3ii): FOX 100, 500, 1,000 (larger added as needed); per event
    elsewhere."""
    min_wager_chip_unit: int | None = None
    """Smallest chip unit a wager may use, ``None`` = the smallest denomination in play
    (B14: SPOT-5c9): SPOT an optional bring-in unit (per event)."""
    clock_action_seconds: int = 25
    """Time to act once a clock is called (B15: KPC-20, TNPL-D6, SPOT-5c10, FOX-29): TNPL
    50, SPOT 50 (60 s in all, Appendix D #4), KPC/FOX/TDA 25."""
    clock_countdown_seconds: int = 5
    """Final countdown after the action time (B15: KPC-20, TNPL-D6, SPOT-5c10, FOX-29):
    TNPL and SPOT 10, others 5."""
    clock_scale: tuple[tuple[int, int, int], ...] = ()
    """Shorter clocks for short levels (B15: TNPL-D6): ``(level_minutes_below, action,
    countdown)`` rows, first match wins; empty = no scaling. IMPL values for TNPL. Matrix
    name ``clock_scales_with_level_minutes``."""
    clock_expiry_facing_bet: ClockExpiry = ClockExpiry.DEAD
    """Hand facing a bet when the clock runs out (B15: KPC-20, TNPL-D6, SPOT-5c10,
    FOX-29): dead everywhere."""
    clock_expiry_no_bet: ClockExpiry = ClockExpiry.CHECK
    """Hand not facing a bet when the clock runs out (B15: KPC-20, TNPL-D6, SPOT-5c10,
    FOX-29): TNPL dead (Appendix D #5); SPOT check (Appendix D #4)."""
    clock_tie_to_player: bool = True
    """An action as the time ends stands (B15: TNPL-D6, FOX-29)."""
    clock_requester_must_be_seated: bool = True
    """Only a seated player may ask for a clock (B15: KPC-20, TNPL-D6, FOX-29)."""
    clock_started_by: ClockStartedBy = ClockStartedBy.TD_OR_APPROVED_REQUEST
    """Who starts a clock (B15: KPC-20, TNPL-D6, SPOT-5c10, FOX-29): KPC floor, TNPL on
    call, SPOT TD only, FOX/TDA the TD or an approved request."""

    # --- Seating & balancing (2c) ----------------------------------------------------
    seat_manual_override: SeatManualOverride = SeatManualOverride.TD
    """Who may seat a player by hand instead of the draw (C1: FOX-6, FOX-8, TNPL-K1,
    SPOT-2c2): FOX with a supervisor's approval (special needs), TNPL at feature tables at
    the league's discretion, SPOT the TD; TDA n/s (IMPL the TD)."""
    keep_apart_allowed: bool = True
    """Whether the director may name players who must not sit at one table (C1, M5:
    SPOT-2c3 "any two players not play in the same game"; husband and wife, relatives,
    business partners). Every venue allows it: SPOT says so; elsewhere it is the director's
    discretion (TDA Rule 1; FOX-6 honours a seat request only with a supervisor's approval,
    which the director's command is), and the draw stays random among the tables the player
    may take. A venue whose seating must be random without exception sets it false."""
    seat_assignment: SeatAssignment = SeatAssignment.RANDOM
    """Initial seating (C1: KPC-6a, TNPL-B1, FOX-6, SPOT-2c2): random; SPOT fills the
    neediest table."""
    late_seat_assignment: SeatAssignment = SeatAssignment.RANDOM
    """Late entries, re-entries and alternates (C3: KPC-6c, FOX-7, SPOT-2c2): random open
    seat; SPOT the neediest table."""
    late_seat_deal_in: LateSeatDealIn = LateSeatDealIn.IMMEDIATELY_EXCEPT_BETWEEN_SB_AND_BUTTON
    """When a late entry in a drawn seat is dealt in (C3: FOX-7, KPC-6c): at once, except a
    seat between the small blind and the button, which waits for the button (every venue,
    D4)."""
    table_break_order: TableBreakOrder = TableBreakOrder.PREDETERMINED_PROCEDURE
    """Which table breaks next (C4: KPC-6d, TNPL-B5, FOX-9, FOX-SURV2): KPC a preset list;
    TNPL/FOX/TDA a predetermined procedure (IMPL: highest table number first)."""
    broken_table_seat_draw: BrokenTableSeatDraw = BrokenTableSeatDraw.RANDOM
    """Reseating a broken table (C4: FOX-9, KPC-6e, TNPL-B6iv): FOX two-step random
    (table, then seat); random elsewhere."""
    balance_max_diff: int = 2
    """Largest allowed difference between table sizes (C5: KPC-7, TNPL-B6v, FOX-10D): KPC
    2; TNPL/FOX/TDA TD discretion (IMPL 2)."""
    balance_tight_near_money: bool = True
    """Tolerance drops to one when tables_remaining <= ceil(paid/seats) + 1 (C5: KPC-7):
    KPC; IMPL for TDA's "more tightly as the event progresses"."""
    notify_host_table_size: int | None = None
    """Notify the host when a table falls to this size (C5: SPOT-6.20): SPOT 5."""
    halt_when_short_by: int | None = 3
    """A table this many short of the fullest stops dealing (C5: TNPL-B6v, FOX-10D,
    SPOT-2c2): TNPL, FOX, TDA 3; SPOT never (``None``)."""
    halt_full_table_events_only: bool = True
    """The halt applies to full-table events only; 6-max and turbos at TD discretion (C5:
    TNPL-B6v, FOX-10D)."""
    refuse_move_consequence: RefuseMoveConsequence = RefuseMoveConsequence.TD_DECIDES
    """What a player who refuses a balancing move faces (C6: SPOT-2c6): SPOT forced to quit
    for the day; n/s elsewhere (the TD decides)."""
    balance_player_selected: BalancePlayerSelected = BalancePlayerSelected.NEXT_BIG_BLIND
    """Who moves to balance (C6: KPC-7, TNPL-B6ii, FOX-10A, SPOT-2c6): the player due the
    big blind next; SPOT the TD's choice."""
    balance_seat_rule: BalanceSeatRule = BalanceSeatRule.WORST_POSITION
    """Where the moved player sits (C6: KPC-8d, KPC-8e, TNPL-B6ii, FOX-10A, SPOT-2c7): KPC
    any seat but SB/button; SPOT the same position if possible; worst position, never the
    SB, elsewhere."""
    allow_overfull_start: bool = False
    """A table may start with one player over its size (C12: SPOT-2c5): SPOT true."""
    must_rack_for_move: bool = False
    """Moved players carry their chips in racks (C8: FOX-63, TNPL-A4): FOX racks provided
    (true); TNPL per event; n/s elsewhere."""
    final_table_size: FinalTableSize = FinalTableSize.SEATS_PLUS_ONE_MAX_10
    """Final table size (C9: KPC-9, TNPL-B4, FOX-11A): KPC the table's seats; TNPL/FOX/TDA
    seats + 1, at most 10."""
    final_table_redraw: bool = True
    """The final table is redrawn (C10: KPC-9, TNPL-B6i, SPOT-6.5): KPC true; TNPL TD
    discretion (false); SPOT button draw only (false)."""
    button_start_method: ButtonStartMethod = ButtonStartMethod.HIGH_CARD_DRAW
    """First button (C11: SPOT-2c4, TNPL-D9, NJ-15): high card (IMPL for KPC, FOX); NJ the
    player left of the dealer."""
    suit_order_high_to_low: str = "shdc"
    """Suit order for button draws (C11: SPOT-3f1, TNPL-D9, NJ-15): spades, hearts,
    diamonds, clubs; NJ treats suits as equal (``""``)."""
    button_redraw_new_player_ratio: Fraction | None = None
    """A reseated table with at least this share of new players draws for the button
    (C10: SPOT-6.5): SPOT 1/2."""
    max_seats_per_table: int = 11
    """Most seats at a table (C12, C13: NJ-5, SPOT-2c5): NJ 11; events set their own up to
    this."""

    # --- Button & blinds (2d) --------------------------------------------------------
    button_rule: ButtonRule = ButtonRule.DEAD
    """Dead or moving button (D1: KPC-23A, TNPL-F1, FOX-32, NJ-15, NJ-16, SPOT-4a2): NJ
    moving; SPOT dead or moving, configured per event (Appendix D #6); dead elsewhere."""
    heads_up_transition: HeadsUpTransition = HeadsUpTransition.NO_BB_TWICE
    """First heads-up hand (D3: KPC-23C, TNPL-F3, FOX-34, NJ-17N, SPOT-4a6): KPC the last
    big blind takes the button; NJ the button posts the small blind; no big blind twice
    elsewhere."""
    button_error_fix: ButtonErrorFix = ButtonErrorFix.TD_DECIDES
    """How a misplaced button is corrected (D6: KPC-24J, FOX-33, SPOT-3c1, SPOT-3a6): KPC
    and FOX back one, then forward two; SPOT misdeal before action, else a rebalance round;
    n/s elsewhere (the TD decides)."""
    arrival_may_wait_for_bb: bool = False
    """A new player may wait for the big blind (D7: SPOT-2c7, SPOT-4a7): SPOT's cash-game
    text; a flag, default off (Appendix D #7)."""
    straddle_allowed: bool = False
    """Live straddles (D9: SPOT-4a12): false everywhere (SPOT says so, others n/s)."""
    chop_blinds_allowed: bool = False
    """The blinds may take their blinds back when all fold to them (D9: SPOT-5c2,
    SPOT-2b11): SPOT false; n/s elsewhere (false)."""
    preflop_first_to_act: PreflopFirstToAct = PreflopFirstToAct.LEFT_OF_BIG_BLIND
    """Who acts first before the flop (D2: NJ-19, SPOT-4a10): the player left of the big
    blind, everywhere."""
    postflop_first_to_act: PostflopFirstToAct = PostflopFirstToAct.FIRST_ACTIVE_LEFT_OF_BUTTON
    """Who acts first after the flop (D2: NJ-23, SPOT-4.0): the first active player left of
    the button, everywhere."""
    burn_before_hole_cards: bool = False
    """Burn a card before the hole cards (D2: NJ-18): NJ true."""

    # --- Betting (2e) ----------------------------------------------------------------
    min_raise_rule: MinRaiseRule = MinRaiseRule.CURRENT_PLUS_LARGEST_INCREMENT
    """Minimum raise (E2: KPC-33, TNPL-H5i, FOX-46A, SPOT-3d3, NJ-Def14): current bet plus
    the last full increment; SPOT double the current bet; NJ call plus one chip (Appendix D
    #8)."""
    reopen_rule_nl_pl: ReopenRule = ReopenRule.FULL_RAISE_CUMULATIVE
    """Short all-ins re-open betting only when they add up to a full raise (E4: KPC-34,
    TNPL-H5ii, FOX-47): KPC, TNPL full raise; FOX/TDA cumulative; SPOT, NJ n/s."""
    reopen_fraction_limit: Fraction = Fraction(1, 2)
    """In limit games an all-in of at least this share of a bet re-opens (E4: KPC-34,
    TNPL-H5ii, FOX-47): 0.5."""
    raise_cap_nl_pl: int | None = None
    """Most raises per betting round in no-limit and pot-limit (E5: NJ-44c): NJ 3 (all-ins
    count, Appendix D #8); none elsewhere."""
    raise_cap_limit: int | None = 4
    """Most raises after the bet in fixed-limit (E5: KPC-37, TNPL-H9, FOX-51, NJ-44c): KPC
    4, NJ 3, house value elsewhere (IMPL 4)."""
    raise_cap_lifted_when_tournament_players_le: int | None = 2
    """The cap lifts when the whole tournament is down to this many players (E5: KPC-37,
    TNPL-H9, FOX-51, NJ-44c): 2; NJ never (``None``)."""
    pl_preflop_short_blinds_count_full: bool = True
    """Pre-flop, a short all-in blind counts as full for the pot-limit maximum (E6: KPC-54,
    FOX-53B)."""
    pl_dead_small_blind_counts_full: bool = False
    """A dead small blind counts as posted for the pot-limit maximum (E6: KPC-54): KPC
    true."""
    overcall_raise_threshold: OvercallThreshold = OvercallThreshold.HALF_LAST_INCREMENT
    """Chips above a call that make a raise (E13: KPC-29B, TNPL-H5i, FOX-46A, SPOT-3d10):
    KPC and SPOT 1.5 x the current bet (KPC Appendix D #1); half the last increment
    elsewhere."""
    undercall_rule: UndercallRule = UndercallRule.FULL_VS_OPENER_OR_HEADSUP_ELSE_TD
    """Undercalls (E12: KPC-29A, TNPL-H1i, FOX-42B, SPOT-3d9): KPC full heads-up, the
    player's option multi-way; SPOT always full; full against the opener or heads-up, else
    the TD, elsewhere."""
    multichip_last_chips: MultichipLastChips = MultichipLastChips.OVERCALL_STANDARD
    """Several last chips pushed (E16: KPC-36, TNPL-H7, FOX-49): KPC all-in; the 50 %
    standard elsewhere."""
    oversized_last_chip_is_call: bool = True
    """A single oversized last chip is a call (E15: FOX-48, KPC-35, TNPL-H6, SPOT-3d11):
    FOX/TDA; IMPL true elsewhere."""
    verbal_vs_chips: VerbalVsChips = VerbalVsChips.FIRST_WINS_SIMULTANEOUS_VERBAL
    """Words versus chips (E9: KPC-27B, FOX-40B, SPOT-5c3): the first wins, at the same
    time a clear verbal; SPOT verbal wins."""
    ambiguous_amount_rule: AmbiguousAmountRule = AmbiguousAmountRule.LARGEST_LT_POT
    """A stated amount that can mean several values, "five" (E21: KPC-42, TNPL-H13,
    FOX-57): TNPL the lesser, KPC the largest not above the pot, FOX/TDA the largest below
    the pot."""
    oot_when_action_changes: OotWhenActionChanges = OotWhenActionChanges.VOID_RETURN_ALL_OPTIONS
    """An out-of-turn action once someone bet or raised before the player's turn (E25:
    KPC-30, TNPL-H2i, FOX-43A, SPOT-3d4, SPOT-3d6): KPC/FOX/TDA void, chips back, every
    option; TNPL the chips stay, call or fold; SPOT call or fold, no raise."""
    official_terms: tuple[OfficialTerm, ...] = (
        OfficialTerm.CHECK,
        OfficialTerm.BET,
        OfficialTerm.CALL,
        OfficialTerm.RAISE,
        OfficialTerm.FOLD,
        OfficialTerm.ALL_IN,
        OfficialTerm.COMPLETE,
        OfficialTerm.POT,
    )
    """The words that bind a player (E22: KPC-3, TNPL-A5, FOX-3): check, bet, call, raise,
    fold, all-in, complete, and "pot" in pot-limit only; the standard list everywhere."""
    tap_is_check: bool = True
    """Tapping the table is a check (E22: KPC-41, FOX-56, SPOT-3d5): true (TNPL, NJ n/s)."""
    min_bet: MinBet = MinBet.BIG_BLIND
    """The smallest opening bet (E1: KPC-29C, TNPL-H11, FOX-55, SPOT-5c2): the big blind
    everywhere (NJ n/s)."""
    pot_count_on_request: PotCountOnRequest = PotCountOnRequest.POT_LIMIT_ONLY
    """The dealer counts the pot on request in pot-limit only (E6: KPC-39, TNPL-H11,
    FOX-53A)."""
    betting_line: bool = False
    """Whether a betting line binds chips pushed over it (E9: KPC-27C, TNPL-H20): no line
    anywhere, chip release counts (SPOT: a forward motion may bind)."""
    undercall_misunderstanding_threshold: Fraction | None = None
    """A bet of at least this share of the call is a misunderstood call, not an undercall
    (E12: SPOT-3d12): SPOT 80 %; ``None`` elsewhere."""
    raise_method_c_short_first_push: RaiseMethodCShortFirstPush = (
        RaiseMethodCShortFirstPush.MIN_RAISE
    )
    """After "raise", a first push short of a minimum raise (E14: TNPL-H4, FOX-45,
    SPOT-3d10): a minimum raise (TNPL, FOX, TDA; KPC and SPOT n/s, where SPOT's string-bet
    rule can make it a string raise)."""
    oversized_chip_rule: OversizedChipRule = OversizedChipRule.CALL_UNLESS_RAISE_DECLARED
    """A single oversized chip without a word (E15: KPC-35, TNPL-H6, FOX-48, SPOT-3d11): a
    call unless a raise is declared first (not facing a bet: a bet of its full value)."""
    invalid_declarations: InvalidDeclarations = InvalidDeclarations.TDA
    """What an impossible declaration means (E20: KPC-40, FOX-55): "call" with nothing to
    call is a check, "raise" with no bet a minimum bet, "check" facing a bet loses the
    raise; TNPL, NJ, SPOT n/s (the same)."""
    skipped_player_cutoff: SkippedPlayerCutoff = SkippedPlayerCutoff.SUBSTANTIAL_ACTION
    """Until when a skipped player may still act (E26: KPC-30, TNPL-H2ii, FOX-43B,
    SPOT-3d7): until substantial action; SPOT until three players acted behind him."""
    exact_count_requires_turn: bool = True
    """A player gets an exact count of an opponent's chips only when facing action (E28:
    KPC-45, TNPL-H16, FOX-60): TNPL false."""
    dealer_clarifies_bets: bool = False
    """The dealer announces and clarifies bets (E28: KPC-45): KPC true (all-in excepted)."""

    # --- Pots & showdown (2f) --------------------------------------------------------
    odd_chip_unit: OddChipUnit = OddChipUnit.SMALLEST_DENOMINATION_IN_PLAY
    """The size of an odd chip in a split pot (F5: KPC-12C, FOX-20, SPOT-3f2): the
    smallest denomination in play everywhere."""
    odd_chip_recipient_board: OddChipRecipient = OddChipRecipient.FIRST_LEFT_OF_BUTTON
    """Odd chip of a split pot (F5: KPC-12C, TNPL-C8, FOX-20, SPOT-3f3): first winner left
    of the button at every venue (KPC "worst position" is the same seat)."""
    odd_chip_max_one_per_player: bool = True
    """With several odd units, one per winner clockwise from the button (F5: SPOT-3f4):
    SPOT; IMPL for the others (Appendix D #12)."""
    odd_chip_razz: OddChipStudCard = OddChipStudCard.HIGHEST_CARD_BY_SUIT
    """Odd chip between tied razz hands (F5: KPC-12C, TNPL-C8, FOX-20): KPC the lowest
    suit; the high card by suit in the five-card hand elsewhere (stud high: the highest
    card by suit everywhere; hi-lo: the odd chip of the whole pot to the high half)."""
    stud_suit_order_high_to_low: str = "shdc"
    """Suit order for the stud bring-in and stud odd chips (F5: KPC-12C, TNPL-C8, FOX-20;
    C11: TNPL-D9, SPOT-3f1): spades, hearts, diamonds, clubs. Stud high is brought in by
    the lowest up card, razz by the highest, the suit deciding between equal ranks."""
    showdown_order_bet_on_final_round: ShowdownOrderBet = ShowdownOrderBet.LAST_AGGRESSOR_FIRST
    """Who shows first after a bet on the final round (F6: KPC-11i, TNPL-C5, FOX-17A,
    NJ-30, SPOT-3e7): the last aggressor everywhere (NJ "last bettor", read as the final
    round's, Appendix D #10)."""
    showdown_after_order: ShowdownAfterOrder = ShowdownAfterOrder.CLOCKWISE_FROM_FIRST
    """Who shows next (F6: KPC-11i): clockwise from the first hand shown (KPC; IMPL
    elsewhere)."""
    showdown_order_no_bet: ShowdownOrderNoBet = ShowdownOrderNoBet.FIRST_TO_ACT
    """Who shows first after a checked final round (F6: KPC-11i, TNPL-C5, FOX-17A, NJ-30):
    the first to act; NJ everyone must show."""
    allin_reveal_side_pot_first: bool = False
    """Side-pot players show before main-pot-only players (F7: SPOT-3e7): SPOT true."""
    slow_roll_one_card_plays: bool = False
    """A called player who shows one card and waits plays only that card (F9: SPOT-3e4):
    SPOT true; elsewhere a floor call (false)."""
    board_play_requires_tabling: bool = True
    """Playing the board still needs the cards tabled (F10: KPC-11f, TNPL-C6, FOX-19,
    SPOT-5a9): true (NJ IMPL true)."""
    board_play_requires_declaration: bool = False
    """Playing the board must also be declared before discarding (F10: SPOT-5a9): SPOT
    true."""
    muck_is_final: bool = False
    """A mucked hand is dead at once (F11: SPOT-6.9, TNPL-C3, FOX-14): SPOT true (muck
    contact kills); TNPL and FOX not while the hand is identifiable and retrievable."""
    show_request_rule: ShowRequestRule = ShowRequestRule.CALLER_MAY_SEE_AGGRESSOR_IF_RIVER_BET
    """Who may ask to see a hand (F12: KPC-11k, TNPL-C7, FOX-18A, SPOT-3e5): a caller may
    see the aggressor's hand after a river bet (KPC, FOX, TDA); TNPL the TD's discretion;
    SPOT any dealt player may see called hands."""
    dispute_window_accounting: DisputeWindow = DisputeWindow.UNTIL_SA_NEXT_HAND
    """Until when a counting or award error may be corrected (F13: KPC-11l, TNPL-C10,
    FOX-22, SPOT-2a4, NJ-11): FOX/TDA until substantial action on the next hand (break: a
    minute after the award); KPC, TNPL, SPOT until the next hand starts; NJ the operator
    decides."""
    dispute_window_hand_reading: DisputeWindow = DisputeWindow.UNTIL_NEXT_HAND_START
    """Until when a misread hand may be corrected (F13: KPC-11l, TNPL-C10, FOX-22,
    SPOT-2a4, NJ-11): until the next hand starts; NJ the operator decides."""
    suits_break_pot_ties: bool = False
    """Suits never break a tie for a pot (F4: SPOT-3f1, NJ-33): false everywhere."""
    hi_lo_allowed: bool = True
    """Hi/lo split games may be dealt (F4: NJ-13): NJ false; per game elsewhere."""
    rake: int = 0
    """Rake taken from each pot, in cents (F18: NJ-12): 0 everywhere (NJ prohibits it)."""
    rabbit_hunt: RabbitHunt = RabbitHunt.NEVER
    """Rabbit hunting (F14: KPC-19, TNPL-D7, FOX-28, SPOT-2b17): never; SPOT on the
    winner's request with the callers' consent."""

    # --- Eliminations & finishing order (2g) -----------------------------------------
    finish_method: FinishMethod = FinishMethod.ELIMINATION
    """How the event ends (G2: NJ-6, NJ-44b, SPOT-6.15): elimination; NJ may end at a set
    time by chip count (per event), SPOT by a chop."""
    timed_end_tie: TimedEndTie = TimedEndTie.SHARE_PLACES
    """Players tied on chips when a timed event ends (G2: NJ-6): they share the places'
    prizes (IMPL, Appendix D #10)."""
    simultaneous_elim_order: SimultaneousElimOrder = SimultaneousElimOrder.START_STACK_THEN_SHARED
    """Same-hand busts (G3: SPOT-6.14, TNPL-D9): larger start-of-hand stack higher, equal
    stacks share (IMPL, Appendix D #13); SPOT then the better hand in that deal (one
    table: hand-for-hand busts at two tables are not compared by cards), then the most blue
    chips."""
    absent_pickup_minutes: int | None = None
    """An absent player's chips may be picked up after this many minutes (G4, K8:
    SPOT-2b15): SPOT 15."""
    departed_chips_removed: DepartedChipsRemoved = DepartedChipsRemoved.BLINDED_OFF
    """The chips of a player who left (G4: TNPL-B7): TNPL removed only when he is certain
    not to return; n/s elsewhere (they stay and are blinded off)."""
    points_require_immediate_signout: bool = False
    """League points need the busted player to sign out at once (G5: SPOT-6.13): SPOT
    true."""

    # --- Payouts & money (2h) --------------------------------------------------------
    fee_components: tuple[FeeComponent, ...] = ()
    """The parts of an entry's price (H1: FOX-EVT, KPC-57, NJ-44a, NJ-3): FOX buy-in, P.C.
    fee, entry fee, bounty; KPC buy-in, admin fee, promotion deduction; NJ buy-in (+ rebuy
    price); empty = not stated (the event's fees)."""
    prize_pool_components: tuple[PrizePoolComponent, ...] = ()
    """What goes into the prize pool (H2: FOX-BTY5, FOX-PAY5): FOX the buy-ins (+ bounty
    fees in bounty events); empty = per event."""
    admin_withholding_pct: Fraction = Fraction(0)
    """Administration withholding from each prize pool (H3: FOX-ADMIN): FOX 3 %; NJ 0."""
    admin_withholding_base: WithholdingBase = WithholdingBase.BUY_INS_PLUS_BOUNTY_FEES
    """What the withholding is taken from (H3: FOX-ADMIN): buy-ins + bounty fees (Appendix
    D #16)."""
    payout_table: str = "generic"
    """Default payout table (H4: FOX-PTAB): FOX ``fox_ptab``; ``generic`` = the curve
    generator (per event elsewhere)."""
    payout_rounding_unit_cents: int = 1
    """Payouts are rounded to this unit (H5, no source rule ID): IMPL one cent, half up
    (Appendix D #21). Matrix name ``payout_rounding``."""
    payout_remainder_to: RemainderTo = RemainderTo.FIRST
    """Where the rounding residual goes (H5, no source rule ID): IMPL first place (Appendix
    D #21). Matrix name ``payout_rounding``."""
    payout_schedule_posted_in_advance: bool = False
    """The prize schedule must be posted before play (H2, H13: NJ-44d): NJ true."""
    sng_payout_pct: tuple[Fraction, ...] = (Fraction(1, 2), Fraction(3, 10), Fraction(1, 5))
    """Sit & Go payout (H6: FOX-SNG): FOX 50/30/20."""
    sng_seats: int = 10
    """Seats of a Sit & Go (H6: FOX-SNG): 10 (IMPL, Appendix D #19)."""
    survivor_prize_multiple: int = 10
    """Survivor prize = this many buy-ins (H7: FOX-SURV1): FOX 10."""
    survivor_remainder_to: SurvivorRemainderTo = SurvivorRemainderTo.NEXT_FINISHER
    """Who gets the survivor remainder prize (H7: FOX-SURV1): IMPL the next finisher
    (Appendix D #18)."""
    guarantee_amount: int | None = None
    """Default guaranteed prize pool in cents, ``None`` = set by the event (H8: FOX-EVT):
    per event (FOX Saturday $10,000)."""
    guarantee_basis: GuaranteeBasis = GuaranteeBasis.NET_PAID
    """A guarantee is measured on the net paid (H8: FOX-EVT): IMPL (Appendix D #17)."""
    high_hand_promo: bool = False
    """Level-1 high hand (trips or better) wins the event's full price (H9: FOX-HH): FOX
    true."""
    w2g_threshold_cents: int | None = None
    """A single payout at or above this gets a W-2G (H10: FOX-PAY3): FOX $5,001. Matrix
    name ``w2g_threshold``."""
    foreign_withholding_pct: Fraction | None = None
    """Default withholding for foreign players, form 1042-S (H10: FOX-PAY4): FOX 30 %."""
    prize_id_required: bool = False
    """Valid ID (and SSN) needed to claim a prize (H11: FOX-PAY2): FOX true."""
    voucher_expiry_days: int | None = None
    """Prize vouchers expire after this many days (H11: FOX-PAY2): FOX 120."""
    prize_transferable: bool = True
    """Prizes may be transferred (H11: FOX-PAY2): FOX false."""
    posted_rules_required_fields: tuple[PostedRuleField, ...] = ()
    """What must be posted before play (H13: NJ-44): NJ buy-in and chips, rebuy terms, end
    time, blinds, the 3-raise limit, payouts; empty elsewhere."""
    max_events_per_org_per_year: int | None = None
    """Licensing cap on events per organisation and year (H13: NJ-42): NJ 6."""

    # --- Bounties (2i) ---------------------------------------------------------------
    bounty_chip_in_pot_is_all_in: bool = True
    """Pushing the bounty chip is an all-in (I2: KPC-55, FOX-BTY2): KPC, FOX."""
    bounty_value: int | None = None
    """Default bounty in cents, ``None`` = set by the event (I1: KPC-55, FOX-BTY1): per
    event (FOX $25 or $50 by event)."""
    bounty_chip_must_be_in_pot_when_all_in: bool = True
    """An all-in player puts his bounty chip in the pot (I1: FOX-BTY1, FOX-BTY3, KPC-55):
    FOX true (penalties if not produced), KPC implied."""
    bounty_pot: BountyPot = BountyPot.HIGHEST_POT_PLAYER_CONTESTS
    """Which pot carries a bounty (I3: KPC-55): the highest pot the player contests (KPC;
    FOX IMPL, Appendix D #24)."""
    bounty_split_rule: BountySplitRule = BountySplitRule.EQUAL_SHARES
    """A split bounty pot (I4: KPC-55, FOX-BTY4): KPC equal shares, FOX all to the winner
    closest clockwise from the button."""
    pko_bounty_share: Fraction = Fraction(1, 2)
    """Progressive knockout: share of a bounty paid in cash, the rest goes on the
    eliminator's head (I4: KPC-55; IMPL 50 %, no venue runs progressive bounties)."""

    # --- Deals (2j) ------------------------------------------------------------------
    deals_allowed: DealsAllowed = DealsAllowed.OFF
    """Whether deals may be made (J1, J2, J3, J4: TNPL-A8, FOX-73, SPOT-6.15): TNPL
    allowed, FOX house discretion, SPOT chop once everyone left is paid; KPC, NJ off (IMPL,
    Appendix D #30)."""
    deal_requires_all_players: bool = True
    """Every remaining player (and a floorperson) must be in the deal (J1, J2: TNPL-A8,
    FOX-73). Matrix name ``deal_requires_all_players_and_floor``."""
    deal_requires_supervisor_approval: bool = False
    """A supervisor approves the deal (J2: FOX-73): FOX true."""
    chop_allowed_when_players_le_paid: bool = False
    """A chop is allowed once every player left is in the money (J3: SPOT-6.15): SPOT
    true."""
    deal_min_pct_for_winner: Fraction | None = None
    """Share of what remains left to play for (J1: TNPL-J4ii): TNPL 10 % (recommendation:
    warning)."""
    deal_cap_at_winner_amount: bool = False
    """Nobody gets more than the winner could (J1: TNPL-J4ii): TNPL (warning)."""
    deal_clock_pause: DealClockPause = DealClockPause.TD_DISCRETION
    """Whether the clock stops while a deal is discussed (J1: TNPL-J4ii): TNPL for the
    first discussion only (recommendation); n/s elsewhere (the TD decides)."""
    deal_warn_chip_count_only: bool = False
    """Chip-count-only deals are discouraged (J1: TNPL-J4ii): TNPL (warning)."""
    deal_closes_registration: bool = True
    """A binding deal divides what is left of the pool (J2: FOX-73), so its batch makes the
    pool final: registration and re-entry close (A4: TNPL-B2ii), rebuys and add-ons stop.
    ``false``: a deal is refused while any of them is still open (the floor closes
    registration first). IMPL ⚠ (no venue says): true everywhere."""

    # --- Penalties & absent players (2k) ---------------------------------------------
    penalty_round_options: tuple[int, ...] | None = None
    """Allowed missed-round penalties (K1: TNPL-J1ii, KPC-52, FOX-71A, SPOT-6.21): TNPL 1,
    2, 3 or 4 rounds; ``None`` = any (KPC, FOX, TDA; SPOT dealt out for a time)."""
    missed_round_hands: MissedRoundHands = MissedRoundHands.PLAYERS_AT_TABLE_INCL_OFFENDER_X_ROUNDS
    """How many hands a missed-round penalty lasts (K2: KPC-52, TNPL-J1ii, FOX-71A): the
    players at the table, the offender included, times the rounds, fixed when given;
    penalty hands keep counting at a new table (Appendix D #28)."""
    presence_checkpoint: PresenceCheckpoint = PresenceCheckpoint.LAST_CARD_INITIAL_DEAL
    """When an absent seat's hand dies (K6, D8: KPC-21, TNPL-E1, FOX-30, SPOT-6.6): TNPL
    the first card of the deal; SPOT mucked when the action reaches it; KPC, FOX, TDA the
    last card of the initial deal."""
    check_exclusive_nuts: CheckExclusiveNuts = CheckExclusiveNuts.TD_DISCRETION
    """Checking the exclusive nuts on the river (K9: TNPL-H19, FOX-71B): TNPL penalty;
    FOX/TDA TD discretion."""
    dq_chips: DqChips = DqChips.REMOVED_FROM_PLAY
    """A disqualified player's chips (K5: KPC-52, TNPL-J1iv, FOX-71D, SPOT-1a3): removed
    from play everywhere; the player is unranked (Appendix D #28)."""
    dq_prize_forfeit: bool = False
    """A disqualified player forfeits prize money (K5: TNPL-J1iv): TNPL may."""

    # --- Irregularities (2l) ---------------------------------------------------------
    misdeal_conditions: MisdealConditions = MisdealConditions.TDA_LIST
    """Whose list of misdeal conditions applies (L2: KPC-24A, TNPL-G1i, FOX-35A, SPOT-3a1):
    each venue its own list (SPOT: before two players act); NJ n/s (TDA list)."""
    substantial_action_rule: SubstantialActionRule = SubstantialActionRule.TDA_2_WITH_CHIPS_OR_3
    """What counts as substantial action (L1: KPC-25A, TNPL-G2, FOX-36, SPOT-3a10): two
    actions with chips or three actions; SPOT two players after the blinds acted."""
    four_card_flop_rule: FourCardFlopRule = FourCardFlopRule.SCRAMBLE_FLOOR_PICKS_BURN
    """A flop of four cards (L4: KPC-24H, TNPL-G3, FOX-39, SPOT-5a3): scrambled, the floor
    picks the burn card; SPOT re-deals the flop unless the burn card is known."""
    card_off_table_is_exposed: bool = False
    """A card that leaves the table counts as exposed (L9: TNPL-G1i, SPOT-3c11): TNPL true,
    SPOT false; n/s elsewhere (false)."""
    dead_hand_policy: DeadHandPolicy = DeadHandPolicy.TDA
    """How readily a hand is declared dead (L11: FOX-66, TNPL-I3i, SPOT-6.9, SPOT-3b3): TNPL
    restrictive, preferring a penalty; SPOT muck contact kills; TDA elsewhere."""

    # --- Conduct (2m) ----------------------------------------------------------------
    table_language_rule: TableLanguageRule = TableLanguageRule.HOUSE_POSTS
    """Which language may be spoken at the table (M4: KPC-5, TNPL-A7, FOX-5, SPOT-2b20):
    KPC English only at or near the tables, TNPL English (Welsh/Gaelic allowed regionally),
    SPOT no foreign language during a hand, FOX English only during hands; TDA the house
    posts it."""

    def cite(self, *entries: str) -> tuple[str, ...]:
        """The rule IDs this venue cites for the catalogue ``entries`` (keys such as
        ``"A4"``): its own rule IDs of those entries; where it has none (its rulebook is
        silent and the TDA default applies) the TDA rule numbers; else the entry keys.
        Never another venue's rule IDs (one mechanism for every refusal and ruling)."""
        own = catalogue.ids_for(self.venue, entries)
        if own:
            return own
        if self.venue != catalogue.TDA_CODE:
            tda = catalogue.ids_for(catalogue.TDA_CODE, entries)
            if tda:
                return tda
        return tuple(entries)

    def citation(self, *entries: str) -> str:
        """:meth:`cite` as the text a sentence ends with: ``"FOX-PAY3, FOX-PAY4"``."""
        return ", ".join(self.cite(*entries))

    def cite_all(self, rule_ids: Iterable[str]) -> tuple[str, ...]:
        """``rule_ids`` with the catalogue entry keys among them (``"B1"``) cited together
        by :meth:`cite`; anything else (a venue rule ID already cited) is kept after them."""
        ids = tuple(rule_ids)
        keys = [r for r in ids if r in catalogue.ENTRIES]
        cited = self.cite(*keys) if keys else ()
        return tuple(dict.fromkeys((*cited, *(r for r in ids if r not in keys))))

    @contextmanager
    def citing(self) -> Iterator[None]:
        """Cite, with this profile, the refusal a pure function raises inside the block.

        A pure function that has no profile (the clock's arithmetic, a table's button, a
        structure file) names the catalogue entry it enforces (``rule_ids="B10"``); its
        caller, which knows the tournament's profile, wraps the call in ``with
        profile.citing():`` so the refusal reaches the floor with the venue's own rule IDs.
        """
        try:
            yield
        except PokertdError as exc:
            exc.rule_ids = self.cite_all(exc.rule_ids)
            exc.args = (str(exc),)
            raise

    def validate(self) -> list[str]:
        """Every problem with this profile at once (like python-chess ``status()``)."""
        problems: list[str] = []
        if not 2 <= self.max_seats_per_table <= 11:
            problems.append(
                f"max_seats_per_table must be between 2 and 11 ({self.citation('C13')})"
            )
        if not 0 <= self.late_entry_penalty_max_pct <= Fraction(30, 100):
            problems.append(
                f"late_entry_penalty_max_pct may not exceed 30% ({self.citation('A5')})"
            )
        if not 0 <= self.early_bird_bonus_max_pct <= Fraction(20, 100):
            problems.append(f"early_bird_bonus_max_pct may not exceed 20% ({self.citation('A6')})")
        if not 0 <= self.admin_withholding_pct < 1:
            problems.append("admin_withholding_pct must be at least 0% and below 100%")
        if sum(self.sng_payout_pct) != 1:
            problems.append(f"sng_payout_pct must sum to 100% ({self.citation('H6')})")
        if not 0 <= self.pko_bounty_share <= 1:
            problems.append("pko_bounty_share must be between 0% and 100%")
        for suits_field in (
            "race_suit_order",
            "suit_order_high_to_low",
            "stud_suit_order_high_to_low",
        ):
            suits = getattr(self, suits_field)
            if suits and sorted(suits) != sorted("shdc"):
                problems.append(f"{suits_field} must order the four suits s, h, d, c")
        if self.clock_action_seconds <= 0 or self.clock_countdown_seconds < 0:
            problems.append(
                "clock times must be positive: clock_action_seconds above 0,"
                " clock_countdown_seconds 0 or more (B15)"
            )
        if self.payout_rounding_unit_cents <= 0:
            problems.append("payout_rounding_unit_cents must be positive (H5)")
        if self.hfh_seconds_per_hand <= 0:
            problems.append(f"hfh_seconds_per_hand must be positive ({self.citation('B10')})")
        if self.halt_when_short_by is not None and self.halt_when_short_by < 2:
            problems.append("halt_when_short_by must be at least 2 (C5)")
        if self.balance_max_diff < 1:
            problems.append("balance_max_diff must be at least 1 (C5)")
        problems.extend(self._matrix_problems())
        return problems

    def _matrix_problems(self) -> list[str]:
        """Range checks of the section 4 parameters added for complete profiles (issue 13):
        counts, chips, minutes and cents are never negative; shares lie between 0 and 1;
        lists of levels and denominations go up."""
        problems: list[str] = []
        checked_above = {
            "clock_action_seconds",
            "clock_countdown_seconds",
            "payout_rounding_unit_cents",
            "hfh_seconds_per_hand",
            "halt_when_short_by",
            "balance_max_diff",
            "max_seats_per_table",
        }
        for f in fields(self):
            if f.name in checked_above:
                continue
            value = getattr(self, f.name)
            numbers = value if isinstance(value, tuple) else (value,)
            flat = [n for v in numbers for n in (v if isinstance(v, tuple) else (v,))]
            if any(isinstance(n, int) and not isinstance(n, bool) and n < 0 for n in flat):
                problems.append(f"{f.name} may not be negative")
        if not self.late_entry_penalty_pct_per_level <= self.late_entry_penalty_max_pct:
            problems.append(
                "late_entry_penalty_pct_per_level may not exceed late_entry_penalty_max_pct"
                f" ({self.citation('A5')})"
            )
        shares = {
            "reopen_fraction_limit": self.reopen_fraction_limit,
            "undercall_misunderstanding_threshold": self.undercall_misunderstanding_threshold,
            "button_redraw_new_player_ratio": self.button_redraw_new_player_ratio,
            "deal_min_pct_for_winner": self.deal_min_pct_for_winner,
            "foreign_withholding_pct": self.foreign_withholding_pct,
            "late_entry_penalty_pct_per_level": self.late_entry_penalty_pct_per_level,
        }
        for name, share in shares.items():
            if share is not None and not 0 <= share <= 1:
                problems.append(f"{name} must be between 0% and 100%")
        if not 2 <= self.sng_seats <= 11:
            problems.append("sng_seats must be between 2 and 11 (H6)")
        if self.field_cap is not None and self.field_cap < 2:
            problems.append("field_cap must allow at least two entries (A2)")
        for name in ("starting_stack", "min_wager_chip_unit", "race_start_seat"):
            number = getattr(self, name)
            if number is not None and number < 1:
                problems.append(f"{name} must be at least 1")
        if self.race_max_chips_per_player < 1:
            problems.append("race_max_chips_per_player must be at least 1 (B11)")
        for name in ("denominations", "break_schedule"):
            values = getattr(self, name)
            if list(values) != sorted(set(values)) or (values and values[0] < 1):
                problems.append(f"{name} must list positive numbers, smallest first")
        for first, last, minutes in self.level_duration_rule:
            if first < 1 or minutes < 1 or (last != 0 and last < first):
                problems.append(
                    "level_duration_rule rows are (first level, last level or 0 for open,"
                    " minutes), with levels from 1 and minutes above 0 (B1)"
                )
                break
        if not self.official_terms:
            problems.append("official_terms must name at least one word (E22)")
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
        raise InvalidCommand(template=N_("%(value)s is not a ratio"), params={"value": repr(value)})
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
    raise InvalidCommand(
        template=N_("%(value)s is not a ratio (write 3%%, 1/2 or 0.5)"),
        params={"value": repr(value)},
    )


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
        raise InvalidCommand(
            template=N_("profile field %(field)s may not be empty"), params={"field": name}
        )
    if optional:  # X | None
        inner = [a for a in args if a is not type(None)]
        return _coerce(name, inner[0], value)
    if hint is Fraction:
        return parse_fraction(value)
    if origin is tuple:
        if isinstance(value, dict):  # a TOML table of pairs
            value = sorted(value.items())
        if not isinstance(value, list | tuple):
            raise InvalidCommand(
                template=N_("profile field %(field)s must be a list"), params={"field": name}
            )
        item = args[0]
        return tuple(_coerce(name, item, v) for v in value)
    if isinstance(hint, type) and issubclass(hint, str) and hint is not str:
        try:
            return hint(value)
        except ValueError:
            allowed = ", ".join(m.value for m in hint)  # type: ignore[attr-defined]
            raise InvalidCommand(
                template=N_("profile field %(field)s: %(value)s is not one of %(allowed)s"),
                params={"field": name, "value": repr(value), "allowed": allowed},
            ) from None
    if hint is bool:
        if not isinstance(value, bool):
            raise InvalidCommand(
                template=N_("profile field %(field)s must be true or false"), params={"field": name}
            )
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidCommand(
                template=N_("profile field %(field)s must be a whole number"),
                params={"field": name},
            )
        return value
    if hint is str:
        if not isinstance(value, str):
            raise InvalidCommand(
                template=N_("profile field %(field)s must be text"), params={"field": name}
            )
        return value
    return value


def _from_mapping(data: dict[str, Any]) -> RuleProfile:
    if not _HINTS:
        _HINTS.update(get_type_hints(RuleProfile))
    known = {f.name for f in fields(RuleProfile)}
    if "rule_ids" in data:
        raise InvalidCommand(
            template=N_(
                "profile field rule_ids is no longer read: a profile cites its venue's own rule"
                ' IDs from the rules catalogue (venue = "KPC", "TNPL", "NJ", "SPOT", "FOX" or'
                ' "TDA"); remove the [rule_ids] table'
            )
        )
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidCommand(
            template=N_("unknown profile field(s): %(fields)s"),
            params={"fields": ", ".join(unknown)},
        )
    kwargs = {k: _coerce(k, _HINTS[k], v) for k, v in data.items()}
    profile = RuleProfile(**kwargs)
    problems = profile.validate()
    if problems:
        raise InvalidCommand(
            template=N_("profile %(name)s is invalid: %(problems)s"),
            params={"name": repr(profile.name), "problems": "; ".join(problems)},
        )
    return profile


def _read_builtin(name: str) -> dict[str, Any]:
    resource = resources.files("pokertd.rules").joinpath("profiles", f"{name}.toml")
    return tomllib.loads(resource.read_text(encoding="utf-8"))


def _resolve(data: dict[str, Any], seen: tuple[str, ...] = ()) -> dict[str, Any]:
    parent = data.pop("inherits", None)
    extends = data.pop("extends", None)  # the same thing, as ``profile check`` spells it
    if parent is not None and extends is not None and parent != extends:
        raise InvalidCommand(
            template=N_(
                "the profile says both inherits = %(parent)s and extends = %(extends)s; keep one"
            ),
            params={"parent": repr(parent), "extends": repr(extends)},
        )
    parent = parent if parent is not None else extends
    if parent is None:
        return data
    if parent in seen:
        raise InvalidCommand(
            template=N_("profile inheritance loops through %(parent)s"),
            params={"parent": repr(parent)},
        )
    if parent not in BUILTIN_PROFILES:
        raise InvalidCommand(
            template=N_("unknown profile %(parent)s to inherit from; known: %(known)s"),
            params={"parent": repr(parent), "known": ", ".join(BUILTIN_PROFILES)},
        )
    base = _resolve(_read_builtin(parent), (*seen, parent))
    return {**base, **data}


MAX_FILE_BYTES = 1 << 20
"""The largest profile, template, structure, payout table or hand history read (1 MiB)."""
MAX_TOML_DEPTH = 16
"""Nested tables and arrays deeper than this in a configuration file are refused."""


_FILE_KINDS = (
    N_("profile"),
    N_("structure"),
    N_("template"),
    N_("payout table"),
    N_("hand history"),
)
"""The files :func:`read_text_file` names by kind: translated in its refusals (a
:class:`~pokertd.i18n.Phrase`)."""


def read_text_file(path: Path, what: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a file a user named, read with a bound: at most ``max_bytes``
    (``/dev/zero`` or a 2 GB file is refused at once, not read). Anything unreadable
    raises ``InvalidCommand`` with one sentence naming ``what`` and the path."""
    kind = Phrase(what) if what in _FILE_KINDS else what
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise InvalidCommand(
            template=N_("There is no %(what)s file %(path)s."),
            params={"what": kind, "path": str(path)},
        ) from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InvalidCommand(
            template=N_("Cannot read the %(what)s file %(path)s: %(reason)s."),
            params={"what": kind, "path": str(path), "reason": reason},
        ) from None
    if len(raw) > max_bytes:
        raise InvalidCommand(
            template=N_("The %(what)s file %(path)s is too large (more than %(kib)s KiB)."),
            params={"what": kind, "path": str(path), "kib": f"{max_bytes // 1024:,}"},
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidCommand(
            template=N_("The %(what)s file %(path)s is not UTF-8 text."),
            params={"what": kind, "path": str(path)},
        ) from None


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """``text`` parsed as TOML, refusing bad TOML and nesting deeper than
    :data:`MAX_TOML_DEPTH` with ``InvalidCommand`` (``where`` names the file)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidCommand(
            template=N_("%(where)s is not valid TOML: %(error)s"),
            params={"where": where, "error": str(exc)},
        ) from None
    except RecursionError:
        raise InvalidCommand(
            template=N_("%(where)s is nested too deeply."), params={"where": where}
        ) from None
    if _depth(data) > MAX_TOML_DEPTH:
        raise InvalidCommand(
            template=N_("%(where)s is nested too deeply (more than %(most)s levels)."),
            params={"where": where, "most": MAX_TOML_DEPTH},
        )
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
                template=N_(
                    "unknown profile %(name)s: not a built-in (%(known)s) and no such file"
                ),
                params={"name": repr(text_name), "known": ", ".join(BUILTIN_PROFILES)},
            )
        data = parse_toml(read_text_file(path, "profile"), f"profile file {path}")
        data.setdefault("name", path.stem)
    return _from_mapping(_resolve(data))


BUILTIN_VENUES = {
    "tda": "TDA",
    "kojack": "KPC",
    "tnpl": "TNPL",
    "nj_fundraiser": "NJ",
    "spotlight": "SPOT",
    "foxwoods": "FOX",
}
"""The venue code of each shipped profile (for profiles stored before ``venue`` existed)."""


def profile_from_dict(data: dict[str, Any]) -> RuleProfile:
    """A profile from a JSON/TOML mapping (as stored in a tournament's created event).

    A mapping stored before profiles named their ``venue`` gets it from the built-in name.
    """
    data = dict(data)
    if "venue" not in data and data.get("name") in BUILTIN_VENUES:
        data["venue"] = BUILTIN_VENUES[str(data["name"])]
    data.pop("rule_ids", None)  # stored before the venue's rule IDs came from the catalogue
    return _from_mapping(_resolve(data))


# --- Complete profiles (issue 13): the field reference, checks and copies -------------

MATRIX_ALIASES: dict[str, str] = {
    "late_entry_penalty_cap_pct": "late_entry_penalty_max_pct",
    "early_bird_bonus_pct": "early_bird_bonus_max_pct",
    "rebuy_window": "rebuy_window_minutes",
    "hfh_minutes_per_hand": "hfh_seconds_per_hand",
    "clock_scales_with_level_minutes": "clock_scale",
    "payout_rounding": "payout_rounding_unit_cents",
    "w2g_threshold": "w2g_threshold_cents",
    "deal_requires_all_players_and_floor": "deal_requires_all_players",
}
"""Section 4 parameters whose profile field is spelled differently (the field existed
before the matrix was complete, or carries its unit in the name): catalogue name → field.
``payout_rounding`` is also ``payout_remainder_to``; the docstrings say so."""

PROFILE_SECTION = "Profile"
"""The group of the fields that name the profile itself (``name``, ``title`` …)."""

_SECTION_COMMENT = re.compile(r"^    # --- (?P<title>.+?) \((?P<code>2[a-m])\) -+$")
_ENTRY_KEY = re.compile(r"(?<![-\w])[A-M][0-9]{1,2}(?![\w])")
_RULE_ID = re.compile(r"\b(?:KPC|TNPL|NJ|SPOT|FOX)-[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class FieldInfo:
    """One profile field as the reference documents it (``pokertd profile show``,
    ``docs/profiles.md``): read from the class source, so the docstring is the one truth."""

    name: str
    section: str
    """The matrix section it belongs to (``Betting``), ``Profile`` for name/title."""
    doc: str
    """The field's docstring, on one line."""
    type_name: str
    """The annotation as written (``int | None``, ``ButtonRule`` …)."""
    entries: tuple[str, ...]
    """Catalogue entries the docstring names (``E13``), in order."""
    rule_ids: tuple[str, ...]
    """Venue rule IDs the docstring names, every venue."""
    matrix_names: tuple[str, ...]
    """The catalogue's spelling when it differs (:data:`MATRIX_ALIASES`)."""


@cache
def profile_fields() -> tuple[FieldInfo, ...]:
    """Every field of :class:`RuleProfile` with its section, docstring, entries and rule IDs,
    in class order (parsed from this module's source: dataclass fields keep no docstring
    at run time)."""
    source = Path(__file__).read_text(encoding="utf-8")
    lines = source.splitlines()
    klass = next(
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.ClassDef) and node.name == "RuleProfile"
    )
    aliases: dict[str, list[str]] = {}
    for matrix_name, field_name in MATRIX_ALIASES.items():
        aliases.setdefault(field_name, []).append(matrix_name)
    out: list[FieldInfo] = []
    body = klass.body
    for i, node in enumerate(body):
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        nxt = body[i + 1] if i + 1 < len(body) else None
        doc = ""
        if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant):
            doc = " ".join(str(nxt.value.value).split())
        section = PROFILE_SECTION
        for line in reversed(lines[: node.lineno - 1]):
            match = _SECTION_COMMENT.match(line)
            if match:
                section = match["title"]
                break
        out.append(
            FieldInfo(
                name=node.target.id,
                section=section,
                doc=doc,
                type_name=ast.unparse(node.annotation),
                entries=tuple(dict.fromkeys(_ENTRY_KEY.findall(doc))),
                rule_ids=tuple(dict.fromkeys(_RULE_ID.findall(doc))),
                matrix_names=tuple(aliases.get(node.target.id, ())),
            )
        )
    return tuple(out)


def field_rule_ids(profile: RuleProfile, info: FieldInfo) -> tuple[str, ...]:
    """The rule IDs behind ``profile``'s value of the field ``info``: the IDs of its own
    venue the docstring names; where the venue is silent (the TDA default applies), the TDA
    numbers of the Foxwoods rules it names (catalogue 1.3); else the catalogue entries.
    Never another venue's rule IDs."""
    own = [r for r in info.rule_ids if catalogue.venue_of(r) == profile.venue]
    tda = [t for r in info.rule_ids if (t := catalogue.tda_number(r)) is not None]
    return tuple(dict.fromkeys(own or tda)) or info.entries


def field_citation(profile: RuleProfile, *names: str) -> str:
    """The rule IDs behind ``profile``'s fields ``names`` (:func:`field_rule_ids`) as the text
    a sentence ends with: the one rule of this venue that field implements, where a
    catalogue entry's citation would name several (H11 at Foxwoods: ``FOX-PAY2`` for the ID
    a winner shows, not also the blank item ``FOX-PAY1``).

    >>> field_citation(load_profile("foxwoods"), "prize_id_required")
    'FOX-PAY2'
    >>> field_citation(load_profile("foxwoods"), "w2g_threshold_cents")
    'FOX-PAY3'
    >>> field_citation(load_profile("foxwoods"), "w2g_threshold_cents", "foreign_withholding_pct")
    'FOX-PAY3, FOX-PAY4'
    """
    infos = {i.name: i for i in profile_fields()}
    unknown = [n for n in names if n not in infos]
    if unknown:
        raise KeyError(f"no profile field {unknown[0]!r}")
    ids = (r for n in names for r in field_rule_ids(profile, infos[n]))
    return ", ".join(dict.fromkeys(ids))


def _unknown_field(key: str, known: Iterable[str]) -> str:
    """One sentence for a key that is no profile field, with the likely intended one."""
    if key in MATRIX_ALIASES:
        return (
            f"unknown field {key!r}: the catalogue calls it that, the profile field is"
            f" {MATRIX_ALIASES[key]!r} (see docs/profiles.md)"
        )
    close = difflib.get_close_matches(key, list(known), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown field {key!r}: no profile has it{hint}"


def profile_problems(data: dict[str, Any]) -> list[str]:
    """Every problem with a profile mapping (a profile file's TOML) at once, each naming the
    field: an unknown parent, unknown fields, values of the wrong type or not allowed, and
    then :meth:`RuleProfile.validate` of the rest. Empty when the profile loads."""
    try:
        merged = _resolve(dict(data))
    except InvalidCommand as exc:
        return [str(exc)]
    if not _HINTS:
        _HINTS.update(get_type_hints(RuleProfile))
    known = [f.name for f in fields(RuleProfile)]
    problems = [_unknown_field(key, known) for key in merged if key not in known]
    kwargs: dict[str, Any] = {}
    for key, value in merged.items():
        if key not in known:
            continue
        try:
            kwargs[key] = _coerce(key, _HINTS[key], value)
        except InvalidCommand as exc:
            text = str(exc)
            problems.append(text if key in text else f"profile field {key}: {text}")
    problems.extend(RuleProfile(**kwargs).validate())
    return problems


def check_profile_file(path: Path) -> tuple[RuleProfile | None, list[str]]:
    """A profile file checked the way ``pokertd profile check`` does: ``(profile, [])``
    when it loads, else ``(None, every problem)`` — never an exception for a bad file."""
    try:
        data = parse_toml(read_text_file(path, "profile"), f"profile file {path}")
    except InvalidCommand as exc:
        return None, [str(exc)]
    data.setdefault("name", path.stem)
    problems = profile_problems(data)
    if problems:
        return None, problems
    return _from_mapping(_resolve(data)), []


def _toml_value(value: Any) -> Any:
    """A field value as TOML writes it (the way a profile file spells it)."""
    if value is None:
        return "none"
    if isinstance(value, Fraction):
        percent = value * 100
        if percent.denominator == 1:
            return f"{percent.numerator}%"
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple):
        return [_toml_value(v) for v in value]
    if isinstance(value, StrEnum):
        return value.value
    return value


def _is_table(value: Any) -> bool:
    """Whether a field value is a table of text pairs (``[rule_ids]``)."""
    return (
        isinstance(value, tuple)
        and bool(value)
        and all(isinstance(v, tuple) and len(v) == 2 for v in value)
        and all(isinstance(x, str) for v in value for x in v)
    )


def profile_to_toml(profile: RuleProfile, name: str) -> str:
    """``profile`` as a complete profile file named ``name``: every field with its value,
    grouped by matrix section, each under a comment with its catalogue entries and rule
    IDs — a venue copies a profile and changes what it does differently."""
    infos = {info.name: info for info in profile_fields()}
    out = [
        f"# Rule profile {name!r}, copied from {profile.name!r} ({profile.title}).",
        "# Every field is listed; change what your venue does differently, then run",
        f"#   pokertd profile check {name}.toml",
        "# and use it with: pokertd new --template T --name N --profile this-file.toml",
        "# Each field is described in docs/profiles.md (catalogue entry, venue rule IDs).",
    ]
    tables: list[str] = []
    section = ""
    for f in fields(profile):
        value: Any = name if f.name == "name" else getattr(profile, f.name)
        if _is_table(value):
            tables.append(tomli_w.dumps({f.name: dict(value)}))
            continue
        info = infos.get(f.name)
        if info is not None and info.section != section:
            section = info.section
            out.append(f"\n# --- {section}")
        if info is not None and info.entries:
            out.append(f"# {', '.join(info.entries)}: {', '.join(info.rule_ids) or '-'}")
        out.append(tomli_w.dumps({f.name: _toml_value(value)}).rstrip("\n"))
    return "\n".join(out) + "\n" + "".join(f"\n{t}" for t in tables)


__all__ = [
    "BUILTIN_PROFILES",
    "BUILTIN_VENUES",
    "MATRIX_ALIASES",
    "FieldInfo",
    "RuleProfile",
    "check_profile_file",
    "field_citation",
    "field_rule_ids",
    "load_profile",
    "parse_fraction",
    "profile_fields",
    "profile_from_dict",
    "profile_problems",
    "profile_to_toml",
]
