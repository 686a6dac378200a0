"""The player database through the service (issue 14): registration picks the person, a
history is read from the tournaments' own results, merges keep every result and undo them.

Two recorded tournaments, numbers by hand:

* ``fox`` — Foxwoods $100 NLH Bounty ($52 prize pool + $3 P.C. fee + $20 entry fee + $25
  bounty = $100 an entry). Cy Wu knocks out Ed and Di (2 x $25 = $50 of bounties), then
  goes out third of five to Ann; the two paid places (60/40 of the pool) go to Ann and Bob,
  so Cy wins no prize: place 3, prize $0, bounties $50, spent $100.
* ``kpc`` — Kojack's NLH re-entry ($100 prize pool + $20 admin fee, KPC-57). Four players
  and Di's re-entry are five entries: a $500 pool, winner takes all at five entries. Cy
  wins it: place 1, prize $500, bounties $0 (no bounty), spent $120.

Cy's totals: 2 events, 1 cash, best place 1, prizes $500, bounties $50, spent $220.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pokertd.app.players import PlayerService
from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.store import open_store
from pokertd.store.players import PlayerStore
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    CloseRegistration,
    CreateTournament,
    PlayerAdded,
    Reenter,
    Register,
    Roster,
)
from pokertd.tournament.framework import event_from_json
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


class Venue:
    """One in-memory store, its tournament service and its player service."""

    def __init__(self) -> None:
        self.service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: NOW)
        self.players = PlayerService(self.service.store, self.service, now=lambda: NOW)
        store = self.service.store
        assert isinstance(store, PlayerStore)
        self.store = store

    def event(self, tid: str, template: str) -> str:
        return self.service.create(
            CreateTournament(name=tid.upper(), template=load_template(template)),
            tournament_id=tid,
        )

    def reg(self, tid: str, name: str, card: str = "", player_id: str | None = None) -> None:
        self.service.run(
            tid,
            Register(name=name, member=card, age_ok=True, member_ok=True, player_id=player_id),
            actor="floor1",
            role="floor",
        )

    def bust(self, tid: str, name: str, by: str) -> None:
        self.service.run(tid, Bust(players=(name,), eliminator=by), actor="floor1")

    def db_id(self, tid: str, name: str) -> str:
        roster = self.service.state(tid).part(Roster)
        player = roster.by_name(name)
        assert player is not None
        return player.db_id


def _two_nights(venue: Venue, second_name: str = "Cy Wu") -> None:
    """The two tournaments of the module docstring (Cy registers as ``second_name`` in kpc)."""
    venue.event("fox", "fox_bounty_100")
    for name, card in (("Ann Lee", ""), ("Bob Ray", ""), ("Cy Wu", "C-1"), ("Di Fox", ""),
                       ("Ed Po", "")):  # fmt: skip
        venue.reg("fox", name, card)
    venue.bust("fox", "Ed Po", "Cy Wu")
    venue.bust("fox", "Di Fox", "Cy Wu")
    venue.bust("fox", "Cy Wu", "Ann Lee")
    venue.service.run("fox", CloseRegistration())
    venue.bust("fox", "Bob Ray", "Ann Lee")
    venue.event("kpc", "kpc_nlh")
    for name in ("Ann Lee", "Bob Ray", second_name, "Di Fox"):
        venue.reg("kpc", name)
    venue.bust("kpc", "Di Fox", second_name)
    venue.service.run("kpc", Reenter(player="Di Fox"))
    venue.bust("kpc", "Di Fox", second_name)
    venue.bust("kpc", "Bob Ray", second_name)
    venue.service.run("kpc", CloseRegistration())
    venue.bust("kpc", "Ann Lee", second_name)


# ---- registration picks the person -------------------------------------------------


def test_registration_reuses_the_person_by_card_or_exact_name_else_adds_one() -> None:
    venue = Venue()
    venue.event("kpc", "kpc_nlh")
    venue.event("kpc2", "kpc_nlh")
    venue.reg("kpc", "Cy Wu", "C-1")
    cy = venue.db_id("kpc", "Cy Wu")
    assert cy.startswith("pl")
    assert len(cy) == 10
    record = venue.store.player(cy)
    assert record is not None
    assert (record.name, record.card) == ("Cy Wu", "C-1")
    venue.reg("kpc2", "Cyrus Wu", "c1")  # the card's holder, whatever the name
    assert venue.db_id("kpc2", "Cyrus Wu") == cy
    venue.event("kpc3", "kpc_nlh")
    venue.reg("kpc3", "cy  wu")  # exactly the name (case, spaces aside), no card given
    assert venue.db_id("kpc3", "cy wu") == cy
    venue.reg("kpc3", "Dee Lane")  # nobody of that name: a new person
    assert venue.db_id("kpc3", "Dee Lane") not in ("", cy)
    assert venue.store.player_count() == 2


def test_one_card_under_two_names_in_one_event_is_one_person() -> None:
    """The card names the person: both stacks are recorded with one database player (the
    event itself does not refuse it, as before the player database)."""
    venue = Venue()
    venue.event("kpc", "kpc_nlh")
    venue.reg("kpc", "Cy Wu", "C-1")
    venue.reg("kpc", "Cyrus Wu", "C1")
    assert venue.db_id("kpc", "Cyrus Wu") == venue.db_id("kpc", "Cy Wu")
    assert venue.store.player_count() == 1


def test_another_card_under_the_same_name_is_another_person() -> None:
    venue = Venue()
    venue.event("kpc", "kpc_nlh")
    venue.reg("kpc", "Alice", "1001")
    venue.reg("kpc", "Alice B", "2002")
    venue.event("kpc2", "kpc_nlh")
    venue.reg("kpc2", "Alice", "3003")
    assert venue.db_id("kpc2", "Alice") != venue.db_id("kpc", "Alice")
    assert venue.store.player_count() == 3


def test_two_people_of_one_name_must_be_told_apart_and_nothing_is_written() -> None:
    venue = Venue()
    venue.event("kpc", "kpc_nlh")
    a = venue.players.add("Sam Hill", staff="td")
    b = venue.players.add("Sam Hill", staff="td")
    seq = venue.service.state("kpc").seq
    with pytest.raises(InvalidCommand, match="Several players are called Sam Hill") as caught:
        venue.reg("kpc", "Sam Hill")
    assert caught.value.context["players"] == sorted([a.id, b.id])
    assert venue.service.state("kpc").seq == seq
    venue.reg("kpc", "Sam Hill", player_id=b.id)
    assert venue.db_id("kpc", "Sam Hill") == b.id
    assert venue.store.player_count() == 2


def test_a_refused_registration_adds_nobody_and_an_unknown_id_is_not_found() -> None:
    venue = Venue()
    venue.event("fox", "fox_bounty_100")
    seq = venue.service.state("fox").seq
    with pytest.raises(RuleViolation):  # Foxwoods: age must be confirmed (A1)
        venue.service.run("fox", Register(name="Kid Young", member_ok=True), role="floor")
    with pytest.raises(NotFound, match="no player 'plnothere1'"):
        venue.reg("fox", "Ann Lee", player_id="plnothere1")
    assert venue.service.state("fox").seq == seq
    assert venue.store.player_count() == 0


def test_a_merged_duplicate_registers_as_the_player_it_was_merged_into() -> None:
    venue = Venue()
    venue.event("kpc", "kpc_nlh")
    keep = venue.players.add("Ann Lee", "FX 100", staff="td")
    dup = venue.players.add("Anne Lee", staff="td")
    venue.players.merge(dup.id, keep.id, staff="td")
    venue.reg("kpc", "Anne Lee", player_id=dup.id)
    assert venue.db_id("kpc", "Anne Lee") == keep.id


def test_old_logs_read_with_no_person() -> None:
    """A version 1 ``player_added`` (before issue 14) upcasts to no database player."""
    ev = event_from_json("player_added", 1, {"player_id": "P1", "name": "Ann", "member": ""})
    assert isinstance(ev, PlayerAdded)
    assert ev.db_id == ""


# ---- history ------------------------------------------------------------------------


def test_history_of_two_recorded_tournaments_by_hand() -> None:
    venue = Venue()
    _two_nights(venue)
    cy = venue.db_id("fox", "Cy Wu")
    assert venue.db_id("kpc", "Cy Wu") == cy
    history = venue.players.history(cy)
    rows = {r.tournament_id: r for r in history.rows}
    fox, kpc = rows["fox"], rows["kpc"]
    assert (fox.place, fox.prize, fox.bounties, fox.spent, fox.entrants) == (3, 0, 5000, 10000, 5)
    assert (kpc.place, kpc.prize, kpc.bounties, kpc.spent, kpc.entrants) == (1, 50000, 0, 12000, 5)
    assert (kpc.entries, kpc.status, kpc.event) == (1, "alive", "KPC")
    assert (history.events, history.cashes, history.best_place) == (2, 1, 1)
    assert (history.prizes, history.bounties, history.spent) == (50000, 5000, 22000)
    assert history.points is None
    di = venue.players.history(venue.db_id("kpc", "Di Fox"))
    di_kpc = {r.tournament_id: r for r in di.rows}["kpc"]
    assert (di_kpc.entries, di_kpc.spent) == (2, 24000)  # a re-entry: two $120 entries


def test_history_adds_league_points_from_a_source() -> None:
    venue = Venue()
    _two_nights(venue)
    cy = venue.db_id("fox", "Cy Wu")
    table = {"fox": {cy: 3.5}, "kpc": {cy: 10.0}}
    players = PlayerService(venue.store, venue.service, points=lambda tid: table[tid])
    history = players.history(cy)
    assert [r.points for r in history.rows if r.tournament_id == "kpc"] == [10.0]
    assert history.points == 13.5


def test_merge_keeps_every_result_and_undo_restores_it() -> None:
    venue = Venue()
    _two_nights(venue, second_name="Cyrus Wu")  # no card at kpc: a second person
    cy, cyrus = venue.db_id("fox", "Cy Wu"), venue.db_id("kpc", "Cyrus Wu")
    assert cy != cyrus
    before_cy = venue.players.history(cy)
    before_cyrus = venue.players.history(cyrus)
    assert [r.tournament_id for r in before_cy.rows] == ["fox"]
    assert [r.tournament_id for r in before_cyrus.rows] == ["kpc"]
    merge = venue.players.merge(cyrus, cy, staff="td")
    assert (merge.from_id, merge.into_id, merge.staff, merge.at) == (
        cyrus, cy, "td", NOW.isoformat(),
    )  # fmt: skip
    merged = venue.players.history(cy)
    assert sorted(r.tournament_id for r in merged.rows) == ["fox", "kpc"]
    assert (merged.events, merged.prizes, merged.bounties, merged.spent) == (2, 50000, 5000, 22000)
    assert {r.db_id for r in merged.rows} == {cy, cyrus}
    assert venue.players.history(cyrus).player.id == cy  # the duplicate stands for Cy now
    venue.players.unmerge(cyrus, staff="td")
    assert venue.players.history(cy) == before_cy
    assert venue.players.history(cyrus) == before_cyrus
    profile = venue.players.show(cyrus)
    assert [(m.from_id, m.into_id, m.undone_by) for m in profile.merges] == [(cyrus, cy, "td")]


# ---- bad input ----------------------------------------------------------------------


def test_bad_input_is_refused_in_a_sentence_and_changes_nothing() -> None:
    venue = Venue()
    ann = venue.players.add("Ann Lee", staff="td")
    with pytest.raises(InvalidCommand, match="at most 60 characters, not 61"):
        venue.players.add("x" * 61, staff="td")
    with pytest.raises(InvalidCommand, match="at most 32 characters"):
        venue.players.add("Bob", "9" * 33, staff="td")
    with pytest.raises(InvalidCommand, match="name is missing"):
        venue.players.add("   ", staff="td")
    with pytest.raises(InvalidCommand, match="cannot be merged into themselves"):
        venue.players.merge(ann.id, f" {ann.id} ", staff="td")
    with pytest.raises(NotFound, match="no player 'plnobody01'"):
        venue.players.merge(ann.id, "plnobody01", staff="td")
    with pytest.raises(NotFound):
        venue.players.history("plnobody01")
    with pytest.raises(InvalidCommand, match="Staff confirm age or membership, not 'height'"):
        venue.players.confirm(ann.id, "height", staff="td")
    with pytest.raises(InvalidCommand, match="Ask for 1 to 200 players, not 0"):
        venue.players.search("ann", limit=0)
    assert venue.store.player_count() == 1
    assert venue.store.merges([ann.id]) == []
    assert venue.store.confirmations([ann.id]) == []


def test_confirmations_record_who_and_when_A1() -> None:
    venue = Venue()
    ann = venue.players.add("Ann Lee", staff="td")
    venue.players.confirm(ann.id, "Age", staff="floor1", note="licence")
    venue.players.confirm(ann.id, "membership", staff="floor2")
    shown = venue.players.show(ann.id)
    assert [(c.kind, c.staff, c.at, c.note) for c in shown.confirmations] == [
        ("age", "floor1", NOW.isoformat(), "licence"),
        ("membership", "floor2", NOW.isoformat(), ""),
    ]


def test_reindex_rebuilds_the_links_from_the_logs() -> None:
    venue = Venue()
    _two_nights(venue)
    with venue.store._ptx() as run:  # type: ignore[attr-defined]
        run("DELETE FROM pokertd_player_events", ())
    cy = venue.db_id("fox", "Cy Wu")
    assert venue.players.history(cy).events == 0
    assert venue.players.reindex() == 5 + 4  # five people at fox, four at kpc
    assert venue.players.history(cy).events == 2


def test_a_players_mail_address_is_kept_private_checked_and_cleared() -> None:
    """Issue 26: the address a player gives (sign-up, import, desk) is recorded beside the
    player, refused when it is not one (nothing changed), and cleared with ``""``."""
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: NOW)
    people = PlayerService(service.store, service, now=lambda: NOW)
    ann = people.add("Ann Lee", staff="Dee")
    bob = people.add("Bob Ray", staff="Dee")
    assert people.set_email(ann.id, "  ann@example.org ", staff="Dee") == "ann@example.org"
    with pytest.raises(InvalidCommand, match="is not a mail address"):
        people.set_email(bob.id, "bob at example", staff="Dee")
    with pytest.raises(InvalidCommand, match="at most 254 characters"):
        people.set_email(bob.id, "b" * 250 + "@x.org", staff="Dee")
    with pytest.raises(NotFound):
        people.set_email("plnobody22", "x@example.org", staff="Dee")
    assert people.emails([ann.id, bob.id]) == {ann.id: "ann@example.org"}
    people.set_email(ann.id, "", staff="Dee")
    assert people.emails([ann.id, bob.id]) == {}
