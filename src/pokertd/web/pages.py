"""HTML pages: home, first-run setup, sign-in, floor console, TV clock, player, dealer, print.

Pages are Jinja2 templates; live figures arrive by SSE and are drawn by small Alpine.js
components (``static/app.js``). Forms carry the CSRF token; scripted writes go through the
JSON API with the ``X-CSRF-Token`` header. Charts and the QR code are server-side SVG.
"""

from __future__ import annotations

import io
from html import escape
from pathlib import Path
from typing import Any

import segno
from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from pokertd.app import demo as demo_mod
from pokertd.app.accounts import Role
from pokertd.errors import InvalidCommand, NotFound, PokertdError
from pokertd.i18n import N_
from pokertd.money import NEUTRAL_LOCALE, bcp47, chips_locale, format_money, minor_units
from pokertd.tournament.days import Days, bag_list
from pokertd.tournament.display import LAYOUTS
from pokertd.tournament.entries import Setup
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.templates import load_template, template_names
from pokertd.web import access, charts, i18n, money, views
from pokertd.web.api import (
    DealerLogin,
    NewTournament,
    authorize,
    create_from_template,
    dealer_sign_in,
    sign_in,
)
from pokertd.web.auth import CSRF_FIELD, Principal, Sessions, root_path, safe_path, site_path
from pokertd.web.context import Web, principal, web_of
from pokertd.web.errors import status_of

router = APIRouter(include_in_schema=False)

PRINT_KINDS = {
    "seats": N_("Seat cards"),
    "receipts": N_("Receipts"),
    "payouts": N_("Payout sheet"),
    "results": N_("Results"),
    "moves": N_("Move slips"),
    "bags": N_("Bag list"),
}
"""The printouts' titles (msgids: the print pages show them in the page's language)."""


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page with the CSRF token, the caller, the app version and ``root`` filled in.

    ``root`` is the root path (``""``, or ``/poker`` behind a proxy that mounts the app
    there): every link, asset and form action in the templates starts with it, and
    ``<meta name=root-path>`` hands it to the scripts (``pokertd.url()`` in static/app.js).
    """
    web = web_of(request)
    token = web.sessions.csrf_token(request)
    who = principal(request)
    base = {
        "csrf": token,
        "csrf_field": CSRF_FIELD,
        "who": who,
        "Role": Role,
    }
    # issue 27: the page's language (docs/languages.md); the phone pages follow the browser
    lang = i18n.request_language(request, follow_browser=name in i18n.PHONE_PAGES)
    meta = money_meta(web, context, lang)
    base |= meta
    with i18n.speaking(lang, meta["number_locale"]):
        response = web.templates.TemplateResponse(
            request,
            name,
            {**base, **i18n.page_context(lang), "root": root_path(request), **context},
            status_code=status,
        )
    web.sessions.ensure_csrf(request, response)
    return response


def money_meta(web: Web, context: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The currency and locale a page's scripts write amounts and times in
    (``<meta name=pokertd-money>``, read by static/money.js): the event's currency on an
    event's pages (``tid``), else the venue's; the event's locale (chosen at set-up), else
    the venue's, as a BCP 47 tag (``de-DE``) for ``Intl``; and ``money_text(minor units)``
    for server-written sheets (the same text, :func:`pokertd.money.format_money`;
    docs/money.md). Chip counts follow that locale, else the page's language ``lang``
    (``money_chips_locale``, for ``pokertdMoney.chips``; ``chips(n)`` in templates)."""
    tid = context.get("tid")
    service = web.app.tournaments
    chosen = ""
    try:
        if isinstance(tid, str):
            currency, chosen = service.currency(tid), service.event_locale(tid)
        else:
            currency = service.venue_currency
    except NotFound:
        currency = service.venue_currency
    locale = chosen or web.settings.money_locale()
    return {
        "money_text": lambda amount: format_money(amount, currency, locale),
        "money_currency": currency,
        "money_digits": str(minor_units(currency)),
        "money_locale": bcp47(locale or NEUTRAL_LOCALE),
        "money_chips_locale": bcp47(chips_locale(lang, locale)),
        "number_locale": locale,
    }


def public_url(request: Request) -> str:
    """The base URL a phone opens from the TV's QR code.

    ``Settings.public_url`` when set (``--public-url``, or the LAN address ``pokertd serve``
    chose when serving on all interfaces), else the address this request came in on, which
    a phone can use when the TV itself was opened by its LAN address.
    """
    base = web_of(request).settings.public_url
    return base.rstrip("/") if base else str(request.base_url).rstrip("/")


