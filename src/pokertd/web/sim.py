"""Planning by simulation in the browser (issue 15): the Simulate page and its jobs.

A director sets up a night (a shipped template, entries, profile, runs, the field's rates
and the time model), presses "Simulate" and reads the projection: when registration
closes, when the money and the final table are reached, how long the night runs (median
with the 10th-90th percentile range), the field by level and two charts. On a live
tournament's console, "Simulate the rest of tonight" plays the rest of that tournament
several times from its current state and says when the money and the final table are
likely and when it should end. The live tournament is only read: the simulator plays
copies (:func:`pokertd.sim.rest.simulate_rest`).

Simulating is CPU heavy, so it never runs on the event loop or in a request: the jobs are
:class:`pokertd.sim.jobs.Jobs` (at most :data:`~pokertd.sim.jobs.MAX_JOBS` daemon threads
per server, a third job refused with "busy, try again in a minute", 429; one job at a time
per session; a job visible only to the session that started it; finished jobs kept for a
while, then dropped). This module holds the routes, the form's checks and the page's words
(:func:`projection`, read from the one document of the runs,
:func:`pokertd.sim.report.document`, which the result carries as ``spread``). Who may
start one is checked in :mod:`pokertd.web.access` (a director for a new night; floor and
up on a live tournament): nobody anonymous burns the server's CPU.

API twins (the CLI parity rule): ``POST /api/sim`` starts a night, ``POST
/api/tournaments/{id}/sim`` the rest of tonight, ``GET /api/sim/{job}`` reads a job (its
progress, then its projection), ``GET /api/sim/{job}/charts/{players|bb}.svg`` its charts.
Every refusal is JSON ``{error, message, context}`` with a 4xx status; a form refusal lists
each problem by field (``context.fields``) in the page's words.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app.accounts import Role, TooManyAttempts
from pokertd.charts import clock_label
from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_, Sentence
from pokertd.rules.profile import BUILTIN_PROFILES
from pokertd.sim.batch import FROM_NOW, NightSpread, average_bb_chart, players_left_chart
from pokertd.sim.jobs import (
    KEEP_SECONDS,
    MAX_JOBS,
    MAX_KEPT,
    Job,
    Jobs,
    from_now,
    night_work,
    rest_work,
)
from pokertd.sim.report import NightConfig, NightReport, Rates, TimeModel, document, said
from pokertd.timefmt import local
from pokertd.tournament.entries import Setup
from pokertd.tournament.structures import depth_kind
from pokertd.tournament.templates import Template, load_template, template_names
from pokertd.web import access
from pokertd.web.api import ERROR_RESPONSES
from pokertd.web.auth import CSRF_HEADER, Sessions, root_path, site_path
from pokertd.web.context import principal, web_of
from pokertd.web.i18n import answer_language, request_language
from pokertd.web.pages import render


@contextlib.asynccontextmanager
async def _lifespan(app: Any) -> AsyncIterator[None]:
    """When the server stops, running simulations stop at their next progress report (the
    threads are daemons: they never hold the process up either)."""
    yield
    jobs_of_app(app).stop_all()


router = APIRouter(tags=["simulation"], lifespan=_lifespan)

MAX_RUNS = 20
"""Most runs of one job on the web (the CLI allows more)."""
REST_RUNS = 5
"""Default runs of "simulate the rest of tonight"."""
DEFAULT = NightConfig()
DEFAULT_HANDS_PER_HOUR = 30.0
"""The default time model deals about this many hands an hour at a full table."""

# ---- input ----------------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Number = float | None
"""A typed number; ``None`` when the field was left empty (refused with its name)."""


class RatesIn(_Strict):
    """How the field behaves, each a percentage from 0 to 100."""

    late: Number = DEFAULT.rates.late * 100
    reentry: Number = DEFAULT.rates.reentry * 100
    rebuy: Number = DEFAULT.rates.rebuy * 100
    addon: Number = DEFAULT.rates.addon * 100


class TimeIn(_Strict):
    """The time model: ``hands_per_hour`` at a full table (the default model scaled), or
    seconds per action, showdown and deal."""

    mode: Literal["hands", "seconds"] = "hands"
    hands_per_hour: Number = DEFAULT_HANDS_PER_HOUR
    seconds_per_action: Number = DEFAULT.time.seconds_per_action
    seconds_per_showdown: Number = DEFAULT.time.seconds_per_showdown
    seconds_per_deal: Number = DEFAULT.time.seconds_per_deal


Whole = int | None


class SimRequest(_Strict):
    """A night to simulate (``POST /api/sim``)."""

    template: Annotated[str, Field(max_length=64)] = DEFAULT.template
    entries: Whole = DEFAULT.entries
    profile: Annotated[str | None, Field(max_length=40)] = None
    """``None`` or empty: the template's own profile."""
    runs: Whole = 5
    seed: Whole = 1
    rates: RatesIn = RatesIn()
    time: TimeIn = TimeIn()


