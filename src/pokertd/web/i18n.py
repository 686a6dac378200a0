"""The web face's languages (issue 27, point 1; docs/languages.md).

Which language a page speaks, first match wins:

1. ``?lang=xx`` on the address (one page: a TV opened as ``/t/1/tv?lang=de``);
2. a signed-in staff member's own language, kept on their account (the language links
   set it when they are signed in, ``pokertd user language`` from the CLI), then the
   ``pokertd_lang`` cookie, which the language links set (``/language/de``): one person's
   or one device's choice, kept a year;
3. on the phone pages (player view, sign-up, results, league standings, the embeds), the
   browser's ``Accept-Language``
   (Babel's ``negotiate_locale`` over the shipped languages);
4. the venue's language, which a director sets on the home page (the ``language``
   setting in the database; ``POKERTD_LANGUAGE`` before anyone has);
5. English.

Templates get Jinja2's ``i18n`` extension with ``_``/``gettext``/``ngettext`` reading the
language of the page being rendered (a context variable, so concurrent requests in other
languages do not mix), and the page scripts get the catalogue as JSON in the page
(``base.html``, read by ``t()`` in static/app.js).
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator
from typing import Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from pokertd import i18n
from pokertd.app.accounts import Role, shipped_language
from pokertd.errors import PokertdError
from pokertd.i18n import catalog
from pokertd.money import chips_locale, format_chips
from pokertd.web.auth import Sessions, require, root_path, safe_path, site_path
from pokertd.web.context import principal, web_of

router = APIRouter(include_in_schema=False)

COOKIE = "pokertd_lang"
"""The per-person / per-device override (a year; not signed: it only picks words)."""
SETTING = "language"
"""The venue's language in the settings table."""
ENV = "POKERTD_LANGUAGE"
"""The venue language before a director has chosen one."""
PHONE_PAGES = frozenset(
    {"player.html", "signup.html", "signup_mine.html", "results.html", "league.html"}
)
"""Pages read on a player's own phone: they follow the browser's language (the league's
public standings too: a player looks them up; a TV showing them is given ``?lang=``). The
embeds (``/embed/...``, :mod:`pokertd.web.public`) follow it as well."""

_current: contextvars.ContextVar[str] = contextvars.ContextVar("pokertd_lang", default="en")
_numbers: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "pokertd_numbers", default=None
)


def current() -> str:
    """The language of the page or answer being made now."""
    return _current.get()


@contextlib.contextmanager
def speaking(lang: str, numbers: str | None = None) -> Iterator[None]:
    """Make (render) something in ``lang``; ``numbers``: the locale the page writes money in
    (the event's or the venue's, ``None`` for the neutral form), which chip counts follow
    too (else ``lang``'s way: :func:`pokertd.money.chips_locale`)."""
    token, more = _current.set(lang), _numbers.set(numbers)
    try:
        yield
    finally:
        _numbers.reset(more)
        _current.reset(token)


def chips(count: int) -> str:
    """A chip count as the page being made writes numbers (``chips(1200)`` in templates:
    ``1.200`` on a German page; docs/money.md)."""
    return format_chips(count, chips_locale(_current.get(), _numbers.get()))


def venue_language(request: Request) -> str:
    """The venue's language (the director's setting, else ``POKERTD_LANGUAGE``, else en)."""
    stored = web_of(request).users.setting(SETTING)
    return i18n.known(stored) or i18n.known(os.environ.get(ENV)) or i18n.SOURCE


def staff_language(request: Request) -> str | None:
    """The signed-in staff member's own language (kept on their account), if any."""
    who = principal(request)
    if not who.signed_in or who.role is Role.DEALER:
        return None
    return web_of(request).users.language(who.name)


def override(request: Request) -> str | None:
    """This request's, this staff member's or this device's own choice (``?lang=``, the
    account's language, then the cookie), if any."""
    return (
        i18n.known(request.query_params.get("lang"))
        or staff_language(request)
        or i18n.known(request.cookies.get(COOKIE))
    )


