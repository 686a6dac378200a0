"""The question a simulation answers, checked before any night is played: the event
template (the ``tables`` override applied), the rule profile, the field and the time model,
each refused with a sentence a director understands (``InvalidCommand`` / ``NotFound``).
The CLI and the web run these once before any worker starts.
"""

from __future__ import annotations

import math

from pokertd.errors import InvalidCommand, NotFound
from pokertd.rules import RuleProfile, load_profile
from pokertd.sim.bots import BOT_KINDS
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
            raise NotFound(f"The event template {name!r} could not be read: {exc}") from None
        known = ", ".join(template_names())
        raise NotFound(
            f"There is no event template called {name!r}: choose one of {known}."
        ) from None
    if config.tables is not None:
        if not 1 <= config.tables <= TABLE_MAX:
            raise InvalidCommand(
                f"{config.tables} tables: give a number of tables from 1 to {TABLE_MAX:,}."
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
        raise NotFound(f"There is no rule profile called {config.profile!r} ({exc}).") from None


def check_config(config: NightConfig) -> tuple[Template, RuleProfile]:
    """The template and profile of ``config``, after refusing what cannot be simulated
    with a sentence a director understands (``InvalidCommand`` / ``NotFound``)."""
    tmpl = _template(config)
    profile = _profile(config, tmpl)
    if isinstance(config.entries, bool) or not isinstance(config.entries, int):
        raise InvalidCommand("Give the number of entries as a whole number.")
    if config.entries < 2:
        raise InvalidCommand(
            f"A tournament needs at least two players; {config.entries} were asked for."
        )
    seats = tmpl.tables * tmpl.seats_per_table
    if config.entries > seats:
        tables = "1 table" if tmpl.tables == 1 else f"{tmpl.tables} tables"
        raise InvalidCommand(
            f"The {tmpl.title} room seats {seats:,} ({tables} of {tmpl.seats_per_table}): "
            f"{config.entries:,} players do not fit. Give more tables "
            f"(at least {-(-config.entries // tmpl.seats_per_table)})."
        )
    if tmpl.field_cap is not None and config.entries > tmpl.field_cap:
        raise InvalidCommand(
            f"The {tmpl.title} is capped at {tmpl.field_cap:,} entries: "
            f"{config.entries:,} are too many."
        )
    check_behaviour(config)
    return tmpl, profile


def check_behaviour(config: NightConfig) -> None:
    """Refuse rates outside 0..1, time-model values that are not positive or absurd and
    unknown bots, with a sentence (``InvalidCommand``)."""
    for label, value in (
        ("late registration", config.rates.late),
        ("re-entry", config.rates.reentry),
        ("rebuy", config.rates.rebuy),
        ("add-on", config.rates.addon),
    ):
        if not isinstance(value, int | float) or math.isnan(value) or not 0 <= value <= 1:
            raise InvalidCommand(
                f"The {label} rate is a share between 0 and 1 (0.25 = a quarter), not {value}."
            )
    for label, value, most in (
        ("seconds per action", config.time.seconds_per_action, MAX_SECONDS_PER_ACTION),
        ("seconds per showdown", config.time.seconds_per_showdown, MAX_SECONDS_PER_SHOWDOWN),
        ("seconds per deal", config.time.seconds_per_deal, MAX_SECONDS_PER_DEAL),
    ):
        if not isinstance(value, int | float) or math.isnan(value) or not 0 < value <= most:
            raise InvalidCommand(
                f"The time model's {label} must be more than 0 and at most {most:,.0f}, "
                f"not {value}."
            )
    if config.bots not in BOT_KINDS:
        raise InvalidCommand(f"Bots are one of {', '.join(BOT_KINDS)}, not {config.bots!r}.")
    if config.floor not in FLOORS:
        raise InvalidCommand(
            f"The floor is {' or '.join(FLOORS)}, not {config.floor!r}.",
            context={"floor": config.floor},
        )


__all__ = [
    "MAX_SECONDS_PER_ACTION",
    "MAX_SECONDS_PER_DEAL",
    "MAX_SECONDS_PER_SHOWDOWN",
    "check_behaviour",
    "check_config",
]