def embed_snippet(src: str, title: str) -> str:
    """The ``<iframe>`` an organiser copies into the club's site (issue 26): the embed at
    ``src``, 100 % wide up to 600 px, no border (shown as text on the admin pages)."""
    return (
        f'<iframe src="{escape(src, quote=True)}" title="{escape(title, quote=True)}" '
        'width="100%" height="480" style="border:0;max-width:600px" loading="lazy"></iframe>'
    )


def _known(request: Request, tid: str) -> None:
    if not views.exists(web_of(request), tid):
        raise NotFound(template=N_("There is no tournament %(tid)s."), params={"tid": repr(tid)})


# ---- home, setup, sign-in -------------------------------------------------------------


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    """Tournaments, and the demo button."""
    web = web_of(request)
    if not web.users.has_director():
        return RedirectResponse(site_path(request, "/setup"), status_code=303)

    items = [views.tournament_info(t) for t in web.app.tournaments.tournaments()]
    templates = []
    if principal(request).role.at_least(Role.DIRECTOR):
        templates = [
            {"name": n, "title": load_template(n, validate=False).title} for n in template_names()
        ]
    return render(
        request,
        "home.html",
        tournaments=items,
        templates=templates,
        venue_language=i18n.venue_language(request),
    )


@router.get("/setup", response_class=HTMLResponse)
def setup_page(request: Request) -> Response:
    """First run: choose the director's password (only while no director exists)."""
    if web_of(request).users.has_director():
        return RedirectResponse(site_path(request, "/login"), status_code=303)
    return render(request, "setup.html", error=None)


@router.post("/setup", response_class=HTMLResponse)
def setup_submit(
    request: Request,
    name: str = Form("director", max_length=64),
    password: str = Form(..., max_length=256),
    password2: str = Form(..., max_length=256),
    csrf_token: str = Form(""),
) -> Response:
    """Create the first director and sign them in (exactly one, even when two race)."""
    web = web_of(request)
    if web.users.has_director():
        return RedirectResponse(site_path(request, "/login"), status_code=303)
    Sessions.check_csrf(request, csrf_token)
    try:
        if password != password2:
            raise InvalidCommand(template=N_("The two passwords differ."))
        user = web.users.create_first_director(name.strip() or "director", password)
    except InvalidCommand as exc:
        if web.users.has_director():  # someone else finished the setup a moment earlier
            return RedirectResponse(site_path(request, "/login"), status_code=303)
        return render(request, "setup.html", status=422, error=str(exc))
    response = RedirectResponse(site_path(request, "/"), status_code=303)
    web.sessions.sign_in(request, response, Principal(user.name, user.role))
    web.users.remember_address(user.name, web.sessions.address(request), now=web.sessions.clock())
    return response


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, next: str = "/") -> Response:
    """Staff sign-in (``next``: a page of this site to go on to, anything else is ignored)."""
    return render(request, "login.html", error=None, next=safe_path(next) or "/")


@router.post("/login", response_class=HTMLResponse)
def login_submit(
    request: Request,
    name: str = Form(..., max_length=64),
    password: str = Form(..., max_length=256),
    csrf_token: str = Form(""),
    next: str = Form("/", max_length=2000),
) -> Response:
    """Check the password (rate-limited) and go on to ``next`` (same site only)."""
    Sessions.check_csrf(request, csrf_token)
    target = safe_path(next) or "/"
    response = RedirectResponse(site_path(request, target), status_code=303)
    try:
        sign_in(request, response, name, password)
    except PokertdError as exc:
        return render(request, "login.html", status=status_of(exc), error=str(exc), next=target)
    return response


@router.post("/logout")
def logout(request: Request, csrf_token: str = Form("")) -> Response:
    """Sign out: the session ends on the server, the old cookie is worth nothing."""
    Sessions.check_csrf(request, csrf_token)
    response = RedirectResponse(site_path(request, "/"), status_code=303)
    web_of(request).sessions.sign_out(request, response)
    web_of(request).hub.recheck_sessions()  # its open streams end now
    return response


@router.post("/demo")
async def demo(request: Request) -> Response:
    """Create the demo tournament and open its floor console."""
    form = await request.form()
    who = authorize(request, Role.FLOOR, "create a demo tournament", str(form.get(CSRF_FIELD, "")))
    tid = await run_in_threadpool(demo_mod.build, web_of(request).app.tournaments, actor=who.name)
    return RedirectResponse(site_path(request, f"/t/{tid}/floor"), status_code=303)


@router.post("/create")
def create(
    request: Request,
    name: str = Form(..., max_length=120),
    template: str = Form(..., max_length=64),
    csrf_token: str = Form(""),
) -> Response:
    """Create a tournament from a template (director) and open its floor console."""
    out = create_from_template(NewTournament(name=name, template=template), request, csrf_token)
    target = site_path(request, f"/t/{out['tournament']}/floor")
    return RedirectResponse(target, status_code=303)


