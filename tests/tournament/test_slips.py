"""Slips (issue 26, point 2): a 3-table night where table 3 breaks, driven through the
service; each moved player's slip names the seat the break gave him and this venue's rule
IDs (C4: TDA-9/TDA-10C at the TDA default, FOX-9/FOX-10C/FOX-SURV2 at Foxwoods); "I'm here"
is refused for another player's slip, twice, or for an out-of-date slip, writing nothing;
undo and redo take it back and restore it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from floor_helpers import broken_night

from pokertd.app.tournaments import TournamentService
from pokertd.errors import NotFound, RuleViolation
from pokertd.store import open_store
from pokertd.tournament.clock import CallClock, StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register, Roster
from pokertd.tournament.framework import Redo, Undo
from pokertd.tournament.penalties import GivePenalty, PenaltyKind
from pokertd.tournament.seating import (
    DrawSeats,
    FinalTableDrawn,
    MovePlayer,
    Redraw,
    live_seating,
)
from pokertd.tournament.slips import AcknowledgeSlip, SlipAcknowledged, slips_view
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


@pytest.fixture
def service() -> Iterator[TournamentService]:
    svc = TournamentService(
        open_store("sqlite:///:memory:"), now=lambda: NOW, rng_factory=lambda: random.Random(7)
    )
    yield svc
    svc.close()


@pytest.mark.parametrize(
    ("profile", "rules"),
    [("tda", ["TDA-9", "TDA-10C"]), ("foxwoods", ["FOX-9", "FOX-10C", "FOX-SURV2"])],
)
def test_C4_table_break_slips_name_the_seat_and_the_venue_rule(
    service: TournamentService, profile: str, rules: list[str]
) -> None:
    tid = broken_night(service, profile)
    state = service.state(tid)
    where = live_seating(state).where
    slips = slips_view(state)
    assert len(slips) == 6  # table 3's six players, one slip each
    assert 3 not in live_seating(state).tables
    for s in slips:
        table, seat = where[s["entry_id"]]
        assert (s["table"], s["seat"]) == (table, seat + 1)  # where he sits now
        assert s["table"] in (1, 2)
        assert s["from_table"] == 3
        assert s["kind"] == "break"
        assert s["rule_ids"] == rules
        assert s["place"] == f"table {table} seat {seat + 1}"
        assert s["why"] == "Table 3 breaks: its players move to the other tables."
        assert not s["acknowledged"]
    # one player's slips, by player id or by name
    one = slips[0]
    assert slips_view(state, player=one["player_id"]) == [one]
    assert slips_view(state, player=one["name"]) == [one]


def test_im_here_is_the_players_own_claim_and_undoes(service: TournamentService) -> None:
    tid = broken_night(service, "tda")
    slip = slips_view(service.state(tid))[-1]  # move #1
    before = service.state(tid).seq
    recs = service.run(
        tid, AcknowledgeSlip(player=slip["player_id"], slip=slip["slip"]), role="public"
    )
    ev = recs[0].event
    assert isinstance(ev, SlipAcknowledged)
    assert ev.via == "phone"
    assert ev.place == slip["place"]
    assert ev.at == NOW.isoformat()
    assert len(recs) == 1  # a claim only: no move confirmed, nothing else written
    assert service.state(tid).seq == before + 1
    assert "says he is at " + slip["place"] in ev.describe()
    after = slips_view(service.state(tid), player=slip["player_id"])[0]
    assert after["acknowledged"]
    assert after["via"] == "phone"
    service.run(tid, Undo())
    assert not slips_view(service.state(tid), player=slip["player_id"])[0]["acknowledged"]
    service.run(tid, Redo())
    assert slips_view(service.state(tid), player=slip["player_id"])[0] == after


def test_im_here_refusals_write_nothing(service: TournamentService) -> None:
    tid = broken_night(service, "tda")
    mine, other = slips_view(service.state(tid))[:2]
    service.run(tid, AcknowledgeSlip(player=mine["player_id"], slip=mine["slip"]))
    seq = service.state(tid).seq
    cases: list[tuple[AcknowledgeSlip, type[Exception], str]] = [
        (
            AcknowledgeSlip(player=mine["player_id"], slip=other["slip"]),
            RuleViolation,
            "is for another player",
        ),
        (
            AcknowledgeSlip(player=mine["player_id"], slip=mine["slip"]),
            RuleViolation,
            f"already said he is at {mine['place']}",
        ),
        (AcknowledgeSlip(player=mine["player_id"], slip=99), NotFound, "There is no slip 99"),
        (
            AcknowledgeSlip(player=other["player_id"], slip=other["slip"], via="floor"),
            RuleViolation,
            "phone or link",
        ),
    ]
    for cmd, exc, words in cases:
        with pytest.raises(exc, match=words) as caught:
            service.run(tid, cmd, role="public")
        if isinstance(caught.value, RuleViolation):
            assert caught.value.rule_ids == ("TDA-9", "TDA-10C")
        assert service.state(tid).seq == seq


def test_FOX_6_a_slip_moved_on_from_is_out_of_date(service: TournamentService) -> None:
    """Moved again by the floor (FOX-6: a floor decision) before he said "I'm here": the
    break slip is out of date, the new one names the new seat."""
    tid = broken_night(service, "foxwoods")
    first = slips_view(service.state(tid))[-1]
    table = first["table"]
    seated = live_seating(service.state(tid)).tables[table].players
    empty = next(i + 1 for i, p in enumerate(seated) if p is None)
    service.run(tid, MovePlayer(player=first["name"], table=table, seat=empty))
    newer = slips_view(service.state(tid), player=first["player_id"])[0]
    assert (newer["kind"], newer["table"], newer["seat"]) == ("floor", table, empty)
    seq = service.state(tid).seq
    with pytest.raises(RuleViolation, match=f"out of date.*table {table} seat {empty}"):
        service.run(tid, AcknowledgeSlip(player=first["player_id"], slip=first["slip"]))
    assert service.state(tid).seq == seq
    stale = slips_view(service.state(tid), player=first["player_id"])[1]
    assert not stale["current"]
    assert newer["current"]


def test_K1_B15_penalty_and_clock_slips(service: TournamentService) -> None:
    """A warning (K1) is private: a public phone does not see it and may not acknowledge
    it, a link bound to the player may; a clock call (B15) is a slip for the player in the
    called seat, with the rules the TDA default cites for it (TDA-29, TDA-30)."""
    tid = broken_night(service, "tda")
    state = service.state(tid)
    where = live_seating(state).where
    victim = next(e for e in state.part(Roster).entries.values() if e.entry_id in where)
    table, seat = where[victim.entry_id]
    service.run(tid, GivePenalty(player=victim.name, kind=PenaltyKind.WARNING, reason="slow play"))
    service.run(tid, StartClock())
    service.run(tid, CallClock(table=str(table), seat=seat + 1))
    every = slips_view(service.state(tid), player=victim.player_id)
    kinds = [s["kind"] for s in every]
    assert kinds[:2] == ["clock", "penalty"]
    clock, penalty = every[0], every[1]
    assert (clock["table"], clock["seat"]) == (table, seat + 1)
    assert clock["rule_ids"] == ["TDA-29", "TDA-30"]  # B15 at the TDA default
    assert penalty["why"] == "You are given a warning for slow play."
    public = slips_view(service.state(tid), player=victim.player_id, private=False)
    assert "penalty" not in [s["kind"] for s in public]
    seq = service.state(tid).seq
    with pytest.raises(RuleViolation, match="own link only"):
        service.run(tid, AcknowledgeSlip(player=victim.player_id, slip=penalty["slip"]))
    assert service.state(tid).seq == seq
    service.run(tid, AcknowledgeSlip(player=victim.player_id, slip=penalty["slip"], via="link"))
    assert slips_view(service.state(tid), player=victim.player_id)[1]["via"] == "link"


def test_C10_TNPL_B6i_final_table_slips(service: TournamentService) -> None:
    """TNPL, 14 players at two tables, 5 out: the final table forms at table 1 and each
    player drawn into it gets a slip naming his seat there and TNPL-B6i (C10 at TNPL)."""
    tmpl = load_template("kpc_nlh").with_changes(profile="tnpl", tables=2, seats_per_table=9)
    tid = service.create(CreateTournament(name="Tuesday", template=tmpl))
    for i in range(14):
        service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
    service.run(tid, DrawSeats())
    for e in list(service.state(tid).part(Roster).entries.values())[:5]:
        service.run(tid, Bust(players=(e.name,)))
    (drawn,) = [r.event for r in service.run(tid, Redraw()) if isinstance(r.event, FinalTableDrawn)]
    where = live_seating(service.state(tid)).where
    slips = slips_view(service.state(tid))
    assert len(slips) == len(drawn.draws) > 0
    assert {s["entry_id"] for s in slips} == {d.entry_id for d in drawn.draws}
    for s in slips:
        assert s["kind"] == "final_table"
        assert (s["table"], s["seat"]) == (where[s["entry_id"]][0], where[s["entry_id"]][1] + 1)
        assert s["table"] == drawn.table
        assert s["rule_ids"] == ["TNPL-B6i"]
