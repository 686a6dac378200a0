"""The wheel's build hook: compile the hand engine with mypyc when this machine can.

hatchling runs this for every wheel it builds (``uv build``, ``pip install`` from source;
``[tool.hatch.build.targets.wheel.hooks.custom]`` in pyproject.toml, which also makes the
build fetch mypy and setuptools). It runs ``scripts/build_compiled.py --out DIR`` in a
subprocess and adds the extension modules it writes (``pokertd/engine/*.so``) to the wheel,
which becomes platform-specific (``cp311-cp311-linux_x86_64``). Without a C compiler, the
Python headers or mypy, or if the compilation fails, it says why on stderr and the wheel is
the usual pure-Python one: the same source, the same behaviour, slower hands.

``POKERTD_PURE=1`` always builds the pure wheel; ``POKERTD_EXPECT_COMPILED=1`` makes a
failed compilation fail the build instead of falling back. The editable install (``uv sync``,
``uv run``) is never compiled: the developer's loop stays pure Python; see docs/compiled.md
for compiling in place.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE = "POKERTD_PURE"
EXPECT_COMPILED = "POKERTD_EXPECT_COMPILED"


def _flag(name: str) -> bool:
    """Whether the environment variable ``name`` is set to something other than 0/empty."""
    return os.environ.get(name, "").strip() not in ("", "0")


def _say(message: str) -> None:
    """One line on stderr (the build front-end shows it)."""
    print(f"pokertd build: {message}", file=sys.stderr, flush=True)


class CompiledEngineHook(BuildHookInterface):
    """Adds the mypyc-compiled engine modules to a regular (not editable) wheel."""

    PLUGIN_NAME = "custom"

    _work: str | None = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile into a temporary directory and force-include the results."""
        if self.target_name != "wheel" or version == "editable":
            return
        if _flag(PURE):
            _say(f"{PURE} is set: building the pure-Python wheel")
            return
        self._work = tempfile.mkdtemp(prefix="pokertd-wheel-mypyc-")
        out = Path(self._work, "out")
        script = Path(self.root, "scripts", "build_compiled.py")
        run = subprocess.run(
            [sys.executable, str(script), "--out", str(out)],
            cwd=self.root,
            capture_output=True,
            text=True,
            check=False,
        )
        files = sorted(p for p in out.rglob("*") if p.suffix in (".so", ".pyd"))
        if run.returncode != 0 or not files:
            lines = (run.stderr or run.stdout).strip().splitlines()
            why = lines[-1] if lines else f"the compiler exited with code {run.returncode}"
            if _flag(EXPECT_COMPILED):
                detail = "\n".join(lines[-40:])
                raise RuntimeError(f"{EXPECT_COMPILED} is set but compiling failed:\n{detail}")
            _say(f"no compiled engine ({why.removeprefix('error: ')}); building pure Python")
            return
        for path in files:
            build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        _say(f"compiled engine: {', '.join(p.name.split('.')[0] for p in files)} (mypyc)")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary compilation directory."""
        if self._work is not None:
            shutil.rmtree(self._work, ignore_errors=True)
            self._work = None
