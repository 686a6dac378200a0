"""The end of every night, every venue (issue 22, part 6): each of the six rule profiles
plays a whole night in a real browser to "Finished · winner", every prize paid, the prizes
equal to the pool to the cent, and every screen shows the end.

Debian's chromium (Playwright) drives a fresh ``pokertd serve`` per night. Everything the
floor does is a tap or a form of the floor console, the dealer's phone or ``/new``, never
the "Any command" form; the JSON the faces read (the staff view, the deal, the receipts) is
only read, to check each step and the end. The server draws seats, buttons and races with
its live random source: the night reads the prompt as the floor would and never assumes a
draw (a balancing move the rules hold back, C6, waits for "Hand played at table N").

A night: ``/new`` from the venue's template (TDA: from scratch), two tables; 12 players
registered at the Players tab; "Draw seats", "Draw buttons", "Start clock" (New Jersey:
"Post the prize schedule" first, NJ-44d); a late registration where the venue sells one
(A4), a re-entry where it allows them (A13), New Jersey's rebuy (NJ-8); one bust taken back
with Undo and given again with Redo; busts by two taps on the map, each balancing move
confirmed from the prompt; the final table redraw from the prompt (C9, C10); the venue's
own choices: TNPL's colour-up with the TD's race or round-up (TNPL-D2i), Spotlight's two
players out in one hand ranked by hand and blue chips (SPOT-6.14), a deal the house allows
(Kojack's chip chop, J4; Foxwoods' ICM deal approved by a supervisor, FOX-73, from a pool
with the house's 3 % withheld, FOX-ADMIN; TNPL's chip chop, TNPL-A8); hand-for-hand at the
bubble, each table's hand reported from its dealer phone (B10, FOX-HFH), ending by itself
once the bubble burst; the last busts; every prize paid from the finishers list (Foxwoods:
ID checked, FOX-PAY2).

At the end, from the JSON the faces read: finished, the winner 1st, every place from 1 to
the last once, every prize paid, paid == owed == the net prize pool (``money``) == the cash
report's pool; and on each screen: the console "Finished · winner", the TV's results, the
winner's and a busted player's phone (their place and prize, no "My seat", nothing that
counts: the text is the same two seconds later), the dealer view of a table ("This table is
done"), the printed results (the deal's amounts marked). Screenshots of each end screen
(TV 1920×1080, console 1024×768, phone 390×844) go to ``tests/.artifacts/nights/``.

One night per profile runs in the browser tier (seed 1). The seed picks who busts, the chip
counts and the deal kind; ``POKERTD_NIGHT_SEEDS=1,2`` plays each profile once per seed.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from .servers import running_server
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401  (fixture, marks)
from .test_browser_night import Night

PASSWORD = "venue-nights-1"
SHOTS = ARTIFACTS / "nights"
"""The end screens of every night (ignored by git)."""
CONSOLE = {"width": 1024, "height": 768}
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
FIRST = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
FIRST += ["Ned", "Oli"]
LATE = "Max"
"""The late registration's first name."""
CLOCK_TEXT = re.compile(r"\b\d{1,2}:\d\d\b")
"""A running clock's figures (``57:33``)."""
SEEDS = [int(s) for s in os.environ.get("POKERTD_NIGHT_SEEDS", "1").split(",") if s.strip()]
"""The seeds each profile's night is played with (the browser tier: seed 1)."""


@dataclass(frozen=True)
class Venue:
    """What a venue's night does besides the routine (each read from its profile's rules)."""

    profile: str
    template: str | None
    """The template ``/new`` starts from (``None``: a blank event)."""
    surname: str
    """Every player's surname (names differ from one venue to the next)."""
    late: bool = False
    """A late registration once the clock runs (A4)."""
    reentry: bool = False
    """A busted player re-enters (A13)."""
    rebuy: bool = False
    """A player rebuys (NJ-8)."""
    deal: str = ""
    """The deal the last players make ("chip", "icm"; "" none)."""
    colour_up: bool = False
    """The clock is run to the break that colours up the 25s (TNPL-D2i)."""
    same_hand: bool = False
    """Two players out in one hand, ranked by hand and blue chips (SPOT-6.14)."""
    withholding: str = "0"
    """The house's withholding from the buy-ins (FOX-ADMIN: 3 %)."""
    foreign: bool = False
    """A prize is paid to a foreign player, with the US tax withheld (FOX-PAY4)."""
    players: int = 12
    """Registered before the draw."""
    tables: int = 2
    seats: int | None = None
    """Seats per table (``None``: the template's)."""


