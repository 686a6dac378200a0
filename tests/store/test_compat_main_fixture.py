"""A database written by an older main opens and replays to the same state (issue 11).

``tests/data/main-982daf5.db`` was written by the code of commit 982daf5 (the last main
before the issue 11 redesign) with ``tests/data/make_main_fixture.py``: a busy Foxwoods
night played to the end and paid (re-entries, moves, a broken table, a colour-up, a penalty,
an undo and a redo, a deal) and a small TNPL night left in play. The same script recorded
what that code's CLI printed with ``--json`` for each tournament in
``main-982daf5.expected.json``: a golden file from before the change, not from the code
under test.

Today's code must open a copy of that file (migrating its schema), decode every stored row
with the strict decoder, re-encode each event to the same JSON, and print the same read
models through the same CLI commands.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.store import open_store
from pokertd.store.base import encode
from pokertd.store.sqlite import SCHEMA_VERSION
from pokertd.tournament.framework import event_from_json

DATA = Path(__file__).resolve().parent.parent / "data"
FIXTURE = DATA / "main-982daf5.db"
EXPECTED = json.loads((DATA / "main-982daf5.expected.json").read_text(encoding="utf-8"))
TOURNAMENTS = {"fox-wed": 155, "tnpl-thu": 30}
"""The fixture's tournaments and how many events each logged."""
CASES = [
    (tid, view) for tid, views in sorted(EXPECTED["tournaments"].items()) for view in sorted(views)
]


def _copy(tmp: Path) -> Path:
    """A fresh copy of the fixture (opening it migrates it; the committed file stays as is)."""
    path = tmp / FIXTURE.name
    shutil.copyfile(FIXTURE, path)
    return path


@pytest.fixture(scope="module")
def fixture_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the fixture shared by the read-model comparisons."""
    return _copy(tmp_path_factory.mktemp("compat"))


def _cli_json(db: Path, args: list[str]) -> dict[str, Any]:
    """What today's CLI prints for ``pokertd ARGS --json --db DB``, as the script records it."""
    # the old code printed UTC dates: read them in UTC whatever the machine's zone
    result = CliRunner().invoke(
        app, [*args, "--json", "--db", f"sqlite:///{db}"], env={"POKERTD_TIMEZONE": "UTC"}
    )
    assert result.exit_code in (0, 2), result.output
    data = json.loads(result.stdout)
    if args[0] == "clock" and result.exit_code == 0:
        del data["clock"]["at"]  # the time the clock was asked
    if args[0] == "log":
        for line in data:  # issue 27: each line's sentence beside its English text (new)
            said = line.pop("said")
            assert said is None or said["msgid"], said
    if args[0] == "tables" and result.exit_code == 0:
        for table in data["tables"]:  # issue 28: the table's game (new), none in a hold'em log
            assert table.pop("game") is None, table
    return {"exit_code": result.exit_code, "json": data}


def test_the_fixture_is_small_and_from_the_old_schema(tmp_path: Path) -> None:
    """The committed file is the old schema (version 2, no ``command`` column), under 1 MB.

    Read from a copy: even a read-only connection leaves ``-wal``/``-shm`` files beside a
    WAL database, and the tests must not touch the working tree.
    """
    assert FIXTURE.stat().st_size < 1_000_000
    conn = sqlite3.connect(_copy(tmp_path))
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
        columns = [row[1] for row in conn.execute("PRAGMA table_info(events)")]
        assert "command" not in columns
        counts = dict(
            conn.execute("SELECT tournament_id, count(*) FROM events GROUP BY tournament_id")
        )
    finally:
        conn.close()
    assert counts == TOURNAMENTS


