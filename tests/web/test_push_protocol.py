"""The displays' push protocol is named and versioned (issue 24, point 7; docs/web.md, "The
push protocol"): every stream opens with ``event: hello`` saying ``pokertd-push`` and its
version, the page's script (``static/app.js``) speaks the same version, and a hello costs
a few dozen bytes once per connection, nothing per push."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

from pokertd.tournament.framework import Undo
from pokertd.web.hub import HELLO_FRAME, PUSH_PROTOCOL, PUSH_VERSION

from .conftest import Env

APP_JS = Path(__file__).parents[2] / "src" / "pokertd" / "web" / "static" / "app.js"


def _events(env: Env, url: str, count: int, then: threading.Timer) -> list[dict[str, str]]:
    """The first ``count`` SSE events of ``url`` as dicts of their fields (``retry`` too)."""
    out: list[dict[str, str]] = []
    fields: dict[str, str] = {}
    with env.client.stream("GET", url) as r:
        assert r.status_code == 200
        then.start()
        for line in r.iter_lines():
            if not line:
                if fields:
                    out.append(fields)
                    fields = {}
                if len(out) == count:
                    break
                continue
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
    then.join()
    return out


def test_every_stream_opens_with_the_protocols_hello(env: Env, tid: str) -> None:
    """Before issue 24 the stream opened with the snapshot: nothing told a page that was
    loaded before a server upgrade that the messages had changed shape."""
    timer = threading.Timer(0.3, lambda: env.service.run(tid, Undo(), actor="floor1"))
    got = _events(env, f"/api/tournaments/{tid}/stream?limit=2", 4, timer)
    assert got[0] == {"retry": "1000"}
    assert got[1] == {"event": "hello", "data": '{"protocol":"pokertd-push","version":1}'}
    assert json.loads(got[1]["data"]) == {"protocol": PUSH_PROTOCOL, "version": PUSH_VERSION}
    # then the view as before; limit=2 counts the view's pushes, not the hello
    assert got[2]["event"] == "snapshot"
    assert got[3]["event"] in ("patch", "snapshot")
    assert int(got[3]["id"]) == int(got[2]["id"]) + 1


def test_the_staff_stream_and_the_whole_view_streams_say_hello_too(env: Env, tid: str) -> None:
    env.login()
    for url in (
        f"/api/tournaments/{tid}/stream?audience=staff&limit=1",
        f"/api/tournaments/{tid}/stream?patches=0&limit=1",
    ):
        got = _events(env, url, 3, threading.Timer(0, lambda: None))
        assert got[1]["event"] == "hello", url
        assert got[2]["event"] == "snapshot", url


def test_the_page_script_speaks_the_servers_version() -> None:
    js = APP_JS.read_text()
    version = re.search(r"const PUSH_VERSION = (\d+);", js)
    protocol = re.search(r'const PUSH_PROTOCOL = "([^"]+)";', js)
    assert version is not None
    assert protocol is not None
    assert int(version.group(1)) == PUSH_VERSION
    assert protocol.group(1) == PUSH_PROTOCOL


def test_the_hello_is_cheap() -> None:
    """One frame per connection; the pushes themselves carry no version."""
    assert HELLO_FRAME == b'event: hello\ndata: {"protocol":"pokertd-push","version":1}\n\n'
    assert len(HELLO_FRAME) < 64


def _docs_version() -> Any:
    docs = (Path(__file__).parents[2] / "docs" / "web.md").read_text()
    m = re.search(r"`pokertd-push` version (\d+)", docs)
    return int(m.group(1)) if m else None


def test_docs_describe_the_version_the_server_speaks() -> None:
    assert _docs_version() == PUSH_VERSION


def test_static_files_are_asked_again_on_every_load(env: Env) -> None:
    """A page that reloads for a new protocol version must get the new scripts, not its
    cached old ones: static files are ``no-cache`` (revalidated; a 304 while unchanged)."""
    r = env.client.get("/static/app.js")
    assert r.headers["cache-control"] == "no-cache"
    again = env.client.get("/static/app.js", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
