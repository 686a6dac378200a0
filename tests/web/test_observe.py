"""Structured logs and request ids (issue 16): what an operator greps for.

Through the app (TestClient, records captured from the ``pokertd.access`` logger) and
through a real ``pokertd serve`` whose stderr is parsed as JSON lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # starlette asks for httpx2; plain httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokertd.web.metrics import Metrics
from pokertd.web.observe import (
    JsonFormatter,
    RequestContext,
    TextFormatter,
    masked_query,
    request_id_from,
    request_id_var,
    uvicorn_log_config,
)

from .conftest import DIRECTOR_PW, FLOOR_PW, Env, make_env
from .servers import serve_process
from .test_metrics import samples, scrape, value


def _access(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "pokertd.access"]


def test_sane_request_ids_are_kept_and_others_replaced() -> None:
    assert request_id_from("abc-123") == "abc-123"
    assert request_id_from("A.b_c-9" * 9) == "A.b_c-9" * 9  # 63 characters
    for bad in ("", "x" * 65, "abc 123", "a\nb", "ünï", "a;b", None):
        made = request_id_from(bad)
        assert made != bad
        assert len(made) == 32
        assert int(made, 16) >= 0


def test_request_id_is_echoed_and_logged_in_the_access_line(
    env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="pokertd.access")
    r = env.client.get("/api/me", headers={"X-Request-ID": "abc-123"})
    assert r.status_code == 200
    assert r.headers["x-request-id"] == "abc-123"
    (line,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "abc-123"]
    assert line.__dict__["method"] == "GET"
    assert line.__dict__["path"] == "/api/me"
    assert line.__dict__["status"] == 200
    assert line.__dict__["route"] == "/api/me"
    assert line.__dict__["client"] == "testclient"
    assert 0 <= line.__dict__["duration_ms"] < 10_000


def test_websockets_get_an_access_line_and_count_in_the_metrics(
    env: Env, tid: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A script's event-log socket: one access line when it ends (method WS, 101, the route
    template, the role, how long it lived), and a refused one (the public: 403, close code
    4403); both counted in ``pokertd_http_requests_total``."""
    from starlette.websockets import WebSocketDisconnect

    caplog.set_level(logging.INFO, logger="pokertd.access")
    route = "/api/tournaments/{tid}/ws"
    with (
        pytest.raises(WebSocketDisconnect),
        env.client.websocket_connect(
            f"/api/tournaments/{tid}/ws", headers={"X-Request-ID": "ws-0"}
        ) as ws,
    ):
        ws.receive_json()
    (refused,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "ws-0"]
    assert (refused.__dict__["method"], refused.__dict__["status"]) == ("WS", 403)
    assert refused.__dict__["close_code"] == 4403
    assert refused.__dict__["route"] == route
    env.login("floor1", FLOOR_PW)
    with env.client.websocket_connect(
        f"/api/tournaments/{tid}/ws", headers={"X-Request-ID": "ws-1"}
    ) as ws:
        assert ws.receive_json()["type"] == "hello"
    (line,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "ws-1"]
    assert (line.__dict__["method"], line.__dict__["status"]) == ("WS", 101)
    assert line.__dict__["path"] == f"/api/tournaments/{tid}/ws"
    assert line.__dict__["route"] == route
    assert line.__dict__["role"] == "floor"
    assert line.__dict__["duration_ms"] >= 0
    found = scrape(env)
    assert value(found, "pokertd_http_requests_total", method="WS", route=route, status="101") == 1
    assert value(found, "pokertd_http_requests_total", method="WS", route=route, status="403") == 1


def test_a_forged_request_id_is_replaced(env: Env) -> None:
    r = env.client.get("/healthz", headers={"X-Request-ID": "x" * 200})
    assert len(r.headers["x-request-id"]) == 32
    assert r.headers["x-request-id"] != "x" * 200
    other = env.client.get("/healthz")
    assert other.headers["x-request-id"] != r.headers["x-request-id"]


def test_query_values_never_reach_the_access_log(
    env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="pokertd.access")
    env.client.get("/api/me?token=s3cret-value&next=/x", headers={"X-Request-ID": "q-1"})
    (line,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "q-1"]
    assert line.__dict__["query"] == "token=*&next=*"
    text = JsonFormatter().format(line)
    assert "s3cret-value" not in text
    assert "/api/me" in text
    assert masked_query(b"") == ""


@pytest.fixture
def proxy_env(tmp_path: Path) -> Iterator[Env]:
    """The app behind a trusted proxy network (10.0.0.0/8)."""
    yield from make_env(tmp_path, trusted_proxies=("10.0.0.0/8",))