class RestRequest(_Strict):
    """The rest of a live tournament to simulate (``POST /api/tournaments/{id}/sim``)."""

    runs: Whole = REST_RUNS
    seed: Whole = 1
    rates: RatesIn = RatesIn()
    time: TimeIn = TimeIn()


RATE_NAMES = {
    "late": N_("Late arrivals: type a percentage from 0 to 100."),
    "reentry": N_("Re-entries: type a percentage from 0 to 100."),
    "rebuy": N_("Rebuys: type a percentage from 0 to 100."),
    "addon": N_("Add-ons: type a percentage from 0 to 100."),
}
"""Each rate's problem: a whole sentence naming the field (the page's words)."""
TIME_LIMITS = {
    "hands_per_hour": (N_("Hands per hour: type a number from %(lo)s to %(hi)s."), 5.0, 120.0),
    "seconds_per_action": (
        N_("Seconds per action: type a number from %(lo)s to %(hi)s."),
        1.0,
        120.0,
    ),
    "seconds_per_showdown": (
        N_("Seconds per showdown: type a number from %(lo)s to %(hi)s."),
        1.0,
        600.0,
    ),
    "seconds_per_deal": (N_("Seconds per deal: type a number from %(lo)s to %(hi)s."), 5.0, 600.0),
}
"""Each duration's problem and its limits."""
RUNS = N_("Runs: type a whole number from %(lo)s to %(hi)s.")
SEED = N_("Seed: type a whole number from %(lo)s to %(hi)s.")
SEED_MAX = 2**31 - 1


class Problems:
    """Form problems, each a sentence naming its field (``fields[name]``, English), and the
    same as ``{"text", "msgid", "params"}`` (``fields_said[name]``) for the page to say in
    its language."""

    def __init__(self) -> None:
        self.fields: dict[str, str] = {}
        self.said: dict[str, Sentence] = {}

    def add(self, name: str, msgid: str, params: dict[str, str | int] | None = None) -> None:
        """Note the sentence ``msgid`` against field ``name`` (the first problem of a field
        wins)."""
        if name not in self.fields:
            sentence = Sentence(msgid, dict(params or {}))
            self.said[name] = sentence
            self.fields[name] = sentence.text

    def refuse(self) -> None:
        """Raise 422 listing every problem, if there is any."""
        if self.fields:
            listed = list(self.fields.values())
            raise InvalidCommand(
                template=N_("The simulation was not started: %(problems)s"),
                params={"problems": " ".join(listed)},
                context={
                    "problems": listed,
                    "fields": dict(self.fields),
                    "fields_said": {k: v.as_json() for k, v in self.said.items()},
                },
            )


def _whole(problems: Problems, name: str, msgid: str, value: int | None, lo: int, hi: int) -> int:
    if value is None or not lo <= value <= hi:
        problems.add(name, msgid, {"lo": f"{lo:,}", "hi": f"{hi:,}"})
        return lo
    return value


def _number(
    problems: Problems, name: str, msgid: str, value: float | None, lo: float, hi: float
) -> float:
    if value is None or not math.isfinite(value) or not lo <= value <= hi:
        problems.add(name, msgid, {"lo": f"{lo:g}", "hi": f"{hi:g}"})
        return lo
    return float(value)


