"""Sign-ups in the browser's routes (issue 26): the public page (counts only), CSRF on
every form, the limits per address, a hostile name, the personal page and its link, the
staff card and its JSON routes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.tournament.entries import CreateTournament
from pokertd.tournament.seating import seating_now
from pokertd.tournament.signups import SetSignUps
from pokertd.tournament.templates import load_template

from .conftest import FLOOR_PW, Env, make_env


@pytest.fixture
def env(tmp_path: Path) -> Iterator[Env]:
    """The app with a tight limit: 3 sign-ups per address."""
    yield from make_env(tmp_path, signup_per_address=3)


@pytest.fixture
def tid(env: Env) -> str:
    tmpl = load_template("kpc_nlh").with_changes(profile="tda", tables=2, seats_per_table=10)
    made = env.service.create(CreateTournament(name="Tuesday Night", template=tmpl))
    env.service.run(made, SetSignUps(capacity=2))
    return made


def _csrf(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def _sign_up(env: Env, tid: str, name: str, **fields: str) -> tuple[int, str]:
    page = env.client.get(f"/t/{tid}/signup")
    assert page.status_code == 200
    r = env.client.post(
        f"/t/{tid}/signup",
        data={"name": name, "csrf_token": _csrf(page.text), **fields},
        follow_redirects=False,
    )
    return r.status_code, r.headers.get("location", "") or r.text


def test_sign_up_from_the_public_page_gets_a_personal_link(env: Env, tid: str) -> None:
    code, link = _sign_up(env, tid, "Ann Lee", contact="ann@example.org")
    assert code == 303
    assert link.startswith(f"/s/{tid}/")
    mine = env.client.get(link)
    assert mine.status_code == 200
    assert "You have place 1 of 2. Check-in is not open yet for your group." in mine.text
    _sign_up(env, tid, "Bob Ray")
    _sign_up(env, tid, "Cy Dow")
    public = env.client.get(f"/t/{tid}/signup").text
    assert "2 of 2 places taken · 1 on the waiting list" in public
    for private in ("Ann Lee", "Bob Ray", "Cy Dow", "ann@example.org"):
        assert private not in public


def test_csrf_is_required_and_nothing_is_written(env: Env, tid: str) -> None:
    seq = env.service.last_seq(tid)
    r = env.client.post(f"/t/{tid}/signup", data={"name": "Ann Lee"}, follow_redirects=False)
    assert r.status_code == 403
    assert env.service.last_seq(tid) == seq


def test_a_hostile_name_gets_the_desks_limits(env: Env, tid: str) -> None:
    seq = env.service.last_seq(tid)
    code, text = _sign_up(env, tid, "Ann\u202eeeL")
    assert code == 422
    assert "A player&#39;s name may not contain a text-direction override (U+202E)." in text
    code, text = _sign_up(env, tid, "x" * 500)
    assert code == 422
    assert "at most 60 characters" in text
    assert env.service.last_seq(tid) == seq


def test_the_fourth_sign_up_from_one_address_waits(env: Env, tid: str) -> None:
    for name in ("Ann Lee", "Bob Ray", "Cy Dow"):
        assert _sign_up(env, tid, name)[0] == 303
    seq = env.service.last_seq(tid)
    code, text = _sign_up(env, tid, "Di Fox")
    assert code == 429
    assert "Too many sign-ups from here or for this event" in text
    assert env.service.last_seq(tid) == seq


def test_check_in_by_the_link_after_the_desk_opens_and_withdraw(env: Env, tid: str) -> None:
    _, link = _sign_up(env, tid, "Ann Lee")
    page = env.client.get(link)
    assert "I'm here" not in page.text
    r = env.client.post(link, data={"do": "checkin", "csrf_token": _csrf(page.text)})
    assert r.status_code == 409
    assert "Check-in is not open yet for group 1." in r.text
    h = env.login("floor1", FLOOR_PW)
    r = env.client.post(f"/api/tournaments/{tid}/commands/open_check_in", json={}, headers=h)
    assert r.status_code == 200, r.text
    env.logout()
    page = env.client.get(link)
    assert "I'm here: check in" in page.text
    r = env.client.post(link, data={"do": "checkin", "csrf_token": _csrf(page.text)})
    assert "You are checked in: go to the desk to pay and take your seat." in r.text
    r = env.client.post(link, data={"do": "withdraw", "csrf_token": _csrf(r.text)})
    assert r.status_code == 200
    assert "You withdrew." in r.text
    assert env.client.get(link).status_code == 404


def test_staff_card_and_json_seat_in_one_tap(env: Env, tid: str) -> None:
    assert env.client.get(f"/t/{tid}/signups").status_code == 401
    assert env.client.get(f"/api/tournaments/{tid}/signups").status_code == 401
    h = env.login("floor1", FLOOR_PW)
    r = env.client.post(
        f"/api/tournaments/{tid}/signups",
        json={"name": "Ann Lee", "contact": "ann@example.org"},
        headers=h,
    )
    assert r.status_code == 201, r.text
    link = r.json()["link"]
    assert r.json()["signup"]["place"] == 1
    env.client.post(f"/api/tournaments/{tid}/commands/open_check_in", json={}, headers=h)
    env.client.post(f"/api/tournaments/{tid}/commands/check_in", json={"signup": "S1"}, headers=h)
    card = env.client.get(f"/t/{tid}/signups")
    assert card.status_code == 200
    assert 'id="seat-S1"' in card.text
    assert "ann@example.org" not in card.text
    r = env.client.post(
        f"/t/{tid}/signups",
        data={"do": "seat", "signup": "S1", "csrf_token": _csrf(card.text)},
        follow_redirects=False,
    )
    assert r.status_code == 303
    board = env.client.get(f"/api/tournaments/{tid}/signups").json()
    assert (board["seated"], board["lines"][0]["entry_id"]) == (1, "E1")
    env.logout()
    mine = env.client.get(link)
    assert "You are in: entry E1." in mine.text
    # the clock page's link says who this is (after "#": never sent to the server)
    assert f'href="/t/{tid}/player#name=' in mine.text
    assert "&amp;entry=E1&amp;player=P1" in mine.text


def test_the_card_shows_a_refusal_in_one_sentence(env: Env, tid: str) -> None:
    env.login("floor1", FLOOR_PW)
    card = env.client.get(f"/t/{tid}/signups")
    seq = env.service.last_seq(tid)
    r = env.client.post(
        f"/t/{tid}/signups",
        data={"do": "release", "csrf_token": _csrf(card.text)},
    )
    assert r.status_code == 422
    assert "Everyone holding a place has checked in: nobody to release." in r.text
    assert env.service.last_seq(tid) == seq


def test_C4_the_personal_link_shows_the_players_slip_and_says_im_here(env: Env, tid: str) -> None:
    """Issue 26 points 1 and 2: once seated, the sign-up's personal link is the player's
    own proof: a floor move (FOX-6, C4) shows on that page as a slip (where, why, the
    rule) with "I'm here", recorded as the player's claim through the link."""
    h = env.login("floor1", FLOOR_PW)
    link = env.client.post(
        f"/api/tournaments/{tid}/signups", json={"name": "Ann Lee"}, headers=h
    ).json()["link"]
    env.client.post(f"/api/tournaments/{tid}/commands/open_check_in", json={}, headers=h)
    env.client.post(f"/api/tournaments/{tid}/commands/check_in", json={"signup": "S1"}, headers=h)
    r = env.client.post(f"/api/tournaments/{tid}/signups/S1/seat", json={}, headers=h)
    assert r.status_code == 200, r.text
    r = env.client.post(f"/api/tournaments/{tid}/commands/draw_seats", json={}, headers=h)
    assert r.status_code == 200, r.text
    env.logout()
    assert "I'm here</button>" not in env.client.get(link).text  # no slip yet
    tables = env.service.read(tid, lambda st: seating_now(st).tables)
    (home,) = (n for n, t in tables.items() if "E1" in t.players)
    other = home  # one player: one open table; the floor moves her to an empty seat of it
    # The draw is random (its result is in the log): take the first seat she is not in.
    seat = next(i + 1 for i, p in enumerate(tables[home].players) if p is None)
    h = env.login("floor1", FLOOR_PW)
    body = {"player": "Ann Lee", "table": other, "seat": seat}
    r = env.client.post(f"/api/tournaments/{tid}/commands/move_player", json=body, headers=h)
    assert r.status_code == 200, r.text
    env.logout()
    page = env.client.get(link)
    assert f"Go to table {other} seat {seat}" in page.text
    assert "Rule TDA-6, TDA-8" in page.text
    assert 'id="mine-here-1"' in page.text
    assert "You change seats at your table (the floor moved you)." in page.text
    spanish = env.client.get(link + "?lang=es").text  # the reason in the page's language
    assert "<p>Cambia de asiento en su mesa (el floor le ha cambiado de sitio)." in spanish
    assert "<p>You change seats" not in spanish  # (the page's catalogue has the msgid)
    csrf = _csrf(page.text)
    r = env.client.post(
        link, data={"do": "here", "slip": "1", "csrf_token": csrf}, follow_redirects=False
    )
    assert r.status_code == 303, r.text
    (slip,) = env.service.slips(tid, "P1")
    assert (slip["acknowledged"], slip["via"]) == (True, "link")
    page = env.client.get(link)
    assert "You said you are there." in page.text
    r = env.client.post(link, data={"do": "here", "slip": "1", "csrf_token": csrf})
    assert r.status_code == 409  # already said: one sentence, nothing written
    assert len(env.service.slips(tid, "P1")) == 1
