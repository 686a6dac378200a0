"""Each venue's own choices have a control in the floor console (issue 22, part 6).

The console reads what a venue leaves to the floor from the staff view's ``choices`` (made
from the event's profile and template in ``app/screens.py``), never from the venue's name:
New Jersey's prize schedule posted before play (H2: NJ-44d) and its timed finish (G2:
NJ-6b), TNPL's race-or-round-up colour-up (B12: TNPL-D2i), Spotlight's same-hand ranking by
the better hand and the most blue chips (G3: SPOT-6.14). Each control posts the core's own
command (the browser tests in ``test_browser_venue_choices.py`` press them); these tests post
the same bodies and check the refusals and the answers.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pokertd.i18n import catalog
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.templates import load_template

from .conftest import FLOOR_PW, Env

WEB = Path(__file__).resolve().parents[2] / "src" / "pokertd" / "web"
NAMES = [f"Player {chr(65 + i)}" for i in range(12)]


def _post(env: Env, tid: str, name: str, body: dict[str, Any], h: dict[str, str]) -> Any:
    return env.client.post(f"/api/tournaments/{tid}/commands/{name}", json=body, headers=h)


def _event(env: Env, template: str, players: int = 8) -> str:
    svc = env.service
    tid = svc.create(CreateTournament(name=f"{template} night", template=load_template(template)))
    for n in NAMES[:players]:
        svc.run(tid, Register(name=n, member="1234", age_ok=True, member_ok=True), actor="floor")
    return tid


def _staff(env: Env, tid: str) -> dict[str, Any]:
    r = env.client.get(f"/api/tournaments/{tid}/staff")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


# --------------------------------------------------------------------------------------
# New Jersey: the prize schedule is posted before play (H2: NJ-44d)


@pytest.mark.parametrize(
    ("template", "required"),
    [
        ("nj_fundraiser", True),
        ("nj_fundraiser_timed", True),
        ("kpc_nlh", False),
        ("tnpl_league", False),
        ("spot_league", False),
        ("fox_wed_80", False),
    ],
)
def test_H2_the_schedule_prompt_follows_the_profile(
    env: Env, template: str, required: bool
) -> None:
    tid = _event(env, template)
    env.login()
    schedule = _staff(env, tid)["choices"]["schedule"]
    assert (schedule["required"], schedule["posted"]) == (required, False)


def test_H2_NJ_44d_the_console_posts_the_schedule_then_the_clock_starts(env: Env) -> None:
    """Start is refused until the schedule is posted; "Post the prize schedule" (director)
    sends ``post_payout_schedule`` with no fields; then the same Start starts the clock."""
    tid = _event(env, "nj_fundraiser", players=12)
    h = env.login()
    page = env.client.get(f"/t/{tid}/floor").text
    assert 'id="schedule-prompt"' in page
    assert "Post the prize schedule" in page
    assert 'id="schedule-post"' in page  # the Money tab's button too
    view = _staff(env, tid)
    assert view["choices"]["schedule"]["rule"] == "NJ-44d"
    amounts = [p["amount"] for p in view["payouts"]]  # what posting shows, from the core
    assert amounts
    assert sum(amounts) == view["status"]["prize_pool_cents"]
    refused = _post(env, tid, "start_clock", {}, h)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "The prize schedule must be posted before play starts. (NJ-44d)"
    )
    floor = env.login("floor1", FLOOR_PW)
    assert _post(env, tid, "post_payout_schedule", {}, floor).status_code == 403
    h = env.login()
    posted = _post(env, tid, "post_payout_schedule", {}, h)
    assert posted.status_code == 200, posted.text
    assert posted.json()["events"][0]["type"] == "payout_schedule_posted"
    schedule = _staff(env, tid)["choices"]["schedule"]
    assert (schedule["posted"], schedule["late"]) == (True, False)
    started = _post(env, tid, "start_clock", {}, h)
    assert started.status_code == 200, started.text


# --------------------------------------------------------------------------------------
# TNPL: the TD chooses a chip race or rounding up at each colour-up (B12: TNPL-D2i)


@pytest.mark.parametrize(
    ("template", "method", "choice"),
    [
        ("tnpl_league", "race_or_round_up", True),
        ("spot_league", "round_up", False),
        ("kpc_nlh", "race", False),
        ("fox_wed_80", "race", False),
        ("nj_fundraiser", "race", False),
    ],
)
def test_B12_the_colour_up_method_choice_follows_the_profile(
    env: Env, template: str, method: str, choice: bool
) -> None:
    tid = _event(env, template)
    env.login()
    choices = _staff(env, tid)["choices"]
    assert (choices["colorup_method"], choices["colorup_choice"]) == (method, choice)


def test_B12_TNPL_D2i_the_colour_up_form_sends_the_TDs_choice(env: Env) -> None:
    """Without a method TNPL's colour-up is refused with the rule; "Round up" in the form
    adds ``method: round_up`` and every odd 25 becomes a 100 (B12)."""
    tid = _event(env, "tnpl_league")
    env.login()
    page = env.client.get(f"/t/{tid}/floor").text
    assert 'id="colorup-method"' in page
    assert '<option value="round_up">Round up</option>' in page
    h = env.login("floor1", FLOOR_PW)
    assert _post(env, tid, "draw_seats", {}, h).status_code == 200
    counts = [[n, 10000 + 25 * (i % 3)] for i, n in enumerate(NAMES[:8])]
    assert _post(env, tid, "record_chips", {"counts": counts}, h).status_code == 200
    body: dict[str, Any] = {"table": "1", "stacks": [], "removed": [25]}
    refused = _post(env, tid, "color_up", body, h)
    assert refused.status_code == 422
    assert refused.json()["message"] == (
        "Choose a chip race or rounding up for this colour-up: under these rules the "
        "tournament director decides each time. (TNPL-D2i)"
    )
    done = _post(env, tid, "color_up", {**body, "method": "round_up"}, h)
    assert done.status_code == 200, done.text
    result = done.json()["events"][-1]["data"]["result"]
    assert result["method"] == "round_up"
    assert result["cards_dealt"] == []
    # 8 stacks of 10,000 / 10,025 / 10,050: every odd 25 or 50 rounds up to 100
    assert (result["chips_before"], result["chips_after"]) == (80175, 80500)


# --------------------------------------------------------------------------------------
# Several players out in one hand (G3), Spotlight's hand and blue chips (SPOT-6.14)


@pytest.mark.parametrize(
    ("template", "by_hand", "rule"),
    [
        ("spot_league", True, "SPOT-6.14"),
        ("tnpl_league", False, "TNPL-D9"),
        ("kpc_nlh", False, "G3"),
        ("fox_wed_80", False, "G3"),
    ],
)
def test_G3_the_bust_form_asks_hand_and_blue_chips_only_where_the_profile_ranks_by_them(
    env: Env, template: str, by_hand: bool, rule: str
) -> None:
    tid = _event(env, template)
    env.login()
    choices = _staff(env, tid)["choices"]
    assert (choices["bust_by_hand"], choices["bust_rule"]) == (by_hand, rule)


def test_G3_SPOT_6_14_equal_stacks_ranked_by_hand_then_blue_chips_as_entered(env: Env) -> None:
    """Three out in one hand with 5,000 each at its start: the better hand first (rank 1),
    the two with the same hand by the most blue chips — as the bust form sends them."""
    tid = _event(env, "spot_league", players=8)
    h = env.login()
    page = env.client.get(f"/t/{tid}/floor").text
    assert 'id="same-hand"' in page
    assert "Several players out in this hand" in page
    assert _post(env, tid, "draw_seats", {}, h).status_code == 200
    a, b, c = NAMES[:3]
    body = {
        "players": [a, b, c],
        "start_stacks": [5000, 5000, 5000],
        "hand_ranks": [2, 1, 2],
        "blue_chips": [3, 0, 7],
    }
    r = _post(env, tid, "bust", body, h)
    assert r.status_code == 200, r.text
    rows = {row["name"]: row for row in _staff(env, tid)["results"]["rows"]}
    # 8 entries: the three out first take places 6 to 8
    assert (rows[b]["place"], rows[c]["place"], rows[a]["place"]) == (6, 7, 8)
    assert all(not rows[n]["tied_with"] for n in (a, b, c))


def test_G3_elsewhere_equal_start_stacks_share_and_hand_ranks_change_nothing(env: Env) -> None:
    """Kojack ranks same-hand busts by start stack only: 9,000 above two equal 4,000s, who
    share 7th-8th whatever hand ranks a form might send (TNPL-D9, G3 IMPL)."""
    tid = _event(env, "kpc_nlh", players=8)
    h = env.login()
    assert _post(env, tid, "draw_seats", {}, h).status_code == 200
    a, b, c = NAMES[:3]
    body = {"players": [a, b, c], "start_stacks": [4000, 9000, 4000], "hand_ranks": [1, 2, 3]}
    assert _post(env, tid, "bust", body, h).status_code == 200
    rows = {row["name"]: row for row in _staff(env, tid)["results"]["rows"]}
    assert rows[b]["place"] == 6
    assert (rows[a]["places"], rows[c]["places"]) == ([7, 8], [7, 8])


def test_G3_a_half_filled_column_is_refused_by_the_core(env: Env) -> None:
    tid = _event(env, "spot_league", players=6)
    h = env.login()
    body = {"players": NAMES[:2], "start_stacks": [5000]}
    r = _post(env, tid, "bust", body, h)
    assert r.status_code == 422
    assert r.json()["message"] == "Give one start-of-hand stack per busted player (2), not 1."


# --------------------------------------------------------------------------------------
# New Jersey's timed finish (G2: NJ-6b)


@pytest.mark.parametrize(
    ("template", "timed"),
    [("nj_fundraiser_timed", True), ("nj_fundraiser", False), ("kpc_nlh", False)],
)
def test_G2_the_timed_finish_control_follows_the_template(
    env: Env, template: str, timed: bool
) -> None:
    tid = _event(env, template)
    env.login()
    assert _staff(env, tid)["choices"]["timed_finish"] is timed


def test_G2_NJ_6b_end_at_the_set_time_with_every_survivors_count(env: Env) -> None:
    tid = _event(env, "nj_fundraiser_timed", players=5)
    h = env.login()
    page = env.client.get(f"/t/{tid}/floor").text
    assert 'id="timed-end-card"' in page
    assert "End the event with these counts" in page
    env.service.run(tid, Bust(players=(NAMES[4],)), actor="floor")
    missing = {"counts": [[NAMES[0], 20000], [NAMES[1], 15000]]}
    r = _post(env, tid, "end_by_chip_count", missing, h)
    assert r.status_code == 422
    assert r.json()["message"].startswith(f"Count every player still in: missing {NAMES[2]}, ")
    floor = env.login("floor1", FLOOR_PW)
    counts = {"counts": [[NAMES[0], 20000], [NAMES[1], 35000], [NAMES[2], 15000], [NAMES[3], 5000]]}
    assert _post(env, tid, "end_by_chip_count", counts, floor).status_code == 403
    h = env.login()
    assert _post(env, tid, "end_by_chip_count", counts, h).status_code == 200
    view = _staff(env, tid)
    assert (view["status"]["finished"], view["status"]["winner"]) == (True, NAMES[1])
    places = {r["name"]: r["place"] for r in view["results"]["rows"]}
    assert [places[n] for n in NAMES[:5]] == [2, 1, 3, 4, 5]


# --------------------------------------------------------------------------------------
# Foxwoods' tournament high hand (H9: FOX-HH)


def test_H9_FOX_HH_the_high_hand_card_knows_when_there_is_a_hand_to_pay(env: Env) -> None:
    """The Money tab's card records a hand (floor) and pays it (director) once level 1 is
    over: the view says whether a hand leads and whether it was paid (only at Foxwoods)."""
    tid = _event(env, "fox_wed_80", players=10)
    h = env.login()
    assert _post(env, tid, "draw_seats", {}, h).status_code == 200
    assert _post(env, tid, "start_clock", {}, h).status_code == 200
    hh = _staff(env, tid)["high_hand"]
    assert (hh["prize"], hh["leaders"], hh["paid"]) == (8000, 0, False)  # $80 event price
    floor = env.login("floor1", FLOOR_PW)
    body = {"player": NAMES[2], "cards": "7h 7d 7c Ks 2d"}
    assert _post(env, tid, "record_high_hand", body, floor).status_code == 200
    hh = _staff(env, tid)["high_hand"]  # issue 27: the hand's name in each page's language
    assert hh["text"] == f"High hand ($80.00): {NAMES[2]}, three of a kind, sevens"
    assert hh["text_said"]["params"]["hand"]["msgid"] == "three of a kind, %(ranks)s"
    assert catalog.sentence("de", hh["text_said"]) == (
        f"High Hand ($80.00): {NAMES[2]}, Drilling, Siebenen"
    )
    assert _post(env, tid, "pay_high_hand", {}, floor).status_code == 403
    h = env.login()
    early = _post(env, tid, "pay_high_hand", {}, h)
    assert early.status_code == 409
    assert "Level 1 is still being played" in early.json()["message"]
    assert _post(env, tid, "next_level", {}, h).status_code == 200
    assert _post(env, tid, "pay_high_hand", {}, h).status_code == 200
    hh = _staff(env, tid)["high_hand"]
    assert (hh["leaders"], hh["paid"]) == (1, True)
    assert hh["text"] == f"High hand ($80.00) paid: {NAMES[2]} $80.00"
    other = _event(env, "kpc_nlh", players=2)
    assert "high_hand" not in _staff(env, other)


# --------------------------------------------------------------------------------------
# The bounty of a split pot (I4: FOX-BTY4 clockwise from the button, KPC-55 equal shares)


@pytest.mark.parametrize(
    ("template", "bounty", "split"),
    [
        ("fox_bounty_100", True, "closest_clockwise_from_button"),
        ("fox_wed_80", False, "closest_clockwise_from_button"),
        ("kpc_nlh", False, "equal_shares"),
    ],
)
def test_I4_the_bounty_split_card_follows_the_event_and_profile(
    env: Env, template: str, bounty: bool, split: str
) -> None:
    tid = _event(env, template)
    env.login()
    choices = _staff(env, tid)["choices"]
    assert (choices["bounty"], choices["bounty_split"]) == (bounty, split)


def test_I4_FOX_BTY4_the_form_sends_the_maps_seats_and_the_button(env: Env) -> None:
    """Two players split the pot that knocked out a third: the card sends the button seat
    given and each winner's seat on the map; the whole $25 bounty goes to the winner closest
    clockwise from the button (FOX-BTY4), whoever is named first."""
    tid = _event(env, "fox_bounty_100", players=9)
    h = env.login()
    page = env.client.get(f"/t/{tid}/floor").text
    assert 'id="bounty-split-card"' in page
    assert _post(env, tid, "draw_seats", {}, h).status_code == 200
    table = _staff(env, tid)["tables"][0]
    seat_of = {s["name"]: s["seat"] for s in table["seats"]}
    out, first, second = NAMES[0], NAMES[1], NAMES[2]
    assert _post(env, tid, "bust", {"players": [out]}, h).status_code == 200
    refused = _post(
        env, tid, "record_bounty_winners", {"player": out, "winners": [first, second]}, h
    )
    assert refused.status_code == 422
    assert "closest clockwise from the button" in refused.json()["message"]
    # the button just before the later of the two seats: that winner is closest clockwise
    later = max(seat_of[first], seat_of[second])
    button = later - 1
    body = {
        "player": out,
        "winners": [first, second],
        "button_seat": button,
        "winner_seats": [seat_of[first], seat_of[second]],
    }
    r = _post(env, tid, "record_bounty_winners", body, h)
    assert r.status_code == 200, r.text
    closest = first if seat_of[first] == later else second
    assert r.json()["events"][0]["data"]["winner_names"][0] == closest


# --------------------------------------------------------------------------------------
# The end of the night on every screen


@pytest.fixture
def finished(env: Env) -> str:
    """Kojack, 12 entries (1st and 2nd paid), busted to one, registration closed."""
    svc = env.service
    tid = _event(env, "kpc_nlh", players=12)
    svc.run(tid, CloseRegistration(), actor="floor")
    for n in reversed(NAMES[1:12]):
        svc.run(tid, Bust(players=(n,), eliminator=NAMES[0]), actor="floor")
    return tid


def test_a_finished_nights_player_rows_carry_place_and_prize(env: Env, finished: str) -> None:
    """The phone's "my result" reads the players API: the winner (still seated) and the
    runner-up have their place and prize (the results' amounts), a player out of the money
    only a place."""
    tid = finished
    status = env.client.get(f"/api/tournaments/{tid}").json()["status"]
    assert (status["finished"], status["winner"]) == (True, NAMES[0])
    results = {
        r["name"]: r for r in env.client.get(f"/api/tournaments/{tid}").json()["results"]["rows"]
    }
    rows = {
        r["name"]: r
        for r in env.client.get(f"/api/tournaments/{tid}/players", params={"q": "Player"}).json()
    }
    assert rows[NAMES[0]]["place"] == 1
    assert rows[NAMES[0]]["prize_cents"] == results[NAMES[0]]["prize_cents"] > 0
    assert rows[NAMES[1]]["place"] == 2
    assert rows[NAMES[1]]["prize_cents"] == results[NAMES[1]]["prize_cents"] > 0
    assert rows[NAMES[5]]["place"] == 6
    assert "prize_cents" not in rows[NAMES[5]]
    assert (
        rows[NAMES[0]]["prize_cents"] + rows[NAMES[1]]["prize_cents"] == status["prize_pool_cents"]
    )


def test_a_finished_nights_pages_have_their_end_screens(env: Env, finished: str) -> None:
    tid = finished
    c = env.client
    phone = c.get(f"/t/{tid}/player").text
    for part in ('id="phone-end"', 'id="my-label"', "My result", 'id="my-prize"'):
        assert part in phone
    assert 'id="tv-end"' in c.get(f"/t/{tid}/tv").text
    sheet = c.get(f"/t/{tid}/print/results").text
    assert f"Finished · winner {NAMES[0]}" in sheet
    env.login()
    assert 'id="dealer-done"' in c.get(f"/t/{tid}/dealer/1").text
    console = c.get(f"/t/{tid}/floor").text
    assert 'id="clock-finished"' in console
    assert "clock.hand_for_hand && !s.finished" in console  # no hand-for-hand banner at the end


# --------------------------------------------------------------------------------------
# Everything routine on a night is a control, not the "Any command" form


ROUTINE = (
    # every venue
    "start_clock",
    "bust",
    "record_chips",
    "color_up",
    "pay_prize",
    "close_registration",
    # venue choices (issue 22): NJ-44d, NJ-6b, FOX-73, J4, FOX-HH, I4
    "post_payout_schedule",
    "end_by_chip_count",
    "approve_deal",
    "set_prize_options",
    "record_high_hand",
    "pay_high_hand",
    "record_bounty_winners",
)


@pytest.mark.parametrize("name", ROUTINE)
def test_each_routine_command_has_a_control_in_the_console(name: str) -> None:
    """The console's sources send the command by name (``run('name'`` in the page or
    ``add(label, "name"`` in floor.js, the label a ``P.t("…")`` call): none of these needs
    "Any command"."""
    sources = (WEB / "templates" / "floor.html").read_text() + (
        WEB / "static" / "floor.js"
    ).read_text()
    pattern = rf"""(run\(\s*['"]{name}['"]|add\((?:[^()]|\([^()]*\))*['"]{name}['"])"""
    assert re.search(pattern, sources), f"no control sends {name}"
