"""The conformance matrix (``scripts/conformance.py``, ``docs/conformance.md``): every
catalogue rule ID has exactly one row, the citation scanner finds what tests cite, the JUnit
reading counts passes, and the committed matrix is current."""

from __future__ import annotations

import tomllib
from pathlib import Path

import conformance
import pytest

from pokertd.rules.catalogue import all_rule_ids


def _catalogue() -> str:
    if not conformance.CATALOGUE.exists():
        pytest.skip("../shared/rules-catalog.md is not beside the repository")
    return conformance.CATALOGUE.read_text(encoding="utf-8")


def test_every_rule_id_has_one_row() -> None:
    rows = conformance.build(_catalogue(), {}, {})
    assert [r.rule_id for r in rows] == list(all_rule_ids())
    assert len(rows) == 601
    assert conformance.problems(rows, with_outcomes=False) == []


def test_statuses_follow_citations_notes_and_the_catalogue(tmp_path: Path) -> None:
    """A cited rule is implemented; a record note makes a rule record-only; an entry whose
    Software line is live-only is live-only with the catalogue's own reason; anything else
    is a gap. (No rule IDs in this docstring: it would cite them.)"""
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "def test_KPC_18_reentry_closes():\n"
        "    '''Implements: FOX-REG1.'''\n"
        "class TestY:\n"
        "    def test_other(self):\n"
        "        '''SPOT-6.3 applies.'''\n"
    )
    cited = conformance.citations(tests, all_rule_ids())
    assert cited["KPC-18"] == ["tests/test_x.py::test_KPC_18_reentry_closes"]
    assert cited["FOX-REG1"] == ["tests/test_x.py::test_KPC_18_reentry_closes"]
    assert cited["SPOT-6.3"] == ["tests/test_x.py::TestY::test_other"]
    assert "KPC-1" not in cited  # KPC_18 is not KPC-1
    notes = {"record": {"KPC-52": {"how": "give_penalty (PenaltyGiven)"}}, "live": {}}
    rows = {r.rule_id: r for r in conformance.build(_catalogue(), cited, notes)}
    assert rows["KPC-18"].status == "implemented"
    assert rows["KPC-52"].status == "record-only"
    assert rows["KPC-52"].note == "give_penalty (PenaltyGiven)"
    live = [r for r in rows.values() if r.status == "live-only"]
    assert live
    assert all(r.note for r in live)
    assert rows["TNPL-A2"].status == "gap"


def test_junit_outcomes_need_every_case_to_pass(tmp_path: Path) -> None:
    xml = tmp_path / "junit.xml"
    xml.write_text(
        "<testsuites><testsuite>"
        '<testcase classname="tests.test_x" name="test_a[1]"/>'
        '<testcase classname="tests.test_x" name="test_a[2]"><failure/></testcase>'
        '<testcase classname="tests.test_x.TestY" name="test_b"/>'
        "</testsuite></testsuites>"
    )
    out = conformance.junit_outcomes(xml)
    assert out == {"tests/test_x.py::test_a": False, "tests/test_x.py::TestY::test_b": True}
    row = conformance.Row("KPC-18", ("A4",), "implemented", ["tests/test_x.py::test_a"], "", 0)
    assert conformance.problems([row], with_outcomes=True)[-1].startswith("KPC-18: no passing")


def test_the_committed_matrix_is_current() -> None:
    """``docs/conformance.md`` is what the script writes now (outcome counts aside): rerun
    ``uv run python scripts/conformance.py`` after adding a test that cites a rule."""
    notes = tomllib.loads(conformance.NOTES.read_text(encoding="utf-8"))
    rows = conformance.build(
        _catalogue(), conformance.citations(conformance.TESTS, all_rule_ids()), notes
    )
    fresh = conformance.render(rows, with_outcomes=False)
    current = conformance.DOC.read_text(encoding="utf-8")
    assert conformance._strip_outcomes(current) == fresh
