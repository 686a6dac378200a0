"""Live-table rulings: what a player's words and chips amount to, by the venue's rulebook.

At a live table a player speaks ("call", "raise 8000", "five", "pot"), pushes chips (one
motion or several, before or after speaking, released or not) and sometimes acts out of
turn. :func:`rule` takes the state of the betting round (:class:`Situation`), what
happened (:class:`Happened`) and the tournament's profile, and returns a :class:`Ruling`:
the action, the total the player's bet comes to, chips to add or change to give back,
the venue's own rule IDs (always through ``profile.cite``) and one sentence a floorperson
reads aloud; where the rulebook leaves it to the player or the floor, the options.

The function is pure: no hand, no clock, no store. :func:`situation_of` reads the
situation from a live :class:`~pokertd.engine.hand.Hand` and :func:`declare` turns a
ruling into the engine action and plays it, so a hand can be entered as declarations
plus chips through the same function the floor uses.

Venue differences come only from profile fields: ``verbal_vs_chips`` (E9),
``undercall_rule`` (E12), ``overcall_raise_threshold`` (E13), ``oversized_last_chip_is_call``
(E15), ``multichip_last_chips`` (E16), ``ambiguous_amount_rule`` (E21),
``oot_when_action_changes`` (E25), ``min_raise_rule`` (E2), ``raise_cap_nl_pl`` /
``raise_cap_limit`` (E5), ``undercall_misunderstanding_threshold`` (E12),
``skipped_player_cutoff`` (E26), ``exact_count_requires_turn`` / ``dealer_clarifies_bets``
(E28), ``min_wager_chip_unit`` (B14).

Implements: E1 (min bet), E2 (min raise: TDA C + L, SPOT 2 x C, NJ call + one chip), E4
(a raise after a short all-in that did not re-open is a call), E5 (caps), E6 (pot-limit
maximum, "pot"), E7 (bet on a wrong pot count), E8 (wrong-sized bets corrected), E9
(words, chips and which came first; release), E10 (acting before a clear amount), E11
(binding declarations), E12 (undercalls; SPOT's 80 % misunderstanding claim), E13 (50 %
standard vs 1.5 x), E14 (how to raise; string raises), E15 (oversized chip), E16 (several
chips; over-betting for change), E17 (earlier bet still in front), E18 (a tiny chip
against a big bet), E19 ("pot" in no-limit), E20 (invalid declarations), E21 (ambiguous
amounts), E22 (official terms, tap, string bets), E23 (folding when a check was
available), E24 (conditional statements), E25 (action out of turn; SPOT's "checked out of
turn: no bet or raise on his next turn"), E26 (skipped players), E27 (accepted action),
E28 (count of an all-in stack), E29 (chips found behind an all-in), B14 (SPOT's minimum
wager chip unit).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from pokertd.engine.actions import Action, AllIn, Bet, Call, Check, Fold, Raise
from pokertd.engine.hand import Hand
from pokertd.errors import IllegalAction, InvalidCommand
from pokertd.i18n import N_, Nn_, Phrase, Sentence
from pokertd.i18n import Chips as Count
from pokertd.rules import (
    MinRaiseRule,
    MultichipLastChips,
    OvercallThreshold,
    RuleProfile,
    UndercallRule,
    Variant,
    VerbalVsChips,
)
from pokertd.rules.enums import AmbiguousAmountRule, OotWhenActionChanges, SkippedPlayerCutoff
from pokertd.types import Chips

_FIXED_LIMIT = (Variant.FIXED_LIMIT_HOLDEM, Variant.FIXED_LIMIT_OMAHA_HI_LO)
"""The fixed-limit games (hold'em, Omaha hi-lo)."""
_POT_LIMIT = (Variant.POT_LIMIT_OMAHA, Variant.POT_LIMIT_OMAHA_HI_LO)
"""The pot-limit games (Omaha, Omaha hi-lo)."""

MAX_CHIPS = 10**12
"""The largest chip amount a ruling accepts (anything larger is a typing error)."""
MAX_WORDS = 200
"""The longest declaration, in characters."""
MAX_PUSHED = 200
"""Most chips in one push (all motions together)."""
TINY_SHARE = Fraction(1, 10)
"""A silent push below this share of the call is "relatively tiny to the bet" (E18: the
rulebooks' example is one 1,000 chip against 50,000, 2 %; IMPL: under 10 %)."""


class Order(StrEnum):
    """Which came first: the words or the chips (E9)."""

    WORDS_FIRST = "words_first"
    CHIPS_FIRST = "chips_first"
    TOGETHER = "together"


@dataclass(frozen=True, slots=True, kw_only=True)
class Situation:
    """The betting round as the player to act faces it (amounts in chips).

    ``current_bet`` is ``C``, ``in_front`` the player's own bet on this round (his chips
    not yet pulled into the pot, part of the call), ``to_call`` is therefore
    ``C - in_front``. ``last_increment`` is ``L`` (catalogue 1.4). ``pot`` counts every
    chip in the middle and every bet on the table before this action. ``stack`` is the
    player's chips behind. ``raise_allowed`` is false when a short all-in did not re-open
    the betting for him (E4); ``min_raise_to``/``max_raise_to`` override the computed
    bounds when the engine knows them better (pot-limit with short blinds, E6).
    """

    current_bet: Chips = 0
    in_front: Chips = 0
    last_increment: Chips = 0
    pot: Chips = 0
    stack: Chips
    big_blind: Chips
    denominations: tuple[Chips, ...] = ()
    heads_up: bool = False
    opening_bet: bool = True
    variant: Variant = Variant.NO_LIMIT_HOLDEM
    raises_this_round: int = 0
    players_in_tournament: int | None = None
    raise_allowed: bool = True
    min_raise_to: Chips | None = None
    max_raise_to: Chips | None = None

    @property
    def to_call(self) -> Chips:
        """Chips the player must add to call (before his stack limits it)."""
        return max(self.current_bet - self.in_front, 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class Happened:
    """What the player did: words and chips.

    ``pushes`` lists the forward motions, each the denominations of its chips
    (``((5000, 5000),)`` is one motion of two 5,000 chips). ``order`` says whether the
    words came before the chips, after them, or together. ``released`` is false while the
    player still holds the chips. ``out_of_turn`` with ``action_changed`` (someone bet or
    raised before his turn) triggers E25; the :class:`Situation` is then the one he faces
    at his turn and the pushes are what he put in out of turn. ``pot_count`` is the pot
    count a dealer gave for a pot-limit bet and ``substantial_action_after`` whether
    substantial action followed before the error was found (E7). ``count_given`` marks a
    push of an amount someone miscounted (E27). ``found_behind`` is chips found behind an
    all-in player after he was called (E29). ``pulled_back`` means he visibly pulled back
    chips of his earlier bet (FOX-50B: he may not fold).

    ``amount_unclear``: he acted before the bet he faces had a clear amount (someone said
    "raise" and named none yet, E10). ``skipped``: out-of-turn action passed him by (E26);
    ``acted_behind`` players have acted behind him since, ``earlier_to_act`` says a player
    before him has not acted yet, ``substantial_action_after`` whether substantial action
    took place out of turn on his left. ``count_request``: he asks for a precise count of
    an opponent's stack (E28), ``facing_all_in`` whether that opponent is all-in against
    him, ``own_turn`` whether it is his turn. ``checked_out_of_turn``: he checked out of
    turn earlier on this round and the check stood (SPOT-3d6: no bet or raise on his next
    turn). ``misunderstood``: he claims he misunderstood the amount he called (E12).
    """

    words: str = ""
    pushes: tuple[tuple[Chips, ...], ...] = ()
    order: Order = Order.WORDS_FIRST
    released: bool = True
    out_of_turn: bool = False
    action_changed: bool = False
    pot_count: Chips | None = None
    substantial_action_after: bool = False
    count_given: bool = False
    found_behind: Chips = 0
    pulled_back: bool = False
    amount_unclear: bool = False
    skipped: bool = False
    acted_behind: int = 0
    earlier_to_act: bool = False
    count_request: bool = False
    facing_all_in: bool = False
    own_turn: bool = True
    checked_out_of_turn: bool = False
    misunderstood: bool = False

    @property
    def chips(self) -> tuple[Chips, ...]:
        """Every chip pushed, all motions together."""
        return tuple(c for push in self.pushes for c in push)


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """One choice the player or the floor has, with the sentence to read."""

    action: str
    amount: Chips
    chips_to_add: Chips = 0
    change: Chips = 0
    forfeited: Chips = 0
    at_least: bool = False
    sentence: str = ""
    said: tuple[Sentence, ...] = ()
    """The sentence as catalogue sentences (joined by a space), for the faces to say in
    their reader's language; empty where the sentence is still English only."""

    def __post_init__(self) -> None:
        if self.said and not self.sentence:
            object.__setattr__(self, "sentence", " ".join(s.text for s in self.said))


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling:
    """The ruling.

    ``action`` is ``fold``, ``check``, ``call``, ``bet``, ``raise`` or ``all-in`` when the
    rule decides; ``choice`` when the player chooses among ``options``; ``floor`` when the
    rulebook leaves it to the floor (``options`` then lists what the floor may rule);
    ``none`` when nothing binding happened (chips not released). ``amount`` is the total
    the player's bet comes to on this round; with ``at_least`` it is the minimum of a bet
    or raise whose size the player still names (up to ``max_to``). ``chips_to_add`` and
    ``change`` settle the chips pushed; ``forfeited`` chips stay in the pot on a fold.
    ``flags`` mark ``conditional``, ``string_bet``, ``out_of_turn``, ``non_standard``,
    ``penalty_possible``, ``ambiguous_amount``.
    """

    action: str
    amount: Chips = 0
    chips_to_add: Chips = 0
    change: Chips = 0
    forfeited: Chips = 0
    at_least: bool = False
    max_to: Chips = 0
    rule_ids: tuple[str, ...] = ()
    sentence: str = ""
    said: tuple[Sentence, ...] = ()
    """The sentence as catalogue sentences (joined by a space: ``sentence`` is their
    English), for the faces to say in their reader's language; empty where the sentence is
    still English only."""
    options: tuple[Option, ...] = ()
    flags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.said and not self.sentence:
            object.__setattr__(self, "sentence", " ".join(s.text for s in self.said))

    def engine_action(self) -> Action | None:
        """The engine action this ruling binds the player to (``None`` when someone must
        still choose)."""
        return _engine_action(self.action, self.amount, self.at_least)

    def as_dict(self) -> dict[str, object]:
        """JSON-safe view (for the CLI and the API)."""
        return {
            "action": self.action,
            "amount": self.amount,
            "chips_to_add": self.chips_to_add,
            "change": self.change,
            "forfeited": self.forfeited,
            "at_least": self.at_least,
            "max_to": self.max_to,
            "rule_ids": list(self.rule_ids),
            "sentence": self.sentence,
            "said": [s.as_json() for s in self.said],
            "options": [
                {
                    "action": o.action,
                    "amount": o.amount,
                    "chips_to_add": o.chips_to_add,
                    "change": o.change,
                    "forfeited": o.forfeited,
                    "at_least": o.at_least,
                    "sentence": o.sentence,
                    "said": [s.as_json() for s in o.said],
                }
                for o in self.options
            ],
            "flags": list(self.flags),
        }


def _s(msgid: str, **params: str | int | Sentence) -> Sentence:
    """One sentence of a ruling (``N_``-marked msgid; chip amounts as :class:`Count`)."""
    return Sentence(msgid, params)


def _said_of(part: Ruling | Option | Sentence | str) -> tuple[tuple[Sentence, ...], str]:
    if isinstance(part, Sentence):
        return (part,), part.text
    if isinstance(part, str):
        return (), part
    return part.said, part.sentence


def _joined(*parts: Ruling | Option | Sentence | str) -> dict[str, Any]:
    """``sentence`` and ``said`` of ``parts`` read one after the other (a space between):
    ``said`` only when every part has its sentences (else the English alone)."""
    pieces = [_said_of(p) for p in parts if not (isinstance(p, str) and not p)]
    said = tuple(s for one, _ in pieces for s in one)
    complete = all(one for one, _ in pieces)
    return {"sentence": " ".join(text for _, text in pieces), "said": said if complete else ()}


def _engine_action(action: str, amount: Chips, at_least: bool) -> Action | None:
    if action == "fold":
        return Fold()
    if action == "check":
        return Check()
    if action == "call":
        return Call()
    if action == "all-in":
        return AllIn()
    if action == "bet":
        return Bet(amount)
    if action == "raise":
        return Raise(amount)
    return None


# ---------------------------------------------------------------------- the words
@dataclass(frozen=True, slots=True)
class Declaration:
    """What the words say: ``kind`` (``None`` for no words or a bare amount), ``amount``
    (the total stated, if any), ``ambiguous`` (a bare number that can mean several
    values, E21), ``conditional`` (E24) and ``unknown`` (non-standard words, E22)."""

    kind: str | None = None
    amount: Chips | None = None
    ambiguous: bool = False
    conditional: bool = False
    unknown: bool = False
    text: str = ""


_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "a": 1,
}
_SCALES = {"hundred": 100, "thousand": 1_000, "k": 1_000, "grand": 1_000, "million": 10**6}
_VERBS = {
    "fold": "fold",
    "check": "check",
    "tap": "tap",
    "call": "call",
    "bet": "bet",
    "raise": "raise",
    "allin": "all-in",
    "all-in": "all-in",
    "shove": "all-in",
    "jam": "all-in",
    "pot": "pot",
    "complete": "complete",
    "reraise": "raise",
    "re-raise": "raise",
    "knock": "tap",
}
_FILLER = {"i", "im", "i'm", "will", "to", "make", "it", "the", "and", "for", "of", "um", "bet"}
_CONDITIONAL = re.compile(r"\b(if|when|unless|whatever)\b")


def parse_words(words: str) -> Declaration:
    """Read a spoken declaration: ``"raise 8000"``, ``"raise, eight thousand"``,
    ``"all in"``, ``"five"``, ``"pot"``, ``"if you bet I raise"`` (flagged conditional)."""
    text = " ".join(words.lower().replace(",", " ").split())
    if len(text) > MAX_WORDS:
        raise InvalidCommand(
            template=N_("A declaration is at most %(most)s characters."), params={"most": MAX_WORDS}
        )
    if not text:
        return Declaration()
    if _CONDITIONAL.search(text):
        return Declaration(conditional=True, text=text)
    text = text.replace("all in", "allin").replace("re raise", "reraise")
    tokens = [t.strip(".!?") for t in text.split()]
    kind: str | None = None
    number_tokens: list[str] = []
    unknown = False
    for token in tokens:
        if token in _VERBS and token != "bet":
            kind = _VERBS[token] if kind in (None, "bet") else kind
        elif token == "bet":
            kind = kind or "bet"
        elif _is_number_token(token):
            number_tokens.append(token)
        elif token in _FILLER or token in ("i'll", "ill", "up", "more", "chips", "me", "out"):
            continue
        else:
            unknown = True
    amount: int | None = None
    ambiguous = False
    if number_tokens:
        amount, has_scale = _number(number_tokens)
        ambiguous = not has_scale and not any(t.isdigit() and len(t) >= 3 for t in number_tokens)
    if kind is None and amount is None:
        return Declaration(unknown=True, text=text)
    return Declaration(kind, amount, ambiguous, False, unknown, text)


def _is_number_token(token: str) -> bool:
    return bool(re.fullmatch(r"[0-9]+(\.[0-9]+)?k?", token)) or token in _UNITS or token in _SCALES


def _number(tokens: Sequence[str]) -> tuple[int, bool]:
    """(value, said with a scale word) of number tokens: ``["eight", "thousand"]`` →
    (8000, True); ``["5"]`` → (5, False); ``["2.5k"]`` → (2500, True)."""
    total = 0
    current = 0
    has_scale = False
    for token in tokens:
        if re.fullmatch(r"[0-9]+(\.[0-9]+)?k", token):
            current += int(float(token[:-1]) * 1000)
            has_scale = True
        elif re.fullmatch(r"[0-9]+(\.[0-9]+)?", token):
            current += int(float(token))
        elif token in _UNITS:
            current += _UNITS[token]
        else:
            scale = _SCALES[token]
            has_scale = True
            if scale == 100:
                current = max(current, 1) * 100
            else:
                total += max(current, 1) * scale
                current = 0
    value = total + current
    if value > MAX_CHIPS:
        raise InvalidCommand(template=N_("That amount is too large to be a bet."))
    return value, has_scale


# ---------------------------------------------------------------------- the rules
@dataclass(frozen=True, slots=True)
class _Round:
    """The situation's bounds under the profile, computed once."""

    s: Situation
    p: RuleProfile
    owed: Chips
    all_in_to: Chips
    can_raise: bool
    min_to: Chips
    max_to: Chips
    min_chip: Chips = 1
    oot_no_raise: bool = False
    """He checked out of turn earlier and the venue forbids his raise now (SPOT-3d6)."""


def _bounds(s: Situation, p: RuleProfile) -> _Round:
    cur = s.current_bet
    all_in_to = s.in_front + s.stack
    owed = min(s.to_call, s.stack)
    min_chip = min(s.denominations) if s.denominations else 1
    limit = s.variant in _FIXED_LIMIT
    if limit:
        low = high = cur + max(s.last_increment, s.big_blind)
    else:
        if cur <= 0:
            low = s.big_blind
        elif p.min_raise_rule is MinRaiseRule.CURRENT_PLUS_LARGEST_INCREMENT:
            low = cur + max(s.last_increment, s.big_blind if s.last_increment <= 0 else 0)
        elif p.min_raise_rule is MinRaiseRule.DOUBLE_CURRENT_BET:
            low = 2 * cur if cur >= s.big_blind else cur + s.big_blind
        else:
            low = cur + min_chip
        low = max(low, s.big_blind)
        high = cur + s.pot + s.to_call if s.variant in _POT_LIMIT else all_in_to
    if s.min_raise_to is not None:
        low = s.min_raise_to
    if s.max_raise_to is not None:
        high = s.max_raise_to
    cap = p.raise_cap_limit if limit else p.raise_cap_nl_pl
    lifted = p.raise_cap_lifted_when_tournament_players_le
    if (
        lifted is not None
        and s.players_in_tournament is not None
        and s.players_in_tournament <= lifted
    ):
        cap = None
    capped = cap is not None and cur > 0 and s.raises_this_round >= cap
    can_raise = s.raise_allowed and not capped and s.stack > s.to_call
    return _Round(
        s, p, owed, all_in_to, can_raise, min(low, all_in_to), min(high, all_in_to), min_chip
    )


def rule(situation: Situation, happened: Happened, profile: RuleProfile) -> Ruling:
    """The ruling on what ``happened`` in ``situation`` under ``profile`` (pure).

    Bad input (chips beyond the stack, a chip not in play, an empty action) raises
    :class:`~pokertd.errors.InvalidCommand` with one sentence.
    """
    _check(situation, happened)
    r = _bounds(situation, profile)
    if (
        happened.checked_out_of_turn
        and profile.oot_when_action_changes is OotWhenActionChanges.NO_RAISE_CALL_OR_FOLD
        and r.can_raise
    ):
        # SPOT-3d6: a check out of turn that stood forbids a bet or raise on his next turn
        # (the same venue rule as "call or fold, no raise" when the action changed).
        r = replace(r, can_raise=False, oot_no_raise=True)
    decl = parse_words(happened.words)
    if decl.conditional:
        return _conditional(r, decl)
    if happened.found_behind:
        return _found_behind(r, happened)
    if happened.count_request:
        return _count_request(r, happened)
    if happened.skipped:
        kept = _skipped(r, happened)
        if kept.action != "none" or not (happened.words.strip() or happened.chips):
            return kept
        ruling = _in_turn(r, decl, happened)
        return replace(
            ruling,
            **_joined(kept, ruling),
            rule_ids=_merge(kept.rule_ids, ruling.rule_ids),
        )
    if happened.amount_unclear:
        return _premature(r, decl, sum(happened.chips))
    if (
        happened.misunderstood
        and profile.undercall_misunderstanding_threshold is not None
        and 0 < sum(happened.chips) < r.owed
    ):
        return _misunderstood(r, sum(happened.chips), profile.undercall_misunderstanding_threshold)
    if happened.out_of_turn and happened.action_changed:
        return _out_of_turn_changed(r, decl, happened)
    ruling = _in_turn(r, decl, happened)
    if happened.pulled_back and ruling.action == "fold":
        ruling = _pulled_back(r, happened)
    if happened.out_of_turn:
        ruling = replace(
            ruling,
            **_joined(
                ruling,
                _s(
                    N_(
                        "The action was out of turn but nothing changed before the player's "
                        "turn, so it stands; it may be penalised."
                    )
                ),
            ),
            rule_ids=_merge(ruling.rule_ids, profile.cite("E25")),
            flags=(*ruling.flags, "out_of_turn", "penalty_possible"),
        )
    return ruling


_FIELDS = {
    "current_bet": N_("Current bet"),
    "in_front": N_("In front"),
    "last_increment": N_("Last increment"),
    "pot": N_("Pot"),
    "stack": N_("Stack"),
    "big_blind": N_("Big blind"),
}
"""The situation's amounts as a refusal names them (``"Current bet must be 0 or more."``)."""


def _check(s: Situation, h: Happened) -> None:
    for name in ("current_bet", "in_front", "last_increment", "pot", "stack", "big_blind"):
        value = getattr(s, name)
        if not 0 <= value <= MAX_CHIPS:
            raise InvalidCommand(
                template=N_("%(name)s must be 0 or more."), params={"name": Phrase(_FIELDS[name])}
            )
    if s.big_blind <= 0:
        raise InvalidCommand(template=N_("The big blind must be at least one chip."))
    if s.in_front > s.current_bet:
        raise InvalidCommand(template=N_("The player's bet cannot be above the current bet."))
    chips = h.chips
    if len(chips) > MAX_PUSHED:
        raise InvalidCommand(
            template=N_("A push is at most %(most)s chips."), params={"most": MAX_PUSHED}
        )
    if any(not 0 < c <= MAX_CHIPS for c in chips) or any(not push for push in h.pushes):
        raise InvalidCommand(template=N_("Every chip pushed must have a positive value."))
    if sum(chips) > s.stack:
        raise InvalidCommand(
            template=N_("The player has only %(stack)s chips, not %(chips)s."),
            params={"stack": Count(s.stack), "chips": Count(sum(chips))},
        )
    if s.denominations:
        stray = sorted({c for c in chips if c not in s.denominations})
        if stray:
            raise InvalidCommand(
                template=N_("No %(chip)s chip is in play in this event."),
                params={"chip": Count(stray[0])},
            )
    if not h.words.strip() and not chips and not (h.found_behind or h.count_request or h.skipped):
        raise InvalidCommand(template=N_("Say what the player declared or which chips he pushed."))
    if not 0 <= h.acted_behind <= 10:
        raise InvalidCommand(
            template=N_("At most ten players can have acted behind a skipped player.")
        )
    if h.found_behind < 0 or h.found_behind > MAX_CHIPS:
        raise InvalidCommand(template=N_("Chips found behind must be 0 or more."))


def _merge(*groups: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for group in groups:
        out.extend(i for i in group if i not in out)
    return tuple(out)


def _n(x: int) -> str:
    return f"{x:,}"


def _settle(r: _Round, to: Chips, pushed: Chips) -> tuple[Chips, Chips]:
    """(chips to add, change) when the player's bet comes to ``to`` with ``pushed`` out."""
    need = to - r.s.in_front
    return max(need - pushed, 0), max(pushed - need, 0)


def _decided(
    r: _Round,
    action: str,
    to: Chips,
    pushed: Chips,
    why: str | Sentence | tuple[Sentence, ...],
    entries: tuple[str, ...],
    *,
    flags: tuple[str, ...] = (),
) -> Ruling:
    """A ruling the rule decides, with the chips settled and the sentence finished."""
    parts: list[Sentence | str] = list(why) if isinstance(why, tuple) else [why]
    if action in ("bet", "raise", "all-in") and r.can_raise:
        target = r.all_in_to if action == "all-in" else to
        if target > r.max_to:
            # E6 pot-limit maximum; fixed-limit: one bet size (E5 section of the matrix).
            pot_limit = r.s.variant in _POT_LIMIT
            action, to = _raise_kind(r), r.max_to
            bet = r.s.current_bet == 0
            if pot_limit:
                more = (
                    N_("That is more than the pot-limit maximum: it is a bet of %(amount)s.")
                    if bet
                    else N_("That is more than the pot-limit maximum: it is a raise to %(amount)s.")
                )
            else:
                more = (
                    N_("That is more than the limit: it is a bet of %(amount)s.")
                    if bet
                    else N_("That is more than the limit: it is a raise to %(amount)s.")
                )
            parts.append(_s(more, amount=Count(to)))
            entries = (*entries, "E6")
    if action in ("bet", "raise") and to >= r.all_in_to:
        action, to = "all-in", r.all_in_to
    if action in ("all-in", "bet", "raise") and not r.can_raise and r.all_in_to > r.s.current_bet:
        # E4/E5: the betting is closed for him: what would raise is a call (or a check).
        action = "call" if r.owed else "check"
        parts.append(_no_raise_reason(r))
        parts.append(_it_is_call_or_check(r))
        entries = (*entries, *_closed(r))
    if action == "call":
        to = r.s.in_front + r.owed
        if r.owed == r.s.stack and r.owed > 0:
            parts.append(_s(N_("The call puts the player all-in.")))
    if action == "all-in":
        to = r.all_in_to
    if action == "check":
        to = r.s.in_front
    add, change = _settle(r, to, pushed) if action != "fold" else (0, pushed)
    parts.extend(_chips_said(add, change))
    return Ruling(
        action=action,
        amount=to,
        chips_to_add=add,
        change=change,
        rule_ids=r.p.cite(*entries),
        flags=flags,
        **_joined(*parts),
    )


def _it_is_call_or_check(r: _Round) -> Sentence:
    if r.owed:
        return _s(N_("It is a call of %(amount)s."), amount=Count(r.owed))
    return _s(N_("It is a check."))


def _chips_said(add: Chips, change: Chips) -> tuple[Sentence, ...]:
    if add:
        return (_s(N_("The player adds %(amount)s."), amount=Count(add)),)
    if change:
        return (_s(N_("Give the player %(amount)s back."), amount=Count(change)),)
    return ()


def _chips_sentence(add: Chips, change: Chips) -> str:
    said = _chips_said(add, change)
    return " " + said[0].text if said else ""


def _what_said(r: _Round, to: Chips) -> Sentence:
    """'a bet of 2,000' / 'a raise to 2,000', a phrase a face says in its language."""
    if r.s.current_bet == 0:
        return _s(N_("a bet of %(amount)s"), amount=Count(to))
    return _s(N_("a raise to %(amount)s"), amount=Count(to))


def _raise_kind(r: _Round) -> str:
    return "bet" if r.s.current_bet == 0 else "raise"


def _in_turn(r: _Round, decl: Declaration, h: Happened) -> Ruling:
    pushed = sum(h.chips)
    words = decl.kind is not None or decl.amount is not None
    if not words and not h.released:
        return Ruling(
            action="none",
            rule_ids=r.p.cite("E9"),
            said=(
                _s(
                    N_(
                        "Nothing is bet yet: chips the player has not released do not bind, "
                        "unless the floor finds that the forward motion made another player act."
                    )
                ),
            ),
        )
    if decl.unknown and decl.kind is None and decl.amount is None:
        if not h.chips:
            return Ruling(
                action="floor",
                rule_ids=r.p.cite("E22"),
                said=(
                    _s(
                        N_(
                            '"%(words)s" is not an official term (check, bet, call, raise, '
                            "fold, all-in); the floor decides what it means, at the player's risk."
                        ),
                        words=decl.text,
                    ),
                ),
                flags=("non_standard",),
            )
        decl = Declaration()
        words = False
    if words and h.chips:
        if r.p.verbal_vs_chips is VerbalVsChips.VERBAL_WINS:
            words_govern = not (
                h.order is Order.CHIPS_FIRST and len(h.chips) == 1 and decl.amount is None
            )
        elif h.order is Order.WORDS_FIRST or not h.released:
            words_govern = True
        elif h.order is Order.CHIPS_FIRST:
            words_govern = False
        else:  # together: an unambiguous, sensible statement prevails
            words_govern = not decl.unknown and not decl.ambiguous
        if not words_govern:
            ruling = _chips(r, h, declared_raise=False)
            return replace(
                ruling,
                **_joined(ruling, _s(N_("The chips came first, so they govern, not the words."))),
                rule_ids=_merge(ruling.rule_ids, r.p.cite("E9")),
            )
    if not words:
        return _chips(r, h, declared_raise=False)
    return _words(r, decl, h, pushed)


def _words(r: _Round, decl: Declaration, h: Happened, pushed: Chips) -> Ruling:
    """The words govern (E9, E11): the chips are settled to what was said."""
    s, p = r.s, r.p
    kind = decl.kind
    amount = decl.amount
    flags: tuple[str, ...] = ("non_standard",) if decl.unknown else ()
    if amount is not None and decl.ambiguous and kind not in ("fold", "check", "call"):
        amount, note = _resolve_amount(r, amount, kind)
        flags = (*flags, "ambiguous_amount")
        ruling = _words(r, replace(decl, amount=amount, ambiguous=False), h, pushed)
        return replace(
            ruling,
            **_joined(note, ruling),
            rule_ids=_merge(p.cite("E21"), ruling.rule_ids),
            flags=(*ruling.flags, *flags),
        )
    if kind == "fold":
        if r.owed == 0:
            return _decided(
                r,
                "fold",
                s.in_front,
                pushed,
                _s(
                    N_(
                        "Fold: binding even though a check was available; the hand is dead and "
                        "the fold may be penalised."
                    )
                ),
                ("E23",),
                flags=("non_standard", "penalty_possible"),
            )
        return _decided(
            r, "fold", s.in_front, pushed, _s(N_("Fold: the hand is dead.")), ("E11", "E23")
        )
    if kind == "tap":
        if r.owed == 0:
            return _decided(
                r, "check", s.in_front, pushed, _s(N_("Tapping the table is a check.")), ("E22",)
            )
        return Ruling(
            action="floor",
            rule_ids=p.cite("E22"),
            said=(
                _s(
                    N_(
                        "A tap facing a bet is not an action: the floor decides, at the "
                        "player's risk."
                    )
                ),
            ),
            options=_call_fold_options(r, pushed),
            flags=("non_standard",),
        )
    if kind == "check":
        if r.owed == 0:
            return _decided(r, "check", s.in_front, pushed, _s(N_("Check.")), ("E11",))
        return Ruling(
            action="choice",
            amount=s.in_front,
            rule_ids=p.cite("E20"),
            said=(
                _s(
                    N_(
                        '"Check" facing a bet of %(amount)s is invalid: the player may only call '
                        "or fold, not raise."
                    ),
                    amount=Count(s.current_bet),
                ),
            ),
            options=_call_fold_options(r, pushed),
        )
    if kind == "call":
        if r.owed == 0:
            return _decided(
                r,
                "check",
                s.in_front,
                pushed,
                _s(N_('"Call" with no bet to call is a check.')),
                ("E20",),
            )
        return _decided(
            r,
            "call",
            0,
            pushed,
            _s(
                N_("Call of %(amount)s: a verbal call binds the player to the full call."),
                amount=Count(r.owed),
            ),
            ("E11", "E9"),
        )
    if kind == "all-in":
        return _decided(
            r,
            "all-in",
            r.all_in_to,
            pushed,
            _s(N_("All-in: the player's bet comes to %(amount)s."), amount=Count(r.all_in_to)),
            ("E11",),
        )
    if kind == "pot":
        return _pot(r, h, pushed)
    if kind in ("raise", "bet", "complete") or (kind is None and amount is not None):
        return _raise_words(r, decl, h, pushed)
    raise InvalidCommand(template=N_("Say what the player declared or which chips he pushed."))


def _call_fold_options(r: _Round, pushed: Chips) -> tuple[Option, ...]:
    """Call or fold, the chips already pushed counted towards the call (returned on a
    fold: no action bound them)."""
    add, change = _settle(r, r.s.in_front + r.owed, pushed)
    return (
        Option(
            action="call",
            amount=r.s.in_front + r.owed,
            chips_to_add=add,
            change=change,
            said=(_s(N_("Call %(amount)s."), amount=Count(r.owed)), *_chips_said(add, change)),
        ),
        Option(
            action="fold",
            amount=r.s.in_front,
            change=pushed,
            said=(
                _s(N_("Fold.")),
                *(
                    (_s(N_("Give the player his %(amount)s back."), amount=Count(pushed)),)
                    if pushed
                    else ()
                ),
            ),
        ),
    )


def _raise_words(r: _Round, decl: Declaration, h: Happened, pushed: Chips) -> Ruling:
    """'raise', 'raise 8000', 'bet 1000', a bare amount (E2, E8, E14, E15, E20)."""
    s, p = r.s, r.p
    amount = decl.amount
    if decl.kind is None and amount is not None:
        # A bare amount is the same as pushing that many chips silently (E9, E13).
        return _push_total(r, amount - s.in_front, pushed, single=False, said=True)
    if not r.can_raise:
        reason = _no_raise_reason(r)
        if r.owed == 0:
            return _decided(
                r, "check", s.in_front, pushed, (reason, _it_is_call_or_check(r)), _closed(r)
            )
        return _decided(
            r, "call", 0, pushed, (reason, _it_is_call_or_check(r)), (*_closed(r), "E11")
        )
    entries: tuple[str, ...] = ("E11", "E2")
    if amount is None:
        if not h.chips:
            word = "bet" if s.current_bet == 0 else "raise"
            invalid = decl.kind == "raise" and s.current_bet == 0
            return Ruling(
                action=_raise_kind(r),
                amount=r.min_to,
                at_least=True,
                max_to=r.max_to,
                rule_ids=p.cite(*(("E20", "E1") if invalid else ("E11", "E2"))),
                said=(
                    _s(
                        N_(
                            '"Raise" with no bet to raise is a bet: the player must bet at '
                            "least %(amount)s."
                        ),
                        amount=Count(r.min_to),
                    )
                    if invalid
                    else _s(
                        N_(
                            "The player must bet to at least %(amount)s; he names the amount, "
                            "up to %(most)s."
                        )
                        if word == "bet"
                        else N_(
                            "The player must raise to at least %(amount)s; he names the amount, "
                            "up to %(most)s."
                        ),
                        amount=Count(r.min_to),
                        most=Count(r.max_to),
                    ),
                ),
            )
        counted, string = _raise_motions(r, h)
        to = s.in_front + counted
        flags: tuple[str, ...] = ("string_bet",) if string else ()
        below = to < r.min_to
        one_chip = len(h.chips) == 1 and to > s.current_bet
        if one_chip:
            declared = (
                N_(
                    "Raise declared with one chip: %(it)s, as far as the chip goes (below the "
                    "minimum, so made the minimum of %(least)s)."
                )
                if below
                else N_("Raise declared with one chip: %(it)s, as far as the chip goes.")
            )
            entries = ("E15", "E2")
        else:
            declared = {
                (False, False): N_("Raise declared: %(it)s."),
                (True, False): N_(
                    "Raise declared: %(it)s (below the minimum, so made the minimum of %(least)s)."
                ),
                (False, True): N_(
                    "Raise declared: %(it)s; only the first motion counts, the rest is a string "
                    "raise."
                ),
                (True, True): N_(
                    "Raise declared: %(it)s (below the minimum, so made the minimum of "
                    "%(least)s); only the first motion counts, the rest is a string raise."
                ),
            }[below, string]
            entries = ("E14", "E2")
        if string:
            entries = (*entries, "E22")
        why = _s(declared, it=_what_said(r, max(to, r.min_to)), least=Count(r.min_to))
        to = min(max(to, r.min_to), r.max_to)
        return _decided(r, _raise_kind(r), to, pushed, why, entries, flags=flags)
    to = amount
    bet = s.current_bet == 0
    said: Sentence
    if to <= s.current_bet:
        # "raise 500" facing 600 names less than the bet: the raise is made the minimum.
        said = _s(
            N_("%(amount)s is not a raise over %(bet)s: it is made the minimum."),
            amount=Count(to),
            bet=Count(s.current_bet),
        )
        to = r.min_to
        entries = ("E8", "E2")
    elif to < r.min_to:
        said = _s(
            N_("A bet of %(amount)s is below the minimum; it is corrected to %(least)s.")
            if bet
            else N_("A raise to %(amount)s is below the minimum; it is corrected to %(least)s."),
            amount=Count(to),
            least=Count(r.min_to),
        )
        to = r.min_to
        entries = ("E1", "E8") if s.current_bet == 0 else ("E8", "E2")
    elif to > r.max_to and r.max_to < r.all_in_to:
        said = _s(
            N_("A bet of %(amount)s is over the pot-limit maximum; it is reduced to %(most)s.")
            if bet
            else N_(
                "A raise to %(amount)s is over the pot-limit maximum; it is reduced to %(most)s."
            ),
            amount=Count(to),
            most=Count(r.max_to),
        )
        to = r.max_to
        entries = ("E6", "E7")
    else:
        said = _s(
            N_("A bet of %(amount)s as declared (a raise with a number names the total).")
            if bet
            else N_("A raise to %(amount)s as declared (a raise with a number names the total)."),
            amount=Count(to),
        )
        entries = ("E11", "E2")
    return _decided(r, _raise_kind(r), to, pushed, said, entries)


def _closed(r: _Round) -> tuple[str, ...]:
    """The entries that say why the betting is closed for him (E4/E5, or E25 SPOT-3d6)."""
    return ("E25",) if r.oot_no_raise else ("E4", "E5")


def _no_raise_reason(r: _Round) -> Sentence:
    s, p = r.s, r.p
    if r.oot_no_raise:
        return _s(
            N_("He checked out of turn earlier on this round, so he may not bet or raise now.")
        )
    limit = s.variant in _FIXED_LIMIT
    cap = p.raise_cap_limit if limit else p.raise_cap_nl_pl
    if cap is not None and s.current_bet > 0 and s.raises_this_round >= cap:
        return _s(
            N_("The betting is capped at %(cap)s raises, so the raise cannot be made."), cap=cap
        )
    if s.stack <= s.to_call:
        return _s(N_("The player has only enough chips to call."))
    return _s(N_("The all-in was less than a full raise and did not re-open the betting for him."))


def _raise_motions(r: _Round, h: Happened) -> tuple[Chips, bool]:
    """(chips that count, string raise?) for "raise" said before several motions (E14):
    exactly the call first, then the raise in one more motion; otherwise the first motion."""
    if len(h.pushes) <= 1:
        return sum(h.chips), False
    first = sum(h.pushes[0])
    if first == r.owed:
        return first + sum(h.pushes[1]), len(h.pushes) > 2
    return first, True


def _pot(r: _Round, h: Happened, pushed: Chips) -> Ruling:
    """'Pot' (E6, E7, E19)."""
    s, p = r.s, r.p
    if s.variant in _POT_LIMIT:
        if not r.can_raise:
            return _decided(
                r, "call" if r.owed else "check", 0, pushed, _no_raise_reason(r), _closed(r)
            )
        real = r.max_to
        if h.pot_count is not None and h.pot_count != s.pot:
            counted = min(s.current_bet + h.pot_count + s.to_call, r.all_in_to)
            if counted > real:
                return _decided(
                    r,
                    _raise_kind(r),
                    real,
                    pushed,
                    _s(
                        N_(
                            "The pot was counted as %(counted)s but is %(pot)s: the bet is "
                            "reduced to the real pot size, %(amount)s."
                        ),
                        counted=Count(h.pot_count),
                        pot=Count(s.pot),
                        amount=Count(real),
                    ),
                    ("E7", "E6"),
                )
            if h.substantial_action_after:
                return _decided(
                    r,
                    _raise_kind(r),
                    max(counted, r.min_to),
                    pushed,
                    _s(
                        N_(
                            "The pot was counted short (%(counted)s for %(pot)s) but "
                            "substantial action followed: a bet of %(amount)s stands."
                        )
                        if s.current_bet == 0
                        else N_(
                            "The pot was counted short (%(counted)s for %(pot)s) but "
                            "substantial action followed: a raise to %(amount)s stands."
                        ),
                        counted=Count(h.pot_count),
                        pot=Count(s.pot),
                        amount=Count(max(counted, r.min_to)),
                    ),
                    ("E7",),
                )
            return _decided(
                r,
                _raise_kind(r),
                real,
                pushed,
                _s(
                    N_(
                        "The pot was counted short (%(counted)s for %(pot)s), found before "
                        "substantial action: it is made the real pot size, %(amount)s."
                    ),
                    counted=Count(h.pot_count),
                    pot=Count(s.pot),
                    amount=Count(real),
                ),
                ("E7", "E6"),
            )
        return _decided(
            r,
            _raise_kind(r),
            real,
            pushed,
            _s(
                N_("Pot: a bet of %(amount)s, the pot-limit maximum.")
                if s.current_bet == 0
                else N_("Pot: a raise to %(amount)s, the pot-limit maximum."),
                amount=Count(real),
            ),
            ("E6", "E19"),
        )
    if not r.can_raise:
        why = _no_raise_reason(r)
        return _decided(r, "call" if r.owed else "check", 0, pushed, why, ("E19", *_closed(r)))
    word = "bet" if s.current_bet == 0 else "raise to"
    return Ruling(
        action=_raise_kind(r),
        amount=r.min_to,
        at_least=True,
        max_to=r.max_to,
        change=pushed,
        rule_ids=p.cite("E19"),
        said=(
            _s(
                N_(
                    '"Pot" is no amount in no-limit, but it commits the player: he must bet at '
                    "least %(amount)s and names the amount; he may not fold, and the floor may "
                    "penalise."
                )
                if word == "bet"
                else N_(
                    '"Pot" is no amount in no-limit, but it commits the player: he must raise '
                    "to at least %(amount)s and names the amount; he may not fold, and the "
                    "floor may penalise."
                ),
                amount=Count(r.min_to),
            ),
        ),
        flags=("non_standard", "penalty_possible"),
    )


def _resolve_amount(r: _Round, said: int, kind: str | None) -> tuple[int, Sentence]:
    """E21: the value a bare number takes under the venue's rule."""
    s, p = r.s, r.p
    floor = r.min_to if kind in ("raise", "bet", "complete") else max(s.big_blind, s.current_bet)
    candidates = [said * 10**k for k in range(13) if said * 10**k >= floor and said > 0]
    candidates = [c for c in candidates if c <= max(r.all_in_to, 1)] or candidates[:1] or [said]
    rule_ = p.ambiguous_amount_rule
    if rule_ is AmbiguousAmountRule.LESSER:
        value = min(candidates)
        why = _s(N_("the lesser value"))
    else:
        inside = [
            c
            for c in candidates
            if (c <= s.pot if rule_ is AmbiguousAmountRule.LARGEST_LE_POT else c < s.pot)
        ]
        value = max(inside) if inside else min(candidates)
        why = _s(
            N_("the largest value not above the pot of %(pot)s")
            if rule_ is AmbiguousAmountRule.LARGEST_LE_POT
            else N_("the largest value below the pot of %(pot)s"),
            pot=Count(s.pot),
        )
    shown = [Count(c) for c in candidates[:3]]
    means: Sentence | Count = (
        shown[0]
        if len(shown) == 1
        else _s(N_("%(a)s or %(b)s"), a=shown[0], b=shown[1])
        if len(shown) == 2
        else _s(N_("%(a)s or %(b)s or %(c)s"), a=shown[0], b=shown[1], c=shown[2])
    )
    return (
        value,
        _s(
            N_('"%(said)s" can mean %(means)s: it is read as %(value)s, %(why)s.'),
            said=str(said),
            means=means,
            value=Count(value),
            why=why,
        ),
    )


def _chips(r: _Round, h: Happened, *, declared_raise: bool) -> Ruling:
    """The chips govern (silent push): one motion counts; more motions are a string bet."""
    pushed = sum(h.chips)
    if len(h.pushes) > 1:
        first = h.pushes[0]
        ruling = _push_total(r, sum(first), pushed, single=len(first) == 1, chips=first)
        return replace(
            ruling,
            **_joined(ruling, _s(N_("Only the first motion counts: the rest is a string bet."))),
            rule_ids=_merge(ruling.rule_ids, r.p.cite("E22", "E14")),
            flags=(*ruling.flags, "string_bet"),
        )
    chips = h.chips
    if h.count_given and pushed < r.owed < r.s.stack + 1:
        return _accepted(r, pushed)
    counted, dead = _playing(r, chips)
    if dead:
        return _with_dead_chips(r, counted, dead, pushed, chips)
    ruling = _push_total(r, pushed, pushed, single=len(chips) == 1, chips=chips)
    if r.s.in_front and r.owed and ruling.action in ("call", "raise", "all-in"):
        ruling = replace(
            ruling,
            **_joined(
                ruling,
                _s(
                    N_(
                        "The player still had his earlier bet in front of him: he should state "
                        "his action, and the floor may read the push otherwise."
                    )
                ),
            ),
            rule_ids=_merge(ruling.rule_ids, r.p.cite("E17")),
        )
    return ruling


def _playing(r: _Round, chips: Sequence[Chips]) -> tuple[Chips, Chips]:
    """(chips that play, chips that do not) under the venue's wager unit (B14, SPOT-5c9):
    chips smaller than the unit play only in quantity, a whole unit at a time, even
    all-in."""
    unit = r.p.min_wager_chip_unit
    if not unit:
        return sum(chips), 0
    small = sum(c for c in chips if c < unit)
    playing = sum(c for c in chips if c >= unit) + small // unit * unit
    return playing, sum(chips) - playing


def _with_dead_chips(
    r: _Round, counted: Chips, dead: Chips, pushed: Chips, chips: Sequence[Chips]
) -> Ruling:
    """A push with chips below the wager unit: only the rest plays (B14, SPOT-5c9)."""
    unit = r.p.min_wager_chip_unit or 1
    why = _s(
        N_(
            "The %(dead)s in chips smaller than the %(unit)s unit do not play (only a "
            "whole %(unit)s of them would)."
        ),
        dead=Count(dead),
        unit=Count(unit),
    )
    if counted == 0:
        return Ruling(
            action="none",
            amount=r.s.in_front,
            change=pushed,
            rule_ids=r.p.cite("B14"),
            said=(
                why,
                _s(N_("Nothing is bet: give the player %(amount)s back."), amount=Count(pushed)),
            ),
        )
    big = tuple(c for c in chips if c >= unit)
    ruling = _push_total(r, counted, pushed, single=len(big) == 1 and counted == big[0])
    return replace(
        ruling,
        **_joined(why, ruling),
        rule_ids=_merge(r.p.cite("B14"), ruling.rule_ids),
    )


def _push_total(
    r: _Round,
    counted: Chips,
    pushed: Chips,
    *,
    single: bool,
    chips: Sequence[Chips] = (),
    said: bool = False,
) -> Ruling:
    """What ``counted`` chips put out silently (or an amount said alone) amount to."""
    s, p = r.s, r.p
    # what the chips (or the words) came to, at the head of each sentence: a phrase the
    # faces say in the sentence's language
    what = _s(
        N_("%(amount)s said")
        if said
        else N_("One %(amount)s chip")
        if single
        else N_("%(amount)s pushed"),
        amount=Count(counted),
    )
    to = s.in_front + counted
    last = counted >= s.stack
    if r.owed == 0:  # not facing a bet (E1, E15, E16)
        if not r.can_raise:
            return _decided(
                r,
                "check",
                s.in_front,
                pushed,
                _s(N_("%(what)s: betting is closed, so it is a check."), what=what),
                ("E25",) if r.oot_no_raise else ("E5",),
            )
        if last:
            return _decided(
                r,
                "all-in",
                r.all_in_to,
                pushed,
                _s(N_("%(what)s: all the player's chips, all-in."), what=what),
                ("E1",),
            )
        if to < r.min_to:
            return _decided(
                r,
                _raise_kind(r),
                r.min_to,
                pushed,
                _s(
                    N_("%(what)s is below the minimum bet: it is made %(amount)s, no more."),
                    what=what,
                    amount=Count(r.min_to),
                ),
                ("E1",),
            )
        if to > r.max_to:
            return _decided(
                r,
                _raise_kind(r),
                r.max_to,
                pushed,
                _s(
                    N_("%(what)s is over the pot-limit maximum: %(it)s."),
                    what=what,
                    it=_what_said(r, r.max_to),
                ),
                ("E6", "E7"),
            )
        return _decided(
            r,
            _raise_kind(r),
            to,
            pushed,
            _s(
                N_(
                    "%(what)s with no bet to face: %(it)s, the full value (no change is given "
                    "for over-betting)."
                ),
                what=what,
                it=_what_said(r, to),
            ),
            ("E15", "E16"),
        )
    if counted < r.owed:
        if last:
            return _decided(
                r,
                "call",
                0,
                pushed,
                _s(N_("%(what)s: all the player's chips, an all-in call."), what=what),
                ("E9",),
            )
        if not said and TINY_SHARE * r.owed > counted:
            return _tiny(r, counted, pushed)
        return _undercall(r, counted, pushed)
    if single and not said and counted > r.owed:
        if last and not p.oversized_last_chip_is_call:
            return _decided(
                r,
                "all-in",
                r.all_in_to,
                pushed,
                _s(N_("The player's last chip: all-in.")),
                ("E15",),
            )
        return _decided(
            r,
            "call",
            0,
            pushed,
            _s(
                N_('One oversized chip without "raise" said first is a call of %(amount)s.'),
                amount=Count(r.owed),
            ),
            ("E15", "E18"),
        )
    if counted == r.owed:
        return _decided(
            r, "call", 0, pushed, _s(N_("Call of %(amount)s."), amount=Count(r.owed)), ("E18",)
        )
    if last and not said and len(chips) > 1 and p.multichip_last_chips is MultichipLastChips.ALL_IN:
        return _decided(
            r,
            "all-in",
            r.all_in_to,
            pushed,
            _s(
                N_("%(what)s: the player's last chips, all-in to %(amount)s."),
                what=what,
                amount=Count(r.all_in_to),
            ),
            ("E16",),
        )
    if chips and counted - min(chips) < r.owed:
        return _decided(
            r,
            "call",
            0,
            pushed,
            _s(
                N_("%(what)s: every chip was needed for the call of %(amount)s, so it is a call."),
                what=what,
                amount=Count(r.owed),
            ),
            ("E16",),
        )
    half = p.overcall_raise_threshold is OvercallThreshold.HALF_LAST_INCREMENT
    excess = counted - r.owed
    inc = max(s.last_increment, 1)
    is_raise = 2 * excess >= inc if half else 2 * to >= 3 * s.current_bet
    measured: dict[str, str | int | Sentence] = (
        {"what": what, "excess": Count(excess), "inc": Count(inc)}
        if half
        else {"what": what, "to": Count(to), "bet": Count(s.current_bet)}
    )
    if is_raise and r.can_raise:
        final = min(max(to, r.min_to), r.max_to)
        raised = (
            N_(
                "%(what)s: %(excess)s over the call is at least half the last bet or raise of "
                "%(inc)s, so it is %(it)s."
            )
            if half
            else N_("%(what)s: %(to)s is at least 1.5 times the bet of %(bet)s, so it is %(it)s.")
        )
        return _decided(
            r,
            "raise",
            final,
            pushed,
            Sentence(raised, measured | {"it": _what_said(r, final)}),
            ("E13", "E16"),
        )
    if is_raise:
        return _decided(
            r,
            "call",
            0,
            pushed,
            (
                _s(N_("%(what)s: %(reason)s"), what=what, reason=_no_raise_reason(r)),
                _it_is_call_or_check(r),
            ),
            ("E13", *_closed(r)),
        )
    return _decided(
        r,
        "call",
        0,
        pushed,
        Sentence(
            N_(
                "%(what)s: %(excess)s over the call is less than half the last bet or raise of "
                "%(inc)s, so it is a call of %(owed)s."
            )
            if half
            else N_(
                "%(what)s: %(to)s is less than 1.5 times the bet of %(bet)s, so it is a call of "
                "%(owed)s."
            ),
            measured | {"owed": Count(r.owed)},
        ),
        ("E13", "E16"),
    )


def _undercall(r: _Round, counted: Chips, pushed: Chips) -> Ruling:
    """E12 (and E27 accepted action is handled by the caller): less than the call."""
    s, p = r.s, r.p
    put = {"counted": Count(counted), "owed": Count(r.owed)}
    full = _decided(r, "call", 0, pushed, "", ("E12",))
    rule_ = p.undercall_rule
    if rule_ is UndercallRule.ALWAYS_FULL or s.heads_up:
        always = rule_ is UndercallRule.ALWAYS_FULL and not s.heads_up
        return replace(
            full,
            **_joined(
                _s(
                    N_(
                        "Undercall (%(counted)s put out against %(owed)s to call): always, the "
                        "full call of %(owed)s is required."
                    )
                    if always
                    else N_(
                        "Undercall (%(counted)s put out against %(owed)s to call): heads-up, "
                        "the full call of %(owed)s is required."
                    ),
                    **put,
                ),
                *_chips_said(full.chips_to_add, 0),
            ),
        )
    options = (
        Option(
            action="call",
            amount=full.amount,
            chips_to_add=full.chips_to_add,
            said=(_s(N_("Complete the call: add %(amount)s."), amount=Count(full.chips_to_add)),),
        ),
        Option(
            action="fold",
            amount=s.in_front,
            forfeited=pushed,
            said=(_s(N_("Fold: the %(amount)s put out stays in the pot."), amount=Count(pushed)),),
        ),
    )
    if rule_ is UndercallRule.HEADSUP_FULL_ELSE_PLAYER_OPTION:
        return Ruling(
            action="choice",
            amount=s.in_front + counted,
            rule_ids=p.cite("E12"),
            said=(
                _s(
                    N_(
                        "Undercall multi-way (%(counted)s put out against %(owed)s to call): the "
                        "player completes the call or folds and forfeits the %(pushed)s."
                    ),
                    pushed=Count(pushed),
                    **put,
                ),
            ),
            options=options,
        )
    if s.opening_bet:
        return replace(
            full,
            **_joined(
                _s(
                    N_(
                        "Undercall facing the opening bet (%(counted)s put out against "
                        "%(owed)s to call): the full call of %(owed)s is required."
                    ),
                    **put,
                ),
                *_chips_said(full.chips_to_add, 0),
            ),
        )
    return Ruling(
        action="floor",
        amount=s.in_front + counted,
        rule_ids=p.cite("E12"),
        said=(
            _s(
                N_(
                    "Undercall facing a raise multi-way (%(counted)s put out against %(owed)s "
                    "to call): the floor decides — the full call, or fold and forfeit the chips."
                ),
                **put,
            ),
        ),
        options=options,
    )


def _accepted(r: _Round, pushed: Chips) -> Ruling:
    """E27: a push of a miscounted amount accepts the real bet."""
    return _decided(
        r,
        "call",
        0,
        pushed,
        _s(
            N_("Accepted action: the player called the real bet of %(amount)s."),
            amount=Count(r.owed),
        ),
        ("E27",),
    )


def _tiny(r: _Round, counted: Chips, pushed: Chips) -> Ruling:
    """E18: chips silently put out that are tiny next to the bet: non-standard, may be
    penalised, the floor may rule it a full call (where the undercall rule does not
    already require the full call)."""
    under = _undercall(r, counted, pushed)
    ids = _merge(r.p.cite("E18"), under.rule_ids)
    flags = ("non_standard", "penalty_possible")
    put = {"counted": Count(counted), "owed": Count(r.owed)}
    if under.action == "call":
        return replace(
            under,
            **_joined(
                _s(
                    N_(
                        "%(counted)s put out silently against %(owed)s to call is tiny next to "
                        "the bet: non-standard, it may be penalised, and the full call of "
                        "%(owed)s is required."
                    ),
                    **put,
                ),
                *_chips_said(under.chips_to_add, 0),
            ),
            rule_ids=ids,
            flags=flags,
        )
    full = _decided(r, "call", 0, pushed, "", ("E18",))
    return Ruling(
        action="floor",
        amount=r.s.in_front + counted,
        rule_ids=ids,
        said=(
            _s(
                N_(
                    "%(counted)s put out silently against %(owed)s to call is tiny next to the "
                    "bet: non-standard, it may be penalised; the floor decides and may rule it "
                    "a full call of %(owed)s."
                ),
                **put,
            ),
        ),
        options=(
            Option(
                action="call",
                amount=full.amount,
                chips_to_add=full.chips_to_add,
                said=(_s(N_("A full call: add %(amount)s."), amount=Count(full.chips_to_add)),),
            ),
            Option(
                action="fold",
                amount=r.s.in_front,
                forfeited=pushed,
                said=(
                    _s(N_("Fold: the %(amount)s put out stays in the pot."), amount=Count(pushed)),
                ),
            ),
        ),
        flags=flags,
    )


def _misunderstood(r: _Round, pushed: Chips, threshold: Fraction) -> Ruling:
    """E12 (SPOT-5c6): a caller who says he misunderstood the amount. From the venue's
    share of the bet on (SPOT 80 %) the claim is refused and the call completed; below
    it the floor decides (it may let him take the call back)."""
    share = Fraction(pushed, r.owed)
    pct = f"{float(share) * 100:.1f}".rstrip("0").rstrip(".")
    full = _decided(r, "call", 0, pushed, "", ("E12",))
    shares: dict[str, str | int] = {
        "pushed": Count(pushed),
        "owed": Count(r.owed),
        "pct": pct,
        "threshold": f"{float(threshold) * 100:.0f}",
    }
    if share >= threshold:
        return replace(
            full,
            **_joined(
                _s(
                    N_(
                        "He put in %(pushed)s of the %(owed)s to call (%(pct)s %%), at least "
                        "%(threshold)s %%: no claim of a misunderstood amount, the call is "
                        "completed."
                    ),
                    **shares,
                ),
                *_chips_said(full.chips_to_add, 0),
            ),
        )
    return Ruling(
        action="floor",
        amount=r.s.in_front + pushed,
        rule_ids=full.rule_ids,
        said=(
            _s(
                N_(
                    "He put in %(pushed)s of the %(owed)s to call (%(pct)s %%), under "
                    "%(threshold)s %%: the floor decides whether he misunderstood the amount "
                    "and may take the call back."
                ),
                **shares,
            ),
        ),
        options=(
            Option(
                action="call",
                amount=full.amount,
                chips_to_add=full.chips_to_add,
                said=(_s(N_("The call stands: add %(amount)s."), amount=Count(full.chips_to_add)),),
            ),
            Option(
                action="retract",
                amount=r.s.in_front,
                change=pushed,
                said=(
                    _s(
                        N_("He misunderstood: give him his %(amount)s back; he acts again."),
                        amount=Count(pushed),
                    ),
                ),
            ),
        ),
    )


def _count_request(r: _Round, h: Happened) -> Ruling:
    """E28: a request for a precise count of an opponent's stack."""
    p = r.p
    ids = p.cite("E28")
    clarify = (
        (_s(N_("The dealer states every bet's amount without being asked (all-ins excepted).")),)
        if p.dealer_clarifies_bets
        else ()
    )
    if not h.facing_all_in:
        return Ruling(
            action="none",
            rule_ids=ids,
            said=(
                _s(
                    N_(
                        "He is entitled to a reasonable estimate of the stack; a precise count "
                        "only when he faces an all-in."
                    )
                ),
                *clarify,
            ),
            flags=("count_refused",),
        )
    if p.exact_count_requires_turn and not h.own_turn:
        return Ruling(
            action="none",
            rule_ids=ids,
            said=(
                _s(
                    N_(
                        "Not yet: a precise count of the all-in stack only when it is his turn "
                        "to act."
                    )
                ),
            ),
            flags=("count_refused",),
        )
    return Ruling(
        action="none",
        rule_ids=_merge(ids, p.cite("E27")),
        said=(
            _s(
                N_(
                    "Count granted: the dealer or the floor counts the all-in player's chips "
                    "(the all-in player need not count)."
                )
            ),
            _s(N_("Accepted action applies to the count.")),
        ),
    )


_ONLY_ACTED_BEHIND = Nn_(
    "The skipped player keeps his right to act: only %(n)s player acted behind him.",
    "The skipped player keeps his right to act: only %(n)s players acted behind him.",
)


def _skipped(r: _Round, h: Happened) -> Ruling:
    """E26: a player skipped by out-of-turn action. ``action == "none"`` means he keeps
    his right to act (the caller then rules on what he did, if anything)."""
    p = r.p
    ids = p.cite("E26")
    pushed = sum(h.chips)
    back = (_s(N_("Give him his %(amount)s back."), amount=Count(pushed)),) if pushed else ()
    if p.skipped_player_cutoff is SkippedPlayerCutoff.THREE_PLAYERS_ACTED_BEHIND:
        if h.earlier_to_act or h.acted_behind < 3:
            keeps = (
                _s(
                    N_(
                        "The skipped player keeps his right to act: a player before him has "
                        "not acted yet."
                    )
                )
                if h.earlier_to_act
                else Sentence(
                    *_ONLY_ACTED_BEHIND[:1], plural=_ONLY_ACTED_BEHIND[1], n=h.acted_behind
                )
            )
            return Ruling(action="none", rule_ids=ids, said=(keeps,))
        return Ruling(
            action="floor",
            rule_ids=ids,
            said=(
                _s(
                    N_(
                        "%(n)s players acted behind him before he called time: he may lose his "
                        "right to act; the floor decides."
                    ),
                    n=h.acted_behind,
                ),
            ),
            options=(
                Option(action="keep_right", amount=r.s.in_front, said=(_s(N_("He still acts.")),)),
                Option(
                    action="fold",
                    amount=r.s.in_front,
                    change=pushed,
                    said=(_s(N_("He has lost his right to act: his hand is dead.")), *back),
                ),
            ),
            flags=("out_of_turn",),
        )
    if not h.substantial_action_after:
        return Ruling(
            action="none",
            rule_ids=ids,
            said=(
                _s(
                    N_(
                        "The skipped player spoke up before substantial action: the action "
                        "backs up to him and he acts in turn."
                    )
                ),
            ),
        )
    limited = "check" if r.owed == 0 else "call"
    add, change = _settle(r, r.s.in_front + r.owed, pushed)
    return Ruling(
        action="floor",
        rule_ids=ids,
        said=(
            _s(
                N_(
                    "The skipped player did not speak up before substantial action out of "
                    "turn on his left: those actions stand, the action backs up to him and the "
                    "floor rules on his hand — dead, or limited to calling or checking."
                )
            ),
        ),
        options=(
            Option(
                action="fold",
                amount=r.s.in_front,
                change=pushed,
                said=(_s(N_("His hand is dead.")), *back),
            ),
            Option(
                action=limited,
                amount=r.s.in_front + r.owed,
                chips_to_add=add,
                change=change,
                said=(
                    _s(N_("He may only call (%(amount)s)."), amount=Count(r.owed))
                    if r.owed
                    else _s(N_("He may only check, not bet.")),
                    _s(N_("No raise.")),
                    *_chips_said(add, change),
                ),
            ),
        ),
        flags=("out_of_turn",),
    )


def _premature(r: _Round, decl: Declaration, pushed: Chips) -> Ruling:
    """E10: the player acted before the bet he faces had a clear amount (chips he pushed
    are his again until he acts)."""
    ids = r.p.cite("E10")
    if decl.kind == "call":
        return Ruling(
            action="floor",
            amount=r.s.in_front,
            rule_ids=ids,
            said=(
                _s(
                    N_(
                        "He called before the bet's amount was clear: players must wait for a "
                        "clear amount; the floor rules as fits the situation and may hold him "
                        "to calling whatever is bet."
                    )
                ),
            ),
            options=(
                Option(
                    action="hold",
                    amount=r.s.in_front,
                    said=(_s(N_("He is held to calling the amount, whatever it is.")),),
                ),
                Option(
                    action="act_again",
                    amount=r.s.in_front,
                    change=pushed,
                    said=(_s(N_("Once the amount is clear, he acts again.")),),
                ),
            ),
        )
    return Ruling(
        action="none",
        amount=r.s.in_front,
        change=pushed,
        rule_ids=ids,
        said=(
            _s(N_("Not taken yet: the bet's amount is not clear.")),
            _s(N_("The player waits until it is, then acts.")),
        ),
    )


def _conditional(r: _Round, decl: Declaration) -> Ruling:
    """E24: conditional statements are flagged, the floor decides."""
    return Ruling(
        action="floor",
        rule_ids=r.p.cite("E24"),
        said=(
            _s(
                N_(
                    '"%(words)s" is a conditional statement: it is non-standard, the floor may '
                    "hold the player to it and may penalise."
                ),
                words=decl.text,
            ),
        ),
        options=(
            Option(
                action="hold",
                amount=r.s.in_front,
                said=(_s(N_("Hold the player to the statement when the condition happens.")),),
            ),
            Option(
                action="not_binding",
                amount=r.s.in_front,
                said=(_s(N_("The statement does not bind; the player acts normally in turn.")),),
            ),
        ),
        flags=("conditional", "non_standard", "penalty_possible"),
    )


def _found_behind(r: _Round, h: Happened) -> Ruling:
    """E29: chips found behind an all-in player after the call: the floor decides."""
    extra = h.found_behind
    return Ruling(
        action="floor",
        rule_ids=r.p.cite("E29"),
        said=(
            _s(
                N_(
                    "%(amount)s in chips were found behind the all-in player after the call: "
                    "the floor decides whether they were part of the accepted action."
                ),
                amount=Count(extra),
            ),
        ),
        options=(
            Option(
                action="part_of_action",
                amount=extra,
                said=(
                    _s(
                        N_(
                            "They are part of the action: the caller owes %(amount)s more if he "
                            "has it."
                        ),
                        amount=Count(extra),
                    ),
                ),
            ),
            Option(
                action="not_part_of_action",
                amount=extra,
                said=(
                    _s(
                        N_(
                            "They are not: if the all-in player wins he is not paid for the "
                            "%(amount)s; if he loses they do not save him and may go to the winner."
                        ),
                        amount=Count(extra),
                    ),
                ),
            ),
        ),
    )


def _pulled_back(r: _Round, h: Happened) -> Ruling:
    """FOX-50B (E17): a player who pulled back his earlier bet may not fold."""
    return Ruling(
        action="choice",
        rule_ids=r.p.cite("E17"),
        said=(
            _s(
                N_(
                    "The player pulled back chips of his earlier bet: he must call or raise, "
                    "he may not fold."
                )
            ),
        ),
        options=(_call_fold_options(r, sum(h.chips))[0],),
    )


def _out_of_turn_changed(r: _Round, decl: Declaration, h: Happened) -> Ruling:
    """E25: the action facing the out-of-turn player changed before his turn."""
    s, p = r.s, r.p
    pushed = sum(h.chips)
    ids = p.cite("E25")
    flags = ("out_of_turn", "penalty_possible")
    if decl.kind == "fold":
        return Ruling(
            action="fold",
            amount=s.in_front,
            forfeited=pushed,
            rule_ids=ids,
            said=(_s(N_("A fold out of turn always stands: the hand is dead.")),),
            flags=flags,
        )
    rule_ = p.oot_when_action_changes
    call_to = s.in_front + r.owed
    if rule_ is OotWhenActionChanges.CHIPS_STAY_CALL_OR_FOLD:
        add = max(r.owed - pushed, 0)
        options: tuple[Option, ...] = (
            Option(
                action="call",
                amount=call_to,
                chips_to_add=add,
                change=max(pushed - r.owed, 0),
                said=(
                    _s(
                        N_("Call %(owed)s: the %(pushed)s stays in and he adds %(add)s."),
                        owed=Count(r.owed),
                        pushed=Count(pushed),
                        add=Count(add),
                    ),
                ),
            ),
            Option(
                action="fold",
                amount=s.in_front,
                forfeited=pushed,
                said=(_s(N_("Fold: the %(amount)s stays in the pot."), amount=Count(pushed)),),
            ),
        )
        text = _s(
            N_(
                "The action changed before his turn: the %(amount)s put in out of turn stays "
                "in the pot, and he may only call or fold."
            ),
            amount=Count(pushed),
        )
    else:
        no_raise = rule_ is OotWhenActionChanges.NO_RAISE_CALL_OR_FOLD
        options = (
            Option(action="fold", amount=s.in_front, change=pushed, said=(_s(N_("Fold.")),)),
            Option(
                action="call",
                amount=call_to,
                change=pushed,
                said=(_s(N_("Call %(amount)s."), amount=Count(r.owed)),),
            ),
        )
        if not no_raise and r.can_raise:
            options = (
                *options,
                Option(
                    action="raise",
                    amount=r.min_to,
                    change=pushed,
                    at_least=True,
                    said=(_s(N_("Raise to at least %(amount)s."), amount=Count(r.min_to)),),
                ),
            )
        if pushed:
            void = (
                N_(
                    "The action changed before his turn: the out-of-turn action is void, his "
                    "%(amount)s goes back to him, and he may only call or fold, not raise."
                )
                if no_raise
                else N_(
                    "The action changed before his turn: the out-of-turn action is void, his "
                    "%(amount)s goes back to him, and he has every option."
                )
            )
        else:
            void = (
                N_(
                    "The action changed before his turn: the out-of-turn action is void, and "
                    "he may only call or fold, not raise."
                )
                if no_raise
                else N_(
                    "The action changed before his turn: the out-of-turn action is void, and "
                    "he has every option."
                )
            )
        text = _s(void, amount=Count(pushed)) if pushed else _s(void)
    return Ruling(
        action="choice",
        amount=s.in_front,
        rule_ids=ids,
        said=(text,),
        options=options,
        flags=flags,
        change=pushed if rule_ is not OotWhenActionChanges.CHIPS_STAY_CALL_OR_FOLD else 0,
    )


def make_situation(
    *,
    to_call: Chips | None = None,
    current_bet: Chips | None = None,
    last_increment: Chips | None = None,
    **rest: object,
) -> Situation:
    """A :class:`Situation` from what a floorperson knows: the amount to call and/or the
    current bet (the player's own bet in front is their difference) and the last full
    increment (by default the current bet: an opening bet)."""
    if (to_call is not None and to_call < 0) or (current_bet is not None and current_bet < 0):
        raise InvalidCommand(template=N_("The amount to call and the bet must be 0 or more."))
    if current_bet is None:
        current_bet = to_call or 0
    if to_call is None:
        to_call = current_bet
    if to_call > current_bet:
        raise InvalidCommand(
            template=N_(
                "The amount to call (%(to_call)s) cannot be more than the bet (%(current_bet)s)."
            ),
            params={"to_call": Count(to_call), "current_bet": Count(current_bet)},
        )
    if last_increment is None:
        last_increment = current_bet
    return Situation(
        current_bet=current_bet,
        in_front=current_bet - to_call,
        last_increment=last_increment,
        **rest,  # type: ignore[arg-type]
    )


def parse_chips(text: str) -> tuple[Chips, ...]:
    """The chips of one motion from ``"5000x2,1000"`` (or ``"5000 5000 1000"``): each item
    a denomination, optionally ``xN`` for N such chips."""
    chips: list[Chips] = []
    for item in text.replace(",", " ").split():
        match = re.fullmatch(r"([0-9][0-9_]*)(?:[x*]([0-9]+))?", item.strip().lower())
        if match is None:
            raise InvalidCommand(
                template=N_("%(item)s is not a chip: write the denomination, e.g. 5000 or 5000x2."),
                params={"item": repr(item)},
            )
        value, count = int(match[1].replace("_", "")), int(match[2] or 1)
        if not 0 < value <= MAX_CHIPS or not 0 < count <= MAX_PUSHED:
            raise InvalidCommand(
                template=N_("%(item)s is not a chip count this table can have."),
                params={"item": repr(item)},
            )
        chips.extend([value] * count)
        if len(chips) > MAX_PUSHED:
            raise InvalidCommand(
                template=N_("A push is at most %(most)s chips."), params={"most": MAX_PUSHED}
            )
    return tuple(chips)


# ---------------------------------------------------------------------- the engine
def situation_of(hand: Hand, *, denominations: Sequence[Chips] = ()) -> Situation:
    """The situation the seat to act faces in a live hand."""
    legal = hand.legal()
    if legal.can_show:
        raise IllegalAction(template=N_("It is the showdown: there is nothing to bet."))
    live = sum(1 for seat in hand.seats_dealt if hand.in_hand(seat))
    return Situation(
        current_bet=legal.current_bet,
        in_front=min(legal.bet, legal.current_bet),
        last_increment=hand.last_increment,
        pot=hand.pot,
        stack=legal.stack,
        big_blind=_big_blind(hand),
        denominations=tuple(sorted(set(denominations))),
        heads_up=live == 2,
        opening_bet=hand.raises_this_round == 0,
        variant=hand.variant,
        raises_this_round=hand.raises_this_round,
        raise_allowed=legal.can_raise,
        min_raise_to=legal.full_raise_to if legal.can_raise else None,
        max_raise_to=legal.max_raise_to if legal.can_raise else None,
    )


def _big_blind(hand: Hand) -> Chips:
    blinds = hand.as_json(show_all=False)["blinds"]
    assert isinstance(blinds, list)
    return int(blinds[1])


def declare(
    hand: Hand,
    words: str = "",
    chips: Sequence[Chips] | Sequence[Sequence[Chips]] = (),
    *,
    order: Order = Order.WORDS_FIRST,
    option: int | None = None,
    amount: Chips | None = None,
) -> Ruling:
    """Enter the seat to act's declaration plus chips into ``hand``: rule on it with
    :func:`rule` and play the engine action. When the ruling leaves a choice, pass the
    chosen ``option`` (its index) — else nothing is played and the ruling is returned
    for the floor. ``amount`` names the size of a bet the player must still choose
    ("raise" with no chips, "pot" in no-limit)."""
    pushes: list[tuple[Chips, ...]] = []
    single: list[Chips] = []
    for item in chips:
        if isinstance(item, int):
            single.append(item)
        else:
            pushes.append(tuple(item))
    if single:
        pushes.insert(0, tuple(single))
    ruling = rule(
        situation_of(hand), Happened(words=words, pushes=tuple(pushes), order=order), hand.profile
    )
    action = ruling.engine_action()
    if ruling.at_least:
        to = ruling.amount if amount is None else amount
        if not ruling.amount <= to <= ruling.max_to:
            raise InvalidCommand(
                template=N_("The player must name an amount from %(amount)s to %(max_to)s."),
                params={"amount": Count(ruling.amount), "max_to": Count(ruling.max_to)},
            )
        action = _engine_action(ruling.action, to, False)
    if action is None and option is not None:
        if not 0 <= option < len(ruling.options):
            raise InvalidCommand(
                template=N_("Choose an option from 1 to %(options)s."),
                params={"options": len(ruling.options)},
            )
        chosen = ruling.options[option]
        action = _engine_action(chosen.action, amount or chosen.amount, False)
    if action is not None:
        hand.act(action)
    return ruling


__all__ = [
    "Declaration",
    "Happened",
    "Option",
    "Order",
    "Ruling",
    "Situation",
    "declare",
    "make_situation",
    "parse_chips",
    "parse_words",
    "rule",
    "situation_of",
]
