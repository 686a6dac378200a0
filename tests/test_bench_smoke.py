"""Smoke runs of the benches issue 25 made honest (``bench/scale.py``, ``bench/store.py``),
each at a tiny size in a process of its own, as a person runs them.

The figures must be consistent, never fast: no time is asserted (the machine is shared).
The scale bench: every size played to its last prize (places paid > 0), commands and events
counted, CPU per command = the median CPU ÷ commands, the ratio at the smallest size 1.0 and
every other ratio the quotient of two figures of the same run, a chart with its axes. The
store bench: on a real simulated night's log (not padding), every command of the tail
appended and the rebuilt log equal to the night's (the bench checks it and fails
otherwise), loads measured on each store (SQLite, and PostgreSQL when
``$POKERTD_TEST_PG_URL`` names one).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def _bench(module: str, *args: str) -> str:
    """Run ``python -m bench.<module> args`` from the repository; its printed output."""
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{module}", *args],
        cwd=ROOT,
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def scale(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str, str]:
    """One run of the scale bench at 20 and 40 entries, twice each: (figures, output,
    chart)."""
    tmp = tmp_path_factory.mktemp("scale")
    out, chart = tmp / "scale.json", tmp / "scale.svg"
    printed = _bench(
        "scale", "--sizes", "40,20", "--repeat", "2", "--json", str(out), "--chart", str(chart)
    )
    return json.loads(out.read_text()), printed, chart.read_text()


def test_scale_plays_every_size_to_its_last_prize(
    scale: tuple[dict[str, Any], str, str],
) -> None:
    """Sizes in order, each night played to its prizes, counts that add up."""
    data, _, _ = scale
    rows = data["rows"]
    assert [r["size"] for r in rows] == [20, 40]
    assert (data["template"], data["seed"], data["repeat"]) == ("fox_120", 3, 2)
    for r in rows:
        assert r["entries"] >= r["size"]  # re-entries count as entries
        assert r["paid"] > 0
        assert r["hands"] > 0
        assert r["events"] >= r["commands"] > r["entries"]  # one registration each, at least
        assert len(r["cpus"]) == 2
        assert r["cpu"] == pytest.approx(r["play"] + r["prizes"] + r["checks"])
        assert r["peak_mb"] >= r["base_mb"] > 0
    assert rows[1]["commands"] > rows[0]["commands"]


def test_scale_ratios_are_same_run_quotients(scale: tuple[dict[str, Any], str, str]) -> None:
    """CPU per command = median CPU ÷ commands; the ratio at the smallest size is 1.0 and
    the other is the quotient of the two per-command figures."""
    data, printed, _ = scale
    rows = data["rows"]
    for r in rows:
        per = 1000 * statistics.median(r["cpus"]) / r["commands"]
        assert r["ms_per_command"] == pytest.approx(per)
    assert rows[0]["ratio"] == 1.0
    assert rows[1]["ratio"] == pytest.approx(rows[1]["ms_per_command"] / rows[0]["ms_per_command"])
    assert "ms/cmd" in printed
    assert "ratio" in printed
    assert "CPU per command at 40 entries ÷ at 20:" in printed


def test_scale_chart_has_both_charts_and_their_axes(
    scale: tuple[dict[str, Any], str, str],
) -> None:
    """The SVG holds the per-command chart and the ratio chart, labelled, entries as ticks."""
    _, _, chart = scale
    assert chart.startswith("<svg")
    assert chart.count("<polyline") == 2
    for label in ("CPU per command", "entries, log scale (played: 20, 40)", "ms CPU / command"):
        assert label in chart
    assert ">20<" in chart
    assert ">40<" in chart  # the first and last size label the x axis


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One run of the store bench on a 20-entry night (its log built in a temp folder)."""
    tmp = tmp_path_factory.mktemp("store")
    out = tmp / "store.json"
    _bench(
        "store",
        *("--entries", "20", "--repeat", "1", "--tail", "150", "--skip-fsync"),
        *("--log-file", str(tmp / "night.db"), "--dir", str(tmp), "--json", str(out)),
    )
    data: dict[str, Any] = json.loads(out.read_text())
    return data


def test_store_measures_a_real_night_on_each_store(store: dict[str, Any]) -> None:
    """The log is a played night (its commands are batches of real events, more events
    than commands: hands write several), the same on every store; the tail holds at least
    the events asked for, and every one of its commands was appended and timed."""
    stores = store["stores"]
    assert stores[0]["label"] == "SQLite file"
    if os.environ.get("POKERTD_TEST_PG_URL"):
        assert [s["label"] for s in stores] == ["SQLite file", "PostgreSQL"]
    events = {s["events"] for s in stores}
    assert len(events) == 1
    for s in stores:
        assert s["events"] > s["commands"] > 20
        assert s["appended_events"] == s["tail_events"] >= 150
        assert len(s["append_wall"]) == len(s["append_cpu"]) >= 1
        assert len(s["append_wall"]) <= s["appended_events"]
        assert s["snapshot_mb"] > 0
        for figure in ("replay", "read_decode", "folding", "load_snapshot", "load_tail"):
            assert s[figure]["cpu"] > 0
            assert s[figure]["wall"] > 0


def test_engine_bench_plays_stud_and_razz_against_pokerkit() -> None:
    """The engine bench's stud and razz configurations (issue 28) at a tiny size: three
    paths each, every figure positive and each ratio the quotient of its row's two
    figures (printed to one decimal)."""
    printed = _bench(
        "engine_vs_pokerkit", "--runs", "1", "--hands", "20", "--pk-hands", "2",
        "--scenarios", "c,d",
    )  # fmt: skip
    rows = [line for line in printed.splitlines() if line.startswith(("(c)", "(d)"))]
    assert [r[:3] for r in rows] == ["(c)"] * 3 + ["(d)"] * 3
    for row in rows:
        ours, theirs, ratio = (float(x.replace(",", "")) for x in row.split()[-3:])
        assert ours > 0
        assert theirs > 0
        assert ratio == pytest.approx(ours / theirs, abs=0.06 + 0.01 * ours / theirs)
