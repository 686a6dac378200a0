"""A floor that runs a whole night through the service, as the faces do (issue 22).

:class:`FloorNight` holds one tournament on a fresh in-memory store with a simulated clock
(``now`` moves only when told: :meth:`FloorNight.wait`) and a random source seeded once
(``rng_factory`` draws each command's generator from one ``random.Random(seed)``), so a
night replays exactly from its seed and its commands. It sends the command classes of the
domain packages the way the floor console (``web/static/floor.js``) and the CLI send them:

* :meth:`~FloorNight.run` — a command the floor means and the rules allow (a refusal fails
  the test, with the night so far);
* :meth:`~FloorNight.attempt` — a command the rules may refuse; a refusal must write
  nothing: the store's rows are byte-identical before and after, and so is the state;
* :meth:`~FloorNight.refuse` — a command the rules must refuse (and that writes nothing).

Every command sent, refused or not, is kept in :attr:`FloorNight.transcript` as a line of
Python (``n.run(Bust(players=('Player 03',)))``): a failing night prints it, and its short
form becomes a regression test (``tests/night/test_regressions.py``).

The floor's habits live here too, for the state machine and the regression tests alike:
registering with the alternate list when the room is full (A12), confirming the plan the
console prompts for exactly as it does (``floor.js`` ``confirmDue``: ``ConfirmPlan`` with
the plan's token, the final table ``Redraw`` with it; C4-C6, C9, C10), and playing a night
out to its winner as a careful floor does (:meth:`FloorNight.play_out`: every table reports
the hand-for-hand hand before the floor moves anyone).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum

from pokertd.app.tournaments import TournamentService
from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.i18n import catalog
from pokertd.rules import Game
from pokertd.store import open_store
from pokertd.store.base import StoredRow
from pokertd.store.snapshot import encode_snapshot
from pokertd.tournament.clock import (
    ClockPart,
    ResumeClock,
    StartClock,
    TableHandFinished,
    hfh_waiting_tables,
)
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    CloseRegistration,
    CreateTournament,
    Entry,
    Register,
    Roster,
    Setup,
    read_clock,
    registration_open,
)
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.framework import Command, EventRecord, TournamentState, state_parts
from pokertd.tournament.prizes import PayPrize, PostPayoutSchedule, PrizeBook, standings
from pokertd.tournament.seating import (
    ConfirmMoves,
    ConfirmPlan,
    DrawButtons,
    DrawSeats,
    FloorPlan,
    PlayHands,
    Redraw,
    Tables,
    floor_plan,
    live_seating,
    table_game_next,
)
from pokertd.tournament.seating.rules import Seating
from pokertd.tournament.signups import CheckIn, OpenCheckIn, SeatSignUp, SignedUp, SignUp
from pokertd.tournament.templates import AddonTerms, Fees, Template, load_template

START = datetime(2026, 11, 25, 19, 0, tzinfo=UTC)
"""Simulated time zero of every night (a Wednesday, 7 pm)."""

NIGHTS: dict[str, tuple[str, ...]] = {
    "tda": ("fox_wed_80", "fox_bounty_100", "eight_game"),
    "kojack": ("kpc_nlh",),
    "tnpl": ("tnpl_league", "tnpl_league_late", "stud"),
    "nj_fundraiser": ("nj_fundraiser", "nj_fundraiser_timed"),
    "spotlight": ("spot_league", "spot_quarterly"),
    "foxwoods": ("fox_wed_80", "fox_bounty_100", "horse"),
}
"""Every shipped profile with the templates its nights are played on: first the profile's
own night (the one of ``tests/test_citations.py``), then a bounty event, a rebuy event and a
timed finish where the profile has one (A8 re-entry: kpc_nlh, fox_wed_80; A9 rebuys and
NJ-6b: the NJ pair; I1-I4 bounties: fox_bounty_100; A10 add-on: the TDA night's; A5 and
A6 apart, TNPL-B2i/B2iii: the TNPL pair; A3 stacks from points, SPOT-6.26: the Quarterly);
issue 28's mixed and stud events where the rulebook names them: HORSE at Foxwoods (FOX-10B,
FOX-11A), seven card stud at TNPL (TNPL-B6ii, TNPL-B6iii, TNPL-B4), 8-game under the TDA
(C7). Kojack's, the NJ fundraiser and Spotlight deal hold'em only."""

TDA_ADDON = AddonTerms(fees=Fees(prize_pool=2000), chips=10_000, at_level=4)
"""The add-on the TDA night sells (A10), as in ``tests/test_citations.py``."""


def night_template(profile: str, template: str, *, tables: int, seats: int) -> Template:
    """``template`` played under ``profile`` in a small room (``tables`` x ``seats``)."""
    base = load_template(template)
    if base.seats_per_table == 8 and seats == 9:
        seats = 8  # a mixed or stud event is dealt 8-handed (FOX-11A): its final table 8 + 1
    changes: dict[str, object] = {"tables": tables, "seats_per_table": seats, "profile": profile}
    if profile == "tda" and template == "fox_wed_80":
        changes["addon"] = TDA_ADDON
    return base.with_changes(**changes)


def command_text(command: Command) -> str:
    """A command as the Python that makes it, only the fields that differ from the default
    (``Bust(players=('Ann',), eliminator='Bob')``): a transcript line to paste."""
    if not is_dataclass(command):
        return repr(command)
    parts: list[str] = []
    for f in fields(command):
        value = getattr(command, f.name)
        if f.default is not MISSING:
            default: object = f.default
        elif f.default_factory is not MISSING:
            default = f.default_factory()
        else:
            default = MISSING
        if default is not MISSING and default == value:
            continue
        parts.append(f"{f.name}={_value_text(value)}")
    return f"{type(command).__name__}({', '.join(parts)})"


def _value_text(value: object) -> str:
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple):
        inner = ", ".join(_value_text(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def state_text(state: TournamentState) -> str:
    """The state as its snapshot encodes it, leaving out the parts that are still empty (a
    read may create a domain's empty part; that changes nothing the log says)."""
    doc = json.loads(encode_snapshot(state))
    registry = state_parts()
    doc["parts"] = {
        name: value
        for name, value in doc["parts"].items()
        if name not in registry or value != to_json(registry[name]())
    }
    return json.dumps(doc, sort_keys=True)


class NightBroken(AssertionError):
    """The night went against the rules: the message holds the night so far."""


@dataclass(frozen=True, slots=True)
class PlanShown:
    """A plan as the console showed it (``floor_plan``: the prompt, the slips, ``pokertd
    moves``) and what the floor tapped to confirm it."""

    seq: int
    """The log's length when the plan was shown (what the confirm made comes after it)."""
    plan: FloorPlan
    ids: tuple[int, ...] = ()
    """The waiting moves confirmed one by one (``ConfirmMoves``); ``()``: the whole plan
    (``ConfirmPlan``, ``Redraw``)."""

    def confirm(self) -> Command:
        """The console's tap for this screen: "Confirm all" (``ConfirmPlan``), the
        final-table redraw (``Redraw``) or the waiting moves' Confirm (``ConfirmMoves``),
        each carrying the plan's token."""
        token = self.plan.token
        if self.plan.final_table is not None:
            return Redraw(plan=token)
        if self.ids:
            return ConfirmMoves(moves=self.ids, plan=token)
        return ConfirmPlan(plan=token)


@dataclass
class FloorNight:
    """One night on a fresh in-memory store: the floor's commands, a simulated clock."""

    profile: str
    template: str
    seed: int = 0
    tables: int = 2
    seats: int = 9
    currency: str = "USD"
    """The venue's currency (issue 27): amounts are minor units of it (yen for JPY), so the
    money invariants run in currencies of two and of no decimals."""
    language: str = "en"
    """The language the floor reads (issue 27): every refusal is also said in it, and
    must keep its rule IDs and fill every placeholder (:meth:`attempt`)."""
    now: datetime = START
    transcript: list[str] = field(default_factory=list)
    refusals: list[tuple[Command, PokertdError]] = field(default_factory=list)
    attempts: dict[str, int] = field(default_factory=dict)
    """Commands sent so far, by kind."""
    players_made: int = 0
    """Names handed out so far (``Player 01``, ``Player 02``, ...)."""
    check: Callable[[], None] | None = None
    """Called after every command (the state machine's invariants; ``None``: nothing)."""

    def __post_init__(self) -> None:
        core = random.Random(self.seed)
        self.store = open_store("sqlite:///:memory:")
        self.service = TournamentService(
            self.store,
            now=lambda: self.now,
            rng_factory=lambda: random.Random(core.getrandbits(64)),
            id_factory=iter(f"night{n}" for n in itertools.count(1)).__next__,
            currency=self.currency,
        )
        self.tmpl = night_template(
            self.profile, self.template, tables=self.tables, seats=self.seats
        )
        self.tid = self.service.create(
            CreateTournament(name=f"{self.profile} {self.template}", template=self.tmpl)
        )
        self.transcript.append(
            f"n = FloorNight({self.profile!r}, {self.template!r}, seed={self.seed}, "
            f"tables={self.tables}, seats={self.seats}, currency={self.currency!r}, "
            f"language={self.language!r})"
        )

    # -- the service ----------------------------------------------------------------------

    @property
    def state(self) -> TournamentState:
        """The tournament now (the service's cached state: read, never change)."""
        return self.service.state(self.tid)

    @property
    def records(self) -> list[EventRecord]:
        """The log."""
        return self.service.records(self.tid)

    def rows(self) -> list[StoredRow]:
        """The store's rows exactly as stored."""
        return self.store.rows(self.tid)

    def night_so_far(self) -> str:
        """The transcript, one command a line: what a failing test prints."""
        return "\n".join(self.transcript)

    def broken(self, what: str) -> NightBroken:
        """A failure naming ``what`` went wrong, with the night so far."""
        return NightBroken(f"{what}\n--- the night so far ---\n{self.night_so_far()}")

    def run(self, command: Command) -> list[EventRecord]:
        """A command the floor means and the rules allow: a refusal fails the night."""
        found = self.attempt(command)
        if isinstance(found, PokertdError):
            raise self.broken(f"refused: {command_text(command)}: {found}")
        return found

    def attempt(self, command: Command) -> list[EventRecord] | PokertdError:
        """A command the rules may refuse. A refusal must write nothing: the rows are
        byte-identical before and after, and the service's state encodes the same (checked
        for the first attempts of each kind of command and every eighth one after: encoding
        the whole state is the slowest part of a step)."""
        rows = self.rows()
        kind = type(command).__name__
        self.attempts[kind] = self.attempts.get(kind, 0) + 1
        sampled = self.attempts[kind] <= 3 or self.attempts[kind] % 8 == 0
        before = state_text(self.state) if sampled else None
        try:
            records = self.service.run(self.tid, command, actor="floor")
        except PokertdError as exc:
            self.transcript.append(f"n.attempt({command_text(command)})  # refused: {exc}")
            self.refusals.append((command, exc))
            self._said_in_the_floors_language(command, exc)
            if self.rows() != rows:
                raise self.broken(f"a refused command wrote rows: {command_text(command)}") from exc
            if before is not None and state_text(self.state) != before:
                raise self.broken(
                    f"a refused command changed the state: {command_text(command)}"
                ) from exc
            self._checked()
            return exc
        self.transcript.append(f"n.run({command_text(command)})")
        self._checked()
        return records

    def _said_in_the_floors_language(self, command: Command, exc: PokertdError) -> None:
        """The refusal as the console shows it in the night's language: every rule ID as
        written, no placeholder left unfilled, and in that language where the catalogue
        has the sentence (a marked refusal read in Spanish is not the English one)."""
        said = catalog.refusal(exc, self.language)
        missing = [rule for rule in exc.rule_ids if rule not in said]
        if missing or "%(" in said or not said.strip():
            raise self.broken(
                f"the refusal of {command_text(command)} in {self.language!r} reads {said!r} "
                f"(rule IDs missing: {missing})"
            )
        if exc.template is not None and self.language != "en":
            # the catalogue has the sentence in this language: the floor reads that, not the
            # English (its Phrase parameters translated too, catalog.refusal)
            translated = catalog.gettext(self.language, exc.template) != exc.template
            if translated and said == str(exc):
                raise self.broken(f"the refusal {str(exc)!r} is not said in {self.language}")

    def refuse(self, command: Command, why: str = "") -> PokertdError:
        """A command the rules must refuse (and that writes nothing); ``why`` says which
        rule refuses it, for the failure."""
        found = self.attempt(command)
        if not isinstance(found, PokertdError):
            because = f" ({why})" if why else ""
            raise self.broken(
                f"accepted, but the rules refuse it{because}: {command_text(command)}"
            )
        return found

    def wait(self, seconds: int) -> None:
        """Time passes on the simulated clock."""
        self.now += timedelta(seconds=seconds)
        self.transcript.append(f"n.wait({seconds})")
        self._checked()

    def _checked(self) -> None:
        if self.check is not None:
            self.check()

    # -- what the console shows -----------------------------------------------------------

    @property
    def setup(self) -> Setup:
        return self.state.part(Setup)

    @property
    def roster(self) -> Roster:
        return self.state.part(Roster)

    def alive(self) -> list[Entry]:
        """Entries still in, in entry order."""
        return self.roster.alive()

    def alive_names(self) -> list[str]:
        return [e.name for e in self.alive()]

    def out_names(self) -> list[str]:
        """Players with no live entry who have entered (busted or forfeited)."""
        roster = self.roster
        return [
            p.name
            for p in roster.players.values()
            if p.entries and roster.live_entry(p.player_id) is None
        ]

    def seating(self) -> Seating | None:
        """The seating now (``None`` before the seat draw)."""
        if self.state.part(Tables).seating is None:
            return None
        return live_seating(self.state)

    def table_of(self, name: str) -> int | None:
        """The table a player still in sits at."""
        seating = self.seating()
        if seating is None:
            return None
        for e in self.alive():
            if e.name == name:
                where = seating.where.get(e.entry_id)
                return None if where is None else where[0]
        return None

    def registration_open(self) -> bool:
        return registration_open(self.state, self.now)

    def hand_for_hand(self) -> bool:
        clock = self.state.part(ClockPart).clock
        return clock is not None and clock.hand_for_hand

    # -- the floor's habits ---------------------------------------------------------------

    def start(self, players: int) -> list[str]:
        """The early field signs in, seats and buttons are drawn, the prize schedule is
        posted where the venue asks (NJ-44d) and the clock starts; the players' names."""
        names = [self.new_name() for _ in range(players)]
        for name in names:
            self.register(name)
        self.run(DrawSeats())
        self.attempt(DrawButtons())
        if self.setup.profile.payout_schedule_posted_in_advance:
            self.run(PostPayoutSchedule())
        self.run(StartClock())
        return names

    def bust(self, *names: str) -> list[EventRecord]:
        """Players out in one hand (G1, G3), as the console sends it."""
        return self.run(Bust(players=names))

    def report_every_table(self) -> None:
        """Every table still playing the hand-for-hand hand reports it (B10)."""
        for table in hfh_waiting_tables(self.state):
            self.run(TableHandFinished(table=str(table)))

    def new_name(self) -> str:
        """The next player's name: ``Player 01``, ``Player 02``, ..."""
        self.players_made += 1
        return f"Player {self.players_made:02d}"

    def register(self, name: str | None = None) -> list[EventRecord] | PokertdError:
        """A player signs in at the desk (age and card confirmed, A1, A2); when every seat
        is taken and the venue keeps a list, he goes on the alternate list (A12)."""
        name = name or self.new_name()
        card = f"C{name.split()[-1]}"
        stack = self.points_stack(name)
        found = self.attempt(Register(name=name, member=card, age_ok=True, stack=stack))
        if isinstance(found, PokertdError) and found.context.get("hint") == "alternate":
            return self.attempt(
                Register(name=name, member=card, age_ok=True, alternate=True, stack=stack)
            )
        return found

    def sign_up(self, name: str) -> list[EventRecord] | PokertdError:
        """A player signs up from the phone, checks in when the desk opens the window, and
        the desk seats him with one tap (issue 26: :class:`SeatSignUp` runs the desk's
        :class:`Register`, same checks). Where the venue takes no sign-ups (A2: FOX-REG3,
        SPOT-2c1) the refusal writes nothing and he registers at the desk; so does a
        Quarterly's player, whose stack staff set from his points (SPOT-6.26)."""
        if self.points_stack(name) is not None:
            return self.register(name)
        found = self.attempt(SignUp(name=name, card=f"C{name.split()[-1]}"))
        if isinstance(found, PokertdError):
            return self.register(name)
        signed = next(r.event for r in found if isinstance(r.event, SignedUp))
        self.run(OpenCheckIn())
        self.run(CheckIn(signup=signed.signup_id))
        return self.run(SeatSignUp(signup=signed.signup_id, age_ok=True, member_ok=True))

    def points_stack(self, name: str) -> int | None:
        """In a Quarterly (SPOT-6.26: stacks from the season's points), the stack staff
        set for this player: 5,000 + 100 x points, points 0-70 from the player's number
        (so the field's stacks differ, 5,000 to 12,000); elsewhere ``None`` (the event's
        own stack, A3)."""
        setup = self.setup
        if not setup.tmpl.takes_stacks_from_points(setup.profile):
            return None
        digits = "".join(c for c in name if c.isdigit()) or "0"
        return 5_000 + 100 * (int(digits) * 37 % 71)

    def shown_plan(self) -> PlanShown | None:
        """The plan the console shows now (``floor_plan``: the moves waiting, else the moves
        due, the final table included), as the floor reads it; ``None``: nothing to confirm
        (nothing due, or only tables that wait for a hand)."""
        fp = floor_plan(self.state)
        if fp is None or fp.empty:
            return None
        return PlanShown(self.state.seq, fp)

    def confirm_due(self) -> tuple[PlanShown | None, PokertdError | None]:
        """The console's one-tap confirm of the plan it shows (``confirmDue`` in floor.js):
        what was shown (``None``: nothing to confirm) and the refusal, if refused."""
        shown = self.shown_plan()
        if shown is None:
            return None, None
        found = self.attempt(shown.confirm())
        return shown, found if isinstance(found, PokertdError) else None

    def balance(self, on_plan: Callable[[PlanShown], None], rounds: int = 8) -> None:
        """Confirm every plan the console prompts for as a careful floor does: a table
        still playing the hand-for-hand hand reports it first (B10: moves wait for the
        hand), the buttons are drawn where a move waits for one, a hand is played where a
        short table waits for one (C6: ``PlayHands``); ``on_plan`` sees each plan as soon as
        it is confirmed."""
        for _ in range(rounds):
            fp = floor_plan(self.state)
            if fp is None:
                return
            if fp.empty:
                for table in fp.blocked:
                    self.attempt(PlayHands(table=table, game=self.game_now(table)))
                continue
            if any(m.entry_id is None for m in fp.moves):
                self.attempt(DrawButtons())
            shown, refused = self.confirm_due()
            if shown is None:
                return
            if refused is None:
                on_plan(shown)
            elif refused.context.get("hint") == "hand_for_hand":
                self.report_every_table()
            elif refused.kind != "stale":
                return

    def game_now(self, table: int) -> Game | None:
        """The game ``table`` deals now (issue 28): the clock's level's (a game each level),
        or the table's next in a rotation by orbit (``table_game_next``); ``None`` in a
        hold'em event."""
        structure = self.tmpl.structure_value()
        reading = read_clock(self.state, self.now)
        level = structure.level(reading.level if reading is not None else 1)
        if level.game is not None:
            return level.game
        rotation = structure.rotation
        if rotation is not None and rotation.by == "orbit":
            return table_game_next(self.state, table, rotation.games)
        return None

    def play_out(self, rng: random.Random, on_plan: Callable[[PlanShown], None]) -> None:
        """Play the night to its winner as a careful floor does: bust players one by one
        (now and then two in one hand), confirm every move prompted, close registration
        once one player is left, then pay every prize (ID seen, H11)."""
        for _ in range(400):
            if self.state.part(Tables).seating is not None:
                self.balance(on_plan)
            alive = self.alive_names()
            if len(alive) <= 1 or self.setup.finished:
                break
            if self.state.part(Tables).seating is None:
                self.attempt(DrawSeats())
            count = 2 if len(alive) > 3 and rng.random() < 0.2 else 1
            victims = tuple(rng.sample(alive, count))
            found = self.attempt(Bust(players=victims))
            if isinstance(found, PokertdError):
                # a break (B2): the floor sets a stopped clock going again and it runs on
                # to the next level (a clock paused during the break never left it)
                reading = read_clock(self.state, self.now)
                if reading is not None and reading.started and not reading.running:
                    self.attempt(ResumeClock())
                self.wait(600)
            for table in hfh_waiting_tables(self.state):  # B10: every table plays the hand
                self.attempt(TableHandFinished(table=str(table)))
        if self.registration_open():
            self.attempt(CloseRegistration())
        self.pay_everyone()

    def pay_everyone(self) -> None:
        """Pay every finisher whose prize the standings show and who is not paid yet."""
        paid = self.state.part(PrizeBook).paid
        for row in standings(self.state, self.now):
            if row.place is not None and row.total > 0 and row.entry_id not in paid:
                self.attempt(PayPrize(player=row.name, id_checked=True))

    def busted_in_order(self) -> Iterator[Entry]:
        """Entries out, in the order they went."""
        roster = self.roster
        for out in roster.out:
            entry = roster.entries[out.entry_id]
            if entry.status is not EntryStatus.ALIVE:
                yield entry


__all__ = [
    "NIGHTS",
    "START",
    "FloorNight",
    "NightBroken",
    "PlanShown",
    "command_text",
    "night_template",
    "state_text",
]
