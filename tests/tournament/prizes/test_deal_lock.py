"""Nothing slow under the lock (issue 10): a deal's ICM runs outside the tournament's lock.

The service asks the command for its inputs under the lock (:meth:`ProposeDeal.prepare`),
computes the ICM with no lock held (bounded Monte-Carlo above 10 players, with a time
cap), then decides under the lock with the result — only if the inputs are still the
same. A deal the house forbids is refused before any ICM. These tests check the
structure (who holds the lock while ICM runs, whether a reader is served meanwhile), not
the machine's speed.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import RuleViolation
from pokertd.store import open_store
from pokertd.tournament.entries import CloseRegistration, CreateTournament, RecordChips, Register
from pokertd.tournament.framework import Context, decide
from pokertd.tournament.prizes import DealProposed, ProposeDeal, SetPrizeOptions, deal_view
from pokertd.tournament.prizes import deals as deals_module
from pokertd.tournament.prizes import icm as icm_module
from pokertd.tournament.prizes import log as prizes_module
from pokertd.tournament.prizes.deals import DealKind
from pokertd.tournament.prizes.icm import MIN_SAMPLES, IcmMethod, IcmResult, monte_carlo_icm
from pokertd.tournament.templates import load_template
from pokertd.types import Cents, Chips

NOW = datetime(2026, 3, 8, 19, 0, tzinfo=UTC)


class TrackedLock:
    """The service's per-tournament lock, remembering which thread holds it."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self.owner: int | None = None
        self.depth = 0
        self.acquired = 0

    def __enter__(self) -> TrackedLock:
        self._lock.acquire()
        self.owner = threading.get_ident()
        self.depth += 1
        self.acquired += 1
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.owner = None
        self._lock.release()

    def held(self) -> bool:
        """Whether any thread holds the lock now."""
        return self.owner is not None


def night(
    players: int, template: str = "fox_saturday", **changes: object
) -> tuple[TournamentService, str]:
    """A FOX Saturday with ``players`` entries still in (starting stacks), registration
    closed."""
    service = TournamentService(
        open_store("sqlite:///:memory:"), now=lambda: NOW, rng_factory=lambda: random.Random(7)
    )
    tmpl = load_template(template)
    if changes:
        tmpl = tmpl.with_changes(**changes)
    tid = service.create(CreateTournament(name="Saturday", template=tmpl))
    for i in range(players):
        service.run(tid, Register(name=f"Player {i:02d}", member=f"{1000 + i}", age_ok=True))
    service.run(tid, CloseRegistration())
    return service, tid


def track(service: TournamentService, tid: str) -> TrackedLock:
    """Put a :class:`TrackedLock` in place of the tournament's lock."""
    lock = TrackedLock()
    service._cached(tid).lock = lock  # type: ignore[assignment]
    return lock


IcmCall = Callable[..., IcmResult]


def test_deal_icm_runs_outside_the_lock_and_a_reader_is_served_meanwhile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service, tid = night(30)  # 30 players: Monte-Carlo ICM
    service.run(tid, SetPrizeOptions(deals_enabled=True))
    service.heavy_seconds = 0.0  # the time cap: stop at the fewest samples
    lock = track(service, tid)
    real: IcmCall = deals_module.deal_icm
    seen: list[dict[str, Any]] = []

    def watched(stacks: tuple[Chips, ...], prizes: tuple[Cents, ...], **kw: Any) -> IcmResult:
        served: list[int] = []
        reader = threading.Thread(target=lambda: served.append(service.state(tid).seq))
        reader.start()
        reader.join(timeout=30)
        result = real(stacks, prizes, **kw)
        seen.append({"held": lock.held(), "served": bool(served), "result": result})
        return result

    monkeypatch.setattr(prizes_module, "deal_icm", watched)
    records = service.run(tid, ProposeDeal(kind=DealKind.ICM))
    assert len(seen) == 1  # computed once, outside; the decider used that result
    assert seen[0]["held"] is False
    assert seen[0]["served"] is True  # another reader got the state while ICM ran
    result = seen[0]["result"]
    assert result.method is IcmMethod.MONTE_CARLO
    assert result.samples == MIN_SAMPLES  # the time cap stopped it at the floor
    event = records[0].event
    assert isinstance(event, DealProposed)
    assert len(event.names) == 30
    assert sum(event.amounts) + event.play_for == event.remaining_pool
    assert lock.acquired >= 2  # read the inputs, then decide: two short holds


