"""Each venue's night (issue 13): a whole night under each built-in profile with that
venue's own template, (a) in the simulator and (b) through the CLI, and every rule ID the
night cites -- each refusal's, each move's, and every one written in what the floor reads --
is the venue's own: ``catalogue.venue_of(id)`` is the profile's venue, ``TDA`` (a rule the
venue is silent on, the TDA default) or ``None`` (a catalogue entry nobody numbers).

The service-level night with its battery of bad commands is ``tests/test_citations.py``;
this file reuses its template per venue (:data:`test_citations.NIGHTS`) and its check
(:func:`test_citations.foreign`).

(a) The simulator plays 30 bots to a winner on the venue's template (laid out as the
citations night: 4 tables of 9) under its profile, through the service with the floor's
commands (its self-checks run on every night). Along the way each bot action is preceded by
probes the engine must refuse -- an action out of turn, a raise one chip short of the
minimum, a raise past the stack, a check facing a bet -- and every move, table break and
final table the night's log records is read with its rule IDs.

(b) The CLI runs ``new --template T --profile P`` -> ``register`` x 24 -> ``seat`` ->
``button`` -> ``clock start`` -> ``bust`` ... with ``moves`` and ``move confirm`` after each
bust -> ``redraw`` (final table) -> ``results --json`` on a SQLite file, with bad commands
among the good ones (register twice, seat twice, start the clock twice, bust a stranger,
re-enter a live player, rebuy/add-on/forfeit by the venue's terms, break a table that does not
exist, form the final table too early). Each refusal must exit 2 with a JSON body and no
traceback.

Implements the issue's "Each venue's night" for tda, kojack, tnpl, nj_fundraiser,
spotlight and foxwoods (A8-A11, A13, B1, C1, C4-C6, C9, D1, E2, E4, E6, E10, G1, H2, H4).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w
import typer.main
import typer.testing
from typer.testing import CliRunner

from pokertd.app.tournaments import TournamentService
from pokertd.cli import app
from pokertd.engine import Action, Check, Raise
from pokertd.engine.hand import Hand
from pokertd.errors import PokertdError
from pokertd.rules import catalogue, load_profile
from pokertd.sim import NightConfig, simulate_night
from pokertd.store import open_store
from pokertd.tournament.eliminations import PlayersBusted
from pokertd.tournament.seating.log import FinalTableDrawn, MovesSuggested, PlayerMoved
from pokertd.tournament.templates import AddonTerms, Fees, load_template, template_to_dict
from test_citations import NIGHTS, foreign

VENUES = sorted(NIGHTS)
"""tda, foxwoods, kojack, nj_fundraiser, spotlight, tnpl."""

runner = CliRunner()


# --- (a) the simulator -------------------------------------------------------------------


def probes(hand: Hand) -> Iterator[Action]:
    """Actions the engine must refuse for the seat to act now (none of them is legal)."""
    legal = hand.legal()
    others = [s for s in hand.seats_dealt if s != legal.seat]
    if others:
        yield Check(seat=others[0])  # out of turn (E10)
    if legal.can_raise and legal.current_bet < legal.min_raise_to - 1:
        yield Raise(to=legal.min_raise_to - 1)  # one chip short of the minimum (E2, E4)
    if legal.can_raise:
        yield Raise(to=legal.max_raise_to + 1)  # more than the stack or the pot (E6)
    if not legal.can_check:
        yield Check()  # facing a bet


def test_probes_are_refused_by_a_fresh_hand() -> None:
    """The probes are not blind: at the first decision of a hand with blinds each probe is
    refused, and the actor's legal call is accepted."""
    profile = load_profile("kojack")
    hand = Hand.start(
        stacks=[10_000, 10_000, 10_000],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=100,
        big_blind=200,
        profile=profile,
        rng=random.Random(1),
    )
    tried = list(probes(hand))
    assert len(tried) == 4
    for action in tried:
        with pytest.raises(PokertdError):
            hand.verify(action)
    hand.verify(Raise(to=400))  # the minimum raise itself is fine


