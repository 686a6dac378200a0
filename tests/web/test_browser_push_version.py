"""A page left open across a server upgrade notices a push protocol it does not speak and
reloads itself (issue 24, point 7; docs/web.md, "The push protocol").

A real TV page (chromium) is open on ``pokertd serve``. Its stream's EventSource is handed a
``hello`` as a new server would send it after a restart (``pokertd-push`` version 2; this
page speaks 1): the page stops reading the stream and reloads, and the reloaded page follows
the running server (version 1) again. A second ``hello`` of version 2 in the same tab does
not reload again (a cached old script must not loop): the page stays disconnected. A hello
of its own version changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokertd.web.hub import PUSH_PROTOCOL, PUSH_VERSION

from .servers import api_demo, api_sign_in, running_server
from .test_browser import CHROMIUM, browser

__all__ = ["browser"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]

PASSWORD = "push-version-1"
TV = ".tv-screen"
HELLO = """([protocol, version]) => {
  const d = Alpine.$data(document.querySelector('.tv-screen'));
  d.es.dispatchEvent(new MessageEvent('hello', {data: JSON.stringify({protocol, version})}));
}"""
OPEN = """() => {
  const el = document.querySelector('.tv-screen');
  const d = window.Alpine && el && el._x_dataStack && Alpine.$data(el);
  return !!(d && d.es && d.es.readyState === 1 && d.v && d.v.seq);
}"""
"""The TV built its component, its stream is open and the first view arrived."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    db = tmp_path_factory.mktemp("push-version") / "night.db"
    with running_server(db, PASSWORD) as base, httpx.Client(timeout=30) as client:
        tid, _ = api_demo(client, base, api_sign_in(client, base, PASSWORD))
        yield base, tid


def test_a_tv_reloads_once_for_a_protocol_version_it_does_not_speak(
    server: tuple[str, str], browser: Any
) -> None:
    base, tid = server
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/t/{tid}/tv")
    page.wait_for_function(OPEN, timeout=20_000)
    assert page.evaluate("window.pokertd.PUSH_VERSION") == PUSH_VERSION

    # its own version (as the server sent it on connecting): nothing happens
    page.evaluate("window.__sameDocument = true")
    page.evaluate(HELLO, [PUSH_PROTOCOL, PUSH_VERSION])
    page.wait_for_timeout(500)
    assert page.evaluate("window.__sameDocument") is True
    assert page.evaluate(f"Alpine.$data(document.querySelector('{TV}')).outdated") is False

    # the server was upgraded: its hello says version 2 -> the page reloads
    other = [PUSH_PROTOCOL, PUSH_VERSION + 1]
    with page.expect_navigation(timeout=15_000):
        page.evaluate(HELLO, other)
    page.wait_for_function(OPEN, timeout=20_000)  # the new page follows the server again
    assert page.evaluate("window.__sameDocument") is None  # a new document
    seen = page.evaluate("sessionStorage.getItem('pokertd-push-reloaded-for')")
    assert seen == f"{PUSH_PROTOCOL}/{PUSH_VERSION + 1}"

    # the same unknown version again in this tab (a stale cached script): no second reload;
    # the page stops reading that stream and shows itself disconnected
    page.evaluate("window.__sameDocument = true")
    page.evaluate(HELLO, other)
    page.wait_for_timeout(1500)
    assert page.evaluate("window.__sameDocument") is True
    state = page.evaluate(
        f"""() => {{ const d = Alpine.$data(document.querySelector('{TV}'));
            return {{outdated: d.outdated, connected: d.connected, ready: d.es.readyState}}; }}"""
    )
    assert state == {"outdated": True, "connected": False, "ready": 2}  # 2: CLOSED
    page.close()
    assert errors == [], json.dumps(errors)
