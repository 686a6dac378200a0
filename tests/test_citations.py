"""Every refusal, move reason and ruling cites only the rule IDs of the tournament's own
profile (issue 13, "Rule IDs from the profile, everywhere").

One night per venue profile runs through the service on an in-memory store: registration,
seats, buttons, the clock, busts with every balancing move and table break confirmed, the
final table, a colour-up, hand-for-hand, penalties, a deal, prizes and receipts. Along the
way a battery of deliberately bad commands (register twice, bust an unknown player, re-enter
where it is not allowed, an add-on out of its window, a move into a taken seat, a colour-up
twice, the clock started twice, ...) is refused. Every rule ID the night produced is
collected -- each refusal's ``rule_ids`` and sentence, each move's reason, each penalty's
rule, the live-table rulings of the venue, and every rule ID written in the read models
(tables, moves due, prize table, results, the log, receipts) -- and none may belong to
another venue: ``catalogue.venue_of(id)`` is the profile's venue, ``TDA`` (a rule the venue
is silent on, TDA default) or ``None`` (a catalogue entry nobody numbers). A catalogue entry
key may only appear where neither the venue nor the TDA text has a rule for it (else a
caller forgot to cite it).

A second test scans the source: no string literal in ``src/pokertd`` names a venue rule ID
outside the catalogue index (``rules/catalogue_data.py``), the catalogue module itself (it
names the Foxwoods rules that are not TDA text, catalogue 1.3), the profile files,
docstrings, slot documentation and comments.

Implements the checks of: A1-A13, B1, B10, B11, B14, C1, C4-C6, C9, C12, C13, D1, E1-E30,
G1, G2, H2, H4, H10, H11, J1-J4, K1, K2, K5 (each cited through the profile).
"""

from __future__ import annotations

import ast
import itertools
import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.engine.rulings import Happened, Situation, rule
from pokertd.errors import PokertdError
from pokertd.rules import RuleProfile, catalogue, load_profile
from pokertd.store import open_store
from pokertd.tournament.clock import (
    ClockPart,
    ColorUp,
    HandForHand,
    IntroduceChip,
    PauseClock,
    ResumeClock,
    StartClock,
    TableHandFinished,
)
from pokertd.tournament.eliminations import Bust, EndByChipCount
from pokertd.tournament.entries import (
    Addon,
    CloseRegistration,
    CreateTournament,
    Forfeit,
    Rebuy,
    RecordChips,
    Reenter,
    Register,
    Roster,
)
from pokertd.tournament.framework import Command, EventRecord, TournamentState
from pokertd.tournament.penalties import GivePenalty, PenaltyGiven, PenaltyKind
from pokertd.tournament.prizes import (
    DealKind,
    PayPrize,
    PostPayoutSchedule,
    ProposeDeal,
    RejectDeal,
    prize_table,
    receipt_text,
)
from pokertd.tournament.seating import (
    BreakTable,
    ConfirmMoves,
    DrawButtons,
    DrawSeats,
    MovePlayer,
    MovesSuggested,
    PlaceButton,
    PlayerMoved,
    Redraw,
    SeatPlayer,
    SuggestMoves,
    Tables,
    live_seating,
    moves_due,
    tables_view,
)
from pokertd.tournament.templates import AddonTerms, Fees, load_template
from pokertd.tournament.views import log, results

SRC = Path(__file__).resolve().parents[1] / "src" / "pokertd"
START = datetime(2026, 11, 25, 19, 0, tzinfo=UTC)
VENUE_ID = re.compile(r"\b(KPC|TNPL|NJ|SPOT|FOX|TDA)-[A-Za-z0-9]")
"""A venue rule ID written anywhere (``FOX-46A``, ``TDA-55``, ``SPOT-6.26``): its code."""

