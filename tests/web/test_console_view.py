"""The floor console's view is sized by the screen, not the field (issue 25).

At 10,000 entries the whole staff view is 5.5 MB: the console asks for one page of the map
(``?tables=<first>-<last>``) and a search (``?q=``) instead, on its stream and on
``GET /api/tournaments/<id>/staff``. Checked on a 250-entry night (25 tables of ten,
past :data:`~pokertd.app.screens.CONSOLE_ALL_PLAYERS`): the page's tables and the players
seated there, row for row as the whole staff view has them; the counters and the prompts
of the whole event; a search that finds a player or a table anywhere in the room; the
floor page carrying only its head, not the view its stream sends.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

from pokertd.app import screens
from pokertd.tournament.eliminations import Bust
from pokertd.web.hub import merge_apply

from .conftest import Env
from .test_stream_size import _big_event, _frames, _timeless

PLAYERS = 250
"""Entries of the night: past the console's every-row limit (200)."""


def _whole(env: Env, tid: str) -> dict[str, Any]:
    data: dict[str, Any] = env.client.get(f"/api/tournaments/{tid}/staff").json()
    return data


def _page(env: Env, tid: str, query: str) -> dict[str, Any]:
    r = env.client.get(f"/api/tournaments/{tid}/staff?{query}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_the_console_page_carries_its_tables_and_their_players_as_the_whole_view(
    env: Env,
) -> None:
    """Tables 5-12 of 28: those 8 tables and the players seated there (9 a table), each row
    equal to the whole view's; the counters and prompts are the whole event's."""
    tid = _big_event(env, PLAYERS)
    env.login()
    whole = _whole(env, tid)
    assert len(whole["tables"]) == 28  # 250 players at tables of nine
    view = _page(env, tid, "tables=5-12")
    assert [t["table"] for t in view["tables"]] == list(range(5, 13))
    by_table = {t["table"]: t for t in whole["tables"]}
    for t in view["tables"]:
        assert t == by_table[t["table"]]
    seated = {s["entry_id"] for t in view["tables"] for s in t["seats"]}
    assert len(seated) == sum(by_table[n]["players"] for n in range(5, 13))
    rows = {p["entry_id"]: p for p in whole["players"]}
    assert {p["entry_id"] for p in view["players"]} == seated
    for p in view["players"]:
        assert p == rows[p["entry_id"]]
    for key in ("status", "pending_moves", "moves_due", "payouts", "offers", "undo_next"):
        assert view[key] == whole[key], key
    assert _timeless(view)["clock"] == _timeless(whole)["clock"]
    assert view["map"]["tables"] == list(range(1, 29))
    assert view["map"]["counts"] == [by_table[n]["players"] for n in range(1, 29)]
    assert view["map"]["players_partial"] is True
    assert view["map"]["unseated"] == 0
    # sized by the screen: under a quarter of the whole view here, and no copy for the public
    assert "players_public" not in view
    assert "tables_public" not in view
    # (the log's last lines are not paged by table: each carries its sentence, issue 27)
    paged, all_of_it = ({k: v for k, v in x.items() if k != "log"} for x in (view, whole))
    assert len(json.dumps(paged)) * 4 < len(json.dumps(all_of_it))


def test_the_console_search_finds_a_player_or_a_table_anywhere_in_the_room(env: Env) -> None:
    """ "player 217" finds Size Player 217 on whatever table, off the page; "table 23" the
    table; the hit's row (table, seat, chips) is the whole view's."""
    tid = _big_event(env, PLAYERS)
    env.login()
    whole = _whole(env, tid)
    target = next(p for p in whole["players"] if p["name"] == "Size Player 217")
    view = _page(env, tid, "tables=1-4&q=player%20217")
    assert [p["name"] for p in view["search"]["players"]] == ["Size Player 217"]
    assert view["search"]["players"][0] == target
    assert target in view["players"]  # its row too, for the Players tab
    assert [t["table"] for t in view["tables"]] == [1, 2, 3, 4]
    assert _page(env, tid, "tables=1-4&q=table%2023")["search"]["tables"] == [23]
    # "size player 2" matches 50 names (200-249): the first 20, the players still in first
    many = _page(env, tid, "tables=1-4&q=size%20player%202")["search"]["players"]
    assert len(many) == screens.CONSOLE_SEARCH_HITS


