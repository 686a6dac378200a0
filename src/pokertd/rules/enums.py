"""Choices of the rule profile.

Each is a ``StrEnum`` whose values are the parameter values of the catalogue's section 4
matrix, so TOML, JSON and code spell them the same way.
"""

from enum import StrEnum, unique


@unique
class Variant(StrEnum):
    """The games the engine deals (catalogue F4; stud and hi/lo are out of scope)."""

    NO_LIMIT_HOLDEM = "nlhe"
    POT_LIMIT_OMAHA = "plo"
    FIXED_LIMIT_HOLDEM = "flhe"


@unique
class AnteType(StrEnum):
    """Kind of ante of a level (B3)."""

    NONE = "none"
    PER_PLAYER = "per_player"
    BIG_BLIND_ANTE = "big_blind_ante"


@unique
class BbaShortPriority(StrEnum):
    """What a big blind who cannot cover blind + ante pays first (B4)."""

    ANTE_FIRST = "ante_first"
    BLIND_FIRST = "blind_first"


@unique
class BbaReducedAmount(StrEnum):
    """What the big-blind ante becomes late in the event (B6)."""

    SMALL_BLIND = "small_blind"
    HALF_BIG_BLIND = "half_big_blind"


@unique
class ButtonRule(StrEnum):
    """Dead button or moving button (D1)."""

    DEAD = "dead"
    MOVING = "moving"


@unique
class HeadsUpTransition(StrEnum):
    """How the button is placed on the first heads-up hand (D3)."""

    NO_BB_TWICE = "no_bb_twice"
    LAST_BB_BECOMES_BUTTON = "last_bb_becomes_button"
    BUTTON_IS_SB = "button_is_sb"


@unique
class PresenceCheckpoint(StrEnum):
    """When an absent player's hand dies (K6, D8)."""

    LAST_CARD_INITIAL_DEAL = "last_card_initial_deal"
    FIRST_CARD_INITIAL_DEAL = "first_card_initial_deal"
    AT_TURN_TO_ACT = "at_turn_to_act"


@unique
class MinRaiseRule(StrEnum):
    """Minimum raise (E2)."""

    CURRENT_PLUS_LARGEST_INCREMENT = "current_plus_largest_increment"
    DOUBLE_CURRENT_BET = "double_current_bet"
    CALL_PLUS_ONE_CHIP = "call_plus_one_chip"


@unique
class ReopenRule(StrEnum):
    """Whether short all-ins re-open the betting in big-bet games (E4)."""

    FULL_RAISE_CUMULATIVE = "full_raise_cumulative"
    FULL_RAISE = "full_raise"


@unique
class OvercallThreshold(StrEnum):
    """When silently pushed chips above a call make a raise (E13)."""

    HALF_LAST_INCREMENT = "half_last_increment"
    ONE_AND_HALF_CURRENT_BET = "1.5x_current_bet"


@unique
class UndercallRule(StrEnum):
    """What an undercall binds the player to (E12)."""

    FULL_VS_OPENER_OR_HEADSUP_ELSE_TD = "full_vs_opener_or_headsup_else_td"
    HEADSUP_FULL_ELSE_PLAYER_OPTION = "headsup_full_else_player_option"
    ALWAYS_FULL = "always_full"


@unique
class MultichipLastChips(StrEnum):
    """Several chips that are the player's last (E16)."""

    OVERCALL_STANDARD = "overcall_standard"
    ALL_IN = "all_in"


@unique
class VerbalVsChips(StrEnum):
    """Which of words and chips governs a bet (E9)."""

    FIRST_WINS_SIMULTANEOUS_VERBAL = "first_wins_simultaneous_verbal"
    VERBAL_WINS = "verbal_wins"


@unique
class OddChipRecipient(StrEnum):
    """Who receives the odd chip of a split board-game pot (F5)."""

    FIRST_LEFT_OF_BUTTON = "first_left_of_button"


@unique
class ShowdownOrderNoBet(StrEnum):
    """Who shows first when the final round was checked through (F6)."""

    FIRST_TO_ACT = "first_to_act"
    ALL_MUST_SHOW = "all_must_show"


@unique
class RabbitHunt(StrEnum):
    """Whether undealt cards may be revealed after a hand (F14)."""

    NEVER = "never"
    WINNER_REQUEST_WITH_CALLERS_CONSENT = "winner_request_with_callers_consent"


@unique
class ClockExpiry(StrEnum):
    """What happens when a called clock runs out (B15)."""

    DEAD = "dead"
    CHECK = "check"


@unique
class ClockStartedBy(StrEnum):
    """Who may start a clock on a player (B15)."""

    TD_OR_APPROVED_REQUEST = "td_or_approved_request"
    FLOOR_OR_APPROVED_REQUEST = "floor_or_approved_request"
    ON_CALL = "on_call"
    TD_ONLY = "td_only"


@unique
class ColorUpMethod(StrEnum):
    """How a denomination leaves play (B11, B12)."""

    RACE = "race"
    ROUND_UP = "round_up"
    RACE_OR_ROUND_UP = "race_or_round_up"


@unique
class RaceRemainder(StrEnum):
    """What happens to removed chips that surface after the race (B11)."""

    REMOVED_WITHOUT_COMPENSATION = "removed_without_compensation"
    EXCHANGED_EQUAL_VALUE = "exchanged_equal_value"


@unique
class SeatAssignment(StrEnum):
    """How players are seated (C1, C3)."""

    RANDOM = "random"
    NEEDIEST_TABLE = "neediest_table"


