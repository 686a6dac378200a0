"""Choices of the rule profile.

Each is a ``StrEnum`` whose values are the parameter values of the catalogue's section 4
matrix, so TOML, JSON and code spell them the same way.
"""

from enum import StrEnum, unique


@unique
class Variant(StrEnum):
    """The board games :class:`~pokertd.engine.Hand` deals (catalogue F4; Omaha hi-lo
    eight or better: F5 split pots; the stud family is :class:`StudVariant`)."""

    NO_LIMIT_HOLDEM = "nlhe"
    POT_LIMIT_OMAHA = "plo"
    FIXED_LIMIT_HOLDEM = "flhe"
    POT_LIMIT_OMAHA_HI_LO = "plo8"
    FIXED_LIMIT_OMAHA_HI_LO = "flo8"
    NO_LIMIT_SHORT_DECK = "nlsd"
    """Short-deck (6+) no-limit hold'em: 36 cards, six to ace; a flush beats a full house
    and A-6-7-8-9 is the lowest straight (docs/engine.md, "Short deck")."""


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
class AmbiguousAmountRule(StrEnum):
    """Which value a stated amount that can mean several takes ("five") (E21)."""

    LESSER = "lesser"
    LARGEST_LE_POT = "largest_le_pot"
    LARGEST_LT_POT = "largest_lt_pot"


@unique
class OotWhenActionChanges(StrEnum):
    """An out-of-turn action once the action facing the player changed (E25)."""

    VOID_RETURN_ALL_OPTIONS = "void_return_all_options"
    CHIPS_STAY_CALL_OR_FOLD = "chips_stay_call_or_fold"
    NO_RAISE_CALL_OR_FOLD = "no_raise_call_or_fold"


@unique
class StudVariant(StrEnum):
    """The stud games the stud engine deals (``pokertd.engine.stud``; issue 28)."""

    SEVEN_CARD_STUD = "stud"
    STUD_HI_LO = "stud8"
    RAZZ = "razz"


@unique
class DrawVariant(StrEnum):
    """The draw games the draw engine deals (``pokertd.engine.draw``; issue 28): the
    values are those of :attr:`Game.TRIPLE_DRAW_27` and :attr:`Game.NO_LIMIT_SINGLE_DRAW_27`;
    ``badugi`` (fixed-limit, three draws, four cards) is dealt by the engine and replayed
    from PHH files but is no tournament :class:`Game` yet."""

    TRIPLE_DRAW_27 = "27td"
    NO_LIMIT_SINGLE_DRAW_27 = "nl27sd"
    BADUGI = "badugi"


@unique
class GameFamily(StrEnum):
    """How a game deals: board (flop) games, stud games, draw games (C6, C7)."""

    FLOP = "flop"
    STUD = "stud"
    DRAW = "draw"


@unique
class Betting(StrEnum):
    """A game's betting structure."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"


@unique
class Game(StrEnum):
    """The game a tournament level deals (issue 28): a single-game event names one, a mixed
    event (HORSE, 8-game) names one per level or rotates them by orbit. The values are the
    short names structures and the CLI use; the engine deals each with ``Hand`` (board games),
    ``StudHand`` (stud family) or the draw engine."""

    NO_LIMIT_HOLDEM = "nlhe"
    LIMIT_HOLDEM = "flhe"
    POT_LIMIT_OMAHA = "plo"
    LIMIT_OMAHA_HI_LO = "o8"
    POT_LIMIT_OMAHA_HI_LO = "plo8"
    SEVEN_CARD_STUD = "stud"
    STUD_HI_LO = "stud8"
    RAZZ = "razz"
    TRIPLE_DRAW_27 = "27td"
    NO_LIMIT_SINGLE_DRAW_27 = "nl27sd"

    @property
    def family(self) -> GameFamily:
        """Board, stud or draw: stud rounds freeze the button (C7) and balance by position (C6)."""
        if self in _STUD_GAMES:
            return GameFamily.STUD
        if self in (Game.TRIPLE_DRAW_27, Game.NO_LIMIT_SINGLE_DRAW_27):
            return GameFamily.DRAW
        return GameFamily.FLOP

    @property
    def betting(self) -> Betting:
        """No-limit, pot-limit or fixed-limit (small bet / big bet)."""
        if self in (Game.NO_LIMIT_HOLDEM, Game.NO_LIMIT_SINGLE_DRAW_27):
            return Betting.NO_LIMIT
        if self in (Game.POT_LIMIT_OMAHA, Game.POT_LIMIT_OMAHA_HI_LO):
            return Betting.POT_LIMIT
        return Betting.FIXED_LIMIT

    @property
    def is_stud(self) -> bool:
        """A stud-family game (seven-card stud, stud hi-lo, razz): no button, a bring-in."""
        return self in _STUD_GAMES


_STUD_GAMES = frozenset({Game.SEVEN_CARD_STUD, Game.STUD_HI_LO, Game.RAZZ})


@unique
class OddChipStudCard(StrEnum):
    """Which tied razz winner gets the odd chip, by the suit of a card (F5)."""

    HIGHEST_CARD_BY_SUIT = "highest_card_by_suit"
    LOWEST_CARD_BY_SUIT = "lowest_card_by_suit"


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
    """Every event: the same stack for everyone (NJ-2, FOX-7)."""
    PER_EVENT_FROM_POINTS = "per_event_from_points"
    """The same stack for everyone, except in an event whose template takes the stacks
    from league points (SPOT-6.26: the Quarterly Tournament)."""
    PER_PLAYER_FROM_POINTS = "per_player_from_points"
    """Every event of the profile takes each player's stack from league points."""


