"""Money as the floor types it and reads it: one parser, one formatter, in integer minor units.

A base module (like :mod:`pokertd.types`): every layer may import it. Amounts are exact
``int`` counts of the currency's minor unit (cents for USD, EUR, GBP; yen for JPY, which has
none), never floats; rounding of shares happens once, by the payout rules of the profile.

The currency is the venue's (an ISO 4217 code, ``POKERTD_CURRENCY``, default USD) and is
recorded in each event's log when it is created (:class:`~pokertd.tournament.entries.log.
TournamentCreated`; older logs are USD). How many minor units it has comes from CLDR
(Babel's ``get_currency_precision``: 2 for USD, 0 for JPY, 3 for BHD). How an amount is
*written* depends on the locale (``POKERTD_LOCALE``, e.g. ``de_DE``): ``1.234,56 €`` in
German, ``€1,234.56`` in English, as CLDR says. Without a locale, amounts are written in the
neutral form (CLDR's ``en_US`` pattern: ``$4,074.00``, ``€4,074.00``, ``¥4,074``), which is
what the pure core uses for its refusals and log lines (it knows the event's currency but
not who reads it): see ``docs/money.md``.

Implements: NJ-44a, FOX-EVT (H1: amounts kept exactly, part by part).
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.types import Cents

if TYPE_CHECKING:
    from babel import Locale

CURRENCY_ENV = "POKERTD_CURRENCY"
"""The environment variable naming the venue's currency (an ISO 4217 code, e.g. ``EUR``)."""
LOCALE_ENV = "POKERTD_LOCALE"
"""The environment variable naming the venue's locale for numbers and dates (``de_DE``)."""
DEFAULT_CURRENCY = "USD"
"""The currency of a venue that names none, and of every event logged before the field."""
NEUTRAL_LOCALE = "en_US"
"""The locale of the neutral form (the core's texts, machine-independent defaults)."""

EVENT_CURRENCIES: tuple[str, ...] = (
    "USD", "EUR", "GBP", "AUD", "CAD", "JPY", "CHF", "SEK", "NOK", "DKK", "NZD", "MXN",
)  # fmt: skip
"""The currencies a director may choose for one event (the set-up form's list, ``pokertd new
--currency``); the venue's own ``POKERTD_CURRENCY`` may be any ISO 4217 code."""
EVENT_LOCALES: tuple[str, ...] = (
    "en_US", "en_GB", "en_AU", "en_CA", "en_NZ", "en_IE", "de_DE", "de_AT", "de_CH", "es_ES",
    "es_MX", "fr_FR", "fr_CA", "fr_CH", "it_IT", "nl_NL", "sv_SE", "nb_NO", "da_DK", "ja_JP",
)  # fmt: skip
"""The number and date locales a director may choose for one event (the set-up form's list,
``pokertd new --locale``); the venue's own ``POKERTD_LOCALE`` may be any CLDR locale."""

_MIN_GROUPING_2 = frozenset({"es", "pl", "pt_PT", "bg", "hr", "lv", "lt", "ro", "sk", "sl"})
"""Locales whose CLDR ``minimumGroupingDigits`` is 2 (``4074,00 €`` but ``14.074,00 €`` in
Spanish): Babel ignores that field, browsers' ``Intl`` honours it, so we apply it here."""

_SCOPE: ContextVar[tuple[str, str | None]] = ContextVar(
    "pokertd_money_scope", default=(DEFAULT_CURRENCY, None)
)


@contextmanager
def money_scope(currency: str, locale: str | None = None) -> Iterator[None]:
    """Within the block, :func:`format_money` and :func:`parse_money` without a currency use
    ``currency`` (and ``locale``; ``None`` keeps the enclosing scope's): the service opens
    one around each command and read of an event, so the core's refusals and log lines name
    the event's own currency, written as the venue's locale writes money."""
    keep = _SCOPE.get()[1] if locale is None else check_locale(locale)
    token = _SCOPE.set((check_currency(currency), keep))
    try:
        yield
    finally:
        _SCOPE.reset(token)


def stay_in(currency: str, locale: str | None = None) -> None:
    """From now on in this context (no block to leave), amounts are in ``currency`` and
    ``locale``: for a one-shot process that reads one event and exits (the CLI, through
    ``TournamentService.money_follows_state``); a server uses :func:`money_scope`."""
    _SCOPE.set((check_currency(currency), None if locale is None else check_locale(locale)))


def current_currency() -> str:
    """The currency of the enclosing :func:`money_scope` (USD outside any)."""
    return _SCOPE.get()[0]


