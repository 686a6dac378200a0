"""A quick command line: ``pokertd --help`` and one-line commands import only what they use.

Issue 15: every CLI command used to spend 0.5-1.0 s of CPU importing the whole package (the
service, the tournament core, the engine, the store, Rich's tables) before it started. Now
the command modules import only Typer and pokertd's base modules at the top, each command
imports its domain when it runs, and the root group builds only the command asked for
(``pokertd.cli.LazyGroup``; docs/cli.md). These tests run ``pokertd`` in a fresh Python
process and read ``sys.modules`` afterwards: no wall-clock asserts (bench/cli_startup.py
measures the time).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from enum import StrEnum

import pytest
import typer.main

from pokertd.cli import _choices, app

PROBE = """
import json, sys
args = json.loads(sys.argv[1])
sys.argv = ["pokertd", *args]
from pokertd.cli import main
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
print("\\nMODULES=" + json.dumps(sorted(sys.modules)))
"""
"""Runs the ``pokertd`` entry point in-process, then prints every module it imported."""

HEAVY = (
    "pokertd.app.tournaments",
    "pokertd.tournament",
    "pokertd.engine",
    "pokertd.store",
    "pokertd.rules",
    "pokertd.web",
    "pokertd.sim",
    "pokertd.app.series",
    "pokertd.app.leagues",
    "pokertd.app.players",
)
"""Packages a ``--help`` or ``version`` has no use for (each costs tens of milliseconds)."""


def run_pokertd(*args: str, tmp: str | None = None) -> tuple[str, set[str]]:
    """``pokertd ARGS`` in a new Python process: its output, and the modules it imported."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(list(args))],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp,
        timeout=120,
        check=False,
    )
    out, _, modules = done.stdout.rpartition("\nMODULES=")
    assert modules, done.stderr
    return out, set(json.loads(modules))


def heavy_in(modules: set[str]) -> list[str]:
    """The imported modules that belong to a package in :data:`HEAVY`."""
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("status", "--help"),
        ("version",),
        ("deal", "--help"),
        ("deal", "icm", "--help"),
        ("ruling", "--help"),
        ("series", "satellite", "--help"),
        ("icm", "--help"),
        ("penalty", "--help"),
    ],
    ids=" ".join,
)
def test_help_and_version_import_no_domain_code(args: tuple[str, ...]) -> None:
    """``pokertd --help``, ``pokertd status --help``, ``pokertd version`` and the commands
    whose options name a domain choice load no service, tournament, engine or store."""
    out, modules = run_pokertd(*args)
    assert "pokertd.cli" in modules
    assert heavy_in(modules) == [], f"pokertd {' '.join(args)} imported {heavy_in(modules)}"
    assert out.strip(), "the command printed nothing"


def test_version_builds_no_rich_table_and_no_other_command() -> None:
    """``pokertd version`` prints the version without Rich's tables or the other modules'
    command objects (Typer's help screens use Rich; a one-line command does not)."""
    out, modules = run_pokertd("version")
    from pokertd import __version__

    assert out.strip() == __version__
    assert "rich.table" not in modules
    assert "rich.console" not in modules


def test_the_probe_sees_a_command_that_does_load_the_service(tmp_path: os.PathLike[str]) -> None:
    """The check above can fail: ``pokertd tournaments`` opens the store through the service,
    and the probe reports it."""
    db = f"sqlite:///{os.path.join(tmp_path, 'probe.db')}"
    out, modules = run_pokertd("tournaments", "--db", db, "--json", tmp=str(tmp_path))
    assert json.loads(out) == []
    assert "pokertd.app.tournaments" in heavy_in(modules)
    assert "pokertd.store" in heavy_in(modules)


