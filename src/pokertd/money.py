"""Money as the floor types it and reads it: one parser, one formatter, in ``int`` cents.

A base module (like :mod:`pokertd.types`): every layer may import it. Amounts are exact
``int`` cents, never floats; rounding of shares happens once, by the payout rules.

Implements: NJ-44a, FOX-EVT (H1: amounts kept exactly, part by part).
"""

from __future__ import annotations

import re

from pokertd.errors import InvalidCommand
from pokertd.types import Cents

_MONEY = re.compile(r"^\$?(?P<int>\d{1,3}(?:,\d{3})+|\d+)?(?:\.(?P<frac>\d{1,2}))?$")


def parse_money(text: object) -> Cents:
    """Cents from money as people type it: ``$60``, ``60.00``, ``$4,074.00``, ``.50``.

    Exact (no floats). Commas must group thousands; at most two decimals; no sign. An
    ``int`` is taken as cents already (as templates store it). Garbage (``"sixty"``,
    ``"-5"``, ``"1.234"``, ``"4,07"``) raises :class:`~pokertd.errors.InvalidCommand`.

    >>> parse_money("$4,074.00"), parse_money("4074.5"), parse_money("100.05")
    (407400, 407450, 10005)
    >>> parse_money("$60"), parse_money("4,074"), parse_money(6000)
    (6000, 407400, 6000)
    """
    if isinstance(text, bool):
        raise InvalidCommand(f"{text!r} is not an amount of money")
    if isinstance(text, int):
        if text < 0:
            raise InvalidCommand(f"{text} cents: an amount of money cannot be negative")
        return text
    if not isinstance(text, str):
        raise InvalidCommand(f"{text!r} is not an amount of money: write it like $60 or 60.00")
    cleaned = text.strip().replace(" ", "")
    match = _MONEY.match(cleaned)
    if not cleaned or match is None or (match["int"] is None and match["frac"] is None):
        raise InvalidCommand(
            f"{text!r} is not an amount of money: write it like 4074, 4074.00 or $4,074.00",
            context={"amount": text},
        )
    whole = int((match["int"] or "0").replace(",", ""))
    frac = (match["frac"] or "").ljust(2, "0")
    return whole * 100 + int(frac or "0")


def format_money(cents: Cents) -> str:
    """``$4,074.00`` from 407400 cents (a minus sign before the dollar for negatives).

    >>> format_money(407400), format_money(-50)
    ('$4,074.00', '-$0.50')
    """
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{frac:02d}"


__all__ = ["format_money", "parse_money"]