def current_locale() -> str | None:
    """The locale of the enclosing :func:`money_scope` (``None``: the neutral form)."""
    return _SCOPE.get()[1]


@lru_cache(maxsize=1)
def _known_currencies() -> frozenset[str]:
    # Babel loads on first use of another currency or a locale: a floor command in a
    # dollar room with no locale never pays for it (CLI start-up, issue 25)
    from babel.numbers import list_currencies

    return frozenset(list_currencies())


def check_currency(code: str) -> str:
    """``code`` as an ISO 4217 code CLDR knows (upper case), or a one-line refusal.

    >>> check_currency("eur"), check_currency(" JPY ")
    ('EUR', 'JPY')
    """
    norm = str(code).strip().upper()
    if norm != DEFAULT_CURRENCY and norm not in _known_currencies():
        raise InvalidCommand(
            template=N_(
                "Unknown currency %(code)s: give an ISO 4217 code like USD, EUR, GBP or JPY."
            ),
            params={"code": repr(code)},
            context={"currency": code},
        )
    return norm


def event_currency_choice(code: str) -> str:
    """A director's choice of currency for one event: ``code`` (any case) if it is one of
    :data:`EVENT_CURRENCIES`, else a one-sentence refusal naming the choices.

    >>> event_currency_choice(" eur ")
    'EUR'
    """
    norm = str(code).strip().upper()
    if norm not in EVENT_CURRENCIES:
        raise InvalidCommand(
            template=N_("%(code)s is not a currency an event can be run in: choose %(choices)s."),
            params={"code": repr(str(code)), "choices": ", ".join(EVENT_CURRENCIES)},
            context={"currency": str(code), "choices": list(EVENT_CURRENCIES)},
        )
    return norm


def event_locale_choice(name: str) -> str:
    """A director's choice of number and date locale for one event: ``name`` (``de-DE`` or
    ``de_DE``) if it is one of :data:`EVENT_LOCALES`, else a one-sentence refusal.

    >>> event_locale_choice("de-DE")
    'de_DE'
    """
    norm = str(name).strip().replace("-", "_")
    found = next((x for x in EVENT_LOCALES if x.lower() == norm.lower()), None)
    if found is None:
        raise InvalidCommand(
            template=N_("%(name)s is not a locale an event can be written in: choose %(choices)s."),
            params={"name": repr(str(name)), "choices": ", ".join(EVENT_LOCALES)},
            context={"locale": str(name), "choices": list(EVENT_LOCALES)},
        )
    return found


def minor_units(currency: str) -> int:
    """How many decimals the currency's minor unit has (CLDR): 2 for EUR, 0 for JPY.

    >>> minor_units("USD"), minor_units("JPY"), minor_units("BHD")
    (2, 0, 3)
    """
    code = check_currency(currency)
    if code == DEFAULT_CURRENCY:
        return 2
    # Babel on first use of another currency (CLI start-up, issue 25)
    from babel.numbers import get_currency_precision

    return int(get_currency_precision(code))


