"""What a simulated night is asked and what it answers (issue 15): the shared contract of the
simulator (:mod:`pokertd.sim.night`), its batches (:mod:`pokertd.sim.batch`) and its faces.

A simulated night is the night a director will run: the same template, profile and layout,
the same commands through the service (registration, late registration, re-entries,
rebuys, add-ons, alternates, seat draws, busts, moves, table breaks, colour-ups,
hand-for-hand, the final table, payouts), played by bots in simulated time. These types
are plain frozen data: they cross process boundaries (``--runs K`` in a process pool) and
are printed as JSON by ``pokertd sim --json`` (times are seconds of simulated clock time
since the clock started; money in cents; chips are integers).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pokertd.codec import to_json
from pokertd.i18n import Sentence
from pokertd.types import Cents, Chips

FLOORS = ("careful", "careless")
"""How the simulated floor runs the night: ``careful`` issues every command as the console
prompts; ``careless`` also makes the mistakes people make (:data:`MISTAKE_KINDS`,
:mod:`pokertd.sim.careless`), and the core must refuse or absorb each one."""

MISTAKE_KINDS: tuple[tuple[str, str], ...] = (
    ("hfh_not_ended", "hand-for-hand never turned off (left for the core to end)"),
    ("hfh_late", "hand-for-hand turned on late"),
    ("hfh_off_mid_hand", "hand-for-hand turned off before every table reported"),
    ("wrong_bust_undone", "the wrong player busted, undone after later busts, recorded again"),
    ("stale_confirm", "a plan confirmed from a stale screen"),
    ("double_tap", "the same command sent twice in a row"),
    ("undo_redo", "the last command undone by mistake and redone at once"),
    ("deal", "a deal put to the last 3 or 4 players"),
    ("pay_early", "a prize paid as the player finished"),
    ("bust_in_break", "a bust recorded during the break"),
    ("close_early", "registration closed early"),
    ("close_late", "registration closed after the clock had closed it"),
)
"""What the careless floor does, by kind, with the words the reports use."""

RATES: dict[str, float] = {
    "hfh_not_ended": 0.35,
    "hfh_late": 0.25,
    "hfh_off_mid_hand": 0.04,
    "hfh_off_mid_hand_after_bust": 0.3,
    "wrong_bust": 0.04,
    "stale_confirm": 0.25,
    "double_tap": 0.08,
    "undo_redo": 0.05,
    "deal": 0.5,
    "deal_rejected": 0.1,
    "pay_early": 0.5,
    "bust_in_break": 0.5,
    "close_early": 0.15,
    "close_late": 0.3,
}
"""How often the careless floor errs, each a probability per occasion (docs/simulation.md):

* ``hfh_not_ended`` — per hand-for-hand period, the floor never turns it off;
* ``hfh_late`` — per night, hand-for-hand starts only 1 to 3 players above the money;
* ``hfh_off_mid_hand`` — per hand-for-hand hand, once a table has reported and another not;
  ``hfh_off_mid_hand_after_bust`` when that table's hand put someone out (the floor thinks
  the bubble burst: the issue's "off without reporting the hand");
* ``wrong_bust`` — per player busted alone at a table of three or more (not hand-for-hand);
* ``stale_confirm`` — per plan shown while a table can still deal;
* ``double_tap`` — per bust, payment, confirm, registration and undo;
* ``undo_redo`` — per hand putting players out: the last command undone by mistake, redone;
* ``deal`` — per night reaching 3 or 4 players; ``deal_rejected`` per player asked;
* ``pay_early`` — per player owed money, right after the hand he went out in;
* ``bust_in_break`` — per hand putting players out in the last 10 minutes before a break;
* ``close_early`` — per night with late registration, at a random moment of its window;
* ``close_late`` — per night, once the clock closed registration (1 to 30 minutes later).
"""


class Said(str):
    """A sentence of the simulator's report (a self-check, a note): ``str`` is the English,
    as ``pokertd sim --json`` and the report's document carry it (the same bytes in every
    language), and :attr:`sentence` its msgid and parameters, so the faces (the Simulate
    page, ``pokertd sim``) say it in their reader's language (docs/languages.md)."""

    sentence: Sentence

    @classmethod
    def of(cls, sentence: Sentence) -> Said:
        """The English of ``sentence``, carrying it."""
        made = cls(sentence.text)
        made.sentence = sentence
        return made


