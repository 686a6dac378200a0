"""The CI rule "green means every tier ran", tested on the real ``tests/conftest.py``.

Each test runs a small pytest session (pytester, in a subprocess, with a copy of the suite's
root conftest) whose tests skip the way this suite's tiers do: a ``pytest.skip`` in the test
(PostgreSQL), a ``skipif`` mark (chromium), a fixture that skips (``../shared``), a module
``importorskip`` (Playwright). Under ``$POKERTD_REQUIRE_ALL_TIERS`` each of them must fail the
run with its reason; without it they skip and the run passes (the developer's quick loop).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).with_name("conftest.py")

TIERS = """
import pytest

@pytest.fixture
def corpus():
    pytest.skip("PHH corpus not found at ../shared/phh")

def test_postgres():
    pytest.skip("no PostgreSQL: set POKERTD_TEST_PG_URL")

@pytest.mark.skipif(True, reason="chromium is not installed at /usr/bin/chromium")
def test_browser():
    pass

def test_phh(corpus):
    pass

@pytest.mark.xfail(reason="a known bug, not a missing tier", strict=True)
def test_known_bug():
    assert False

def test_plain():
    assert 1 + 1 == 2
"""


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    """A scratch directory with the suite's conftest and the tier-like tests."""
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(test_tiers=TIERS)
    return pytester


def test_every_skip_fails_the_run_when_all_tiers_are_required(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POKERTD_REQUIRE_ALL_TIERS", "1")
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-rA")
    # The skip inside the test fails it; the mark and the fixture skip in setup: errors.
    result.assert_outcomes(passed=1, failed=1, errors=2, xfailed=1, skipped=0)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    out = result.stdout.str()
    for reason in (
        "no PostgreSQL: set POKERTD_TEST_PG_URL",
        "chromium is not installed at /usr/bin/chromium",
        "PHH corpus not found at ../shared/phh",
    ):
        assert f"POKERTD_REQUIRE_ALL_TIERS is set so every tier must run: {reason}" in out


def test_skips_are_only_skips_in_the_quick_loop(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    for value in (None, "0"):
        if value is None:
            monkeypatch.delenv("POKERTD_REQUIRE_ALL_TIERS", raising=False)
        else:
            monkeypatch.setenv("POKERTD_REQUIRE_ALL_TIERS", value)
        result = suite.runpytest_subprocess("-p", "no:cacheprovider")
        result.assert_outcomes(passed=1, skipped=3, xfailed=1)
        assert result.ret == pytest.ExitCode.OK, value


def test_a_module_skipped_at_collection_fails_the_run(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(
        test_browser='import pytest\npytest.importorskip("no_such_browser_driver")\n'
        "def test_x():\n    pass\n"
    )
    monkeypatch.delenv("POKERTD_REQUIRE_ALL_TIERS", raising=False)
    relaxed = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert relaxed.ret == pytest.ExitCode.NO_TESTS_COLLECTED  # skipped module, nothing ran
    relaxed.assert_outcomes(skipped=1)

    monkeypatch.setenv("POKERTD_REQUIRE_ALL_TIERS", "1")
    strict = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert strict.ret == pytest.ExitCode.INTERRUPTED  # a collection error stops the run
    strict.assert_outcomes(errors=1)
    assert "No module named 'no_such_browser_driver'" in strict.stdout.str()
