"""A real ``pokertd serve`` process for the browser tests (one way to start it)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(db: Path, password: str) -> Iterator[str]:
    """``pokertd serve`` over the SQLite file ``db`` on a free port; yields its base URL.

    The first director's password comes from ``POKERTD_DIRECTOR_PASSWORD``; the test fails
    with the server's output when it exits before answering.
    """
    port = free_port()
    env = {**os.environ, "POKERTD_DIRECTOR_PASSWORD": password, "POKERTD_NO_PROMPT": "1"}
    command = [sys.executable, "-c", "from pokertd.cli import main; main()", "serve"]
    proc = subprocess.Popen(
        [*command, "--db", f"sqlite:///{db}", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"{base}/api/me", timeout=1).read()
                break
            except OSError:
                if proc.poll() is not None:
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    pytest.fail(f"pokertd serve exited: {out}")
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
