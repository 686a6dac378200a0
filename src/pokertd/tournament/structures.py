"""Blind structures: levels, breaks, colour-up rows, registration close, presets.

A :class:`Structure` is the level table of an event (catalogue B1): levels (small blind,
big blind, ante and its kind, duration), break rows (length, chips removed), the level after
which registration closes, an optional rebuy period, and the chip set. Presets ship as TOML
files in ``tournament/data/structures/`` (the Foxwoods sheets and events of the catalogue's
Appendices A and B, the Foxwoods Sit & Go, one structure for each other venue).

When the listed levels run out the structure goes on by its own progression ("additional
levels will be added as needed", FOX-STR-W/B/SST): :meth:`Structure.level` answers for any
level number.

Implements: FOX-EVT, FOX-STR-W, FOX-STR-B, FOX-STR-SST, SPOT-6.3, NJ-44b, TNPL-D6 (B1);
FOX-STR-W, FOX-STR-B, SPOT-6.20 (B2); KPC-53, FOX-BBA1 (B3); KPC-53, FOX-11B (B6).
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Clause, Phrase, listing
from pokertd.i18n import Chips as ChipCount
from pokertd.rules import AnteType, BbaReducedAmount, Betting, Game, GameFamily, RuleProfile
from pokertd.rules.profile import parse_toml, read_text_file
from pokertd.tournament.chips import ChipSet
from pokertd.tournament.limits import CHIPS_MAX, LEVEL_MAX
from pokertd.types import Chips

# --------------------------------------------------------------------------------------
# Games (issue 28)

GAME_NAMES: dict[Game, str] = {
    Game.NO_LIMIT_HOLDEM: N_("No-limit hold'em"),
    Game.LIMIT_HOLDEM: N_("Limit hold'em"),
    Game.POT_LIMIT_OMAHA: N_("Pot-limit Omaha"),
    Game.LIMIT_OMAHA_HI_LO: N_("Omaha hi-lo"),
    Game.POT_LIMIT_OMAHA_HI_LO: N_("Pot-limit Omaha hi-lo"),
    Game.SEVEN_CARD_STUD: N_("Seven card stud"),
    Game.STUD_HI_LO: N_("Stud hi-lo"),
    Game.RAZZ: N_("Razz"),
    Game.TRIPLE_DRAW_27: N_("2-7 triple draw"),
    Game.NO_LIMIT_SINGLE_DRAW_27: N_("No-limit 2-7 single draw"),
}
"""Each game's name as the floor says it (catalogue msgids: a face translates them); the
engine's short codes (``Game`` values) stay in files and JSON."""

_HORSE = (
    Game.LIMIT_HOLDEM,
    Game.LIMIT_OMAHA_HI_LO,
    Game.RAZZ,
    Game.SEVEN_CARD_STUD,
    Game.STUD_HI_LO,
)

ROTATION_BY = ("level", "orbit")
"""How a mixed event rotates its games: a game each level, or a game each orbit."""


def game_name(game: Game) -> Phrase:
    """``Razz``: the game's name (English ``str``; a :class:`Phrase` a face translates)."""
    return Phrase(GAME_NAMES[game])


def parse_game(value: Any, what: str = "game") -> Game:
    """A game from its short code (``"razz"``) as files and JSON write it.

    Raises ``InvalidCommand`` naming the known codes.

    >>> parse_game("stud8").name
    'STUD_HI_LO'
    """
    try:
        return Game(str(value).strip().lower())
    except ValueError:
        raise InvalidCommand(
            template=N_("%(what)s: there is no game %(value)s; the games are %(games)s"),
            params={
                "what": what,
                "value": repr(value),
                "games": ", ".join(g.value for g in Game),
            },
            rule_ids="B1",
        ) from None


@dataclass(frozen=True, slots=True)
class Rotation:
    """The games a mixed event rotates (HORSE, 8-game) and how: ``by = "level"`` (a game
    each level: level 1 deals the first game, level 2 the second, …, cycling) or
    ``by = "orbit"`` (every level deals all the games, each table changing game after
    each orbit)."""

    games: tuple[Game, ...]
    by: str = "level"

    @property
    def name(self) -> str:
        """``H·O·R·S·E``, ``8-game``, or the games' codes joined (``stud/razz``)."""
        if self.games == _HORSE:
            return "H·O·R·S·E"
        if len(self.games) == 8 and len(set(self.games)) == 8:
            return "8-game"
        return "/".join(g.value for g in self.games)

    @property
    def reading(self) -> Clause:
        """``H·O·R·S·E, a game each orbit`` (a :class:`Clause` a face translates)."""
        if self.by == "orbit":
            return Clause(N_("%(games)s, a game each orbit"), {"games": self.name})
        return Clause(N_("%(games)s, a game each level"), {"games": self.name})

    def level_reading(self, level: Level) -> Clause:
        """A level of a rotation by orbit as the floor reads it: the games, the fixed-limit
        games' small and big bet and the blinds the board games post, the stud rounds'
        ante and bring-in: ``H·O·R·S·E 400/800 (blinds 200/400), ante 100, bring-in 100``."""
        params: dict[str, Any] = {
            "games": self.name,
            "small": ChipCount(level.big_blind),
            "big": ChipCount(level.big_bet),
            "sb": ChipCount(level.small_blind),
            "bb": ChipCount(level.big_blind),
        }
        if level.ante or level.bring_in:
            return Clause(
                N_(
                    "%(games)s %(small)s/%(big)s (blinds %(sb)s/%(bb)s), ante %(ante)s, "
                    "bring-in %(bring_in)s"
                ),
                params | {"ante": ChipCount(level.ante), "bring_in": ChipCount(level.bring_in)},
            )
        return Clause(N_("%(games)s %(small)s/%(big)s (blinds %(sb)s/%(bb)s)"), params)

    def game_for_level(self, number: int) -> Game:
        """The game level ``number`` deals in a rotation by level (breaks do not count)."""
        return self.games[(number - 1) % len(self.games)]

    def as_json(self) -> dict[str, Any]:
        """``{"games": ["flhe", …], "by": "level"}``."""
        return {"games": [g.value for g in self.games], "by": self.by}


