"""Hand histories in the PHH format (the uoftcprg ``phh-std`` specification).

A PHH file is TOML: ``variant``, ``antes``, ``blinds_or_straddles``, ``min_bet`` (or
``small_bet``/``big_bet`` in fixed-limit), ``starting_stacks`` and ``actions``, one string
per action: ``"d dh p1 AsKd"`` (hole cards), ``"d db 7h8c9d"`` (board), ``"p3 cbr 600"``
(bet or raise **to** 600), ``"p2 cc"`` (check or call), ``"p4 f"`` (fold), ``"p1 sm AsKd"``
/ ``"p1 sm"`` (show / muck). Players are listed clockwise from the small blind, the button
last; heads-up, the forced-bet arrays are reversed (the spec's rule), so player 1 is the
big blind and player 2 the button.

:func:`replay_phh` rebuilds the hand in the engine and checks every action against the
rule profile: an illegal action raises the engine's error, prefixed with the action. It
supports ``NT`` (no-limit hold'em), ``PO`` (pot-limit Omaha) and ``FT`` (fixed-limit
hold'em) with small and big blinds and no, uniform or big-blind antes. Fractional chip
amounts (cash games) are scaled to whole units for the replay and scaled back.

:func:`to_phh` writes any finished or unfinished engine hand as PHH. Fields PHH has no
word for are written as user-defined fields starting with ``_pokertd_`` (the profile,
dead hands, a dead small blind's amount, the smallest chip), which other readers ignore.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import tomli_w

from pokertd.cards.card import CARD_TEXT, card_code
from pokertd.cards.deck import FULL_DECK, SHORT_DECK
from pokertd.engine.actions import BringIn, Call, Fold, Muck, Raise, Show
from pokertd.engine.draw import HAND_SIZE, HAND_SIZES, Draw, DrawHand
from pokertd.engine.hand import (
    FLOP,
    K_BET,
    K_BOARD,
    K_CALL,
    K_CHECK,
    K_FOLD,
    K_MUCK,
    K_RAISE,
    K_SHOW,
    RIVER,
    TURN,
    Hand,
    board_deal,
)
from pokertd.engine.stud import SEVENTH, STUD_STREETS, StudHand
from pokertd.errors import IllegalAction, InvalidCommand, PokertdError
from pokertd.i18n import N_, Clause
from pokertd.rules import AnteType, DrawVariant, RuleProfile, StudVariant, Variant, load_profile

VARIANTS = {
    "NT": Variant.NO_LIMIT_HOLDEM,
    "PO": Variant.POT_LIMIT_OMAHA,
    "FT": Variant.FIXED_LIMIT_HOLDEM,
    "FO/8": Variant.FIXED_LIMIT_OMAHA_HI_LO,
    "PO/8": Variant.POT_LIMIT_OMAHA_HI_LO,
    "NS": Variant.NO_LIMIT_SHORT_DECK,
}
"""PHH variant codes pokertd deals (``PO/8``, pot-limit Omaha hi-lo, is pokertd's own:
the specification has no code for it, PokerKit does not read it). ``NS`` (short deck)
deals from 36 cards and may have a button blind, the last player's only blind."""

_FOUR_HOLE_CARDS = (
    Variant.POT_LIMIT_OMAHA,
    Variant.FIXED_LIMIT_OMAHA_HI_LO,
    Variant.POT_LIMIT_OMAHA_HI_LO,
)
_FIXED_LIMIT = (Variant.FIXED_LIMIT_HOLDEM, Variant.FIXED_LIMIT_OMAHA_HI_LO)

VARIANT_CODES = {v: k for k, v in VARIANTS.items()}

STUD_VARIANTS = {
    "F7S": StudVariant.SEVEN_CARD_STUD,
    "F7S/8": StudVariant.STUD_HI_LO,
    "FR": StudVariant.RAZZ,
}
"""PHH variant codes of the stud games pokertd deals (``pokertd.engine.stud``)."""

STUD_VARIANT_CODES = {v: k for k, v in STUD_VARIANTS.items()}

DRAW_VARIANTS = {
    "F2L3D": DrawVariant.TRIPLE_DRAW_27,
    "N2L1D": DrawVariant.NO_LIMIT_SINGLE_DRAW_27,
    "FB": DrawVariant.BADUGI,
}
"""PHH variant codes of the draw games pokertd deals (``pokertd.engine.draw``)."""

DRAW_VARIANT_CODES = {v: k for k, v in DRAW_VARIANTS.items()}

VARIANT_NAMES = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
"""Every variant code of the specification, with its name."""


class UnsupportedHand(InvalidCommand):
    """A well-formed PHH hand of a game or structure pokertd does not deal."""

    kind = "unsupported"


@dataclass(frozen=True, slots=True, kw_only=True)
class PhhReplay:
    """A PHH hand replayed through the engine.

    Lists are in the file's player order (player 1 first). Chip amounts are in the file's
    units (``int`` unless the file used fractions).
    """

    hand: Hand | StudHand | DrawHand
    players: list[str]
    starting_stacks: list[int | float]
    finishing_stacks: list[int | float]
    winnings: list[int | float]
    pots: list[dict[str, Any]]
    complete: bool
    expected_finishing_stacks: list[int | float] | None = None
    scale: int = 1
    actions_checked: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def matches(self) -> bool | None:
        """Whether the file's ``finishing_stacks`` equal ours (``None`` if it has none).

        Half chips in the file (a split pot recorded as ``102.5``) are accepted when ours
        differ by at most half a chip: pokertd gives the odd chip by the odd-chip rule (F5).
        """
        expected = self.expected_finishing_stacks
        if expected is None:
            return None
        if len(expected) != len(self.finishing_stacks):
            return False
        for ours, theirs in zip(self.finishing_stacks, expected, strict=True):
            if ours != theirs and not (
                theirs != int(theirs) and abs(Fraction(ours) - Fraction(theirs)) <= Fraction(1, 2)
            ):
                return False
        return True

    def as_json(self) -> dict[str, Any]:
        """The replay as JSON data (what ``pokertd hand replay --json`` prints)."""
        return {
            "variant": (
                STUD_VARIANT_CODES[self.hand.variant]
                if isinstance(self.hand, StudHand)
                else DRAW_VARIANT_CODES[self.hand.variant]
                if isinstance(self.hand, DrawHand)
                else VARIANT_CODES[self.hand.variant]
            ),
            "players": self.players,
            "complete": self.complete,
            "starting_stacks": self.starting_stacks,
            "finishing_stacks": self.finishing_stacks,
            "expected_finishing_stacks": self.expected_finishing_stacks,
            "matches": self.matches,
            "winnings": self.winnings,
            "pots": self.pots,
            "board": "".join(CARD_TEXT[c] for c in self.hand.board),
            "actions_checked": self.actions_checked,
            "notes": self.notes,
        }


# ---------------------------------------------------------------------- reading
_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*) = (.+)")
_ITEM = r"""'[^'\n]*'|"[^"\\\n]*"|-?\d+\.\d+|-?\d+|true|false"""
_SCALAR = re.compile(_ITEM)
_ARRAY = re.compile(rf"\[\s*(?:(?:{_ITEM})\s*,\s*)*(?:(?:{_ITEM})\s*,?\s*)?\]")
_ITEMS = re.compile(_ITEM)


def _scalar(token: str) -> Any:
    first = token[0]
    if first == "'" or first == '"':
        return token[1:-1]
    if token == "true":
        return True
    if token == "false":
        return False
    return float(token) if "." in token else int(token)