@unique
class CheckExclusiveNuts(StrEnum):
    """What checking the exclusive nuts on the river brings (K9)."""

    TD_DISCRETION = "td_discretion"
    PENALTY = "penalty"


# --- Issue 13: the rest of the section 4 matrix (complete profiles) -------------------


@unique
class EarlyBirdDeadline(StrEnum):
    """Whether the venue runs an early-registration deadline (A6)."""

    NONE = "none"
    VENUE_DEFINED = "venue_defined"


@unique
class ReentrySeat(StrEnum):
    """Where a re-entry sits (A8, C3)."""

    RANDOM = "random"
    RANDOM_NEW_SEAT_IMMEDIATE = "random_new_seat_immediate"
    RANDOM_SAME_OR_OTHER_TABLE = "random_same_or_other_table"


@unique
class AddonWindow(StrEnum):
    """When an add-on may be bought (A10): the event's designated level or the break after."""

    DESIGNATED_LEVEL = "designated_level"


@unique
class AlternateOrder(StrEnum):
    """In which order alternates are seated (A12)."""

    FIFO = "fifo"
    HOUSE_DISCRETION = "house_discretion"


@unique
class BbaAmount(StrEnum):
    """How large the big-blind ante is (B3)."""

    BIG_BLIND = "big_blind"
    PER_LEVEL = "per_level"


@unique
class HandStartEvent(StrEnum):
    """The moment a hand begins, for level changes and disputes (B7)."""

    FIRST_RIFFLE = "first_riffle"
    FIRST_RIFFLE_OR_SHUFFLER_BUTTON = "first_riffle_or_shuffler_button"


@unique
class HandForHandEnd(StrEnum):
    """When hand-for-hand play ends (B10)."""

    BUBBLE = "bubble"
    """By itself, once every table has finished the hand in which the field reached the
    places paid (a satellite: its seats)."""
    FLOOR = "floor"
    """Only when the floor ends it (the console asks once the field is in the money)."""


@unique
class RaceNewChipRounding(StrEnum):
    """How the odd-chip total of a chip race becomes new chips (B11)."""

    NEAREST_HALF_UP = "nearest_half_up"


@unique
class SeatManualOverride(StrEnum):
    """Who may seat a player by hand instead of the draw (C1)."""

    TD = "td"
    SUPERVISOR_APPROVAL = "supervisor_approval"
    FEATURE_TABLE_DISCRETION = "feature_table_discretion"


@unique
class LateSeatDealIn(StrEnum):
    """When a late entry in a drawn seat is dealt in (C3, D4)."""

    IMMEDIATELY = "immediately"
    IMMEDIATELY_EXCEPT_BETWEEN_SB_AND_BUTTON = "immediately_except_between_sb_and_button"


@unique
class RefuseMoveConsequence(StrEnum):
    """What happens to a player who refuses a balancing move (C6)."""

    TD_DECIDES = "td_decides"
    FORCED_OUT_FOR_DAY = "forced_out_for_day"


@unique
class ButtonErrorFix(StrEnum):
    """How a misplaced button is corrected (D6)."""

    TD_DECIDES = "td_decides"
    BACK_ONE_THEN_FORWARD_TWO = "back_one_then_forward_two"
    MISDEAL_BEFORE_ACTION_ELSE_REBALANCE_ROUND = "misdeal_before_action_else_rebalance_round"


@unique
class PreflopFirstToAct(StrEnum):
    """Who acts first before the flop (D2)."""

    LEFT_OF_BIG_BLIND = "left_of_big_blind"