def rates_of(body: RatesIn, problems: Problems) -> Rates:
    """The field's rates from percentages (each 0-100 %, refused by name otherwise)."""
    got: dict[str, float] = {}
    for key, msgid in RATE_NAMES.items():
        value = getattr(body, key)
        if value is None or not math.isfinite(value) or not 0 <= value <= 100:
            problems.add(f"rates.{key}", msgid)
            value = 0.0
        got[key] = float(value) / 100
    return Rates(**got)


def time_of(body: TimeIn, problems: Problems) -> TimeModel:
    """The time model: the default scaled to ``hands_per_hour`` at a full table, or the
    three durations as typed."""
    values: dict[str, float] = {}
    wanted = ["hands_per_hour"] if body.mode == "hands" else list(TIME_LIMITS)[1:]
    for key in wanted:
        msgid, lo, hi = TIME_LIMITS[key]
        values[key] = _number(problems, f"time.{key}", msgid, getattr(body, key), lo, hi)
    if body.mode == "hands":
        scale = DEFAULT_HANDS_PER_HOUR / values["hands_per_hour"]
        base = DEFAULT.time
        return TimeModel(
            seconds_per_action=base.seconds_per_action * scale,
            seconds_per_showdown=base.seconds_per_showdown * scale,
            seconds_per_deal=base.seconds_per_deal * scale,
        )
    return TimeModel(**values)


def capacity(template: Template) -> int:
    """Most players the template's room seats at once (its field cap when lower)."""
    seats = template.tables * template.seats_per_table
    return min(seats, template.field_cap) if template.field_cap else seats


def night_config(body: SimRequest) -> NightConfig:
    """The :class:`NightConfig` of a form, or 422 with every problem by field."""
    problems = Problems()
    template: Template | None = None
    if body.template in template_names():
        template = load_template(body.template)
    else:
        problems.add("template", N_("Template: choose one of the listed event templates."))
    profile = (body.profile or "").strip() or None
    if profile is not None and profile not in BUILTIN_PROFILES:
        problems.add(
            "profile",
            N_("Rule profile: choose one of %(profiles)s."),
            {"profiles": ", ".join(BUILTIN_PROFILES)},
        )
    most = capacity(template) if template is not None else 10_000
    entries = body.entries
    if entries is None or not 2 <= entries <= most:
        if template is not None:
            problems.add(
                "entries",
                N_(
                    "Entries: type a whole number from 2 to %(most)s, what the room seats "
                    "(%(tables)s tables of %(seats)s seats)."
                ),
                {"most": f"{most:,}", "tables": template.tables, "seats": template.seats_per_table},
            )
        else:
            problems.add(
                "entries",
                N_("Entries: type a whole number from 2 to %(most)s, what the room seats."),
                {"most": f"{most:,}"},
            )
    _whole(problems, "runs", RUNS, body.runs, 1, MAX_RUNS)
    seed = _whole(problems, "seed", SEED, body.seed, 0, SEED_MAX)
    rates = rates_of(body.rates, problems)
    model = time_of(body.time, problems)
    problems.refuse()
    assert entries is not None
    assert template is not None
    return NightConfig(
        template=template.name,
        entries=entries,
        profile=profile,
        seed=seed,
        rates=rates,
        time=model,
    )


def rest_config(body: RestRequest, template: str, entries: int) -> tuple[NightConfig, int]:
    """The config of "simulate the rest of tonight" and its runs, or 422 by field."""
    problems = Problems()
    runs = _whole(problems, "runs", RUNS, body.runs, 1, MAX_RUNS)
    seed = _whole(problems, "seed", SEED, body.seed, 0, SEED_MAX)
    rates = rates_of(body.rates, problems)
    model = time_of(body.time, problems)
    problems.refuse()
    config = NightConfig(
        template=template, entries=max(2, entries), seed=seed, rates=rates, time=model
    )
    return config, runs


# ---- jobs (pokertd.sim.jobs) ------------------------------------------------------------


class SimulationBusy(TooManyAttempts):
    """Every simulation slot of this server is taken (429 with ``Retry-After``)."""

    kind = "busy"


def new_jobs() -> Jobs:
    """The server's simulation jobs, presented in the page's words (made by ``create_app``)."""
    return Jobs(present=projection, busy=SimulationBusy)


def jobs_of_app(app: Any) -> Jobs:
    """The :class:`Jobs` of a FastAPI ``app`` (made by ``create_app``)."""
    jobs: Jobs = app.state.sim_jobs
    return jobs