def _fast_toml(text: str) -> dict[str, Any] | None:
    """Parse the one-line ``key = value`` TOML most PHH files are, or ``None``.

    Values may be strings without escapes, ints, decimals, booleans and flat arrays of
    them; anything else (tables, multi-line arrays, escapes, comments) returns ``None``
    and the caller uses :mod:`tomllib`. A documented fast path, not a second TOML
    reader: tomllib alone costs about 30% of replay throughput on the 10,000-file corpus
    (bench/phh_replay.py: 5,600 against 4,000 hands/s), and
    ``test_fast_toml_reads_the_corpus_exactly_as_tomllib`` checks it gives tomllib's
    result on every corpus file it accepts.
    """
    data: dict[str, Any] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        m = _LINE.fullmatch(line)
        if m is None:
            return None
        key, value = m.group(1), m.group(2).strip()
        if key in data:
            return None
        if value.startswith("["):
            if _ARRAY.fullmatch(value) is None:
                return None
            data[key] = [_scalar(t) for t in _ITEMS.findall(value)]
        elif _SCALAR.fullmatch(value) is not None:
            data[key] = _scalar(value)
        else:
            return None
    return data


def load_phh(text: str) -> dict[str, Any]:
    """Parse PHH text (TOML) into its fields; malformed text raises ``InvalidCommand``."""
    fast = _fast_toml(text)
    if fast is not None:
        data = fast
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise InvalidCommand(
                template=N_("Not a PHH file: the TOML does not parse (%(error)s)."),
                params={"error": str(exc)},
            ) from None
        except RecursionError:
            raise InvalidCommand(
                template=N_("Not a PHH file: the TOML is nested too deeply.")
            ) from None
    for name in ("variant", "antes", "starting_stacks", "actions"):
        if name not in data:
            raise InvalidCommand(
                template=N_("Not a PHH file: the required field %(name)s is missing."),
                params={"name": repr(name)},
            )
    return data


def _number(value: object, what: str) -> Fraction | int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidCommand(
            template=N_("PHH field %(what)s must be a number, not %(value)s."),
            params={"what": what, "value": repr(value)},
        )
    if isinstance(value, float) and not math.isfinite(value):
        raise UnsupportedHand(
            template=N_("PHH field %(what)s is %(value)s: unknown stacks cannot be replayed."),
            params={"what": what, "value": str(value)},
        )
    if value < 0:
        raise InvalidCommand(
            template=N_("PHH field %(what)s must not be negative (%(value)s)."),
            params={"what": what, "value": str(value)},
        )
    return Fraction(str(value)) if isinstance(value, float) else value


def _numbers(value: object, what: str, count: int | None = None) -> list[Fraction | int]:
    if not isinstance(value, list):
        raise InvalidCommand(
            template=N_("PHH field %(what)s must be an array of numbers."), params={"what": what}
        )
    if count is not None and len(value) != count:
        raise InvalidCommand(
            template=N_("PHH field %(what)s has %(entries)s entries for %(count)s players."),
            params={"what": what, "entries": len(value), "count": count},
        )
    return [_number(v, what) for v in value]


def _scale_for(values: list[Fraction | int]) -> int:
    scale = 1
    for v in values:
        if v.denominator != 1:
            scale = scale * v.denominator // math.gcd(scale, v.denominator)
    if scale > 1_000_000:
        raise UnsupportedHand(
            template=N_("PHH chip amounts are too finely divided to replay exactly.")
        )
    return scale


def _unscale(value: int, scale: int) -> int | float:
    if scale == 1:
        return value
    q = Fraction(value, scale)
    return int(q) if q.denominator == 1 else float(q)


def _parse_cards_field(text: str, what: str) -> list[int | None]:
    """Cards of an action (``"AsKd"``, ``"????"``, ``"??Kd"``); ``None`` = unknown."""
    if len(text) % 2:
        raise InvalidCommand(
            template=N_("%(where)s: %(text)s is not a list of cards."),
            params={"where": what, "text": repr(text)},
        )
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        piece = text[i : i + 2]
        out.append(None if piece == "??" else card_code(piece))
    return out


def _action(line: str) -> Clause:
    """Where a refusal of the header's pass over the actions happened: ``Action 'p1 cc'``."""
    return Clause(N_("Action %(line)s"), {"line": repr(line)})


def _player(token: str, k: int, where: str) -> int:
    if not token.startswith("p") or not token[1:].isdigit():
        raise InvalidCommand(
            template=N_("%(where)s: %(token)s is not a player (p1 to p%(k)s)."),
            params={"where": where, "token": repr(token), "k": k},
        )
    number = int(token[1:])
    if not 1 <= number <= k:
        raise InvalidCommand(
            template=N_("%(where)s: there is no player %(token)s in a %(k)s-player hand."),
            params={"where": where, "token": token, "k": k},
        )
    return number - 1


_PROFILE_CACHE: dict[tuple[int, bool], tuple[RuleProfile, RuleProfile]] = {}
"""``(id(profile), to_main)`` -> ``(profile, its copy with that ante rule)``: the profile is
kept in the entry and checked by identity, since an id is reused once its object is gone
(a copy made for a profile that no longer exists must never referee another profile)."""
_NAMED: dict[str, RuleProfile] = {}


def _named_profile(name: str) -> RuleProfile:
    """A built-in or file profile, loaded once per process (profiles are immutable)."""
    hit = _NAMED.get(name)
    if hit is None:
        hit = _NAMED[name] = load_profile(name)
    return hit


def _with_ante_rule(profile: RuleProfile, to_main: bool) -> RuleProfile:
    """``profile`` with the file's ante rule (B5: ``ante_trimming_status`` set means the
    antes are not dead money in the main pot), made once per profile and rule."""
    if profile.ante_to_main_pot == to_main:
        return profile
    key = (id(profile), to_main)
    hit = _PROFILE_CACHE.get(key)
    if hit is not None and hit[0] is profile:
        return hit[1]
    copy = profile.replace(ante_to_main_pot=to_main)
    if len(_PROFILE_CACHE) >= 64:
        _PROFILE_CACHE.clear()
    _PROFILE_CACHE[key] = (profile, copy)
    return copy


@dataclass(frozen=True, slots=True)
class _Structure:
    """A PHH hand's stacks and forced bets, in engine chip units (file amounts times
    ``scale``) and engine seats (player ``i`` sits in seat ``i``)."""

    stacks: list[int]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int
    ante_type: AnteType
    small_bet: int | None
    big_bet: int | None
    scale: int

    def units(self, value: Fraction | int) -> int:
        """A file amount in engine units."""
        return int(value * self.scale)


def replay_phh(text: str, profile: RuleProfile | str | None = None) -> PhhReplay:
    """Replay a PHH hand through the engine, checking every action.

    Raises :class:`UnsupportedHand` for a variant or structure pokertd does not deal,
    :class:`~pokertd.errors.InvalidCommand` for a malformed file, and the engine's
    :class:`~pokertd.errors.IllegalAction` (message prefixed with the action) for an
    action the rules forbid.

    One step per PHH section: the header (:func:`_variant_and_profile`), the action
    lines (:func:`_action_words`), antes, blinds and stacks (:func:`_structure`), the
    dealing (:func:`_deal_from_actions`), the actions (:func:`_play_actions`) and the
    showdown with the finishing stacks (:func:`_outcome`).
    """
    data = load_phh(text)
    if data["variant"] in STUD_VARIANTS:
        return _replay_stud(data, profile)
    if data["variant"] in DRAW_VARIANTS:
        return _replay_draw(data, profile)
    variant, profile = _variant_and_profile(data, profile)
    actions, words = _action_words(data)
    with profile.citing():
        table = _structure(data, variant, actions, words)
    profile = _with_ante_rule(profile, not bool(data.get("ante_trimming_status", False)))
    hole_count = 4 if variant in _FOUR_HOLE_CARDS else 2
    deal = _deal_from_actions(
        actions, words, len(table.stacks), hole_count, profile.burn_before_hole_cards,
        str(data["variant"]), SHORT_DECK if variant is Variant.NO_LIMIT_SHORT_DECK else FULL_DECK,
    )  # fmt: skip
    hand = _start_hand(data, variant, profile, table, deal)
    checked = _play_actions(hand, actions, words, table)
    return _outcome(data, hand, table.stacks, table.scale, checked)