@pytest.mark.parametrize(
    ("template", "changes", "match"),
    [
        ("fox_saturday", {}, r"house does not allow a deal.*FOX-73"),
        ("fox_saturday", {"profile": "kojack"}, r"not allowed in this event.*J4"),
        (
            "fox_saturday",
            {"profile": "spotlight", "reentry": False},
            r"only among the paid places.*SPOT-6\.15",
        ),
    ],
)
def test_forbidden_deal_is_refused_before_any_icm(
    monkeypatch: pytest.MonkeyPatch, template: str, changes: dict[str, object], match: str
) -> None:
    service, tid = night(30, template, **changes)

    def no_icm(*args: object, **kw: object) -> IcmResult:
        raise AssertionError("ICM must not run for a deal the venue forbids")

    for module, name in (
        (prizes_module, "deal_icm"),
        (deals_module, "icm"),
        (icm_module, "exact_icm"),
        (icm_module, "monte_carlo_icm"),
    ):
        monkeypatch.setattr(module, name, no_icm)
    seq = service.state(tid).seq
    with pytest.raises(RuleViolation, match=match):
        service.run(tid, ProposeDeal(kind=DealKind.ICM))
    assert service.state(tid).seq == seq
    assert ProposeDeal(kind=DealKind.ICM).prepare(service.state(tid)) is None


def test_changed_stacks_while_icm_ran_are_computed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    service, tid = night(4)
    service.run(tid, SetPrizeOptions(deals_enabled=True))
    service.run(tid, RecordChips(counts=tuple((f"Player {i:02d}", 10_000) for i in range(4))))
    real: IcmCall = deals_module.deal_icm
    calls: list[tuple[Chips, ...]] = []

    def racing(stacks: tuple[Chips, ...], prizes: tuple[Cents, ...], **kw: Any) -> IcmResult:
        calls.append(stacks)
        if len(calls) == 1:  # another tablet records a count while ICM runs
            service.run(tid, RecordChips(counts=(("Player 00", 25_000),)))
        return real(stacks, prizes, **kw)

    monkeypatch.setattr(prizes_module, "deal_icm", racing)
    service.run(tid, ProposeDeal(kind=DealKind.ICM))
    assert calls == [(10_000,) * 4, (25_000, 10_000, 10_000, 10_000)]
    view = deal_view(service.state(tid))
    assert view is not None
    assert view.stacks == (25_000, 10_000, 10_000, 10_000)
    assert view.amounts[0] > view.amounts[1] == view.amounts[2] == view.amounts[3]


def test_pure_decide_computes_icm_itself() -> None:
    """Without a service (no precomputed result), the decider computes ICM as before."""
    service, tid = night(3)
    service.run(tid, SetPrizeOptions(deals_enabled=True))
    service.run(
        tid,
        RecordChips(counts=(("Player 00", 30_000), ("Player 01", 20_000), ("Player 02", 10_000))),
    )
    state = service.state(tid)
    command = ProposeDeal(kind=DealKind.ICM)
    by_hand = decide(state, command, Context(now=NOW))
    by_service = service.run(tid, command)
    assert by_hand == [r.event for r in by_service]
    event = by_hand[0]
    assert isinstance(event, DealProposed)
    assert event.amounts[0] > event.amounts[1] > event.amounts[2]


def test_monte_carlo_is_bounded_by_draws_and_time() -> None:
    stacks = [1000 + 37 * i for i in range(40)]
    prizes = [5000, 3000, 2000, 1000]
    by_draws = monte_carlo_icm(stacks, prizes, rng=random.Random(1), max_draws=100_000)
    assert by_draws.samples == 2500  # 100,000 draws / 40 players
    floor = monte_carlo_icm(stacks, prizes, rng=random.Random(1), max_draws=1_000)
    assert floor.samples == MIN_SAMPLES  # never fewer than the floor
    asked: list[int] = []

    def out_of_time() -> bool:
        asked.append(1)
        return len(asked) >= 5

    timed = monte_carlo_icm(stacks, prizes, rng=random.Random(1), out_of_time=out_of_time)
    assert timed.samples == MIN_SAMPLES + 4 * icm_module.CHECK_EVERY  # asked from the floor on
    assert sum(timed.equities) == pytest.approx(sum(prizes), abs=len(stacks))
    assert len(asked) == 5