VENUES = {
    # a blank event of three 6-max tables: a table breaks on the way to the final table
    "tda": Venue(
        profile="tda",
        template=None,
        surname="Dale",
        late=True,
        reentry=True,
        players=13,
        tables=3,
        seats=6,
    ),
    "kojack": Venue(
        profile="kojack", template="kpc_nlh", surname="Kane", late=True, reentry=True, deal="chip"
    ),
    "tnpl": Venue(
        profile="tnpl",
        template="tnpl_league",
        surname="Nutt",
        late=True,
        deal="chip",
        colour_up=True,
    ),
    # no late registration (A4): two more players, so a move comes due before the final table
    "nj_fundraiser": Venue(
        profile="nj_fundraiser", template="nj_fundraiser", surname="Jersey", rebuy=True, players=14
    ),
    "spotlight": Venue(
        profile="spotlight", template="spot_league", surname="Spot", late=True, same_hand=True
    ),
    "foxwoods": Venue(
        profile="foxwoods",
        template="fox_wed_80",
        surname="Fox",
        late=True,
        reentry=True,
        deal="icm",
        withholding="0.03",
        foreign=True,
    ),
}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A fresh ``pokertd serve`` for one night (its own SQLite file)."""
    with running_server(tmp_path / "night.db", PASSWORD) as base:
        yield base


class VenueNight(Night):
    """:class:`Night` with the steps of a whole venue night and the seed's choices."""

    def __init__(self, page: Any, base: str, venue: Venue, seed: int) -> None:
        super().__init__(page, base)
        self.venue = venue
        self.seed = seed
        self.rng = random.Random(f"{venue.profile}-{seed}")
        self.timings: dict[str, float] = {}
        self.moved: list[str] = []
        """Every move confirmed from the prompt, as the prompt read it."""
        self.breaks: list[int] = []
        """The tables that broke (C4)."""

    # ---- reading ------------------------------------------------------------------------
    def alive(self) -> list[dict[str, Any]]:
        return [p for p in self.staff()["players"] if p["status"] == "alive"]

    def get(self, path: str) -> Any:
        r = self.page.request.get(f"{self.base}/api/tournaments/{self.tid}{path}")
        assert r.status == 200, r.text()
        return r.json()

    def name(self, i: int) -> str:
        return f"{FIRST[i]} {self.venue.surname}"

    # ---- the floor's steps --------------------------------------------------------------
    def clock_button(self, label: str, name: str) -> Any:
        """A button of the Clock tab by its label (the tab is shown first)."""
        if not self.page.is_visible("#page-clock"):
            self.tab("clock")
        button = self.page.locator("#page-clock .clock-card button", has_text=label).first
        return self.command(name, button.click)

    def register(self, name: str, card: str) -> None:
        page = self.page
        if not page.is_visible("#page-players"):
            self.tab("players")
        page.fill("#register-name", name)
        page.fill("#register-card", card)
        if not page.is_checked("#age-ok"):
            page.check("#age-ok")
        if not page.is_checked("#member-ok"):
            page.check("#member-ok")
        self.command("register", lambda: page.click("#register-button"))

    def seat_everyone(self) -> None:
        """Press "Draw seats" while someone still in has no seat (a late entry)."""
        self.tab("tables")
        if self.page.is_visible("#btn-draw_seats"):
            self.command("draw_seats", lambda: self.page.click("#btn-draw_seats"))
        assert all(p["table"] is not None for p in self.alive()), self.alive()

    def player_button(self, name: str, css: str, command: str) -> Any:
        """A button on a player's row of the Players tab (Re-enter, Rebuy)."""
        page = self.page
        self.tab("players")
        page.fill("#player-search", name)
        row = page.locator("#players tbody tr", has_text=name).filter(has=page.locator(css))
        out = self.command(command, row.locator(css).first.click)
        page.fill("#player-search", "")
        return out

    def settle(self) -> None:
        """Confirm what the prompt asks for after a bust, as :meth:`Night.settle` does; a
        balancing move or a table break due is read from the prompt first, and afterwards
        every player sits exactly where the prompt said (the plan shown is the plan
        applied, C4, C6)."""
        self.unblock()
        view = self.staff()
        due = view["moves_due"]
        if view["pending_moves"] or not (due and (due["moves"] or due["closed"])):
            super().settle()
            return
        self.page.wait_for_selector("#confirm-due", state="visible")
        rows = self.page.locator("#moves-due .move-row.due > span").all_inner_texts()
        assert [m["text"] for m in due["moves"]] == [r.strip() for r in rows], rows
        said = {m["name"]: (m["to_table"], m["to_seat"]) for m in due["moves"]}
        if due["break_table"] is not None or not self.moved:  # the first move, a break
            self.shot("table-break" if due["break_table"] is not None else "balancing")
        self.command("confirm_plan", lambda: self.page.click("#confirm-due"))
        seats = {
            s["name"]: (t["table"], s["seat"]) for t in self.staff()["tables"] for s in t["seats"]
        }
        for name, (table, seat) in said.items():
            assert seats[name][0] == table, (name, seats[name], table)
            assert seat is None or seats[name][1] == seat, (name, seats[name], seat)
        self.moved.extend(rows)
        if due["break_table"] is not None:
            self.breaks.append(due["break_table"])
        self.settle()  # anything the confirm made due in turn

    def bust_some(self, table: int | None = None, *, settle: bool = True) -> str:
        """One bust, chosen by the seed among the players at ``table`` (else at the
        fullest table), then (``settle``) what the prompt asks for confirmed."""
        tables = self.staff()["tables"]
        if table is None:
            table = max(tables, key=lambda t: (t["players"], -t["table"]))["table"]
        names: list[str] = [s["name"] for t in tables if t["table"] == table for s in t["seats"]]
        victim = self.rng.choice(sorted(names))
        self.bust(victim)
        if settle:
            self.settle()
        return victim

    def balance_once(self) -> None:
        """Busts at the shortest table until a balancing move is due; it is confirmed from
        the prompt (C6)."""
        before = len(self.moved)
        for _ in range(3):
            if len(self.moved) > before:
                return
            assert not (self.staff()["moves_due"] or {}).get("final_table")
            tables = self.staff()["tables"]
            shortest = min(tables, key=lambda t: (t["players"], t["table"]))
            self.bust_some(shortest["table"])
        assert len(self.moved) > before, "no balancing move came due"

    def final_table(self) -> None:
        """The final table redraw from the prompt when it is due (C9, C10)."""
        due = self.staff()["moves_due"]
        if not (due and due["final_table"]):
            return
        self.page.wait_for_selector("#final-redraw", state="visible")
        self.shot("final-table-due")
        self.command("redraw", lambda: self.page.click("#final-redraw"))
        self.page.wait_for_selector("#moves-prompt", state="hidden")
        tables = self.staff()["tables"]
        assert len(tables) == 1, tables
        assert tables[0]["button"] is not None  # drawn with the seats (C10, C11)

    def undo_redo(self, busted: str) -> None:
        """Take back the bust of ``busted`` (the last command) with Undo and give it again
        with Redo: every read model is the same as before (the log aside, which records
        both)."""
        page = self.page
        before = _comparable(self.staff())
        self.tab("log")
        assert page.inner_text("#undo").startswith(f"Undo: Busted {busted};")
        self.command("undo", lambda: page.click("#undo"))
        page.wait_for_function(
            "() => document.querySelector('#redo').textContent.startsWith('Redo: ')"
        )
        assert busted in {p["name"] for p in self.alive()}
        self.command("redo", lambda: page.click("#redo"))
        page.wait_for_function("() => document.querySelector('#redo').disabled")
        assert _comparable(self.staff()) == before

    def record_counts(self, total: int) -> list[int]:
        """End-of-level counts of every table through its Chips sheet: ``total`` chips
        split by the seed, in 25s (some odd: a race has something to race for)."""
        alive = self.alive()
        weights = [self.rng.randint(2, 9) for _ in alive]
        counts = [total * w // sum(weights) // 25 * 25 for w in weights]
        counts[0] += total - sum(counts)
        by_name = dict(zip((p["name"] for p in alive), counts, strict=True))
        self.tab("tables")
        for t in self.staff()["tables"]:
            self.page.click(f"#table-{t['table']} .chips-table")
            self.page.wait_for_selector("#chips-sheet", state="visible")
            for s in t["seats"]:
                self.page.fill(
                    f"#chips-sheet input[data-seat='{s['seat']}']", str(by_name[s["name"]])
                )
            self.command("record_chips", lambda: self.page.click("#chips-save"))
            self.page.wait_for_selector("#chips-sheet", state="hidden")
        return counts

    def hand_finished(self, table: int) -> None:
        """The dealer of ``table`` taps "Hand finished" on the dealer phone (FOX-HFH)."""
        dealer = self.page.context.new_page()
        dealer.set_viewport_size(PHONE)
        dealer.goto(f"{self.base}/t/{self.tid}/dealer/{table}")
        button = dealer.locator("button.hand-finished")
        button.wait_for()
        with dealer.expect_response(lambda r: r.url.endswith("/commands/table_hand_finished")) as r:
            button.click()
        assert r.value.status == 200, r.value.text()
        dealer.close()

    def shot(self, step: str, page: Any = None) -> None:
        name = f"{self.venue.profile}-{self.seed}-{len(self.shots) + 1:02d}-{step}.png"
        path = SHOTS / name
        (page or self.page).screenshot(path=str(path))
        self.shots.append(path)


CLOCK_TIMES = frozenset(
    {"at", "seconds_left", "next_break_in", "registration_closes_in", "rebuys_close_in"}
    | {"play_seconds"}
)
"""The clock's figures that move with the wall clock."""


def _comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A staff view without what changes on every read or every command (time, log, seq)."""
    drop = {"seq", "server_time", "wake_in", "log", "undo", "undo_next", "redo_next", "chart"}
    out = {k: v for k, v in view.items() if k not in drop}
    if isinstance(out.get("clock"), dict):
        out["clock"] = {k: v for k, v in out["clock"].items() if k not in CLOCK_TIMES}
    return out


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("profile", list(VENUES))
def test_a_whole_night_at_every_venue(
    server: str,
    browser: Any,  # noqa: F811
    profile: str,
    seed: int,
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob(f"{profile}-{seed}-*.png"):
        old.unlink()
    context = browser.new_context(viewport=CONSOLE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    night = VenueNight(page, server, VENUES[profile], seed)
    started = time.monotonic()
    try:
        _play(night)
        night.timings["night"] = time.monotonic() - started
        _check_the_end(night, context)
    except BaseException:
        page.screenshot(path=str(SHOTS / f"{profile}-{seed}-failed.png"), full_page=True)
        raise
    finally:
        night.timings["total"] = time.monotonic() - started
        print(
            f"\n{profile} seed {seed}: "
            + ", ".join(f"{k} {v:.1f} s" for k, v in night.timings.items())
        )
    assert not errors, errors
    context.close()


def _create(night: VenueNight) -> None:
    """``/new``: the venue's template (or a blank TDA event), two tables, "Create"."""
    page, venue = night.page, night.venue
    page.goto(f"{night.base}/login?next=/new")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_selector("#setup-levels tbody tr")
    if venue.template:
        page.select_option("#setup-source", venue.template)
        page.click("#setup-load")
        page.wait_for_function(
            "p => document.querySelector('#setup-profile').value === p", arg=venue.profile
        )
    else:
        page.select_option("#setup-profile", venue.profile)
        page.check("#setup-reentry")  # the TDA allows re-entry where the event sells it
    page.fill("#setup-name", f"{venue.surname} night {night.seed}")
    page.fill("#setup-tables", str(venue.tables))
    if venue.seats is not None:
        page.fill("#setup-seats", str(venue.seats))
    page.click("#setup-create")
    page.wait_for_url("**/floor")
    night.tid = page.url.split("/t/")[1].split("/")[0]
    assert night.staff()["tables"] == []


def _play(night: VenueNight) -> None:
    page, venue, rng = night.page, night.venue, night.rng
    _create(night)

    # the players at the Players tab ----------------------------------------------------
    for i in range(venue.players):
        night.register(night.name(i), f"{venue.surname[:2].upper()}{night.seed}{i:03d}")
    assert night.staff()["status"]["entries"] == venue.players

    # seats, buttons, (NJ: the prize schedule), the clock ---------------------------------
    night.tab("tables")
    night.command("draw_seats", lambda: page.click("#btn-draw_seats"))
    page.wait_for_selector("#btn-draw_buttons")
    night.command("draw_buttons", lambda: page.click("#btn-draw_buttons"))
    counts = sorted(t["players"] for t in night.tables().values())
    assert len(counts) == venue.tables, counts
    assert counts[-1] - counts[0] <= 1, counts
    if night.staff()["choices"]["schedule"]["required"]:  # NJ-44d
        page.wait_for_selector("#schedule-post-prompt", state="visible")
        night.command("post_payout_schedule", lambda: page.click("#schedule-post-prompt"))
        page.wait_for_selector("#schedule-prompt", state="hidden")
    night.command("start_clock", lambda: page.click("#clock-main"))
    assert night.staff()["clock"]["running"] is True

    # a late registration, a re-entry, a rebuy, where the venue sells them ---------------
    offers = night.staff()["offers"]
    assert offers["register"] is venue.late, offers
    assert offers["reenter"] is venue.reentry, offers
    assert offers["rebuy"] is venue.rebuy, offers
    if venue.late:
        night.register(f"{LATE} {venue.surname}", f"{venue.surname[:2].upper()}{night.seed}LATE")
        night.seat_everyone()
        night.settle()
    if venue.rebuy:
        who = night.name(rng.randrange(len(FIRST)))
        night.player_button(who, "button.rebuy", "rebuy")
        assert next(p for p in night.staff()["players"] if p["name"] == who)["stack"] > 0
    night.balance_once()
    # the player busted re-enters at once, before the tables are balanced (A13)
    first_out = night.bust_some(settle=not venue.reentry)
    if venue.reentry:
        night.player_button(first_out, "button.reenter", "reenter")
        night.seat_everyone()
        night.settle()
        assert first_out in {p["name"] for p in night.alive()}

    # one bust taken back and given again; a balancing move ------------------------------
    night.undo_redo(night.bust_some(settle=False))
    night.settle()

    # Spotlight: two out in one hand, ranked by hand and blue chips (SPOT-6.14) ----------
    if venue.same_hand:
        _same_hand(night)

    # registration closes (the clock does it for TNPL on the way to its colour-up) ----
    if venue.colour_up:
        _colour_up(night)
    if night.staff()["status"]["registration_open"]:
        night.tab("tables")
        night.command("close_registration", lambda: page.click("#btn-close_registration"))
    assert night.staff()["status"]["registration_open"] is False

    # busts to the final table and to the bubble ---------------------------------------
    paid = len(night.staff()["payouts"])
    while True:
        view = night.staff()
        night.final_table()
        if view["status"]["alive"] <= paid + 1:
            break
        night.bust_some()
    if paid:
        _bubble(night, paid)
    assert night.breaks or venue.tables == 2, night.moved  # C4: three tables, one broke

    # the deal, the last busts ---------------------------------------------------------
    if venue.deal:
        _deal(night)
    while night.staff()["status"]["alive"] > 1:
        alive = night.alive()
        night.bust(min(alive, key=lambda p: (p["stack"] or 0, p["name"]))["name"])
    page.wait_for_selector("#floor-finished", state="visible")

    # every prize paid from the finishers list -------------------------------------------
    _pay_everyone(night)


def _same_hand(night: VenueNight) -> None:
    page = night.page
    table = max(night.staff()["tables"], key=lambda t: t["players"])
    two = sorted(night.rng.sample([s["name"] for s in table["seats"]], 2))
    first, second = two
    seat = next(s["seat"] for s in table["seats"] if s["name"] == first)
    night.tab("tables")
    page.click(f"#table-{table['table']} button.seat[data-seat='{seat}']")
    page.click("#same-hand-open")
    rows = page.locator(".same-hand-table tbody tr")
    rows.filter(has_text=second).locator(".same-hand-out").check()
    blue = {first: 2, second: 5}
    for name in two:
        row = rows.filter(has_text=name)
        row.locator(".same-hand-stack").fill("5000")
        row.locator(".same-hand-rank").fill("1")
        row.locator(".same-hand-blue").fill(str(blue[name]))
    night.command("bust", lambda: page.click("#bust-many"))
    page.wait_for_selector("#seat-sheet", state="hidden")
    places = {r["name"]: r["places"] for r in night.staff()["results"]["rows"]}
    # equal stacks and hands: the more blue chips finish higher (SPOT-6.14)
    assert places[second][0] + 1 == places[first][0], places
    night.settle()


def _colour_up(night: VenueNight) -> None:
    """TNPL: the clock to the break after level 8, which colours up the 25s; each table by
    the TD's choice, a chip race or rounding up (TNPL-D2i), asked in the form."""
    page = night.page
    while not night.staff()["clock"].get("color_up"):
        night.clock_button("Level ▶", "next_level")
        assert night.staff()["clock"]["level"]["level"] <= 8
    night.record_counts(night.staff()["status"]["chips_in_play"])
    night.tab("clock")
    page.wait_for_selector("#colorup-method", state="visible")
    methods = ["race", "round_up"]
    night.rng.shuffle(methods)
    for t, method in zip(sorted(night.tables()), methods, strict=False):
        page.select_option("#colorup-table", str(t))
        page.select_option("#colorup-method", method)
        out = night.command("color_up", lambda: page.click("#colorup-run"))
        result = next(e for e in out["events"] if e["type"] == "colored_up")["data"]["result"]
        assert result["method"] == method, result
        assert all(s["stack_after"] % 100 == 0 for s in result["seats"]), result
    night.shot("colour-up")
    night.clock_button("Level ▶", "next_level")
    assert night.staff()["clock"]["on_break"] is False


def _bubble(night: VenueNight, paid: int) -> None:
    """Hand-for-hand on at the bubble; a hand without a bust reported by every table's
    dealer; the bubble bust; its hand reported: hand-for-hand ends by itself (B10)."""
    page = night.page
    night.clock_button("Hand-for-hand", "hand_for_hand")
    page.wait_for_selector(".console-head .hfh", state="visible")
    for t in sorted(night.tables()):
        night.hand_finished(t)
    view = night.staff()
    assert view["clock"]["hand_for_hand"] is True
    bubble = night.victim()
    night.bust(bubble)
    view = night.staff()
    assert view["status"]["alive"] == paid
    row = next(p for p in view["players"] if p["name"] == bubble)
    assert row["place"] == paid + 1, row
    for t in view["clock"]["hfh_waiting"]:
        night.hand_finished(t)
    view = night.staff()
    assert view["clock"]["hand_for_hand"] is False, view["clock"]
    page.wait_for_selector(".console-head .hfh", state="hidden")
    night.shot("bubble")


def _deal(night: VenueNight) -> None:
    """The last counts, then the deal of the venue from the Money tab: allowed by the house
    where it must be (J4, FOX-73), each player accepts, a supervisor approves (FOX-73)."""
    page = night.page
    night.record_counts(night.staff()["status"]["chips_in_play"])
    night.tab("money")
    view = night.staff()
    if view["deals"]["needs_allowing"]:
        night.command("set_prize_options", lambda: page.click("#deals-allow"))
        page.wait_for_selector("#deals-allowed", state="visible")
    page.select_option("#deal-kind", night.venue.deal)
    night.command("propose_deal", lambda: page.click("#deal-propose"))
    page.wait_for_selector("#deal-view", state="visible")
    left = len(night.alive())
    for n in range(left - 1, -1, -1):
        night.command("accept_deal", lambda: page.click(".deal-accept:visible >> nth=0"))
        page.wait_for_function(
            "n => [...document.querySelectorAll('.deal-accept')]"
            ".filter((b) => b.offsetParent !== null).length === n",
            arg=n,
        )
    deal = night.get("/deal")
    if deal["requires_approval"]:
        page.fill("#deal-supervisor", "Sam Supervisor")
        night.command("approve_deal", lambda: page.click("#deal-approve"))
    deal = night.get("/deal")
    assert deal["status"] == "binding", deal
    night.shot("deal")


def _pay_everyone(night: VenueNight) -> None:
    page = night.page
    view = night.staff()
    owed = [r for r in view["results"]["rows"] if r.get("prize_cents")]
    night.tab("money")
    if not owed:
        assert page.locator("#finishers").is_hidden()
        return
    page.wait_for_selector("#finishers .pay-pick")
    foreign = night.rng.choice(owed)["name"] if night.venue.foreign else None
    for r in sorted(owed, key=lambda r: r["place"]):
        row = page.locator("#finishers tbody tr", has_text=r["name"])
        row.locator(".pay-pick").click()
        assert page.input_value("#pay-player") == r["name"]
        page.check("#pay-id-ok")  # ID seen (FOX-PAY2 asks; elsewhere it does no harm)
        assert page.locator("#pay-foreign").count() == int(night.venue.foreign)
        if r["name"] == foreign:  # FOX-PAY4: 30 % US tax withheld, no treaty paperwork
            page.check("#pay-foreign")
            assert page.inner_text("#pay-tax-note") == (
                "Form 1042-S issued; 30% US tax withheld from the prize (FOX-PAY3, FOX-PAY4)."
            )
            night.shot("pay-foreign")
        with page.expect_popup() as receipt:
            night.command("pay_prize", lambda: page.click("#pay-run"))
        receipt.value.wait_for_load_state()
        text = receipt.value.inner_text("body")
        assert r["name"] in text
        tax = _half_up(r["prize_cents"] * 30, 100) if r["name"] == foreign else 0
        assert ("US tax withheld" in text) is bool(tax), text
        if tax:
            assert f"US tax withheld: {_dollars(tax, cents=True)}" in text, text
            assert f"Paid: {_dollars(r['prize_cents'] - tax, cents=True)}" in text, text
        receipt.value.close()
        row.locator("text=paid").wait_for()
    assert page.locator("#finishers .pay-pick:visible").count() == 0
    total = _dollars(sum(r["prize_cents"] for r in owed))
    page.wait_for_selector("#all-paid", state="visible")
    assert page.inner_text("#all-paid") == f"Every prize is paid: {len(owed)} prizes, {total}."
    assert not page.is_visible("#pay-run")  # nothing left to pay: no form


# ---- the end ----------------------------------------------------------------------------


def _check_the_end(night: VenueNight, context: Any) -> None:
    started = time.monotonic()
    venue = night.venue
    view = night.staff()
    status, money = view["status"], view["money"]
    rows = view["results"]["rows"]
    winner = status["winner"]
    # finished, the winner 1st, every place from 1 to the last once ----------------------
    assert status["finished"] is True, status
    assert winner, status
    assert (rows[0]["place"], rows[0]["name"]) == (1, winner), rows[:2]
    places = sorted(p for r in rows for p in (r["places"] or [r["place"]]) if p is not None)
    assert places == list(range(1, len(places) + 1)), places
    assert len(places) == status["entries"] - _unplaced(view), (places, status["entries"])
    assert (view["clock"]["finished"], view["clock"]["running"]) == (True, False)
    assert view["clock"]["hand_for_hand"] is False
    # the money: every prize paid, paid == owed == the net pool == the cash report's ------
    receipts = night.get("/receipts")
    paid = {r["name"]: r["amount"] for r in receipts}
    owed = {r["name"]: r["prize_cents"] for r in rows if r.get("prize_cents")}
    assert paid == owed, (paid, owed)
    taxed = {r["name"]: r["amount"] - r["paid"] for r in receipts if r["paid"] != r["amount"]}
    if venue.foreign:  # FOX-PAY4: one foreign player, 30 % withheld, half up to the cent
        ((name, tax),) = taxed.items()
        assert tax == _half_up(owed[name] * 30, 100), (name, tax, owed[name])
    else:
        assert taxed == {}, taxed
    assert sum(owed.values()) == money["pool"] == status["prize_pool_cents"], (owed, money)
    assert money["owed"] == money["paid"] == money["pool"], money
    assert (money["unpaid"], money["promised"], money["undecided"]) == (0, 0, 0), money
    assert money["balanced"] is True, money
    assert (money["overpaid"], money["waiting"]) == ([], []), money
    share = Fraction(venue.withholding)  # FOX-ADMIN 3 % of the buy-ins, elsewhere nothing
    withheld = _half_up((money["pool"] + money["withheld"]) * share.numerator, share.denominator)
    assert money["withheld"] == withheld == status["withheld_cents"], money
    deal = night.get("/deal") if venue.deal else None
    if deal is not None:  # the deal's amounts replace those places' prizes (J2)
        for name, amount in zip(deal["players"], deal["amounts"], strict=True):
            row = next(r for r in rows if r["name"] == name)
            assert row["prize_cents"] >= amount, (row, deal)
        assert sum(owed[n] for n in deal["players"]) == deal["remaining_pool"], (owed, deal)

    # the screens ----------------------------------------------------------------------
    page = night.page
    busted = next(r["name"] for r in rows if r["place"] == len(places))
    screens = {
        "console": page,
        "tv": _open(context, f"{night.base}/t/{night.tid}/tv", TV),
        "phone-winner": _phone(context, night, winner),
        "phone-busted": _phone(context, night, busted),
        "dealer": _open(
            context, f"{night.base}/t/{night.tid}/dealer/{view['tables'][0]['table']}", PHONE
        ),
    }
    page.goto(f"{night.base}/t/{night.tid}/floor")
    page.wait_for_selector(f"#floor-finished:has-text('Finished · winner {winner}')")
    screens["tv"].wait_for_selector("#tv-end", state="visible")
    screens["dealer"].wait_for_selector("#dealer-done", state="visible")
    shown = {k: p.inner_text("body") for k, p in screens.items()}
    time.sleep(2)  # nothing counts on a finished night: the same text two seconds later
    for k, p in screens.items():
        assert p.inner_text("body") == shown[k], f"{k} changed: a clock still runs"
    # console -------------------------------------------------------------------------
    assert not page.locator("#floor-time").is_visible()
    assert not page.locator("#floor-hfh").is_visible()
    assert not page.locator("#moves-prompt").is_visible()
    assert page.locator("#clock-main").count() == 0
    assert "HAND FOR HAND" not in shown["console"]
    night.shot("end-console", page)
    night.tab("money")
    if money["pool"]:
        # paid, from the first frame (the results rows say so; no "Pay…" flashes)
        assert page.locator("#finishers .pay-pick:visible").count() == 0
        assert page.locator("#finishers tbody tr").count() == len(owed)
    else:  # a free night (SPOT-2b2): nothing to pay, and it says so
        assert page.inner_text("#no-prize-money") == (
            "No prizes to pay: no prize money in this event."
        )
        assert not page.locator("#pay-run").is_visible()
    withheld_line = page.locator("#pool-withheld")
    assert withheld_line.is_visible() is bool(withheld)
    if withheld:
        assert withheld_line.inner_text() == (
            f"After {_dollars(withheld)} withheld by the house (3% of the buy-ins, FOX-ADMIN)."
        )
    night.shot("end-console-money", page)
    # TV ------------------------------------------------------------------------------
    tv = screens["tv"]
    assert tv.inner_text("#tv-winner") == winner
    assert not tv.locator("#tv-time").is_visible()
    results = tv.inner_text("#tv-end .tv-results")
    for r in rows[: len(owed)]:
        assert r["name"] in results
        assert _dollars(r["prize_cents"]) in results, (r, results)
    assert not CLOCK_TEXT.search(shown["tv"]), CLOCK_TEXT.search(shown["tv"])
    assert ("PRIZE POOL" in shown["tv"]) is bool(money["pool"])  # a free night shows no $0
    night.shot("end-tv", tv)
    # phones --------------------------------------------------------------------------
    for key, name in (("phone-winner", winner), ("phone-busted", busted)):
        phone = screens[key]
        row = next(r for r in rows if r["name"] == name)
        place = "Winner · 1st" if name == winner else f"Finished {_ordinal(row['place'])}"
        assert phone.inner_text("#my-place") == place
        assert phone.inner_text("#my-label") == "MY RESULT"
        if row.get("prize_cents"):
            assert _dollars(row["prize_cents"]) in phone.inner_text("#my-prize")
        assert not phone.locator("#phone-time").is_visible()
        assert ("prize pool" in shown[key].lower()) is bool(money["pool"]), shown[key]
        assert "my seat" not in shown[key].lower()
        assert "Next break" not in shown[key]
        assert not re.search(r"Table \d+, seat \d+", shown[key]), shown[key]
        assert not CLOCK_TEXT.search(shown[key]), CLOCK_TEXT.search(shown[key])
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        night.shot(f"end-{key}", phone)
    # dealer --------------------------------------------------------------------------
    dealer = screens["dealer"]
    assert "This table is done" in dealer.inner_text("#dealer-done")
    assert not dealer.locator("#dealer-clock").is_visible()
    assert dealer.locator(".seat-actions button:visible").count() == 0
    night.shot("end-dealer", dealer)
    # print ---------------------------------------------------------------------------
    sheet = _open(context, f"{night.base}/t/{night.tid}/print/results", CONSOLE)
    text = sheet.inner_text("body")
    assert f"Finished · winner {winner}" in text
    for r in rows:
        if r.get("prize_cents"):
            mark = "\tdeal" if deal is not None and r["name"] in deal["players"] else ""
            amount = re.escape(f"\t{_dollars(r['prize_cents'], cents=True)}{mark}")
            assert re.search(rf"\n{r['place']}\t{r['name']}( \(entry \d\))?{amount}", text), r
    if deal is not None:
        assert "A deal was made" in text
    # a player who re-entered finished once per entry: each row says which
    for name in {r["name"] for r in rows if sum(x["name"] == r["name"] for x in rows) > 1}:
        first, second = sorted((r for r in rows if r["name"] == name), key=lambda r: -r["place"])
        assert f"{first['place']}\t{name} (entry 1)\t" in text, text
        assert f"{second['place']}\t{name} (entry 2)\t" in text, text
        assert f"{_ordinal(first['place'])}\n{name} (entry 1)" in tv.inner_text("#tv-end"), name
    if withheld:  # FOX-ADMIN: the sheet says why the pool is less than the buy-ins
        pool_line = (
            f"prize pool {_dollars(money['pool'], cents=True)} (after "
            f"{_dollars(withheld, cents=True)} withheld by the house, 3% of the buy-ins: "
            "FOX-ADMIN)"
        )
        assert pool_line in text, text
    sheet.screenshot(
        path=str(SHOTS / f"{venue.profile}-{night.seed}-end-print.png"), full_page=True
    )
    # the payout sheet: each paid place at the prize it was paid, a deal's as the deal made it
    sheet.goto(f"{night.base}/t/{night.tid}/print/payouts")
    text = sheet.inner_text("body")
    for r in rows:
        if r.get("prize_cents"):
            assert f"\n{r['place']}\t{_dollars(r['prize_cents'], cents=True)}\n" in text, text
    assert ("A deal was made" in text) is (deal is not None), text
    for k, p in screens.items():
        if k != "console":
            p.close()
    sheet.close()
    night.timings["end checks"] = time.monotonic() - started


def _unplaced(view: dict[str, Any]) -> int:
    """Entries without a place of their own: a re-entry's first stack (A13)."""
    return sum(1 for r in view["results"]["rows"] if r["place"] is None)


def _open(context: Any, url: str, size: dict[str, int]) -> Any:
    page = context.new_page()
    page.set_viewport_size(size)
    page.goto(url)
    return page


def _phone(context: Any, night: VenueNight, name: str) -> Any:
    """A phone (no sign-in) whose player picked themself once ("This is me")."""
    phone = browser_context_phone(context)
    phone.goto(f"{night.base}/t/{night.tid}/player")
    phone.fill("#seat-search", name)
    phone.locator(".seat-row", has_text=name).locator(".this-is-me").first.click()
    phone.locator("#my-seat").wait_for()
    phone.wait_for_selector("#phone-end", state="visible")
    return phone


def browser_context_phone(context: Any) -> Any:
    """A phone-sized page in a context of its own (a player's phone is not signed in)."""
    other = context.browser.new_context(viewport=PHONE, is_mobile=True)
    return other.new_page()


def _dollars(amount: int, *, cents: bool = False) -> str:
    """Money as the screens write it: ``$1,204.50``, whole dollars as ``$600`` (the print
    sheets: ``$600.00``, ``cents=True``)."""
    whole, frac = divmod(amount, 100)
    return f"${whole:,}" + (f".{frac:02d}" if frac or cents else "")


def _half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded half up to a whole cent, as the house rounds."""
    return (2 * numerator + denominator) // (2 * denominator)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
