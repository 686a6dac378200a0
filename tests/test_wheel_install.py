"""Install from the wheel into a fresh virtual environment and run it (issue 16).

What a card room does with ``pipx install pokertd-0.1.0-py3-none-any.whl`` or ``uvx --from
… pokertd serve``: ``uv build --wheel`` (pure Python, ``POKERTD_PURE=1``, to stay quick; the
compiled wheel is checked by .ci/run and tests/test_compiled_build.py), a new ``uv venv``
under tmp_path for this interpreter, ``uv pip install`` the wheel, then the INSTALLED
``pokertd`` — run from tmp_path, never the repository's ``.venv`` or source tree — prints
its version, lists the rule profiles, answers a store command, and serves: ``GET
/api/version`` answers with the version, ``/docs`` and its script come from the wheel.
The wheel's METADATA must accept every Python from 3.11 on (``Requires-Python: >=3.11``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

from web.servers import free_port

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def _version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without anything that points at the repository's environment."""
    drop = ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "UV_PROJECT_ENVIRONMENT", "POKERTD_DB")
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("POKERTD_")}
    return {**env, "NO_COLOR": "1", "COLUMNS": "200", **extra}


def _run(args: list[str], cwd: Path, timeout: float = 600, **extra: str) -> str:
    done = subprocess.run(
        args,
        cwd=cwd,
        env=_clean_env(**extra),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{args}: {done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The pure wheel, and a new virtual environment (under tmp) with it installed."""
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not on PATH (the install test builds and installs with uv)")
    tmp = tmp_path_factory.mktemp("wheel")
    dist = tmp / "dist"
    _run(
        [uv, "build", "--wheel", "--quiet", "-o", str(dist), "--python", sys.executable, str(ROOT)],
        cwd=tmp,
        POKERTD_PURE="1",
    )
    wheels = list(dist.glob("pokertd-*.whl"))
    assert [w.name for w in wheels] == [f"pokertd-{_version()}-py3-none-any.whl"]
    venv = tmp / "venv"
    _run([uv, "venv", "--quiet", "--python", sys.executable, str(venv)], cwd=tmp)
    python = venv / "bin" / "python"
    _run([uv, "pip", "install", "--quiet", "--python", str(python), str(wheels[0])], cwd=tmp)
    return wheels[0], venv


def test_wheel_metadata_accepts_every_python_from_3_11(installed: tuple[Path, Path]) -> None:
    """Requires-Python is ``>=3.11`` (not pinned to 3.11), and the wheel is pure Python."""
    wheel, _venv = installed
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = z.read(name).decode()
    assert "Requires-Python: >=3.11\n" in metadata
    assert f"Version: {_version()}\n" in metadata


def test_the_installed_package_is_the_wheel_not_the_source_tree(
    installed: tuple[Path, Path],
) -> None:
    """``import pokertd`` in the new environment loads the copy inside it."""
    _wheel, venv = installed
    out = _run(
        [str(venv / "bin" / "python"), "-c", "import pokertd; print(pokertd.__file__)"],
        cwd=venv.parent,
    )
    location = Path(out.strip()).resolve()
    assert location.is_relative_to(venv.resolve()), location
    assert not location.is_relative_to(ROOT.resolve())


def test_installed_cli_prints_its_version_and_runs_commands(installed: tuple[Path, Path]) -> None:
    """``pokertd --version``, ``pokertd version``, ``pokertd profile list --json`` and a
    store command from the installed console script."""
    _wheel, venv = installed
    pokertd = str(venv / "bin" / "pokertd")
    assert _run([pokertd, "--version"], cwd=venv.parent).strip() == _version()
    assert _run([pokertd, "version"], cwd=venv.parent).strip() == _version()
    profiles = json.loads(_run([pokertd, "profile", "list", "--json"], cwd=venv.parent))
    names = {p["name"] for p in profiles}
    assert {"tda", "kojack", "foxwoods", "tnpl"} <= names, names
    db = f"sqlite:///{venv.parent / 'cli.db'}"
    assert json.loads(_run([pokertd, "tournaments", "--db", db, "--json"], cwd=venv.parent)) == []


def test_installed_server_answers_with_its_version(installed: tuple[Path, Path]) -> None:
    """``pokertd serve`` from the new environment: /api/version, /docs and its script."""
    _wheel, venv = installed
    port = free_port()
    db = venv.parent / "serve.db"
    env = _clean_env(POKERTD_DIRECTOR_PASSWORD="wheel-install-1", POKERTD_NO_PROMPT="1")
    proc = subprocess.Popen(
        [str(venv / "bin" / "pokertd"), "serve", "--db", f"sqlite:///{db}", "--port", str(port)],
        cwd=venv.parent,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        answer: dict[str, object] = {}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{base}/api/version", timeout=2) as r:
                    answer = json.loads(r.read())
                break
            except OSError:
                if proc.poll() is not None:
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    pytest.fail(f"the installed pokertd serve exited: {out[-3000:]}")
                time.sleep(0.2)
        assert answer.get("version") == _version(), answer
        assert answer.get("python") == ".".join(map(str, sys.version_info[:3]))
        with urllib.request.urlopen(f"{base}/docs", timeout=5) as r:
            page = r.read().decode()
        assert "/api/tournaments/{tid}/commands/register" in page
        with urllib.request.urlopen(f"{base}/static/apidocs.js", timeout=5) as r:
            assert b"ad-search" in r.read()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        if proc.stdout is not None:
            proc.stdout.close()
    assert db.exists()
