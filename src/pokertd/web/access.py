"""Who may read what: every staff read of the web goes through this module.

Writes are checked by the service (:mod:`pokertd.tournament.permissions`); reads are a web
matter (the service has no notion of a page), so their rules live here, once, and
``api``, ``pages`` and ``live`` call them:

- floor and director read every tournament's staff view, log, receipts, deal, CSV and PINs;
- a dealer is bound to ONE tournament and ONE table (their PIN session): they read only the
  *dealer view* of that tournament — the clock, the status and their own table's seats,
  no player list, no log, no member or card numbers — and nothing of any other tournament;
- the public reads the public view only;
- the player database (search, details, history) is read by floor and director only.
"""

from __future__ import annotations

from pokertd.errors import PermissionDenied
from pokertd.i18n import N_
from pokertd.roles import Role
from pokertd.web.auth import Principal, require

DEALER_AUDIENCE = "dealer:"
"""Prefix of a dealer's audience (``dealer:3`` is table 3's dealer view)."""


def dealer_of(who: Principal, tid: str) -> int | None:
    """The table ``who`` deals at in tournament ``tid``, or ``None`` (not a dealer there)."""
    if who.role is Role.DEALER and who.tournament == tid and who.table is not None:
        return who.table
    return None


def require_staff_read(who: Principal, tid: str, *, action: str, role: Role = Role.FLOOR) -> None:
    """Refuse unless ``who`` may read ``tid``'s staff data for ``action`` (floor by default).

    Anonymous callers get 401 (NotSignedIn), every other refusal 403. A dealer never passes
    a floor-level read, whatever the tournament; a dealer-level read (``role=DEALER``)
    passes only for the tournament their session is bound to.
    """
    require(who, role, action=action)
    if who.role is Role.DEALER and dealer_of(who, tid) is None:
        raise PermissionDenied(
            template=N_(
                "This dealer session is not for tournament %(tid)s: it may not %(action)s."
            ),
            params={"tid": repr(tid), "action": action},
        )


def require_player_read(who: Principal, *, action: str) -> None:
    """Refuse unless ``who`` may read the player database (issue 14): floor and up.

    Player details (card numbers, confirmations, history across every event) belong to no
    one tournament, so no dealer session reads them, whatever its table (403); the public
    gets 401. Writes to the database (merge, undo a merge, confirm) are the director's and
    are checked with the CSRF token by the routes (``web.people``).
    """
    require(who, Role.FLOOR, action=action)


def require_league_admin_read(who: Principal, *, action: str) -> None:
    """Refuse unless ``who`` may read a league's office data (championship preview, event
    ids): floor and up, never a dealer (403) or the public (401). Writes to leagues are
    the director's with the CSRF token, sign-outs the floor's (``web.leagues``)."""
    require(who, Role.FLOOR, action=action)


def require_simulate(who: Principal) -> None:
    """Refuse unless ``who`` may simulate a night from a template (issue 15): a director
    only (the public 401, anybody else 403), so nobody on the venue Wi-Fi burns the
    server's CPU anonymously."""
    require(who, Role.DIRECTOR, action="simulate a night")


def require_simulate_rest(who: Principal, tid: str) -> None:
    """Refuse unless ``who`` may simulate the rest of live tournament ``tid`` (issue 15):
    floor and up (who read every tournament's staff view); never a dealer or the public."""
    require_staff_read(who, tid, action="simulate the rest of tonight")


def require_simulation_read(who: Principal) -> None:
    """Refuse unless ``who`` is staff who may have started a simulation (floor and up);
    the job itself is then looked up under the caller's own session only."""
    require(who, Role.FLOOR, action="read a simulation")


def audience_for(who: Principal, tid: str, requested: str = "public") -> str:
    """The audience ``who`` actually receives when asking for ``requested`` of ``tid``.

    ``public`` (or anything unknown) is the public push (``stream``). ``staff`` and
    ``dealer`` need a signed-in caller: floor and up get ``staff``; the dealer of a table of
    ``tid`` gets ``dealer:<table>`` (never the staff view); anybody else is refused.
    """
    if requested not in ("staff", "dealer"):
        return "stream"
    require(who, Role.DEALER, action="watch the staff view")
    if who.role.at_least(Role.FLOOR):
        return "staff"
    table = dealer_of(who, tid)
    if table is None:
        raise PermissionDenied(
            template=N_("This dealer session is not for tournament %(tid)s."),
            params={"tid": repr(tid)},
        )
    return f"{DEALER_AUDIENCE}{table}"


def staff_audience(who: Principal, tid: str) -> str:
    """The richest view ``who`` may read of ``tid`` (``staff`` or ``dealer:<table>``)."""
    return audience_for(who, tid, "staff")


def may_open_dealer_page(who: Principal, tid: str, table: int) -> bool:
    """Whether ``who`` may see table ``table``'s dealer page of ``tid`` (else: the PIN form)."""
    return who.role.at_least(Role.FLOOR) or dealer_of(who, tid) == table


def table_of_audience(audience: str) -> int | None:
    """The table of a ``dealer:<table>`` audience (``None`` for any other audience)."""
    if not audience.startswith(DEALER_AUDIENCE):
        return None
    text = audience[len(DEALER_AUDIENCE) :]
    return int(text) if text.isascii() and text.isdigit() else None


__all__ = [
    "DEALER_AUDIENCE",
    "audience_for",
    "dealer_of",
    "may_open_dealer_page",
    "require_league_admin_read",
    "require_player_read",
    "require_simulate",
    "require_simulate_rest",
    "require_simulation_read",
    "require_staff_read",
    "staff_audience",
    "table_of_audience",
]
