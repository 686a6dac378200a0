"""Write the compatibility fixture: a database and its read models from an OLD pokertd.

Not run by the test suite. It is run once against the code of an older main (here commit
982daf5, the last main before the issue 11 redesign) so that
``tests/store/test_compat_main_fixture.py`` can prove that a database written by that code
still opens and replays to the same state with today's code::

    # from the repository's root; OLD is any empty folder outside the repository
    git worktree add "$OLD" 982daf5
    (cd "$OLD" && uv run --frozen python "$OLDPWD/tests/data/make_main_fixture.py" \\
        "$OLDPWD/tests/data")
    git worktree remove --force "$OLD"

It writes ``main-982daf5.db`` (SQLite) and ``main-982daf5.expected.json`` into the given
folder. The database holds two tournaments played through the service with a fixed clock
and seeded random sources (so rerunning the script gives the same log):

* ``fox-wed`` — a busy Foxwoods Wednesday $80 night: 30 players (most with card numbers),
  late registration, re-entries, seats and buttons drawn, the clock started, paused,
  adjusted and advanced, busts with eliminators, a penalty, an undo and a redo, balancing
  moves confirmed, a table broken, a colour-up, chip counts, a deal (ICM) accepted and
  approved, the event played out and every prize paid;
* ``tnpl-thu`` — a small TNPL league night left in play (clock paused), with a chip race.

The expected JSON holds what the old CLI prints with ``--json`` for each tournament
(status, players, results, log, tables, payouts, standings, cash, bounties, clock). Both
tournaments end with their clock stopped or finished, so those outputs do not depend on
the wall clock the CLI reads; the script runs each command twice a second apart and stops
if any output differs.
"""

from __future__ import annotations

import importlib
import itertools
import json
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from random import Random
from typing import Any

# The old code's module paths, looked up by name: this script runs against commit 982daf5,
# whose modules the redesign moved, so the suite's type check and import rewrites must not
# read these as imports of today's code.
OLD = "pokertd.tournament."
errors = importlib.import_module("pokertd.errors")
service_module = importlib.import_module("pokertd.app.tournaments")
store_module = importlib.import_module("pokertd.store")
clock_log = importlib.import_module(OLD + "clock_log")
deals = importlib.import_module(OLD + "deals")
eliminations = importlib.import_module(OLD + "eliminations")
entries = importlib.import_module(OLD + "entries")
framework = importlib.import_module(OLD + "framework")
penalties = importlib.import_module(OLD + "penalties")
prizes = importlib.import_module(OLD + "prizes")
seating_log = importlib.import_module(OLD + "seating_log")
templates = importlib.import_module(OLD + "templates")

InvalidCommand = errors.InvalidCommand
RuleViolation = errors.RuleViolation
TournamentService = service_module.TournamentService
open_store = store_module.open_store
AdjustClock = clock_log.AdjustClock
ColorUp = clock_log.ColorUp
NextLevel = clock_log.NextLevel
PauseClock = clock_log.PauseClock
ResumeClock = clock_log.ResumeClock
SetLevel = clock_log.SetLevel
StartClock = clock_log.StartClock
DealKind = deals.DealKind
Bust = eliminations.Bust
CloseRegistration = entries.CloseRegistration
CreateTournament = entries.CreateTournament
RecordChips = entries.RecordChips
Reenter = entries.Reenter
Register = entries.Register
Roster = entries.Roster
Redo = framework.Redo
Undo = framework.Undo
GivePenalty = penalties.GivePenalty
PenaltyKind = penalties.PenaltyKind
AcceptDeal = prizes.AcceptDeal
ApproveDeal = prizes.ApproveDeal
PayPrize = prizes.PayPrize
ProposeDeal = prizes.ProposeDeal
SetPrizeOptions = prizes.SetPrizeOptions
standings = prizes.standings
BreakTable = seating_log.BreakTable
ConfirmMove = seating_log.ConfirmMove
DrawSeats = seating_log.DrawSeats
LayTables = seating_log.LayTables
PlaceButton = seating_log.PlaceButton
Redraw = seating_log.Redraw
SuggestMoves = seating_log.SuggestMoves
live_seating = seating_log.live_seating
tables_view = seating_log.tables_view
load_template = templates.load_template

