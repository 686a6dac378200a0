"""The night taken home in the browser (issue 26, point 3): the public results page and
its JSON, the embeddable standings and series widgets (framable by any site, and only
they), the schedule feeds, no private data anywhere, clear 404s, the per-address limit.

The night is :mod:`takehome.night` (11 entries, numbers worked out by hand there).
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from typer.testing import CliRunner

from pokertd.app import App
from pokertd.cli import app as cli
from pokertd.web.public import PublicLimiter
from takehome.night import CARD, create, league, play

from .conftest import Env

HTML = {"Accept": "text/html"}

PUBLIC = [
    "/t/tue/results",
    "/api/tournaments/tue/results",
    "/embed/leagues/tuesday",
    "/embed/series/fall",
    "/api/leagues/tuesday/schedule.json",
    "/leagues/tuesday/schedule.ics",
    "/api/series/fall/schedule.json",
    "/series/fall/schedule.ics",
]


@pytest.fixture
def night(env: Env) -> Env:
    """The driven night in the ``tuesday`` league and the ``fall`` series."""
    create(env.service)
    play(env.service, "tue")
    app = App.over(env.service)
    league(app, "tue")
    app.series.create_series("fall", "Fall Festival")
    app.series.add_event("fall", "tue")
    return env


def page_places(html: str) -> list[tuple[str, str, str]]:
    rows = re.findall(
        r'<td class="num rs-place">(.*?)</td>\s*<td class="rs-name">(.*?)</td>\s*'
        r'<td class="num rs-prize">(.*?)</td>',
        html,
        re.S,
    )
    return [(re.sub(r"<[^>]+>", "", p).strip(), unescape(n).strip(), z) for p, n, z in rows]


def test_page_api_and_cli_say_the_same_places(night: Env) -> None:
    page = night.client.get("/t/tue/results", headers=HTML)
    assert page.status_code == 200
    assert "Final results: Ann won." in page.text
    assert page_places(page.text)[:5] == [
        ("1", "Ann", "$273.29"), ("2", "Bob", "$163.98"), ("3", "Cat", "$109.32"),
        ("4–5 tie", "Dan", ""), ("4–5 tie", "Eve", ""),
    ]  # fmt: skip
    api = night.client.get("/api/tournaments/tue/results").json()
    cli_out = CliRunner().invoke(cli, ["results", "tue", "--public", "--json", "--db", night.url])
    assert cli_out.exit_code == 0, cli_out.output
    by_cli = json.loads(cli_out.output)
    assert [(r["places"], r["name"], r["prize"]) for r in api["rows"]] == [
        (r["places"], r["name"], r["prize"]) for r in by_cli["rows"]
    ]
    assert [r["name"] for r in api["rows"]] == [n for _, n, _ in page_places(page.text)]
    assert (api["rows"][0]["knockouts"], api["rows"][0]["bounty"]) == (6, "$175.00")
    assert api["rows"][0]["league_points"] == 17


def test_a_running_night_says_so_with_the_places_so_far(env: Env) -> None:
    create(env.service)
    play(env.service, "tue", busts=2, close=False)
    page = env.client.get("/t/tue/results", headers=HTML)
    assert "Still running: 9 players left. Places so far:" in page.text
    assert [(p, n) for p, n, _ in page_places(page.text)] == [("10", "Jon"), ("11", "Kim")]
    assert env.client.get("/api/tournaments/tue/results").json()["status"] == "running"


def test_only_the_embeds_may_be_framed_by_another_site(night: Env) -> None:
    for path in ("/embed/leagues/tuesday", "/embed/series/fall"):
        r = night.client.get(path, headers=HTML)
        assert r.status_code == 200
        assert "frame-ancestors *" in r.headers["content-security-policy"]
        assert "x-frame-options" not in r.headers
        assert "set-cookie" not in r.headers  # a third-party frame gets no cookie
        assert "<script" not in r.text
    widget = night.client.get("/embed/leagues/tuesday").text
    assert re.search(r'<td class="em-name">Ann</td>\s*<td class="num em-pts">17</td>', widget)
    for path in ("/t/tue/results", "/leagues/tuesday", "/", "/api/tournaments/tue/results"):
        r = night.client.get(path, headers=HTML)
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"], path
        assert r.headers["x-frame-options"] == "DENY", path


def test_no_card_number_on_any_public_page_json_or_feed(night: Env) -> None:
    seen = 0
    for path in PUBLIC:
        r = night.client.get(path, headers=HTML)
        assert r.status_code == 200, (path, r.text)
        assert CARD not in r.text, path
        if path in ("/t/tue/results", "/api/tournaments/tue/results", "/embed/leagues/tuesday"):
            assert "Kim" in r.text, path  # the player is shown, by name only
        seen += 1
    assert seen == len(PUBLIC)


def test_feeds_json_and_ics(night: Env) -> None:
    feed = night.client.get("/api/leagues/tuesday/schedule.json").json()
    assert [(e["tournament_id"], e["status"]) for e in feed["past"]] == [("tue", "finished")]
    ics = night.client.get("/series/fall/schedule.ics")
    assert ics.headers["content-type"].startswith("text/calendar")
    assert ics.content.startswith(b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert b"UID:tournament-tue@pokertd\r\n" in ics.content
    assert b"URL:http://testserver/t/tue/results\r\n" in ics.content


@pytest.mark.parametrize(
    ("path", "sentence"),
    [
        ("/t/nope/results", "There is no tournament 'nope'."),
        ("/api/tournaments/nope/results", "There is no tournament 'nope'."),
        ("/embed/leagues/nope", "There is no league 'nope'."),
        ("/embed/series/nope", "nope"),
        ("/leagues/nope/schedule.ics", "There is no league 'nope'."),
        ("/api/series/nope/schedule.json", "nope"),
        ("/series/nope/schedule.ics", "nope"),
    ],
)
def test_bad_ids_get_a_clear_404(night: Env, path: str, sentence: str) -> None:
    r = night.client.get(path, headers=HTML)
    assert r.status_code == 404, r.text
    assert sentence in unescape(r.text)


def test_an_overlong_id_is_refused_not_a_500(night: Env) -> None:
    r = night.client.get("/embed/leagues/" + "x" * 200, headers=HTML)
    assert r.status_code == 422


def test_public_routes_are_limited_per_address(night: Env) -> None:
    night.client.app.state.public_limits = PublicLimiter(limit=3, window_s=60)  # type: ignore[attr-defined]
    for _ in range(3):
        assert night.client.get("/api/tournaments/tue/results").status_code == 200
    r = night.client.get("/embed/leagues/tuesday")
    assert r.status_code == 429
    assert int(r.headers["retry-after"]) >= 1
    assert "Too many requests from this address" in r.text


def snippet(html: str) -> str:
    found = re.search(r'<textarea class="embed-snippet"[^>]*>(.*?)</textarea>', html, re.S)
    assert found is not None
    return unescape(found.group(1))


def test_the_organiser_copies_the_iframe_from_the_admin_pages(night: Env) -> None:
    night.login()
    text = night.client.get("/leagues/tuesday/admin", headers=HTML).text
    assert snippet(text) == (
        '<iframe src="http://testserver/embed/leagues/tuesday" title="Tuesday League standings" '
        'width="100%" height="480" style="border:0;max-width:600px" loading="lazy"></iframe>'
    )
    assert "http://testserver/leagues/tuesday/schedule.ics" in text
    text = night.client.get("/series/fall/admin", headers=HTML).text
    assert snippet(text).startswith(
        '<iframe src="http://testserver/embed/series/fall" title="Fall Festival events"'
    )