def test_the_floor_page_carries_its_head_not_the_view_its_stream_sends(env: Env) -> None:
    """The floor page used to embed the whole staff view, which its stream then sent again:
    now the page holds the name, the counters and the clock; the stream of its page of the
    map sends the tables once."""
    tid = _big_event(env, PLAYERS)
    env.login()
    html = env.client.get(f"/t/{tid}/floor").text
    found = re.search(r'<script id="initial-view" type="application/json">(.*?)</script>', html)
    assert found is not None
    head = json.loads(found.group(1))
    assert head["name"] == "Stream size"
    assert head["status"]["entries"] == PLAYERS
    assert "tables" not in head
    assert "players" not in head
    assert len(html) < 120_000  # the whole staff view alone is over 300 KB here
    url = f"/api/tournaments/{tid}/stream?audience=staff&tables=1-24&limit=1"
    ((kind, data),) = _frames(env, url, 1, threading.Timer(0, lambda: None))
    first = json.loads(data)
    assert kind == "snapshot"
    assert [t["table"] for t in first["tables"]] == list(range(1, 25))


def test_a_bust_on_the_page_is_a_small_push_that_rebuilds_the_page(env: Env) -> None:
    """The console's push after a bust at a table in view: what changed on that table and
    the counters, a few KB; applied, it equals the page a new connection gets."""
    tid = _big_event(env, PLAYERS)
    env.login()
    view = _page(env, tid, "tables=1-24")
    victim = view["tables"][2]["seats"][0]["name"]

    def bust() -> None:
        env.service.run(tid, Bust(players=(victim,)), actor="test")

    url = f"/api/tournaments/{tid}/stream?audience=staff&tables=1-24&limit=2"
    (k1, whole), (k2, push) = _frames(env, url, 2, threading.Timer(0.3, bust))
    assert (k1, k2) == ("snapshot", "patch")
    assert len(push) < 8_000, len(push)
    model = merge_apply(json.loads(whole), json.loads(push)["patch"])
    ((_, fresh),) = _frames(env, f"{url[:-1]}1", 1, threading.Timer(0, lambda: None))
    assert _timeless(model) == _timeless(json.loads(fresh))
    assert victim not in [s["name"] for s in model["tables"][2]["seats"]]
    assert model["status"]["alive"] == PLAYERS - 1


def test_the_whole_staff_view_stays_for_the_api() -> None:
    """``GET /staff`` without a page is the whole view (the CLI's and scripts'); a bad
    page falls back to the first tables."""
    page = screens.console_page("x-3", "  ann   lee ")
    assert (page.first, page.last, page.q) == (0, 0, "ann lee")
    assert screens.console_page("5-1000").last == 5 + screens.CONSOLE_PAGE_MAX - 1
    assert screens.console_page_of(screens.console_page("3-9", "bob").key) == (
        screens.console_page("3-9", "bob")
    )


def test_past_60_places_the_console_lists_the_top_and_the_places_about_to_be_paid() -> None:
    """100 places paid, 50 players left: the Money tab lists places 1-20, the window 26-55
    around the next bust's place (50th), and the min cash (100th), each row as the whole
    table has it; a dashed gap before the 26th and the 100th; "50 of 100" said. With 60
    places or fewer every row is listed, as before."""
    rows = [{"place": p, "amount": 100_000 - 500 * p} for p in range(1, 101)]
    out: dict[str, Any] = {"payouts": rows}
    screens._console_payouts(out, alive=50)
    places = [r["place"] for r in out["payouts"]]
    assert places == [*range(1, 21), *range(26, 56), 100]
    assert [r["place"] for r in out["payouts"] if r.get("gap")] == [26, 100]
    assert out["payouts_more"] == {"places": 100, "shown": 51}
    by_place = {r["place"]: r["amount"] for r in rows}
    assert all(r["amount"] == by_place[r["place"]] for r in out["payouts"])
    assert out["payouts"][20]["amount"] == 87_000  # the 26th: 100,000 - 26 x 500
    small: dict[str, Any] = {"payouts": rows[:60]}
    screens._console_payouts(small, alive=50)
    assert small["payouts"] == rows[:60]
    assert "payouts_more" not in small
