"""Languages on the web (issue 27, point 1; docs/languages.md): which language a page
speaks (override, browser, venue), the ``<html lang>``, refusals in the reader's language."""

from __future__ import annotations

import json
import re

from pokertd import i18n
from pokertd.errors import InvalidCommand
from pokertd.web.i18n import refusal

from .conftest import FLOOR_PW, Env


def _lang(html: str) -> str:
    m = re.search(r'<html lang="([^"]+)"', html)
    assert m, html[:200]
    return m.group(1)


def test_player_phone_follows_accept_language_de(env: Env, tid: str) -> None:
    r = env.client.get(f"/t/{tid}/player", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert r.status_code == 200
    assert _lang(r.text) == "de"
    assert "Meinen Platz finden" in r.text  # "Find my seat"
    assert ">Find my seat<" not in r.text  # the msgid stays only inside t(...)


def test_cookie_override_wins_over_the_browser(env: Env, tid: str) -> None:
    r = env.client.get("/language/es?next=/t/" + tid + "/player", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"].endswith(f"/t/{tid}/player")
    r = env.client.get(f"/t/{tid}/player", headers={"Accept-Language": "de"})
    assert _lang(r.text) == "es"
    assert "Buscar mi asiento" in r.text
    env.client.get("/language/auto", follow_redirects=False)  # forget: the browser again
    env.client.cookies.delete("pokertd_lang")
    r = env.client.get(f"/t/{tid}/player", headers={"Accept-Language": "de"})
    assert _lang(r.text) == "de"


def test_tv_speaks_the_venue_language_not_the_browser(env: Env, tid: str) -> None:
    r = env.client.get(f"/t/{tid}/tv", headers={"Accept-Language": "de"})
    assert _lang(r.text) == "en"
    assert "NEXT LEVEL" in r.text
    h = env.login()
    r = env.client.post(
        "/language",
        data={"language": "es", "csrf_token": h["X-CSRF-Token"]},
        follow_redirects=False,
    )
    assert r.status_code == 303
    env.logout()
    r = env.client.get(f"/t/{tid}/tv", headers={"Accept-Language": "de"})
    assert _lang(r.text) == "es"
    assert "NIVEL SIGUIENTE" in r.text
    r = env.client.get(f"/t/{tid}/tv?lang=de")  # one screen's own choice
    assert _lang(r.text) == "de"
    assert "NÄCHSTES LEVEL" in r.text


def test_only_a_director_sets_the_venue_language(env: Env) -> None:
    h = env.login("floor1", "floor-pass-1")
    r = env.client.post("/language", data={"language": "de", "csrf_token": h["X-CSRF-Token"]})
    assert r.status_code == 403
    assert env.users.setting("language") is None


def test_the_page_carries_its_catalogue_for_the_scripts(env: Env, tid: str) -> None:
    r = env.client.get(f"/t/{tid}/player?lang=de")
    m = re.search(
        r'<script id="i18n-catalogue" type="application/json">(.*?)</script>', r.text, re.S
    )
    assert m
    data = json.loads(m.group(1))
    assert data["lang"] == "de"
    assert data["messages"]["Not seated yet"] == "Noch nicht gesetzt"
    assert data["messages"]["%(n)s place paid"] == {
        "one": "%(n)s bezahlter Platz",
        "other": "%(n)s bezahlte Plätze",
    }


def test_a_marked_refusal_is_translated_and_keeps_its_rule_ids() -> None:
    exc = InvalidCommand(
        template=i18n.N_("Choose one of the languages: %(choices)s."),
        params={"choices": "en, es, de"},
        rule_ids=("TDA-1",),
    )
    assert str(exc) == "Choose one of the languages: en, es, de. (TDA-1)"
    assert refusal(exc, "de") == "Wähle eine der Sprachen: en, es, de. (TDA-1)"
    assert refusal(exc, "en") == str(exc)


def test_B1_api_refusal_in_the_pages_language(env: Env, tid: str) -> None:
    """The console's script sends its page's language; the refusal comes back in it."""
    h = env.login()
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/start_clock",
        json={},
        headers=h | {"X-Pokertd-Lang": "de"},
    )
    assert r.status_code == 409
    body = r.json()
    assert body["message"].startswith("Die Uhr ist schon gestartet.")
    assert body["rule_ids"]  # the venue's rule IDs, as written
    assert body["message"].endswith("(" + ", ".join(body["rule_ids"]) + ")")
    r = env.client.post(f"/api/tournaments/{tid}/commands/start_clock", json={}, headers=h)
    assert r.json()["message"].startswith("The clock is already started.")


def test_the_phone_chart_speaks_the_phone_language(env: Env, tid: str) -> None:
    r = env.client.get(f"/t/{tid}/chart/bb.svg", headers={"Accept-Language": "es"})
    assert r.status_code == 200
    assert "Stack promedio en ciegas grandes" in r.text
    r = env.client.get(f"/t/{tid}/chart/bb.svg?lang=de")
    assert "Durchschnittsstack in Big Blinds" in r.text
    assert "Average stack in big blinds" in env.client.get(f"/t/{tid}/chart/bb.svg").text


def test_a_staff_members_language_follows_them_to_every_device(env: Env, tid: str) -> None:
    """floor1 picks German once; on another device (its cookie says Spanish, the venue
    says Spanish) their console is German while signed in, Spanish again once signed out."""
    env.login("floor1", "floor-pass-1")
    env.client.get("/language/de", follow_redirects=False)
    assert env.users.language("floor1") == "de"
    env.logout()
    env.client.cookies.clear()
    h = env.login()
    env.client.post("/language", data={"language": "es", "csrf_token": h["X-CSRF-Token"]})
    env.logout()
    env.client.cookies.set("pokertd_lang", "es")  # the other device's own choice
    env.login("floor1", "floor-pass-1")
    r = env.client.get(f"/t/{tid}/floor")
    assert r.status_code == 200
    assert _lang(r.text) == "de"
    env.logout()
    assert _lang(env.client.get(f"/t/{tid}/tv").text) == "es"
    # the director has no language of their own: the device's cookie, then the venue's
    env.login()
    assert env.users.language("director") is None
    assert _lang(env.client.get(f"/t/{tid}/floor").text) == "es"


def test_auto_forgets_the_staff_members_language(env: Env) -> None:
    env.login("floor1", "floor-pass-1")
    env.client.get("/language/es", follow_redirects=False)
    assert env.users.language("floor1") == "es"
    env.client.get("/language/xx", follow_redirects=False)  # the test locale is never kept
    assert env.users.language("floor1") == "es"
    env.client.get("/language/auto", follow_redirects=False)
    assert env.users.language("floor1") is None


def test_staff_pages_of_the_night_speak_german(env: Env, tid: str) -> None:
    """Set-up, sign-ups, print sheets and the results mail page (issue 27 leftovers): every
    one renders in German with ``?lang=de``, with no English label left behind."""
    env.login()
    pages = {
        "/new?lang=de": ("Neues Turnier", "Startstack", "Turnier anlegen"),
        f"/t/{tid}/signups?lang=de": ("Anmeldungen", "Einstellungen speichern", "Check-in öffnen"),
        f"/t/{tid}/print/seats?lang=de": ("Platzkarten", "Drucken"),
        f"/t/{tid}/print/payouts?lang=de": ("Auszahlungsliste", "Platz"),
        f"/t/{tid}/print/results?lang=de": ("Ergebnisse", "Noch keine Ergebnisse."),
        f"/t/{tid}/print/moves?lang=de": ("Umsetzzettel",),
        f"/t/{tid}/print/bags?lang=de": ("Beutelliste", "Noch kein Tag eingetütet"),
        f"/t/{tid}/mail?lang=de": ("Ergebnis-Mail", "Jeder Spieler bekommt nur seine eigene Mail."),
    }
    english = (">New event<", ">Save settings<", ">Print<", ">No results yet.<", ">Results mail<")
    for path, words in pages.items():
        r = env.client.get(path)
        assert r.status_code == 200, path
        assert _lang(r.text) == "de", path
        for word in words:
            assert word in r.text, (path, word)
        for text in english:
            assert text not in r.text, (path, text)
        for other in ("es", "xx"):  # Spanish and the pseudo-locale render too
            assert env.client.get(path.replace("lang=de", f"lang={other}")).status_code == 200


def test_web_refusals_answer_in_the_pages_language(env: Env) -> None:
    """The web layer's own refusals (an unknown rule profile, a wrong sign-in) come back in
    the language the page sends; without the header, in English as before."""
    h = env.login("floor1", FLOOR_PW)
    body = {"to_call": 600, "bet": 600, "pot": 900, "stack": 10_000, "big_blind": 200}
    r = env.client.post(
        "/api/rulings", json=body | {"profile": "nope"}, headers=h | {"X-Pokertd-Lang": "de"}
    )
    assert r.status_code == 404
    assert r.json()["message"].startswith("Es gibt kein Profil 'nope'; bekannt: ")
    r = env.client.post("/api/rulings", json=body | {"profile": "nope"}, headers=h)
    assert r.json()["message"].startswith("There is no profile 'nope'; known: ")
    r = env.client.post(
        "/api/login",
        json={"name": "floor1", "password": "not it"},
        headers={"X-Pokertd-Lang": "es"},
    )
    assert r.status_code == 403, r.text
    assert r.json()["message"] == "Usuario o contraseña incorrectos."
