"""Rules across tournaments are decided by the service, for every face alike (issue 10).

FOX-REG5 (one live event per player): the service looks at the other tournaments in its
store and hands the answer to the decider (``Context.elsewhere``); no command carries it.
Checked on every kind of entry — registration, alternate list, seat from the alternates,
re-entry — through the API, the CLI and the service, and not applied where the profile
does not ask for it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokertd.app.tournaments import TournamentService
from pokertd.cli import app
from pokertd.errors import RuleViolation
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    CloseRegistration,
    CreateTournament,
    Reenter,
    Register,
    Roster,
)
from pokertd.tournament.framework import Command
from pokertd.tournament.templates import load_template
from web.conftest import Env, make_env

runner = CliRunner()


# --------------------------------------------------------------------------------------
# Service (every face goes through it)


class Venue:
    """One in-memory store holding several events, run as the floor."""

    def __init__(self) -> None:
        self.service = TournamentService(open_store("sqlite:///:memory:"))

    def event(self, tid: str, template: str = "fox_grinder", **changes: object) -> str:
        tmpl = load_template(template)
        if changes:
            tmpl = tmpl.with_changes(**changes)
        return self.service.create(
            CreateTournament(name=tid.title(), template=tmpl), tournament_id=tid
        )

    def run(self, tid: str, command: Command) -> None:
        self.service.run(tid, command, actor="floor", role="floor")

    def refused(self, tid: str, command: Command) -> RuleViolation:
        seq = self.service.state(tid).seq
        with pytest.raises(RuleViolation) as caught:
            self.run(tid, command)
        assert self.service.state(tid).seq == seq  # nothing written
        return caught.value


def reg(name: str, card: str = "", **kw: Any) -> Register:
    return Register(name=name, member=card, age_ok=True, member_ok=not card, **kw)


def test_FOX_REG5_service_refuses_a_second_live_event_by_name_or_card() -> None:
    venue = Venue()
    venue.event("noon")
    venue.event("two")
    venue.run("noon", reg("Alice", "1001"))
    same_name = venue.refused("two", reg("alice"))
    assert same_name.rule_ids == ("FOX-REG5",)
    assert "alice is still alive in Noon (noon): one event at a time." in str(same_name)
    same_card = venue.refused("two", reg("Alicia Smith", "1001"))
    assert same_card.rule_ids == ("FOX-REG5",)
    assert "Alicia Smith is still alive in Noon (noon)" in str(same_card)
    assert same_card.context["alive_in"] == ["Noon (noon)"]
    venue.run("two", reg("Alice", "2002"))  # another card: another Alice


def test_FOX_REG5_reentry_refused_while_alive_in_another_event() -> None:
    venue = Venue()
    venue.event("noon")
    venue.event("two")
    venue.run("two", reg("Alice", "1001"))
    venue.run("two", reg("Bob", "1002"))
    venue.run("two", Bust(players=("Alice",), eliminator="Bob"))
    venue.run("noon", reg("Alice", "1001"))  # out in two: may play noon
    err = venue.refused("two", Reenter(player="Alice"))
    assert err.rule_ids == ("FOX-REG5",)
    assert "still alive in Noon (noon)" in str(err)
    venue.run("noon", reg("Carol", "1003"))
    venue.run("noon", Bust(players=("Alice",), eliminator="Carol"))
    venue.run("two", Reenter(player="Alice"))  # out everywhere: the re-entry is sold
    assert len(venue.service.state("two").part(Roster).alive()) == 2


def test_FOX_REG5_alternate_list_and_seat_from_it() -> None:
    venue = Venue()
    venue.event("noon")
    venue.event("small", tables=1, seats_per_table=2)
    venue.run("small", reg("Bob", "1002"))
    venue.run("small", reg("Carol", "1003"))  # every seat taken
    venue.run("noon", reg("Dan", "1004"))
    err = venue.refused("small", reg("Dan", "1004", alternate=True))
    assert err.rule_ids == ("FOX-REG5",)
    assert "Dan is still alive in Noon (noon)" in str(err)
    venue.run("small", reg("Alice", "1001", alternate=True))  # on the list, not alive
    venue.run("noon", reg("Alice", "1001"))  # so she may play noon meanwhile
    venue.run("small", Bust(players=("Bob",), eliminator="Carol"))
    err = venue.refused("small", reg("Alice", "1001"))  # her seat from the alternates
    assert err.rule_ids == ("FOX-REG5",)
    assert "Alice is still alive in Noon (noon)" in str(err)


def test_FOX_REG5_does_not_apply_under_tda_and_tda_events_skip_the_lookup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    venue = Venue()
    venue.event("noon")
    venue.event("tda", profile="tda")
    venue.run("noon", reg("Alice", "1001"))

    def no_lookup(tournament_id: str) -> object:
        raise AssertionError("a TDA event does not need the other tournaments")

    monkeypatch.setattr(venue.service, "_elsewhere", no_lookup)
    venue.run("tda", Register(name="Alice", member="1001"))
    venue.run("tda", Register(name="Bob", member="1002"))
    venue.run("tda", Bust(players=("Alice",), eliminator="Bob"))
    venue.run("tda", Reenter(player="Alice"))
    assert len(venue.service.state("tda").part(Roster).alive()) == 2


def test_FOX_REG5_other_events_are_cached_per_seq(monkeypatch: pytest.MonkeyPatch) -> None:
    venue = Venue()
    venue.event("noon")
    venue.event("two")
    venue.run("noon", reg("Alice", "1001"))
    venue.service.forget("noon")  # as in a fresh process
    loads: list[str] = []
    real_load = venue.service.store.load

    def counting_load(tournament_id: str, after_seq: int = 0) -> Any:
        loads.append(tournament_id)
        return real_load(tournament_id, after_seq=after_seq)

    monkeypatch.setattr(venue.service.store, "load", counting_load)
    venue.run("two", reg("Bob", "1002"))
    first = loads.count("noon")
    assert first >= 1  # read once
    venue.run("two", reg("Carol", "1003"))
    venue.run("two", reg("Dan", "1004"))
    assert loads.count("noon") == first  # unchanged since: not read again
    venue.run("noon", reg("Eve", "1005"))
    assert "Eve is still alive in Noon (noon)" in str(venue.refused("two", reg("Eve", "1005")))


# --------------------------------------------------------------------------------------
# API


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Env]:
    yield from make_env(tmp_path)


def _post(web: Env, h: dict[str, str], tid: str, name: str, body: dict[str, Any]) -> Any:
    return web.client.post(f"/api/tournaments/{tid}/commands/{name}", json=body, headers=h)


def _event(web: Env, h: dict[str, str], name: str) -> str:
    r = web.client.post(
        "/api/tournaments", json={"name": name, "template": "fox_grinder"}, headers=h
    )
    assert r.status_code == 201, r.text
    return str(r.json()["tournament"])


def test_FOX_REG5_api_refuses_a_second_foxwoods_event(web: Env) -> None:
    h = web.login()
    a, b = _event(web, h, "Noon"), _event(web, h, "Two pm")
    alice = {"name": "Alice", "member": "1001", "age_ok": True}
    assert _post(web, h, a, "register", alice).status_code == 200
    for body in (
        alice,
        {"name": "ALICE", "age_ok": True, "member_ok": True},
        {"name": "Alicia", "member": "1001", "age_ok": True},
    ):
        r = _post(web, h, b, "register", body)
        assert r.status_code == 409, r.text
        assert r.json()["rule_ids"] == ["FOX-REG5"]
        assert f"still alive in Noon ({a})" in r.json()["message"]
    assert web.service.state(b).part(Roster).entry_count == 0


def test_FOX_REG5_api_reentry_refused(web: Env) -> None:
    h = web.login()
    a, b = _event(web, h, "Noon"), _event(web, h, "Two pm")
    for who, card in (("Alice", "1001"), ("Bob", "1002")):
        assert (
            _post(web, h, b, "register", {"name": who, "member": card, "age_ok": True}).status_code
            == 200
        )
    assert _post(web, h, b, "bust", {"players": ["Alice"], "eliminator": "Bob"}).status_code == 200
    assert (
        _post(
            web, h, a, "register", {"name": "Alice", "member": "1001", "age_ok": True}
        ).status_code
        == 200
    )
    r = _post(web, h, b, "reenter", {"player": "Alice"})
    assert r.status_code == 409, r.text
    assert r.json()["rule_ids"] == ["FOX-REG5"]


def test_FOX_REG5_api_tda_event_not_affected(web: Env) -> None:
    h = web.login()
    a = _event(web, h, "Noon")
    tda = web.service.create(
        CreateTournament(
            name="TDA", template=load_template("fox_grinder").with_changes(profile="tda")
        )
    )
    assert (
        _post(
            web, h, a, "register", {"name": "Alice", "member": "1001", "age_ok": True}
        ).status_code
        == 200
    )
    r = _post(web, h, tda, "register", {"name": "Alice", "member": "1001"})
    assert r.status_code == 200, r.text


def test_client_cannot_send_the_answer_alive_elsewhere(web: Env) -> None:
    h = web.login()
    a = _event(web, h, "Noon")
    r = _post(
        web,
        h,
        a,
        "register",
        {"name": "Alice", "member": "1001", "age_ok": True, "alive_elsewhere": []},
    )
    assert r.status_code == 422, r.text
    assert "alive_elsewhere" in r.json()["message"]
    assert web.service.state(a).part(Roster).entry_count == 0


# --------------------------------------------------------------------------------------
# CLI


def _cli(db: str, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--db", db])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_FOX_REG5_cli_register_reenter_and_alternate(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'night.db'}"
    assert _cli(db, "new", "--template", "fox_grinder", "--name", "Noon", "--id", "noon")[0] == 0
    assert _cli(db, "new", "--template", "fox_grinder", "--name", "Two", "--id", "two")[0] == 0
    for tid, name, card in (("two", "Alice", "1001"), ("two", "Bob", "1002")):
        assert _cli(db, "register", tid, name, "--card", card, "--age-ok")[0] == 0
    assert _cli(db, "bust", "two", "Alice", "--by", "Bob")[0] == 0
    assert _cli(db, "register", "noon", "Alice", "--card", "1001", "--age-ok")[0] == 0
    code, out = _cli(db, "reenter", "two", "Alice")
    assert code == 2
    assert "still alive in Noon (noon)" in out
    assert "FOX-REG5" in out
    code, out = _cli(db, "register", "two", "Alicia", "--card", "1001", "--age-ok")
    assert code == 2
    assert "Alicia is still alive in Noon (noon)" in out  # the same card
    assert _cli(db, "register", "noon", "Zed", "--card", "1009", "--age-ok")[0] == 0
    code, out = _cli(db, "register", "two", "Zed", "--card", "1009", "--age-ok", "--alternate")
    assert code == 2
    assert "Zed is still alive in Noon (noon)" in out  # the alternate list too
    code, out = _cli(db, "status", "two", "--json")
    assert code == 0
    assert (json.loads(out)["entries"], json.loads(out)["alive"]) == (2, 1)


def test_FOX_REG5_G2_the_winner_of_a_finished_event_may_enter_another() -> None:
    """Issue 22: an event won by its last player (registration closed) is over (G2), so its
    winner no longer holds a live stack there; before, only an event ended by chip count
    counted as over and the winner was refused elsewhere."""
    venue = Venue()
    venue.event("noon")
    venue.event("two")
    venue.run("noon", reg("Alice", "1001"))
    venue.run("noon", reg("Bob", "1002"))
    venue.run("noon", CloseRegistration())
    venue.run("noon", Bust(players=("Bob",), eliminator="Alice"))  # Alice wins noon
    venue.run("two", reg("Alice", "1001"))
    assert len(venue.service.state("two").part(Roster).alive()) == 1


def test_FOX_REG5_one_event_at_a_time_not_one_flight() -> None:
    """FOX-REG5 ("Players may only play in one event at a time. (No table jumping)") with
    flights: a Main Event declared with re-entry across flights (issue 14) is one event.
    Alice bagged 20,000 in Day 1A (3 x 15,000 = 45,000 = Alice 20,000 + Bob 25,000); she
    is not playing, so she may enter Day 1B. While Day 1A still plays she may not (table
    jumping), and a bagged stack still bars her from another event. Day 2 carries her best
    stack (30,000 of Day 1B; the 20,000 of Day 1A is surrendered), as ``carry_flights``
    does: the Foxwoods rulebook says nothing of flights, its re-entrant is "treated as a new
    player" (FOX-RE) and only one stack per player plays (A13)."""
    from pokertd.app.series import SeriesService
    from pokertd.tournament.days import EndDay

    venue = Venue()
    for tid in ("m1a", "m1b", "side"):
        venue.event(tid)
    series = SeriesService(venue.service)
    series.create_series("fall", "Fall Festival")
    series.add_flighted("fall", "main", "Main Event", reentry=True)
    series.add_event("fall", "m1a", flight_of="main", label="Day 1A")
    series.add_event("fall", "m1b", flight_of="main", label="Day 1B")
    series.add_event("fall", "side")
    for name, card in (("Alice", "1001"), ("Bob", "1002"), ("Carol", "1003")):
        venue.run("m1a", reg(name, card))
    err = venue.refused("m1b", reg("Alice", "1001"))  # Day 1A still plays: no table jumping
    assert err.rule_ids == ("FOX-REG5",)
    assert "Alice is still alive in M1A (m1a): one event at a time." in str(err)
    venue.run("m1a", Bust(players=("Carol",), eliminator="Bob"))
    venue.service.run("m1a", EndDay(day=1, counts=(("Alice", 20_000), ("Bob", 25_000))))
    venue.run("m1b", reg("Alice", "1001"))  # bagged in Day 1A: Day 1B of the same event
    err = venue.refused("side", reg("Alice", "1001"))  # another event: still one at a time
    assert err.rule_ids == ("FOX-REG5",)
    assert sorted(err.context["alive_in"]) == ["M1A (m1a)", "M1B (m1b)"]
    for name, card in (("Dan", "1004"), ("Eve", "1005")):
        venue.run("m1b", reg(name, card))
    venue.run("m1b", Bust(players=("Dan",), eliminator="Alice"))
    venue.service.run("m1b", EndDay(day=1, counts=(("Alice", 30_000), ("Eve", 15_000))))
    formed = series.day2("fall", "main", tournament_id="m2")
    assert formed.stacks == (("Alice", "Day 1B", 30_000), ("Bob", "Day 1A", 25_000),
                             ("Eve", "Day 1B", 15_000))  # fmt: skip
    assert (formed.players, formed.chips, formed.surrendered, formed.entries) == (
        3, 70_000, 1, 6)  # fmt: skip


def test_FOX_REG5_flights_without_reentry_stay_one_stack() -> None:
    """A flighted event declared without re-entry: a player bagged in Day 1A is refused
    Day 1B (FOX-REG5 as before; Day 2 would refuse two bags of one player anyway)."""
    from pokertd.app.series import SeriesService
    from pokertd.tournament.days import EndDay

    venue = Venue()
    for tid in ("m1a", "m1b"):
        venue.event(tid)
    series = SeriesService(venue.service)
    series.create_series("fall", "Fall Festival")
    series.add_flighted("fall", "main", "Main Event", reentry=False)
    series.add_event("fall", "m1a", flight_of="main")
    series.add_event("fall", "m1b", flight_of="main")
    venue.run("m1a", reg("Alice", "1001"))
    venue.service.run("m1a", EndDay(day=1, counts=(("Alice", 15_000),)))
    err = venue.refused("m1b", reg("Alice", "1001"))
    assert err.rule_ids == ("FOX-REG5",)