def test_every_stored_row_decodes_strictly_and_reencodes_to_the_same_json(
    tmp_path: Path,
) -> None:
    """Each row decodes with the strict decoder (unknown fields refused) and, where its
    version is still current, encodes back to exactly the stored JSON: the format did
    not drift."""
    conn = sqlite3.connect(_copy(tmp_path))
    try:
        rows = conn.execute(
            "SELECT tournament_id, seq, type, version, data FROM events ORDER BY 1, 2"
        ).fetchall()
    finally:
        conn.close()
    assert len(rows) == sum(TOURNAMENTS.values())
    types = set()
    for tid, seq, type_name, version, data in rows:
        stored = json.loads(data)
        event = event_from_json(type_name, version, stored)
        types.add(type_name)
        [(new_type, new_version, new_data)] = encode([event])
        assert new_type == type_name, (tid, seq)
        if new_version == version:
            assert json.loads(new_data) == stored, (tid, seq, type_name)
    assert {"players_busted", "player_moved", "colored_up", "deal_made", "prize_paid"} <= types
    assert {"command_undone", "command_redone", "penalty_given", "table_closed"} <= types


def test_opening_migrates_the_schema_and_old_rows_name_no_command(tmp_path: Path) -> None:
    """Today's store adds the ``command`` column; the old rows read back with none."""
    path = _copy(tmp_path)
    store = open_store(f"sqlite:///{path}")
    try:
        assert {t.id for t in store.tournaments()} == set(TOURNAMENTS)
        for tid, count in TOURNAMENTS.items():
            records = store.load(tid)
            assert [r.seq for r in records] == list(range(1, count + 1))
            assert all(r.command is None for r in records)
    finally:
        store.close()
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        columns = [row[1] for row in conn.execute("PRAGMA table_info(events)")]
    finally:
        conn.close()
    assert "command" in columns


@pytest.mark.parametrize(("tid", "view"), CASES, ids=[f"{t}:{v}" for t, v in CASES])
def test_read_models_match_the_old_cli(fixture_db: Path, tid: str, view: str) -> None:
    """``pokertd VIEW --json`` prints today what the old code printed for the same file."""
    args = [tid if word == "TID" else word for word in view.split(" ")]
    if args[0] == "receipt":  # the player's name has spaces: "receipt TID Ann Lee"
        args = [args[0], args[1], " ".join(args[2:])]
    expected = EXPECTED["tournaments"][tid][view]
    if args[0] == "results":  # rows with a deal: compare everything but the prize (above)
        expected = _without_prizes_of_deal_rows(expected, _cli_json(fixture_db, args))
    if args[0] == "payouts":  # a deal's places as the deal made them (issue 22)
        expected = _with_deal_places(expected, _cli_json(fixture_db, ["results", tid]))
    if args[0] == "clock" and _cli_json(fixture_db, args)["json"]["clock"]["finished"]:
        # issue 22: the clock of a finished night counts down to nothing (no next break)
        clock = {
            k: v
            for k, v in expected["json"]["clock"].items()
            if k not in ("next_break", "next_break_in")
        }
        expected = {**expected, "json": {**expected["json"], "clock": clock}}
    assert _since_982daf5(args[0], _cli_json(fixture_db, args)) == expected


def _with_deal_places(expected: Any, results: Any) -> Any:
    """The old payout sheet with each place a binding deal divided showing what its holder
    is paid by the deal, as today's results say (issue 22: every sheet shows the prizes as
    the deal made them); the other places must be the old table's."""
    rows = results["json"]["rows"]
    dealt = {r["place"]: r["prize_cents"] for r in rows if r.get("deal_cents") is not None}
    assert not dealt or set(dealt) == set(range(1, len(dealt) + 1))
    sheet = [
        {**p, "amount": dealt[p["place"]]} if p["place"] in dealt else p for p in expected["json"]
    ]
    total = sum(p["amount"] for p in expected["json"])
    assert sum(p["amount"] for p in sheet) == total == results["json"]["prize_pool_cents"]
    return {**expected, "json": sheet}


def _without_prizes_of_deal_rows(expected: Any, got: Any) -> Any:
    """The old results with the prize fields dropped from the rows that now show a deal."""
    dealt = {r["entry_id"] for r in got["json"]["rows"] if r.get("deal_cents") is not None}
    rows = [
        {k: v for k, v in r.items() if r["entry_id"] not in dealt or k not in PRIZE_KEYS}
        for r in expected["json"]["rows"]
    ]
    return {**expected, "json": {**expected["json"], "rows": rows}}