NIGHTS = {
    "tda": "fox_wed_80",
    "kojack": "kpc_nlh",
    "tnpl": "tnpl_league",
    "nj_fundraiser": "nj_fundraiser",
    "spotlight": "spot_league",
    "foxwoods": "fox_wed_80",
}
"""Each built-in profile with the template its night runs (TDA: the Wednesday $80 event
under the TDA profile, with an add-on, so its add-on refusal is the issue's example)."""

PLAYERS = 30


@dataclass
class Night:
    """One venue's night on a fresh in-memory store, and every refusal it met."""

    profile: str
    now: datetime = START
    refusals: list[PokertdError] = field(default_factory=list)
    cited_views: list[str] = field(default_factory=list)
    """Read models and receipts seen during the night (moves due, pending moves)."""

    def __post_init__(self) -> None:
        seeds = itertools.count(1)
        self.service = TournamentService(
            open_store("sqlite:///:memory:"),
            now=lambda: self.now,
            rng_factory=lambda: random.Random(next(seeds)),
        )
        changes: dict[str, object] = {"tables": 4, "seats_per_table": 9, "profile": self.profile}
        if self.profile == "tda":
            changes["addon"] = AddonTerms(fees=Fees(prize_pool=2000), chips=10_000, at_level=4)
        tmpl = load_template(NIGHTS[self.profile]).with_changes(**changes)
        night = CreateTournament(name=f"{self.profile} night", template=tmpl)
        self.tid = self.service.create(night)

    @property
    def state(self) -> TournamentState:
        return self.service.state(self.tid)

    def run(self, command: Command) -> list[EventRecord]:
        """A command the floor means: it must be accepted."""
        self.now += timedelta(seconds=30)
        return self.service.run(self.tid, command, actor="floor")

    def attempt(self, command: Command) -> PokertdError | None:
        """A command this venue may refuse: the refusal is kept."""
        self.now += timedelta(seconds=30)
        try:
            self.service.run(self.tid, command, actor="floor")
        except PokertdError as exc:
            self.refusals.append(exc)
            return exc
        return None

    def bad(self, command: Command) -> None:
        """A command every venue refuses: the refusal is kept, and must happen."""
        assert self.attempt(command) is not None, f"{self.profile}: {command!r} was accepted"

    def alive(self) -> list[str]:
        return [e.name for e in self.state.part(Roster).alive()]

    def name_of(self, entry_id: str) -> str:
        return self.state.part(Roster).entries[entry_id].name

    def smallest_chip(self) -> int:
        clock = self.state.part(ClockPart).clock
        assert clock is not None
        return min(clock.structure.chips.denominations)

    def balance(self) -> None:
        """Confirm every move the rules ask for now, or form the final table."""
        for _ in range(6):
            due = moves_due(self.state)
            if due is None:
                return
            self.cited_views.append(repr(due))
            if due.waits_for_a_hand:  # C6: a hand at the blocked table first; the night goes on
                return
            if due.final_table:
                self.run(Redraw())
                continue
            self.run(SuggestMoves())
            self.cited_views.append(repr(tables_view(self.state)))
            pending = sorted(self.state.part(Tables).pending)
            if pending:
                self.run(ConfirmMoves(moves=tuple(pending)))
            if self.state.part(Tables).pending_button_draws:
                self.run(DrawButtons())


