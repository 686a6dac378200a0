"""Results mail through a real local SMTP server (issue 26, point 3).

The night and its numbers are in ``conftest.py`` (six players, Bob 2nd $119.26, Cy 3rd
with two knockouts and $50.00 of bounties; only Bob and Cy gave an address). Places and
prizes: G3/H4 (FOX-PTAB 60/40 at 2-10 entries), FOX-ADMIN (3 % withheld), FOX-BTY.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from pathlib import Path

import pytest

from pokertd.app.leagues import Season
from pokertd.app.mail import Letter, MailSettings, TopPlace, html_text, message_id, plain_text
from pokertd.errors import InvalidCommand
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.tournament.prizes import standings, standings_json

from .conftest import SmtpServer, Venue, settings_for


def _by_to(smtp: SmtpServer) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for m in smtp.received():
        out.setdefault(str(m["X-RcptTo"]), []).append(str(m["Message-ID"]))
    return out


def _text(m: object) -> str:
    body = m.get_body(("plain",))  # type: ignore[attr-defined]
    assert body is not None
    return str(body.get_content())


def test_G3_FOX_PTAB_six_players_two_addresses_two_mails_each_to_its_player_only(
    venue: Venue, smtp: SmtpServer
) -> None:
    smtp.start()
    tid = venue.night()
    mail = venue.mail(settings_for(smtp))
    report = mail.deliver_due()
    assert len(report.sent) == 2
    assert report.failed == []
    got = {str(m["X-RcptTo"]): m for m in smtp.received()}
    assert set(got) == {"bob@example.org", "cy@example.org"}  # exactly two, nobody else
    bob, cy = got["bob@example.org"], got["cy@example.org"]
    for m, name, addr in ((bob, "Bob Ray", "bob@example.org"), (cy, "Cy Wu", "cy@example.org")):
        assert str(m["To"]) == f"{name} <{addr}>"  # its own player only
        assert m["Cc"] is None
        assert m["Bcc"] is None
        assert str(m["Auto-Submitted"]) == "auto-generated"
        assert str(m["From"]) == "results@club.example"
        assert str(m["Reply-To"]) == "director@club.example"
        assert m["Date"] is not None
        assert "mailto:director@club.example" in str(m["List-Unsubscribe"])
        assert m.get_body(("html",)) is not None
    bob_text, cy_text = _text(bob), _text(cy)
    assert "You finished 2nd and won $119.26." in bob_text
    assert "Tuesday Bounty on 2026-11-28 (6 entries)" in bob_text
    assert "You finished 3rd." in cy_text
    assert "You made 2 knockouts and won $50.00 in bounties." in cy_text
    for text in (bob_text, cy_text):  # the top places: the paid ones and 3rd
        assert "1  Ann Lee  $178.88" in text
        assert "2  Bob Ray  $119.26" in text
        assert "3  Cy Wu" in text
        assert "Di Fox" not in text
        assert "Flo Ng" not in text
        assert "All results: https://poker.club.example/t/fox6/results" in text
        assert "ann" not in text.split("Top places:")[0].lower()  # no one else's address
    assert "bob@example.org" not in _text(cy)
    assert "cy@example.org" not in bob_text
    assert str(bob["Message-ID"]) == f"<results.fox6.{venue.db_id(tid, 'Bob Ray')}.0@club.example>"
    assert str(bob["Subject"]) == "Your result: Tuesday Bounty - 2nd"


def test_the_mail_says_the_same_places_and_prizes_as_the_standings_export(
    venue: Venue, smtp: SmtpServer
) -> None:
    """Every face says the same: the mail's top places are the JSON export's rows."""
    tid = venue.night()
    exported = standings_json(standings(venue.service.state(tid), venue.now))
    mail = venue.mail(settings_for(smtp))
    (msg, *_) = mail.preview(tid)
    text = _text(msg)
    for row in exported[:3]:
        prize = f"  ${row['prize'] // 100}.{row['prize'] % 100:02d}" if row["prize"] else ""
        assert f"{row['place']}  {row['name']}{prize}" in text


def test_nothing_is_sent_before_the_event_is_over(venue: Venue, smtp: SmtpServer) -> None:
    smtp.start()
    tid = venue.night(finish=False)  # Ann and Bob still playing
    mail = venue.mail(settings_for(smtp))
    assert mail.deliver_due().sent == []
    assert smtp.received() == []
    assert mail.status(tid).message.startswith("The event is not over yet")
    with pytest.raises(InvalidCommand, match="not over yet"):
        mail.send_again(tid, staff="Dee")


def test_no_settings_nothing_sent_and_the_console_says_mail_is_not_set_up(
    venue: Venue, smtp: SmtpServer
) -> None:
    smtp.start()
    tid = venue.night()

    def no_connection(_: MailSettings) -> object:
        raise AssertionError("no connection may be made without settings")

    mail = venue.mail(None, session=no_connection)
    assert mail.deliver_due().sent == []
    view = mail.status(tid)
    assert not view.configured
    assert view.message.startswith("Mail is not set up")
    with pytest.raises(InvalidCommand, match="Mail is not set up"):
        mail.send_again(tid, staff="Dee")
    with pytest.raises(InvalidCommand, match="Mail is not set up"):
        mail.test("me@example.org")
    assert smtp.received() == []


def test_server_down_queued_retried_with_back_off_then_sent_exactly_once(
    venue: Venue, smtp: SmtpServer
) -> None:
    tid = venue.night()
    mail = venue.mail(settings_for(smtp, first_retry_s=60))
    first = mail.deliver_due()  # nobody listens on the port
    assert first.sent == []
    assert len(first.failed) == 2
    lines = {line.name: line for line in mail.status(tid).lines}
    assert lines["Bob Ray"].state == "queued"
    assert lines["Bob Ray"].attempts == 1
    assert lines["Bob Ray"].next_try == (venue.now + timedelta(seconds=60)).isoformat()
    assert "cannot be reached" in lines["Bob Ray"].last_error
    smtp.start()
    venue.now += timedelta(seconds=30)  # before the retry time: it waits
    assert mail.deliver_due().sent == []
    venue.now += timedelta(seconds=31)
    assert len(mail.deliver_due().sent) == 2
    venue.now += timedelta(hours=1)
    assert mail.deliver_due().sent == []  # sent: never again by itself
    assert {to: len(ids) for to, ids in _by_to(smtp).items()} == {
        "bob@example.org": 1,
        "cy@example.org": 1,
    }
    assert {line.state for line in mail.status(tid).lines} == {"sent"}


def test_the_back_off_doubles_and_gives_up_after_the_last_attempt(
    venue: Venue, smtp: SmtpServer
) -> None:
    tid = venue.night()
    mail = venue.mail(settings_for(smtp, attempts=3, first_retry_s=60))
    waits = []
    for _ in range(3):
        mail.deliver_due()
        line = next(x for x in mail.status(tid).lines if x.name == "Cy Wu")
        if line.next_try:
            waits.append(line.next_try)
            venue.now = venue.now.fromisoformat(line.next_try)
    assert line.state == "failed"
    assert line.attempts == 3
    assert len(waits) == 2
    # 60 s after the first attempt, then 120 s after the second
    assert venue.now.fromisoformat(waits[1]) - venue.now.fromisoformat(waits[0]) == timedelta(
        seconds=120
    )
    smtp.start()
    venue.now += timedelta(days=1)
    assert mail.deliver_due().sent == []  # given up: only the director sends it again
    mail.send_again(tid, venue.db_id(tid, "Cy Wu"), staff="Dee")
    assert mail.deliver_due().sent == [f"{tid}/{venue.db_id(tid, 'Cy Wu')}"]


def test_a_crash_between_send_and_status_write_sends_no_duplicate(
    venue: Venue, smtp: SmtpServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    smtp.start()
    tid = venue.night()
    mail = venue.mail(settings_for(smtp))
    store = mail.store

    def power_cut(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt("power cut after the server accepted the mail")

    monkeypatch.setattr(store, "mark_sent", power_cut)
    with pytest.raises(KeyboardInterrupt):
        mail.deliver_due()
    monkeypatch.undo()
    assert len(smtp.received()) == 1  # the first mail left, its status was never written
    crashed_to = str(smtp.received()[0]["X-RcptTo"])
    # the server starts again: a new service over the same store reads the log again
    venue.now += timedelta(minutes=1)
    restarted = venue.mail(settings_for(smtp))
    assert len(restarted.deliver_due().sent) == 1  # the other player's, once
    venue.now += timedelta(hours=2)
    assert restarted.deliver_due().sent == []
    received = _by_to(smtp)
    assert {to: len(ids) for to, ids in received.items()} == {
        "bob@example.org": 1,
        "cy@example.org": 1,
    }
    all_ids = [i for ids in received.values() for i in ids]
    assert len(set(all_ids)) == len(all_ids)
    unsure = [line for line in restarted.status(tid).lines if line.state == "unsure"]
    assert [line.address[0] for line in unsure] == [crashed_to[0]]


def test_send_again_is_recorded_and_sends_a_new_message_id(venue: Venue, smtp: SmtpServer) -> None:
    smtp.start()
    tid = venue.night()
    mail = venue.mail(settings_for(smtp))
    mail.deliver_due()
    bob = venue.db_id(tid, "Bob Ray")
    view = mail.send_again(tid, bob, staff="Dee")
    assert view.requests[-1]["staff"] == "Dee"
    assert view.requests[-1]["players"] == bob
    assert mail.deliver_due().sent == [f"{tid}/{bob}"]
    ids = _by_to(smtp)["bob@example.org"]
    assert ids == [
        message_id(tid, bob, 0, "results@club.example"),
        message_id(tid, bob, 1, "results@club.example"),
    ]
    mail.send_again(tid, staff="Dee")  # everyone
    assert len(mail.deliver_due().sent) == 2
    assert mail.status(tid).requests[-1]["players"] == "*"
    with pytest.raises(InvalidCommand, match="without a mail address"):
        mail.send_again(tid, venue.db_id(tid, "Ann Lee"), staff="Dee")


def test_an_event_finished_before_the_window_is_not_mailed_by_itself(
    venue: Venue, smtp: SmtpServer
) -> None:
    smtp.start()
    tid = venue.night()
    venue.now += timedelta(hours=49)  # mail switched on two days later
    mail = venue.mail(settings_for(smtp))
    assert mail.deliver_due().sent == []
    mail.send_again(tid, staff="Dee")
    assert len(mail.deliver_due().sent) == 2  # the background pass finds the queued rows


def test_a_permanent_refusal_gives_up_at_once(venue: Venue, smtp: SmtpServer) -> None:
    """A 5xx for the recipient cannot change by retrying: given up after one attempt."""
    import smtplib  # only this test needs it

    tid = venue.night()

    class Refusing:
        def __enter__(self) -> Refusing:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def send_message(self, msg: object) -> None:
            raise smtplib.SMTPRecipientsRefused({"x": (550, b"no such user")})

    mail = venue.mail(settings_for(smtp), session=lambda _: Refusing())
    assert len(mail.deliver_due().failed) == 2
    lines = mail.status(tid).lines
    assert {(line.state, line.attempts) for line in lines} == {("failed", 1)}
    assert lines[0].last_error == "The mail server refused the address (550)."


def test_settings_from_the_environment_and_the_password_never_shown(
    tmp_path: Path, venue: Venue, smtp: SmtpServer, caplog: pytest.LogCaptureFixture
) -> None:
    assert MailSettings.from_env({}) is None  # nothing set up: nothing sent
    assert MailSettings.from_env({"POKERTD_SMTP_HOST": "mail.example"}) is None  # no From
    secret = tmp_path / "smtp-password"
    secret.write_text("s3cret-Pa55\n")
    env = {
        "POKERTD_SMTP_HOST": "127.0.0.1",
        "POKERTD_SMTP_PORT": str(smtp.port),
        "POKERTD_SMTP_SECURITY": "none",
        "POKERTD_SMTP_USER": "club",
        "POKERTD_SMTP_PASSWORD_FILE": str(secret),
        "POKERTD_MAIL_FROM": "results@club.example",
    }
    settings = MailSettings.from_env(env)
    assert settings is not None
    assert settings.password == "s3cret-Pa55"
    assert "s3cret" not in repr(settings)
    assert settings.shown()["password"] == "set"
    assert "s3cret" not in str(settings.shown())
    smtp.start()  # a server without AUTH: the login fails, the sentence has no password
    tid = venue.night()
    mail = venue.mail(settings)
    with caplog.at_level(logging.DEBUG):
        failed = mail.deliver_due().failed
        with pytest.raises(InvalidCommand) as refused:
            mail.test("me@example.org")
    assert failed
    assert all("s3cret" not in f for f in failed)
    assert "s3cret" not in str(refused.value)
    assert "s3cret" not in caplog.text
    assert "s3cret" not in str(mail.status(tid).as_json())
    with pytest.raises(InvalidCommand, match="unencrypted"):
        MailSettings.from_env(env | {"POKERTD_SMTP_HOST": "mail.example"})
    with pytest.raises(InvalidCommand, match="none, starttls or tls"):
        MailSettings.from_env(env | {"POKERTD_SMTP_SECURITY": "ssl3"})
    with pytest.raises(InvalidCommand, match="POKERTD_SMTP_PORT"):
        MailSettings.from_env(env | {"POKERTD_SMTP_PORT": "99999"})
    with pytest.raises(InvalidCommand, match="POKERTD_MAIL_FROM"):
        MailSettings.from_env(env | {"POKERTD_MAIL_FROM": "not an address"})


def test_mail_test_reaches_the_server(venue: Venue, smtp: SmtpServer) -> None:
    smtp.start()
    said = venue.mail(settings_for(smtp)).test("me@example.org")
    assert said == f"A test mail was sent to me@example.org through 127.0.0.1:{smtp.port}."
    (m,) = smtp.received()
    assert str(m["X-RcptTo"]) == "me@example.org"
    assert str(m["Subject"]) == "pokertd: test mail"


def test_league_points_are_in_the_mail_when_the_event_counts_in_a_league(
    venue: Venue, smtp: SmtpServer
) -> None:
    """Fixed points 10/7/5/3/2 by place, 1 a knockout, 1 for attending (worked by hand):
    Bob 2nd = 7 + 0 + 1 = 8; Cy 3rd with two knockouts = 5 + 2 + 1 = 8."""
    tid = venue.night()
    mail = venue.mail(settings_for(smtp))
    assert all("League points" not in _text(m) for m in mail.preview(tid))  # no league yet
    venue.leagues.create_league(
        "tue",
        "Tuesday League",
        PointsScheme(
            kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2), knockout_points=1, attendance_points=1
        ),
    )
    venue.leagues.add_season(Season(league="tue", key="w", name="Winter", best_n=10))
    venue.leagues.add_event("tue", "w", tid)
    texts = {str(m["To"]).split()[0]: _text(m) for m in mail.preview(tid)}
    assert "League points for this event: 8." in texts["Bob"]
    assert "League points for this event: 8." in texts["Cy"]


def test_status_of_an_old_event_says_it_is_sent_only_on_request(
    venue: Venue, smtp: SmtpServer
) -> None:
    tid = venue.night()
    mail = venue.mail(settings_for(smtp, window_hours=48))
    assert {line.state for line in mail.status(tid).lines} == {"due"}
    venue.now += timedelta(hours=49)
    assert {line.state for line in mail.status(tid).lines} == {"old"}


def test_G3_a_shared_place_and_a_hostile_name_read_right() -> None:
    """Tied players share places (G3): "You shared places 5-6"; every value is escaped in
    the HTML part (a name like ``<script>`` stays text)."""
    letter = Letter(
        tournament_id="t1",
        event="Ev <1>",
        date="2026-11-28",
        player_id="pla",
        name="<script>x</script>",
        to="p@example.org",
        entrants=30,
        place="5-6",
        prize=2500,
        bounties=0,
        knockouts=0,
        points=None,
        top=(TopPlace("1", "A & B", 100000),),
        link="",
    )
    assert "You shared places 5-6 and won $25.00." in plain_text(letter)
    page = html_text(letter)
    assert "<script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page
    assert "Ev &lt;1&gt;" in page
    assert "A &amp; B" in page
    assert "You shared places <b>5-6</b>" in page


def test_a_dropped_connection_queues_every_mail_of_the_pass_for_a_retry(venue: Venue) -> None:
    """The server drops the connection before its "250" for the first mail: not accepted
    (RFC 5321), so both mails of the pass are queued for a retry, none left "sending"."""
    import smtplib  # only this test needs it

    tid = venue.night()

    class Dropping:
        def __enter__(self) -> Dropping:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def send_message(self, msg: object) -> None:
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")

    mail = venue.mail(settings_for(SmtpServer(1, Path("unused"))), session=lambda _: Dropping())
    assert len(mail.deliver_due().failed) == 2
    assert {(line.state, line.attempts) for line in mail.status(tid).lines} == {("queued", 1)}
