"""Event set-up in the browser: the ``/new`` page, templates saved by directors, creation.

A director builds an event from a template (prefilled) or from scratch: name, game, the
buy-in split (int cents), starting stack, the structure (a preset, or its levels and breaks
edited), tables and seats, late registration, re-entry/rebuy/add-on terms, guarantee,
bounty kind, payout table and rule profile. Every definition is turned into a
:class:`~pokertd.tournament.templates.Template` and checked by the same
``Template.problems`` the CLI's ``load_template`` uses; a refusal is 422 with every problem
listed (``context.problems``) and nothing is created.

Saved templates live in the database (``pokertd_settings`` rows ``template:<name>`` holding
the template as TOML written with ``tomli_w``), so every server on the database lists them
beside the shipped ones (``GET /api/templates``).
"""

from __future__ import annotations

import tomllib
from typing import Annotated, Any, Literal

import tomli_w
from babel import Locale
from babel.numbers import get_currency_name
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app.accounts import Role
from pokertd.errors import InvalidCommand, NotFound, PokertdError
from pokertd.i18n import LANGUAGES, N_, Clause, Phrase, listing
from pokertd.money import (
    EVENT_CURRENCIES,
    EVENT_LOCALES,
    event_currency_choice,
    event_locale_choice,
    format_money,
    minor_units,
)
from pokertd.rules import Game, load_profile
from pokertd.rules.profile import BUILTIN_PROFILES
from pokertd.tournament.clock import project
from pokertd.tournament.entries import CreateTournament
from pokertd.tournament.prizes import SetPrizeOptions
from pokertd.tournament.structures import (
    GAME_NAMES,
    Structure,
    game_fields,
    load_structure,
    structure_from_dict,
    structure_names,
)
from pokertd.tournament.templates import (
    AddonTerms,
    Fees,
    RebuyTerms,
    Template,
    load_template,
    template_from_dict,
    template_names,
    template_to_dict,
)
from pokertd.web import i18n
from pokertd.web.api import ERROR_RESPONSES, NewTournament, authorize, create_from_template
from pokertd.web.auth import site_path
from pokertd.web.context import principal, web_of
from pokertd.web.pages import render

router = APIRouter(tags=["event set-up"])

SAVED_PREFIX = "template:"
"""Key prefix of the saved templates in the settings table."""
PAYOUT_TABLES = ("fox_ptab", "sng", "survivor", "generic")
"""The payout tables an event may name (``None``: the rule profile's)."""
GAMES = ("NLH", "PLO", "PLO8", "LHE", "Stud", "HORSE", "8-Game", "Mixed")
DEFAULT_CHIPS: list[dict[str, Any]] = [
    {"value": 25, "color": "green"},
    {"value": 100, "color": "black"},
    {"value": 500, "color": "purple"},
    {"value": 1000, "color": "yellow"},
    {"value": 5000, "color": "orange"},
    {"value": 25000, "color": "grey"},
]
"""The chips of a structure written from scratch (no preset to take them from)."""

