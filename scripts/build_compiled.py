"""Compile the hand engine's hot modules with mypyc: the compiled build of issue 15.

The same source runs two ways. Pure Python is the default everywhere (the editable install
``uv run`` uses, and any machine without a C compiler); the compiled build turns the
modules in :data:`MODULES` (``engine/hand.py``, ``pots.py``, ``actions.py``, ``result.py``,
``_rules.py`` and ``cards/deck.py``) into C extension modules next to them, which Python
imports instead of the ``.py`` files (an extension module wins over a source file of the
same name). ``pokertd.engine.COMPILED`` says which build runs.

Usage::

    uv run python scripts/build_compiled.py --inplace   # write the .so files into src/
    uv run python scripts/build_compiled.py --check     # say which build the tree runs
    uv run python scripts/build_compiled.py --clean     # remove them: pure Python again
    python scripts/build_compiled.py --out DIR          # (the wheel's build hook) into DIR

The wheel's build hook (``hatch_build.py``) runs ``--out`` in a subprocess, so a failed
compilation leaves a clean pure-Python wheel behind it rather than a broken build. The
in-place files are ignored by git (``.gitignore``); while they exist, an edit to one of
those ``.py`` files does nothing until ``--inplace`` runs again (``--check`` warns, and
``tests/test_compiled_build.py`` fails, when a compiled module is older than its source).

``$POKERTD_EXPECT_COMPILED=1`` says "this must be the compiled build": ``.ci/run`` sets it for
its second pass of the test suite, where ``tests/test_compiled_build.py`` then fails unless
every module here runs compiled, and the build hook fails instead of falling back.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
"""The repository (the directory holding pyproject.toml)."""

SRC = ROOT / "src"

MODULES = (
    "pokertd.engine.hand",
    "pokertd.engine.pots",
    "pokertd.engine.actions",
    "pokertd.engine.result",
    "pokertd.engine._rules",
    "pokertd.cards.deck",
)
"""The modules the compiled build compiles: the engine's checked and trusted paths, the
hand's result, the rules the engine reads on every decision, and the shuffle of every deal
(issue 25: what the checked path's profile showed running as Python)."""

GROUP = "pokertd.engine._native"
"""mypyc's shared library for the group (``pokertd/engine/_native__mypyc.*.so``): inside the
package, so the wheel and the in-place build put every compiled file under ``src/pokertd``."""

EXPECT_COMPILED = "POKERTD_EXPECT_COMPILED"
"""Set to 1 when the compiled build is required (CI's second pass, a release build)."""

PURE = "POKERTD_PURE"
"""Set to 1 to build a pure-Python wheel even where a compiler is present."""


def flag(env: Mapping[str, str], name: str) -> bool:
    """Whether the environment variable ``name`` is set to something other than 0/empty."""
    return env.get(name, "").strip() not in ("", "0")


def source_path(module: str) -> Path:
    """The ``.py`` file of one of :data:`MODULES` in the source tree."""
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def why_not_compilable() -> str | None:
    """Why this machine cannot compile (no mypy, no C compiler, no Python headers), or None.

    Checked before compiling so the usual reasons give one clear sentence, not a compiler's
    error output."""
    for module in ("mypyc", "setuptools"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed in {sys.executable}"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    if not compiler or shutil.which(compiler[0]) is None:
        return f"no C compiler ({compiler[0] if compiler else 'cc'} is not on PATH)"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"the Python headers are missing ({headers}; Debian: apt-get install python3-dev)"
    return None


def compile_into(out: Path, work: Path) -> list[Path]:
    """Compile :data:`MODULES` with mypyc, writing the extension modules under ``out``
    (``out/pokertd/engine/*.so``); ``work`` holds the C sources, objects and mypy's cache.

    Returns the written files relative to ``out``. mypyc type-checks with the project's
    mypy configuration (it runs from the repository root), so it compiles only code that
    passes ``mypy --strict``; errors leave by ``SystemExit`` with mypyc's message.
    """
    setuptools: Any = importlib.import_module("setuptools")  # before mypyc.build: it checks
    from mypyc.build import mypycify

    os.chdir(ROOT)
    paths = [str(source_path(m).relative_to(ROOT)) for m in MODULES]
    # A wheel's isolated build environment holds mypy and setuptools but not pokertd's own
    # dependencies: modules the engine reaches only through them (tomli_w) are typed Any.
    options = ["--cache-dir", str(work / "mypy-cache"), "--ignore-missing-imports"]
    extensions = mypycify(
        [*options, *paths], opt_level="3", group_name=GROUP, target_dir=str(work / "c")
    )
    dist = setuptools.Distribution({"name": "pokertd-compiled", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(out)
    command.build_temp = str(work / "obj")
    command.inplace = False
    dist.run_command("build_ext")
    return sorted(p.relative_to(out) for p in out.rglob("*") if p.suffix in (".so", ".pyd"))


def compiled_files(root: Path = SRC) -> list[Path]:
    """The extension modules (``*.so``/``*.pyd``) under ``root/pokertd``, sorted."""
    return sorted(p for p in (root / "pokertd").rglob("*") if p.suffix in (".so", ".pyd"))


def not_compiled(modules: Sequence[str] = MODULES) -> list[str]:
    """The modules of ``modules`` that Python imported from a ``.py`` file (not compiled)."""
    pure = []
    for name in modules:
        module = importlib.import_module(name)
        if (module.__file__ or "").endswith(".py"):
            pure.append(name)
    return pure


def stale(modules: Sequence[str] = MODULES) -> list[str]:
    """Compiled modules whose ``.py`` source changed after they were compiled: they would
    run the old code (an in-place build not redone after an edit)."""
    old = []
    for name in modules:
        # The spec's origin, not __file__: mypyc's modules report a wrong __file__.
        spec = importlib.import_module(name).__spec__
        file = Path(spec.origin if spec and spec.origin else "")
        source = file.with_name(name.rsplit(".", 1)[-1] + ".py")
        compiled = file.suffix != ".py" and file.is_file() and source.is_file()
        if compiled and file.stat().st_mtime < source.stat().st_mtime:
            old.append(name)
    return old


def expectation_problem(env: Mapping[str, str], modules: Sequence[str] = MODULES) -> str | None:
    """What is wrong with this run given ``$POKERTD_EXPECT_COMPILED``, or None.

    With the variable set every module of ``modules`` must run compiled, so a build that
    silently fell back to pure Python fails CI instead of passing as "compiled"."""
    if not flag(env, EXPECT_COMPILED):
        return None
    pure = not_compiled(modules)
    if pure:
        return (
            f"{EXPECT_COMPILED} is set but these modules run as pure Python: "
            f"{', '.join(pure)} (build them: uv run python scripts/build_compiled.py --inplace)"
        )
    return None


def build_inplace() -> list[Path]:
    """Compile and copy the extension modules next to their sources in ``src/``."""
    with tempfile.TemporaryDirectory(prefix="pokertd-mypyc-") as tmp:
        out, work = Path(tmp, "out"), Path(tmp, "work")
        written = []
        for rel in compile_into(out, work):
            target = SRC / rel
            shutil.copy2(out / rel, target)
            written.append(target)
        return written


def clean() -> list[Path]:
    """Remove every extension module from ``src/pokertd``: the tree runs pure Python again."""
    removed = compiled_files()
    for path in removed:
        path.unlink()
    return removed


def main(argv: Sequence[str] | None = None) -> int:
    """Run one of ``--inplace``, ``--clean``, ``--check`` or ``--out DIR``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--inplace", action="store_true", help="compile into src/ (git-ignored)")
    action.add_argument("--clean", action="store_true", help="remove the compiled files")
    action.add_argument("--check", action="store_true", help="say which build the tree runs")
    action.add_argument("--out", type=Path, help="compile into this directory (build hook)")
    args = parser.parse_args(argv)
    if args.clean:
        removed = clean()
        print(f"removed {len(removed)} compiled file(s); the engine runs as pure Python")
        return 0
    if args.check:
        pure = not_compiled()
        print(f"engine build: {'pure Python' if pure else 'compiled (mypyc)'}")
        old = stale()
        if old:
            print(f"warning: compiled before their last edit: {', '.join(old)}", file=sys.stderr)
        problem = expectation_problem(os.environ)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
        return 1 if problem or old else 0
    reason = why_not_compilable()
    if reason:
        print(f"error: cannot compile the engine: {reason}", file=sys.stderr)
        return 1
    if args.inplace:
        written = build_inplace()
        print(f"compiled {len(written)} file(s) into {SRC}: " + ", ".join(p.name for p in written))
        return 0
    with tempfile.TemporaryDirectory(prefix="pokertd-mypyc-") as work:
        written = compile_into(args.out.resolve(), Path(work))
    print(f"compiled {len(written)} file(s) into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
