"""Read models for the floor's money pages: receipts of paid prizes, the standings CSV, the deal.

Thin glue over ``tournament.prizes`` (the same functions ``pokertd receipt``, ``pokertd
standings --csv`` and ``pokertd deal T status`` use): no rules here, only the lookup of the
tournament's state under the service's lock (``service.read``).

Implements (display only): FOX-73 (deal terms and approval shown to the floor), the prize
receipts and standings export of issue 7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokertd.app.results import receipt_words
from pokertd.codec import to_json
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.prizes import (
    PrizeBook,
    deal_view,
    receipt_text,
    standings,
    standings_csv,
)

if TYPE_CHECKING:
    from pokertd.web.context import Web


def receipts(web: Web, tid: str, player: str = "", lang: str = "en") -> list[dict[str, Any]]:
    """Every paid prize (place order) with its printable receipt in ``lang``; ``player``
    filters by name."""
    want = player.strip().lower()
    zone = web.settings.zone()
    words = receipt_words(lang, zone)

    def read(state: TournamentState) -> list[dict[str, Any]]:
        paid = sorted(state.part(PrizeBook).paid.values(), key=lambda p: (p.place, p.name))
        recs = web.app.tournaments.records(tid) if paid else []
        return [
            {
                "name": p.name,
                "place": p.place,
                "amount": p.amount,
                "paid": p.paid,
                "text": receipt_text(state, p.name, records=recs, zone=zone, words=words),
            }
            for p in paid
            if not want or p.name.lower() == want
        ]

    return web.app.tournaments.read(tid, read)


def standings_text(web: Web, tid: str) -> str:
    """The standings as CSV (``tournament.prizes.standings_csv``)."""
    now = web.now()
    return web.app.tournaments.read(tid, lambda state: standings_csv(standings(state, now)))


def deal(web: Web, tid: str) -> dict[str, Any] | None:
    """The deal under discussion or made (``tournament.prizes.deal_view``), or ``None``."""

    def read(state: TournamentState) -> dict[str, Any] | None:
        found = deal_view(state)
        return None if found is None else dict(to_json(found))

    return web.app.tournaments.read(tid, read)


__all__ = ["deal", "receipts", "standings_text"]