_CHIPS = 1_000_000_000
MoneyCents = Annotated[int, Field(ge=0, le=10_000_000_00, description="Cents (int).")]
ChipCount = Annotated[int, Field(ge=1, le=_CHIPS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BuyIn(_Strict):
    """One purchase split into its parts, in cents (H1)."""

    prize_pool: MoneyCents = 0
    house_fee: MoneyCents = 0
    entry_fee: MoneyCents = 0
    bounty: MoneyCents = 0

    def fees(self) -> Fees:
        """The core's value."""
        return Fees(**self.model_dump())


class LevelRow(_Strict):
    """One level; levels are numbered by their order."""

    small_blind: ChipCount
    big_blind: ChipCount
    ante: Annotated[int, Field(ge=0, le=_CHIPS)] = 0
    ante_type: Literal["none", "per_player", "big_blind_ante"] = "none"
    minutes: Annotated[int, Field(ge=1, le=600)]
    game: Annotated[str | None, Field(max_length=16)] = None
    """The game the level deals (a mixed or stud event, issue 28: ``razz``); ``None`` = the
    event's one game, or the preset's rotation's."""
    bring_in: Annotated[int, Field(ge=0, le=_CHIPS)] = 0


class BreakRow(_Strict):
    """A break (and/or chips coloured up) after a level."""

    after_level: Annotated[int, Field(ge=1, le=200)]
    minutes: Annotated[int, Field(ge=0, le=240)]
    remove: Annotated[list[ChipCount], Field(max_length=20)] = []


class StructureDef(_Strict):
    """A preset by name, or levels and breaks (the preset then gives only the chips)."""

    preset: Annotated[str | None, Field(max_length=64)] = None
    levels: Annotated[list[LevelRow], Field(max_length=200)] = []
    breaks: Annotated[list[BreakRow], Field(max_length=100)] = []


class RebuyDef(_Strict):
    """Rebuy terms (A9)."""

    price: BuyIn
    chips: ChipCount
    max_per_player: Annotated[int | None, Field(ge=1, le=100)] = None
    minutes: Annotated[int | None, Field(ge=1, le=1440)] = None


class AddonDef(_Strict):
    """Add-on terms (A10)."""

    price: BuyIn
    chips: ChipCount
    at_level: Annotated[int, Field(ge=1, le=200)]


class EventDefinition(_Strict):
    """A whole event as the set-up form sends it (money in int cents)."""

    title: Annotated[str, Field(min_length=1, max_length=120)]
    game: Literal["NLH", "PLO", "PLO8", "LHE", "Stud", "HORSE", "8-Game", "Mixed"] = "NLH"
    profile: Annotated[str, Field(min_length=1, max_length=40)] = "tda"
    buy_in: BuyIn
    starting_stack: ChipCount
    structure: StructureDef
    tables: Annotated[int, Field(ge=1, le=500)] = 1
    seats_per_table: Annotated[int, Field(ge=2, le=11)] = 10
    late_reg_close_after_level: Annotated[int | None, Field(ge=0, le=200)] = None
    reentry: bool = False
    reentry_max: Annotated[int | None, Field(ge=0, le=100)] = None
    rebuy: RebuyDef | None = None
    addon: AddonDef | None = None
    guarantee: MoneyCents = 0
    field_cap: Annotated[int | None, Field(ge=2, le=100_000)] = None
    bounty_kind: Literal["fixed", "progressive"] = "fixed"
    payout_table: Literal["fox_ptab", "sng", "survivor", "generic"] | None = None
    notes: Annotated[str, Field(max_length=1000)] = ""


class CreateEvent(_Strict):
    """``{name, template}`` (a shipped or saved template) or ``{name, event}``."""

    name: Annotated[str, Field(min_length=1, max_length=120)]
    template: Annotated[str | None, Field(min_length=1, max_length=64)] = None
    event: EventDefinition | None = None
    currency: Annotated[str, Field(max_length=8)] = ""
    """The event's currency, one of ``pokertd.money.EVENT_CURRENCIES`` ("" = the venue's):
    the definition's amounts are minor units of it (yen for JPY)."""
    locale: Annotated[str, Field(max_length=16)] = ""
    """How the event writes numbers, money and dates, one of ``EVENT_LOCALES`` ("" = the
    venue's)."""


class SaveTemplate(_Strict):
    """A template to save under ``name`` (lower-case letters, digits, ``_``)."""

    name: Annotated[str, Field(min_length=2, max_length=40, pattern=r"^[a-z0-9_]+$")]
    event: EventDefinition


class ProjectRequest(_Strict):
    """A structure to check and project."""

    structure: StructureDef
    starting_stack: ChipCount = 10_000
    entries: Annotated[int, Field(ge=2, le=100_000)] = 100


# --------------------------------------------------------------------------------------
# Definitions <-> templates


def _structure_data(sdef: StructureDef) -> tuple[str, dict[str, Any] | None, list[str]]:
    """The structure's name, its own data (``None``: the preset as it ships), problems."""
    preset: Structure | None = None
    if sdef.preset:
        if sdef.preset not in structure_names():
            return (
                sdef.preset,
                None,
                [
                    Clause(
                        N_("there is no structure preset named %(name)s"),
                        {"name": repr(sdef.preset)},
                    )
                ],
            )
        preset = load_structure(sdef.preset)
    if not sdef.levels:
        if preset is None:
            return "custom", None, [Clause(N_("the structure needs levels or a preset (B1)"))]
        return preset.name, None, []
    levels = [
        {"level": n, **row.model_dump(exclude={"game", "bring_in"})}
        | {"ante_type": row.ante_type if row.ante else "none"}
        | ({} if not row.game else {"game": row.game})
        | ({"bring_in": row.bring_in} if row.bring_in else {})
        for n, row in enumerate(sdef.levels, start=1)
    ]
    breaks = [b.model_dump() for b in sdef.breaks]
    if preset is not None:
        base = preset.as_json()
        if base["levels"] == levels and base["breaks"] == breaks and not preset.durations:
            return preset.name, None, []  # unchanged: keep the preset by name
    data: dict[str, Any] = {
        "name": f"{preset.name}_edited" if preset else "custom",
        "title": f"{preset.title or preset.name} (edited)" if preset else "Custom structure",
        "levels": levels,
        "breaks": breaks,
        "chips": preset.chips.as_json() if preset else DEFAULT_CHIPS,
    }
    if preset is not None and preset.rebuy_minutes is not None:
        data["rebuy_minutes"] = preset.rebuy_minutes
    if preset is not None and preset.rotation is not None:
        data["rotation"] = preset.rotation.as_json()  # a mixed event stays mixed (issue 28)
    return str(data["name"]), data, []


def template_of(event: EventDefinition, name: str = "custom") -> tuple[Template, list[str]]:
    """The template of a definition and every problem with it (the CLI's own checks)."""
    problems: list[str] = []
    if event.profile not in BUILTIN_PROFILES:
        problems.append(
            Clause(
                N_("there is no rule profile %(name)s; choose %(choices)s"),
                {"name": repr(event.profile), "choices": ", ".join(BUILTIN_PROFILES)},
            )
        )
    structure, custom, found = _structure_data(event.structure)
    problems += found
    template = Template(
        name=name,
        title=event.title.strip(),
        profile=event.profile if event.profile in BUILTIN_PROFILES else "tda",
        game=event.game,
        fees=event.buy_in.fees(),
        starting_stack=event.starting_stack,
        structure=structure if not found else "",
        custom_structure=custom,
        tables=event.tables,
        seats_per_table=event.seats_per_table,
        late_reg_close_after_level=event.late_reg_close_after_level,
        guarantee=event.guarantee,
        field_cap=event.field_cap,
        reentry=event.reentry,
        reentry_max=event.reentry_max,
        rebuy=None
        if event.rebuy is None
        else RebuyTerms(
            fees=event.rebuy.price.fees(),
            chips=event.rebuy.chips,
            max_per_player=event.rebuy.max_per_player,
            minutes=event.rebuy.minutes,
        ),
        addon=None
        if event.addon is None
        else AddonTerms(
            fees=event.addon.price.fees(), chips=event.addon.chips, at_level=event.addon.at_level
        ),
        payout_table=event.payout_table,
        progressive_bounties=event.bounty_kind == "progressive",
        notes=event.notes,
        source="event set-up in the browser",
    )
    if not template.title:
        problems.append(Clause(N_("the event needs a title")))
    if event.bounty_kind == "progressive" and not event.buy_in.bounty:
        problems.append(
            Clause(
                N_("a progressive knockout needs a bounty part in the buy-in (%(rule)s)"),
                {"rule": "I1"},
            )
        )
    if not found:
        problems += template.problems(load_profile(template.profile))
    return template, problems


def definition_of(template: Template) -> dict[str, Any]:
    """The set-up form's data for a template (to prefill ``/new``)."""
    try:
        structure = template.structure_value()
    except InvalidCommand:
        structure = None
    preset = template.structure if template.structure in structure_names() else None
    if structure is not None and preset is None and template.custom_structure is not None:
        base = str(template.custom_structure.get("name", "")).removesuffix("_edited")
        preset = base if base in structure_names() else None

    def fees(f: Fees) -> dict[str, int]:
        return {
            "prize_pool": f.prize_pool,
            "house_fee": f.house_fee,
            "entry_fee": f.entry_fee,
            "bounty": f.bounty,
        }

    close = template.late_reg_close_after_level
    if close is None and structure is not None:
        close = structure.registration_closes_after_level
    return {
        "title": template.title,
        "game": template.game if template.game in GAMES else "NLH",
        "profile": template.profile if template.profile in BUILTIN_PROFILES else "tda",
        "buy_in": fees(template.fees),
        "starting_stack": template.starting_stack,
        "structure": {
            "preset": preset,
            "levels": []
            if structure is None
            else [
                {
                    "small_blind": lv.small_blind,
                    "big_blind": lv.big_blind,
                    "ante": lv.ante,
                    "ante_type": lv.ante_type.value,
                    "minutes": lv.minutes,
                }
                | game_fields(lv)
                for lv in structure.levels
            ],
            "breaks": []
            if structure is None
            else [
                {"after_level": b.after_level, "minutes": b.minutes, "remove": list(b.remove)}
                for b in structure.breaks
            ],
        },
        "tables": template.tables,
        "seats_per_table": template.seats_per_table,
        "late_reg_close_after_level": close,
        "reentry": template.reentry,
        "reentry_max": template.reentry_max,
        "rebuy": None
        if template.rebuy is None
        else {
            "price": fees(template.rebuy.fees),
            "chips": template.rebuy.chips,
            "max_per_player": template.rebuy.max_per_player,
            "minutes": template.rebuy.minutes,
        },
        "addon": None
        if template.addon is None
        else {
            "price": fees(template.addon.fees),
            "chips": template.addon.chips,
            "at_level": template.addon.at_level,
        },
        "guarantee": template.guarantee,
        "field_cap": template.field_cap,
        "bounty_kind": "progressive" if template.progressive_bounties else "fixed",
        "payout_table": template.payout_table if template.payout_table in PAYOUT_TABLES else None,
        "notes": template.notes,
    }


def _refuse(what: str, problems: list[str]) -> InvalidCommand:
    """``what`` (a catalogue text) and the template's problems (each a catalogue clause
    where the check built one: :func:`pokertd.i18n.listing`; a structure's own problems are
    still English)."""
    return InvalidCommand(
        template=N_("%(what)s: %(problems)s."),
        params={"what": Phrase(what), "problems": listing(problems)},
        context={"problems": problems},
    )


# --------------------------------------------------------------------------------------
# Saved templates


def saved_templates(request: Request) -> dict[str, Template]:
    """The templates directors saved, by name (unreadable rows are skipped)."""
    out: dict[str, Template] = {}
    for key, text in web_of(request).users.settings_with_prefix(SAVED_PREFIX):
        name = key.removeprefix(SAVED_PREFIX)
        try:
            out[name] = template_from_dict(tomllib.loads(text), name=name)
        except (tomllib.TOMLDecodeError, PokertdError, ValueError):
            continue
    return out


def find_template(request: Request, name: str) -> Template:
    """A shipped template by name, else a saved one (never a file path)."""
    if name in template_names():
        return load_template(name)
    saved = saved_templates(request).get(name)
    if saved is None:
        names = [*template_names(), *saved_templates(request)]
        raise NotFound(
            template=N_("There is no template %(name)s. Templates: %(names)s."),
            params={"name": repr(name), "names": ", ".join(names)},
        )
    return saved


def _listing(request: Request) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in template_names():
        tpl = load_template(name, validate=False)
        out.append(_row(name, tpl, saved=False))
    for name, tpl in saved_templates(request).items():
        out.append(_row(name, tpl, saved=True))
    return out


def _row(name: str, tpl: Template, *, saved: bool) -> dict[str, Any]:
    return {
        "name": name,
        "title": tpl.title,
        "profile": tpl.profile,
        "starting_stack": tpl.starting_stack,
        "structure": tpl.structure,
        "buy_in": tpl.fees.describe(),
        "saved": saved,
    }


# --------------------------------------------------------------------------------------
# Routes


def currency_name(code: str, lang: str) -> str:
    """``EUR`` as the page's language names it ("EUR — Euro"), for the set-up form's list."""
    return f"{code} — {get_currency_name(code, locale=lang if lang in LANGUAGES else 'en')}"


def locale_name(code: str, lang: str, currency: str) -> str:
    """``de_DE`` as the page's language names it, with an example of how it writes money
    ("Deutsch (Deutschland) — 1.234,56 €"), for the set-up form's list."""
    name = Locale.parse(code).get_display_name(lang if lang in LANGUAGES else "en") or code
    return f"{name} — {format_money(123456, currency, code)}"


@router.get("/new", response_class=HTMLResponse, include_in_schema=False)
def new_event_page(request: Request, template: str = "") -> Response:
    """The event set-up form (director)."""
    if not principal(request).role.at_least(Role.DIRECTOR):
        return RedirectResponse(site_path(request, "/login?next=/new"), status_code=303)
    web = web_of(request)
    service = web.app.tournaments
    lang = i18n.request_language(request)
    return render(
        request,
        "new_event.html",
        templates=_listing(request),
        presets=structure_names(),
        profiles=BUILTIN_PROFILES,
        payout_tables=PAYOUT_TABLES,
        games=GAMES,
        level_games=[(g.value, GAME_NAMES[g]) for g in Game],
        chosen=template[:64],
        currencies=[
            {"code": code, "digits": minor_units(code), "name": currency_name(code, lang)}
            for code in dict.fromkeys((*EVENT_CURRENCIES, service.venue_currency))
        ],
        locales=[
            {"code": code, "name": locale_name(code, lang, service.venue_currency)}
            for code in EVENT_LOCALES
        ],
        venue_currency=service.venue_currency,
        venue_locale=web.settings.money_locale() or "",
    )


@router.get("/api/templates", responses=ERROR_RESPONSES)
def list_templates(request: Request) -> list[dict[str, Any]]:
    """The shipped event templates and those directors saved (``saved: true``)."""
    return _listing(request)


@router.get("/api/templates/{name}", responses=ERROR_RESPONSES)
def get_template(name: str, request: Request) -> dict[str, Any]:
    """One template as the set-up form's definition (money in cents)."""
    tpl = find_template(request, name[:64])
    return {"name": name, "saved": name not in template_names(), "event": definition_of(tpl)}


@router.post("/api/templates", responses=ERROR_RESPONSES, status_code=201)
def save_template(body: SaveTemplate, request: Request) -> dict[str, Any]:
    """Save an event definition as a reusable template (director); 422 lists every problem."""
    authorize(request, Role.DIRECTOR, "save an event template")
    if body.name in template_names():
        raise InvalidCommand(
            template=N_("%(name)s is the name of a shipped template; choose another name."),
            params={"name": repr(body.name)},
        )
    template, problems = template_of(body.event, body.name)
    if problems:
        raise _refuse(N_("The template was not saved"), problems)
    text = tomli_w.dumps(template_to_dict(template))
    web_of(request).users.put_setting(SAVED_PREFIX + body.name, text)
    return {"template": body.name, "title": template.title}


@router.post("/api/tournaments", responses=ERROR_RESPONSES, status_code=201)
def create_tournament(body: CreateEvent, request: Request) -> dict[str, Any]:
    """Create a tournament (director) from a template, shipped or saved, or from a whole
    event definition; a definition with problems is refused (422, every problem listed in
    ``context.problems``) and nothing is created."""
    if (body.template is None) == (body.event is None):
        raise InvalidCommand(template=N_("Send either a template's name or an event definition."))
    # a currency or locale off the lists is refused before anything is written (the venue's
    # own currency is always allowed, listed or not)
    venue = web_of(request).app.tournaments.venue_currency
    code = body.currency.strip().upper()
    currency = "" if not code else code if code == venue else event_currency_choice(code)
    locale = event_locale_choice(body.locale) if body.locale.strip() else ""
    if body.template is not None and body.template in template_names():
        shipped = NewTournament(
            name=body.name, template=body.template, currency=currency, locale=locale
        )
        return create_from_template(shipped, request)
    who = authorize(request, Role.DIRECTOR, "create a tournament")
    if body.event is not None:
        template, problems = template_of(body.event)
        if problems:
            raise _refuse(N_("The event was not created"), problems)
    else:
        template = find_template(request, str(body.template))
    service = web_of(request).app.tournaments
    command = CreateTournament(
        name=body.name.strip(), template=template, currency=currency, locale=locale
    )
    tid = service.create(command, actor=who.name, role=who.role.value)
    if template.progressive_bounties:
        service.run(tid, SetPrizeOptions(progressive_bounties=True), principal=who)
    return {"tournament": tid}


@router.get("/api/structures/{name}", responses=ERROR_RESPONSES)
def get_structure(name: str) -> dict[str, Any]:
    """A shipped structure preset: levels, breaks, chips, registration close."""
    if name not in structure_names():
        raise NotFound(
            template=N_("There is no structure preset %(name)s."), params={"name": repr(name)}
        )
    return load_structure(name).as_json()


@router.post("/api/structures/project", responses=ERROR_RESPONSES)
def project_structure(body: ProjectRequest) -> dict[str, Any]:
    """Check a structure and project it: every problem, the planned minutes (breaks
    included) and the estimated end level. Problems are answered, not refused."""
    _, data, problems = _structure_data(body.structure)
    if problems:
        return {"problems": problems, "minutes": None, "rows": []}
    try:
        structure = (
            load_structure(str(body.structure.preset))
            if data is None
            else structure_from_dict(data)
        )
    except InvalidCommand as exc:
        listed = exc.context.get("problems")
        return {"problems": listed if isinstance(listed, list) else [exc.message], "rows": []}
    proj = project(structure, entries=body.entries, starting_stack=body.starting_stack)
    last = proj.rows[-1]
    minutes = last.starts_at_minute + last.level.minutes
    return {
        "problems": [],
        "levels": len(structure.levels),
        "minutes": minutes,
        "estimated_end_level": proj.end_within_sheet,
        "end_note": proj.end_note,
        "registration_closes_at_minute": proj.registration_closes_at_minute,
        "rows": proj.as_json()["rows"],
    }


__all__ = [
    "EventDefinition",
    "definition_of",
    "router",
    "saved_templates",
    "template_of",
]
