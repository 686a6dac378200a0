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
from typing import Any

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


def signed_in(
    browser: Any, server: str, password: str, width: int = 1024, height: int = 768
) -> tuple[Any, list[str]]:
    """A new page signed in as the director, and the list its page errors and 4xx/5xx
    responses (other than a missing favicon) are collected in."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "response",
        lambda r: (
            errors.append(f"{r.status} {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico")
            else None
        ),
    )
    page.goto(f"{server}/login")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", password)
    page.click("button.primary")
    page.wait_for_url(f"{server}/")
    return page, errors
