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
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pokertd.cards.card import CARD_TEXT, card_code
from pokertd.engine.actions import Call, Fold, Muck, Raise, Show
from pokertd.engine.hand import (
    K_BET,
    K_BOARD,
    K_CALL,
    K_CHECK,
    K_FOLD,
    K_MUCK,
    K_RAISE,
    K_SHOW,
    Hand,
)
from pokertd.errors import IllegalAction, InvalidCommand, PokertdError
from pokertd.rules import AnteType, RuleProfile, Variant, load_profile

VARIANTS = {
    "NT": Variant.NO_LIMIT_HOLDEM,
    "PO": Variant.POT_LIMIT_OMAHA,
    "FT": Variant.FIXED_LIMIT_HOLDEM,
}
"""PHH variant codes pokertd deals."""

VARIANT_CODES = {v: k for k, v in VARIANTS.items()}

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

    hand: Hand
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
            "variant": VARIANT_CODES[self.hand.variant],
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
    and the caller uses :mod:`tomllib`. It gives the same result as tomllib on what it
    accepts, several times faster (the PHH replay bench reads 10,000 files).
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
            raise InvalidCommand(f"Not a PHH file: the TOML does not parse ({exc}).") from None
        except RecursionError:
            raise InvalidCommand("Not a PHH file: the TOML is nested too deeply.") from None
    for name in ("variant", "antes", "starting_stacks", "actions"):
        if name not in data:
            raise InvalidCommand(f"Not a PHH file: the required field {name!r} is missing.")
    return data


def _number(value: object, what: str) -> Fraction | int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidCommand(f"PHH field {what} must be a number, not {value!r}.")
    if isinstance(value, float) and not math.isfinite(value):
        raise UnsupportedHand(f"PHH field {what} is {value}: unknown stacks cannot be replayed.")
    if value < 0:
        raise InvalidCommand(f"PHH field {what} must not be negative ({value}).")
    return Fraction(str(value)) if isinstance(value, float) else value


def _numbers(value: object, what: str, count: int | None = None) -> list[Fraction | int]:
    if not isinstance(value, list):
        raise InvalidCommand(f"PHH field {what} must be an array of numbers.")
    if count is not None and len(value) != count:
        raise InvalidCommand(f"PHH field {what} has {len(value)} entries for {count} players.")
    return [_number(v, what) for v in value]


def _scale_for(values: list[Fraction | int]) -> int:
    scale = 1
    for v in values:
        if v.denominator != 1:
            scale = scale * v.denominator // math.gcd(scale, v.denominator)
    if scale > 1_000_000:
        raise UnsupportedHand("PHH chip amounts are too finely divided to replay exactly.")
    return scale


def _unscale(value: int, scale: int) -> int | float:
    if scale == 1:
        return value
    q = Fraction(value, scale)
    return int(q) if q.denominator == 1 else float(q)


def _parse_cards_field(text: str, what: str) -> list[int | None]:
    """Cards of an action (``"AsKd"``, ``"????"``, ``"??Kd"``); ``None`` = unknown."""
    if len(text) % 2:
        raise InvalidCommand(f"{what}: {text!r} is not a list of cards.")
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        piece = text[i : i + 2]
        out.append(None if piece == "??" else card_code(piece))
    return out


def _player(token: str, k: int, where: str) -> int:
    if not token.startswith("p") or not token[1:].isdigit():
        raise InvalidCommand(f"{where}: {token!r} is not a player (p1 to p{k}).")
    number = int(token[1:])
    if not 1 <= number <= k:
        raise InvalidCommand(f"{where}: there is no player {token} in a {k}-player hand.")
    return number - 1


_PROFILE_CACHE: dict[tuple[int, bool], RuleProfile] = {}
_NAMED: dict[str, RuleProfile] = {}


def _named_profile(name: str) -> RuleProfile:
    """A built-in or file profile, loaded once per process (profiles are immutable)."""
    hit = _NAMED.get(name)
    if hit is None:
        hit = _NAMED[name] = load_profile(name)
    return hit


def _with_ante_rule(profile: RuleProfile, to_main: bool) -> RuleProfile:
    if profile.ante_to_main_pot == to_main:
        return profile
    key = (id(profile), to_main)
    hit = _PROFILE_CACHE.get(key)
    if hit is None:
        hit = profile.replace(ante_to_main_pot=to_main)
        _PROFILE_CACHE[key] = hit
    return hit