def jobs_of(request: Request) -> Jobs:
    """The app's :class:`Jobs` for a request."""
    return jobs_of_app(request.app)


def _owner(request: Request) -> str:
    """The caller's session (its stored id): a job belongs to it."""
    row = web_of(request).sessions.current(request)
    if row is None:  # pragma: no cover - every caller here passed a staff check
        raise NotFound(template=N_("Sign in to read a simulation."))
    return str(row.id)


# ---- the projection -------------------------------------------------------------------


def clock_text(seconds: float | None) -> str:
    """``4 h 05 min`` of clock time (``—`` for none)."""
    if seconds is None:
        return "—"
    minutes = round(seconds / 60)
    hours, mins = divmod(minutes, 60)
    return f"{hours} h {mins:02d} min" if hours else f"{mins} min"


def _range(low: str, high: str, sep: str = " to ") -> str:
    """``low to high``, or nothing when both read the same (every run alike)."""
    return "" if low == high else f"{low}{sep}{high}"


def _figure(
    key: str,
    label: str,
    fig: dict[str, Any] | None,
    level: dict[str, Any] | None,
    runs: int,
    at: Callable[[int], str] | None,
) -> dict[str, Any]:
    """One answer: median and p10-p90 in words. For a night, times count from the start of
    the clock; for the rest of tonight (``at`` formats a time of day), from now."""
    missing = "already passed, or not before the end" if at else "not reached in any run"
    row: dict[str, Any] = {
        "key": key,
        "label": label,
        "reached": 0 if fig is None else fig["runs"],
        "runs": runs,
        "median": None if fig is None else fig["p50"],
        "p10": None if fig is None else fig["p10"],
        "p90": None if fig is None else fig["p90"],
        "text": missing if fig is None else clock_text(fig["p50"]),
        "range": "" if fig is None else _range(clock_text(fig["p10"]), clock_text(fig["p90"])),
        "level": None if level is None else level["p50"],
    }
    if at is not None and fig is not None:
        row["text"] = "now" if fig["p50"] <= 0 else f"in {clock_text(fig['p50'])}"
        row["clock"] = at(fig["p50"])
        row["range"] = _range(at(fig["p10"]), at(fig["p90"]))
        row["clock_p10"], row["clock_p90"] = at(fig["p10"]), at(fig["p90"])
    return row


def projection(summary: NightSpread, reports: list[NightReport], job: Job) -> dict[str, Any]:
    """The page's projection of a finished job (JSON): the page's words, read from the one
    document of the runs (:func:`pokertd.sim.report.document`, the same as ``pokertd sim
    --runs K --json``), which it carries whole as ``spread``."""
    doc = document(summary)
    runs = len(reports)
    at: Callable[[int], str] | None = None
    if job.now is not None:
        start, zone = job.now, job.zone

        def at(seconds: int) -> str:
            return local(start + timedelta(seconds=seconds), zone).strftime("%H:%M")

    # the labels are msgids: the page shows them in its language (static/simulate.js)
    end_label = N_("Projected end") if at else N_("Duration (to the winner)")
    figures = [
        _figure(
            "registration", N_("Registration closes"), doc["registration_closed_at"], None, runs, at
        ),
        _figure("money", N_("Money reached"), doc["money_at"], doc["money_level"], runs, at),
        _figure(
            "final_table",
            N_("Final table"),
            doc["final_table_at"],
            doc["final_table_level"],
            runs,
            at,
        ),
        _figure("end", end_label, doc["duration"], doc["final_level"], runs, at),
    ]
    entries = doc["entries"]
    return {
        "kind": job.kind,
        "title": doc["title"],
        "template": doc["template"],
        "profile": doc["profile"],
        "players": doc["players"],
        "runs": runs,
        "seeds": doc["seeds"],
        "figures": figures,
        "entries": {"median": entries["p50"], "p10": entries["p10"], "p90": entries["p90"]},
        "reentries": doc["reentries"]["p50"],
        "hands": doc["hands"]["p50"],
        "prize_pool": doc["prize_pool"]["p50"],
        "paid_places": doc["paid_places"]["p50"],
        "levels": [_level_row(row, at) for row in doc["levels"]],
        # what the depth column counts: big blinds, big bets (HORSE) or both (8-game)
        "depth": depth_kind(row.big_bets for row in summary.levels),
        "checks": doc["checks"],
        "notes": doc["notes"],
        # the same sentences for the page to say in its language (static/simulate.js)
        "checks_said": [said(c) for c in summary.checks],
        "notes_said": [said(n) for n in summary.notes],
        "started_from": reports[0].started_from if reports else None,
        "charts": {
            "players": f"/api/sim/{job.id}/charts/players.svg",
            "bb": f"/api/sim/{job.id}/charts/bb.svg",
        },
        "spread": doc,
    }


