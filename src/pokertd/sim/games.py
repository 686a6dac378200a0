"""The game a simulated hand is dealt in (issue 28): a level names its game
(:attr:`~pokertd.tournament.clock.Level.game`, ``None`` = no-limit hold'em) and
:func:`engine_for` says which engine deals it — :class:`~pokertd.engine.Hand` with a
:class:`~pokertd.rules.Variant` for the board games, :class:`~pokertd.engine.stud.StudHand`
with a :class:`~pokertd.rules.StudVariant` for the stud family. The one place a game is
mapped to an engine: a game the engines do not deal yet is refused here, with a sentence,
before any night is played (:func:`check_games`).

How a level's amounts become a hand's (the level's docstring): in a fixed-limit game the
big blind is the small bet and the big bet twice it; hold'em keeps its blinds (and ante, if
the level has one); a stud level's ``ante`` is what each player antes and ``bring_in`` its
bring-in. A stud hand has no button: the dealer deals from seat 1, and the table's button
stays where it is for the next board-game hand (C7: TNPL-B6iii, FOX-10B).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from pokertd.engine.stud import MAX_PLAYERS
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.rules import DrawVariant, FinalTableSize, Game, RuleProfile, StudVariant, Variant
from pokertd.tournament.clock import Level
from pokertd.tournament.seating import final_table_size

ENGINES: dict[Game, Variant | StudVariant | DrawVariant] = {
    Game.NO_LIMIT_HOLDEM: Variant.NO_LIMIT_HOLDEM,
    Game.LIMIT_HOLDEM: Variant.FIXED_LIMIT_HOLDEM,
    Game.POT_LIMIT_OMAHA: Variant.POT_LIMIT_OMAHA,
    Game.LIMIT_OMAHA_HI_LO: Variant.FIXED_LIMIT_OMAHA_HI_LO,
    Game.POT_LIMIT_OMAHA_HI_LO: Variant.POT_LIMIT_OMAHA_HI_LO,
    Game.SEVEN_CARD_STUD: StudVariant.SEVEN_CARD_STUD,
    Game.STUD_HI_LO: StudVariant.STUD_HI_LO,
    Game.RAZZ: StudVariant.RAZZ,
    Game.TRIPLE_DRAW_27: DrawVariant.TRIPLE_DRAW_27,
    Game.NO_LIMIT_SINGLE_DRAW_27: DrawVariant.NO_LIMIT_SINGLE_DRAW_27,
}
"""The games the simulator deals, and the engine variant of each."""


def engine_for(game: Game | None) -> Variant | StudVariant | DrawVariant:
    """The engine variant that deals ``game`` (``None``: no-limit hold'em); a game no
    engine deals yet is refused (``InvalidCommand``)."""
    if game is None:
        return Variant.NO_LIMIT_HOLDEM
    variant = ENGINES.get(game)
    if variant is None:
        raise InvalidCommand(
            template=N_("The simulator cannot deal %(game)s yet: it deals %(games)s."),
            params={"game": game.value, "games": ", ".join(g.value for g in ENGINES)},
            context={"game": game.value},
        )
    return variant


def check_games(
    levels: Iterable[Level], seats_per_table: int, orbit: tuple[Game, ...] = ()
) -> None:
    """Refuse, before a night is played, a structure whose levels the simulator cannot
    deal: a game no engine deals, a stud level without a bring-in between 1 and its small
    bet (the big blind), or stud or a draw game at tables of more than eight seats (8 x 7
    cards and the burns use the deck up). ``orbit``: the games of a rotation by orbit,
    each dealt at every level that names none."""
    for level in levels:
        for game in (level.game,) if level.game is not None or not orbit else orbit:
            _check_game(level, game, seats_per_table)


def _check_game(level: Level, game: Game | None, seats_per_table: int) -> None:
    """:func:`check_games` for one game of ``level``."""
    variant = engine_for(game)
    if isinstance(variant, Variant):
        return
    if isinstance(variant, StudVariant) and not 0 < level.bring_in <= level.big_blind:
        raise InvalidCommand(
            template=N_(
                "Level %(level)s deals %(game)s with a bring-in of %(bring_in)s: it "
                "must be more than 0 and at most the small bet, %(small_bet)s."
            ),
            params={
                "level": level.number,
                "game": variant.value,
                "bring_in": f"{level.bring_in:,}",
                "small_bet": f"{level.big_blind:,}",
            },
        )
    if seats_per_table > MAX_PLAYERS:
        raise InvalidCommand(
            template=N_(
                "Level %(level)s deals %(game)s, which seats at most %(most)s players a "
                "table: the event's tables have %(seats)s seats."
            ),
            params={
                "level": level.number,
                "game": variant.value,
                "most": MAX_PLAYERS,
                "seats": seats_per_table,
            },
        )


def eight_handed(
    profile: RuleProfile, games: Iterable[Game | None], seats_per_table: int
) -> RuleProfile:
    """The profile a night is simulated under: ``profile``, except that an event dealing
    stud or a draw game whose final table would seat more than the engines deal (eight:
    TNPL-B4 and FOX-11A seat "8-handed stud" finals 9) forms its final table at the
    tables' size (KPC-9's rule), the simulator's one departure from the venue's rules
    (docs/simulation.md)."""
    if final_table_size(profile, seats_per_table) <= MAX_PLAYERS:
        return profile
    if all(isinstance(engine_for(game), Variant) for game in games):
        return profile
    return replace(profile, final_table_size=FinalTableSize.SEATS_PER_TABLE)


__all__ = ["ENGINES", "check_games", "eight_handed", "engine_for"]