def replay_phh(text: str, profile: RuleProfile | str | None = None) -> PhhReplay:
    """Replay a PHH hand through the engine, checking every action.

    Raises :class:`UnsupportedHand` for a variant or structure pokertd does not deal,
    :class:`~pokertd.errors.InvalidCommand` for a malformed file, and the engine's
    :class:`~pokertd.errors.IllegalAction` (message prefixed with the action) for an
    action the rules forbid.
    """
    data = load_phh(text)
    code = data["variant"]
    if code not in VARIANTS:
        name = VARIANT_NAMES.get(str(code), "unknown")
        raise UnsupportedHand(
            f"PHH variant {code!r} ({name}) is not dealt by pokertd: it replays NT, PO and FT."
        )
    variant = VARIANTS[code]
    if isinstance(profile, str):
        profile = _named_profile(profile)
    elif profile is None:
        profile = _named_profile(str(data.get("_pokertd_profile", "tda")))

    raw_stacks = _numbers(data["starting_stacks"], "starting_stacks")
    k = len(raw_stacks)
    if not 2 <= k <= 11:
        raise InvalidCommand(f"A PHH hand needs 2 to 11 players, not {k}.", rule_ids=("NJ-5",))
    antes = _numbers(data["antes"], "antes", k)
    blinds = _numbers(data.get("blinds_or_straddles", [0] * k), "blinds_or_straddles", k)
    amounts: list[Fraction | int] = [*raw_stacks, *antes, *blinds]
    for name in ("min_bet", "small_bet", "big_bet", "_pokertd_small_blind"):
        if name in data:
            amounts.append(_number(data[name], name))
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidCommand("PHH field actions must be an array of strings.")
    split_actions = [line.split("#", 1)[0].split() for line in actions]
    for line, words in zip(actions, split_actions, strict=True):
        if len(words) == 3 and words[1] == "cbr":
            try:
                amounts.append(_number(float(words[2]) if "." in words[2] else int(words[2]), line))
            except ValueError:
                raise InvalidCommand(f"Action {line!r}: {words[2]!r} is not an amount.") from None
    scale = _scale_for(amounts)

    def units(v: Fraction | int) -> int:
        return int(v * scale)

    stacks = [units(v) for v in raw_stacks]
    if any(s <= 0 for s in stacks):
        raise InvalidCommand("PHH starting stacks must all be above zero.")
    if k == 2:
        antes = antes[::-1]
        blinds = blinds[::-1]
        button, sb_seat, bb_seat = 1, 1, 0
    else:
        button, sb_seat, bb_seat = k - 1, 0, 1
    if any(blinds[i] for i in range(k) if i not in (sb_seat, bb_seat)) or not blinds[bb_seat]:
        raise UnsupportedHand(
            "Only a small and a big blind are supported (no straddles, a big blind present)."
        )
    big_blind = units(blinds[bb_seat])
    small_blind = units(blinds[sb_seat])
    small_blind_seat: int | None = sb_seat
    if not small_blind:
        small_blind_seat = None
        small_blind = units(_number(data.get("_pokertd_small_blind", 0), "_pokertd_small_blind"))
    ante_values = set(antes)
    if ante_values == {Fraction(0)}:
        ante, ante_type = 0, AnteType.NONE
    elif len(ante_values) == 1:
        ante, ante_type = units(antes[0]), AnteType.PER_PLAYER
    elif all(antes[i] == 0 for i in range(k) if i != bb_seat):
        ante, ante_type = units(antes[bb_seat]), AnteType.BIG_BLIND_ANTE
    else:
        raise UnsupportedHand("Only uniform antes or a big-blind ante are supported.")
    small_bet = big_bet = None
    if variant is Variant.FIXED_LIMIT_HOLDEM:
        if "small_bet" not in data or "big_bet" not in data:
            raise InvalidCommand("A fixed-limit PHH hand needs small_bet and big_bet.")
        small_bet = units(_number(data["small_bet"], "small_bet"))
        big_bet = units(_number(data["big_bet"], "big_bet"))
    trimming = bool(data.get("ante_trimming_status", False))
    profile = _with_ante_rule(profile, not trimming)
    rules_burn = 1 if profile.burn_before_hole_cards else 0
    hole_count = 4 if variant is Variant.POT_LIMIT_OMAHA else 2

    # Pre-scan the actions for the cards, to build the deal order the engine will use.
    hole: list[list[int | None]] = [[None] * hole_count for _ in range(k)]
    board: list[int | None] = []
    for line, words in zip(actions, split_actions, strict=True):
        if len(words) >= 4 and words[0] == "d" and words[1] == "dh":
            p = _player(words[2], k, f"Action {line!r}")
            cards = _parse_cards_field(words[3], f"Action {line!r}")
            if len(cards) != hole_count:
                raise InvalidCommand(
                    f"Action {line!r}: {len(cards)} hole cards dealt; {code} deals {hole_count}."
                )
            for i, c in enumerate(cards):
                if c is not None:
                    hole[p][i] = c
        elif len(words) >= 3 and words[0] == "d" and words[1] == "db":
            board.extend(_parse_cards_field(words[2], f"Action {line!r}"))
        elif len(words) >= 3 and words[1] == "sm" and words[2] != "-":
            p = _player(words[0], k, f"Action {line!r}")
            shown = _parse_cards_field(words[2], f"Action {line!r}")
            if len(shown) == hole_count:
                for i, c in enumerate(shown):
                    if c is not None and hole[p][i] is None:
                        hole[p][i] = c
    if len(board) > 5:
        raise InvalidCommand(f"The PHH hand deals {len(board)} board cards; hold'em has 5.")
    known = [c for cards in hole for c in cards if c is not None]
    known += [c for c in board if c is not None]
    if len(set(known)) != len(known):
        dup = next(c for c in known if known.count(c) > 1)
        raise InvalidCommand(f"The PHH hand deals {CARD_TEXT[dup]} twice.")
    taken = set(known)
    spare = iter([c for c in range(52) if c not in taken])
    deal: list[int] = [next(spare) for _ in range(rules_burn)]
    for r in range(hole_count):
        for p in range(k):
            c = hole[p][r]
            deal.append(c if c is not None else next(spare))
    full_board = [c if c is not None else next(spare) for c in board]
    full_board += [next(spare) for _ in range(5 - len(full_board))]
    deal += [next(spare), *full_board[:3], next(spare), full_board[3], next(spare), full_board[4]]

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
    hand = Hand.start(
        variant=variant,
        stacks=stacks,
        button=button,
        small_blind_seat=small_blind_seat,
        big_blind_seat=bb_seat,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        ante_type=ante_type,
        small_bet=small_bet,
        big_bet=big_bet,
        profile=profile,
        deck=deal,
        dead=dead,
        min_chip=min_chip * scale if scale > 1 else min_chip,
        players_in_tournament=pit if isinstance(pit, int) else None,
        hand_number=data.get("hand", 1) if isinstance(data.get("hand", 1), int) else 1,
        auto_showdown=False,
    )

    notes: list[str] = []
    board_seen = 0
    checked = 0
    for index, (line, words) in enumerate(zip(actions, split_actions, strict=True), start=1):
        if not words:
            continue
        where = f"Action {index} {line.strip()!r}"
        try:
            if words[0] == "d":
                if len(words) < 3 or words[1] not in ("dh", "db"):
                    raise InvalidCommand(f"{where}: not a dealing action (d dh / d db).")
                if words[1] == "db":
                    count = len(words[2]) // 2
                    if board_seen + count > len(hand.board):
                        raise IllegalAction(
                            f"{where}: the board is dealt before the betting round is over.",
                            rule_ids=("NJ-19",),
                        )
                    board_seen += count
                continue
            p = _player(words[0], k, where)
            verb = words[1] if len(words) > 1 else ""
            if verb == "f":
                hand.act(Fold(seat=p))
            elif verb == "cc":
                hand.act(Call(seat=p))
            elif verb == "cbr":
                if len(words) < 3:
                    raise InvalidCommand(f"{where}: cbr needs an amount.")
                amount = _number(float(words[2]) if "." in words[2] else int(words[2]), where)
                hand.act(Raise(units(amount), seat=p))
            elif verb == "sm":
                shown_text = words[2] if len(words) > 2 else None
                if shown_text and shown_text != "-":
                    tabled = _parse_cards_field(shown_text, where)
                    real = hand.hole_cards(p)
                    if any(c is not None and c != r for c, r in zip(tabled, real, strict=False)):
                        raise InvalidCommand(f"{where}: these are not the cards dealt to p{p + 1}.")
                if hand.actor == p and hand.street == "showdown":
                    hand.act(Show(seat=p) if shown_text else Muck(seat=p))
                elif shown_text and hand.was_shown(p):
                    pass  # tabled already: an all-in showdown shows every live hand (F7)
                elif not shown_text and not hand.in_hand(p) and not hand.was_shown(p):
                    pass
                else:
                    raise IllegalAction(
                        f"{where}: p{p + 1} cannot {'show' if shown_text else 'muck'} now.",
                        rule_ids=("KPC-11i", "FOX-17A"),
                    )
            elif verb in ("sd", "pb"):
                raise UnsupportedHand(f"{where}: {verb!r} belongs to a game pokertd does not deal.")
            else:
                raise InvalidCommand(f"{where}: unknown action {verb!r}.")
            checked += 1
        except PokertdError as exc:
            raise type(exc)(
                f"{where}: {exc.message}" if not exc.message.startswith("Action ") else exc.message,
                rule_ids=exc.rule_ids,
                context={**exc.context, "action": line.strip(), "index": index},
            ) from None

    final = hand.stacks
    finishing = [_unscale(final[p] or 0, scale) for p in range(k)]
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