def _level_row(row: dict[str, Any], at: Callable[[int], str] | None) -> dict[str, Any]:
    """One level of the page's table: its start, players left and average big blinds in
    words (median, p10-p90)."""
    starts, left, bb = row["starts_at"], row["players_left"], row["average_bb"]
    return {
        "level": row["level"],
        "blinds": row["blinds"],
        "runs": row["runs"],
        "starts_at": clock_label(starts["p50"]) if at is None else at(starts["p50"]),
        "players_left": left["p50"],
        "players_range": _range(f"{left['p10']}", f"{left['p90']}", "–"),
        "average_bb": bb["p50"],
        "bb_range": _range(f"{bb['p10']:g}", f"{bb['p90']:g}", "–"),
    }


def chart_svg(summary: NightSpread, name: str, *, rest: bool = False, lang: str = "en") -> str:
    """The job's chart ``players`` (players left over time: median and p10-p90 band) or
    ``bb`` (average stack in big blinds by level), drawn as the CLI draws them
    (:func:`pokertd.sim.batch.players_left_chart`); ``rest``: times count from now. The
    titles and axes in ``lang``."""
    if name == "players":
        if rest:
            return players_left_chart(summary, x_label=FROM_NOW, lang=lang)
        return players_left_chart(summary, lang=lang)
    if name == "bb":
        return average_bb_chart(summary, lang=lang)
    raise NotFound(
        template=N_("There is no chart %(name)s: choose players or bb."),
        params={"name": repr(name)},
    )


# ---- routes ---------------------------------------------------------------------------


def _templates() -> list[dict[str, Any]]:
    out = []
    for name in template_names():
        tpl = load_template(name, validate=False)
        out.append(
            {
                "name": name,
                "title": tpl.title,
                "profile": tpl.profile,
                "capacity": capacity(tpl),
                "tables": tpl.tables,
                "seats": tpl.seats_per_table,
            }
        )
    return out


def _form_defaults() -> dict[str, Any]:
    return {
        "rates": RatesIn().model_dump(),
        "time": TimeIn().model_dump(),
        "max_runs": MAX_RUNS,
    }


@router.get("/simulate", response_class=HTMLResponse, include_in_schema=False)
def simulate_page(request: Request, template: str = "") -> Response:
    """The Simulate page (director): set up a night, press Simulate, read the projection."""
    who = principal(request)
    if not who.role.at_least(Role.DIRECTOR):
        return RedirectResponse(site_path(request, "/login?next=/simulate"), status_code=303)
    templates = _templates()
    chosen = template if template in template_names() else DEFAULT.template
    return render(
        request,
        "simulate.html",
        data={
            "mode": "night",
            "templates": templates,
            "profiles": list(BUILTIN_PROFILES),
            "chosen": chosen,
            "entries": DEFAULT.entries,
            "runs": 5,
            **_form_defaults(),
        },
        tid=None,
        event=None,
    )


@router.get("/t/{tid}/simulate", response_class=HTMLResponse, include_in_schema=False)
def simulate_rest_page(tid: str, request: Request) -> Response:
    """The "Simulate the rest of tonight" page of a live tournament (floor and director)."""
    who = principal(request)
    if not who.role.at_least(Role.FLOOR):
        target = site_path(request, f"/login?next=/t/{tid}/simulate")
        return RedirectResponse(target, status_code=303)
    web = web_of(request)
    if not web.app.tournaments.exists(tid):
        raise NotFound(
            template=N_("There is no tournament %(tournament_id)s."),
            params={"tournament_id": repr(tid)},
        )
    name = next((t.name for t in web.app.tournaments.tournaments() if t.id == tid), tid)
    return render(
        request,
        "simulate.html",
        data={"mode": "rest", "tid": tid, "runs": REST_RUNS, **_form_defaults()},
        tid=tid,
        event=name,
    )


