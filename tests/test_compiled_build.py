"""The compiled build (issue 15): one source, a mypyc-compiled wheel or a pure-Python one.

``.ci/run`` runs the whole suite on pure Python, then the quick tier and the slow tests that
play hands compiled in place with ``$POKERTD_EXPECT_COMPILED=1`` (docs/compiled.md), where
:func:`test_the_build_ci_asked_for_is_the_one_running` fails if the engine silently fell
back to pure Python. The wheel tests build real wheels with ``uv build`` (slow tier) into
``tmp_path``: the pure fallback holds no extension module, the compiled one holds every
module of ``build_compiled.MODULES`` and plays a hand from a temporary install.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import build_compiled
import pytest

import pokertd.engine
from pokertd.engine import Call, Check, Hand

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ("hand", "pots", "actions")
COMPILED_NAMES = sorted(["_native__mypyc", *(m.rsplit(".", 1)[-1] for m in build_compiled.MODULES)])
"""The extension modules a compiled wheel holds: mypyc's shared library and one per module."""


def _origin(module: str) -> str:
    """Where Python loaded ``module`` from (the spec's origin; mypyc's __file__ is wrong)."""
    spec = importlib.import_module(module).__spec__
    assert spec is not None
    assert spec.origin is not None
    return spec.origin


def _is_extension(path: str) -> bool:
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_compiled_flag_says_which_build_runs() -> None:
    """COMPILED is True exactly when the engine modules are extension modules, and they
    are compiled together or not at all (a half-compiled engine is a broken build): the
    engine's hand, pots, actions, result and rules, and the deck's shuffle (issue 25)."""
    kinds = {m: _is_extension(_origin(m)) for m in build_compiled.MODULES}
    assert len(build_compiled.MODULES) == 6
    assert set(kinds.values()) == {pokertd.engine.COMPILED}, kinds
    assert build_compiled.not_compiled() == ([] if pokertd.engine.COMPILED else list(kinds))


def test_the_build_ci_asked_for_is_the_one_running() -> None:
    """Under POKERTD_EXPECT_COMPILED=1 (CI's second pass) the engine must run compiled."""
    assert build_compiled.expectation_problem(os.environ) is None
    if build_compiled.flag(os.environ, build_compiled.EXPECT_COMPILED):
        assert pokertd.engine.COMPILED


def test_expecting_compiled_fails_on_a_pure_module() -> None:
    """The check names a module that runs from its .py (engine/phh.py is never compiled),
    and stays quiet when the variable is unset or 0."""
    pure = ["pokertd.engine.phh"]
    problem = build_compiled.expectation_problem({"POKERTD_EXPECT_COMPILED": "1"}, pure)
    assert problem is not None
    assert "pokertd.engine.phh" in problem
    assert build_compiled.expectation_problem({"POKERTD_EXPECT_COMPILED": "0"}, pure) is None
    assert build_compiled.expectation_problem({}, pure) is None


def test_compiled_modules_are_not_older_than_their_source() -> None:
    """An in-place build not redone after an edit would test the old code: none is stale."""
    assert build_compiled.stale() == []


def _uv() -> str:
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not on PATH (the wheel tests build with uv build)")
    return uv


def _build_wheel(tmp_path: Path, **env: str) -> Path:
    """Build pokertd's wheel from this tree into ``tmp_path/dist`` and return its path."""
    environ = {
        k: v for k, v in os.environ.items() if k not in ("POKERTD_PURE", "POKERTD_EXPECT_COMPILED")
    }
    dist = tmp_path / "dist"
    run = subprocess.run(
        [_uv(), "build", "--wheel", "--quiet", "-o", str(dist), "--python", sys.executable],
        cwd=ROOT,
        env={**environ, **env},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    wheels = list(dist.glob("pokertd-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.mark.slow
def test_pure_wheel_when_asked_holds_no_extension_module(tmp_path: Path) -> None:
    """POKERTD_PURE=1: a py3-none-any wheel with the .py sources and no compiled file."""
    wheel = _build_wheel(tmp_path, POKERTD_PURE="1")
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert [n for n in names if n.endswith((".so", ".pyd"))] == []
    assert {f"pokertd/engine/{m}.py" for m in ENGINE} <= set(names)


@pytest.mark.slow
def test_compiled_wheel_installs_and_plays_compiled(tmp_path: Path) -> None:
    """With a C compiler the wheel is platform-specific, holds the compiled modules and
    mypyc's shared library, and a copy installed under tmp_path imports them compiled."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"], "Python.h")
    if shutil.which(cc) is None or not headers.is_file():
        pytest.skip(f"no C compiler ({cc}) or Python headers: the compiled wheel cannot build")
    wheel = _build_wheel(tmp_path, POKERTD_EXPECT_COMPILED="1")
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert f"-{tag}-{tag}-" in wheel.name, wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    compiled = sorted(n.split("/")[-1].split(".")[0] for n in names if n.endswith(".so"))
    assert compiled == COMPILED_NAMES
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = (
        "import pokertd, pokertd.engine as e, random\n"
        "from pokertd.engine import Hand, Call, Check\n"
        "origins = [__import__('importlib').import_module('pokertd.engine.' + m).__spec__.origin"
        " for m in ('hand', 'pots', 'actions')]\n"
        "h = Hand.start(stacks=[1000] * 3, button=2, small_blind_seat=0, big_blind_seat=1,"
        " small_blind=5, big_blind=10, rng=random.Random(7))\n"
        "while h.actor is not None:\n"
        "    h.act(Check() if h.legal().can_check else Call())\n"
        "print(e.COMPILED, pokertd.__file__, *origins, h.result.final_stacks, sep='\\n')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe],
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    compiled_flag, package, *origins, chips = run.stdout.split("\n")[:6]
    assert compiled_flag == "True"
    assert package.startswith(str(site))
    assert all(o.startswith(str(site)) and o.endswith(".so") for o in origins), origins
    assert chips == "(990, 1020, 990)"  # the pure build's result (the test below)


def test_a_hand_plays_the_same_on_this_build() -> None:
    """The same seeded hand, checked and called down, ends with the same stacks on either
    build (the numbers are the pure build's; the compiled pass must match them)."""
    hand = Hand.start(
        stacks=[1000] * 3, button=2, small_blind_seat=0, big_blind_seat=1,
        small_blind=5, big_blind=10, rng=random.Random(7),
    )  # fmt: skip
    while hand.actor is not None:
        hand.act(Check() if hand.legal().can_check else Call())
    result = hand.result
    assert result is not None
    assert result.final_stacks == (990, 1020, 990)
    assert result.board == "3c4d8s5hKd"
    assert [p.winners for p in result.pots] == [(1,)]
    assert [a.kind for a in hand.actions][:3] == ["call", "call", "check"]
