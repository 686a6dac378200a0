"""Event set-up in the browser's API: whole event definitions, saved templates, projection.

A director creates an event from scratch (custom structure, buy-in split, tables, guarantee)
through ``POST /api/tournaments``; every problem of a bad definition comes back at once (422,
``context.problems``) and nothing is created; a saved template is listed and reusable; the
floor cannot create or save.
"""

from __future__ import annotations

from typing import Any

from pokertd.tournament.clock import StartClock
from pokertd.tournament.entries.state import Setup
from pokertd.tournament.prizes.state import PrizeBook
from pokertd.tournament.structures import load_structure

from .conftest import FLOOR_PW, Env

LEVELS = [
    (100, 200, 0),
    (150, 300, 0),
    (200, 400, 0),
    (300, 600, 75),
    (400, 800, 100),
    (500, 1000, 100),
]


def definition(**changes: Any) -> dict[str, Any]:
    """A from-scratch event: 6 levels of 15 minutes and a 10-minute break after level 3."""
    event: dict[str, Any] = {
        "title": "Friday Bounty",
        "game": "NLH",
        "profile": "tda",
        "buy_in": {"prize_pool": 8000, "house_fee": 1250, "entry_fee": 750, "bounty": 2000},
        "starting_stack": 25000,
        "structure": {
            "levels": [
                {
                    "small_blind": sb,
                    "big_blind": bb,
                    "ante": ante,
                    "ante_type": "big_blind_ante" if ante else "none",
                    "minutes": 15,
                }
                for sb, bb, ante in LEVELS
            ],
            "breaks": [{"after_level": 3, "minutes": 10, "remove": []}],
        },
        "tables": 5,
        "seats_per_table": 9,
        "late_reg_close_after_level": 4,
        "reentry": True,
        "guarantee": 500000,
        "bounty_kind": "progressive",
    }
    event.update(changes)
    return event


def test_create_from_scratch_with_a_custom_structure(env: Env) -> None:
    h = env.login()
    r = env.client.post(
        "/api/tournaments", json={"name": "Friday $120", "event": definition()}, headers=h
    )
    assert r.status_code == 201, r.text
    tid = r.json()["tournament"]
    tmpl = env.service.state(tid).part(Setup).tmpl
    assert (tmpl.fees.prize_pool, tmpl.fees.house_fee, tmpl.fees.entry_fee) == (8000, 1250, 750)
    assert tmpl.fees.bounty == 2000
    assert tmpl.fees.total == 12000
    assert (tmpl.tables, tmpl.seats_per_table, tmpl.guarantee) == (5, 9, 500000)
    assert tmpl.starting_stack == 25000
    assert tmpl.late_reg_close_after_level == 4
    assert env.service.state(tid).part(PrizeBook).progressive_bounties is True
    # the clock runs on the event's own levels (stored in the event, not a preset)
    env.service.run(tid, StartClock())
    structure = env.service.state(tid).part(Setup).tmpl.structure_value()
    assert [(lv.small_blind, lv.big_blind, lv.ante) for lv in structure.levels] == LEVELS
    assert [(b.after_level, b.minutes) for b in structure.breaks] == [(3, 10)]
    view = env.client.get(f"/api/tournaments/{tid}").json()
    assert view["name"] == "Friday $120"
    assert env.client.get(f"/t/{tid}/floor").status_code == 200


def test_invalid_structure_refused_with_every_problem_and_nothing_created(env: Env) -> None:
    h = env.login()
    bad = definition(seats_per_table=9)
    levels = bad["structure"]["levels"]
    levels[2] = {"small_blind": 50, "big_blind": 100, "minutes": 15}  # blinds go down
    levels[4] = {"small_blind": 900, "big_blind": 800, "minutes": 15}  # sb above bb
    bad["structure"]["breaks"] = [{"after_level": 9, "minutes": 10}]  # no level 9
    before = len(env.service.tournaments())
    r = env.client.post("/api/tournaments", json={"name": "Bad", "event": bad}, headers=h)
    assert r.status_code == 422
    problems = r.json()["context"]["problems"]
    assert any("level 3" in p and "never decrease" in p for p in problems), problems
    assert any("level 5: small blind 900 is above the big blind 800" in p for p in problems)
    assert any("after level 9, which does not exist" in p for p in problems)
    assert len(env.service.tournaments()) == before
    # template rules too: tnpl caps late entry etc.; a rebuy without chips is a limit (422)
    r = env.client.post(
        "/api/tournaments",
        json={"name": "Bad", "event": definition(seats_per_table=12)},
        headers=h,
    )
    assert r.status_code == 422
    assert "seats_per_table" in r.json()["message"]
    assert len(env.service.tournaments()) == before