@unique
class TableBreakOrder(StrEnum):
    """How the table to break is chosen (C4)."""

    PRESET_LIST = "preset_list"
    PREDETERMINED_PROCEDURE = "predetermined_procedure"
    RANDOM_ALLOWED = "random_allowed"


@unique
class BrokenTableSeatDraw(StrEnum):
    """How players of a broken table are reseated (C4)."""

    RANDOM = "random"
    TWO_STEP_RANDOM = "two_step_random"


@unique
class BalancePlayerSelected(StrEnum):
    """Who is moved to balance tables (C6)."""

    NEXT_BIG_BLIND = "next_big_blind"
    TD_CHOICE = "td_choice"


@unique
class BalanceSeatRule(StrEnum):
    """Which seat a balancing player takes (C6)."""

    WORST_POSITION = "worst_position"
    ANY_EXCEPT_SB_BUTTON = "any_except_sb_button"
    SAME_POSITION_IF_POSSIBLE = "same_position_if_possible"


@unique
class FinalTableSize(StrEnum):
    """How many players make the final table (C9)."""

    SEATS_PER_TABLE = "seats_per_table"
    SEATS_PLUS_ONE_MAX_10 = "seats_plus_one_max_10"


@unique
class ButtonStartMethod(StrEnum):
    """How the first button is placed (C11)."""

    HIGH_CARD_DRAW = "high_card_draw"
    LEFT_OF_DEALER = "left_of_dealer"


@unique
class FinishMethod(StrEnum):
    """How the event ends (G2)."""

    ELIMINATION = "elimination"
    TIMED_CHIP_COUNT = "timed_chip_count"


@unique
class SimultaneousElimOrder(StrEnum):
    """How players busted in the same hand are ranked (G3)."""

    START_STACK_THEN_SHARED = "start_stack_then_shared"
    START_STACK_THEN_HAND_THEN_BLUE_CHIPS = "start_stack_then_hand_then_blue_chips"


@unique
class WithholdingBase(StrEnum):
    """What the administration withholding is taken from (H3)."""

    BUY_INS_PLUS_BOUNTY_FEES = "buy_ins_plus_bounty_fees"
    BUY_INS_ONLY = "buy_ins_only"


@unique
class GuaranteeBasis(StrEnum):
    """Whether a guarantee is measured on the net paid or the gross pool (H8)."""

    NET_PAID = "net_paid"
    GROSS = "gross"


@unique
class RemainderTo(StrEnum):
    """Where the rounding remainder of a payout goes (H5)."""

    FIRST = "first"
    LAST_PAID = "last_paid"


@unique
class SurvivorRemainderTo(StrEnum):
    """Who receives a survivor event's smaller last prize (H7)."""

    NEXT_FINISHER = "next_finisher"


@unique
class BountyPot(StrEnum):
    """Which pot carries an all-in player's bounty (I3)."""

    HIGHEST_POT_PLAYER_CONTESTS = "highest_pot_player_contests"


@unique
class BountySplitRule(StrEnum):
    """How a bounty is divided when its pot is split (I4)."""

    EQUAL_SHARES = "equal_shares"
    CLOSEST_CLOCKWISE_FROM_BUTTON = "closest_clockwise_from_button"


@unique
class DealsAllowed(StrEnum):
    """Whether deals may be made (J1-J4)."""

    OFF = "off"
    ALLOWED = "allowed"
    HOUSE_DISCRETION = "house_discretion"
    CHOP_WHEN_ALL_PAID = "chop_when_all_paid"


@unique
class ForfeitWindow(StrEnum):
    """When a stack may be forfeited to re-enter (A11)."""

    ANY_TIME_WHILE_REGISTRATION_OPEN = "any_time_while_registration_open"
    REGISTRATION_CLOSE_POINT_ONLY = "registration_close_point_only"


@unique
class StartingStackSource(StrEnum):
    """Where starting stacks come from (A3)."""

    UNIFORM = "uniform"
    PER_PLAYER_FROM_POINTS = "per_player_from_points"


@unique
class CheckExclusiveNuts(StrEnum):
    """What checking the exclusive nuts on the river brings (K9)."""

    TD_DISCRETION = "td_discretion"
    PENALTY = "penalty"


__all__ = [
    "AnteType",
    "BalancePlayerSelected",
    "BalanceSeatRule",
    "BbaReducedAmount",
    "BbaShortPriority",
    "BountyPot",
    "BountySplitRule",
    "BrokenTableSeatDraw",
    "ButtonRule",
    "ButtonStartMethod",
    "CheckExclusiveNuts",
    "ClockExpiry",
    "ClockStartedBy",
    "ColorUpMethod",
    "DealsAllowed",
    "FinalTableSize",
    "FinishMethod",
    "ForfeitWindow",
    "GuaranteeBasis",
    "HeadsUpTransition",
    "MinRaiseRule",
    "MultichipLastChips",
    "OddChipRecipient",
    "OvercallThreshold",
    "PresenceCheckpoint",
    "RabbitHunt",
    "RaceRemainder",
    "RemainderTo",
    "ReopenRule",
    "SeatAssignment",
    "ShowdownOrderNoBet",
    "SimultaneousElimOrder",
    "StartingStackSource",
    "SurvivorRemainderTo",
    "TableBreakOrder",
    "UndercallRule",
    "Variant",
    "VerbalVsChips",
    "WithholdingBase",
]
