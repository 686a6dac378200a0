"""Results mail in the web app: the console card, the API, the background sender (issue 26).

The app runs its lifespan (``TestClient``): the sender is a background task, and a
"send again" only queues and wakes it; the mails arrive at the real local SMTP server.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.app.players import PlayerService
from web.conftest import FLOOR_PW, Env, make_env

from .conftest import SmtpServer, drive_night, settings_for


def _wait_for(smtp: SmtpServer, count: int, *, seconds: float = 30) -> None:
    """Until the server holds ``count`` messages (the sender runs in the background)."""
    for _ in range(int(seconds / 0.05)):
        if len(smtp.received()) >= count:
            return
        time.sleep(0.05)


@pytest.fixture
def mail_env(tmp_path: Path, smtp: SmtpServer) -> Iterator[Env]:
    smtp.start()
    yield from make_env(tmp_path, mail=settings_for(smtp, password="s3cret-Pa55", user=""))


def test_director_sends_again_from_the_console_the_sender_delivers_each_once(
    mail_env: Env, smtp: SmtpServer
) -> None:
    tid = drive_night(mail_env.service, PlayerService(mail_env.service.store, mail_env.service))
    h = mail_env.login()
    view = mail_env.client.get(f"/api/t/{tid}/mail").json()
    assert view["configured"]
    assert view["finished"]
    assert {line["name"] for line in view["lines"]} == {"Bob Ray", "Cy Wu"}
    assert {line["address"] for line in view["lines"]} == {"b…@example.org", "c…@example.org"}
    r = mail_env.client.post(f"/api/t/{tid}/mail/send", json={}, headers=h)
    assert r.status_code == 200, r.text
    _wait_for(smtp, 2)
    assert sorted(str(m["X-RcptTo"]) for m in smtp.received()) == [
        "bob@example.org",
        "cy@example.org",
    ]
    page = mail_env.client.get(f"/t/{tid}/mail")
    assert page.status_code == 200
    assert "Results mail" in page.text
    assert "Bob Ray" in page.text
    assert "s3cret" not in page.text  # never shown back
    assert "s3cret" not in mail_env.client.get(f"/api/t/{tid}/mail").text
    assert "bob@example.org" not in page.text  # the address shortened


def test_the_card_form_sends_again_and_records_who(mail_env: Env, smtp: SmtpServer) -> None:
    tid = drive_night(mail_env.service, PlayerService(mail_env.service.store, mail_env.service))
    h = mail_env.login()
    bob = next(
        line["player_id"]
        for line in mail_env.client.get(f"/api/t/{tid}/mail").json()["lines"]
        if line["name"] == "Bob Ray"
    )
    # The night just ended: the background sender mails Bob and Cy by itself (a pass every
    # 15 s); the form's "Send again" is then the third mail, Bob's alone.
    _wait_for(smtp, 2, seconds=60)
    assert sorted(str(m["X-RcptTo"]) for m in smtp.received()) == [
        "bob@example.org",
        "cy@example.org",
    ]
    r = mail_env.client.post(
        f"/t/{tid}/mail/send",
        data={"player_id": bob, "csrf_token": h["X-CSRF-Token"]},
        follow_redirects=False,
    )
    assert r.status_code == 303
    _wait_for(smtp, 3)
    assert [str(m["X-RcptTo"]) for m in smtp.received()][2:] == ["bob@example.org"]
    requests = mail_env.client.get(f"/api/t/{tid}/mail").json()["requests"]
    assert [(q["staff"], q["players"]) for q in requests] == [("director", bob)]


def test_only_staff_read_and_only_the_director_sends(mail_env: Env) -> None:
    tid = drive_night(mail_env.service, PlayerService(mail_env.service.store, mail_env.service))
    assert mail_env.client.get(f"/api/t/{tid}/mail").status_code == 401
    page = mail_env.client.get(f"/t/{tid}/mail", follow_redirects=False)
    assert page.status_code == 303
    assert "/login" in page.headers["location"]
    h = mail_env.login("floor1", FLOOR_PW)
    assert mail_env.client.get(f"/api/t/{tid}/mail").status_code == 200
    r = mail_env.client.post(f"/api/t/{tid}/mail/send", json={}, headers=h)
    assert r.status_code == 403
    assert "Send again" not in mail_env.client.get(f"/t/{tid}/mail").text


def test_without_settings_the_card_says_mail_is_not_set_up(tmp_path: Path) -> None:
    for env in make_env(tmp_path):
        tid = drive_night(env.service, PlayerService(env.service.store, env.service))
        h = env.login()
        page = env.client.get(f"/t/{tid}/mail")
        assert "Mail is not set up" in page.text
        r = env.client.post(f"/api/t/{tid}/mail/send", json={}, headers=h)
        assert r.status_code == 422
        assert r.json()["message"].startswith("Mail is not set up")


def test_a_hanging_mail_server_never_blocks_a_command(tmp_path: Path) -> None:
    """The mail server takes the connection and never answers: the sender waits in its
    thread, while undo, redo and the card answer at once (sending is never in a request)."""
    import socket  # only this test opens a raw socket

    with socket.socket() as hanging:
        hanging.bind(("127.0.0.1", 0))
        hanging.listen(4)
        hanging.settimeout(10)
        port = int(hanging.getsockname()[1])
        smtp = SmtpServer(port, tmp_path / "unused")
        for env in make_env(tmp_path, mail=settings_for(smtp, timeout_s=20)):
            tid = drive_night(env.service, PlayerService(env.service.store, env.service))
            h = env.login()
            assert env.client.post(f"/api/t/{tid}/mail/send", json={}, headers=h).is_success
            conn, _ = hanging.accept()  # the sender connected and now waits for a greeting
            with conn:
                undo = env.client.post(f"/api/tournaments/{tid}/commands/undo", headers=h)
                assert undo.status_code == 200
                redo = env.client.post(f"/api/tournaments/{tid}/commands/redo", headers=h)
                assert redo.status_code == 200
                lines = env.client.get(f"/api/t/{tid}/mail").json()["lines"]
                assert {line["state"] for line in lines} <= {"queued", "sending"}
            # the connection closed: the sender's attempt fails and is queued for a retry