PRIZE_KEYS = frozenset({"prize", "prize_cents", "note"})


def _since_982daf5(view: str, got: Any) -> Any:
    """Today's output with the changes made on purpose since 982daf5 taken back, each checked.

    - ``receipt``: a "Paid at: HH:MM" line (venue time, issue 12) after "Date won"; each
      note cites every Foxwoods rule of its catalogue entry through the profile (issue 13:
      H11 "(FOX-PAY2, FOX-PAY1)", H10 "(FOX-PAY3, FOX-PAY4)") where 982daf5 named one;
      the ID line states only what was checked (issue 23): "Current valid ID checked.
      (FOX-PAY2)" where 982daf5 claimed "Valid photo ID and SSN seen." (no SSN was recorded).
    - ``results``: results show a deal that was made (issue 12 fixed results that ignored
      it): ``deal_made`` and each row's ``deal_cents`` are new; a row with a deal shows
      the deal amount as its prize (note "deal") where 982daf5 showed the payout table's.
    - ``tables``: each seated player has ``away`` (the floor marks a player away, issue
      12), ``penalty_hands_left`` and ``on_penalty`` (penalties served, issue 13): new,
      and none of the old fixture's players is away or serving a penalty.
    - ``cash``: ``carried_pool`` is new (the flights' prize pool carried into a Day 2,
      issue 14): 0 for every old event; ``prizes_paid`` and ``bounties_paid`` (issue 22).
    - ``cash``: ``mystery_posted``, ``mystery_drawn``, ``mystery_left`` (issue 26): 0 in
      every old event; ``bounties``: ``uncollected_cents`` (issue 26), 0 (no bounty event).
    - ``tables``: ``plan`` is new (the token of the moves waiting as shown, issue 22): none
      wait in the fixture, so it is ``None``.
    - ``status``: ``end`` is new (issue 22), and says what ``finished``/``winner`` say;
      ``currency`` is new (issue 27): "USD" for every old log; ``registration_said``
      (issue 27) is the note as a sentence, its English the note.
    - ``clock``: ``finished`` is new (issue 22); a finished night's clock has no next break.
    - ``results``: each row's ``paid`` and ``waits`` are new (issue 22).
    - ``payouts``: a binding deal's places show what their holders are paid by the deal
      (issue 22), checked against today's results (see ``_with_deal_places``).
    - ``log``: seats in words, "table 4 seat 7 → table 1 seat 1", and draws as "first
      draw"/"late draw" (issue 23, see ``_old_words``).
    Everything else must be exactly what the old code printed.
    """
    if view == "receipt":
        lines = got["json"]["receipt"].split("\n")
        paid_at = [i for i, line in enumerate(lines) if line.startswith("Paid at: ")]
        assert len(paid_at) == 1
        assert lines[paid_at[0] - 1].startswith("Date won: ")
        del lines[paid_at[0]]
        one_rule = {"Form W-2G issued.": "FOX-PAY3", "Form 1042-S issued.": "FOX-PAY4"}
        id_line = lines.index("Current valid ID checked. (FOX-PAY2)")
        lines[id_line] = "Valid photo ID and SSN seen. (FOX-PAY2)"
        for i, line in enumerate(lines):
            note, _, cited = line.rpartition(" (")
            if cited in ("FOX-PAY2, FOX-PAY1)", "FOX-PAY3, FOX-PAY4)"):
                lines[i] = f"{note} ({one_rule.get(note, 'FOX-PAY2')})"
        return {**got, "json": {**got["json"], "receipt": "\n".join(lines)}}
    if view == "results":
        data = dict(got["json"])
        deal_made = data.pop("deal_made")
        rows = []
        for row in data["rows"]:
            row = dict(row)
            row.pop("paid")  # issue 22: paid, and why a payment waits (nothing waits here)
            assert row.pop("waits") == ""
            deal = row.pop("deal_cents")
            assert (deal is not None) == (deal_made and row["note"] == "deal")
            if deal is not None:
                assert row["prize_cents"] == deal
                row.pop("prize"), row.pop("prize_cents"), row.pop("note")
            rows.append(row)
        return {**got, "json": {**data, "rows": rows}}
    if view == "cash":
        data = dict(got["json"])
        assert data.pop("carried_pool") == 0
        # issue 22: prizes and bounties paid so far; the old Foxwoods night paid its pool
        assert data.pop("prizes_paid") in (0, data["net_prize_pool"])
        assert data.pop("bounties_paid") == 0
        # issue 26: mystery-bounty envelopes posted, drawn, left: none in an old night
        assert (data.pop("mystery_posted"), data.pop("mystery_drawn")) == (0, 0)
        assert data.pop("mystery_left") == 0
        # issue 26: a cancelled event's refunds by kind: no old night was cancelled
        assert (data.pop("cancelled"), data.pop("refunds"), data.pop("refunds_by_kind")) == (
            False,
            0,
            [],
        )
        return {**got, "json": data}
    if view == "bounties":
        data = dict(got["json"])
        assert data.pop("uncollected_cents") == 0  # issue 26: no bounty event in the fixture
        return {**got, "json": data}
    if view == "status":
        data = dict(got["json"])
        # issue 26: a cancelled event says so (no old night was cancelled)
        assert (data.pop("cancelled"), data.pop("cancelled_reason")) == (False, "")
        assert data.pop("refunds_cents") == 0
        assert data.pop("currency") == "USD"  # issue 27: an old log is in dollars
        # issue 27: the note as a sentence each face translates; its English is the note's
        said = data.pop("registration_said")
        assert said["msgid"] % said["params"] == data["registration_note"]
        end = data.pop("end")  # issue 22: the end of the night, as the status says it
        assert (end["finished"], end["winner"], end["needs"]) == (
            data["finished"],
            data["winner"],
            "",
        )
        return {**got, "json": data}
    if view == "clock" and got["exit_code"] == 0:
        clock = dict(got["json"]["clock"])
        if clock.pop("finished"):  # issue 22: stopped at the end, nothing more to come
            assert clock["running"] is False
            assert (clock.pop("next_break"), clock.pop("next_break_in")) == (None, None)
        return {**got, "json": {**got["json"], "clock": clock}}
    if view == "tables":
        assert got["json"].pop("plan") is None
        tables = []
        for table in got["json"]["tables"]:
            seated = []
            for seat in table["seated"]:
                seat = dict(seat)
                assert seat.pop("away") is None
                assert seat.pop("penalty_hands_left") == 0
                assert seat.pop("on_penalty") is False
                seated.append(seat)
            tables.append({**table, "seated": seated})
        return {**got, "json": {**got["json"], "tables": tables}}
    if view == "log":
        return {**got, "json": [{**e, "text": _old_words(e["text"])} for e in got["json"]]}
    return got


_SEAT = re.compile(r"table (\d+) seat (\d+)")
_OLD_HOW = {
    "(first draw)": "(initial)",
    "(late draw)": "(late)",
    "(seated by the floor)": "(floor)",
}


def _old_words(text: str) -> str:
    """A log line in 982daf5's words (issue 23: seats read aloud, "table 4 seat 7 → table 1
    seat 1" where it wrote "T4-S7 -> T1-S1"; a draw says "first draw"/"late draw" where it
    wrote "initial"/"late"). Only seats, buttons and draws are reworded."""
    if not text.startswith(("Moved #", "Seated ", "Button at ", "Drew seats ")):
        return text
    old = _SEAT.sub(r"T\1-S\2", text).replace(" → ", " -> ")
    for new, was in _OLD_HOW.items():
        if old.endswith(new):
            old = old[: -len(new)] + was
    return old.replace(" at 1 table ", " at 1 tables ")
