"""The public screens' service worker (issue 27; docs/screens-offline.md): served with this
release's cache name, never cached itself, and keeping only public screens and files."""

from __future__ import annotations

import re

import pokertd
from pokertd.web import offline

from .conftest import Env


def test_sw_js_names_this_releases_cache_and_is_asked_for_again_each_load(env: Env) -> None:
    r = env.client.get("/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"
    version = offline.cache_version()
    assert version.startswith(f"{pokertd.__version__}-")
    assert f'const VERSION = "{version}";' in r.text
    assert offline.VERSION_MARK not in r.text


def test_the_worker_keeps_only_public_screens_and_static_files() -> None:
    """Nothing under /api/ (a session's answers), no staff page (floor, dealer, print)."""
    text = offline.WORKER.read_text(encoding="utf-8")
    kept = re.search(r"const KEPT = \[(.*?)\];", text, re.S)
    assert kept is not None
    patterns = [
        re.compile(p.replace("\\/", "/")) for p in re.findall(r"/\^(.*?)\$/", kept.group(1))
    ]
    assert patterns
    public = ["/t/abc/tv", "/t/abc/player", "/t/abc/qr.svg", "/lobby", "/lobby.json",
              "/static/tv.js", "/favicon.ico", "/screen/screen%203",
              "/screen-images/sponsor"]  # fmt: skip
    private = ["/api/tournaments/abc", "/api/tournaments/abc/stream", "/t/abc/floor",
               "/t/abc/dealer/3", "/t/abc/print/results", "/api/me", "/", "/login",
               "/screens", "/screens/editor", "/api/screens/screen%203/stream",
               "/api/screens/screen%203/show", "/screen/a/b"]  # fmt: skip
    for path in public:
        assert any(p.fullmatch(path) for p in patterns), path
    for path in private:
        assert not any(p.fullmatch(path) for p in patterns), path
