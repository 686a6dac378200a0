"""The question a simulation answers, checked before any night is played: the event
template (the ``tables`` override applied), the rule profile, the field and the time model,
each refused with a sentence a director understands (``InvalidCommand`` / ``NotFound``).
The CLI and the web run these once before any worker starts. A mixed event's levels are
checked for games the simulator deals (:func:`pokertd.sim.games.check_games`).
"""

from __future__ import annotations

import math

from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_, Phrase
from pokertd.rules import RuleProfile, load_profile
from pokertd.sim.bots import BOT_KINDS
from pokertd.sim.games import check_games, eight_handed
from pokertd.sim.report import FLOORS, NightConfig
from pokertd.tournament.limits import TABLE_MAX
from pokertd.tournament.templates import Template, load_template, template_names

MAX_SECONDS_PER_ACTION = 600.0
MAX_SECONDS_PER_SHOWDOWN = 1800.0
MAX_SECONDS_PER_DEAL = 1800.0
"""Time-model ceilings: anything longer is a typing mistake, not a live table."""


def _template(config: NightConfig) -> Template:
    """The night's template (the ``tables`` override applied), or a clear refusal."""
    name = config.template.strip()
    try:
        tmpl = load_template(name)
    except (NotFound, InvalidCommand, OSError, ValueError) as exc:
        if name.endswith(".toml") or "/" in name:
            raise NotFound(
                template=N_("The event template %(name)s could not be read: %(reason)s"),
                params={"name": repr(name), "reason": str(exc)},
            ) from None
        known = ", ".join(template_names())
        raise NotFound(
            template=N_("There is no event template called %(name)s: choose one of %(known)s."),
            params={"name": repr(name), "known": known},
        ) from None
    if config.tables is not None:
        if not 1 <= config.tables <= TABLE_MAX:
            raise InvalidCommand(
                template=N_("%(tables)s tables: give a number of tables from 1 to %(most)s."),
                params={"tables": config.tables, "most": f"{TABLE_MAX:,}"},
            )
        tmpl = tmpl.with_changes(tables=config.tables)
    return tmpl


def _profile(config: NightConfig, tmpl: Template) -> RuleProfile:
    """The profile the night is played under: the one named, else the template's."""
    if config.profile is None:
        return tmpl.load_profile()
    try:
        return load_profile(config.profile)
    except (NotFound, InvalidCommand, OSError) as exc:
        raise NotFound(
            template=N_("There is no rule profile called %(name)s (%(reason)s)."),
            params={"name": repr(config.profile), "reason": str(exc)},
        ) from None


def check_config(config: NightConfig) -> tuple[Template, RuleProfile]:
    """The template and profile of ``config``, after refusing what cannot be simulated
    with a sentence a director understands (``InvalidCommand`` / ``NotFound``)."""
    tmpl = _template(config)
    profile = _profile(config, tmpl)
    if isinstance(config.entries, bool) or not isinstance(config.entries, int):
        raise InvalidCommand(template=N_("Give the number of entries as a whole number."))
    if config.entries < 2:
        raise InvalidCommand(
            template=N_("A tournament needs at least two players; %(entries)s were asked for."),
            params={"entries": config.entries},
        )
    seats = tmpl.tables * tmpl.seats_per_table
    if config.entries > seats:
        params = {
            "title": tmpl.title,
            "seats": f"{seats:,}",
            "tables": tmpl.tables,
            "per_table": tmpl.seats_per_table,
            "entries": f"{config.entries:,}",
            "least": -(-config.entries // tmpl.seats_per_table),
        }
        if tmpl.tables == 1:
            raise InvalidCommand(
                template=N_(
                    "The %(title)s room seats %(seats)s (1 table of %(per_table)s): "
                    "%(entries)s players do not fit. Give more tables (at least %(least)s)."
                ),
                params=params,
            )
        raise InvalidCommand(
            template=N_(
                "The %(title)s room seats %(seats)s (%(tables)s tables of %(per_table)s): "
                "%(entries)s players do not fit. Give more tables (at least %(least)s)."
            ),
            params=params,
        )
    if tmpl.field_cap is not None and config.entries > tmpl.field_cap:
        raise InvalidCommand(
            template=N_("The %(title)s is capped at %(cap)s entries: %(entries)s are too many."),
            params={
                "title": tmpl.title,
                "cap": f"{tmpl.field_cap:,}",
                "entries": f"{config.entries:,}",
            },
        )
    structure = tmpl.structure_value()
    rotation = structure.rotation
    orbit = rotation.games if rotation is not None and rotation.by == "orbit" else ()
    check_games(structure.levels, tmpl.seats_per_table, orbit)
    check_behaviour(config)
    games = {g for lv in structure.levels for g in structure.games_of(lv)}
    return tmpl, eight_handed(profile, games, tmpl.seats_per_table)


def check_behaviour(config: NightConfig) -> None:
    """Refuse rates outside 0..1, time-model values that are not positive or absurd and
    unknown bots, with a sentence (``InvalidCommand``)."""
    for label, value in (
        (Phrase(N_("late registration")), config.rates.late),
        (Phrase(N_("re-entry")), config.rates.reentry),
        (Phrase(N_("rebuy")), config.rates.rebuy),
        (Phrase(N_("add-on")), config.rates.addon),
    ):
        if not isinstance(value, int | float) or math.isnan(value) or not 0 <= value <= 1:
            raise InvalidCommand(
                template=N_(
                    "The %(label)s rate is a share between 0 and 1 (0.25 = a quarter), "
                    "not %(value)s."
                ),
                params={"label": label, "value": value},
            )
    for label, value, most in (
        (Phrase(N_("seconds per action")), config.time.seconds_per_action, MAX_SECONDS_PER_ACTION),
        (
            Phrase(N_("seconds per showdown")),
            config.time.seconds_per_showdown,
            MAX_SECONDS_PER_SHOWDOWN,
        ),
        (Phrase(N_("seconds per deal")), config.time.seconds_per_deal, MAX_SECONDS_PER_DEAL),
    ):
        if not isinstance(value, int | float) or math.isnan(value) or not 0 < value <= most:
            raise InvalidCommand(
                template=N_(
                    "The time model's %(label)s must be more than 0 and at most %(most)s, "
                    "not %(value)s."
                ),
                params={"label": label, "most": f"{most:,.0f}", "value": value},
            )
    if config.bots not in BOT_KINDS:
        raise InvalidCommand(
            template=N_("Bots are one of %(kinds)s, not %(bots)s."),
            params={"kinds": ", ".join(BOT_KINDS), "bots": repr(config.bots)},
        )
    if config.floor not in FLOORS:
        raise InvalidCommand(
            template=N_("The floor is careful or careless, not %(floor)s."),  # FLOORS
            params={"floor": repr(config.floor)},
            context={"floor": config.floor},
        )


__all__ = [
    "MAX_SECONDS_PER_ACTION",
    "MAX_SECONDS_PER_DEAL",
    "MAX_SECONDS_PER_SHOWDOWN",
    "check_behaviour",
    "check_config",
]
