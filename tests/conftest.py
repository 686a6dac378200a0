"""Suite-wide rules: in CI every tier must run.

Some tests need what a fresh clone may lack — a PostgreSQL server (``$POKERTD_TEST_PG_URL``),
Debian's chromium, the rulebooks and PHH corpus in ``../shared`` — and skip with a reason
without it, so a developer's quick loop still works. ``.ci/run`` installs and starts all of
them and sets ``POKERTD_REQUIRE_ALL_TIERS=1``; then a skip means a tier silently did not run,
and green would lie. Under that variable every skip (a skipped test, a fixture that skips, a
module that cannot be collected because of ``importorskip``) is reported as a failure that
names the missing piece, and the run exits non-zero.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator

import pytest
from hypothesis import HealthCheck, settings

from pokertd.store.testing import fresh_postgres_database, postgres_test_url

settings.register_profile(
    "pokertd",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("pokertd")
"""Hypothesis without wall-clock limits: tests never assert times (a per-example deadline or
the "too slow" health check is one, and fails on a loaded CI machine running two workers);
each property keeps its own number of examples."""

REQUIRE_ALL_TIERS = "POKERTD_REQUIRE_ALL_TIERS"
"""Set to 1 (``.ci/run`` does) to turn every skip into a failure."""


def all_tiers_required() -> bool:
    """Whether this run must not skip anything (``$POKERTD_REQUIRE_ALL_TIERS`` is set)."""
    return os.environ.get(REQUIRE_ALL_TIERS, "").strip() not in ("", "0")


def _reason(longrepr: object) -> str:
    """The skip reason out of a skip report (``(path, line, "Skipped: why")``)."""
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def _as_failure(report: pytest.TestReport | pytest.CollectReport) -> None:
    """Turn a skip report into a failure that says what is missing and why it counts."""
    why = _reason(report.longrepr)
    report.outcome = "failed"
    report.longrepr = (
        f"skipped, but {REQUIRE_ALL_TIERS} is set so every tier must run: {why}"
        "\n(install or start what is missing; .ci/run does this on a Debian machine as root)"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A skipped test (in setup, in the test, by a ``skip``/``skipif`` mark) fails under
    ``$POKERTD_REQUIRE_ALL_TIERS``; expected failures (xfail) are left alone."""
    report = yield
    if report.skipped and not hasattr(report, "wasxfail") and all_tiers_required():
        _as_failure(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """A module skipped at collection (``pytest.importorskip`` at import time, a module-level
    ``pytest.skip``) fails under ``$POKERTD_REQUIRE_ALL_TIERS`` like a skipped test."""
    report = yield
    if report.skipped and all_tiers_required():
        _as_failure(report)
    return report


@pytest.fixture(scope="module")
def pg_database(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh PostgreSQL database for the requesting module (named after it), dropped
    afterwards; skipped (a failure in CI) without a server."""
    base, reason = postgres_test_url()
    if base is None:
        pytest.skip(reason)
    prefix = "pokertd_" + request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_")
    with fresh_postgres_database(base, prefix[:40]) as url:
        yield url
