"""Printable receipts of prizes paid (FOX-PAY2-4): the lines the cashier prints and signs.

A receipt states only what was checked, in the venue's words, each line citing the rule of
*this* venue that asks for it (issue 23): the ID line where the cashier ticked "ID checked"
(Foxwoods: "current valid ID", FOX-PAY2; a venue whose rulebook asks for no ID gets the plain
fact, no rule), the SSN/ITIN line only where the profile's tax reporting asks for it and the
cashier ticked "SSN/ITIN taken for the tax form" (FOX-PAY2-4).

Implements: FOX-PAY2, FOX-PAY3, FOX-PAY4.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, tzinfo

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


def receipt_text(
    state: TournamentState,
    player: str,
    *,
    venue: str = "",
    records: Iterable[EventRecord] = (),
    zone: tzinfo = UTC,
) -> str:
    """A printable receipt for a prize recorded with :class:`PayPrize`.

    With the tournament's ``records`` the receipt gives the date and time of the payment in
    ``zone``, the venue's time zone (configuration the faces pass in), so the web and the CLI
    print the same local time; without them, the date recorded with the payment.
    """
    setup = state.part(Setup)
    entry_id = _paid_entry(state, player)
    paid = state.part(PrizeBook).paid[entry_id]
    when = paid_at(state, records, entry_id)
    local = when.astimezone(zone) if when is not None else None
    width = 44
    lines = [
        (venue or setup.profile.title).center(width),
        setup.name.center(width),
        "PRIZE RECEIPT".center(width),
        "-" * width,
        f"Player: {paid.name}",
        f"Place: {paid.place}",
        f"Date won: {local.date().isoformat() if local else paid.won_on}",
        *([f"Paid at: {local.strftime('%H:%M')}"] if local else []),
        f"Prize: {format_money(paid.amount)}",
    ]
    if paid.bounty:
        lines.append(f"Bounties: {format_money(paid.bounty)}")
    if paid.withheld:
        lines.append(f"US tax withheld: {format_money(paid.withheld)}")
    lines.append(f"Paid: {format_money(paid.paid)}")
    lines.append("-" * width)
    profile = setup.profile
    claims, tax = profile.citation("H11"), profile.citation("H10")
    lines += checked_lines(paid, profile)
    if paid.w2g:
        lines.append(f"Form W-2G issued. ({tax})")
    if paid.form_1042s:
        lines.append(f"Form 1042-S issued. ({tax})")
    if paid.voucher_expires:
        lines.append(f"Voucher expires {paid.voucher_expires}. ({claims})")
    if not paid.transferable:
        lines.append(f"Not transferable. ({claims})")
    lines += ["", "Player signature: ____________________", "Cashier: ____________________"]
    return "\n".join(lines) + "\n"


def checked_lines(paid: PaidPrize, profile: RuleProfile) -> list[str]:
    """What the cashier checked before paying ``paid``, as receipt lines: nothing more.

    - "ID checked": where the venue's rulebook requires ID to claim a prize
      (``prize_id_required``; FOX-PAY2 "a current valid ID") the line says so in its words
      and cites that rule; elsewhere no rule asks, and the line states the fact alone.
    - "SSN/ITIN taken for the tax form" (only where :func:`tax_id_asked`): the ITIN for a
      foreign player's Form 1042-S (FOX-PAY4), the SSN for a W-2G at or above the
      threshold (FOX-PAY3, $5,001), else the SSN every winner gives (FOX-PAY2).

    Implements: FOX-PAY2, FOX-PAY3, FOX-PAY4.
    """
    lines: list[str] = []
    if paid.id_checked:
        if profile.prize_id_required:
            rule = field_citation(profile, "prize_id_required")
            lines.append(f"Current valid ID checked. ({rule})")
        else:
            lines.append("Photo ID checked.")
    if paid.tax_id_taken and tax_id_asked(profile):
        if paid.form_1042s:
            rule = field_citation(profile, "foreign_withholding_pct")
            lines.append(f"ITIN taken for Form 1042-S. ({rule})")
        elif paid.w2g:
            rule = field_citation(profile, "w2g_threshold_cents")
            lines.append(f"Social security number taken for Form W-2G. ({rule})")
        elif profile.prize_id_required:
            rule = field_citation(profile, "prize_id_required")
            lines.append(f"Social security number taken. ({rule})")
        else:
            lines.append("Social security number taken.")
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
    "checked_lines",
    "paid_at",
    "receipt_text",
]