# ---- tournament pages -----------------------------------------------------------------


@router.get("/t/{tid}", response_class=HTMLResponse)
def tournament_home(tid: str, request: Request) -> Response:
    """Staff go to the floor console, everyone else to the player view."""
    who = principal(request)
    target = "floor" if who.role.at_least(Role.FLOOR) else "player"
    return RedirectResponse(site_path(request, f"/t/{tid}/{target}"), status_code=303)


@router.get("/t/{tid}/floor", response_class=HTMLResponse)
def floor(tid: str, request: Request) -> Response:
    """The floor console (floor and director)."""
    who = principal(request)
    if not who.role.at_least(Role.FLOOR):
        target = site_path(request, f"/login?next=/t/{tid}/floor")
        return RedirectResponse(target, status_code=303)
    _known(request, tid)
    # the head only (name, counters, clock): the page's stream sends its page of the map
    return render(request, "floor.html", tid=tid, view=views.console_head(web_of(request), tid))


@router.get("/t/{tid}/tv", response_class=HTMLResponse)
def tv(tid: str, request: Request, layout: str = "") -> Response:
    """The TV clock (public, full screen).

    The layout is the director's choice for every screen (``SetDisplay``); ``?layout=``
    (``clock`` or ``payouts``) overrides it on one screen, anything else is ignored.
    """
    _known(request, tid)
    return render(
        request,
        "tv.html",
        tid=tid,
        layout=layout if layout in LAYOUTS else "",
        player_url=f"{public_url(request)}/t/{tid}/player",
        view=views.display(web_of(request), tid, "public"),
    )


LOBBY_EVENTS = 12
"""At most this many events on the lobby board (the most recently active first)."""


def _lobby_boards(request: Request) -> list[dict[str, Any]]:
    """One small public board per running or upcoming event (finished ones left out)."""
    web = web_of(request)
    infos = sorted(web.app.tournaments.tournaments(), key=lambda t: t.updated_at, reverse=True)
    boards: list[dict[str, Any]] = []
    for info in infos:
        if len(boards) >= LOBBY_EVENTS:
            break
        view = views.display(web, info.id, "stream")
        status = view.get("status") or {}
        if status.get("finished"):
            continue
        boards.append(
            {
                k: view.get(k)
                for k in (
                    "tournament",
                    "name",
                    "server_time",
                    "clock",
                    "status",
                    "structure",
                    "cancelled",  # issue 26: a cancelled event says so, with its reason
                )
            }
            | {"payouts": len(view.get("payouts") or [])}
        )
    return boards


@router.get("/lobby", response_class=HTMLResponse)
def lobby(request: Request) -> Response:
    """The lobby board (public): several events on one screen, pages rotating."""
    return render(request, "lobby.html", boards=_lobby_boards(request))


@router.get("/lobby.json")
def lobby_json(request: Request) -> Response:
    """The lobby board's figures (public; the board refreshes from here)."""
    return JSONResponse(_lobby_boards(request), headers={"Cache-Control": "no-cache"})


@router.get("/t/{tid}/player", response_class=HTMLResponse)
def player(tid: str, request: Request) -> Response:
    """The player view on a phone (public, nothing private)."""
    _known(request, tid)
    return render(
        request, "player.html", tid=tid, view=views.display(web_of(request), tid, "public")
    )


@router.get("/t/{tid}/dealer/{table}", response_class=HTMLResponse)
def dealer(tid: str, table: int, request: Request) -> Response:
    """A table's dealer view (after the table PIN)."""
    _known(request, tid)
    if not access.may_open_dealer_page(principal(request), tid, table):
        return render(request, "dealer_pin.html", tid=tid, table=table, error=None)
    # The dealer view even for floor and director: the page shows what a dealer may see.
    return render(
        request,
        "dealer.html",
        tid=tid,
        table=table,
        view=views.display(web_of(request), tid, f"{access.DEALER_AUDIENCE}{table}"),
    )


@router.post("/t/{tid}/dealer/{table}", response_class=HTMLResponse)
def dealer_pin(
    tid: str, table: int, request: Request, pin: str = Form(...), csrf_token: str = Form("")
) -> Response:
    """Check the table PIN and open the dealer view."""
    Sessions.check_csrf(request, csrf_token)
    response = RedirectResponse(site_path(request, f"/t/{tid}/dealer/{table}"), status_code=303)
    try:
        body = DealerLogin(tournament=tid, table=table, pin=pin.strip())
        dealer_sign_in(request, response, body)
    except PokertdError as exc:
        return render(
            request, "dealer_pin.html", status=status_of(exc), tid=tid, table=table, error=str(exc)
        )
    return response