def said(text: str) -> dict[str, Any]:
    """``text`` as the faces' ``{"text", "msgid", "params"}``: its sentence when it is a
    :class:`Said`, else the plain English."""
    sentence = getattr(text, "sentence", None)
    return sentence.as_json() if isinstance(sentence, Sentence) else {"text": str(text)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Rates:
    """How the field behaves: each a probability in ``[0, 1]``.

    ``late`` is the share of the ``entries`` players who arrive after the clock starts
    (spread over the template's registration window); ``reentry`` the chance that a player
    busted while re-entry is open buys a new entry (where the template allows re-entry);
    ``rebuy`` the chance an eligible player rebuys (rebuy events); ``addon`` the chance a
    live player takes the add-on when it is offered (add-on events).
    """

    late: float = 0.25
    reentry: float = 0.30
    rebuy: float = 0.50
    addon: float = 0.60


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeModel:
    """How long things take at a live table, in seconds of clock time.

    A hand takes ``seconds_per_deal`` (shuffle, deal, blinds and antes) plus
    ``seconds_per_action`` for every action plus ``seconds_per_showdown`` when it reaches a
    showdown. The defaults give about 30 hands an hour at a full live table.
    """

    seconds_per_action: float = 10.0
    seconds_per_showdown: float = 20.0
    seconds_per_deal: float = 45.0


@dataclass(frozen=True, slots=True, kw_only=True)
class NightConfig:
    """One simulated night: a shipped event template (``fox_120``) or a TOML file, ``entries``
    players, the template's profile unless ``profile`` names another, and how the field and
    the tables behave. ``tables`` overrides the template's number of tables (a bigger room
    for a bigger field). ``store_url`` keeps the log (``sqlite:///night.db``); ``None``
    plays in an in-memory store. ``phh_dir`` writes every hand as a PHH file there.
    ``floor`` is ``careful`` (every command as the console prompts) or ``careless`` (the
    mistakes people make as well, :data:`MISTAKE_KINDS`)."""

    template: str = "fox_120"
    entries: int = 120
    profile: str | None = None
    seed: int = 1
    rates: Rates = field(default_factory=Rates)
    time: TimeModel = field(default_factory=TimeModel)
    bots: str = "tag"
    tables: int | None = None
    store_url: str | None = None
    phh_dir: str | None = None
    floor: str = "careful"


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelRow:
    """The field when a level's first hand was dealt."""

    level: int
    blinds: str
    """As the clock shows them: ``1,500/3,000 BBA 3,000``."""
    starts_at: int
    players_left: int
    entries: int
    """Entries sold so far (first entries, re-entries)."""
    tables: int
    average_stack: Chips
    average_bb: float
    """Average stack in that level's big blinds, or big bets at a fixed-limit level
    (:func:`~pokertd.tournament.structures.depth_unit`, as the TV says it)."""
    hands: int
    """Hands dealt during the level, every table together."""
    big_bets: bool = False
    """``average_bb`` counts big bets (a fixed-limit level)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """One paid finisher, as the event's results show it."""

    place: int
    player: str
    prize: Cents
    bounty: Cents = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class NightReport:
    """Everything one simulated night answers; ``None`` where it did not happen."""

    template: str
    title: str
    profile: str
    seed: int
    entries: int
    """Entries sold: first entries plus re-entries."""
    players: int
    """Different players."""
    reentries: int
    rebuys: int
    addons: int
    alternates: int
    """Players who waited on the alternate list for a seat."""
    hands: int
    duration: int
    """Seconds from the start of the clock to the winner (breaks included)."""
    registration_closed_at: int | None
    money_at: int | None
    """When the bubble burst (the players left equal the places paid)."""
    money_level: int | None
    final_table_at: int | None
    final_table_level: int | None
    final_level: int
    levels: tuple[LevelRow, ...]
    players_left: tuple[tuple[int, int], ...]
    """``(seconds, players left)`` after every change: the players-left chart."""
    prize_pool: Cents
    paid_places: int
    finishing: tuple[Finish, ...]
    """The paid places, best first."""
    winner: str
    checks: tuple[str, ...]
    """The self-checks that passed, in words (chips conserved after 1,234 hands and 3
    colour-ups; one seat per player; the log replays to the same final state)."""
    notes: tuple[str, ...] = ()
    tournament_id: str = ""
    store_url: str | None = None
    """Where the log was kept (``None``: in memory, gone)."""
    events: int = 0
    """Events in the log."""
    commands: int = 0
    """Commands the simulator ran through the service."""
    started_from: str | None = None
    """The live tournament this run continued (``simulate the rest of tonight``)."""
    floor: str = "careful"
    mistakes: tuple[tuple[str, int], ...] = ()
    """What the careless floor did, ``(kind, times)`` in :data:`MISTAKE_KINDS` order (every
    kind listed, 0 included); empty for the careful floor."""
    refusals: int = 0
    """Commands the core refused (each checked to have written nothing)."""
    invariant_checks: int = 0
    """Times the money, places and end invariants were checked during the night."""
    games: tuple[tuple[str, int], ...] = ()
    """``(game, hands)`` for each game dealt (the engine's short code: ``nlhe``, ``27td``,
    ``razz``...), in the order first dealt (issue 28)."""


def document(result: object) -> dict[str, Any]:
    """The one JSON document of a simulation result: a night's :class:`NightReport` or
    the :class:`~pokertd.sim.batch.NightSpread` of several, every field by its name (the
    codec of the event log and the API). ``pokertd sim --json`` prints it; the web's
    simulation jobs carry it as ``result.spread`` beside the page's words."""
    data: dict[str, Any] = to_json(result)
    return data


__all__ = [
    "FLOORS",
    "MISTAKE_KINDS",
    "RATES",
    "Finish",
    "LevelRow",
    "NightConfig",
    "NightReport",
    "Rates",
    "Said",
    "TimeModel",
    "document",
    "said",
]
