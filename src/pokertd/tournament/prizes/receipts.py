"""Printable receipts of prizes paid (FOX-PAY2-4): the lines the cashier prints and signs.

A receipt states only what was checked, in the venue's words, each line citing the rule of
*this* venue that asks for it (issue 23): the ID line where the cashier ticked "ID checked"
(Foxwoods: "current valid ID", FOX-PAY2; a venue whose rulebook asks for no ID gets the plain
fact, no rule), the SSN/ITIN line only where the profile's tax reporting asks for it and the
cashier ticked "SSN/ITIN taken for the tax form" (FOX-PAY2-4).

Implements: FOX-PAY2, FOX-PAY3, FOX-PAY4.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Any

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.money import format_money
from pokertd.rules.profile import RuleProfile, field_citation
from pokertd.tournament.entries.state import (
    Roster,
    Setup,
    find_player,
)
from pokertd.tournament.framework import (
    EventRecord,
    TournamentState,
)
from pokertd.tournament.prizes.payouts import tax_id_asked
from pokertd.tournament.prizes.state import PaidPrize, PrizeBook


def _english(msgid: str, params: Mapping[str, Any]) -> str:
    return msgid % params if params else msgid


@dataclass(frozen=True)
class ReceiptWords:
    """How a face writes a receipt: its sentences in the reader's language (``say`` gets
    a catalogue msgid and its parameters) and the payment's day and time of day in the
    venue's locale. The default is English with the ISO day and a 24-hour time, so the
    core needs no catalogue; the faces pass :func:`pokertd.app.results.receipt_words`
    (issue 27: receipts are a text a person reads)."""

    say: Callable[[str, Mapping[str, Any]], str] = _english
    day: Callable[[datetime], str] = lambda at: at.date().isoformat()
    time: Callable[[datetime], str] = lambda at: at.strftime("%H:%M")


def receipt_text(
    state: TournamentState,
    player: str,
    *,
    venue: str = "",
    records: Iterable[EventRecord] = (),
    zone: tzinfo = UTC,
    words: ReceiptWords = ReceiptWords(),
) -> str:
    """A printable receipt for a prize recorded with :class:`PayPrize`.

    With the tournament's ``records`` the receipt gives the date and time of the payment in
    ``zone``, the venue's time zone (configuration the faces pass in), so the web and the CLI
    print the same local time; without them, the date recorded with the payment. ``words``
    gives its lines in the reader's language; rule IDs stay as written.
    """
    setup = state.part(Setup)
    entry_id = _paid_entry(state, player)
    paid = state.part(PrizeBook).paid[entry_id]
    when = paid_at(state, records, entry_id)
    local = when.astimezone(zone) if when is not None else None
    say = words.say
    width = 44
    lines = [
        (venue or setup.profile.title).center(width),
        setup.name.center(width),
        say(N_("PRIZE RECEIPT"), {}).center(width),
        "-" * width,
        say(N_("Player: %(name)s"), {"name": paid.name}),
        say(N_("Place: %(place)s"), {"place": paid.place}),
        say(N_("Date won: %(day)s"), {"day": words.day(local) if local else paid.won_on}),
        *([say(N_("Paid at: %(time)s"), {"time": words.time(local)})] if local else []),
        say(N_("Prize: %(amount)s"), {"amount": format_money(paid.amount)}),
    ]
    if paid.bounty:
        lines.append(say(N_("Bounties: %(amount)s"), {"amount": format_money(paid.bounty)}))
    if paid.withheld:
        lines.append(
            say(N_("US tax withheld: %(amount)s"), {"amount": format_money(paid.withheld)})
        )
    lines.append(say(N_("Paid: %(amount)s"), {"amount": format_money(paid.paid)}))
    lines.append("-" * width)
    profile = setup.profile
    claims, tax = profile.citation("H11"), profile.citation("H10")
    lines += checked_lines(paid, profile, words)
    if paid.w2g:
        lines.append(say(N_("Form W-2G issued. (%(rule)s)"), {"rule": tax}))
    if paid.form_1042s:
        lines.append(say(N_("Form 1042-S issued. (%(rule)s)"), {"rule": tax}))
    if paid.voucher_expires:
        lines.append(
            say(
                N_("Voucher expires %(day)s. (%(rule)s)"),
                {"day": paid.voucher_expires, "rule": claims},
            )
        )
    if not paid.transferable:
        lines.append(say(N_("Not transferable. (%(rule)s)"), {"rule": claims}))
    line = "____________________"
    lines += [
        "",
        say(N_("Player signature: %(line)s"), {"line": line}),
        say(N_("Cashier: %(line)s"), {"line": line}),
    ]
    return "\n".join(lines) + "\n"


def checked_lines(
    paid: PaidPrize, profile: RuleProfile, words: ReceiptWords = ReceiptWords()
) -> list[str]:
    """What the cashier checked before paying ``paid``, as receipt lines: nothing more.

    - "ID checked": where the venue's rulebook requires ID to claim a prize
      (``prize_id_required``; FOX-PAY2 "a current valid ID") the line says so in its words
      and cites that rule; elsewhere no rule asks, and the line states the fact alone.
    - "SSN/ITIN taken for the tax form" (only where :func:`tax_id_asked`): the ITIN for a
      foreign player's Form 1042-S (FOX-PAY4), the SSN for a W-2G at or above the
      threshold (FOX-PAY3, $5,001), else the SSN every winner gives (FOX-PAY2).

    Implements: FOX-PAY2, FOX-PAY3, FOX-PAY4.
    """
    say = words.say
    lines: list[str] = []
    if paid.id_checked:
        if profile.prize_id_required:
            rule = field_citation(profile, "prize_id_required")
            lines.append(say(N_("Current valid ID checked. (%(rule)s)"), {"rule": rule}))
        else:
            lines.append(say(N_("Photo ID checked."), {}))
    if paid.tax_id_taken and tax_id_asked(profile):
        if paid.form_1042s:
            rule = field_citation(profile, "foreign_withholding_pct")
            lines.append(say(N_("ITIN taken for Form 1042-S. (%(rule)s)"), {"rule": rule}))
        elif paid.w2g:
            rule = field_citation(profile, "w2g_threshold_cents")
            lines.append(
                say(N_("Social security number taken for Form W-2G. (%(rule)s)"), {"rule": rule})
            )
        elif profile.prize_id_required:
            rule = field_citation(profile, "prize_id_required")
            lines.append(say(N_("Social security number taken. (%(rule)s)"), {"rule": rule}))
        else:
            lines.append(say(N_("Social security number taken."), {}))
    return lines


def paid_at(
    state: TournamentState, records: Iterable[EventRecord], entry_id: str
) -> datetime | None:
    """When the prize of ``entry_id`` was paid: the latest payment not undone, else ``None``."""
    undone = {b.batch for b in state.batches if b.undone}
    found = None
    for r in records:
        event = r.event
        if (
            r.batch not in undone
            and event.type == "prize_paid"  # prizes.log.PrizePaid (receipts sit below log)
            and getattr(event, "entry_id", None) == entry_id
        ):
            found = r.recorded_at
    return found


def _paid_entry(state: TournamentState, player: str) -> str:
    roster = state.part(Roster)
    book = state.part(PrizeBook)
    who = find_player(state, player)
    for eid in reversed(roster.players[who.player_id].entries):
        if eid in book.paid:
            return eid
    raise InvalidCommand(
        template=N_("No prize has been paid to %(name)s yet."), params={"name": who.name}
    )


__all__ = [
    "ReceiptWords",
    "checked_lines",
    "paid_at",
    "receipt_text",
]
