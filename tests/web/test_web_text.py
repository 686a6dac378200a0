"""Text for people on the web (issue 12): refusals never quote CLI flags or commands.

A floorperson at a tablet cannot type ``--age-ok`` or ``pokertd reenter``; every common
refusal the browser shows must be a plain sentence. Also: an empty name is a clear 422
("Type the player's name."), and a name past the limit is refused with the limit, not stored
to stretch the pages.
"""

from __future__ import annotations

from typing import Any

from .conftest import Env

FLAGS_OR_COMMANDS = ("--", "pokertd ")


def _new_event(env: Env, csrf: dict[str, str], template: str = "fox_wed_80") -> str:
    r = env.client.post(
        "/api/tournaments", json={"name": "Wednesday", "template": template}, headers=csrf
    )
    assert r.status_code == 201, r.text
    return str(r.json()["tournament"])


def _run(env: Env, csrf: dict[str, str], tid: str, name: str, body: dict[str, Any]) -> Any:
    return env.client.post(f"/api/tournaments/{tid}/commands/{name}", json=body, headers=csrf)


def _plain(message: str) -> None:
    for bad in FLAGS_OR_COMMANDS:
        assert bad not in message, f"web refusal quotes {bad!r}: {message}"


def test_common_refusals_name_no_cli_flags(env: Env) -> None:
    csrf = env.login()
    tid = _new_event(env, csrf)
    refusals: dict[str, str] = {}

    # Foxwoods: the age check must be confirmed before a registration
    r = _run(env, csrf, tid, "register", {"name": "Ann Lee"})
    assert r.status_code in {409, 422}, r.text
    refusals["age"] = r.json()["message"]

    # a bust of a player nobody registered
    r = _run(env, csrf, tid, "bust", {"players": ["Nobody Atall"]})
    assert r.status_code in {404, 409, 422}, r.text
    refusals["unknown bust"] = r.json()["message"]

    # a name past the limit
    r = _run(env, csrf, tid, "register", {"name": "x" * 500, "age_ok": True, "member_ok": True})
    assert r.status_code == 422, r.text
    refusals["too long"] = r.json()["message"]
    assert "60" in refusals["too long"]

    # a re-entry where the player is still in (or re-entry is closed)
    r = _run(env, csrf, tid, "register", {"name": "Bo Ray", "age_ok": True, "member_ok": True})
    assert r.status_code == 200, r.text
    r = _run(env, csrf, tid, "reenter", {"player": "Bo Ray"})
    assert r.status_code in {409, 422}, r.text
    refusals["reentry"] = r.json()["message"]

    # a second registration of the same player
    r = _run(env, csrf, tid, "register", {"name": "Bo Ray", "age_ok": True, "member_ok": True})
    assert r.status_code in {409, 422}, r.text
    refusals["twice"] = r.json()["message"]

    assert all(refusals.values()), refusals
    for message in refusals.values():
        _plain(message)


def test_reentry_when_closed_names_no_command(env: Env) -> None:
    """A busted player whose event allows no re-entry: the refusal says so in words."""
    csrf = env.login()
    tid = _new_event(env, csrf, "fox_sng_65")
    for name in ("Ann Lee", "Bo Ray"):
        r = _run(env, csrf, tid, "register", {"name": name, "age_ok": True, "member_ok": True})
        assert r.status_code == 200, r.text
    r = _run(env, csrf, tid, "bust", {"players": ["Ann Lee"]})
    if r.status_code != 200:  # the clock may need to run first: the refusal is tested too
        _plain(r.json()["message"])
        return
    r = _run(env, csrf, tid, "reenter", {"player": "Ann Lee"})
    assert r.status_code in {409, 422}, r.text
    _plain(r.json()["message"])


def test_empty_name_is_a_clear_refusal(env: Env) -> None:
    csrf = env.login()
    tid = _new_event(env, csrf)
    for blank in ("", "   "):
        r = _run(env, csrf, tid, "register", {"name": blank, "age_ok": True, "member_ok": True})
        assert r.status_code == 422, r.text
        assert r.json()["message"] == "Type the player's name.", r.json()


def test_error_page_html_quotes_no_flags(env: Env) -> None:
    """The HTML refusal page (a form post from the browser) carries the same plain sentence."""
    csrf = env.login()
    tid = _new_event(env, csrf)
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/register",
        json={"name": "Cy Dunn"},
        headers={**csrf, "Accept": "text/html"},
    )
    assert r.status_code in {409, 422}
    _plain(r.text.replace("<!doctype", ""))