def _bags(state: TournamentState) -> tuple[str, dict[str, Any] | None]:
    """The event's name and its last bag list as JSON (``None`` before any day is bagged)."""
    name = state.part(Setup).name
    return name, (bag_list(state).as_json() if state.part(Days).ended else None)


@router.get("/t/{tid}/print/{kind}", response_class=HTMLResponse)
def print_page(tid: str, kind: str, request: Request, player: str = "") -> Response:
    """Printable sheets: seat cards, receipts (staff; ``?player=`` for one), payouts, results."""
    if kind not in PRINT_KINDS:
        raise NotFound(
            template=N_("There is no printout %(kind)s: choose %(kinds)s."),
            params={"kind": repr(kind), "kinds": ", ".join(PRINT_KINDS)},
        )
    _known(request, tid)
    audience = "public"
    if kind in {"seats", "receipts", "moves", "bags"}:
        access.require_staff_read(
            principal(request), tid, action=f"print {PRINT_KINDS[kind].lower()}"
        )
        audience = "staff"
    if kind == "bags":  # the bag-and-tag list and its chip roll-up (issue 14)
        name, bags = web_of(request).app.tournaments.read(tid, _bags)
        return render(
            request, "print_bags.html", tid=tid, title=PRINT_KINDS[kind], event=name, bags=bags
        )
    view = views.display(web_of(request), tid, audience)
    paid = (
        money.receipts(web_of(request), tid, player[:120], i18n.request_language(request))
        if kind == "receipts"
        else []
    )
    return render(
        request, "print.html", tid=tid, kind=kind, title=PRINT_KINDS[kind], view=view, receipts=paid
    )


@router.get("/t/{tid}/chart/{name}.svg")
def chart(tid: str, name: str, request: Request, size: str = "") -> Response:
    """Server-side SVG: ``players`` (entries while registration is open, then players left
    over time) or ``bb`` (avg stack in BB); ``?size=narrow``: drawn for a phone's width."""
    _known(request, tid)
    view = views.display(web_of(request), tid, "public")
    lang = i18n.request_language(request, follow_browser=True)  # the phone's own (issue 27)
    svg = charts.render(name, view, narrow=size == "narrow", lang=lang)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


@router.get("/t/{tid}/qr.svg")
def qr(tid: str, request: Request) -> Response:
    """A QR code that opens the player view on a phone."""

    _known(request, tid)
    url = f"{public_url(request)}/t/{tid}/player"
    buf = io.BytesIO()
    segno.make(url, error="m").save(
        buf, kind="svg", scale=8, border=2, dark="#000", light="#fff", xmldecl=False
    )
    return Response(buf.getvalue(), media_type="image/svg+xml")


FAVICON = Path(__file__).parent / "static" / "favicon.ico"
"""The site icon (16, 32 and 48 px, made once from ``icon-192.png``)."""


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> Response:
    """The icon browsers ask for at the root whatever the page links (a 404 on every page
    otherwise); pages link it too (``base.html``), under the root path."""
    return Response(
        FAVICON.read_bytes(),
        media_type="image/x-icon",
        headers={"Cache-Control": "public, max-age=86400"},
    )


MANIFEST_TYPE = "application/manifest+json"
"""The media type of a web app manifest (what browsers expect for an installable page)."""


@router.get("/manifest.webmanifest")
def manifest(request: Request, t: str = "") -> Response:
    """The web app manifest: a player adds the player view to the home screen (``?t=`` the
    tournament whose player view opens; without it, or unknown, the home page)."""
    root = root_path(request)  # behind a proxy under /poker, so are the start page and icons
    start, name = "/", "pokertd"
    tid = t[:64]
    try:
        if tid and views.exists(web_of(request), tid):
            start = f"/t/{tid}/player"
            name = str(views.display(web_of(request), tid, "stream").get("name") or name)
    except PokertdError:
        start, name = "/", "pokertd"
    body = {
        "name": name[:120],
        "short_name": name[:12] if len(name) <= 12 else "pokertd",
        "description": "The tournament clock, payouts and your seat on your phone.",
        "start_url": root + start,
        "scope": root + "/",
        "display": "standalone",
        "background_color": "#f5f6f4",
        "theme_color": "#0b3d2a",
        "icons": [
            {"src": f"{root}/static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            # older Android browsers ignore SVG icons: PNGs made once from icon.svg
            {"src": f"{root}/static/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": f"{root}/static/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": f"{root}/static/icon.svg",
                "sizes": "any",
                "type": "image/svg+xml",
                "purpose": "maskable",
            },
        ],
    }
    return JSONResponse(body, media_type=MANIFEST_TYPE, headers={"Cache-Control": "no-cache"})


__all__ = ["embed_snippet", "public_url", "render", "router"]
