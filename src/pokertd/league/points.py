"""League points for one event: fixed points per place or a formula, plus bonuses.

A league's :class:`PointsScheme` says how a finishing place becomes points:

- ``fixed``: a table, points for 1st, 2nd, 3rd, … (places past the table earn none);
- ``formula``: an expression over :data:`POINTS_VARIABLES` (see :mod:`.formula`), either a
  league's own or one of :data:`PRESETS`:

  * ``sqrt``: ``sqrt(entrants * buyin) / sqrt(place)`` — the common square-root family:
    bigger and dearer fields pay more, points fall off with the square root of the place;
  * ``linear``: ``entrants - place + 1`` — one point per player finished behind, plus one;
  * ``td3``: ``10 * sqrt(entrants) / sqrt(place) * (1 + log(buyin + 0.25))`` — in the
    style of the formulas The Tournament Director 3 users share (natural logarithm; the
    average buy-in is the event's buy-in).

``paid_places`` limits place points to the first places (e.g. SPOT pays points to 8th);
a negative value of a formula counts as 0. Bonuses are added per knockout and for
attendance (every player who played the event). Points are rounded to ``decimals``.

Sign-out (G5: SPOT-6.13): where the event's profile says points need an immediate
sign-out, an eliminated player in a points-paying place is credited only once the floor
records the sign-out; a late sign-out flagged by the floor voids that player's points for
the event (bonuses too: "forfeits that event's points"). The winner and players who were
never eliminated (a deal, a timed finish) need no sign-out. Sign-outs and flags are data
(:class:`SignOut`), recorded by the service, read here.

Implements: G5 (SPOT-6.13: points credited on sign-out; a late sign-out voids them),
issue 14 (fixed points, formulas, bonuses).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.league.formula import Formula, FormulaError, Number
from pokertd.types import Cents

POINTS_VARIABLES = (
    "entrants",
    "place",
    "buyin",
    "buyin_cents",
    "prizepool",
    "prizepool_cents",
    "prize",
    "prize_cents",
    "knockouts",
    "rebuys",
    "addons",
)
"""What a points formula may use: entries in the event, the finishing place, the buy-in
(dollars and cents), the net prize pool, this player's prize, knockouts, rebuys, add-ons."""

PRESETS: dict[str, str] = {
    "sqrt": "sqrt(entrants * buyin) / sqrt(place)",
    "linear": "entrants - place + 1",
    "td3": "10 * sqrt(entrants) / sqrt(place) * (1 + log(buyin + 0.25))",
}
"""Named formulas a league can pick instead of writing its own."""

MAX_TABLE = 200
"""Most places a fixed points table may list."""
MAX_POINTS = 1_000_000
"""Largest points value of one place or bonus."""


class PointsKind(StrEnum):
    """How places become points."""

    FIXED = "fixed"
    FORMULA = "formula"