NOT_FOR_A_FLOOR_COMMAND = (
    "fastapi",
    "starlette",
    "uvicorn",
    "jinja2",
    "babel",
    "psycopg",
    "hypothesis",
    "pydantic",
    "argon2",
    "rich",
    "pokertd.web",
    "pokertd.sim",
    "pokertd.app.commands",
    "pokertd.app.accounts",
    "pokertd.app.leagues",
    "pokertd.app.series",
    "pokertd.app.players",
    "pokertd.engine.hand",
    "pokertd.engine.rulings",
    "pokertd.engine.pots",
)
"""What ``pokertd status T --json``, ``bust`` and ``register`` have no use for (issue 25):
the web app and its server and templates, the PostgreSQL driver on a SQLite URL, the
simulator, pydantic (the API's command schemas, and Typer's conversion of text options),
the other services of :mod:`pokertd.app`, the hand engine beyond what the core folds with,
and Rich (``--json`` prints no table)."""


def loaded(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    """The imported modules that are, or belong to, one of ``packages``."""
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite night: ``fox_120`` with twelve players registered and seated by draw."""
    from pokertd.app import App
    from pokertd.tournament.entries import CreateTournament, Register
    from pokertd.tournament.seating import DrawSeats
    from pokertd.tournament.templates import load_template

    url = f"sqlite:///{tmp_path_factory.mktemp('night') / 'night.db'}"
    service = App.open(url).tournaments
    template = load_template("fox_120").with_changes(tables=2)
    service.create(CreateTournament(name="Startup", template=template), tournament_id="t25")
    for i in range(12):
        service.run("t25", Register(name=f"Player {i:02d}", age_ok=True, member_ok=True))
    service.run("t25", DrawSeats())
    service.close()
    return url


def test_status_bust_and_register_load_only_what_they_use(night: str) -> None:
    """Issue 25, point 4: a floor command on a real database imports the core, the store and
    the tournament service, and none of :data:`NOT_FOR_A_FLOOR_COMMAND` — while doing its
    work: the status counts the twelve entries, the bust and the registration write their
    events."""
    out, modules = run_pokertd("status", "t25", "--db", night, "--json")
    assert json.loads(out)["entries"] == 12
    assert {"pokertd.tournament", "pokertd.store", "pokertd.app.tournaments"} <= modules
    assert loaded(modules, NOT_FOR_A_FLOOR_COMMAND) == []

    out, modules = run_pokertd("bust", "t25", "Player 03", "--db", night, "--json")
    bust = json.loads(out)
    assert [e["type"] for e in bust] == ["players_busted"]
    assert "Player 03" in bust[0]["text"]
    assert loaded(modules, NOT_FOR_A_FLOOR_COMMAND) == []

    args = ("register", "t25", "Late Larry", "--age-ok", "--member-ok", "--db", night, "--json")
    out, modules = run_pokertd(*args)
    assert "Late Larry" in json.loads(out)[0]["text"]
    assert loaded(modules, NOT_FOR_A_FLOOR_COMMAND) == []


def test_the_probe_sees_pydantic_and_the_schemas_where_a_command_uses_them(night: str) -> None:
    """The check above can fail: ``pokertd commands --json`` lists the API's command schemas
    (pydantic models), and a number option (``bust --hand-rank``) goes through Typer's own
    pydantic conversion; the probe reports both."""
    out, modules = run_pokertd("commands", "--json")
    assert any(c["name"] == "bust" for c in json.loads(out))
    assert {"pokertd.app.commands", "pydantic"} <= set(loaded(modules, NOT_FOR_A_FLOOR_COMMAND))
    _out, modules = run_pokertd("bust", "t25", "Player 04", "--hand-rank", "x", "--db", night)
    assert "pydantic" in modules


def test_text_options_read_without_pydantic_give_typers_values_and_errors() -> None:
    """``_TextFirst`` (the CLI's conversion of text values, issue 25) gives what Typer's own
    gives: text as it is, repeated text as a list, an empty repeat as an empty tuple; a
    number still refused in Typer's words."""
    from pokertd.cli import LazyGroup

    root = typer.main.get_command(app)
    assert isinstance(root, LazyGroup)
    bust = root.get_command(None, "bust")
    assert bust is not None
    ctx = bust.make_context("bust", ["t25", "Ann", "Bob", "--start-stack", "9,000", "--by", "Cy"])
    assert ctx.params["names"] == ["Ann", "Bob"]
    assert ctx.params["start_stack"] == ["9,000"]
    assert ctx.params["by"] == "Cy"
    assert ctx.params["hand"] is None
    assert ctx.params["hand_rank"] == ()
    ctx = bust.make_context("bust", ["t25", "Ann", "--hand-rank", "2"])
    assert ctx.params["hand_rank"] == [2]
    with pytest.raises(typer.BadParameter, match="valid integer"):
        bust.make_context("bust", ["t25", "Ann", "--hand-rank", "two"])


def test_pokertd_help_lists_every_command_with_its_help_line() -> None:
    """Every visible top-level command and sub-app shows in ``pokertd --help`` with the first
    line of its help, although the root group builds commands only when asked."""
    out, _modules = run_pokertd("--help")
    root = typer.main.get_command(app)
    commands = getattr(root, "commands", {})
    visible = {name: c for name, c in commands.items() if not c.hidden}
    assert len(visible) >= 50
    lines = out.splitlines()
    for name, command in visible.items():
        first = (command.short_help or command.help or "").strip().splitlines()[0]
        row = [line for line in lines if line.strip(" │").startswith(f"{name} ")]
        assert row, f"{name} is missing from pokertd --help"
        assert first[:40] in row[0], (name, first, row[0])


def test_lazy_root_group_builds_only_the_command_asked_for() -> None:
    """The root group builds ``status`` alone when asked for it; ``list_commands`` then
    builds the rest in the order ``pokertd --help`` always listed them (version first)."""
    from pokertd.cli import LazyGroup

    root = typer.main.get_command(app)
    assert isinstance(root, LazyGroup)
    assert list(root._built) == ["version"]
    status = root.get_command(None, "status")
    assert status is not None
    assert status.name == "status"
    assert list(root._built) == ["version", "status"]
    assert root.get_command(None, "no-such-command") is None
    names = root.list_commands(None)
    assert names[:3] == ["version", "templates", "new"]
    assert names.index("status") > names.index("bust")
    assert root.commands["status"] is status
    assert {"hand", "deal", "prize", "structure", "move", "user", "sim"} <= set(names)


@pytest.mark.parametrize(
    ("copy", "source"),
    [
        (_choices.VariantChoice, ("pokertd.rules", "Variant")),
        (_choices.OrderChoice, ("pokertd.engine.rulings", "Order")),
        (_choices.LeftoverChoice, ("pokertd.tournament.satellites", "LeftoverRule")),
    ],
    ids=lambda v: v.__name__ if isinstance(v, type) else v[1],
)
def test_the_clis_copies_of_domain_choices_match_their_source(
    copy: type[StrEnum], source: tuple[str, str]
) -> None:
    """The option choices the CLI copies (so building the app imports no domain code) have
    exactly the domain enum's members and values."""
    import importlib

    original = getattr(importlib.import_module(source[0]), source[1])
    assert {m.name: m.value for m in copy} == {m.name: m.value for m in original}


def test_the_clis_deal_kinds_penalty_words_and_icm_default_match_the_core() -> None:
    """``pokertd deal KIND`` commands, ``pokertd penalty``'s words (K1) and ``pokertd icm
    --samples``'s default are the core's values."""
    from pokertd.tournament.penalties import PenaltyKind
    from pokertd.tournament.prizes.deals import DealKind
    from pokertd.tournament.prizes.icm import DEFAULT_SAMPLES

    assert tuple(k.value for k in DealKind) == _choices.DEAL_KINDS
    assert {PenaltyKind(v) for v in _choices.PENALTY_WORDS.values()} == set(PenaltyKind)
    assert _choices.ICM_SAMPLES == DEFAULT_SAMPLES