@router.post("/api/sim", responses=ERROR_RESPONSES, status_code=202)
def start_night(body: SimRequest, request: Request) -> dict[str, Any]:
    """Start simulating a night (director): ``{job}``; poll ``GET /api/sim/{job}``.

    422 lists every problem by field (``context.fields``); 429 when the server is busy."""
    access.require_simulate(principal(request))
    Sessions.check_csrf(request, request.headers.get(CSRF_HEADER))
    config = night_config(body)
    runs = body.runs or 1
    tpl = load_template(config.template, validate=False)
    job = jobs_of(request).start(
        _owner(request), "night", f"{tpl.title}, {config.entries} entries", runs, night_work(config)
    )
    return job.as_json() | {"message": job.said(answer_language(request))}


@router.post("/api/tournaments/{tid}/sim", responses=ERROR_RESPONSES, status_code=202)
def start_rest(tid: str, body: RestRequest, request: Request) -> dict[str, Any]:
    """Simulate the rest of live tournament ``tid`` from its current state (floor and up):
    ``{job}``; the tournament itself is only read, never changed."""
    access.require_simulate_rest(principal(request), tid)
    Sessions.check_csrf(request, request.headers.get(CSRF_HEADER))
    web = web_of(request)
    if not web.app.tournaments.exists(tid):
        raise NotFound(
            template=N_("There is no tournament %(tournament_id)s."),
            params={"tournament_id": repr(tid)},
        )
    template = web.app.tournaments.read(tid, lambda s: s.part(Setup).template)
    name = template.name if template is not None and template.name in template_names() else ""
    config, runs = rest_config(body, name or DEFAULT.template, DEFAULT.entries)
    title = next((t.name for t in web.app.tournaments.tournaments() if t.id == tid), tid)
    job = jobs_of(request).start(
        _owner(request),
        "rest",
        f"The rest of {title}",
        runs,
        rest_work(web.app.tournaments, tid, config, web.now),
        tournament=tid,
        zone=web.settings.zone(),
    )
    return job.as_json() | {"message": job.said(answer_language(request))}


@router.get("/api/sim/{job_id}", responses=ERROR_RESPONSES)
def read_job(job_id: str, request: Request) -> dict[str, Any]:
    """A simulation job of this session: its progress, then its projection."""
    who = principal(request)
    access.require_simulation_read(who)
    job = jobs_of(request).get(job_id, _owner(request))
    out = job.as_json()
    out["message"] = job.said(answer_language(request))  # the page's language
    charts = (out.get("result") or {}).get("charts")
    if charts and root_path(request):  # behind a proxy under /poker: the URLs the page opens
        out["result"] = {
            **out["result"],
            "charts": {k: root_path(request) + v for k, v in charts.items()},
        }
    return out


@router.get("/api/sim/{job_id}/charts/{name}.svg", responses=ERROR_RESPONSES)
def job_chart(job_id: str, name: str, request: Request) -> Response:
    """A finished job's chart (SVG): ``players`` or ``bb``."""
    who = principal(request)
    access.require_simulation_read(who)
    job = jobs_of(request).get(job_id, _owner(request))
    if job.spread is None:
        raise NotFound(
            template=N_("This simulation has not finished yet: its charts come when it does.")
        )
    lang = request_language(request)  # an <img>: the page's language, not a script's header
    svg = chart_svg(job.spread, name[:16], rest=job.kind == "rest", lang=lang)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private"})


__all__ = [
    "KEEP_SECONDS",
    "MAX_JOBS",
    "MAX_KEPT",
    "MAX_RUNS",
    "Job",
    "Jobs",
    "RestRequest",
    "SimRequest",
    "SimulationBusy",
    "capacity",
    "chart_svg",
    "clock_text",
    "from_now",
    "jobs_of",
    "jobs_of_app",
    "night_config",
    "night_work",
    "projection",
    "rates_of",
    "rest_config",
    "rest_work",
    "router",
    "time_of",
]
