"""Sign-ups from the phone: the personal link, the contact, the desk's one tap (issue 26).

The rules live in :mod:`pokertd.tournament.signups`; this service adds what the core may
not do: it makes the personal link's token (``secrets``) and stores only its SHA-256 in the
log, checks a mail address's shape (:func:`~pokertd.app.players.checked_email`), runs a
player's own steps (sign up, check in, withdraw) on behalf of whoever holds the link, and
when the desk seats a sign-up records its mail address in the player database
(:meth:`PlayerService.set_email`): the address never reaches a public page.

A player's own steps run at the floor role under the actor ``phone`` (``phone S12``): the
link is the player's proof, checked here; nobody reaches these commands through the staff
API without signing in.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

from pokertd.app.players import PlayerService, checked_email
from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_
from pokertd.roles import Caller, Role
from pokertd.tournament.entries import Roster
from pokertd.tournament.framework import EventRecord, TournamentState
from pokertd.tournament.signups import (
    CheckIn,
    MySignUp,
    SeatSignUp,
    SetSignUpLink,
    SignedUp,
    SignUp,
    SignUpBoard,
    SignUps,
    WithdrawSignUp,
    my_signup,
    signup_board,
    signup_of,
)

TOKEN_BYTES = 24
"""A link's secret: 192 random bits, 32 URL-safe characters."""
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{20,64}")
_PHONE_SHAPE = re.compile(r"\+?[0-9 ().-]{6,24}")
PHONE_ACTOR = "phone"


def token_hash(token: str) -> str:
    """The SHA-256 of a link's token, as the log keeps it."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh unguessable token for a personal link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def checked_contact(value: str) -> str:
    """``value`` as a contact: a mail address (its shape checked) or a phone number, ``""``
    for none; ``InvalidCommand`` in one sentence otherwise."""
    text = value.strip()
    if not text:
        return ""
    if "@" in text:
        return checked_email(text)
    if not _PHONE_SHAPE.fullmatch(text):
        raise InvalidCommand(
            template=N_("Give a mail address (name@example.org) or a phone number.")
        )
    return text


@dataclass(frozen=True, slots=True)
class SignedUpNow:
    """A new sign-up: its personal link's token (shown once) and what the link shows."""

    token: str
    mine: MySignUp


class SignUpService:
    """Sign-ups over the tournament service (and the player database for contacts)."""

    def __init__(self, tournaments: TournamentService, players: PlayerService) -> None:
        self.tournaments = tournaments
        self.players = players

    # ---- the player's own steps (the link is the proof) --------------------------------

    def sign_up(
        self,
        tid: str,
        *,
        name: str,
        card: str = "",
        contact: str = "",
        principal: Caller | None = None,
        actor: str = PHONE_ACTOR,
    ) -> SignedUpNow:
        """Sign a player up (from the phone, or the desk for him: ``principal``/``actor``);
        returns the token of the personal link (shown once, never stored)."""
        address = checked_contact(contact)
        token = new_token()
        records = self.tournaments.run(
            tid,
            SignUp(name=name, card=card, contact=address, token_hash=token_hash(token)),
            actor=actor,
            role=Role.FLOOR,
            principal=principal,
        )
        sid = next(r.event.signup_id for r in records if isinstance(r.event, SignedUp))
        mine = self.tournaments.read(tid, lambda s: signup_of(s, sid))
        assert mine is not None  # just written
        return SignedUpNow(token=token, mine=mine)

    def board(self, tid: str) -> SignUpBoard:
        """The sign-up list for the staff (console card, CLI)."""
        return self.tournaments.read(tid, signup_board)

    def mine(self, tid: str, token: str) -> MySignUp | None:
        """What the link shows, or ``None`` for an unknown, revoked or malformed token."""
        if not _TOKEN_SHAPE.fullmatch(token) or not self.tournaments.exists(tid):
            return None
        digest = token_hash(token)
        return self.tournaments.read(tid, lambda s: my_signup(s, digest))

    def _own(self, tid: str, token: str) -> MySignUp:
        mine = self.mine(tid, token)
        if mine is None:
            raise NotFound(template=N_("This link does not open a sign-up (withdrawn or revoked)."))
        return mine

    def check_in(self, tid: str, token: str) -> MySignUp:
        """The link's player checks in (refused, nothing written, outside the window)."""
        mine = self._own(tid, token)
        self.tournaments.run(
            tid,
            CheckIn(signup=mine.signup_id),
            actor=f"{PHONE_ACTOR} {mine.signup_id}",
            role=Role.FLOOR,
        )
        return self._own(tid, token)

    def withdraw(self, tid: str, token: str) -> None:
        """The link's player withdraws (the link stops working)."""
        mine = self._own(tid, token)
        self.tournaments.run(
            tid,
            WithdrawSignUp(signup=mine.signup_id),
            actor=f"{PHONE_ACTOR} {mine.signup_id}",
            role=Role.FLOOR,
        )

    def player_for_link(self, tid: str, token: str) -> str | None:
        """The tournament's player id (``P12``) of the link's player once an entry, else
        ``None``: the player phone view (``/t/{tid}/player``) knows who "I'm here" is."""
        mine = self.mine(tid, token)
        return mine.player_id if mine is not None and mine.player_id else None

    # ---- the desk -------------------------------------------------------------------

    def reissue(
        self, tid: str, signup: str, *, principal: Caller | None = None, actor: str = "system"
    ) -> str:
        """A new link for a sign-up (the old one stops working); returns its token."""
        token = new_token()
        self.tournaments.run(
            tid,
            SetSignUpLink(signup=signup, token_hash=token_hash(token)),
            principal=principal,
            actor=actor,
        )
        return token

    def seat(
        self,
        tid: str,
        signup: str,
        *,
        principal: Caller | None = None,
        actor: str = "system",
        age_ok: bool = False,
        member_ok: bool = False,
    ) -> list[EventRecord]:
        """The desk's one tap: register, pay and seat a checked-in sign-up; then its mail
        address, if it gave one, goes to the player database (private)."""
        command = SeatSignUp(signup=signup, age_ok=age_ok, member_ok=member_ok)
        records = self.tournaments.run(tid, command, principal=principal, actor=actor)
        staff = principal.name if principal is not None else actor
        self._keep_contact(tid, signup.strip().upper(), actor=staff)
        return records

    def _keep_contact(self, tid: str, signup_id: str, *, actor: str) -> None:
        def read(state: TournamentState) -> tuple[str, str]:
            row = state.part(SignUps).rows.get(signup_id)
            if row is None or "@" not in row.contact or not row.player_id:
                return "", ""
            player = state.part(Roster).players.get(row.player_id)
            return (player.db_id if player is not None else ""), row.contact

        db_id, address = self.tournaments.read(tid, read)
        if db_id:
            try:
                self.players.set_email(db_id, address, staff=actor)
            except (NotFound, InvalidCommand):  # pragma: no cover - checked at sign-up
                return
