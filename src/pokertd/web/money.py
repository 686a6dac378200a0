"""Read models for the floor's money pages: receipts of paid prizes, the standings CSV, the deal.

Thin glue over ``tournament.prizes`` (the same functions ``pokertd receipt``, ``pokertd
standings --csv`` and ``pokertd deal T status`` use): no rules here, only the lookup of the
tournament's state under its lock.

Implements (display only): FOX-73 (deal terms and approval shown to the floor), the prize
receipts and standings export of issue 7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokertd.tournament.prizes import (
    PrizeBook,
    deal_view,
    receipt_text,
    standings,
    standings_csv,
)
from pokertd.web import snapshot, views

if TYPE_CHECKING:
    from pokertd.web.app import Web


def receipts(web: Web, tid: str, player: str = "") -> list[dict[str, Any]]:
    """Every paid prize (place order) with its printable receipt; ``player`` filters by name."""
    with views.lock(tid):
        state = web.service.state(tid)
        paid = sorted(state.part(PrizeBook).paid.values(), key=lambda p: (p.place, p.name))
        want = player.strip().lower()
        out: list[dict[str, Any]] = []
        for p in paid:
            if want and p.name.lower() != want:
                continue
            out.append({"name": p.name, "place": p.place, "amount": p.amount,
                        "paid": p.paid, "text": receipt_text(state, p.name)})
    return out


def standings_text(web: Web, tid: str) -> str:
    """The standings as CSV (``tournament.prizes.standings_csv``)."""
    with views.lock(tid):
        state = web.service.state(tid)
        return standings_csv(standings(state, web.now()))


def deal(web: Web, tid: str) -> dict[str, Any] | None:
    """The deal under discussion or made (``tournament.prizes.deal_view``), or ``None``."""
    with views.lock(tid):
        found = deal_view(web.service.state(tid))
    return None if found is None else dict(snapshot.jsonable(found))


__all__ = ["deal", "receipts", "standings_text"]