# ---------------------------------------------------------------------- writing
def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def to_phh(hand: Hand, players: list[str] | None = None) -> str:
    """The hand as PHH text (players in dealing order: first left of the button).

    Everything the engine did is written: hole cards, board cards as they were dealt,
    every action, and the showdown. A finished hand also gets ``finishing_stacks`` and
    ``winnings``.
    """
    seats = list(hand.seats_dealt)
    k = len(seats)
    rules_variant = hand.variant
    start = [hand._start[p] for p in range(k)]
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
    lines: list[str] = [
        f"variant = {_toml_value(VARIANT_CODES[rules_variant])}",
        f"ante_trimming_status = {_toml_value(not hand.profile.ante_to_main_pot)}",
        f"antes = {_toml_value(antes)}",
        f"blinds_or_straddles = {_toml_value(blinds)}",
    ]
    if rules_variant is Variant.FIXED_LIMIT_HOLDEM:
        lines.append(f"small_bet = {hand._small_bet}")
        lines.append(f"big_bet = {hand._big_bet}")
    else:
        lines.append(f"min_bet = {hand._big_blind}")
    lines.append(f"starting_stacks = {_toml_value(start)}")
    acts: list[str] = []
    for p in range(k):
        acts.append(f"d dh p{p + 1} " + "".join(CARD_TEXT[c] for c in hand._hole[p]))
    board = hand._board
    board_slices = {1: board[0:3], 2: board[3:4], 3: board[4:5]}
    for p, code, _amount, to, _allin, street in hand._log:
        if code == K_BOARD:
            acts.append("d db " + "".join(CARD_TEXT[c] for c in board_slices[street]))
        elif code == K_FOLD:
            acts.append(f"p{p + 1} f")
        elif code in (K_CHECK, K_CALL):
            acts.append(f"p{p + 1} cc")
        elif code in (K_BET, K_RAISE):
            acts.append(f"p{p + 1} cbr {to}")
        elif code == K_SHOW:
            acts.append(f"p{p + 1} sm " + "".join(CARD_TEXT[c] for c in hand._hole[p]))
        elif code == K_MUCK:
            acts.append(f"p{p + 1} sm")
        else:
            acts.append(f"# p{p + 1} hand killed: absent (K6)")
    lines.append("actions = [")
    lines.extend(f"  {_toml_value(a)}," for a in acts)
    lines.append("]")
    lines.append(f"hand = {hand.hand_number}")
    lines.append(f"seats = {_toml_value([s + 1 for s in seats])}")
    lines.append(f"seat_count = {hand._n_seats}")
    if players is not None:
        lines.append(f"players = {_toml_value(list(players))}")
    if hand.is_over:
        result = hand.result
        final = result.final_stacks
        won = dict(result.won)
        lines.append(f"finishing_stacks = {_toml_value([final[s] for s in seats])}")
        lines.append(f"winnings = {_toml_value([won.get(s, 0) for s in seats])}")
    lines.append(f"_pokertd_profile = {_toml_value(hand.profile.name)}")
    if hand._killed:
        killed = [p + 1 for p in range(k) if hand._killed >> p & 1]
        lines.append(f"_pokertd_dead = {_toml_value(killed)}")
    if sb_pos < 0:
        lines.append(f"_pokertd_small_blind = {hand._small_blind}")
    if hand._min_chip != 1:
        lines.append(f"_pokertd_min_chip = {hand._min_chip}")
    if hand._players_in_tournament is not None:
        lines.append(f"_pokertd_players_in_tournament = {hand._players_in_tournament}")
    return "\n".join(lines) + "\n"


__all__ = [
    "VARIANTS",
    "VARIANT_NAMES",
    "PhhReplay",
    "UnsupportedHand",
    "load_phh",
    "replay_phh",
    "to_phh",
]