@unique
class PostflopFirstToAct(StrEnum):
    """Who acts first after the flop (D2)."""

    FIRST_ACTIVE_LEFT_OF_BUTTON = "first_active_left_of_button"


@unique
class OfficialTerm(StrEnum):
    """A word that binds a player to an action (E22)."""

    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    ALL_IN = "all_in"
    COMPLETE = "complete"
    POT = "pot"


@unique
class MinBet(StrEnum):
    """The smallest opening bet (E1)."""

    BIG_BLIND = "big_blind"


@unique
class PotCountOnRequest(StrEnum):
    """When the dealer counts the pot for a player who asks (E6)."""

    POT_LIMIT_ONLY = "pot_limit_only"


@unique
class RaiseMethodCShortFirstPush(StrEnum):
    """A first push short of a minimum raise after saying "raise" (E14, method C)."""

    MIN_RAISE = "min_raise"
    STRING_RAISE = "string_raise"


@unique
class OversizedChipRule(StrEnum):
    """A single oversized chip put in without a word (E15)."""

    CALL_UNLESS_RAISE_DECLARED = "call_unless_raise_declared"


@unique
class InvalidDeclarations(StrEnum):
    """What an impossible declaration means (E20): "call" with nothing to call is a check,
    "raise" with no bet is a minimum bet, "check" facing a bet loses the right to raise."""

    TDA = "call_is_check__raise_is_min_bet__check_facing_bet_no_raise"


@unique
class SkippedPlayerCutoff(StrEnum):
    """Until when a skipped player may still act (E26)."""

    SUBSTANTIAL_ACTION = "substantial_action"
    THREE_PLAYERS_ACTED_BEHIND = "three_players_acted_behind"


@unique
class OddChipUnit(StrEnum):
    """The size of an odd chip in a split pot (F5)."""

    SMALLEST_DENOMINATION_IN_PLAY = "smallest_denomination_in_play"


@unique
class ShowdownOrderBet(StrEnum):
    """Who shows first when there was a bet on the final round (F6)."""

    LAST_AGGRESSOR_FIRST = "last_aggressor_first"


@unique
class ShowdownAfterOrder(StrEnum):
    """In which order the others show after the first hand (F6)."""

    CLOCKWISE_FROM_FIRST = "clockwise_from_first"


@unique
class ShowRequestRule(StrEnum):
    """Who may ask to see a hand after the showdown (F12)."""

    CALLER_MAY_SEE_AGGRESSOR_IF_RIVER_BET = "caller_may_see_aggressor_if_river_bet"
    TD_DISCRETION = "td_discretion"
    ANY_DEALT_PLAYER_CALLED_HANDS = "any_dealt_player_called_hands"


@unique
class DisputeWindow(StrEnum):
    """Until when a dispute or correction is heard (F13)."""

    UNTIL_NEXT_HAND_START = "until_next_hand_start"
    UNTIL_SA_NEXT_HAND = "until_sa_next_hand"
    OPERATOR_DECIDES = "operator_decides"


@unique
class TimedEndTie(StrEnum):
    """Players tied on chips when a timed event ends (G2)."""

    SHARE_PLACES = "share_places"


@unique
class DepartedChipsRemoved(StrEnum):
    """What happens to the chips of a player who left (G4)."""

    BLINDED_OFF = "blinded_off"
    ONLY_IF_CERTAIN_NOT_RETURNING = "only_if_certain_not_returning"


@unique
class FeeComponent(StrEnum):
    """A part of the price of an entry (H1)."""

    BUY_IN = "buy_in"
    PC_FEE = "pc_fee"
    ENTRY_FEE = "entry_fee"
    BOUNTY = "bounty"
    ADMIN_FEE = "admin_fee"
    PROMO_DEDUCTION = "promo_deduction"
    REBUY_PRICE = "rebuy_price"


@unique
class PrizePoolComponent(StrEnum):
    """Money that goes into the prize pool (H2)."""

    BUY_INS = "buy_ins"
    BOUNTY_FEES = "bounty_fees"


@unique
class PostedRuleField(StrEnum):
    """An item that must be posted before play (H13)."""

    BUY_IN_AND_CHIPS = "buy_in_and_chips"
    REBUY_TERMS = "rebuy_terms"
    END_TIME = "end_time"
    BLINDS = "blinds"
    RAISE_LIMIT = "raise_limit"
    PAYOUTS = "payouts"


@unique
class DealClockPause(StrEnum):
    """Whether the clock stops while a deal is discussed (J1)."""

    TD_DISCRETION = "td_discretion"
    FIRST_DISCUSSION_ONLY = "first_discussion_only"


