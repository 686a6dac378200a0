"""``pokertd serve``'s first run on a terminal, stopped at the director's password prompt.

Issue 23: Ctrl-C (or SIGTERM, or end of input) at the first run's password prompt left a
new, empty ``pokertd.db`` behind — a store without a director, found by the next run — and
click's bare ``Aborted!``. A real process on a pseudo-terminal (the prompt only shows on a
terminal): the prompt appears, the user stops it, and the folder is as it was, with one line
that says what happened and no traceback.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from .servers import free_port

PROMPT = b"Director password"


def _read_until(fd: int, wanted: bytes, proc: subprocess.Popen[bytes], seen: bytearray) -> None:
    """Read the terminal into ``seen`` until ``wanted`` shows (or the process ends)."""
    deadline = time.monotonic() + 60  # a loaded machine imports slowly; no timing asserted
    while wanted not in seen:
        if proc.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"no {wanted!r} on the terminal: {seen.decode(errors='replace')}")
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                seen.extend(os.read(fd, 4096))
            except OSError:  # the terminal closed with the process
                return


def _wait_for_hidden_input(fd: int, proc: subprocess.Popen[bytes]) -> None:
    """Wait until the prompt reads the password: the terminal's echo is off. (Getpass turns
    it off with TCSAFLUSH, which drops what was typed before: a Ctrl-D sent as soon as the
    prompt's words showed was lost.)"""
    deadline = time.monotonic() + 60
    while termios.tcgetattr(fd)[3] & termios.ECHO:
        if proc.poll() is not None or time.monotonic() > deadline:
            pytest.fail("the password prompt never turned the terminal's echo off")
        select.select([], [], [], 0.05)


def _drain(fd: int, proc: subprocess.Popen[bytes], seen: bytearray) -> int:
    """Read the terminal until the process has exited; its exit status."""
    deadline = time.monotonic() + 60
    while True:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            seen.extend(chunk)
            if chunk:
                continue
        if proc.poll() is not None:
            return proc.returncode
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"pokertd serve did not stop: {seen.decode(errors='replace')}")


def _ctrl_c(proc: subprocess.Popen[bytes], fd: int) -> None:
    os.write(fd, b"\x03")  # the terminal sends SIGINT to the foreground process group


def _ctrl_d(proc: subprocess.Popen[bytes], fd: int) -> None:
    os.write(fd, b"\x04")  # end of input at the start of a line


def _sigterm(proc: subprocess.Popen[bytes], fd: int) -> None:
    proc.send_signal(signal.SIGTERM)


def _own_terminal() -> None:  # pragma: no cover - runs in the child
    """The child's own session with the pseudo-terminal (its stdin) as controlling terminal,
    as a shell gives it: the password prompt reads ``/dev/tty`` and ^C reaches it."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _serve_on_a_terminal(folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    """``pokertd serve`` in ``folder`` (its default store ``./pokertd.db``) on a new
    pseudo-terminal, with no ``POKERTD_*`` variable (no password from the environment): the
    process and the terminal's master end."""
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("POKERTD_")}
    env["COLUMNS"] = "200"  # one line stays one line on the pseudo-terminal
    command = [sys.executable, "-c", "from pokertd.cli import main; main()", "serve"]
    proc = subprocess.Popen(
        [*command, "--port", str(free_port())],
        cwd=folder,
        env=env,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        preexec_fn=_own_terminal,  # no threads in this process's fork: a plain exec follows
    )
    os.close(slave)
    return proc, master


def _stopped_at_the_prompt(
    folder: Path, stop: Callable[[subprocess.Popen[bytes], int], None], *, new_store: bool
) -> tuple[int, str]:
    """Serve in ``folder``, stop it with ``stop`` once the password prompt hides its input:
    the exit status and everything the terminal showed."""
    proc, master = _serve_on_a_terminal(folder)
    seen = bytearray()
    try:
        _read_until(master, PROMPT, proc, seen)
        _wait_for_hidden_input(master, proc)
        if new_store:
            assert (folder / "pokertd.db").exists()  # opened before the prompt: it must go
        stop(proc, master)
        status = _drain(master, proc, seen)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        os.close(master)
    return status, seen.decode(errors="replace")


@pytest.mark.parametrize("stop", [_ctrl_c, _ctrl_d, _sigterm], ids=["ctrl-c", "ctrl-d", "sigterm"])
def test_stopping_the_first_run_at_the_password_prompt_leaves_no_database(
    tmp_path: Path, stop: Callable[[subprocess.Popen[bytes], int], None]
) -> None:
    status, said = _stopped_at_the_prompt(tmp_path, stop, new_store=True)
    assert status == 130, said
    assert sorted(p.name for p in tmp_path.iterdir()) == [], said
    assert "Traceback" not in said
    assert "Aborted!" not in said
    after = said.split("Director password", 1)[1]
    lines = [line.strip() for line in after.replace("\r", "").splitlines() if line.strip()]
    assert lines[-1] == (
        "Stopped before the director's password was set; pokertd.db was not kept. "
        "Run pokertd serve again to choose it."
    ), said


def test_an_existing_database_is_kept_when_the_prompt_is_stopped(tmp_path: Path) -> None:
    """A store that was there before (events recorded by ``pokertd new``, say) stays."""
    (tmp_path / "pokertd.db").write_bytes(b"")  # SQLite opens an empty file as a new database
    status, said = _stopped_at_the_prompt(tmp_path, _ctrl_c, new_store=False)
    assert status == 130, said
    assert (tmp_path / "pokertd.db").exists()
    assert "Stopped before the director's password was set. Run pokertd serve again" in said