def test_saved_template_is_listed_and_reusable(env: Env) -> None:
    h = env.login()
    r = env.client.post(
        "/api/templates", json={"name": "friday_bounty", "event": definition()}, headers=h
    )
    assert r.status_code == 201, r.text
    listed = {t["name"]: t for t in env.client.get("/api/templates").json()}
    assert listed["friday_bounty"]["saved"] is True
    assert listed["friday_bounty"]["buy_in"] == "$120 ($80 + $12.50 + $7.50 + $20)"
    assert listed["fox_wed_80"]["saved"] is False
    back = env.client.get("/api/templates/friday_bounty").json()["event"]
    assert back["buy_in"]["house_fee"] == 1250
    assert back["guarantee"] == 500000
    assert [lv["big_blind"] for lv in back["structure"]["levels"]] == [b for _, b, _ in LEVELS]
    r = env.client.post(
        "/api/tournaments", json={"name": "Next Friday", "template": "friday_bounty"}, headers=h
    )
    assert r.status_code == 201, r.text
    tmpl = env.service.state(r.json()["tournament"]).part(Setup).tmpl
    assert (tmpl.tables, tmpl.seats_per_table, tmpl.fees.total) == (5, 9, 12000)
    assert len(tmpl.structure_value().levels) == 6
    # a shipped name cannot be overwritten; an invalid definition is not saved
    r = env.client.post(
        "/api/templates", json={"name": "fox_wed_80", "event": definition()}, headers=h
    )
    assert r.status_code == 422
    bad = definition(reentry_max=3, profile="nj_fundraiser")
    r = env.client.post("/api/templates", json={"name": "nj_bad", "event": bad}, headers=h)
    assert r.status_code == 422
    assert any("re-entry" in p for p in r.json()["context"]["problems"])
    names = [t["name"] for t in env.client.get("/api/templates").json()]
    assert "nj_bad" not in names


def test_floor_cannot_create_or_save(env: Env) -> None:
    h = env.login("floor1", FLOOR_PW)
    r = env.client.post("/api/tournaments", json={"name": "X", "event": definition()}, headers=h)
    assert r.status_code == 403
    r = env.client.post("/api/templates", json={"name": "x_x", "event": definition()}, headers=h)
    assert r.status_code == 403
    assert env.service.tournaments() == []
    assert env.client.get("/new", follow_redirects=False).status_code == 303


def test_projection_answers_duration_and_problems(env: Env) -> None:
    body = {"structure": definition()["structure"], "starting_stack": 25000, "entries": 45}
    r = env.client.post("/api/structures/project", json=body)
    assert r.status_code == 200
    out = r.json()
    assert out["problems"] == []
    assert out["levels"] == 6
    assert out["minutes"] == 6 * 15 + 10
    body["structure"]["levels"][1]["big_blind"] = 150  # 150/150 then 200/400: fine; 100 bad
    body["structure"]["levels"][1]["small_blind"] = 200
    out = env.client.post("/api/structures/project", json=body).json()
    assert any("small blind 200 is above the big blind 150" in p for p in out["problems"])


def test_limits_are_published_in_openapi(env: Env) -> None:
    schema = env.client.get("/openapi.json").json()["components"]["schemas"]
    event = schema["EventDefinition"]["properties"]
    assert event["title"]["maxLength"] == 120
    assert event["seats_per_table"]["maximum"] == 11
    assert schema["LevelRow"]["properties"]["minutes"]["maximum"] == 600


def test_new_page_for_the_director(env: Env) -> None:
    env.login()
    page = env.client.get("/new")
    assert page.status_code == 200
    assert 'id="setup-levels"' in page.text
    assert "fox_wed_80" in page.text