COMMIT = "982daf5"
START = datetime(2026, 11, 18, 18, 30, tzinfo=UTC)
"""A Wednesday evening: the fixed start of the fixture's clock."""

FOX = "fox-wed"
TNPL = "tnpl-thu"

CLI_VIEWS: tuple[tuple[str, ...], ...] = (
    ("status", "TID"),
    ("players", "TID"),
    ("results", "TID"),
    ("log", "TID"),
    ("tables", "TID"),
    ("payouts", "TID"),
    ("standings", "TID"),
    ("cash", "TID"),
    ("bounties", "TID"),
    ("clock", "TID"),
    ("deal", "TID", "status"),
)
"""The read-only CLI commands whose ``--json`` output the fixture records (``TID`` stands
for the tournament id; the Foxwoods night adds a receipt per paid player)."""


class Night:
    """A service on the fixture database with a hand-driven clock and seeded randomness."""

    def __init__(self, db: Path) -> None:
        self.now = START
        seeds = itertools.count(1)
        self.service = TournamentService(
            open_store(f"sqlite:///{db}"),
            now=lambda: self.now,
            rng_factory=lambda: Random(next(seeds)),
        )

    def later(self, minutes: float) -> None:
        """Move the clock on."""
        self.now += timedelta(minutes=minutes)

    def run(self, tid: str, command: Any, actor: str = "floor") -> list[Any]:
        """Run one command a few seconds after the last one."""
        self.now += timedelta(seconds=7)
        records: list[Any] = self.service.run(tid, command, actor=actor)
        return records

    def alive(self, tid: str) -> list[str]:
        """The names of the players still in, sorted."""
        return sorted(e.name for e in self.service.state(tid).part(Roster).alive())

    def seat_new(self, tid: str) -> None:
        """Draw seats for new entries unless registration already seated them."""
        try:
            self.run(tid, DrawSeats())
        except InvalidCommand as exc:
            print(f"  draw: {exc}")

    def balance(self, tid: str) -> None:
        """Ask for the moves the rules require and confirm every one."""
        try:
            self.run(tid, SuggestMoves())
        except RuleViolation as exc:  # time for the final table
            print(f"  moves: {exc}")
            self.run(tid, Redraw(), actor="td")
            return
        except InvalidCommand as exc:  # no moves needed
            print(f"  moves: {exc}")
            return
        for move in tables_view(self.service.state(tid)).pending:
            self.run(tid, ConfirmMove(move_id=move.move_id))