def _template_file(profile: str, folder: Path) -> str:
    """The venue's template as the citations night lays it out (4 tables of 9, the TDA
    night with an add-on), written as a TOML file the simulator loads like any template."""
    changes: dict[str, Any] = {"tables": 4, "seats_per_table": 9, "profile": profile}
    if profile == "tda":
        changes["addon"] = AddonTerms(fees=Fees(prize_pool=2000), chips=10_000, at_level=4)
    tmpl = load_template(NIGHTS[profile]).with_changes(**changes)
    path = folder / f"{profile}-night.toml"
    path.write_text(tomli_w.dumps(template_to_dict(tmpl)), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("profile", VENUES)
def test_a_venues_night_in_the_simulator(
    profile: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """30 bots play the venue's template under its profile to a winner through the
    service (:func:`pokertd.sim.simulate_night`); the engine's refusals of the probes made
    before every bot action, and every move, table break and final table the night's log
    records, cite only the venue's rules."""
    rules = load_profile(profile)
    refusals: list[PokertdError] = []
    accepted: list[Action] = []
    real_trusted = Hand.trusted

    def probing_trusted(hand: Hand, action: Action) -> None:
        for bad in probes(hand):
            try:
                hand.verify(bad)
            except PokertdError as exc:
                refusals.append(exc)
            else:
                accepted.append(bad)
        hand.verify(action)  # the bot's own choice is legal
        real_trusted(hand, action)

    monkeypatch.setattr(Hand, "trusted", probing_trusted)
    url = f"sqlite:///{tmp_path / 'night.db'}"
    report = simulate_night(
        NightConfig(
            template=_template_file(profile, tmp_path),
            entries=30,
            profile=profile,
            seed=7,
            store_url=url,
        )
    )
    with TournamentService(open_store(url)) as service:
        records = service.records(report.tournament_id)
    assert accepted == []
    assert report.profile == rules.name
    busted = sum(len(r.event.busted) for r in records if isinstance(r.event, PlayersBusted))
    assert busted == report.entries - 1  # everyone but the winner, each entry once
    assert report.winner
    groups: list[tuple[str, ...]] = []
    for r in records:
        if isinstance(r.event, PlayerMoved):
            groups.append(r.event.move.rule_ids)
        elif isinstance(r.event, MovesSuggested):
            groups.extend(m.rule_ids for m in r.event.moves)
    assert sum(isinstance(r.event, PlayerMoved) for r in records) >= 5
    assert sum(isinstance(r.event, FinalTableDrawn) for r in records) == 1
    assert len(groups) >= 5  # the night's moves were seen
    texts = [r.event.describe() for r in records]
    groups += [exc.rule_ids for exc in refusals]
    texts += [str(exc) for exc in refusals]
    texts += [repr(report)]
    assert foreign(rules, groups, texts) == []
    assert len(refusals) >= 200
    cited = {r for ids in groups for r in ids}
    own = {r for r in cited if catalogue.venue_of(r) in (rules.venue, catalogue.TDA_CODE)}
    assert len(own) >= 3, sorted(cited)  # out of turn, balancing, final table at least


# --- (b) the CLI ---------------------------------------------------------------------------

PLAYERS = 24
JSON_RULE_IDS = re.compile(r'"rule_ids": \[([^\]]*)\]')


@pytest.fixture(autouse=True)
def built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Build the click command tree once per test, not once per invocation."""
    command = typer.main.get_command(app)
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: command)


class Shell:
    """The floor at a terminal: every command on one SQLite file, refusals kept."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.refusals: list[dict[str, Any]] = []
        self.outputs: list[str] = []

    def ok(self, *args: str) -> Any:
        """A command the floor means: it must succeed; its JSON output."""
        result = runner.invoke(app, [*args, "--db", self.db, "--json"])
        assert result.exit_code == 0, (args, result.output)
        self.outputs.append(result.stdout)
        return json.loads(result.stdout) if result.stdout.strip() else None

    def attempt(self, *args: str) -> dict[str, Any] | None:
        """A command the venue may refuse: the refusal (exit 2, a JSON body) is kept."""
        result = runner.invoke(app, [*args, "--db", self.db, "--json"])
        assert "Traceback" not in result.output, result.output
        if result.exit_code == 0:
            self.outputs.append(result.stdout)
            return None
        assert result.exit_code == 2, (args, result.output)
        body: dict[str, Any] = json.loads(result.stdout)
        assert body["error"], body
        assert body["message"], body
        self.refusals.append(body)
        return body

    def bad(self, *args: str) -> dict[str, Any]:
        """A command every venue refuses."""
        body = self.attempt(*args)
        assert body is not None, f"{args} was accepted"
        return body


def confirm_moves(sh: Shell, tid: str) -> None:
    """Ask for the moves the rules require now and confirm each one; form the final table
    when it is due. A move the rules hold back (C6: the short table's only open seats are
    next hand's small blind or button) is refused naming the tables: a hand is played
    there (the button moves on) and the floor asks again."""
    for _ in range(8):
        refused = sh.attempt("moves", tid)
        if refused is not None:
            assert refused["context"]["tables"], refused
            for table in refused["context"]["tables"]:
                sh.ok("button", tid, str(table), "--advance", "1")
            continue
        todo = json.loads(sh.outputs[-1])
        pending = todo["pending"]
        if not pending:
            view = sh.ok("tables", tid)
            if len(view["tables"]) > 1 and view["players"] <= view["final_table_size"]:
                sh.ok("redraw", tid)
            return
        for move in pending:
            args = ["move", "confirm", tid, str(move["move_id"])]
            if move.get("name") is None:
                view = sh.ok("tables", tid)
                table = next(t for t in view["tables"] if t["table"] == move["from_table"])
                args += ["--player", table["seated"][0]["name"]]
            sh.ok(*args)


def cli_night(tmp_path: Path, profile: str) -> tuple[Shell, Any]:
    """The night: returns the shell (refusals, outputs) and ``results --json``."""
    sh = Shell(f"sqlite:///{tmp_path / f'{profile}.db'}")
    tid = "night"
    sh.ok(
        "new",
        "--template",
        NIGHTS[profile],
        "--profile",
        profile,
        "--name",
        f"{profile} night",
        "--tables",
        "3",
        "--seats",
        "9",
        "--id",
        tid,
    )
    names = [f"Player {i:02d}" for i in range(PLAYERS)]
    if profile == "nj_fundraiser":
        sh.bad("clock", tid, "start")  # NJ-44d: the prize schedule is posted first
    for i, name in enumerate(names):
        sh.ok("register", tid, name, "--card", f"C{i:02d}", "--age-ok", "--member-ok")
    sh.bad("register", tid, names[0], "--card", "C00", "--age-ok", "--member-ok")  # A13
    if profile == "nj_fundraiser":
        sh.ok("post-schedule", tid)
    sh.ok("seat", tid)
    sh.bad("seat", tid)  # C1: everybody has a seat
    for table in sh.ok("tables", tid)["tables"]:
        sh.ok("button", tid, str(table["table"]))
    sh.ok("clock", tid, "start")
    sh.bad("clock", tid, "start")  # B1: already running
    sh.bad("bust", tid, "Nobody Here")
    sh.bad("reenter", tid, names[1])  # A8: still alive, or no re-entry here
    sh.attempt("rebuy", tid, names[1], "--stack", "0")  # A9 by the venue's terms
    sh.attempt("addon", tid, names[1], "--stack", "25000")  # A10
    sh.attempt("forfeit", tid, names[5], "1000")  # A11: by the venue's window
    sh.bad("break-table", tid, "99")
    sh.bad("redraw", tid)  # C9: too early for the final table
    rng = random.Random(11)
    busts = 0
    while True:
        view = sh.ok("tables", tid)
        alive = sorted(s["name"] for t in view["tables"] for s in t["seated"])
        if len(alive) <= 1:
            break
        victim = rng.choice(alive)
        sh.ok("bust", tid, victim)
        busts += 1
        if busts == 1:
            sh.attempt("reenter", tid, victim)  # allowed at some venues, refused at others
            continue
        confirm_moves(sh, tid)
    sh.bad("bust", tid, alive[0])  # the winner cannot bust
    sh.attempt("close-registration", tid)  # the last one left wins once it is closed (G1)
    return sh, sh.ok("results", tid)


def cli_rule_ids(sh: Shell) -> tuple[list[tuple[str, ...]], list[str]]:
    """``(rule ID groups, texts)``: each refusal's IDs and every ``rule_ids`` list any JSON
    output carried (moves, tables, results), and all the text."""
    groups = [tuple(body["rule_ids"]) for body in sh.refusals]
    texts = [body["message"] for body in sh.refusals]
    for out in sh.outputs:
        for found in JSON_RULE_IDS.finditer(out):
            groups.append(tuple(json.loads(f"[{found[1]}]")))
        texts.append(out)
    return groups, texts


@pytest.mark.parametrize("profile", VENUES)
def test_a_venues_night_through_the_cli(tmp_path: Path, profile: str) -> None:
    """new -> register -> seat -> button -> clock -> busts -> moves -> final table ->
    results, with bad commands among them: the night finishes with one winner and 24
    places, and no refusal or output cites another venue's rules."""
    rules = load_profile(profile)
    sh, results = cli_night(tmp_path, profile)
    rows = results["rows"]
    places = sorted(p for row in rows for p in row["places"])
    assert places == list(range(1, results["entries"] + 1))  # re-entries place too
    assert results["entries"] >= PLAYERS
    assert len(sh.refusals) >= 9, [r["message"] for r in sh.refusals]
    groups, texts = cli_rule_ids(sh)
    assert foreign(rules, groups, texts) == []
    # balancing and table breaks were confirmed on the way (how many players moved
    # depends on where the random busts fell; 3 tables down to one always break one)
    assert any('"player_moved"' in out for out in sh.outputs)
    assert any('"table_closed"' in out for out in sh.outputs)
    mine = {r for ids in groups for r in ids if catalogue.venue_of(r) == rules.venue}
    if rules.venue != catalogue.TDA_CODE:
        assert mine, sorted({r for ids in groups for r in ids})