def test_signed_in_role_and_trusted_proxy_client_in_the_access_line(
    proxy_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    proxied = TestClient(proxy_env.client.app, client=("10.0.0.5", 1234))
    caplog.set_level(logging.INFO, logger="pokertd.access")
    r = proxied.post("/api/login", json={"name": "director", "password": DIRECTOR_PW})
    assert r.status_code == 200
    proxied.get("/api/me", headers={"X-Request-ID": "who-1", "X-Forwarded-For": "203.0.113.7"})
    (line,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "who-1"]
    assert line.__dict__["client"] == "203.0.113.7"
    assert line.__dict__["role"] == "director"
    caplog.clear()
    stranger = TestClient(proxy_env.client.app, client=("192.0.2.1", 1))
    stranger.get("/healthz", headers={"X-Request-ID": "s-1", "X-Forwarded-For": "1.2.3.4"})
    (line,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "s-1"]
    assert line.__dict__["client"] == "192.0.2.1"  # an untrusted peer cannot pick its address


def test_unhandled_error_is_logged_with_the_request_id_and_answered_kindly(
    env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    def boom() -> None:
        raise RuntimeError("kaboom in the back office")

    env.client.app.add_api_route("/api/boom", boom)  # type: ignore[attr-defined]
    caplog.set_level(logging.INFO)
    r = env.client.get("/api/boom", headers={"X-Request-ID": "err-42"})
    assert r.status_code == 500
    body = r.json()
    assert body["error"] == "server_error"
    assert "err-42" in body["message"]
    assert "kaboom" not in r.text
    assert "Traceback" not in r.text
    assert r.headers["x-request-id"] == "err-42"
    assert r.headers["x-frame-options"] == "DENY"  # the security headers still apply
    (failed,) = [rec for rec in caplog.records if rec.name == "pokertd.web" and rec.exc_info]
    record = json.loads(JsonFormatter().format(failed))
    assert record["request_id"] == "err-42"
    assert record["level"] == "error"
    assert "kaboom in the back office" in record["exception"]
    (line,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "err-42"]
    assert line.__dict__["status"] == 500


def test_json_formatter_writes_one_object_with_time_level_and_extras() -> None:
    record = logging.LogRecord("pokertd.x", logging.WARNING, __file__, 1, "hi %s", ("you",), None)
    record.table = 7
    token = request_id_var.set("rid-9")
    try:
        line = JsonFormatter().format(record)
        text = TextFormatter().format(record)
    finally:
        request_id_var.reset(token)
    assert "\n" not in line
    out = json.loads(line)
    assert out["message"] == "hi you"
    assert out["level"] == "warning"
    assert out["logger"] == "pokertd.x"
    assert out["request_id"] == "rid-9"
    assert out["table"] == 7
    assert out["time"].endswith("+00:00")
    assert "T" in out["time"]
    assert "[rid-9]" in text
    assert "table=7" in text
    assert "hi you" in text


def test_text_log_lines_cannot_be_forged_through_a_path_or_an_extra() -> None:
    """A request path is percent-decoded (``/%0a...`` is a newline): in the text format it
    must not start a second, forged log line (the JSON format escapes it already)."""
    forged = "/x\r\n12:00:00.000 INFO    pokertd.access [admin] GET /api/me 200"
    record = logging.LogRecord(
        "pokertd.access", logging.INFO, __file__, 1, "GET %s", (forged,), None
    )
    record.path = forged
    text = TextFormatter().format(record)
    assert "\n" not in text
    assert "\r" not in text
    assert "\\n12:00:00.000" in text  # still readable, escaped
    assert "\n" not in JsonFormatter().format(record)


def test_uvicorn_log_config_turns_uvicorn_access_off() -> None:
    config = uvicorn_log_config("warning", "text", access_log=False)
    loggers: dict[str, Any] = config["loggers"]
    assert loggers["uvicorn.access"] == {"handlers": [], "level": "CRITICAL", "propagate": False}
    assert loggers["uvicorn.error"]["propagate"] is True
    assert loggers["pokertd.access"]["level"] == "CRITICAL"
    assert config["root"]["level"] == "WARNING"
    assert config["formatters"]["pokertd"]["()"].endswith("TextFormatter")
    assert (
        uvicorn_log_config("info", "json", access_log=True)["loggers"]["pokertd.access"]["level"]
        == "INFO"
    )
    with pytest.raises(ValueError, match="verbose"):
        uvicorn_log_config("verbose", "json", access_log=True)
    with pytest.raises(ValueError, match="xml"):
        uvicorn_log_config("info", "xml", access_log=True)


def test_configure_logging_writes_json_lines_to_stderr() -> None:
    script = (
        "import logging; from pokertd.web.observe import configure_logging\n"
        "configure_logging('info', 'json')\n"
        "logging.getLogger('pokertd.t').info('hello', extra={'n': 3})\n"
        "logging.getLogger('pokertd.t').debug('hidden')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, check=True)
    lines = [json.loads(x) for x in done.stderr.decode().splitlines()]
    assert [(x["logger"], x["message"], x["n"]) for x in lines] == [("pokertd.t", "hello", 3)]
    assert done.stdout == b""


def _json_lines(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in path.read_text().splitlines():
        if line.startswith("{"):
            out.append(json.loads(line))
    return out


def test_real_server_logs_json_access_lines_with_the_request_id(tmp_path: Path) -> None:
    """``pokertd serve --log-format json``: stderr is JSON lines; the request id of a request
    is in its access line and its response header; uvicorn's own access log is off."""
    db = tmp_path / "real.db"
    args = ["--db", f"sqlite:///{db}", "--log-format", "json", "--log-level", "info"]
    with serve_process(args, tmp_path, password=DIRECTOR_PW) as served:
        request = urllib.request.Request(
            f"{served.base}/api/me?token=not-for-logs", headers={"X-Request-ID": "abc-123"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["X-Request-ID"] == "abc-123"
        with urllib.request.urlopen(f"{served.base}/readyz", timeout=10) as response:
            assert json.loads(response.read()) == {"status": "ok"}
        with urllib.request.urlopen(f"{served.base}/metrics", timeout=10) as response:
            assert b"pokertd_http_requests_total" in response.read()  # loopback: allowed
        deadline = time.monotonic() + 10
        while True:
            lines = _json_lines(served.err)
            mine = [x for x in lines if x.get("request_id") == "abc-123"]
            if mine or time.monotonic() > deadline:
                break
            time.sleep(0.1)
    assert lines, served.err.read_text()
    for entry in lines:
        assert {"time", "level", "logger", "message"} <= entry.keys()
    (access,) = mine
    assert access["logger"] == "pokertd.access"
    assert access["method"] == "GET"
    assert access["path"] == "/api/me"
    assert access["status"] == 200
    assert access["client"] == "127.0.0.1"
    assert access["query"] == "token=*"
    assert "not-for-logs" not in served.err.read_text()
    assert not [x for x in lines if x["logger"] == "uvicorn.access"]
    assert [x for x in lines if x.get("path") == "/readyz" and x.get("status") == 200]


def test_a_client_that_leaves_before_an_answer_is_499_not_a_server_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    measured = Metrics()

    async def slow(scope: Any, receive: Any, send: Any) -> None:
        await asyncio.sleep(10)

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: Any) -> None:
        raise AssertionError("nothing is sent")

    middleware = RequestContext(slow, metrics=measured)
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/api/slow",
        "headers": [(b"x-request-id", b"gone-1")],
        "query_string": b"",
        "client": ("127.0.0.1", 1),
    }

    async def main() -> None:
        task = asyncio.create_task(middleware(scope, receive, send))
        await asyncio.sleep(0.05)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    caplog.set_level(logging.INFO, logger="pokertd.access")
    asyncio.run(main())
    found = samples(measured.exposition().decode())
    assert (
        value(found, "pokertd_http_requests_total", method="GET", route="unmatched", status="499")
        == 1
    )
    assert (
        value(found, "pokertd_http_requests_total", method="GET", route="unmatched", status="500")
        == 0
    )
    (line,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "gone-1"]
    assert line.__dict__["status"] == 499


@pytest.mark.parametrize(("accept_first", "status"), [(False, 500), (True, 101)])
def test_a_websocket_handler_that_fails_is_logged_and_closed_1011(
    caplog: pytest.LogCaptureFixture, accept_first: bool, status: int
) -> None:
    """An unhandled error in a WebSocket handler is logged with the request id; the socket
    is closed with 1011 (a refused handshake when it was not accepted yet), and the access
    line says so: 500 before the accept, 101 after it."""
    measured = Metrics()
    sent: list[dict[str, Any]] = []

    async def broken(scope: Any, receive: Any, send: Any) -> None:
        if accept_first:
            await send({"type": "websocket.accept"})
        raise RuntimeError("boom")

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {
        "type": "websocket",
        "path": "/api/ws",
        "headers": [(b"x-request-id", b"ws-err")],
        "query_string": b"",
        "client": ("127.0.0.1", 1),
    }
    caplog.set_level(logging.INFO)
    asyncio.run(RequestContext(broken, metrics=measured)(scope, receive, send))
    assert sent[-1] == {"type": "websocket.close", "code": 1011}
    (failed,) = [rec for rec in caplog.records if rec.name == "pokertd.web" and rec.exc_info]
    assert failed.__dict__["request_id"] == "ws-err"
    (line,) = [rec for rec in _access(caplog) if getattr(rec, "request_id", "") == "ws-err"]
    assert (line.__dict__["method"], line.__dict__["status"]) == ("WS", status)
    assert line.__dict__["close_code"] == 1011
    found = samples(measured.exposition().decode())
    assert (
        value(
            found, "pokertd_http_requests_total", method="WS", route="unmatched", status=str(status)
        )
        == 1
    )