def _levels(*big_blinds: int) -> dict[str, object]:
    """A structure of 20-minute levels with these big blinds (small blind half)."""
    return {
        "preset": None,
        "levels": [
            {"small_blind": bb // 2, "big_blind": bb, "ante": 0, "ante_type": "none", "minutes": 20}
            for bb in big_blinds
        ],
        "breaks": [],
    }


def test_B1_a_six_level_event_never_promises_an_end_past_its_sheet(env: Env) -> None:
    """Issue 23: /new's blank event (6 levels, 100/200 to 600/1,200; 5 tables of 9 = 45
    entries of 20,000 = 900,000 chips) promised "usual end around level 22". The usual end
    is the first level with all chips at 20 big blinds or fewer: a big blind of 45,000 or
    more. Past the sheet the clock adds levels (docs/clock.md): the big blind grows by the
    sheet's rate over its last four levels ((1,200 / 600) ** (1/3) ≈ 1.26), rounded to a
    readable amount: 1,500, 2,000, 2,500, 3,000, 4,000, 5,000, 6,000, 8,000, 10,000, 12,000,
    15,000, 20,000, 25,000, 30,000, 40,000, 50,000 — level 22, 16 levels past the sheet.
    The page says the structure ends at level 6 and what the clock does then."""
    body = {"structure": _levels(200, 400, 600, 800, 1000, 1200), "starting_stack": 20000}
    out = env.client.post("/api/structures/project", json={**body, "entries": 45}).json()
    assert out["problems"] == []
    assert out["levels"] == 6
    assert out["estimated_end_level"] is None  # no end inside a 6-level sheet
    assert out["end_note"] == (
        "the structure ends at level 6, before the usual end (all chips in play at 20 big "
        "blinds or fewer): the clock then adds levels at the sheet's pace, about 16 more — "
        "add levels to choose them"
    )
    assert "22" not in out["end_note"]
    # 18 entries of 20,000 = 360,000 chips: 20 big blinds or fewer from a big blind of
    # 18,000, the sheet's level 5 — within the sheet, said as before.
    body["structure"] = _levels(200, 400, 1000, 5000, 18000, 40000)
    out = env.client.post("/api/structures/project", json={**body, "entries": 18}).json()
    assert out["estimated_end_level"] == 5
    assert out["end_note"] == "usual end around level 5"


def test_the_director_chooses_the_events_currency_and_locale(env: Env) -> None:
    """Issue 27 point 2: euros written the German way for one event, in a dollar venue with
    no locale; the amounts of the definition are minor units of the chosen currency."""
    h = env.login()
    r = env.client.post(
        "/api/tournaments",
        json={"name": "Freitag", "event": definition(), "currency": "eur", "locale": "de-DE"},
        headers=h,
    )
    assert r.status_code == 201, r.text
    tid = r.json()["tournament"]
    setup = env.service.state(tid).part(Setup)
    assert (setup.currency, setup.locale) == ("EUR", "de_DE")
    assert env.service.venue_currency == "USD"  # the venue's stays
    status = env.client.get(f"/api/tournaments/{tid}").json()["status"]
    assert status["currency"] == "EUR"
    # the event's pages carry its currency and locale for money.js; print sheets too
    page = env.client.get(f"/t/{tid}/tv").text
    assert 'data-currency="EUR"' in page
    assert 'data-locale="de-DE"' in page
    sheet = env.client.get(f"/t/{tid}/print/payouts").text
    assert "Prize pool 5.000,00\xa0€" in sheet  # the guarantee, written the German way
    # another event of the same venue keeps the venue's dollars and neutral form
    r = env.client.post(
        "/api/tournaments", json={"name": "Other", "event": definition()}, headers=h
    )
    other = env.service.state(r.json()["tournament"]).part(Setup)
    assert (other.currency, other.locale) == ("USD", "")


def test_yen_event_reads_its_amounts_as_whole_yen(env: Env) -> None:
    h = env.login()
    event = definition(
        buy_in={"prize_pool": 8000, "house_fee": 1000, "entry_fee": 1000, "bounty": 0},
        guarantee=0,
        bounty_kind="fixed",
    )
    r = env.client.post(
        "/api/tournaments",
        json={"name": "Tokyo", "event": event, "currency": "JPY", "locale": "ja_JP"},
        headers=h,
    )
    assert r.status_code == 201, r.text
    tid = r.json()["tournament"]
    assert env.service.state(tid).part(Setup).tmpl.fees.total == 10000  # ¥10,000, not ¥100
    assert 'data-digits="0"' in env.client.get(f"/t/{tid}/tv").text


def test_a_currency_or_locale_off_the_list_is_refused_and_nothing_is_created(env: Env) -> None:
    h = env.login()
    before = len(env.service.tournaments())
    for extra, words in (
        ({"currency": "XYZ"}, "'XYZ' is not a currency an event can be run in: choose USD, EUR"),
        ({"currency": "BHD"}, "'BHD' is not a currency an event can be run in"),
        ({"locale": "tlh_KL"}, "'tlh_KL' is not a locale an event can be written in: choose"),
    ):
        body = {"name": "Bad", "event": definition(), **extra}
        r = env.client.post("/api/tournaments", json=body, headers=h)
        assert r.status_code in (400, 422), r.text
        assert words in r.json()["message"]
        # a shipped template is refused the same way
        r = env.client.post(
            "/api/tournaments", json={"name": "Bad", "template": "fox_wed_80", **extra}, headers=h
        )
        assert r.status_code in (400, 422), r.text
        assert words in r.json()["message"]
    assert len(env.service.tournaments()) == before
    # the refusal reads in the director's language
    r = env.client.post(
        "/api/tournaments",
        json={"name": "Bad", "event": definition(), "currency": "XYZ"},
        headers={**h, "X-Pokertd-Lang": "de"},
    )
    assert "ist keine Währung, in der ein Turnier laufen kann" in r.json()["message"]


def test_new_page_offers_the_currencies_and_locales(env: Env) -> None:
    env.login()
    page = env.client.get("/new?lang=de").text
    assert 'id="setup-currency"' in page
    assert '<option value="EUR">EUR — Euro</option>' in page
    assert '<option value="JPY">JPY — Japanischer Yen</option>' in page
    assert '<option value="de_DE">Deutsch (Deutschland) — 1.234,56\xa0$</option>' in page
    assert '<option value="USD" selected>' in page  # the venue's currency first chosen


def test_a_template_refused_in_german_lists_its_problems_in_german(env: Env) -> None:
    h = env.login()
    no_bounty = {"prize_pool": 10000, "house_fee": 1250, "entry_fee": 750, "bounty": 0}
    bad = definition(reentry_max=3, profile="nj_fundraiser", buy_in=no_bounty)
    r = env.client.post("/api/templates", json={"name": "nj_bad", "event": bad}, headers=h)
    english = r.json()
    r = env.client.post(
        "/api/templates",
        json={"name": "nj_bad", "event": bad},
        headers=h | {"X-Pokertd-Lang": "de"},
    )
    assert r.status_code == 422, r.text
    assert r.json()["context"]["problems"] == english["context"]["problems"]
    assert (
        english["message"]
        == "The template was not saved: " + "; ".join(english["context"]["problems"]) + "."
    )
    assert r.json()["message"] == (
        "Die Vorlage wurde nicht gespeichert: ein progressiver Knockout braucht einen "
        "Bounty-Anteil im Buy-in (I1); New Jersey fundraiser (Legalized Games of Chance) "
        "erlaubt keinen Re-Entry (NJ-8)."
    )


def test_an_unknown_profile_is_refused_in_spanish(env: Env) -> None:
    h = env.login() | {"X-Pokertd-Lang": "es"}
    bad = definition(profile="no_such")
    r = env.client.post("/api/templates", json={"name": "mal", "event": bad}, headers=h)
    assert r.status_code == 422, r.text
    assert r.json()["context"]["problems"][0].startswith("there is no rule profile 'no_such'; ")
    assert r.json()["message"].startswith(
        "La plantilla no se guardó: no hay ningún perfil de reglas 'no_such'; elija entre "
    )


def test_the_structure_editor_keeps_a_mixed_events_games(env: Env) -> None:
    """Issue 28: the HORSE template read by the editor and sent back keeps every level's
    game and bring-in (razz at level 3: ante 25, bring-in 50); an edited level keeps them
    too, and a stud level without a bring-in is refused by the structure's own check."""
    h = env.login()
    event = env.client.get("/api/templates/horse").json()["event"]
    levels = event["structure"]["levels"]
    assert [lv.get("game") for lv in levels[:6]] == ["flhe", "o8", "razz", "stud", "stud8", "flhe"]
    assert (levels[2]["ante"], levels[2]["bring_in"]) == (25, 50)
    assert "bring_in" not in levels[0]
    # sent back unchanged: the same games, limits, antes and bring-ins as the preset
    r = env.client.post("/api/tournaments", json={"name": "HORSE", "event": event}, headers=h)
    assert r.status_code == 201, r.text
    same = env.service.state(r.json()["tournament"]).part(Setup).tmpl.structure_value()
    assert same.levels == load_structure("horse").levels
    # edited (level 1 lasts 30 minutes): the event's own levels, games and rotation kept
    levels[0]["minutes"] = 30
    r = env.client.post("/api/tournaments", json={"name": "HORSE 2", "event": event}, headers=h)
    assert r.status_code == 201, r.text
    structure = env.service.state(r.json()["tournament"]).part(Setup).tmpl.structure_value()
    assert structure.levels[0].minutes == 30
    assert structure.level(3).blinds == "Razz 200/400, ante 25, bring-in 50"
    assert structure.rotation is not None
    assert structure.level(21).game == "flhe"  # the rotation goes on past the sheet
    # a razz level without its bring-in
    del levels[2]["bring_in"]
    out = env.client.post(
        "/api/structures/project",
        json={"structure": event["structure"], "starting_stack": 15000, "entries": 40},
    ).json()
    assert any("level 3 deals Razz: a stud level needs a bring-in" in p for p in out["problems"])