def play_night(profile: str) -> Night:
    """The whole night, the bad commands among the good ones."""
    n = Night(profile)
    names = [f"Player {i:02d}" for i in range(PLAYERS)]
    first, second, third = names[:3]
    if profile == "nj_fundraiser":
        n.bad(StartClock())  # H2, NJ-44d: the prize schedule is posted first
    for name in names:
        n.run(Register(name=name, member=f"C{name[-2:]}", age_ok=True))
    n.bad(Register(name=first, member=f"C{first[-2:]}", age_ok=True))  # A13: one stack
    if profile == "nj_fundraiser":
        n.run(PostPayoutSchedule())
    n.run(DrawSeats())
    n.bad(DrawSeats())
    seating = live_seating(n.state)
    for table in sorted(seating.tables):
        n.run(PlaceButton(table=table))
    n.run(StartClock())
    n.bad(StartClock())  # B1: the clock is already started
    n.bad(ResumeClock())
    n.run(PauseClock())
    n.bad(PauseClock())
    n.run(ResumeClock())
    n.bad(Bust(players=("Nobody Here",)))
    t = min(seating.tables)
    s = next(i for i, p in enumerate(seating.tables[t].players) if p is not None)
    mover = next(e for e, (table, _) in seating.where.items() if table != t)
    n.bad(SeatPlayer(player=first, table=t, seat=s + 1))  # C1: already seated
    n.bad(MovePlayer(player=n.name_of(mover), table=t, seat=s + 1))  # C1: the seat is taken
    n.bad(Reenter(player=second))  # A8: still alive (or no re-entry at this venue)
    n.attempt(Rebuy(player=second, stack=0))  # A9: no rebuys here, or by the venue's terms
    n.attempt(Addon(player=second, stack=25_000))  # A10: none here, or not in this level
    n.attempt(Forfeit(player=names[5], chips=1_000))  # A11: by the venue's window
    n.bad(RecordChips(counts=((third, 0),)))  # G1: record the bust instead
    n.bad(GivePenalty(player=third, kind=PenaltyKind.MISSED_HANDS, count=0))  # K2
    n.run(GivePenalty(player=third, kind=PenaltyKind.WARNING, reason="soft play"))  # K1
    n.attempt(GivePenalty(player=third, kind=PenaltyKind.MISSED_ROUNDS, count=5))  # TNPL 1-4
    n.bad(TableHandFinished(table=str(t)))  # B10: hand-for-hand is not on
    n.bad(HandForHand(on=False))
    n.bad(IntroduceChip(value=n.smallest_chip()))  # B14: already in the chip set
    n.attempt(EndByChipCount(counts=((first, 1),)))  # G2: not an event with a set end
    n.bad(BreakTable(table=99))
    colour = ColorUp(
        stacks=(),
        removed=(n.smallest_chip(),),
        table=str(t),
        method="race" if profile == "tnpl" else None,
    )
    n.attempt(colour)
    n.bad(colour)  # B11/B12: this table has coloured these chips up already (or cannot)
    rng = random.Random(13)
    busts = 0
    hand_for_hand = False
    while len(alive := n.alive()) > 1:
        if len(alive) == 3 and n.attempt(ProposeDeal(kind=DealKind.CHIP)) is None:
            n.run(RejectDeal(player=alive[0]))  # J1-J4: deals by the venue
        if not hand_for_hand and len(live_seating(n.state).tables) == 2:
            n.run(HandForHand(on=True))
            n.bad(HandForHand(on=True))
            for number in sorted(live_seating(n.state).tables):
                n.run(TableHandFinished(table=str(number)))
            n.bad(TableHandFinished(table="99"))
            n.run(HandForHand(on=False))
            hand_for_hand = True
        victim = rng.choice(alive)
        n.run(Bust(players=(victim,)))
        busts += 1
        if busts == 1:
            n.attempt(Reenter(player=victim))  # allowed at some venues, refused at others
        n.balance()
    n.bad(Bust(players=(n.alive()[0],)))  # G1/G2: the winner cannot bust
    n.attempt(CloseRegistration())
    n.bad(CloseRegistration())  # A4: already closed
    for row in results(n.state, n.now).rows:
        if row.place is not None and row.prize_cents and row.prize_cents > 0:
            if n.attempt(PayPrize(player=row.name)) is not None:  # H11: ID first (FOX)
                n.run(PayPrize(player=row.name, id_checked=True))
            n.cited_views.append(receipt_text(n.state, row.name))
    return n