def _variant_and_profile(
    data: dict[str, Any], profile: RuleProfile | str | None
) -> tuple[Variant, RuleProfile]:
    """Header: the variant (NT, PO, FT, FO/8 or PO/8) and the profile refereeing the replay (the one
    given, else the file's ``_pokertd_profile``, else TDA)."""
    code = data["variant"]
    if code not in VARIANTS:
        name = VARIANT_NAMES.get(str(code), "unknown")
        raise UnsupportedHand(
            template=N_(
                "PHH variant %(code)s (%(name)s) is not dealt by pokertd: it replays NT, PO, FT, "
                "FO/8, F7S, F7S/8, FR, F2L3D, N2L1D, FB and NS."
            ),
            params={"code": repr(code), "name": name},
        )
    if isinstance(profile, str):
        profile = _named_profile(profile)
    elif profile is None:
        profile = _named_profile(str(data.get("_pokertd_profile", "tda")))
    return VARIANTS[code], profile


def _action_words(data: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Actions: the action lines and each line's words, comments (``#``) dropped."""
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidCommand(template=N_("PHH field actions must be an array of strings."))
    return actions, [line.split("#", 1)[0].split() for line in actions]


def _amount(word: str, where: str) -> Fraction | int:
    """A ``cbr`` amount (an int, or a decimal for cash-game chips)."""
    try:
        value: int | float = float(word) if "." in word else int(word)
    except ValueError:
        raise InvalidCommand(
            template=N_("%(where)s: %(word)s is not an amount."),
            params={"where": where, "word": repr(word)},
        ) from None
    return _number(value, where)


def _structure(
    data: dict[str, Any], variant: Variant, actions: list[str], words: list[list[str]]
) -> _Structure:
    """Antes, blinds and stacks: the forced-bet structure in engine units.

    Fractional amounts anywhere (stacks, forced bets, bets) set the scale that makes them
    whole. Heads-up, PHH lists the forced bets big blind first (the spec's rule).
    """
    raw_stacks = _numbers(data["starting_stacks"], "starting_stacks")
    k = len(raw_stacks)
    if not 2 <= k <= 11:
        raise InvalidCommand(
            template=N_("A PHH hand needs 2 to 11 players, not %(k)s."),
            params={"k": k},
            rule_ids="C13",
        )
    antes = _numbers(data["antes"], "antes", k)
    blinds = _numbers(data.get("blinds_or_straddles", [0] * k), "blinds_or_straddles", k)
    amounts: list[Fraction | int] = [*raw_stacks, *antes, *blinds]
    for name in ("min_bet", "small_bet", "big_bet", "_pokertd_small_blind"):
        if name in data:
            amounts.append(_number(data[name], name))
    for line, w in zip(actions, words, strict=True):
        if len(w) == 3 and w[1] == "cbr":
            try:
                amounts.append(_number(float(w[2]) if "." in w[2] else int(w[2]), line))
            except ValueError:
                raise InvalidCommand(
                    template=N_("%(where)s: %(word)s is not an amount."),
                    params={"where": _action(line), "word": repr(w[2])},
                ) from None
    scale = _scale_for(amounts)

    stacks = [int(v * scale) for v in raw_stacks]
    if any(s <= 0 for s in stacks):
        raise InvalidCommand(template=N_("PHH starting stacks must all be above zero."))
    if k == 2:
        antes = antes[::-1]
        blinds = blinds[::-1]
        button, sb_seat, bb_seat = 1, 1, 0
    else:
        button, sb_seat, bb_seat = k - 1, 0, 1
        if blinds[0] and not any(blinds[1:]):
            # One blind, posted by the first player: a big blind with a dead small blind
            # (D1; WSOP 2023 #43 FO/8 hand 76); the small blind's slot is the last, 0.
            sb_seat, bb_seat = -1, 0
        elif blinds[-1] and not any(blinds[:-1]):
            # A button blind (short deck, Triton): the big blind posted by the button,
            # no small blind (the first slot, 0: dead); the action starts left of the button.
            sb_seat, bb_seat = 0, k - 1
    if any(blinds[i] for i in range(k) if i not in (sb_seat, bb_seat)) or not blinds[bb_seat]:
        raise UnsupportedHand(
            template=N_(
                "Only a small and a big blind are supported (no straddles, a big blind present)."
            )
        )
    small_blind = int(blinds[sb_seat] * scale)
    small_blind_seat: int | None = sb_seat
    if not small_blind:
        small_blind_seat = None
        dead_sb = _number(data.get("_pokertd_small_blind", 0), "_pokertd_small_blind")
        small_blind = int(dead_sb * scale)
    ante_values = set(antes)
    if ante_values == {Fraction(0)}:
        ante, ante_type = 0, AnteType.NONE
    elif len(ante_values) == 1:
        ante, ante_type = int(antes[0] * scale), AnteType.PER_PLAYER
    elif all(antes[i] == 0 for i in range(k) if i != bb_seat):
        ante, ante_type = int(antes[bb_seat] * scale), AnteType.BIG_BLIND_ANTE
    else:
        raise UnsupportedHand(template=N_("Only uniform antes or a big-blind ante are supported."))
    small_bet = big_bet = None
    if variant in _FIXED_LIMIT:
        if "small_bet" not in data or "big_bet" not in data:
            raise InvalidCommand(template=N_("A fixed-limit PHH hand needs small_bet and big_bet."))
        small_bet = int(_number(data["small_bet"], "small_bet") * scale)
        big_bet = int(_number(data["big_bet"], "big_bet") * scale)
    return _Structure(
        stacks=stacks, button=button, small_blind_seat=small_blind_seat,
        big_blind_seat=bb_seat, small_blind=small_blind,
        big_blind=int(blinds[bb_seat] * scale), ante=ante, ante_type=ante_type,
        small_bet=small_bet, big_bet=big_bet, scale=scale,
    )  # fmt: skip


def _deal_from_actions(
    actions: list[str],
    words: list[list[str]],
    k: int,
    hole_count: int,
    burn_before_hole: bool,
    code: str,
    deck: Sequence[int] = FULL_DECK,
) -> list[int]:
    """Dealing: the deck order that deals the file's cards (``d dh``, ``d db``, and hole
    cards first seen at the showdown, ``sm``); unknown cards and burns are filled with
    unused cards of ``deck``, lowest first, and laid out as the engine deals
    (:func:`board_deal`)."""
    hole: list[list[int | None]] = [[None] * hole_count for _ in range(k)]
    board: list[int | None] = []
    for line, w in zip(actions, words, strict=True):
        if len(w) >= 4 and w[0] == "d" and w[1] == "dh":
            p = _player(w[2], k, _action(line))
            cards = _parse_cards_field(w[3], _action(line))
            if len(cards) != hole_count:
                raise InvalidCommand(
                    template=N_("%(where)s: %(dealt)s hole cards dealt; %(code)s deals %(n)s."),
                    params={
                        "where": _action(line),
                        "dealt": len(cards),
                        "code": code,
                        "n": hole_count,
                    },
                )
            for i, c in enumerate(cards):
                if c is not None:
                    hole[p][i] = c
        elif len(w) >= 3 and w[0] == "d" and w[1] == "db":
            board.extend(_parse_cards_field(w[2], _action(line)))
        elif len(w) >= 3 and w[1] == "sm" and w[2] != "-":
            p = _player(w[0], k, _action(line))
            shown = _parse_cards_field(w[2], _action(line))
            if len(shown) == hole_count:
                for i, c in enumerate(shown):
                    if c is not None and hole[p][i] is None:
                        hole[p][i] = c
    if len(board) > 5:
        raise InvalidCommand(
            template=N_("The PHH hand deals %(n)s board cards; hold'em has 5."),
            params={"n": len(board)},
        )
    known = [c for cards in hole for c in cards if c is not None]
    known += [c for c in board if c is not None]
    if len(set(known)) != len(known):
        dup = next(c for c in known if known.count(c) > 1)
        raise InvalidCommand(
            template=N_("The PHH hand deals %(card)s twice."), params={"card": CARD_TEXT[dup]}
        )
    taken = set(known)
    spare = iter([c for c in deck if c not in taken])
    deal: list[int] = [next(spare)] if burn_before_hole else []
    for r in range(hole_count):
        for p in range(k):
            c = hole[p][r]
            deal.append(c if c is not None else next(spare))
    full_board = [c if c is not None else next(spare) for c in board]
    full_board += [next(spare) for _ in range(5 - len(full_board))]
    burns = [next(spare) for _ in range(3)]
    return deal + board_deal(full_board, burns)


def _start_hand(
    data: dict[str, Any],
    variant: Variant,
    profile: RuleProfile,
    table: _Structure,
    deal: list[int],
) -> Hand:
    """Start the engine hand, with pokertd's own fields (``_pokertd_dead``,
    ``_pokertd_min_chip``, ``_pokertd_players_in_tournament``) when the file has them."""
    k = len(table.stacks)
    dead_players = data.get("_pokertd_dead", [])
    dead = 0
    if isinstance(dead_players, list):
        for number in dead_players:
            if isinstance(number, int) and 1 <= number <= k:
                dead |= 1 << (number - 1)
    min_chip = data.get("_pokertd_min_chip", 1)
    if not isinstance(min_chip, int) or min_chip <= 0:
        min_chip = 1
    pit = data.get("_pokertd_players_in_tournament")
    number = data.get("hand", 1)
    return Hand.start(
        variant=variant,
        stacks=table.stacks,
        button=table.button,
        small_blind_seat=table.small_blind_seat,
        big_blind_seat=table.big_blind_seat,
        small_blind=table.small_blind,
        big_blind=table.big_blind,
        ante=table.ante,
        ante_type=table.ante_type,
        small_bet=table.small_bet,
        big_bet=table.big_bet,
        profile=profile,
        deck=deal,
        dead=dead,
        min_chip=min_chip * table.scale if table.scale > 1 else min_chip,
        players_in_tournament=pit if isinstance(pit, int) else None,
        hand_number=number if isinstance(number, int) else 1,
        auto_showdown=False,
    )


def _play_actions(hand: Hand, actions: list[str], words: list[list[str]], table: _Structure) -> int:
    """Actions: play every line through the checked path (``hand.act``); an error is
    re-raised prefixed with the action. Returns how many player actions were checked."""
    k = len(table.stacks)
    board_seen = 0
    checked = 0
    for index, (line, w) in enumerate(zip(actions, words, strict=True), start=1):
        if not w:
            continue
        where = _action_at(index, line)
        try:
            if w[0] == "d":
                board_seen += _check_dealing(hand, w, where, board_seen)
                continue
            _play_action(hand, _player(w[0], k, where), w, where, table)
            checked += 1
        except PokertdError as exc:
            raise _at_line(exc, where, line, index) from None
    return checked


def _action_at(index: int, line: str) -> Clause:
    """Where a refusal of the replay happened: ``Action 4 'p3 cbr 150'``."""
    return Clause(N_("Action %(index)s %(line)s"), {"index": index, "line": repr(line.strip())})


def _at_line(exc: PokertdError, where: Clause, line: str, index: int) -> PokertdError:
    """``exc`` raised while replaying action ``index``: an error of the line's own checks
    names the action already; the engine's refusal gets it in front, its template and
    parameters kept (a face translates both)."""
    named = exc.message.startswith("Action ")
    return type(exc)(
        template=exc.template if named else N_("%(where)s: %(refusal)s"),
        params=exc.params if named else {"where": where, "refusal": Clause.of(exc)},
        message=exc.message if named else f"{where}: {exc.message}",
        rule_ids=exc.rule_ids,
        context={**exc.context, "action": line.strip(), "index": index},
    )


def _check_dealing(hand: Hand, w: list[str], where: str, board_seen: int) -> int:
    """A ``d`` line: board cards may only come once the betting round is over (the
    engine turned them up). Returns the number of board cards it deals."""
    if len(w) < 3 or w[1] not in ("dh", "db"):
        raise InvalidCommand(
            template=N_("%(where)s: not a dealing action (d dh / d db)."), params={"where": where}
        )
    if w[1] != "db":
        return 0
    count = len(w[2]) // 2
    if board_seen + count > len(hand.board):
        raise IllegalAction(
            template=N_("%(where)s: the board is dealt before the betting round is over."),
            params={"where": where},
            rule_ids=hand.profile.cite("D2"),
        )
    return count


def _play_action(hand: Hand, p: int, w: list[str], where: str, table: _Structure) -> None:
    """One player's line: ``f``, ``cc``, ``cbr AMOUNT`` or ``sm [CARDS]``."""
    verb = w[1] if len(w) > 1 else ""
    if verb == "f":
        hand.act(Fold(seat=p))
    elif verb == "cc":
        if not _superfluous_check(hand, p):
            hand.act(Call(seat=p))
    elif verb == "cbr":
        if len(w) < 3:
            raise InvalidCommand(
                template=N_("%(where)s: cbr needs an amount."), params={"where": where}
            )
        hand.act(Raise(table.units(_amount(w[2], where)), seat=p))
    elif verb == "sm":
        _show_or_muck(hand, p, w[2] if len(w) > 2 else None, where)
    elif verb in ("sd", "pb"):
        raise UnsupportedHand(
            template=N_("%(where)s: %(verb)s belongs to a game pokertd does not deal."),
            params={"where": where, "verb": repr(verb)},
        )
    else:
        raise InvalidCommand(
            template=N_("%(where)s: unknown action %(verb)s."),
            params={"where": where, "verb": repr(verb)},
        )


def _superfluous_check(hand: Hand, p: int) -> bool:
    """A check nobody needs: ``p`` is the one player left with chips, every other player in
    the hand is all-in, and the betting is over (not ``p``'s turn to bet). PokerKit, and the
    PHH files it writes, record that player's check (e.g. the big blind after a short small
    blind went all-in on the forced bets and the button folded); pokertd closes the round
    at once. The check changes nothing, so a replay accepts it and moves on."""
    if hand.actor == p and hand.street not in ("showdown", "done"):
        return False
    if not hand.in_hand(p) or hand.is_all_in(p):
        return False
    others = [s for s in hand.seats_dealt if s != p and hand.in_hand(s)]
    return bool(others) and all(hand.is_all_in(s) for s in others)


def _check_tabled(shown_text: str, real: Sequence[int], p: int, where: str) -> None:
    """``sm CARDS``: the cards shown must be the ones dealt to player ``p`` (any game)."""
    tabled = _parse_cards_field(shown_text, where)
    if any(c is not None and c != r for c, r in zip(tabled, real, strict=False)):
        raise InvalidCommand(
            template=N_("%(where)s: these are not the cards dealt to p%(player)s."),
            params={"where": where, "player": p + 1},
        )


def _cannot_show(
    profile: RuleProfile, p: int, shown_text: str | None, where: str | Clause
) -> IllegalAction:
    """``sm`` out of turn: player ``p`` may not show (``sm CARDS``) or muck (``sm``) now
    (F6), in every game's replay."""
    return IllegalAction(
        template=N_("%(where)s: p%(player)s cannot show now.")
        if shown_text
        else N_("%(where)s: p%(player)s cannot muck now."),
        params={"where": where, "player": p + 1},
        rule_ids=profile.cite("F6"),
    )


def _show_or_muck(hand: Hand, p: int, shown_text: str | None, where: str) -> None:
    """Showdown: ``sm CARDS`` shows (the cards must be the ones dealt), ``sm`` mucks. A
    hand already tabled by an all-in showdown (F7), or already out, is accepted."""
    if shown_text and shown_text != "-":
        _check_tabled(shown_text, hand.hole_cards(p), p, where)
    if hand.actor == p and hand.street == "showdown":
        hand.act(Show(seat=p) if shown_text else Muck(seat=p))
    elif shown_text and hand.was_shown(p):
        pass  # tabled already: an all-in showdown shows every live hand (F7)
    elif not shown_text and not hand.in_hand(p) and not hand.was_shown(p):
        pass
    else:
        raise _cannot_show(hand.profile, p, shown_text, where)


def _outcome(
    data: dict[str, Any],
    hand: Hand | StudHand | DrawHand,
    stacks: list[int],
    scale: int,
    checked: int,
) -> PhhReplay:
    """Showdown and finishing stacks: pots, winnings and stacks in file units, compared
    with the file's ``finishing_stacks`` by :attr:`PhhReplay.matches`."""
    k = len(stacks)
    final = hand.stacks
    finishing = [_unscale(final[p] or 0, scale) for p in range(k)]
    notes: list[str] = []
    if hand.is_over:
        result = hand.result
        won = dict(result.won)
        winnings = [_unscale(won.get(p, 0), scale) for p in range(k)]
        pots = [
            {
                "amount": _unscale(pot.amount, scale),
                "eligible": [s + 1 for s in pot.eligible],
                "winners": [s + 1 for s in pot.winners],
                "awards": {f"p{s + 1}": _unscale(a, scale) for s, a in pot.awards},
            }
            for pot in result.pots
        ]
    else:
        winnings = [0] * k
        pots = []
        notes.append("the hand history stops before the hand is over")
    expected = data.get("finishing_stacks")
    expected_list: list[int | float] | None = None
    if isinstance(expected, list) and len(expected) == k:
        expected_list = [v if isinstance(v, int) else float(v) for v in expected]
    players = data.get("players")
    if isinstance(players, list):
        names = [str(x) for x in players]
    else:
        names = [f"p{i + 1}" for i in range(k)]
    return PhhReplay(
        hand=hand,
        players=names,
        starting_stacks=[_unscale(s, scale) for s in stacks],
        finishing_stacks=finishing,
        winnings=winnings,
        pots=pots,
        complete=hand.is_over,
        expected_finishing_stacks=expected_list,
        scale=scale,
        actions_checked=checked,
        notes=notes,
    )


# ---------------------------------------------------------------------- stud games
def _replay_stud(data: dict[str, Any], profile: RuleProfile | str | None) -> PhhReplay:
    """Replay a stud hand (``F7S``, ``F7S/8``, ``FR``) through :class:`StudHand`, checking
    every action: the same steps as :func:`replay_phh` for the stud fields (``antes``,
    ``bring_in``, ``small_bet``, ``big_bet``) and actions (``pN pb`` brings in, ``pN cbr``
    completes, bets or raises to an amount). Players are listed from the dealer's left, the
    dealer last; the third card dealt to each player is his up card."""
    variant = STUD_VARIANTS[data["variant"]]
    if isinstance(profile, str):
        profile = _named_profile(profile)
    elif profile is None:
        profile = _named_profile(str(data.get("_pokertd_profile", "tda")))
    profile = _with_ante_rule(profile, not bool(data.get("ante_trimming_status", False)))
    actions, words = _action_words(data)
    raw_stacks = _numbers(data["starting_stacks"], "starting_stacks")
    k = len(raw_stacks)
    antes = _numbers(data["antes"], "antes", k)
    if len(set(antes)) != 1:
        raise UnsupportedHand(template=N_("Only uniform antes are supported in stud."))
    for name in ("bring_in", "small_bet", "big_bet"):
        if name not in data:
            raise InvalidCommand(
                template=N_("A stud PHH hand needs %(name)s."), params={"name": name}
            )
    forced = [_number(data[n], n) for n in ("bring_in", "small_bet", "big_bet")]
    amounts = [*raw_stacks, *antes, *forced]
    for line, w in zip(actions, words, strict=True):
        if len(w) == 3 and w[1] == "cbr":
            amounts.append(_amount(w[2], f"Action {line!r}"))
    scale = _scale_for(amounts)
    stacks = [int(v * scale) for v in raw_stacks]
    bring_in, small_bet, big_bet = (int(v * scale) for v in forced)
    number = data.get("hand", 1)
    min_chip = data.get("_pokertd_min_chip", 1)
    pit = data.get("_pokertd_players_in_tournament")
    with profile.citing():
        hand = StudHand.start(
            variant=variant,
            stacks=stacks,
            button=k - 1,
            ante=int(antes[0] * scale),
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=big_bet,
            profile=profile,
            deck=_stud_deck(actions, words, k, variant is StudVariant.RAZZ),
            hand_number=number if isinstance(number, int) else 1,
            auto_showdown=False,
            dead=_dead_mask(data, k),
            min_chip=min_chip * scale if isinstance(min_chip, int) and min_chip > 0 else 1,
            players_in_tournament=pit if isinstance(pit, int) else None,
        )
    checked = 0
    for index, (line, w) in enumerate(zip(actions, words, strict=True), start=1):
        if not w or w[0] == "d":
            continue
        where = _action_at(index, line)
        try:
            _play_stud_action(hand, _player(w[0], k, where), w, where, scale)
            checked += 1
        except PokertdError as exc:
            raise _at_line(exc, where, line, index) from None
    return _outcome(data, hand, stacks, scale, checked)


def _dead_mask(data: dict[str, Any], k: int) -> int:
    """The ``_pokertd_dead`` players (1-based) as a seat mask."""
    dead = 0
    numbers = data.get("_pokertd_dead", [])
    if isinstance(numbers, list):
        for number in numbers:
            if isinstance(number, int) and 1 <= number <= k:
                dead |= 1 << (number - 1)
    return dead


def _stud_deck(actions: list[str], words: list[list[str]], k: int, razz: bool) -> list[int]:
    """The deck order that deals a stud file's cards: third street one card at a time
    around the table, then for each later street a burn and one card to each player still
    in (``d dh`` lines; a street starts when betting came between, or a player gets a
    second card); a ``d db`` card is the common card. Unknown cards and burns are cards
    the file never names, aces first (high in stud, low in razz), so that an unknown up
    card never takes the bring-in the file recorded from someone else."""
    streets: list[dict[int, list[int | None]]] = []
    current: dict[int, list[int | None]] = {}
    common: list[int | None] = []
    betting_since = True
    for line, w in zip(actions, words, strict=True):
        if not w:
            continue
        if w[0] != "d":
            betting_since = True
            continue
        if len(w) < 3 or w[1] not in ("dh", "db"):
            raise InvalidCommand(
                template=N_("%(where)s: not a dealing action (d dh / d db)."),
                params={"where": _action(line)},
            )
        if w[1] == "db":
            common = _parse_cards_field(w[2], line)
            continue
        p = _player(w[2], k, line) if len(w) > 3 else -1
        if p < 0:
            raise InvalidCommand(
                template=N_("%(where)s: d dh needs a player and cards."),
                params={"where": _action(line)},
            )
        if betting_since or p in current:
            current = {}
            streets.append(current)
            betting_since = False
        current[p] = _parse_cards_field(w[3], line)
    named = {c for street in streets for cards in street.values() for c in cards}
    named.update(common)
    spare = iter(c for c in range(51, -1, -1) if c not in named)
    order: list[int | None] = []
    if streets:
        third = streets[0]
        for r in range(3):
            order.extend(third[p][r] if r < len(third[p]) else None for p in sorted(third))
    for street in streets[1:]:
        order.append(next(spare))
        order.extend(street[p][0] for p in sorted(street))
    if common:
        burn = next(spare, None)  # no burn when the common card is the deck's last
        if burn is not None:
            order.append(burn)
        order.extend(common)
    deck = [c if c is not None else next(spare) for c in order]
    deck.extend(spare)
    return deck


def _stud_superfluous_check(hand: StudHand, p: int) -> bool:
    """As :func:`_superfluous_check`: a check PokerKit records for the one player left
    with chips when everyone else still in is all-in; it changes nothing."""
    if not hand.in_hand(p) or hand.is_all_in(p):
        return False
    others = [s for s in hand.seats_dealt if s != p and hand.in_hand(s)]
    return bool(others) and all(hand.is_all_in(s) for s in others)


def _play_stud_action(hand: StudHand, p: int, w: list[str], where: Clause, scale: int) -> None:
    """One player's line in a stud hand: ``pb``, ``f``, ``cc``, ``cbr AMOUNT`` or ``sm``."""
    verb = w[1] if len(w) > 1 else ""
    if verb == "pb":
        if p in hand.dead_seats and hand.actor != p:
            return  # an absent player's bring-in, posted by the engine at the deal (K6)
        hand.act(BringIn(seat=p))
    elif verb == "f":
        hand.act(Fold(seat=p))
    elif verb == "cc":
        if hand.actor == p or not _stud_superfluous_check(hand, p):
            hand.act(Call(seat=p))
    elif verb == "cbr":
        if len(w) < 3:
            raise InvalidCommand(
                template=N_("%(where)s: cbr needs an amount."), params={"where": where}
            )
        hand.act(Raise(int(_amount(w[2], where) * scale), seat=p))
    elif verb == "sm":
        shown_text = w[2] if len(w) > 2 and w[2] != "-" else None
        if shown_text:
            _check_tabled(shown_text, hand.cards(p), p, where)
        if hand.actor == p and hand.street == "showdown":
            hand.act(Show(seat=p) if shown_text else Muck(seat=p))
        elif hand.street not in ("showdown", "done") or hand.actor is not None:
            raise _cannot_show(hand.profile, p, shown_text, where)
    else:
        raise InvalidCommand(
            template=N_("%(where)s: unknown action %(verb)s."),
            params={"where": where, "verb": repr(verb)},
        )


# ---------------------------------------------------------------------- draw games
def _replay_draw(data: dict[str, Any], profile: RuleProfile | str | None) -> PhhReplay:
    """Replay a draw hand (``F2L3D``, ``N2L1D``, ``FB``) through :class:`DrawHand`, checking every
    action: blinds, antes and stacks as for hold'em (:func:`_structure`); ``pN sd CARDS``
    throws those cards (``pN sd`` stands pat) and the ``d dh`` line after it names the
    cards drawn; ``sm`` shows the hand as it is after the draws, in any order."""
    variant = DRAW_VARIANTS[data["variant"]]
    if isinstance(profile, str):
        profile = _named_profile(profile)
    elif profile is None:
        profile = _named_profile(str(data.get("_pokertd_profile", "tda")))
    actions, words = _action_words(data)
    betting = (
        Variant.NO_LIMIT_HOLDEM
        if variant is DrawVariant.NO_LIMIT_SINGLE_DRAW_27
        else Variant.FIXED_LIMIT_HOLDEM
    )
    with profile.citing():
        table = _structure(data, betting, actions, words)
    profile = _with_ante_rule(profile, not bool(data.get("ante_trimming_status", False)))
    k = len(table.stacks)
    deck, unknown = _draw_deck(actions, words, k, HAND_SIZES.get(variant, HAND_SIZE))
    number = data.get("hand", 1)
    min_chip, pit = data.get("_pokertd_min_chip", 1), data.get("_pokertd_players_in_tournament")
    fill = True  # hands shown that were dealt as ``??``: replay again with their cards
    while True:
        with profile.citing():
            hand = DrawHand.start(
                variant=variant,
                stacks=table.stacks,
                button=table.button,
                small_blind=table.small_blind,
                big_blind=table.big_blind,
                small_bet=table.small_bet,
                big_bet=table.big_bet,
                ante=table.ante,
                ante_type=table.ante_type,
                profile=profile,
                deck=deck,
                hand_number=number if isinstance(number, int) else 1,
                auto_showdown=False,
                min_chip=(min_chip if isinstance(min_chip, int) and min_chip > 0 else 1)
                * table.scale,
                players_in_tournament=pit if isinstance(pit, int) else None,
            )
        checked, swap = _play_draw_lines(hand, actions, words, table, unknown, fill)
        if not swap:
            return _outcome(data, hand, table.stacks, table.scale, checked)
        deck = [swap.get(c, c) for c in deck]
        unknown = {swap.get(c, c) for c in unknown}
        fill = False


def _play_draw_lines(
    hand: DrawHand,
    actions: list[str],
    words: list[list[str]],
    table: _Structure,
    unknown: set[int],
    fill: bool,
) -> tuple[int, dict[int, int]]:
    """Play a draw file's lines; returns how many were checked. With ``fill``, at the first
    ``sm`` line the cards shown that the hand does not hold are swapped (in the deck) with
    unknown cards of that hand: the swaps are returned instead and the replay starts over."""
    k = len(table.stacks)
    checked = 0
    dealt = False
    for index, (line, w) in enumerate(zip(actions, words, strict=True), start=1):
        if not w:
            continue
        where = _action_at(index, line)
        try:
            if w[0] == "d":
                if dealt and len(w) >= 4 and w[1] == "dh":
                    p = _player(w[2], k, where)
                    _check_in_hand(w[3], hand.cards(p), p, where)
                continue
            dealt = True
            if fill and len(w) > 1 and w[1] == "sm":
                swap = _showdown_swaps(hand, actions, words, unknown)
                if swap:
                    return checked, swap
                fill = False
            _play_draw_action(hand, _player(w[0], k, where), w, where, table, unknown)
            checked += 1
        except PokertdError as exc:
            raise _at_line(exc, where, line, index) from None
    return checked, {}


def _showdown_swaps(
    hand: DrawHand, actions: list[str], words: list[list[str]], unknown: set[int]
) -> dict[int, int]:
    """For each ``sm`` line, its cards the hand does not hold paired with the hand's
    unknown cards (both ways: a permutation of the deck)."""
    swap: dict[int, int] = {}
    for line, w in zip(actions, words, strict=True):
        if len(w) > 2 and w[1] == "sm" and w[2] != "-":
            p = _player(w[0], len(hand.seats_dealt), line)
            shown = [c for c in _parse_cards_field(w[2], line) if c is not None]
            mine = hand.cards(p)
            spare = [c for c in mine if c in unknown and c not in shown and c not in swap]
            needed = [c for c in shown if c not in mine and c not in swap]
            for c, u in zip(needed, spare, strict=False):
                swap[c], swap[u] = u, c
    return swap


def _draw_deck(
    actions: list[str], words: list[list[str]], k: int, size: int
) -> tuple[list[int], set[int]]:
    """The deck order that deals a draw file's cards: ``size`` cards one at a time around the
    table (the first ``d dh`` of each player), then in each draw round a burn before the
    first cards drawn and the ``d dh`` lines in their order. Unknown cards and burns are
    cards the file never names, lowest first. A draw round starts with a draw after
    betting, or with a player's second draw (rounds without betting when all but one are
    all-in). Also returns the cards that stand for unknown ones (a ``??`` thrown in a draw
    is one of them)."""
    first: dict[int, list[int | None]] = {}
    draws: list[list[int | None]] = []
    new_round = after_draw = False
    drew: set[str] = set()  # who drew in this round: a second draw starts the next round
    shown: list[int] = []  # cards first seen at the showdown: kept for the hands shown
    for line, w in zip(actions, words, strict=True):
        if not w:
            continue
        if w[0] != "d":
            is_draw = len(w) > 1 and w[1] == "sd"
            if is_draw and (not after_draw or w[0] in drew):
                new_round = True
                drew.clear()
            if is_draw:
                drew.add(w[0])
            elif len(w) > 2 and w[1] == "sm" and w[2] != "-":
                shown.extend(c for c in _parse_cards_field(w[2], line) if c is not None)
            after_draw = is_draw
            continue
        if len(w) < 4 or w[1] != "dh":
            raise InvalidCommand(
                template=N_("%(where)s: d dh needs a player and cards."),
                params={"where": _action(line)},
            )
        p = _player(w[2], k, line)
        cards = _parse_cards_field(w[3], line)
        if p not in first:
            first[p] = cards
            continue
        if new_round or not draws:
            draws.append([-1])  # the burn before the round's first cards drawn
            new_round = False
        draws[-1].extend(cards)
    named = {c for cards in first.values() for c in cards if c is not None}
    named.update(c for cards in draws for c in cards if c is not None and c >= 0)
    named.update(shown)
    spare = iter(c for c in range(52) if c not in named)
    unknown: set[int] = set()

    def fill(c: int | None) -> int:
        if c is not None and c >= 0:
            return c
        card = next(spare)
        if c is None:
            unknown.add(card)
        return card

    order = [fill(first[p][r] if r < len(first.get(p, [])) else None) for r in range(size)
             for p in range(k)]  # fmt: skip
    for cards in draws:
        order.extend(fill(c) for c in cards)
    order.extend(spare)
    order.extend(c for c in dict.fromkeys(shown) if c not in order)
    return order, unknown


def _check_in_hand(text: str, cards: Sequence[int], p: int, where: str) -> None:
    """The cards a file names for player ``p`` (drawn or shown) must be in his hand."""
    named = _parse_cards_field(text, where)
    if any(c is not None and c not in cards for c in named):
        raise InvalidCommand(
            template=N_("%(where)s: these are not the cards dealt to p%(player)s."),
            params={"where": where, "player": p + 1},
        )


def _play_draw_action(
    hand: DrawHand, p: int, w: list[str], where: Clause, table: _Structure, unknown: set[int]
) -> None:
    """One player's line in a draw hand: ``f``, ``cc``, ``cbr AMOUNT``, ``sd [CARDS]`` or
    ``sm [CARDS]``."""
    verb = w[1] if len(w) > 1 else ""
    if verb == "sd":
        named = _parse_cards_field(w[2], where) if len(w) > 2 else []
        mine = hand.cards(p) if hand.actor == p else ()
        free = [c for c in mine if c in unknown and c not in named]
        thrown = [c if c is not None else (free.pop(0) if free else -1) for c in named]
        hand.act(Draw(tuple(thrown), seat=p))
    elif verb == "f":
        hand.act(Fold(seat=p))
    elif verb == "cc":
        if hand.actor == p or not _draw_superfluous_check(hand, p):
            hand.act(Call(seat=p))
    elif verb == "cbr":
        if len(w) < 3:
            raise InvalidCommand(
                template=N_("%(where)s: cbr needs an amount."), params={"where": where}
            )
        hand.act(Raise(table.units(_amount(w[2], where)), seat=p))
    elif verb == "sm":
        shown_text = w[2] if len(w) > 2 and w[2] != "-" else None
        if shown_text:
            _check_in_hand(shown_text, hand.cards(p), p, where)
        if hand.actor == p and hand.street == "showdown":
            hand.act(Show(seat=p) if shown_text else Muck(seat=p))
        elif shown_text and hand.was_shown(p):
            pass  # tabled already: an all-in showdown shows every live hand (F7)
        else:
            raise _cannot_show(hand.profile, p, shown_text, where)
    else:
        raise InvalidCommand(
            template=N_("%(where)s: unknown action %(verb)s."),
            params={"where": where, "verb": repr(verb)},
        )


def _draw_superfluous_check(hand: DrawHand, p: int) -> bool:
    """As :func:`_superfluous_check`: a check PokerKit records for the one player left
    with chips when everyone else still in is all-in; it changes nothing."""
    if not hand.in_hand(p) or hand.is_all_in(p):
        return False
    others = [s for s in hand.seats_dealt if s != p and hand.in_hand(s)]
    return bool(others) and all(hand.is_all_in(s) for s in others)


# ---------------------------------------------------------------------- writing
def to_phh(hand: Hand | StudHand | DrawHand, players: list[str] | None = None) -> str:
    """The hand as PHH text (players in dealing order: first left of the button).

    Everything the engine did is written: hole cards, board cards as they were dealt,
    every action, and the showdown. A finished hand also gets ``finishing_stacks`` and
    ``winnings``. The TOML is written by ``tomli-w``. A stud hand is written by
    :func:`_stud_to_phh`, a draw hand by :func:`_draw_to_phh`.
    """
    if isinstance(hand, StudHand):
        return _stud_to_phh(hand, players)
    if isinstance(hand, DrawHand):
        return _draw_to_phh(hand, players)
    seats = list(hand.seats_dealt)
    k = len(seats)
    rules_variant = hand.variant
    antes = [0] * k
    blinds = [0] * k
    sb_pos = hand._sb_pos
    bb_pos = hand._bb_pos
    if hand._ante:
        if hand._ante_type is AnteType.BIG_BLIND_ANTE:
            antes[bb_pos] = hand._ante
        else:
            antes = [hand._ante] * k
    if sb_pos >= 0:
        blinds[sb_pos] = hand._small_blind
    blinds[bb_pos] = hand._big_blind
    if k == 2:
        antes = antes[::-1]
        blinds = blinds[::-1]
    data: dict[str, Any] = {
        "variant": VARIANT_CODES[rules_variant],
        "ante_trimming_status": not hand.profile.ante_to_main_pot,
        "antes": antes,
        "blinds_or_straddles": blinds,
    }
    if rules_variant in _FIXED_LIMIT:
        data["small_bet"] = hand._small_bet
        data["big_bet"] = hand._big_bet
    else:
        data["min_bet"] = hand._big_blind
    data["starting_stacks"] = hand._start_stack[:k]
    data["actions"] = _action_lines(hand)
    data["hand"] = hand.hand_number
    data["seats"] = [s + 1 for s in seats]
    data["seat_count"] = hand._n_seats
    if players is not None:
        data["players"] = list(players)
    if hand.is_over:
        result = hand.result
        final = result.final_stacks
        won = dict(result.won)
        data["finishing_stacks"] = [final[s] for s in seats]
        data["winnings"] = [won.get(s, 0) for s in seats]
    data["_pokertd_profile"] = hand.profile.name
    if hand._killed:
        data["_pokertd_dead"] = [p + 1 for p in range(k) if hand._killed >> p & 1]
    if sb_pos < 0:
        data["_pokertd_small_blind"] = hand._small_blind
    if hand._min_chip != 1:
        data["_pokertd_min_chip"] = hand._min_chip
    if hand._players_in_tournament is not None:
        data["_pokertd_players_in_tournament"] = hand._players_in_tournament
    return tomli_w.dumps(data)


def _stud_to_phh(hand: StudHand, players: list[str] | None) -> str:
    """A stud hand as PHH: ``antes``, ``bring_in``, ``small_bet``, ``big_bet``; each
    street's cards dealt (``d dh``) before its actions, the common card as ``d db``."""
    seats = list(hand.seats_dealt)
    k = len(seats)
    data: dict[str, Any] = {
        "variant": STUD_VARIANT_CODES[hand.variant],
        "ante_trimming_status": not hand.profile.ante_to_main_pot,
        "antes": [hand.ante] * k,
        "bring_in": hand.bring_in,
        "small_bet": hand.small_bet,
        "big_bet": hand.big_bet,
        "starting_stacks": hand.starting_stacks,
        "actions": _stud_action_lines(hand),
        "hand": hand.hand_number,
        "seats": [s + 1 for s in seats],
        "seat_count": len(hand.stacks),
    }
    if players is not None:
        data["players"] = list(players)
    if hand.is_over:
        result = hand.result
        won = dict(result.won)
        data["finishing_stacks"] = [result.final_stacks[s] for s in seats]
        data["winnings"] = [won.get(s, 0) for s in seats]
    data["_pokertd_profile"] = hand.profile.name
    if hand.dead_seats:
        data["_pokertd_dead"] = [seats.index(s) + 1 for s in hand.dead_seats]
    if hand._min_chip != 1:
        data["_pokertd_min_chip"] = hand._min_chip
    if hand._players_in_tournament is not None:
        data["_pokertd_players_in_tournament"] = hand._players_in_tournament
    return tomli_w.dumps(data)


def _stud_action_lines(hand: StudHand) -> list[str]:
    """The deal of each street (third street's three cards a player, then one card) in
    front of that street's actions; streets dealt with nobody left to bet come before
    the showdown."""
    seats = list(hand.seats_dealt)
    player = {s: f"p{p + 1}" for p, s in enumerate(seats)}
    cards = {s: hand.cards(s) for s in seats}
    lines = [f"d dh {player[s]} " + "".join(CARD_TEXT[c] for c in cards[s][:3]) for s in seats]
    dealt = 0  # the last street dealt (0 = third)

    def deal_to(street: int) -> None:
        nonlocal dealt
        while dealt < min(street, SEVENTH):
            dealt += 1
            for s in seats:
                if len(cards[s]) > dealt + 2:
                    lines.append(f"d dh {player[s]} {CARD_TEXT[cards[s][dealt + 2]]}")
            if dealt == SEVENTH and hand.board:
                lines.append(f"d db {CARD_TEXT[hand.board[0]]}")

    verbs = {"fold": "f", "check": "cc", "call": "cc", "bring-in": "pb", "muck": "sm"}
    for record in hand.actions:
        deal_to(STUD_STREETS.index(record.street))
        who = player[record.seat]
        if record.kind == "killed":
            lines.append(f"# {who} hand killed: absent (K6)")
        elif record.kind in ("bet", "raise", "complete"):
            lines.append(f"{who} cbr {record.to}")
        elif record.kind == "show":
            shown = list(cards[record.seat]) + hand.board
            lines.append(f"{who} sm " + "".join(CARD_TEXT[c] for c in shown))
        else:
            lines.append(f"{who} {verbs[record.kind]}")
    return lines


def _draw_to_phh(hand: DrawHand, players: list[str] | None) -> str:
    """A draw hand as PHH: blinds and antes as hold'em (heads-up reversed), ``small_bet``
    and ``big_bet`` or ``min_bet``; each draw as ``pN sd THROWN``, and once the round's
    players have all drawn, the cards drawn as ``d dh pN CARDS``; a new stub as a comment
    line (``replay_phh`` deals from one deck order, so a hand with a reshuffle does not
    replay through it)."""
    seats = list(hand.seats_dealt)
    k = len(seats)
    sb, bb = (1, 0) if k == 2 else (0, 1)
    antes = [0] * k
    if hand.ante:
        if hand._ante_type is AnteType.BIG_BLIND_ANTE:
            antes[bb] = hand.ante
        else:
            antes = [hand.ante] * k
    blinds = [0] * k
    blinds[sb] = hand.small_blind
    blinds[bb] = hand.big_blind
    if k == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    data: dict[str, Any] = {
        "variant": DRAW_VARIANT_CODES[hand.variant],
        "ante_trimming_status": not hand.profile.ante_to_main_pot,
        "antes": antes,
        "blinds_or_straddles": blinds,
    }
    if hand.variant is not DrawVariant.NO_LIMIT_SINGLE_DRAW_27:
        data["small_bet"] = hand.small_bet
        data["big_bet"] = hand.big_bet
    else:
        data["min_bet"] = hand.big_blind
    data["starting_stacks"] = hand.starting_stacks
    player = {s: f"p{p + 1}" for p, s in enumerate(seats)}
    text = "".join
    lines = [f"d dh {player[s]} " + text(CARD_TEXT[c] for c in hand.dealt_cards(s)) for s in seats]
    draws = iter(hand.draws)
    drawn: list[str] = []  # a draw round's d dh lines, after all its sd lines (PokerKit's order)
    drawing = ""  # the round of the lines in drawn
    verbs = {"fold": "f", "check": "cc", "call": "cc", "muck": "sm"}
    for record in hand.actions:
        who = player[record.seat]
        if record.kind not in ("draw", "reshuffle") or record.street != drawing:
            lines.extend(drawn)
            drawn.clear()
            drawing = record.street
        if record.kind == "draw":
            _, _, thrown, received = next(draws)
            lines.append(
                f"{who} sd " + text(CARD_TEXT[c] for c in thrown) if thrown else f"{who} sd"
            )
            if received:
                drawn.append(f"d dh {who} " + text(CARD_TEXT[c] for c in received))
        elif record.kind == "reshuffle":
            lines.append(f"# the stub ran out: a new stub of {record.amount} cards")
        elif record.kind in ("bet", "raise"):
            lines.append(f"{who} cbr {record.to}")
        elif record.kind == "show":
            lines.append(f"{who} sm " + text(CARD_TEXT[c] for c in hand.cards(record.seat)))
        else:
            lines.append(f"{who} {verbs[record.kind]}")
    lines.extend(drawn)
    data["actions"] = lines
    data["hand"] = hand.hand_number
    data["seats"] = [s + 1 for s in seats]
    data["seat_count"] = len(hand.stacks)
    if players is not None:
        data["players"] = list(players)
    if hand.is_over:
        result = hand.result
        won = dict(result.won)
        data["finishing_stacks"] = [result.final_stacks[s] for s in seats]
        data["winnings"] = [won.get(s, 0) for s in seats]
    data["_pokertd_profile"] = hand.profile.name
    if hand._min_chip != 1:
        data["_pokertd_min_chip"] = hand._min_chip
    if hand._players_in_tournament is not None:
        data["_pokertd_players_in_tournament"] = hand._players_in_tournament
    return tomli_w.dumps(data)


_BOARD_SLICES = {FLOP: slice(0, 3), TURN: slice(3, 4), RIVER: slice(4, 5)}
"""The board cards a ``d db`` line turns up, by the street it opens."""


def _action_lines(hand: Hand) -> list[str]:
    """The hand's PHH action lines: hole cards, then the log (a killed hand of an
    absent player, which PHH has no word for, is written as a comment line)."""
    hole = hand._hole
    lines = [f"d dh p{p + 1} " + "".join(CARD_TEXT[c] for c in hole[p]) for p in range(len(hole))]
    board = hand._board
    for entry in hand._log:
        code = entry.code
        player = f"p{entry.position + 1}"
        if code == K_BOARD:
            lines.append(
                "d db " + "".join(CARD_TEXT[c] for c in board[_BOARD_SLICES[entry.street]])
            )
        elif code == K_FOLD:
            lines.append(f"{player} f")
        elif code in (K_CHECK, K_CALL):
            lines.append(f"{player} cc")
        elif code in (K_BET, K_RAISE):
            lines.append(f"{player} cbr {entry.to}")
        elif code == K_SHOW:
            lines.append(f"{player} sm " + "".join(CARD_TEXT[c] for c in hole[entry.position]))
        elif code == K_MUCK:
            lines.append(f"{player} sm")
        else:
            lines.append(f"# {player} hand killed: absent (K6)")
    return lines


__all__ = [
    "VARIANTS",
    "VARIANT_NAMES",
    "PhhReplay",
    "UnsupportedHand",
    "load_phh",
    "replay_phh",
    "to_phh",
]