@lru_cache(maxsize=64)
def _locale(name: str) -> Locale:
    # Babel on first use of a locale (CLI start-up, issue 25)
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(name.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        raise InvalidCommand(
            template=N_("Unknown locale %(name)s: give a name like en_US, de_DE, es_ES or ja_JP."),
            params={"name": repr(name)},
        ) from None


def check_locale(name: str) -> str:
    """``name`` (``de-DE`` or ``de_DE``) as Babel's canonical name, or a one-line refusal.

    >>> check_locale("de-DE"), check_locale("en_gb")
    ('de_DE', 'en_GB')
    """
    return str(_locale(str(name).strip()))


def bcp47(locale: str) -> str:
    """The locale as a browser's ``Intl`` reads it: ``de_DE`` -> ``de-DE``."""
    return check_locale(locale).replace("_", "-")


def venue_currency(code: str = "") -> str:
    """The venue's currency: ``code``, else ``$POKERTD_CURRENCY``, else USD."""
    return check_currency(code.strip() or os.environ.get(CURRENCY_ENV, "") or DEFAULT_CURRENCY)


def venue_locale(name: str = "") -> str | None:
    """The venue's locale for numbers and dates: ``name``, else ``$POKERTD_LOCALE``, else
    ``None`` (the neutral form: ``$4,074.00``, ISO dates ``2026-11-23 18:30``)."""
    chosen = name.strip() or os.environ.get(LOCALE_ENV, "").strip()
    return check_locale(chosen) if chosen else None


def _min_grouping(loc: Locale) -> int:
    tag = str(loc)
    return 2 if tag in _MIN_GROUPING_2 or loc.language in _MIN_GROUPING_2 else 1


def format_money(
    amount: Cents,
    currency: str | None = None,
    locale: str | None = None,
    *,
    trim: bool = False,
) -> str:
    """``amount`` minor units of ``currency`` written as ``locale`` writes money (CLDR).

    ``currency`` defaults to the enclosing :func:`money_scope`'s (USD outside any),
    ``locale`` to the scope's, else the neutral ``en_US`` form. ``trim`` drops a zero
    fraction (``$310`` but ``$310.40``), as the screens show amounts.

    >>> format_money(407400), format_money(-50)
    ('$4,074.00', '-$0.50')
    >>> format_money(123456, "EUR", "de_DE"), format_money(407400, "JPY")
    ('1.234,56\\xa0€', '¥407,400')
    >>> format_money(31000, "USD", trim=True), format_money(31040, "USD", trim=True)
    ('$310', '$310.40')
    """
    scope_currency, scope_locale = _SCOPE.get()
    code = check_currency(currency) if currency else scope_currency
    name = locale or scope_locale or NEUTRAL_LOCALE
    if code == DEFAULT_CURRENCY and name == NEUTRAL_LOCALE:
        # CLDR's en_US dollars, written without loading Babel (CLI start-up, issue 25)
        sign = "-" if amount < 0 else ""
        whole, frac = divmod(abs(amount), 100)
        return f"{sign}${whole:,}" + ("" if trim and not frac else f".{frac:02d}")
    # Babel on first use of another currency or a locale (CLI start-up, issue 25)
    from babel.numbers import NumberPattern, format_currency

    loc = _locale(name)
    units = minor_units(code)
    value = Decimal(amount).scaleb(-units)
    pattern: NumberPattern = copy.copy(loc.currency_formats["standard"])
    whole = trim and amount % (10**units) == 0
    if whole:
        pattern.frac_prec = (0, 0)
    grouping = abs(amount) // (10**units) >= 10 ** (2 + _min_grouping(loc))
    return format_currency(
        value,
        code,
        format=pattern,
        locale=loc,
        currency_digits=not whole,
        group_separator=grouping or _min_grouping(loc) == 1,
    )


def format_chips(count: int, locale: str | None = None) -> str:
    """A chip count (``1200``) written as ``locale`` writes numbers (CLDR): ``1.200`` in
    German, ``1,200`` in English, ``1200`` but ``12.000`` in Spanish (CLDR's
    ``minimumGroupingDigits`` is 2 there, as for money and as the browser's ``Intl``
    writes it), ``1'200`` in Swiss German. ``locale`` defaults to the enclosing
    :func:`money_scope`'s, else the neutral ``1,200`` (what pokertd always wrote). The one
    chip formatter of the server's faces (the page scripts' twin is ``pokertdMoney.chips``
    in static/money.js); JSON and CSV keep plain integers.

    >>> format_chips(1200), format_chips(1200, "de_DE"), format_chips(1200, "es")
    ('1,200', '1.200', '1200')
    >>> format_chips(12000, "es_ES"), format_chips(-2500, "de")
    ('12.000', '-2.500')
    """
    name = locale or _SCOPE.get()[1] or NEUTRAL_LOCALE
    n = int(count)
    if name in (NEUTRAL_LOCALE, "en"):
        return f"{n:,}"  # without loading Babel (CLI start-up, issue 25)
    from babel.numbers import format_decimal

    loc = _locale(name)
    grouping = abs(n) >= 10 ** (2 + _min_grouping(loc))
    return str(format_decimal(n, locale=loc, group_separator=grouping or _min_grouping(loc) == 1))


def chips_locale(language: str, locale: str | None = None) -> str:
    """The locale a face writes chip counts in: the locale it writes money in (the event's,
    else the venue's: ``locale``) when one is chosen, else its reader's ``language``
    (``de`` -> ``1.200``; English and the pseudo-locale the neutral ``1,200``): a German
    page in a room that chose no locale no longer reads ``1,200`` (docs/money.md)."""
    if locale:
        return locale
    return NEUTRAL_LOCALE if language in ("", "en", "xx") else language


_SPACES = re.compile(r"[\s\u00a0\u202f]+")


def parse_money(text: object, currency: str | None = None, locale: str | None = None) -> Cents:
    """Minor units from money as people type it in ``locale``: ``$4,074.00`` or ``4074.5``
    (neutral), ``4.074,00 €`` or ``4074,00`` (``de_DE``); ``4074`` yen in JPY.

    Exact (no floats). Group separators must group thousands; at most as many decimals as
    the currency has (none for JPY); no sign. An ``int`` is taken as minor units already (as
    templates store it). ``currency`` and ``locale`` default as in :func:`format_money`.
    Garbage (``"sixty"``, ``"-5"``, ``"1.234"``, ``"4,07"``; ``"4,07.4"`` in German) raises
    :class:`~pokertd.errors.InvalidCommand`, a sentence naming how to write it.

    >>> parse_money("$4,074.00"), parse_money("4074.5"), parse_money("100.05")
    (407400, 407450, 10005)
    >>> parse_money("$60"), parse_money("4,074"), parse_money(6000)
    (6000, 407400, 6000)
    >>> parse_money("4.074,00 €", "EUR", "de_DE"), parse_money("¥4,074", "JPY")
    (407400, 4074)
    """
    if isinstance(text, bool):
        raise InvalidCommand(
            template=N_("%(text)s is not an amount of money"), params={"text": repr(text)}
        )
    if isinstance(text, int):
        if text < 0:
            raise InvalidCommand(
                template=N_("%(cents)s cents: an amount of money cannot be negative"),
                params={"cents": text},
            )
        return text
    scope_currency, scope_locale = _SCOPE.get()
    code = check_currency(currency) if currency else scope_currency
    name = locale or scope_locale or NEUTRAL_LOCALE
    units = minor_units(code)
    if code == DEFAULT_CURRENCY and name == NEUTRAL_LOCALE:
        # the neutral dollar form without loading Babel (CLI start-up, issue 25)
        decimal_sign, group_sign, symbols = ".", ",", {code, "$"}
    else:
        # Babel on first use of another currency or a locale (CLI start-up, issue 25)
        from babel.numbers import get_currency_symbol, get_decimal_symbol, get_group_symbol

        loc = _locale(name)
        decimal_sign, group_sign = get_decimal_symbol(loc), get_group_symbol(loc)
        symbols = {code, get_currency_symbol(code, loc), get_currency_symbol(code, NEUTRAL_LOCALE)}
    example = 407400 if units else 4074
    plain = format(Decimal(example).scaleb(-units), "f").replace(".", decimal_sign)
    hint = {
        "text": repr(text),
        "whole": example // 10**units,
        "plain": plain,
        "formatted": format_money(example, code, name),
    }
    template = (
        N_(
            "%(text)s is not an amount of money: write it like %(whole)s, %(plain)s or "
            "%(formatted)s"
        )
        if units
        else N_("%(text)s is not an amount of money: write it like %(whole)s or %(formatted)s")
    )
    if not isinstance(text, str):
        raise InvalidCommand(template=template, params=hint)
    cleaned = _SPACES.sub("", text)
    for symbol in sorted(symbols, key=len, reverse=True):
        symbol = _SPACES.sub("", symbol)
        if symbol and cleaned.startswith(symbol):
            cleaned = cleaned[len(symbol) :]
            break
        if symbol and cleaned.endswith(symbol):
            cleaned = cleaned[: -len(symbol)]
            break
    group = re.escape(_SPACES.sub("", group_sign))
    decimal = re.escape(decimal_sign)
    grouped = rf"\d{{1,3}}(?:{group}\d{{3}})+|" if group else ""
    frac = rf"(?:{decimal}(?P<frac>\d{{1,{units}}}))?" if units else ""
    match = re.fullmatch(rf"(?P<int>{grouped}\d+)?{frac}", cleaned)
    if not cleaned or match is None or (match["int"] is None and not match.groupdict().get("frac")):
        raise InvalidCommand(
            template=template,
            params=hint,
            context={"amount": text, "currency": code},
        )
    whole = int(re.sub(r"\D", "", str(match["int"] or "0")))
    digits = str(match.groupdict().get("frac") or "").ljust(units, "0")
    scale: int = 10**units
    return whole * scale + int(digits or "0")


__all__ = [
    "CURRENCY_ENV",
    "DEFAULT_CURRENCY",
    "LOCALE_ENV",
    "NEUTRAL_LOCALE",
    "bcp47",
    "check_currency",
    "check_locale",
    "chips_locale",
    "current_currency",
    "current_locale",
    "format_chips",
    "format_money",
    "minor_units",
    "money_scope",
    "parse_money",
    "stay_in",
    "venue_currency",
    "venue_locale",
]