def rulings(profile: RuleProfile) -> list[tuple[str, ...]]:
    """The rule IDs of live-table rulings under ``profile``: calls, raises in words and
    chips, an oversized chip, "pot", an unclear "five", an undercall, out of turn."""
    facing = Situation(
        current_bet=2_000, last_increment=2_000, pot=3_500, stack=40_000, big_blind=1_000,
        denominations=(100, 500, 1_000, 5_000), opening_bet=False,
    )  # fmt: skip
    happenings = [
        Happened(words="call"),
        Happened(words="raise 8000"),
        Happened(words="raise", pushes=((5_000,),)),
        Happened(pushes=((5_000,),)),
        Happened(pushes=((1_000, 1_000, 1_000),)),
        Happened(words="pot"),
        Happened(words="five"),
        Happened(words="all-in"),
        Happened(words="fold"),
        Happened(pushes=((1_000,),)),
        Happened(words="raise", out_of_turn=True, action_changed=True),
    ]
    return [rule(facing, h, profile).rule_ids for h in happenings]


def cited(n: Night) -> tuple[list[tuple[str, ...]], list[str]]:
    """``(rule ID tuples, texts)`` of the night: refusals, moves, penalties, read models."""
    state = n.state
    records = n.service.records(n.tid)
    groups = [exc.rule_ids for exc in n.refusals]
    texts = [str(exc) for exc in n.refusals]
    for r in records:
        event = r.event
        if isinstance(event, PlayerMoved):
            groups.append(event.move.rule_ids)
        elif isinstance(event, MovesSuggested):
            groups += [m.rule_ids for m in event.moves]
        elif isinstance(event, PenaltyGiven):
            groups.append((event.rule,))
        texts.append(event.describe())
    texts += [line.text for line in log(state, records)]
    texts += [repr(tables_view(state, n.now)), repr(prize_table(state)), *n.cited_views]
    texts.append(repr(results(state, n.now)))
    return groups, texts


def foreign(profile: RuleProfile, groups: list[tuple[str, ...]], texts: list[str]) -> list[str]:
    """Every rule ID among ``groups`` and ``texts`` that is not ``profile``'s to cite."""
    bad: list[str] = []
    own = (profile.venue, catalogue.TDA_CODE, None)
    for ids in groups:
        for rule_id in ids:
            if catalogue.venue_of(rule_id) not in own:
                bad.append(f"{rule_id} in {ids}")
            elif rule_id in catalogue.ENTRIES and profile.cite(rule_id) != (rule_id,):
                bad.append(f"{rule_id} not cited: {profile.venue} has {profile.cite(rule_id)}")
    for text in texts:
        for match in VENUE_ID.finditer(text):
            if match[1] not in own:
                bad.append(f"{match[0]}... in {text[:160]!r}")
    return bad


@pytest.mark.parametrize("profile", sorted(NIGHTS))
def test_a_venues_night_cites_only_its_own_rules(profile: str) -> None:
    """Refusals, moves, penalties, rulings and read models of a whole night under one
    profile cite no other venue's rule IDs, and cite its own where it has them."""
    n = play_night(profile)
    rules = load_profile(profile)
    groups, texts = cited(n)
    groups += rulings(rules)
    assert foreign(rules, groups, texts) == []
    assert len(n.refusals) >= 20, [str(e) for e in n.refusals]
    flat = {rule_id for ids in groups for rule_id in ids}
    mine = {r for r in flat if catalogue.venue_of(r) == rules.venue}
    assert len(mine) >= 8, sorted(flat)  # the venue's own numbers are actually cited
    assert not n.alive()[1:]
    moves = [r.event for r in n.service.records(n.tid) if isinstance(r.event, PlayerMoved)]
    assert len(moves) >= 10  # balancing and two table breaks were confirmed on the way
    assert all(m.move.rule_ids for m in moves)