@unique
class MissedRoundHands(StrEnum):
    """How many hands a missed-round penalty lasts (K2)."""

    PLAYERS_AT_TABLE_INCL_OFFENDER_X_ROUNDS = "players_at_table_incl_offender_x_rounds"


@unique
class DqChips(StrEnum):
    """What happens to a disqualified player's chips (K5)."""

    REMOVED_FROM_PLAY = "removed_from_play"


@unique
class MisdealConditions(StrEnum):
    """Whose list of misdeal conditions applies (L2)."""

    TDA_LIST = "tda_list"
    KPC_LIST = "kpc_list"
    TNPL_LIST = "tnpl_list"
    SPOT_LIST = "spot_list"
    FOX_LIST = "fox_list"


@unique
class SubstantialActionRule(StrEnum):
    """What counts as substantial action (L1)."""

    TDA_2_WITH_CHIPS_OR_3 = "tda_2_with_chips_or_3"
    TWO_PLAYERS_AFTER_BLINDS = "two_players_after_blinds"


@unique
class FourCardFlopRule(StrEnum):
    """What a flop of four cards brings (L4)."""

    SCRAMBLE_FLOOR_PICKS_BURN = "scramble_floor_picks_burn"
    REDEAL_FLOP_UNLESS_BURN_KNOWN = "redeal_flop_unless_burn_known"


@unique
class DeadHandPolicy(StrEnum):
    """How readily a hand is declared dead (L11)."""

    TDA = "tda"
    RESTRICTIVE_PREFER_PENALTY = "restrictive_prefer_penalty"
    MUCK_CONTACT_KILLS = "muck_contact_kills"


@unique
class TableLanguageRule(StrEnum):
    """Which language may be spoken at the table (M4)."""

    HOUSE_POSTS = "house_posts"
    ENGLISH_ONLY_AT_TABLES = "english_only_at_tables"
    ENGLISH_REGIONAL_LANGUAGES_ALLOWED = "english_regional_languages_allowed"
    NO_FOREIGN_LANGUAGE_IN_HAND = "no_foreign_language_in_hand"
    ENGLISH_ONLY_DURING_HANDS = "english_only_during_hands"


__all__ = [
    "AddonWindow",
    "AlternateOrder",
    "AmbiguousAmountRule",
    "AnteType",
    "BalancePlayerSelected",
    "BalanceSeatRule",
    "BbaAmount",
    "BbaReducedAmount",
    "BbaShortPriority",
    "BountyPot",
    "BountySplitRule",
    "BrokenTableSeatDraw",
    "ButtonErrorFix",
    "ButtonRule",
    "ButtonStartMethod",
    "CheckExclusiveNuts",
    "ClockExpiry",
    "ClockStartedBy",
    "ColorUpMethod",
    "DeadHandPolicy",
    "DealClockPause",
    "DealsAllowed",
    "DepartedChipsRemoved",
    "DisputeWindow",
    "DqChips",
    "DrawVariant",
    "EarlyBirdDeadline",
    "FeeComponent",
    "FinalTableSize",
    "FinishMethod",
    "ForfeitWindow",
    "FourCardFlopRule",
    "GuaranteeBasis",
    "HandStartEvent",
    "HeadsUpTransition",
    "InvalidDeclarations",
    "LateSeatDealIn",
    "MinBet",
    "MinRaiseRule",
    "MisdealConditions",
    "MissedRoundHands",
    "MultichipLastChips",
    "OddChipRecipient",
    "OddChipStudCard",
    "OddChipUnit",
    "OfficialTerm",
    "OotWhenActionChanges",
    "OvercallThreshold",
    "OversizedChipRule",
    "PostedRuleField",
    "PostflopFirstToAct",
    "PotCountOnRequest",
    "PreflopFirstToAct",
    "PresenceCheckpoint",
    "PrizePoolComponent",
    "RabbitHunt",
    "RaceNewChipRounding",
    "RaceRemainder",
    "RaiseMethodCShortFirstPush",
    "ReentrySeat",
    "RefuseMoveConsequence",
    "RemainderTo",
    "ReopenRule",
    "SeatAssignment",
    "SeatManualOverride",
    "ShowRequestRule",
    "ShowdownAfterOrder",
    "ShowdownOrderBet",
    "ShowdownOrderNoBet",
    "SimultaneousElimOrder",
    "SkippedPlayerCutoff",
    "StartingStackSource",
    "StudVariant",
    "SubstantialActionRule",
    "SurvivorRemainderTo",
    "TableBreakOrder",
    "TableLanguageRule",
    "TimedEndTie",
    "UndercallRule",
    "Variant",
    "VerbalVsChips",
    "WithholdingBase",
]