def name(i: int) -> str:
    """A readable, deterministic player name."""
    first = ("Ava", "Ben", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jamal")
    last = ("Alvarez", "Brooks", "Chen", "Dubois", "Eriksen", "Fischer")
    return f"{first[i % 10]} {last[i // 10]}"


def foxwoods(night: Night) -> None:
    """The busy Foxwoods night, played to the end and paid."""
    tmpl = load_template("fox_wed_80").with_changes(tables=4, seats_per_table=9)
    svc = night.service
    svc.create(CreateTournament(name="Wednesday $80", template=tmpl), tournament_id=FOX, actor="td")
    night.run(FOX, LayTables(tables=((1, 9), (2, 9), (3, 9), (4, 9)), break_order=(4, 3, 2, 1)))
    for i in range(26):
        member = f"FX{1000 + i}" if i % 4 else ""
        night.run(
            FOX,
            Register(name=name(i), member=member, age_ok=True, member_ok=not member),
            actor="cage",
        )
    night.run(FOX, DrawSeats())
    for table in sorted(live_seating(svc.state(FOX)).tables):
        night.run(FOX, PlaceButton(table=table))
    night.later(2)
    night.run(FOX, StartClock(), actor="td")
    night.later(12)
    for i in range(26, 30):  # late registration
        night.run(FOX, Register(name=name(i), member=f"FX{1000 + i}", age_ok=True), actor="cage")
    night.seat_new(FOX)
    night.later(5)
    night.run(FOX, Bust(players=(name(3),), eliminator=name(7)))
    night.run(FOX, Bust(players=(name(11),), eliminator=name(2)))
    night.run(FOX, Reenter(player=name(3)), actor="cage")
    night.run(FOX, Reenter(player=name(11)), actor="cage")
    night.seat_new(FOX)
    night.run(
        FOX,
        GivePenalty(
            player=name(5),
            kind=PenaltyKind.MISSED_HANDS,
            count=1,
            players_at_table=8,
            reason="soft play warning ignored",
        ),
    )
    night.run(FOX, PauseClock(reason="dealer change"), actor="td")
    night.later(3)
    night.run(FOX, ResumeClock(), actor="td")
    night.run(FOX, AdjustClock(seconds=-60), actor="td")
    night.later(6)
    night.run(FOX, NextLevel(), actor="td")
    # an undo and a redo: the bust is taken back and then restored
    night.run(FOX, Bust(players=(name(20),), eliminator=name(21)))
    night.run(FOX, Undo())
    night.run(FOX, Redo())
    night.run(FOX, Bust(players=(name(3),), eliminator=name(0)))
    night.run(FOX, Reenter(player=name(3)), actor="cage")
    night.seat_new(FOX)
    night.later(10)
    night.run(FOX, CloseRegistration(reason="end of late registration"), actor="td")
    rng = Random(2026)
    while len(night.alive(FOX)) > 26:  # busts, then the floor breaks the last table
        victim, winner = rng.sample(night.alive(FOX), 2)
        night.later(3)
        night.run(FOX, Bust(players=(victim,), eliminator=winner))
    night.run(FOX, BreakTable(table=max(live_seating(svc.state(FOX)).tables)), actor="td")
    for move in tables_view(svc.state(FOX)).pending:
        night.run(FOX, ConfirmMove(move_id=move.move_id))
    # busts two at a time (a same-hand double bust once), balancing after each
    while len(night.alive(FOX)) > 12:
        alive = night.alive(FOX)
        victim, winner = rng.sample(alive, 2)
        night.later(4)
        night.run(FOX, Bust(players=(victim,), eliminator=winner))
        night.balance(FOX)
    alive = night.alive(FOX)
    night.run(
        FOX, Bust(players=(alive[0], alive[1]), eliminator=alive[2], start_stacks=(4_000, 9_000))
    )
    night.balance(FOX)
    # the scheduled colour-up at the break after level 12: record stacks, then race table 1
    alive = night.alive(FOX)
    roster = svc.state(FOX).part(Roster)
    total = roster.chips_in_play
    share = total // len(alive) // 100 * 100
    rest = total - share * len(alive)
    counts = [(n, share + (rest if k == 0 else 0)) for k, n in enumerate(alive)]
    # uneven stacks that still add up: move odd amounts between neighbours
    shifted = []
    for k, (n, c) in enumerate(counts):
        delta = 3_100 if k % 2 == 0 else -3_100
        if k == len(counts) - 1 and k % 2 == 0:
            delta = 0
        shifted.append((n, c + delta))
    night.run(FOX, RecordChips(counts=tuple(shifted), note="end of level 3"))
    night.run(FOX, SetLevel(level=12), actor="td")
    night.later(5)
    night.run(FOX, NextLevel(), actor="td")  # the break: the 100s go
    seating = live_seating(svc.state(FOX))
    first_table = min(seating.tables)
    night.run(FOX, ColorUp(stacks=(), table=str(first_table)), actor="td")
    for table in sorted(seating.tables):
        if table != first_table:
            night.run(FOX, ColorUp(stacks=(), table=str(table)), actor="td")
    night.later(15)
    night.run(FOX, NextLevel(), actor="td")
    while len(night.alive(FOX)) > 3:
        alive = night.alive(FOX)
        victim, winner = rng.sample(alive, 2)
        night.later(6)
        night.run(FOX, Bust(players=(victim,), eliminator=winner))
        night.balance(FOX)
    a, b, c = night.alive(FOX)
    total = svc.state(FOX).part(Roster).chips_in_play
    night.run(
        FOX,
        RecordChips(
            counts=((a, total // 2), (b, total // 3), (c, total - total // 2 - total // 3))
        ),
    )
    night.run(FOX, SetPrizeOptions(deals_enabled=True), actor="td")
    night.run(FOX, ProposeDeal(kind=DealKind.ICM), actor="td")
    for p in (a, b, c):
        night.run(FOX, AcceptDeal(player=p))
    night.run(FOX, ApproveDeal(supervisor="Sam Ortiz"), actor="td")
    night.later(25)
    night.run(FOX, Bust(players=(c,), eliminator=a))
    night.later(9)
    night.run(FOX, Bust(players=(b,), eliminator=a))
    night.run(FOX, PauseClock(reason="the event is over"), actor="td")
    for row in standings(svc.state(FOX), night.now):
        if row.prize:
            night.run(FOX, PayPrize(player=row.name, id_checked=True), actor="cage")


def tnpl(night: Night) -> None:
    """A small TNPL league night left in play with the clock paused."""
    svc = night.service
    night.now = START + timedelta(days=1)
    tmpl = load_template("tnpl_league").with_changes(tables=2, seats_per_table=6)
    svc.create(
        CreateTournament(name="Thursday league", template=tmpl), tournament_id=TNPL, actor="td"
    )
    for i in range(9):
        night.run(TNPL, Register(name=name(40 + i % 10) + f" {i}", member=f"T{i}", age_ok=True))
    night.run(TNPL, DrawSeats())
    for table in sorted(live_seating(svc.state(TNPL)).tables):
        night.run(TNPL, PlaceButton(table=table))
    night.run(TNPL, StartClock(), actor="td")
    night.later(18)
    alive = night.alive(TNPL)
    night.run(TNPL, Bust(players=(alive[4],), eliminator=alive[1]))
    night.run(TNPL, Bust(players=(alive[6],), eliminator=alive[2]))
    night.balance(TNPL)
    night.run(TNPL, NextLevel(), actor="td")
    alive = night.alive(TNPL)
    night.run(
        TNPL,
        ColorUp(
            stacks=tuple((n, 10_000 + 25 * k) for k, n in enumerate(alive[:2])),
            removed=(25,),
            method="race",
            table="1",
        ),
        actor="td",
    )
    night.later(4)
    night.run(TNPL, PauseClock(reason="fixture ends here"), actor="td")


def cli_json(db: Path, args: tuple[str, ...]) -> Any:
    """What the CLI prints for ``pokertd ARGS --json --db DB``.

    ``clock`` prints the time it was asked (``clock.at``): dropped, as the test drops it.
    A refusal (exit code 2, the message as JSON) is recorded as it is: it must not change
    either.
    """
    pokertd = Path(sys.executable).parent / "pokertd"
    cmd = [str(pokertd), *args, "--json", "--db", f"sqlite:///{db}"]
    done = subprocess.run(cmd, check=False, capture_output=True, text=True)
    if done.returncode not in (0, 2):
        sys.exit(f"pokertd {' '.join(args)} failed: {done.stderr}")
    data = json.loads(done.stdout)
    if args[0] == "clock" and done.returncode == 0:
        del data["clock"]["at"]
    return {"exit_code": done.returncode, "json": data}


def main(folder: Path) -> None:
    """Write the database and the expected read models into ``folder``."""
    db = folder / f"main-{COMMIT}.db"
    expected_path = folder / f"main-{COMMIT}.expected.json"
    db.unlink(missing_ok=True)
    night = Night(db)
    foxwoods(night)
    tnpl(night)
    paid = [row.name for row in standings(night.service.state(FOX), night.now) if row.prize]
    night.service.store.close()
    expected: dict[str, Any] = {"commit": COMMIT, "tournaments": {}}
    receipts = tuple(("receipt", "TID", player) for player in paid)
    for tid, extra in ((FOX, receipts), (TNPL, ())):
        views: dict[str, Any] = {}
        for template in CLI_VIEWS + extra:
            args = tuple(tid if a == "TID" else a for a in template)
            first = cli_json(db, args)
            time.sleep(1.1)
            if cli_json(db, args) != first:
                sys.exit(f"pokertd {' '.join(args)} depends on the wall clock")
            views[" ".join(template)] = first
        expected["tournaments"][tid] = views
    expected_path.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"{db}: {db.stat().st_size} bytes; {expected_path}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