def test_the_issues_examples_cite_the_venues_own_rules() -> None:
    """The issue's three examples: a TDA add-on refusal cites the catalogue entry (A10:
    only Foxwoods numbers its add-on, FOX-ADDON, and TDA is silent), TDA and Foxwoods moves
    cite TDA-10A and FOX-10A (C6), and Kojack's minimum raise cites KPC-33 only (E2)."""
    tda = Night("tda")
    tda.run(Register(name="Ann Lee", age_ok=True))
    tda.run(StartClock())  # level 1: the add-on is sold in level 4 and the break after it
    refused = tda.attempt(Addon(player="Ann Lee", stack=25_000))
    assert refused is not None
    assert refused.rule_ids == ("A10",)
    assert load_profile("tda").cite("C6") == ("TDA-10A",)
    assert load_profile("foxwoods").cite("C6") == ("FOX-10A",)
    assert load_profile("kojack").cite("E2") == ("KPC-33",)
    assert load_profile("kojack").cite("E13") == ("KPC-29B", "KPC-31", "KPC-33")


def test_a_caller_cites_the_entry_a_pure_function_names() -> None:
    """A pure function without a profile names the catalogue entry; ``citing()`` turns it
    into the venue's IDs (C13: NJ-5 in New Jersey; TDA is silent, so the key stays), and
    keeps IDs that are already cited."""
    from pokertd.errors import InvalidCommand

    def refuse() -> None:
        raise InvalidCommand("A table has 2 to 11 players.", rule_ids=("C13", "NJ-5"))

    for name, expected in (("nj_fundraiser", ("NJ-5",)), ("tda", ("C13", "NJ-5"))):
        with pytest.raises(InvalidCommand) as exc, load_profile(name).citing():
            refuse()
        assert exc.value.rule_ids == expected
        assert str(exc.value) == f"A table has 2 to 11 players. ({', '.join(expected)})"


# --- the source names no venue's rule ID -------------------------------------------------------

ALLOWED = {"rules/catalogue_data.py", "rules/catalogue.py"}
"""The catalogue's index (generated) and the catalogue module, which names the Foxwoods rules
that are not TDA text (catalogue 1.3); profiles (TOML) are not Python."""


def _documentation(tree: ast.Module) -> set[int]:
    """The ids of the string nodes that are documentation: docstrings (module, class,
    function, and the attribute docstrings after an assignment) and the values of a
    ``__slots__`` dict (slot documentation)."""
    docs: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            for statement in node.body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    docs.add(id(statement.value))
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets)
            and isinstance(node.value, ast.Dict)
        ):
            for value in node.value.values:
                docs.update(id(n) for n in ast.walk(value) if isinstance(n, ast.Constant))
    return docs


def venue_ids_in_source() -> list[str]:
    """``path:line: text`` of every string literal in ``src/pokertd`` naming a venue rule ID
    outside the allowed places."""
    pattern = re.compile(r"\b(?:KPC|TNPL|NJ|SPOT|FOX)-[A-Za-z0-9]")
    found: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        if where in ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _documentation(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
                and pattern.search(node.value)
            ):
                found.append(f"{where}:{node.lineno}: {node.value[:80]!r}")
    return found


def test_no_venue_rule_id_is_written_in_the_code() -> None:
    """Code names catalogue entries and lets the profile cite (one mechanism): no string
    literal in ``src/pokertd`` is a venue rule ID outside the catalogue index, the
    catalogue module, the profile files, docstrings and comments."""
    assert venue_ids_in_source() == []


def test_the_scan_finds_a_hard_coded_rule_id() -> None:
    """The scan is not blind: a literal in code is found, a docstring and a comment are not."""
    tree = ast.parse(
        '"""Module doc FOX-46A."""\n'
        "X = 1\n"
        '"""Attribute doc KPC-33."""\n'
        "def f():\n"
        '    """Doc TNPL-H5i."""\n'
        '    raise ValueError("bad", ("FOX-46A",))  # KPC-33\n'
    )
    docs = _documentation(tree)
    literals = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]
    assert literals == ["bad", "FOX-46A"]