# --------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """One blind level (B1, B3).

    ``ante`` is the amount of the ante of ``ante_type``: with a big-blind ante it is what
    the big blind posts for the table; with a per-player ante what each player posts.
    """

    number: int
    small_blind: Chips
    big_blind: Chips
    ante: Chips = 0
    ante_type: AnteType = AnteType.NONE
    minutes: int
    extended: bool = False
    """True for a level added beyond the sheet by the structure's own progression."""
    game: Game | None = None
    """The game this level deals (a mixed event: HORSE, 8-game; issue 28); ``None`` = the
    event's one game, no-limit hold'em unless the event says otherwise. In a fixed-limit
    game ``big_blind`` is the small bet, the big bet is twice it; a stud level's ``ante``
    is per player and ``bring_in`` its bring-in."""
    bring_in: Chips = 0
    """The stud bring-in of this level (0 for board and draw games)."""

    @property
    def seconds(self) -> int:
        """The level's length in seconds."""
        return self.minutes * 60

    @property
    def blinds(self) -> str:
        """``"1,200/2,400 BBA 2,400"`` — the level as the floor reads it; a level that names
        its game says it with its limits: ``"Razz 400/800, ante 100, bring-in 100"``,
        ``"Limit hold'em 400/800 (blinds 200/400)"``."""
        if self.game is not None:
            return str(self.reading)
        text = f"{self.small_blind:,}/{self.big_blind:,}"
        if self.ante and self.ante_type is AnteType.BIG_BLIND_ANTE:
            text += f" BBA {self.ante:,}"
        elif self.ante:
            text += f" ante {self.ante:,}"
        return text

    @property
    def small_bet(self) -> Chips:
        """A fixed-limit game's small bet: the level's ``big_blind``."""
        return self.big_blind

    @property
    def big_bet(self) -> Chips:
        """A fixed-limit game's big bet: twice the small bet."""
        return 2 * self.big_blind

    @property
    def reading(self) -> Clause:
        """The level as the floor reads it, in catalogue words (a face translates it):
        the game and its limits when the level names one (:attr:`blinds` is its English).

        A fixed-limit game reads its small and big bet (and a board or draw game its
        blinds in brackets), a stud game its ante and bring-in, a no-limit or pot-limit game
        its blinds and ante."""
        game = self.game
        sb, bb = ChipCount(self.small_blind), ChipCount(self.big_blind)
        ante = ChipCount(self.ante)
        if game is None:
            if self.ante and self.ante_type is AnteType.BIG_BLIND_ANTE:
                return Clause(N_("%(sb)s/%(bb)s BBA %(ante)s"), {"sb": sb, "bb": bb, "ante": ante})
            if self.ante:
                return Clause(N_("%(sb)s/%(bb)s ante %(ante)s"), {"sb": sb, "bb": bb, "ante": ante})
            return Clause(N_("%(sb)s/%(bb)s"), {"sb": sb, "bb": bb})
        name = game_name(game)
        if game.is_stud:
            limits = {"game": name, "small": bb, "big": ChipCount(self.big_bet)}
            bring = ChipCount(self.bring_in)
            if self.ante:
                return Clause(
                    N_("%(game)s %(small)s/%(big)s, ante %(ante)s, bring-in %(bring_in)s"),
                    limits | {"ante": ante, "bring_in": bring},
                )
            return Clause(
                N_("%(game)s %(small)s/%(big)s, bring-in %(bring_in)s"),
                limits | {"bring_in": bring},
            )
        if game.betting is Betting.FIXED_LIMIT:
            return Clause(
                N_("%(game)s %(small)s/%(big)s (blinds %(sb)s/%(bb)s)"),
                {"game": name, "small": bb, "big": ChipCount(self.big_bet), "sb": sb, "bb": bb},
            )
        if self.ante and self.ante_type is AnteType.BIG_BLIND_ANTE:
            return Clause(
                N_("%(game)s %(sb)s/%(bb)s BBA %(ante)s"),
                {"game": name, "sb": sb, "bb": bb, "ante": ante},
            )
        if self.ante:
            return Clause(
                N_("%(game)s %(sb)s/%(bb)s, ante %(ante)s"),
                {"game": name, "sb": sb, "bb": bb, "ante": ante},
            )
        return Clause(N_("%(game)s %(sb)s/%(bb)s"), {"game": name, "sb": sb, "bb": bb})

    def __repr__(self) -> str:
        return f"Level({self.number}, {self.blinds!r}, {self.minutes} min)"


def level_reading(level: Level, rotation: Rotation | None = None) -> Clause:
    """The level as the floor reads it (a :class:`Clause` each face translates): its game
    and limits (:attr:`Level.reading`), or a rotation by orbit's games and limits when the
    level names no game of its own."""
    if level.game is None and rotation is not None and rotation.by == "orbit":
        return rotation.level_reading(level)
    return level.reading


def level_games(level: Level, rotation: Rotation | None = None) -> tuple[Game, ...]:
    """The games a level deals: its own, a rotation by orbit's when it names none, or none
    said (a single-game event)."""
    if level.game is not None:
        return (level.game,)
    if rotation is not None and rotation.by == "orbit":
        return rotation.games
    return ()


def depth_unit(big_blind: int, games: Iterable[Game]) -> tuple[int, bool]:
    """The chips one unit of the average stack's depth holds, and whether that unit is a big
    bet (issue 28).

    A no-limit or pot-limit level counts big blinds. A fixed-limit level (limit hold'em,
    Omaha hi-lo, the stud games, triple draw) counts big bets, twice the small bet, as the
    WSOP's mixed-game screens and reports do: its ``big_blind`` is the small bet
    (docs/clock.md "Mixed games"), so dividing by it would double the depth. Levels of
    several games (a rotation by orbit) count big bets only when every game is fixed-limit
    (HORSE); 8-game's no-limit and pot-limit rounds post the same blinds."""
    said = tuple(games)
    limit = bool(said) and all(g.betting is Betting.FIXED_LIMIT for g in said)
    return (2 * big_blind if limit else big_blind), limit


