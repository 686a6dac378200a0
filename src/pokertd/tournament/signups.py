"""Sign-ups before the night: places, the waiting list, check-in by groups, no-shows (issue 26).

A player signs up from the phone (:class:`SignUp`) and holds a *place* or a *waitlist
position*; the director sets the capacity, whether a sign-up needs approval, the check-in
groups and the no-show release time (:class:`SetSignUps`). When the director opens the
check-in window for a group (:class:`OpenCheckIn`) its players check in from their phones
(:class:`CheckIn`); at the release time those holding a place who have not checked in lose
it (:class:`ReleaseNoShows`) and the waiting list moves up in order (A12: alternates are
seated strictly in list order). At the desk a checked-in player is one tap to "paid and
seated" (:class:`SeatSignUp`): the very :class:`~pokertd.tournament.entries.Register` path
the desk uses (the same checks, events and citations: the registration window A4, the
alternates A12, one event at a time FOX-REG5/A13, age and membership A1 — those stay the
floor's to confirm at the desk) with the sign-up marked seated, in one batch.

A sign-up is a reservation, not a registration: a venue that takes no reservations or
remote registrations (FOX-REG3, SPOT-2c1: ``reg_remote_allowed = false``) refuses it
(A2); a venue that keeps no alternate list (NJ, TNPL: ``alternates_enabled = false``)
keeps no waiting list either (A12); a venue that requires a member number at
registration asks for it at sign-up (A1: KPC-57, FOX-REG9).

Places and waitlist positions are derived, never stored: the sign-ups listed (approved
where approval is needed, not withdrawn, declined or released) in the order they were
listed; the first ``capacity`` hold places (a seated one keeps his). The personal link's
token is made by the application (``secrets``); the log keeps only its SHA-256 hash
(``token_hash``), so the log never holds a usable link.

One module in three sections: rules and state, the log (events, commands, deciders,
appliers), views. Pure: the time comes in as ``ctx.now``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Annotated, TypeAlias

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Nn_, Phrase, Sentence
from pokertd.tournament import limits as lim
from pokertd.tournament.entries.log import EntryBought, PlayerAdded, Register
from pokertd.tournament.entries.state import Roster, Setup, registration_open
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    LooksElsewhere,
    TournamentState,
    applies,
    decide,
    decides,
    event,
    state_part,
)

# ======================================================================================
# Rules and state

CONTACT_MAX = 254
"""A mail address (RFC 5321's path limit) or a phone number."""
PER_CONTACT_DEFAULT = 2
"""Sign-ups one contact may hold in one event unless the director sets otherwise."""

SignUpRef: TypeAlias = Annotated[str, lim.Text(N_("A sign-up"), lim.SHORT_MAX)]
"""A sign-up's id (``S12``)."""
GroupName: TypeAlias = Annotated[str, lim.Text(N_("A check-in group"), lim.SHORT_MAX)]
Contact: TypeAlias = Annotated[str, lim.Text(N_("A contact"), CONTACT_MAX)]
TokenHash: TypeAlias = Annotated[str, lim.Text(N_("A link's hash"), 64)]
PerContact: TypeAlias = Annotated[int, lim.Whole(N_("Sign-ups per contact"), 1, 100)]
GroupSize: TypeAlias = Annotated[int, lim.Whole(N_("A check-in group's size"), 1, lim.PLAYERS_MAX)]


class SignUpStatus(StrEnum):
    """Where a sign-up stands."""

    PENDING = "pending"
    """Waiting for the director's approval."""
    LISTED = "listed"
    """Holds a place or a waitlist position."""
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    RELEASED = "released"
    """Lost the place as a no-show (not checked in by the release time)."""
    SEATED = "seated"
    """Paid and seated at the desk: an entry of the tournament."""


@dataclass(slots=True)
class SignUpRow:
    """One sign-up as the state holds it."""

    signup_id: str
    name: str
    card: str = ""
    contact: str = ""
    """Private: never shown on a public page."""
    group: str = ""
    status: SignUpStatus = SignUpStatus.LISTED
    rank: int = 0
    """The order in which it was listed (its turn for a place)."""
    checked_in: bool = False
    token_hash: str = ""
    """The SHA-256 of the personal link's token ("" once revoked)."""
    entry_id: str = ""
    player_id: str = ""
    at: str = ""


@state_part
@dataclass
class SignUps:
    """The sign-up list and the director's settings."""

    capacity: int | None = None
    """Places before the waiting list (``None``: everyone has a place)."""
    approval: bool = False
    group_size: int | None = None
    """Check-in groups by sign-up order: group 1 is the first ``group_size`` sign-ups."""
    release_at: str = ""
    """When no-shows lose their place (ISO time, "" = whenever the director says)."""
    per_contact: int = PER_CONTACT_DEFAULT
    rows: dict[str, SignUpRow] = field(default_factory=dict)
    by_hash: dict[str, str] = field(default_factory=dict)
    open_groups: list[str] = field(default_factory=list)
    """Groups whose check-in window is open ("*" = every group)."""
    listed: int = 0
    """How many sign-ups were ever listed (the next rank)."""


def group_for(number: int, group_size: int | None) -> str:
    """The check-in group of the ``number``-th sign-up (1-based) when groups go by sign-up
    order: ``group_for(11, 10) == "2"``; "1" when there are no groups."""
    return "1" if not group_size else str(1 + (number - 1) // group_size)


def standing(part: SignUps) -> tuple[list[SignUpRow], list[SignUpRow]]:
    """``(places, waitlist)``: the listed and seated sign-ups in the order they were
    listed; the first ``capacity`` hold places (A12: the list moves up in order)."""
    active = sorted(
        (r for r in part.rows.values() if r.status in (SignUpStatus.LISTED, SignUpStatus.SEATED)),
        key=lambda r: r.rank,
    )
    if part.capacity is None:
        return active, []
    seated = [r for r in active if r.status is SignUpStatus.SEATED]
    others = [r for r in active if r.status is not SignUpStatus.SEATED]
    free = max(0, part.capacity - len(seated))
    places = sorted(seated + others[:free], key=lambda r: r.rank)
    return places, others[free:]


def window_open(part: SignUps, group: str) -> bool:
    """Whether ``group``'s check-in window is open."""
    return "*" in part.open_groups or group in part.open_groups


def contact_key(contact: str) -> str:
    """A contact as compared for the per-contact cap: mail addresses without case, phone
    numbers by their digits."""
    text = contact.strip().lower()
    if "@" in text:
        return text
    return "".join(ch for ch in text if ch.isdigit())


def clean_name(name: str) -> str:
    """A name as the desk stores it: spaces collapsed, NFC (``Register``'s own rule)."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


# ======================================================================================
# Log: events


@event("signups_set")
class SignUpsSet(Event):
    """The director set the sign-up rules for this event."""

    capacity: int | None = None
    approval: bool = False
    group_size: int | None = None
    release_at: str = ""
    per_contact: int = PER_CONTACT_DEFAULT

    def said(self) -> Sentence:
        cap = (
            Sentence(N_("no limit"))
            if self.capacity is None
            else Sentence(N_("%(n)s places"), {"n": self.capacity})
        )
        groups = (
            Sentence(N_(", check-in groups of %(n)s"), {"n": self.group_size})
            if self.group_size
            else ""
        )
        release = (
            Sentence(N_(", no-shows released at %(time)s"), {"time": self.release_at[11:16]})
            if self.release_at
            else ""
        )
        approval = Sentence(N_(", approval needed")) if self.approval else ""
        return Sentence(
            N_("Sign-ups: %(cap)s%(approval)s%(groups)s%(release)s"),
            {"cap": cap, "approval": approval, "groups": groups, "release": release},
        )


@event("signed_up")
class SignedUp(Event):
    """A player signed up (a place or a waitlist position follows from the list)."""

    signup_id: str
    name: str
    card: str = ""
    contact: str = ""
    group: str = "1"
    pending: bool = False
    token_hash: str = ""
    at: str = ""

    def said(self) -> Sentence:
        if self.pending:
            return Sentence(N_("%(name)s signed up (waiting for approval)"), {"name": self.name})
        return Sentence(N_("%(name)s signed up"), {"name": self.name})


@event("signup_approved")
class SignUpApproved(Event):
    """The director approved a pending sign-up."""

    signup_id: str
    name: str

    def said(self) -> Sentence:
        return Sentence(N_("Approved the sign-up of %(name)s"), {"name": self.name})


@event("signup_declined")
class SignUpDeclined(Event):
    """The director declined a pending sign-up."""

    signup_id: str
    name: str
    reason: str = ""

    def said(self) -> Sentence:
        return Sentence(N_("Declined the sign-up of %(name)s"), {"name": self.name})


@event("signup_withdrawn")
class SignUpWithdrawn(Event):
    """A player gave up a place or a waitlist position (its link stops working)."""

    signup_id: str
    name: str

    def said(self) -> Sentence:
        return Sentence(N_("%(name)s withdrew"), {"name": self.name})


@event("checkin_opened")
class CheckInOpened(Event):
    """The check-in window opened for a group ("*" = every group)."""

    group: str
    at: str = ""

    def said(self) -> Sentence:
        if self.group == "*":
            return Sentence(N_("Check-in opened"))
        return Sentence(N_("Check-in opened for group %(group)s"), {"group": self.group})


@event("checkin_closed")
class CheckInClosed(Event):
    """The check-in window closed for a group ("*" = every group)."""

    group: str

    def said(self) -> Sentence:
        if self.group == "*":
            return Sentence(N_("Check-in closed"))
        return Sentence(N_("Check-in closed for group %(group)s"), {"group": self.group})


@event("checked_in")
class CheckedIn(Event):
    """A signed-up player checked in (is here)."""

    signup_id: str
    name: str
    at: str = ""

    def said(self) -> Sentence:
        return Sentence(N_("%(name)s checked in"), {"name": self.name})


@event("no_shows_released")
class NoShowsReleased(Event):
    """Players holding a place who had not checked in lost it; the waiting list moved up
    in order (A12)."""

    signup_ids: tuple[str, ...]
    names: tuple[str, ...] = ()
    at: str = ""
    rules: tuple[str, ...] = ()

    def said(self) -> Sentence:
        released = Nn_(
            "Released %(n)s no-show: the waiting list moves up%(cited)s",
            "Released %(n)s no-shows: the waiting list moves up%(cited)s",
        )
        cited = f" [{', '.join(self.rules)}]" if self.rules else ""
        return Sentence(released[0], {"cited": cited}, plural=released[1], n=len(self.signup_ids))


@event("signup_seated")
class SignUpSeated(Event):
    """A checked-in sign-up was registered, paid and seated at the desk (same batch as
    the registration's own events)."""

    signup_id: str
    name: str
    player_id: str
    entry_id: str

    def said(self) -> Sentence:
        return Sentence(N_("%(name)s paid and seated from the sign-up list"), {"name": self.name})


@event("signup_link_set")
class SignUpLinkSet(Event):
    """The personal link was issued again (``token_hash``) or revoked (``""``)."""

    signup_id: str
    name: str
    token_hash: str = ""

    def said(self) -> Sentence:
        if self.token_hash:
            return Sentence(N_("Desk issued a new link for %(name)s"), {"name": self.name})
        return Sentence(N_("Desk revoked the link of %(name)s"), {"name": self.name})


@event("signup_grouped")
class SignUpGrouped(Event):
    """The director named the check-in group of some sign-ups."""

    signup_ids: tuple[str, ...]
    group: str

    def said(self) -> Sentence:
        grouped = Nn_(
            "%(n)s sign-up(s) put in check-in group %(group)s",
            "%(n)s sign-up(s) put in check-in group %(group)s",
        )
        return Sentence(
            grouped[0], {"group": self.group}, plural=grouped[1], n=len(self.signup_ids)
        )


# --------------------------------------------------------------------------------------
# Appliers


@applies(SignUpsSet)
def _apply_set(state: TournamentState, ev: SignUpsSet) -> None:
    part = state.part(SignUps)
    part.capacity = ev.capacity
    part.approval = ev.approval
    part.group_size = ev.group_size
    part.release_at = ev.release_at
    part.per_contact = ev.per_contact


@applies(SignedUp)
def _apply_signed_up(state: TournamentState, ev: SignedUp) -> None:
    part = state.part(SignUps)
    row = SignUpRow(
        signup_id=ev.signup_id,
        name=ev.name,
        card=ev.card,
        contact=ev.contact,
        group=ev.group,
        status=SignUpStatus.PENDING if ev.pending else SignUpStatus.LISTED,
        token_hash=ev.token_hash,
        at=ev.at,
    )
    if not ev.pending:
        part.listed += 1
        row.rank = part.listed
    part.rows[ev.signup_id] = row
    if ev.token_hash:
        part.by_hash[ev.token_hash] = ev.signup_id


@applies(SignUpApproved)
def _apply_approved(state: TournamentState, ev: SignUpApproved) -> None:
    part = state.part(SignUps)
    part.listed += 1
    row = part.rows[ev.signup_id]
    row.status = SignUpStatus.LISTED
    row.rank = part.listed


def _drop_link(part: SignUps, row: SignUpRow) -> None:
    part.by_hash.pop(row.token_hash, None)
    row.token_hash = ""


@applies(SignUpDeclined)
def _apply_declined(state: TournamentState, ev: SignUpDeclined) -> None:
    part = state.part(SignUps)
    part.rows[ev.signup_id].status = SignUpStatus.DECLINED


@applies(SignUpWithdrawn)
def _apply_withdrawn(state: TournamentState, ev: SignUpWithdrawn) -> None:
    part = state.part(SignUps)
    row = part.rows[ev.signup_id]
    row.status = SignUpStatus.WITHDRAWN
    _drop_link(part, row)


@applies(CheckInOpened)
def _apply_opened(state: TournamentState, ev: CheckInOpened) -> None:
    part = state.part(SignUps)
    if ev.group not in part.open_groups:
        part.open_groups.append(ev.group)


@applies(CheckInClosed)
def _apply_closed(state: TournamentState, ev: CheckInClosed) -> None:
    part = state.part(SignUps)
    part.open_groups = [] if ev.group == "*" else [g for g in part.open_groups if g != ev.group]


@applies(CheckedIn)
def _apply_checked_in(state: TournamentState, ev: CheckedIn) -> None:
    state.part(SignUps).rows[ev.signup_id].checked_in = True


@applies(NoShowsReleased)
def _apply_released(state: TournamentState, ev: NoShowsReleased) -> None:
    part = state.part(SignUps)
    for sid in ev.signup_ids:
        part.rows[sid].status = SignUpStatus.RELEASED


@applies(SignUpSeated)
def _apply_seated(state: TournamentState, ev: SignUpSeated) -> None:
    row = state.part(SignUps).rows[ev.signup_id]
    row.status = SignUpStatus.SEATED
    row.player_id = ev.player_id
    row.entry_id = ev.entry_id


@applies(SignUpLinkSet)
def _apply_link(state: TournamentState, ev: SignUpLinkSet) -> None:
    part = state.part(SignUps)
    row = part.rows[ev.signup_id]
    _drop_link(part, row)
    if ev.token_hash:
        row.token_hash = ev.token_hash
        part.by_hash[ev.token_hash] = ev.signup_id


@applies(SignUpGrouped)
def _apply_grouped(state: TournamentState, ev: SignUpGrouped) -> None:
    part = state.part(SignUps)
    for sid in ev.signup_ids:
        part.rows[sid].group = ev.group


# --------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True, slots=True, kw_only=True)
class SetSignUps(Command):
    """The director's sign-up rules: capacity (``None``: no limit), approval, check-in
    groups by sign-up order, the no-show release time, sign-ups per contact."""

    capacity: lim.Places | None = None
    approval: bool = False
    group_size: GroupSize | None = None
    release_at: datetime | None = None
    per_contact: PerContact = PER_CONTACT_DEFAULT


@dataclass(frozen=True, slots=True, kw_only=True)
class SignUp(Command):
    """A player signs up (from the phone, or the desk for him). ``token_hash`` is the
    SHA-256 of the personal link's token, made by the application."""

    name: lim.PlayerName
    card: lim.CardNumber = ""
    contact: Contact = ""
    token_hash: TokenHash = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ApproveSignUp(Command):
    """The director approves a pending sign-up (it joins the list now)."""

    signup: SignUpRef


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclineSignUp(Command):
    """The director declines a pending sign-up."""

    signup: SignUpRef
    reason: lim.Reason = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawSignUp(Command):
    """A player gives up the place or waitlist position (the link, or the desk)."""

    signup: SignUpRef


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenCheckIn(Command):
    """Open the check-in window for a group ("*" or "": every group)."""

    group: GroupName = "*"


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseCheckIn(Command):
    """Close the check-in window for a group ("*" or "": every group)."""

    group: GroupName = "*"


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckIn(Command):
    """A signed-up player is here (the link, or the desk for him)."""

    signup: SignUpRef


@dataclass(frozen=True, slots=True, kw_only=True)
class ReleaseNoShows(Command):
    """At the release time, places not checked in go to the waiting list in order (A12)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSignUp(LooksElsewhere):
    """The desk's one tap: a checked-in sign-up with a place is registered, paid and seated
    through :class:`Register` (same checks: A1 age and membership confirmed by the floor,
    A4, A12, FOX-REG5)."""

    signup: SignUpRef
    age_ok: bool = False
    member_ok: bool = False
    player_id: lim.PlayerDbId | None = None
    """The person in the player database (the service fills it, as for Register)."""

    def looks_elsewhere(self, state: TournamentState) -> bool:
        """Other events matter where the profile allows one live event (FOX-REG5)."""
        return _register(state, self).looks_elsewhere(state) if self.signup else False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetSignUpLink(Command):
    """Issue the personal link again (``token_hash``) or revoke it (``""``)."""

    signup: SignUpRef
    token_hash: TokenHash = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupSignUps(Command):
    """The director names the check-in group of some sign-ups."""

    signups: Annotated[tuple[SignUpRef, ...], lim.Items(N_("Sign-ups"), lim.PLAYERS_MAX)]
    group: GroupName


# --------------------------------------------------------------------------------------
# Deciders


def _created(state: TournamentState) -> Setup:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    return setup


def _row(state: TournamentState, ref: str) -> SignUpRow:
    part = state.part(SignUps)
    row = part.rows.get(ref.strip().upper())
    if row is None:
        raise InvalidCommand(
            template=N_("There is no sign-up %(ref)s."),
            params={"ref": repr(ref.strip())},
        )
    return row


def _when(ctx: Context) -> str:
    return ctx.now.isoformat(timespec="seconds")


_STATUS_WORDS = (
    N_("pending"),
    N_("listed"),
    N_("declined"),
    N_("withdrawn"),
    N_("released"),
    N_("seated"),
)
"""The :class:`SignUpStatus` values in the catalogue: a refusal names the status as a
:class:`~pokertd.i18n.Phrase`, the floor reads it in its language."""


def _status(row: SignUpRow) -> Phrase:
    return Phrase(row.status.value)


def _still_open(row: SignUpRow, what: str) -> None:
    if row.status not in (SignUpStatus.LISTED, SignUpStatus.PENDING):
        raise InvalidCommand(
            template=N_("%(name)s's sign-up is %(value)s: no %(what)s."),
            params={"name": row.name, "value": _status(row), "what": Phrase(what)},
        )


@decides(SetSignUps)
def _decide_set(state: TournamentState, cmd: SetSignUps, ctx: Context) -> list[Event]:
    _created(state)
    at = cmd.release_at
    if at is not None and at.tzinfo is None:
        raise InvalidCommand(template=N_("The no-show release time needs a time zone."))
    return [
        SignUpsSet(
            capacity=cmd.capacity,
            approval=cmd.approval,
            group_size=cmd.group_size,
            release_at="" if at is None else at.isoformat(timespec="seconds"),
            per_contact=cmd.per_contact,
        )
    ]


@decides(SignUp)
def _decide_sign_up(state: TournamentState, cmd: SignUp, ctx: Context) -> list[Event]:
    setup = _created(state)
    profile = setup.profile
    part = state.part(SignUps)
    name = clean_name(cmd.name)
    if not name:
        raise InvalidCommand(template=N_("Type the player's name."))
    if not profile.reg_remote_allowed:
        raise RuleViolation(
            template=N_(
                "%(title)s takes no reservations or remote registrations: %(name)s registers "
                "in person at the desk."
            ),
            params={"title": profile.title, "name": name},
            rule_ids=profile.cite("A2"),
        )
    if not registration_open(state, ctx.now):
        raise RuleViolation(
            template=N_("Registration is closed: no more sign-ups."), rule_ids=profile.cite("A4")
        )
    card = cmd.card.strip()
    if profile.reg_membership_required and not card:
        raise RuleViolation(
            template=N_(
                "%(title)s needs %(reg_membership_required)s to register: give the number."
            ),
            params={
                "title": profile.title,
                "reg_membership_required": profile.reg_membership_required,
            },
            rule_ids=profile.cite("A1"),
            context={"hint": "member"},
        )
    key = name.casefold()
    for row in part.rows.values():
        if row.status in (SignUpStatus.DECLINED, SignUpStatus.WITHDRAWN, SignUpStatus.RELEASED):
            continue
        if row.name.casefold() == key or (card and row.card == card):
            raise RuleViolation(
                template=N_("%(name)s has already signed up: one place per player."),
                params={"name": row.name},
                rule_ids=profile.cite("A13"),
            )
    roster = state.part(Roster)
    existing = roster.by_name(name)
    if existing is not None and existing.entries:
        raise RuleViolation(
            template=N_("%(name)s is already registered: one stack per player."),
            params={"name": existing.name},
            rule_ids=profile.cite("A13"),
        )
    contact = cmd.contact.strip()
    if contact:
        ck = contact_key(contact)
        held = sum(
            1
            for r in part.rows.values()
            if r.contact
            and contact_key(r.contact) == ck
            and r.status in (SignUpStatus.LISTED, SignUpStatus.PENDING, SignUpStatus.SEATED)
        )
        if held >= part.per_contact:
            raise InvalidCommand(
                template=N_(
                    "This contact already holds %(held)s sign-up: at most %(per_contact)s per "
                    "contact."
                )
                if held == 1
                else N_(
                    "This contact already holds %(held)s sign-ups: at most %(per_contact)s per "
                    "contact."
                ),
                params={
                    "held": held,
                    "per_contact": part.per_contact,
                },
            )
    if part.capacity is not None and not part.approval and not profile.alternates_enabled:
        places, _ = standing(part)
        if len(places) >= part.capacity:
            raise RuleViolation(
                template=N_(
                    "Every place is taken (%(capacity)s): %(title)s keeps no waiting list."
                ),
                params={"capacity": part.capacity, "title": profile.title},
                rule_ids=profile.cite("A12"),
            )
    number = len(part.rows) + 1
    return [
        SignedUp(
            signup_id=f"S{number}",
            name=name,
            card=card,
            contact=contact,
            group=group_for(number, part.group_size),
            pending=part.approval,
            token_hash=cmd.token_hash,
            at=_when(ctx),
        )
    ]


@decides(ApproveSignUp)
def _decide_approve(state: TournamentState, cmd: ApproveSignUp, ctx: Context) -> list[Event]:
    setup = _created(state)
    row = _row(state, cmd.signup)
    if row.status is not SignUpStatus.PENDING:
        raise InvalidCommand(
            template=N_("%(name)s's sign-up is %(value)s, not waiting."),
            params={"name": row.name, "value": _status(row)},
        )
    part = state.part(SignUps)
    if part.capacity is not None and not setup.profile.alternates_enabled:
        places, _ = standing(part)
        if len(places) >= part.capacity:
            raise RuleViolation(
                template=N_(
                    "Every place is taken (%(capacity)s): %(title)s keeps no waiting list."
                ),
                params={"capacity": part.capacity, "title": setup.profile.title},
                rule_ids=setup.profile.cite("A12"),
            )
    return [SignUpApproved(signup_id=row.signup_id, name=row.name)]


@decides(DeclineSignUp)
def _decide_decline(state: TournamentState, cmd: DeclineSignUp, ctx: Context) -> list[Event]:
    _created(state)
    row = _row(state, cmd.signup)
    if row.status is not SignUpStatus.PENDING:
        raise InvalidCommand(
            template=N_("%(name)s's sign-up is %(value)s, not waiting."),
            params={"name": row.name, "value": _status(row)},
        )
    return [SignUpDeclined(signup_id=row.signup_id, name=row.name, reason=cmd.reason.strip())]


@decides(WithdrawSignUp)
def _decide_withdraw(state: TournamentState, cmd: WithdrawSignUp, ctx: Context) -> list[Event]:
    _created(state)
    row = _row(state, cmd.signup)
    _still_open(row, N_("withdrawal"))
    return [SignUpWithdrawn(signup_id=row.signup_id, name=row.name)]


def _group(text: str) -> str:
    group = text.strip()
    return "*" if group in ("", "*") else group


@decides(OpenCheckIn)
def _decide_open(state: TournamentState, cmd: OpenCheckIn, ctx: Context) -> list[Event]:
    _created(state)
    part = state.part(SignUps)
    group = _group(cmd.group)
    if window_open(part, group):
        raise InvalidCommand(
            template=N_("Check-in is already open for every group.")
            if group == "*"
            else N_("Check-in is already open for group %(group)s."),
            params={"group": group},
        )
    return [CheckInOpened(group=group, at=_when(ctx))]


@decides(CloseCheckIn)
def _decide_close(state: TournamentState, cmd: CloseCheckIn, ctx: Context) -> list[Event]:
    _created(state)
    part = state.part(SignUps)
    group = _group(cmd.group)
    if group not in part.open_groups and not (group == "*" and part.open_groups):
        raise InvalidCommand(template=N_("That check-in window is not open."))
    return [CheckInClosed(group=group)]


@decides(CheckIn)
def _decide_check_in(state: TournamentState, cmd: CheckIn, ctx: Context) -> list[Event]:
    setup = _created(state)
    row = _row(state, cmd.signup)
    if row.status is not SignUpStatus.LISTED:
        raise InvalidCommand(
            template=N_("%(name)s's sign-up is %(value)s: no check-in."),
            params={"name": row.name, "value": _status(row)},
        )
    if row.checked_in:
        raise InvalidCommand(
            template=N_("%(name)s has already checked in."), params={"name": row.name}
        )
    part = state.part(SignUps)
    if not window_open(part, row.group):
        opened = sorted(g for g in part.open_groups if g != "*")
        raise RuleViolation(
            template=N_(
                "Check-in is not open yet for group %(group)s: it is open for group %(open)s."
            )
            if opened
            else N_("Check-in is not open yet for group %(group)s."),
            params={"group": row.group, "open": ", ".join(opened)},
            rule_ids=setup.profile.cite("A2"),
            context={"group": row.group},
        )
    return [CheckedIn(signup_id=row.signup_id, name=row.name, at=_when(ctx))]


def _clock(iso: str) -> str:
    return iso[11:16] if len(iso) >= 16 else iso


@decides(ReleaseNoShows)
def _decide_release(state: TournamentState, cmd: ReleaseNoShows, ctx: Context) -> list[Event]:
    setup = _created(state)
    part = state.part(SignUps)
    rules = setup.profile.cite("A12")
    if part.release_at and ctx.now < datetime.fromisoformat(part.release_at):
        raise RuleViolation(
            template=N_("No-shows are released at %(release_at)s, not before."),
            params={"release_at": _clock(part.release_at)},
            rule_ids=rules,
        )
    places, _ = standing(part)
    gone = [r for r in places if r.status is SignUpStatus.LISTED and not r.checked_in]
    if not gone:
        raise InvalidCommand(
            template=N_("Everyone holding a place has checked in: nobody to release.")
        )
    return [
        NoShowsReleased(
            signup_ids=tuple(r.signup_id for r in gone),
            names=tuple(r.name for r in gone),
            at=_when(ctx),
            rules=rules,
        )
    ]


def _register(state: TournamentState, cmd: SeatSignUp) -> Register:
    row = state.part(SignUps).rows.get(cmd.signup.strip().upper())
    return Register(
        name=row.name if row is not None else "",
        member=row.card if row is not None else "",
        age_ok=cmd.age_ok,
        member_ok=cmd.member_ok,
        player_id=cmd.player_id,
    )


@decides(SeatSignUp)
def _decide_seat(state: TournamentState, cmd: SeatSignUp, ctx: Context) -> list[Event]:
    setup = _created(state)
    row = _row(state, cmd.signup)
    if row.status is SignUpStatus.SEATED:
        raise InvalidCommand(
            template=N_("%(name)s is already seated (%(entry_id)s)."),
            params={"name": row.name, "entry_id": row.entry_id},
        )
    if row.status is not SignUpStatus.LISTED:
        raise InvalidCommand(
            template=N_("%(name)s's sign-up is %(value)s: nothing to seat."),
            params={"name": row.name, "value": _status(row)},
        )
    part = state.part(SignUps)
    _, waitlist = standing(part)
    pos = next((i + 1 for i, r in enumerate(waitlist) if r is row), None)
    if pos is not None:
        raise RuleViolation(
            template=N_("%(name)s is number %(pos)s on the waiting list: places go in list order."),
            params={"name": row.name, "pos": pos},
            rule_ids=setup.profile.cite("A12"),
        )
    if not row.checked_in:
        raise InvalidCommand(
            template=N_("%(name)s has not checked in: check in first."), params={"name": row.name}
        )
    events = decide(state, _register(state, cmd), ctx)  # the desk's own path
    bought = next((e for e in events if isinstance(e, EntryBought)), None)
    if bought is None:  # pragma: no cover - Register without alternate always buys
        raise InvalidCommand(
            template=N_("%(name)s could not be seated."), params={"name": row.name}
        )
    added = next((e for e in events if isinstance(e, PlayerAdded)), None)
    pid = added.player_id if added is not None else bought.player_id
    events.append(
        SignUpSeated(
            signup_id=row.signup_id, name=bought.name, player_id=pid, entry_id=bought.entry_id
        )
    )
    return events


@decides(SetSignUpLink)
def _decide_link(state: TournamentState, cmd: SetSignUpLink, ctx: Context) -> list[Event]:
    _created(state)
    row = _row(state, cmd.signup)
    if not cmd.token_hash and not row.token_hash:
        raise InvalidCommand(
            template=N_("%(name)s has no link to revoke."), params={"name": row.name}
        )
    if cmd.token_hash:
        _still_open(row, N_("new link"))
    return [SignUpLinkSet(signup_id=row.signup_id, name=row.name, token_hash=cmd.token_hash)]


@decides(GroupSignUps)
def _decide_group(state: TournamentState, cmd: GroupSignUps, ctx: Context) -> list[Event]:
    _created(state)
    group = cmd.group.strip()
    if not group or group == "*":
        raise InvalidCommand(template=N_("Name the group."))
    ids = tuple(dict.fromkeys(_row(state, ref).signup_id for ref in cmd.signups))
    if not ids:
        raise InvalidCommand(template=N_("Name the sign-ups to put in the group."))
    return [SignUpGrouped(signup_ids=ids, group=group)]


# ======================================================================================
# Views


@dataclass(frozen=True, slots=True)
class SignUpLine:
    """One sign-up as the console shows it (staff only: the contact is a yes/no here)."""

    signup_id: str
    name: str
    status: str
    place: int | None
    """1-based place in the field, or ``None``."""
    waitlist: int | None
    """1-based waitlist position, or ``None``."""
    group: str
    checked_in: bool
    has_contact: bool
    has_link: bool
    entry_id: str
    card: str


@dataclass(frozen=True, slots=True)
class SignUpBoard:
    """The sign-up list and its settings."""

    capacity: int | None
    approval: bool
    group_size: int | None
    release_at: str
    per_contact: int
    open_groups: tuple[str, ...]
    places: int
    waiting: int
    checked_in: int
    seated: int
    pending: int
    lines: tuple[SignUpLine, ...]


def signup_board(state: TournamentState) -> SignUpBoard:
    """Every sign-up with its place or waitlist position (listed first, in order)."""
    part = state.part(SignUps)
    places, waitlist = standing(part)
    place_of = {r.signup_id: i + 1 for i, r in enumerate(places)}
    wait_of = {r.signup_id: i + 1 for i, r in enumerate(waitlist)}
    order = {r.signup_id: i for i, r in enumerate(places + waitlist)}
    rows = sorted(
        part.rows.values(),
        key=lambda r: (order.get(r.signup_id, len(order)), int(r.signup_id[1:])),
    )
    lines = tuple(
        SignUpLine(
            signup_id=r.signup_id,
            name=r.name,
            status=r.status.value,
            place=place_of.get(r.signup_id),
            waitlist=wait_of.get(r.signup_id),
            group=r.group,
            checked_in=r.checked_in,
            has_contact=bool(r.contact),
            has_link=bool(r.token_hash),
            entry_id=r.entry_id,
            card=r.card,
        )
        for r in rows
    )
    return SignUpBoard(
        capacity=part.capacity,
        approval=part.approval,
        group_size=part.group_size,
        release_at=part.release_at,
        per_contact=part.per_contact,
        open_groups=tuple(part.open_groups),
        places=len(places),
        waiting=len(waitlist),
        checked_in=sum(1 for r in part.rows.values() if r.checked_in),
        seated=sum(1 for r in part.rows.values() if r.status is SignUpStatus.SEATED),
        pending=sum(1 for r in part.rows.values() if r.status is SignUpStatus.PENDING),
        lines=lines,
    )


@dataclass(frozen=True, slots=True)
class MySignUp:
    """What the personal link shows its player (nothing about anyone else)."""

    signup_id: str
    name: str
    status: str
    place: int | None
    waitlist: int | None
    group: str
    checked_in: bool
    can_check_in: bool
    can_withdraw: bool
    entry_id: str
    player_id: str
    release_at: str
    message: str
    """The one line the page leads with: "You have place 12 of 34.", "You are next on the
    waiting list.", "Check-in is open for your group." ..."""


def my_signup(state: TournamentState, token_hash: str) -> MySignUp | None:
    """The sign-up a link's hash opens, or ``None`` (unknown, revoked or withdrawn)."""
    part = state.part(SignUps)
    sid = part.by_hash.get(token_hash)
    if sid is None:
        return None
    return signup_of(state, sid)


def signup_of(state: TournamentState, signup_id: str) -> MySignUp | None:
    """One sign-up as its player sees it, or ``None``."""
    part = state.part(SignUps)
    row = part.rows.get(signup_id)
    if row is None:
        return None
    places, waitlist = standing(part)
    place = next((i + 1 for i, r in enumerate(places) if r is row), None)
    wait = next((i + 1 for i, r in enumerate(waitlist) if r is row), None)
    listed = row.status is SignUpStatus.LISTED
    can_check_in = listed and not row.checked_in and window_open(part, row.group)
    status = row.status
    if status is SignUpStatus.SEATED:
        message = f"You are in: entry {row.entry_id}. Good luck!"
    elif status is SignUpStatus.PENDING:
        message = "Your sign-up is waiting for the director's approval."
    elif status is SignUpStatus.DECLINED:
        message = "The director declined this sign-up."
    elif status is SignUpStatus.WITHDRAWN:
        message = "You withdrew. Your place went to the next player on the waiting list."
    elif status is SignUpStatus.RELEASED:
        message = "You did not check in by the release time: your place went to the waiting list."
    elif row.checked_in:
        message = "You are checked in: go to the desk to pay and take your seat."
    elif wait == 1:
        message = "You are next on the waiting list."
    elif wait is not None:
        message = f"You are number {wait} on the waiting list."
    elif can_check_in:
        message = "Check-in is open for your group: check in when you arrive."
    else:
        total = part.capacity if part.capacity is not None else len(places)
        message = f"You have place {place} of {total}. Check-in is not open yet for your group."
    return MySignUp(
        signup_id=row.signup_id,
        name=row.name,
        status=status.value,
        place=place,
        waitlist=wait,
        group=row.group,
        checked_in=row.checked_in,
        can_check_in=can_check_in,
        can_withdraw=status in (SignUpStatus.LISTED, SignUpStatus.PENDING),
        entry_id=row.entry_id,
        player_id=row.player_id,
        release_at=part.release_at,
        message=message,
    )


@dataclass(frozen=True, slots=True)
class SignUpPage:
    """What the public sign-up page shows: counts only, never a name or a contact."""

    event: str
    capacity: int | None
    places: int
    waiting: int
    card_label: str
    """What the venue needs at registration (``reg_membership_required``), "" for none."""
    closed: str
    """Why nobody can sign up now (one sentence), "" while sign-ups are taken."""
    min_age: int | None = None
    """The age the floor confirms at the desk (A1), ``None`` where the venue sets none."""


def signup_page(state: TournamentState, now: datetime) -> SignUpPage:
    """The public sign-up page's figures and whether it takes sign-ups (A2, A4, A12)."""
    setup = state.part(Setup)
    profile = setup.profile
    part = state.part(SignUps)
    places, waitlist = standing(part)
    closed = ""
    if not profile.reg_remote_allowed:
        closed = (
            f"{profile.title} takes no reservations or remote registrations: register in "
            f"person at the desk ({profile.citation('A2')})."
        )
    elif not registration_open(state, now):
        closed = f"Registration is closed ({profile.citation('A4')})."
    elif (
        part.capacity is not None
        and not profile.alternates_enabled
        and len(places) >= part.capacity
    ):
        closed = (
            f"Every place is taken and {profile.title} keeps no waiting list "
            f"({profile.citation('A12')})."
        )
    return SignUpPage(
        event=setup.name,
        capacity=part.capacity,
        places=len(places),
        waiting=len(waitlist),
        card_label=profile.reg_membership_required or "",
        closed=closed,
        min_age=profile.reg_min_age,
    )
