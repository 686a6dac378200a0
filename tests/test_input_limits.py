"""Every command field has a limit, and every face meets it (issue 10, "Inputs").

The limits are declared once on the command types (:mod:`pokertd.tournament.limits`) and
checked by ``framework.decide``; these tests drive them through the service, the way the
CLI and the simulator do (the API has its own tests in ``tests/web/test_inputs_api.py``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import typing
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.app.tournaments import TournamentService, open_service
from pokertd.errors import InvalidCommand, PokertdError, RuleViolation
from pokertd.tournament.clock import AdjustClock
from pokertd.tournament.entries import CreateTournament, Register, find_player
from pokertd.tournament.limits import NAME_MAX, field_limits, unbounded_leaves
from pokertd.tournament.permissions import command_classes
from pokertd.tournament.templates import load_template

NFC_NAME = unicodedata.normalize("NFC", "José Núñez")
NFD_NAME = unicodedata.normalize("NFD", "José Núñez")

EXEMPT = {
    ("CreateTournament", "template"),  # a loaded Template object, never sent by a client
    ("CreateTournament", "profile"),
    ("CreateTournament", "early_bird_until"),
}
"""Fields that carry no limit on purpose (none of them reaches the store as given)."""


@pytest.fixture
def service(tmp_path: Path) -> Iterator[TournamentService]:
    opened = open_service(f"sqlite:///{tmp_path / 'limits.db'}")
    yield opened
    opened.close()


def _tournament(service: TournamentService) -> str:
    return service.create(
        CreateTournament(name="Limits", template=load_template("fox_wed_80")), actor="td"
    )


def _register(name: str) -> Register:
    return Register(name=name, age_ok=True, member_ok=True)


def test_every_text_and_number_of_every_command_has_a_limit() -> None:
    unbounded = []
    for cls in command_classes().values():
        hints = typing.get_type_hints(cls, include_extras=True)
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            if (cls.__name__, f.name) in EXEMPT:
                continue
            if unbounded_leaves(hints[f.name]):
                unbounded.append(f"{cls.__name__}.{f.name}")
    assert unbounded == []
    assert [lim.high for lim in field_limits(Register)["name"]] == [NAME_MAX]


def test_ten_million_character_name_is_refused_and_nothing_is_stored(
    service: TournamentService,
) -> None:
    tid = _tournament(service)
    before = len(service.records(tid))
    with pytest.raises(InvalidCommand, match="at most 60 characters"):
        service.run(tid, _register("x" * 10_000_000), actor="td")
    assert len(service.records(tid)) == before


def test_name_of_60_characters_after_trimming_is_taken(service: TournamentService) -> None:
    tid = _tournament(service)
    service.run(tid, _register("  " + "a" * 60 + "  "), actor="td")
    assert find_player(service.state(tid), "a" * 60).name == "a" * 60


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Bob\ud800", "lone surrogate"),
        ("Bob\x00", "control character"),
        ("Bob\u202eevil", "text-direction override"),
    ],
)
def test_broken_unicode_and_control_characters_are_refused(
    service: TournamentService, name: str, words: str
) -> None:
    tid = _tournament(service)
    before = len(service.records(tid))
    with pytest.raises(InvalidCommand, match=words):
        service.run(tid, _register(name), actor="td")
    assert len(service.records(tid)) == before


def test_adjust_clock_by_two_to_the_63_seconds_is_refused(service: TournamentService) -> None:
    tid = _tournament(service)
    before = len(service.records(tid))
    with pytest.raises(InvalidCommand, match="between -86,400 and 86,400"):
        service.run(tid, AdjustClock(seconds=2**63), actor="td")
    assert len(service.records(tid)) == before


def test_nfc_and_nfd_spellings_are_the_same_player(service: TournamentService) -> None:
    assert NFC_NAME != NFD_NAME  # the two spellings really differ in code points
    tid = _tournament(service)
    service.run(tid, _register(NFD_NAME), actor="td")
    state = service.state(tid)
    assert find_player(state, NFC_NAME).name == NFC_NAME  # stored as NFC
    assert find_player(state, NFD_NAME.upper()).name == NFC_NAME  # found either way
    before = len(service.records(tid))
    with pytest.raises(RuleViolation, match="already registered"):
        service.run(tid, _register(NFC_NAME.lower()), actor="td")
    assert len(service.records(tid)) == before


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(name=st.text(max_size=80), seconds=st.integers(min_value=-(2**70), max_value=2**70))
def test_any_text_and_any_int_only_ever_meet_pokertd_refusals(
    tmp_path_factory: pytest.TempPathFactory, name: str, seconds: int
) -> None:
    service = _SHARED.get("service")
    if service is None:
        folder = tmp_path_factory.mktemp("limits-prop")
        service = _SHARED["service"] = open_service(f"sqlite:///{folder / 'p.db'}")
        _SHARED["tid"] = _tournament(service)
    tid = str(_SHARED["tid"])
    assert isinstance(service, TournamentService)
    for command in (_register(name), AdjustClock(seconds=seconds)):
        # a refusal in words is fine; anything else (UnicodeEncodeError...) fails the test
        with contextlib.suppress(PokertdError):
            service.run(tid, command, actor="td")


_SHARED: dict[str, object] = {}
"""One service for the property test's examples (a fresh database per example is slow)."""


@pytest.fixture(autouse=True, scope="module")
def _close_shared() -> Iterator[None]:
    yield
    service = _SHARED.pop("service", None)
    if isinstance(service, TournamentService):
        service.close()


def test_day_and_bag_number_limits_are_refused(service: TournamentService) -> None:
    """Issue 14: a day past 30, a 21-character bag number, a seat worth more than the money
    limit: refused before any rule runs, nothing stored."""
    from pokertd.tournament.days import BAG_MAX, DAY_MAX, EndDay, StartDay
    from pokertd.tournament.satellites import SetSatellite

    tid = _tournament(service)
    service.run(tid, _register("Ann"), actor="td")
    before = len(service.records(tid))
    assert (DAY_MAX, BAG_MAX) == (30, 20)
    with pytest.raises(InvalidCommand, match="A day number can be at most 30"):
        service.run(tid, StartDay(day=31), actor="td")
    with pytest.raises(InvalidCommand, match="at most 20 characters"):
        service.run(tid, EndDay(day=1, bags=(("Ann", "B" * 21),)), actor="td")
    with pytest.raises(InvalidCommand, match="at most 64 characters"):
        service.run(tid, SetSatellite(target_event="t" * 65, seat_value_cents=1), actor="td")
    assert len(service.records(tid)) == before