DEPTH_HEADINGS = {
    "big_blinds": N_("Avg BB"),
    "big_bets": N_("Avg big bets"),
    "mixed": N_("Avg BB (big bets at limit levels)"),
}
"""A column of average depths, by what its levels count (:func:`depth_kind`)."""


def depth_kind(big_bets: Iterable[bool]) -> str:
    """``big_blinds``, ``big_bets`` or ``mixed`` (an 8-game's levels of both): what a column
    or chart of depths counts, from each level's :func:`depth_unit` flag."""
    said = set(big_bets)
    if said == {True}:
        return "big_bets"
    return "mixed" if True in said else "big_blinds"


def game_fields(level: Level, rotation: Rotation | None = None) -> dict[str, Any]:
    """What a face's level row adds in a mixed event (issue 28): ``game`` (the engine's
    short code), or by orbit ``games`` and the ``rotation``'s name, and ``bring_in``;
    nothing for a single-game event, whose rows read exactly as before."""
    out: dict[str, Any] = {}
    if level.game is not None:
        out["game"] = level.game.value
    elif rotation is not None and rotation.by == "orbit":
        out["games"] = [g.value for g in rotation.games]
        out["rotation"] = rotation.name
    if level.bring_in:
        out["bring_in"] = level.bring_in
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Break:
    """A row after a level: a break and/or chips removed (B2, B11).

    ``minutes == 0`` is a colour-up row without a break (FOX-STR-B "Remove 100 & 500
    chips" after level 13): the chips leave play before the next level and the clock
    does not stop.
    """

    after_level: int
    minutes: int = 0
    remove: tuple[Chips, ...] = ()

    @property
    def seconds(self) -> int:
        """The break's length in seconds."""
        return self.minutes * 60


@dataclass(frozen=True, slots=True, kw_only=True)
class DurationRule:
    """Level lengths by level range (B1): ``1-16 • 15 Min | 17+ • 20 Min``.

    ``last=None`` is an open range (``17+``).
    """

    first: int
    last: int | None
    minutes: int

    def covers(self, level: int) -> bool:
        """Whether ``level`` falls in this range."""
        return self.first <= level and (self.last is None or level <= self.last)

    def __str__(self) -> str:
        rng = f"{self.first}+" if self.last is None else f"{self.first}-{self.last}"
        return f"{rng}: {self.minutes} min"


