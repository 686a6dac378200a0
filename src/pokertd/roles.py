"""Staff roles: who may do what, shared by the service, the web and the CLI.

Each role includes every right of the roles below it: public < dealer < floor < director.
The role each command needs lives in :mod:`pokertd.tournament.permissions`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol


class Role(StrEnum):
    """Who may do what: each role includes every right of the roles below it."""

    PUBLIC = "public"
    DEALER = "dealer"
    FLOOR = "floor"
    DIRECTOR = "director"

    @property
    def rank(self) -> int:
        """Order of rights: public 0 < dealer 1 < floor 2 < director 3."""
        return _RANK[self]

    def at_least(self, other: Role) -> bool:
        """Whether this role has every right of ``other``."""
        return self.rank >= other.rank


_RANK = {Role.PUBLIC: 0, Role.DEALER: 1, Role.FLOOR: 2, Role.DIRECTOR: 3}


class Caller(Protocol):
    """Who runs a command, as the service checks it (the web's ``Principal`` is one).

    A dealer is bound to one tournament and one table; staff and the public are not
    (``tournament`` and ``table`` are ``None``).
    """

    @property
    def name(self) -> str: ...

    @property
    def role(self) -> Role: ...

    @property
    def tournament(self) -> str | None: ...

    @property
    def table(self) -> int | None: ...


__all__ = ["Caller", "Role"]