def request_language(request: Request, *, follow_browser: bool = False) -> str:
    """The language of a page for this request (the order in the module's docstring)."""
    found = override(request)
    if found is None and follow_browser:
        found = catalog.from_accept_language(request.headers.get("accept-language", ""))
    return found or venue_language(request)


HEADER = "X-Pokertd-Lang"
"""The language a page's script asks its answers in (static/app.js ``post()``)."""


def answer_language(request: Request) -> str:
    """The language of an API answer (a refusal): the page's own (its script's header),
    else the device's choice, else the venue's."""
    return i18n.known(request.headers.get(HEADER)) or request_language(request)


def page_context(lang: str) -> dict[str, Any]:
    """What ``base.html`` needs: the ``lang`` attribute, the picker, the scripts' catalogue."""
    return {
        "lang": lang,
        "html_lang": catalog.html_lang(lang),
        "languages": i18n.LANGUAGES,
        "i18n_catalogue": {"lang": lang, "messages": catalog.catalogue_json(lang)},
    }


def install(templates: Jinja2Templates) -> None:
    """Jinja2's ``i18n`` extension, translating into the language being rendered
    (newstyle gettext: ``_('Table %(n)s', n=3)``, autoescaped; ``{% trans %}`` trimmed)."""
    env = templates.env
    env.add_extension("jinja2.ext.i18n")
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda message: catalog.translations(current()).gettext(message),
        ngettext=lambda s, p, n: catalog.translations(current()).ngettext(s, p, n),
        newstyle=True,
    )
    # a sentence the server built ({"text", "msgid", "params"}: a slip's reason) in the page's
    # language
    env.globals["said"] = lambda x: catalog.sentence(current(), x, locale=_numbers.get())
    env.globals["chips"] = chips


def refusal(exc: PokertdError, lang: str, request: Request | None = None) -> str:
    """A refusal's sentence in ``lang`` (:func:`pokertd.i18n.refusal`), its chip counts
    written as the page that sent the command writes them (:func:`number_locale`)."""
    return catalog.refusal(exc, lang, locale=None if request is None else number_locale(request))


def number_locale(request: Request) -> str | None:
    """The locale a request's page writes money (and so chips) in: the event's (a
    ``{tid}`` in the path), else the venue's; ``None`` for the neutral form."""
    web = web_of(request)
    tid = request.path_params.get("tid")
    try:
        chosen = web.app.tournaments.event_locale(tid) if isinstance(tid, str) else ""
    except PokertdError:  # no such event: the venue's
        chosen = ""
    return chosen or web.settings.money_locale()


@router.get("/language/{code}")
def choose(code: str, request: Request, next: str = "/") -> Response:
    """The language links: remember ``code`` on this device and go back to ``next``
    (``/language/auto`` forgets the choice: the venue's or the browser's language again)."""
    response = RedirectResponse(site_path(request, safe_path(next) or "/"), status_code=303)
    path = root_path(request) or "/"
    lang = i18n.known(code)
    who = principal(request)
    if who.signed_in and who.role is not Role.DEALER and lang != i18n.PSEUDO:
        # a staff member's choice follows them to every device they sign in on
        web_of(request).users.set_language(who.name, lang)
    if lang is None:
        response.delete_cookie(COOKIE, path=path)
    else:
        response.set_cookie(COOKIE, lang, max_age=365 * 86400, samesite="lax", path=path)
    return response


@router.post("/language")
def set_venue_language(
    request: Request, language: str = Form("", max_length=16), csrf_token: str = Form("")
) -> Response:
    """A director sets the venue's language (every screen without its own choice)."""
    require(principal(request), Role.DIRECTOR, action="set the venue's language")
    Sessions.check_csrf(request, csrf_token)
    web_of(request).users.put_setting(SETTING, shipped_language(language))
    return RedirectResponse(site_path(request, "/"), status_code=303)


__all__ = [
    "COOKIE",
    "HEADER",
    "PHONE_PAGES",
    "answer_language",
    "current",
    "install",
    "page_context",
    "refusal",
    "request_language",
    "router",
    "speaking",
    "venue_language",
]
