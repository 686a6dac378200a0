"""The WebSocket checks ``Origin`` like the CSRF check does (issue 23, item 4).

The ``pokertd_session`` cookie goes with a WebSocket handshake from any site, so a page on
the venue's Wi-Fi opened by a signed-in director could follow the whole event log. Now the
handshake from another site's page is closed at once with 1008 (policy violation) and no
data, by the same :meth:`~pokertd.web.auth.Sessions.check_origin` the CSRF-checked writes
use. Checked against a real ``pokertd serve`` (TestClient fakes the WebSocket).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from .conftest import Env
from .servers import api_demo, api_sign_in, running_server

PASSWORD = "ws-origin-director-1"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """``(base URL, tournament id, staff cookie)``: a real server with the demo, signed in."""
    db = tmp_path_factory.mktemp("ws-origin") / "ws.db"
    with running_server(db, PASSWORD) as base, httpx.Client(timeout=15) as client:
        tid, _ = api_demo(client, base, api_sign_in(client, base, PASSWORD))
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        yield base, tid, cookie


def _follow(base: str, tid: str, cookie: str, origin: str) -> tuple[list[str], int | None]:
    """Open the event-log WebSocket as a browser page at ``origin`` with the staff cookie:
    the messages received within 3 s, and the close code (``None``: still open)."""

    async def run() -> tuple[list[str], int | None]:
        url = "ws" + base.removeprefix("http") + f"/api/tournaments/{tid}/ws"
        got: list[str] = []
        async with connect(
            url, additional_headers={"Cookie": cookie}, origin=Origin(origin), open_timeout=10
        ) as ws:
            try:
                while True:
                    got.append(str(await asyncio.wait_for(ws.recv(), 3)))
            except ConnectionClosed as closed:
                return got, closed.rcvd.code if closed.rcvd else None
            except TimeoutError:
                return got, None

    return asyncio.run(run())


def test_a_foreign_origin_is_closed_with_1008_and_no_data(
    served: tuple[str, str, str],
) -> None:
    base, tid, cookie = served
    got, code = _follow(base, tid, cookie, "http://evil.example")
    assert (got, code) == ([], 1008)
    got, code = _follow(base, tid, cookie, "null")  # a sandboxed frame or a file:// page
    assert (got, code) == ([], 1008)


def test_the_site_s_own_origin_is_still_followed(served: tuple[str, str, str]) -> None:
    base, tid, cookie = served
    got, code = _follow(base, tid, cookie, base)
    assert code is None
    assert [json.loads(m) for m in got] == [{"type": "hello", "tournament": tid}]


def test_a_write_from_a_foreign_origin_is_refused_like_a_missing_token(env: Env, tid: str) -> None:
    """The one check: a CSRF-checked write with the right token but another site's
    ``Origin`` is refused (403, csrf_failed) and writes nothing; the own origin passes."""
    headers = env.login()
    before = env.service.state(tid).seq
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/pause_clock",
        json={},
        headers={**headers, "Origin": "http://evil.example"},
    )
    assert r.status_code == 403, r.text
    assert r.json()["error"] == "csrf_failed"
    assert env.service.state(tid).seq == before
    ok = env.client.post(
        f"/api/tournaments/{tid}/commands/pause_clock",
        json={},
        headers={**headers, "Origin": "http://testserver"},
    )
    assert ok.status_code == 200, ok.text