@dataclass(frozen=True, slots=True, kw_only=True)
class Structure:
    """The level table of an event (B1): levels, breaks, registration close, chips.

    Construct it with :func:`structure_from_dict` or :func:`load_structure`, which
    validate; building the dataclass directly is the trusted path.
    """

    name: str
    title: str = ""
    source: str = ""
    """Where the numbers come from (catalogue appendix and rule IDs)."""
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...] = ()
    durations: tuple[DurationRule, ...] = ()
    chips: ChipSet
    registration_closes_after_level: int | None = None
    """Registration and re-entry close at the end of this level (A4); 0 = no late entry;
    ``None`` = the event or profile decides."""
    rebuy_minutes: int | None = None
    """Rebuys allowed during the first so many minutes of play, breaks excluded (NJ-8,
    NJ-44b; Appendix D #11)."""
    notes: str = ""
    rotation: Rotation | None = None
    """A mixed event's rotation (HORSE, 8-game; issue 28): by level, the levels that name
    no game were filled in from it when the structure was read; by orbit, every level deals
    all its games, each table changing game after each orbit."""

    # -- games -------------------------------------------------------------------------

    @property
    def mixed(self) -> bool:
        """Whether the event deals more than one game (or names its games at all)."""
        return self.rotation is not None or any(lv.game is not None for lv in self.levels)

    def games_of(self, level: Level) -> tuple[Game, ...]:
        """The games ``level`` deals: its own, all the rotation's when it rotates by orbit,
        or none named (the event's one game)."""
        if level.game is not None:
            return (level.game,)
        if self.rotation is not None and self.rotation.by == "orbit":
            return self.rotation.games
        return ()

    # -- level lookup ------------------------------------------------------------------

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); beyond the sheet, the structure's own progression.

        Implements: FOX-STR-W, FOX-STR-B, FOX-STR-SST ("additional levels will be added
        as needed"): the big blind keeps growing by the sheet's last growth rate, rounded
        to a payable, readable amount; the ante keeps its ratio to the big blind.

        A number past :attr:`last_level` answers the last level: a clock nobody stopped
        stays there instead of inventing levels (and blinds) without end.
        """
        if number < 1:
            raise InvalidCommand(
                template=N_("There is no level %(number)s: levels start at 1."),
                params={"number": number},
                rule_ids="B1",
            )
        number = min(number, self.last_level)
        if number <= len(self.levels):
            return self.levels[number - 1]
        return self._extension(number)[number - len(self.levels) - 1]

    @property
    def last_level(self) -> int:
        """The last level the clock can reach: ``LEVEL_MAX`` (the largest level number a
        command may name, ``tournament/limits.py``), or the sheet's length if it lists more."""
        return max(LEVEL_MAX, len(self.levels))

    def break_after(self, level: int) -> Break | None:
        """The break or colour-up row after ``level``, if any."""
        for row in self.breaks:
            if row.after_level == level:
                return row
        return None

    def chips_in_play(self, level: int) -> ChipSet:
        """The denominations still in play while ``level`` is played (after earlier
        colour-ups)."""
        removed: list[Chips] = []
        for row in self.breaks:
            if row.after_level < level:
                removed.extend(row.remove)
        return self.chips.without(removed)

    def minutes_for(self, level: int) -> int:
        """The duration rule's length for ``level`` (or the last level's length)."""
        for rule in self.durations:
            if rule.covers(level):
                return rule.minutes
        if level <= len(self.levels):
            return self.levels[level - 1].minutes
        return self.levels[-1].minutes

    @property
    def growth(self) -> Fraction:
        """Average big-blind growth per level over the sheet's last four levels."""
        tail = [lv.big_blind for lv in self.levels[-4:]]
        if len(tail) < 2 or tail[0] <= 0:
            return Fraction(3, 2)
        ratio = (tail[-1] / tail[0]) ** (1 / (len(tail) - 1))
        return max(Fraction(ratio).limit_denominator(1000), Fraction(5, 4))

    def _extension(self, upto: int) -> tuple[Level, ...]:
        # Cached per structure object (by identity: hashing a whole structure costs more
        # than the lookup saves); displays ask for the current level every second.
        # The cache at least doubles when it grows, so walking level by level to the last
        # level costs O(levels), not O(levels²).
        upto = min(upto, self.last_level)
        hit = _EXTENSIONS.get(id(self))
        if hit is not None and hit[0] is self and len(self.levels) + len(hit[1]) >= upto:
            return hit[1]
        have = len(hit[1]) if hit is not None and hit[0] is self else 0
        size = max(-(-upto // 16) * 16, len(self.levels) + 2 * have)
        levels = _extension_levels(self, min(size, self.last_level))
        if len(_EXTENSIONS) >= 256:
            _EXTENSIONS.clear()
        _EXTENSIONS[id(self)] = (self, levels)
        return levels

    def extended(self, count: int) -> Structure:
        """A copy with ``count`` more levels appended from the progression (TD action)."""
        if count < 1:
            raise InvalidCommand(template=N_("Add at least one level."), rule_ids="B1")
        room = self.last_level - len(self.levels)
        if count > room:
            raise InvalidCommand(
                template=N_(
                    "A structure can have at most %(most)s levels: add at most %(room)s more."
                )
                if room
                else N_("A structure can have at most %(most)s levels: it has them all already."),
                params={"most": f"{self.last_level:,}", "room": f"{room:,}"},
                rule_ids="B1",
                context={"count": count, "room": room},
            )
        new = self._extension(len(self.levels) + count)[:count]
        return self.with_levels_appended([replace(lv, extended=False) for lv in new])

    def with_levels_appended(self, levels: Sequence[Level]) -> Structure:
        """A copy with ``levels`` appended (the TD adds levels at run time, B1).

        Raises ``InvalidCommand`` (nothing changed) when the result is not a valid structure.
        """
        candidate = replace(self, levels=self.levels + tuple(levels))
        candidate.validate()
        return candidate

    # -- validation --------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Every defect of the structure at once (like python-chess ``status()``).

        Checks: levels numbered 1, 2, 3, … with none missing; blinds never decrease; the
        small blind not above the big blind; the ante not above the big blind; positive
        durations; break rows after existing levels, once each; removed chips exist and
        at least one denomination stays; every level payable with the chips still in play
        after each colour-up; registration close within the levels.
        """
        out: list[str] = list(self.chips.problems())
        if not self.levels:
            out.append(Clause(N_("the structure has no levels (B1)")))
            return out
        previous: Level | None = None
        for index, lv in enumerate(self.levels, start=1):
            if lv.number != index:
                out.append(
                    Clause(
                        N_(
                            "level %(index)s is missing: level %(level)s is listed in its place "
                            "(B1)"
                        ),
                        {"index": index, "level": lv.number},
                    )
                )
            if lv.small_blind <= 0 or lv.big_blind <= 0:
                out.append(
                    Clause(
                        N_("level %(level)s: blinds must be positive (B1)"), {"level": lv.number}
                    )
                )
            if lv.small_blind > lv.big_blind:
                out.append(
                    Clause(
                        N_(
                            "level %(level)s: small blind %(sb)s is above the big blind %(bb)s (B1)"
                        ),
                        {
                            "level": lv.number,
                            "sb": ChipCount(lv.small_blind),
                            "bb": ChipCount(lv.big_blind),
                        },
                    )
                )
            if lv.ante < 0:
                out.append(
                    Clause(
                        N_("level %(level)s: the ante cannot be negative (B3)"),
                        {"level": lv.number},
                    )
                )
            if lv.ante > lv.big_blind:
                out.append(
                    Clause(
                        N_("level %(level)s: ante %(ante)s is above the big blind %(bb)s (B3)"),
                        {
                            "level": lv.number,
                            "ante": ChipCount(lv.ante),
                            "bb": ChipCount(lv.big_blind),
                        },
                    )
                )
            if lv.ante and lv.ante_type is AnteType.NONE:
                out.append(
                    Clause(
                        N_("level %(level)s: an ante needs an ante kind (B3)"), {"level": lv.number}
                    )
                )
            if lv.minutes <= 0:
                out.append(
                    Clause(
                        N_("level %(level)s: its duration must be positive (B1)"),
                        {"level": lv.number},
                    )
                )
            if previous is not None and (
                lv.small_blind < previous.small_blind or lv.big_blind < previous.big_blind
            ):
                out.append(
                    Clause(
                        N_(
                            "level %(level)s: blinds %(sb)s/%(bb)s are lower than level "
                            "%(previous)s's %(psb)s/%(pbb)s; blinds never decrease (B1)"
                        ),
                        {
                            "level": lv.number,
                            "sb": ChipCount(lv.small_blind),
                            "bb": ChipCount(lv.big_blind),
                            "previous": previous.number,
                            "psb": ChipCount(previous.small_blind),
                            "pbb": ChipCount(previous.big_blind),
                        },
                    )
                )
            previous = lv
            out.extend(self._game_problems(lv))
        if self.rotation is not None:
            if not self.rotation.games:
                out.append(Clause(N_("the rotation names no games (B1)")))
            if self.rotation.by not in ROTATION_BY:
                out.append(
                    Clause(
                        N_("the rotation is by %(by)s: choose level or orbit (B1)"),
                        {"by": repr(self.rotation.by)},
                    )
                )
        seen: set[int] = set()
        denominations = set(self.chips.denominations)
        for row in self.breaks:
            if not 1 <= row.after_level <= len(self.levels):
                out.append(
                    Clause(
                        N_("a break is set after level %(level)s, which does not exist (B2)"),
                        {"level": row.after_level},
                    )
                )
            if row.after_level in seen:
                out.append(
                    Clause(
                        N_("two break rows after level %(level)s (B2)"), {"level": row.after_level}
                    )
                )
            seen.add(row.after_level)
            if row.minutes < 0 or (row.minutes == 0 and not row.remove):
                out.append(
                    Clause(
                        N_("the break after level %(level)s needs a positive length (B2)"),
                        {"level": row.after_level},
                    )
                )
            for value in row.remove:
                if value not in denominations:
                    out.append(
                        Clause(
                            N_(
                                "the break after level %(level)s removes %(value)s chips, "
                                "which are not in the chip set (B11)"
                            ),
                            {"level": row.after_level, "value": ChipCount(value)},
                        )
                    )
        if self.chips.denominations:
            removed_all = [v for row in self.breaks for v in row.remove]
            if len(removed_all) != len(set(removed_all)):
                out.append(Clause(N_("a denomination is removed twice (B11)")))
            if not self.chips.without(removed_all).chips:
                out.append(
                    Clause(
                        N_("the colour-ups remove every denomination; one must stay in play (B11)")
                    )
                )
        for rule in self.durations:
            if (
                rule.minutes <= 0
                or rule.first < 1
                or (rule.last is not None and rule.last < rule.first)
            ):
                out.append(Clause(N_("bad duration rule %(rule)s (B1)"), {"rule": str(rule)}))
        for lv in self.levels:
            chips = self.chips_in_play(lv.number)
            unit = chips.smallest
            if unit <= 0:
                continue
            for what, amount in (
                (Phrase(N_("small blind")), lv.small_blind),
                (Phrase(N_("big blind")), lv.big_blind),
                (Phrase(N_("ante")), lv.ante),
                (Phrase(N_("bring-in")), lv.bring_in),
            ):
                if amount % unit:
                    out.append(
                        Clause(
                            N_(
                                "level %(level)s: the %(what)s of %(amount)s cannot be paid with "
                                "the chips in play (smallest %(unit)s) (B11, B14)"
                            ),
                            {
                                "level": lv.number,
                                "what": what,
                                "amount": ChipCount(amount),
                                "unit": ChipCount(unit),
                            },
                        )
                    )
        close = self.registration_closes_after_level
        if close is not None and not 0 <= close <= len(self.levels):
            out.append(
                Clause(
                    N_(
                        "registration cannot close after level %(close)s: the structure has "
                        "%(levels)s levels (A4)"
                    ),
                    {"close": close, "levels": len(self.levels)},
                )
            )
        if self.rebuy_minutes is not None and self.rebuy_minutes < 0:
            out.append(Clause(N_("the rebuy period cannot be negative (A9)")))
        return out

    def _game_problems(self, lv: Level) -> list[str]:
        """A mixed level's defects (issue 28): a stud level needs a bring-in below the small
        bet (completion is the small bet) and a per-player ante, never a big-blind ante; a
        level that deals no stud game has no bring-in. A no-limit game in a fixed-limit
        rotation is fine: each game reads the level by its own betting."""
        out: list[str] = []
        games = self.games_of(lv)
        stud = [g for g in games if g.family is GameFamily.STUD]
        level = {"level": lv.number}
        if lv.bring_in < 0:
            out.append(Clause(N_("level %(level)s: the bring-in cannot be negative (B3)"), level))
        if stud:
            name = game_name(stud[0])
            if lv.bring_in <= 0:
                out.append(
                    Clause(
                        N_("level %(level)s deals %(game)s: a stud level needs a bring-in (B3)"),
                        level | {"game": name},
                    )
                )
            elif lv.bring_in >= lv.big_blind:
                out.append(
                    Clause(
                        N_(
                            "level %(level)s: the bring-in %(bring_in)s must be less than the "
                            "small bet %(small)s (completion is the small bet) (B3)"
                        ),
                        level
                        | {"bring_in": ChipCount(lv.bring_in), "small": ChipCount(lv.big_blind)},
                    )
                )
            if lv.ante and lv.ante_type is AnteType.BIG_BLIND_ANTE:
                out.append(
                    Clause(
                        N_(
                            "level %(level)s deals %(game)s: a stud ante is per player, not a "
                            "big-blind ante (B3)"
                        ),
                        level | {"game": name},
                    )
                )
        elif lv.bring_in > 0:
            out.append(
                Clause(
                    N_(
                        "level %(level)s: a bring-in %(bring_in)s, but the level deals no stud "
                        "game (B3)"
                    ),
                    level | {"bring_in": ChipCount(lv.bring_in)},
                )
            )
        return out

    def validate(self) -> None:
        """Raise ``InvalidCommand`` naming every problem, or return."""
        problems = self.problems()
        if problems:
            raise InvalidCommand(
                template=N_("Structure %(name)s is not valid: %(problems)s."),
                params={"name": repr(self.name), "problems": listing(problems)},
                rule_ids="B1",
                context={"structure": self.name, "problems": problems},
            )

    # -- JSON --------------------------------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        """JSON-safe data that :func:`structure_from_dict` reads back."""
        data: dict[str, Any] = {
            "name": self.name,
            "title": self.title,
            "source": self.source,
            "levels": [
                {
                    "level": lv.number,
                    "small_blind": lv.small_blind,
                    "big_blind": lv.big_blind,
                    "ante": lv.ante,
                    "ante_type": lv.ante_type.value,
                    "minutes": lv.minutes,
                }
                | ({} if lv.game is None else {"game": lv.game.value})
                | ({"bring_in": lv.bring_in} if lv.bring_in else {})
                for lv in self.levels
            ],
            "breaks": [
                {"after_level": b.after_level, "minutes": b.minutes, "remove": list(b.remove)}
                for b in self.breaks
            ],
            "durations": [
                {"first": r.first, "minutes": r.minutes}
                | ({} if r.last is None else {"last": r.last})
                for r in self.durations
            ],
            "chips": self.chips.as_json(),
            "registration_closes_after_level": self.registration_closes_after_level,
            "rebuy_minutes": self.rebuy_minutes,
            "notes": self.notes,
        }
        if self.rotation is not None:
            data["rotation"] = self.rotation.as_json()
        return data


_EXTENSIONS: dict[int, tuple[Structure, tuple[Level, ...]]] = {}


def _extension_levels(self: Structure, upto: int) -> tuple[Level, ...]:
    """Levels ``len(self.levels) + 1 .. upto`` by the structure's own progression.

    The big blind stops growing before it would pass ``CHIPS_MAX`` (a trillion: more chips
    than any event has in play): later levels repeat the blinds of the last one that fit,
    so the amounts stay small integers however far the clock has run. A mixed event goes on
    with its rotation (by level: the next game; else the last level's game), each level's
    ante and bring-in keeping their ratio to the big blind in the sheet's last level of the
    same game.
    """
    last = self.levels[-1]
    unit = self.chips_in_play(len(self.levels) + 1).smallest or 1
    growth = self.growth
    out: list[Level] = []
    bb = last.big_blind
    capped = bb * growth > CHIPS_MAX
    sb = last.small_blind
    by_level = self.rotation is not None and self.rotation.by == "level" and self.rotation.games
    for number in range(len(self.levels) + 1, upto + 1):
        if not capped:
            grown = nice_amount(bb * growth, unit, above=bb)
            capped = grown > CHIPS_MAX or grown * growth > CHIPS_MAX
            if grown <= CHIPS_MAX:
                bb = grown
                sb = max(unit, _round_to(Fraction(bb, 2), unit))
        game = (
            self.rotation.game_for_level(number)
            if by_level and self.rotation is not None
            else last.game
        )
        like = last
        if game is not last.game:
            like = next((lv for lv in reversed(self.levels) if lv.game is game), last)
        ante = bring_in = 0
        if like.ante:
            ante = (
                bb
                if like.ante == like.big_blind
                else max(unit, _round_to(bb * Fraction(like.ante, like.big_blind), unit))
            )
            if like.game is not None and ante < bb:  # a mixed level: a readable ante
                ante = min(nice_amount(bb * Fraction(like.ante, like.big_blind), unit), ante * 2)
        if like.bring_in:
            bring_in = nice_amount(bb * Fraction(like.bring_in, like.big_blind), unit)
            if bring_in >= bb:  # completion is the small bet: the bring-in stays below it
                bring_in = max(unit, _round_to(bb * Fraction(like.bring_in, like.big_blind), unit))
        out.append(
            Level(
                number=number,
                small_blind=sb,
                big_blind=bb,
                ante=ante,
                ante_type=like.ante_type if ante else AnteType.NONE,
                minutes=self.minutes_for(number),
                extended=True,
                game=game,
                bring_in=bring_in,
            )
        )
    return tuple(out)


# --------------------------------------------------------------------------------------
# Amount helpers

_NICE_STEPS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)


def _round_to(amount: Fraction | int, unit: int) -> int:
    """``amount`` rounded to the nearest multiple of ``unit``, half up."""
    return math.floor(Fraction(amount) / unit + Fraction(1, 2)) * unit


def nice_amount(target: Fraction | int, unit: int, *, above: int = 0) -> int:
    """The readable blind amount nearest ``target`` (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ⁿ)
    that is a multiple of ``2 × unit`` (so half of it is payable) and greater than ``above``.

    >>> nice_amount(54_290, 5_000, above=40_000)
    50000
    >>> nice_amount(130, 25)
    150
    """
    target = Fraction(target)
    step = 2 * unit
    limit = max(target, Fraction(above), Fraction(step)) * 20
    candidates: list[int] = []
    magnitude = 1
    while magnitude <= limit:
        for base in _NICE_STEPS:
            if base * magnitude % 10 == 0:
                value = base * magnitude // 10
                if value % step == 0 and value > above:
                    candidates.append(value)
        magnitude *= 10
    if candidates:
        return min(candidates, key=lambda v: (abs(Fraction(v) - target), v))
    floor = max(above, int(target))
    return (floor // step + 1) * step


# --------------------------------------------------------------------------------------
# Late-event ante (B6)


def level_for_players(level: Level, players_left: int, profile: RuleProfile) -> Level:
    """The level as posted with ``players_left`` players in the tournament.

    KPC: once five or fewer remain the big-blind ante is cut to the small blind (Appendix D
    #2: the small-blind amount). FOX and the TDA 2024 rules never reduce it.

    Implements: KPC-53, FOX-11B (profile ``bba_reduced_when_players_le``,
    ``bba_reduced_amount``).

    >>> from pokertd.rules import load_profile
    >>> lv = Level(number=9, small_blind=1000, big_blind=2000, ante=2000,
    ...            ante_type=AnteType.BIG_BLIND_ANTE, minutes=20)
    >>> level_for_players(lv, 5, load_profile("kojack")).ante
    1000
    >>> level_for_players(lv, 2, load_profile("foxwoods")).ante
    2000
    """
    limit = profile.bba_reduced_when_players_le
    if level.ante_type is not AnteType.BIG_BLIND_ANTE or limit is None or players_left > limit:
        return level
    if profile.bba_reduced_amount is BbaReducedAmount.SMALL_BLIND:
        reduced = level.small_blind
    else:
        reduced = level.big_blind // 2
    return replace(level, ante=min(level.ante, reduced))


# --------------------------------------------------------------------------------------
# Loading

_STRUCTURE_KEYS = {
    "name",
    "title",
    "source",
    "inherits",
    "ante_type",
    "levels",
    "breaks",
    "durations",
    "chips",
    "registration_closes_after_level",
    "rebuy_minutes",
    "notes",
    "rotation",
    "game",
}


def _presets_dir() -> Any:
    return resources.files("pokertd.tournament").joinpath("data", "structures")


def structure_names() -> list[str]:
    """The names of the shipped presets, sorted."""
    return list(_preset_names())


def _read_preset(name: str) -> dict[str, Any]:
    entry = _presets_dir().joinpath(f"{name}.toml")
    if not entry.is_file():
        raise InvalidCommand(
            template=N_("There is no structure named %(name)s. Presets: %(presets)s."),
            params={"name": repr(name), "presets": ", ".join(structure_names())},
            rule_ids="B1",
        )
    return tomllib.loads(entry.read_text(encoding="utf-8"))


def _resolve(data: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    base_name = data.get("inherits")
    if base_name is None:
        return data
    if depth > 5:
        raise InvalidCommand(template=N_("structure inheritance is too deep (a loop?)"))
    base = _resolve(_read_preset(str(base_name)), depth + 1)
    merged = {k: v for k, v in base.items() if k not in ("inherits",)}
    merged.update({k: v for k, v in data.items() if k != "inherits"})
    return merged


@lru_cache(maxsize=64)
def _load_preset(name: str) -> Structure:
    data = _read_preset(name)
    data.setdefault("name", name)
    return structure_from_dict(data)


@lru_cache(maxsize=1)
def _preset_names() -> tuple[str, ...]:
    return tuple(
        sorted(
            entry.name.removesuffix(".toml")
            for entry in _presets_dir().iterdir()
            if entry.name.endswith(".toml")
        )
    )


def load_structure(name_or_path: str | Path) -> Structure:
    """A shipped preset by name (``"fox_wed"``) or a structure TOML file a user wrote.

    Raises ``InvalidCommand`` for an unknown name, bad TOML or an invalid structure.
    """
    text = str(name_or_path)
    if text in structure_names():
        return _load_preset(text)
    path = Path(name_or_path)
    if not path.is_file():
        raise InvalidCommand(
            template=N_(
                "There is no structure named %(text)s and no such file. Presets: %(presets)s."
            ),
            params={"text": repr(text), "presets": ", ".join(structure_names())},
            rule_ids="B1",
        )
    data = parse_toml(read_text_file(path, "structure"), f"structure file {path}")
    data.setdefault("name", path.stem)
    return structure_from_dict(data)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCommand(
            template=N_("%(what)s must be a whole number of chips or minutes, not %(value)s"),
            params={"what": what, "value": repr(value)},
        )
    return value


def _parse_levels(
    rows: Iterable[Any], ante_type: AnteType, durations: Sequence[DurationRule]
) -> tuple[Level, ...]:
    levels: list[Level] = []
    for row in rows:
        minutes: int | None = None
        kind = ante_type
        game: Game | None = None
        bring_in = 0
        if isinstance(row, Mapping):
            unknown = set(row) - {
                "level",
                "small_blind",
                "big_blind",
                "ante",
                "ante_type",
                "minutes",
                "game",
                "bring_in",
            }
            if unknown:
                raise InvalidCommand(
                    template=N_("unknown level field(s) %(unknown)s in %(row)s"),
                    params={"unknown": sorted(unknown), "row": repr(row)},
                )
            number = _int(row.get("level"), "level")
            sb = _int(row.get("small_blind"), f"level {number} small blind")
            bb = _int(row.get("big_blind"), f"level {number} big blind")
            ante = _int(row.get("ante", 0), f"level {number} ante")
            if "minutes" in row:
                minutes = _int(row["minutes"], f"level {number} minutes")
            if "ante_type" in row:
                kind = _enum(AnteType, row["ante_type"], "ante_type")
            if row.get("game") is not None:
                game = parse_game(row["game"], f"level {number}")
            bring_in = _int(row.get("bring_in", 0), f"level {number} bring-in")
        elif isinstance(row, list | tuple) and _row_shape_ok(row):
            cut = _game_word_at(row)
            number = _int(row[0], "level")
            sb = _int(row[1], f"level {number} small blind")
            bb = _int(row[2], f"level {number} big blind")
            ante = _int(row[3], f"level {number} ante") if cut > 3 else 0
            if cut > 4:
                minutes = _int(row[4], f"level {number} minutes")
            if cut < len(row):
                game = parse_game(row[cut], f"level {number}")
                if len(row) > cut + 1:
                    bring_in = _int(row[cut + 1], f"level {number} bring-in")
        else:
            raise InvalidCommand(
                template=N_(
                    "bad level row %(row)s: write [level, small blind, big blind, ante], "
                    "optionally followed by the minutes, the game and its bring-in, or a table "
                    "with level, small_blind, big_blind, ante, game, bring_in"
                ),
                params={"row": repr(row)},
            )
        if minutes is None:
            minutes = next((r.minutes for r in durations if r.covers(number)), 0)
        levels.append(
            Level(
                number=number,
                small_blind=sb,
                big_blind=bb,
                ante=ante,
                ante_type=kind if ante else AnteType.NONE,
                minutes=minutes,
                game=game,
                bring_in=bring_in,
            )
        )
    return tuple(levels)


def _game_word_at(row: Sequence[Any]) -> int:
    """Where a list row's game code is (after the level, blinds and ante, and minutes if
    given), or the row's length when it names no game."""
    return next(
        (i for i, v in enumerate(row) if i >= 3 and isinstance(v, str)),
        len(row),
    )


def _row_shape_ok(row: Sequence[Any]) -> bool:
    """A list row: 3 to 5 numbers, then optionally a game code and its bring-in."""
    cut = _game_word_at(row)
    return 3 <= cut <= 5 and len(row) - cut <= 2


def _parse_rotation(value: Any) -> Rotation:
    """``rotation = { games = ["flhe", "o8", "razz", "stud", "stud8"], by = "level" }``."""
    if not isinstance(value, Mapping) or set(value) - {"games", "by"}:
        raise InvalidCommand(
            template=N_(
                'bad rotation %(value)s: write { games = ["flhe", "o8", "razz", "stud", '
                '"stud8"], by = "level" } (or by = "orbit")'
            ),
            params={"value": repr(value)},
            rule_ids="B1",
        )
    games = value.get("games", [])
    if isinstance(games, str) or not isinstance(games, Sequence):
        games = [games]
    by = str(value.get("by", "level")).strip().lower()
    return Rotation(tuple(parse_game(g, "rotation") for g in games), by)


def _with_games(levels: Sequence[Level], rotation: Rotation | None) -> tuple[Level, ...]:
    """The levels with the games a rotation by level gives those that name none (level 1
    the first game, level 2 the second, …, cycling; breaks do not count), and a stud
    level's ante per player when the file gives no ante kind (the stud convention)."""
    out: list[Level] = []
    for lv in levels:
        game = lv.game
        if game is None and rotation is not None and rotation.by == "level" and rotation.games:
            game = rotation.game_for_level(lv.number)
        stud = (game is not None and game.is_stud) or (
            game is None
            and rotation is not None
            and rotation.by == "orbit"
            and any(g.is_stud for g in rotation.games)
        )
        kind = lv.ante_type
        if stud and lv.ante and kind is AnteType.NONE:
            kind = AnteType.PER_PLAYER
        out.append(
            lv
            if (game, kind) == (lv.game, lv.ante_type)
            else replace(lv, game=game, ante_type=kind)
        )
    return tuple(out)


def _enum(cls: type[AnteType], value: Any, what: str) -> AnteType:
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(m.value for m in cls)
        raise InvalidCommand(
            template=N_("bad %(what)s %(value)s: choose one of %(choices)s"),
            params={"what": what, "value": repr(value), "choices": choices},
        ) from None


def structure_from_dict(data: Mapping[str, Any]) -> Structure:
    """A validated structure from a TOML/JSON mapping (presets, user files, events).

    Keys: ``name``, ``title``, ``source``, ``inherits`` (a preset to start from),
    ``ante_type``, ``durations`` (``[{first, last?, minutes}]``), ``levels`` (rows
    ``[level, sb, bb, ante]`` or tables), ``breaks`` (``[{after_level, minutes, remove}]``),
    ``chips`` (``[{value, color, count}]``), ``registration_closes_after_level``,
    ``rebuy_minutes``, ``notes``; a mixed event's ``rotation`` (``{games, by}``) and each
    level's ``game`` and ``bring_in`` (issue 28, docs/clock.md "Mixed games"). Raises
    ``InvalidCommand`` naming every problem.
    """
    raw = _resolve(dict(data))
    unknown = set(raw) - _STRUCTURE_KEYS
    if unknown:
        raise InvalidCommand(
            template=N_("unknown structure field(s): %(unknown)s"),
            params={"unknown": ", ".join(sorted(unknown))},
        )
    name = str(raw.get("name", "custom"))
    ante_type = _enum(AnteType, raw.get("ante_type", "none"), "ante_type")
    durations: list[DurationRule] = []
    for item in raw.get("durations", []):
        if not isinstance(item, Mapping) or set(item) - {"first", "last", "minutes"}:
            raise InvalidCommand(
                template=N_("bad duration rule %(item)s: use {first, last, minutes}"),
                params={"item": repr(item)},
            )
        last = item.get("last")
        durations.append(
            DurationRule(
                first=_int(item.get("first", 1), "duration first level"),
                last=None if last is None else _int(last, "duration last level"),
                minutes=_int(item.get("minutes"), "duration minutes"),
            )
        )
    rotation = None if raw.get("rotation") is None else _parse_rotation(raw["rotation"])
    if raw.get("game") is not None:  # the event's one game (a stud event): every level
        if rotation is not None:
            raise InvalidCommand(
                template=N_("a structure names one game or a rotation, not both"),
                rule_ids="B1",
            )
        rotation = Rotation((parse_game(raw["game"]),), "level")
    levels = _with_games(_parse_levels(raw.get("levels", []), ante_type, durations), rotation)
    if rotation is not None and len(rotation.games) == 1 and raw.get("game") is not None:
        rotation = None  # one game, named on every level: nothing rotates
    breaks: list[Break] = []
    for item in raw.get("breaks", []):
        if not isinstance(item, Mapping) or set(item) - {"after_level", "minutes", "remove"}:
            raise InvalidCommand(
                template=N_("bad break row %(item)s: use {after_level, minutes, remove}"),
                params={"item": repr(item)},
            )
        breaks.append(
            Break(
                after_level=_int(item.get("after_level"), "break after_level"),
                minutes=_int(item.get("minutes", 0), "break minutes"),
                remove=tuple(sorted(_int(v, "removed chip") for v in item.get("remove", []))),
            )
        )
    close = raw.get("registration_closes_after_level")
    rebuy = raw.get("rebuy_minutes")
    structure = Structure(
        name=name,
        title=str(raw.get("title", "")),
        source=str(raw.get("source", "")),
        levels=levels,
        breaks=tuple(sorted(breaks, key=lambda b: b.after_level)),
        durations=tuple(durations),
        chips=ChipSet.from_json(raw.get("chips", [])),
        registration_closes_after_level=None
        if close is None
        else _int(close, "registration close"),
        rebuy_minutes=None if rebuy is None else _int(rebuy, "rebuy_minutes"),
        notes=str(raw.get("notes", "")),
        rotation=rotation,
    )
    structure.validate()
    return structure


__all__ = [
    "DEPTH_HEADINGS",
    "GAME_NAMES",
    "ROTATION_BY",
    "Break",
    "DurationRule",
    "Level",
    "Rotation",
    "Structure",
    "depth_kind",
    "depth_unit",
    "game_fields",
    "game_name",
    "level_for_players",
    "level_games",
    "level_reading",
    "load_structure",
    "nice_amount",
    "parse_game",
    "structure_from_dict",
    "structure_names",
]