class SignOut(StrEnum):
    """What the floor recorded about an eliminated player's sign-out (G5: SPOT-6.13)."""

    SIGNED = "signed"
    """Signed out at once: the points are credited."""
    LATE = "late"
    """Flagged as a late sign-out: the event's points are void."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PointsScheme:
    """How a league turns one event's result into points (see the module docstring)."""

    kind: PointsKind = PointsKind.FORMULA
    table: tuple[float, ...] = ()
    """Fixed points for 1st, 2nd, … (``kind = fixed``)."""
    formula: str = "sqrt"
    """A preset name (:data:`PRESETS`) or the league's own expression (``kind = formula``)."""
    paid_places: int | None = None
    """Only places up to this one earn place points (``None``: every place)."""
    knockout_points: float = 0.0
    """Bonus per player this player knocked out."""
    attendance_points: float = 0.0
    """Bonus for playing the event."""
    decimals: int = 2

    @property
    def expression(self) -> str:
        """The formula's text (a preset's expression for a preset name)."""
        return PRESETS.get(self.formula, self.formula)

    def compiled(self) -> Formula | None:
        """The checked formula (``None`` for a fixed table); raises ``FormulaError``."""
        if self.kind is not PointsKind.FORMULA:
            return None
        return Formula.parse(self.expression, POINTS_VARIABLES)

    def check(self) -> PointsScheme:
        """``self`` if usable, else ``InvalidCommand``/``FormulaError`` in one sentence."""
        if self.kind is PointsKind.FIXED:
            if not self.table:
                raise InvalidCommand(
                    template=N_("A fixed points table needs points for at least 1st place.")
                )
            if len(self.table) > MAX_TABLE:
                raise InvalidCommand(
                    template=N_("A points table lists at most %(most)s places."),
                    params={"most": MAX_TABLE},
                )
            if any(not 0 <= p <= MAX_POINTS for p in self.table):
                raise InvalidCommand(
                    template=N_("Points per place must be from 0 to %(most)s."),
                    params={"most": f"{MAX_POINTS:,}"},
                )
        else:
            self.compiled()
        if self.paid_places is not None and not 1 <= self.paid_places <= 10_000:
            raise InvalidCommand(
                template=N_("Points are paid to at least 1st place (paid places 1+).")
            )
        bonuses = (
            (N_("The knockout bonus must be from 0 to %(most)s points."), self.knockout_points),
            (N_("The attendance bonus must be from 0 to %(most)s points."), self.attendance_points),
        )
        for template, value in bonuses:
            if not 0 <= value <= MAX_POINTS:
                raise InvalidCommand(template=template, params={"most": f"{MAX_POINTS:,}"})
        if not 0 <= self.decimals <= 4:
            raise InvalidCommand(template=N_("Points are kept to 0 to 4 decimals."))
        return self

    def as_dict(self) -> dict[str, object]:
        """The scheme as JSON-able data (what the league store keeps)."""
        return {
            "kind": self.kind.value,
            "table": list(self.table),
            "formula": self.formula,
            "paid_places": self.paid_places,
            "knockout_points": self.knockout_points,
            "attendance_points": self.attendance_points,
            "decimals": self.decimals,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> PointsScheme:
        """The scheme :meth:`as_dict` wrote."""
        table = data.get("table") or []
        paid = data.get("paid_places")
        return cls(
            kind=PointsKind(str(data.get("kind", "formula"))),
            table=tuple(float(x) for x in table) if isinstance(table, list) else (),
            formula=str(data.get("formula", "sqrt")),
            paid_places=None if paid is None else int(str(paid)),
            knockout_points=float(str(data.get("knockout_points", 0))),
            attendance_points=float(str(data.get("attendance_points", 0))),
            decimals=int(str(data.get("decimals", 2))),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerResult:
    """One player's result in one event, as the league reads it."""

    player: str
    """The player's key across events (see ``league_service``)."""
    name: str
    place: int | None
    """Finishing place (``None``: unplaced, e.g. disqualified or still playing)."""
    eliminated: bool
    """Went out by elimination (the winner and players at a deal or timed finish did not)."""
    knockouts: int = 0
    rebuys: int = 0
    addons: int = 0
    prize_cents: Cents = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class EventResult:
    """One event's result: the numbers the points formula reads, and every player."""

    tournament_id: str
    name: str
    entrants: int
    buyin_cents: Cents
    prizepool_cents: Cents
    require_signout: bool
    """The event's profile asks for an immediate sign-out (G5: SPOT-6.13)."""
    signout_rule: str = "G5"
    """The rule IDs the event's own profile cites for the sign-out (``profile.citation``)."""
    players: tuple[PlayerResult, ...]
    finished: bool = True
    cancelled: bool = False
    """Management cancelled the event (issue 26, SPOT-6.22): it stays in the season's
    history, marked, with no players and so no points (everything paid was refunded)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerPoints:
    """One player's points from one event, part by part."""

    player: str
    name: str
    tournament_id: str
    place: int | None
    place_points: float
    knockout_points: float
    attendance_points: float
    total: float
    credited: bool = True
    """False while the points wait for a sign-out, or when a late sign-out voided them."""
    note: str = ""
    imported: bool = False
    """Points of a past event imported from another tool, as its file gave them (issue 26,
    point 4): never recomputed by the league's scheme."""


def _place_points(
    scheme: PointsScheme, formula: Formula | None, event: EventResult, row: PlayerResult
) -> float:
    place = row.place
    if place is None or place < 1:
        return 0.0
    if scheme.paid_places is not None and place > scheme.paid_places:
        return 0.0
    if formula is None:
        return scheme.table[place - 1] if place <= len(scheme.table) else 0.0
    values: dict[str, Number] = {
        "entrants": event.entrants,
        "place": place,
        "buyin": event.buyin_cents / 100,
        "buyin_cents": event.buyin_cents,
        "prizepool": event.prizepool_cents / 100,
        "prizepool_cents": event.prizepool_cents,
        "prize": row.prize_cents / 100,
        "prize_cents": row.prize_cents,
        "knockouts": row.knockouts,
        "rebuys": row.rebuys,
        "addons": row.addons,
    }
    try:
        value = float(formula.evaluate(values))
    except FormulaError as exc:
        raise FormulaError(f"{event.name}, {row.name} (place {place}): {exc.message}") from None
    return max(0.0, value)


def signout_credit(
    event: EventResult, eliminated: bool, place_points: float, mark: SignOut | None
) -> tuple[bool, str]:
    """Whether a player's points from ``event`` are credited, and the note when not
    (G5: SPOT-6.13): a late sign-out voids them; where the event's profile asks for an
    immediate sign-out, an eliminated player's place points wait for it."""
    rule = event.signout_rule
    if mark is SignOut.LATE:
        return False, f"late sign-out: this event's points are void ({rule})"
    if event.require_signout and eliminated and place_points > 0 and mark is None:
        return False, f"points wait for the player to sign out ({rule})"
    return True, ""


def event_points(
    scheme: PointsScheme,
    event: EventResult,
    signouts: Mapping[str, SignOut] | None = None,
    *,
    formula: Formula | None = None,
) -> tuple[PlayerPoints, ...]:
    """Every player's points from ``event`` under ``scheme`` (G5 sign-outs applied).

    ``formula`` is the scheme's compiled formula when the caller already has it (a season
    reads many events); raises ``FormulaError`` when the formula cannot be computed.
    """
    marks = signouts or {}
    if formula is None:
        formula = scheme.compiled()
    out: list[PlayerPoints] = []
    for row in event.players:
        place_pts = round(_place_points(scheme, formula, event, row), scheme.decimals)
        ko = round(row.knockouts * scheme.knockout_points, scheme.decimals)
        attend = round(scheme.attendance_points, scheme.decimals)
        total = round(place_pts + ko + attend, scheme.decimals)
        credited, note = signout_credit(event, row.eliminated, place_pts, marks.get(row.player))
        out.append(
            PlayerPoints(
                player=row.player,
                name=row.name,
                tournament_id=event.tournament_id,
                place=row.place,
                place_points=place_pts,
                knockout_points=ko,
                attendance_points=attend,
                total=total if credited else 0.0,
                credited=credited,
                note=note,
            )
        )
    return tuple(out)


__all__ = [
    "MAX_POINTS",
    "MAX_TABLE",
    "POINTS_VARIABLES",
    "PRESETS",
    "EventResult",
    "PlayerPoints",
    "PlayerResult",
    "PointsKind",
    "PointsScheme",
    "SignOut",
    "event_points",
    "signout_credit",
]
