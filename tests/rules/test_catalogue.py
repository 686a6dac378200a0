"""The catalogue index in the package matches ``../shared/rules-catalog.md``, and each
venue's profile turns catalogue entries into its own rule IDs only.

Run as a script to rewrite the index after the catalogue changes:
``uv run python tests/rules/test_catalogue.py ../shared/rules-catalog.md``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pokertd.rules import catalogue, load_profile
from pokertd.rules.catalogue import ids_for, parse_catalogue, tda_number, venue_of

CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "rules-catalog.md"
DATA = Path(__file__).resolve().parents[2] / "src" / "pokertd" / "rules" / "catalogue_data.py"


def _text() -> str:
    if not CATALOGUE.exists():
        pytest.skip("../shared/rules-catalog.md is not beside the repository")
    return CATALOGUE.read_text(encoding="utf-8")


def render(entries: dict[str, tuple[str, ...]], titles: dict[str, str]) -> str:
    """The source of ``catalogue_data.py`` for ``entries`` and ``titles``."""
    lines = [
        '"""Generated from ../shared/rules-catalog.md by tests/rules/test_catalogue.py: every',
        "catalogue entry key with the venue rule IDs of its heading, and its title. Do not edit",
        'by hand; rerun the script (``tests/rules/test_catalogue.py`` checks it is current)."""',
        "",
        "ENTRIES: dict[str, tuple[str, ...]] = {",
    ]
    for key, ids in entries.items():
        inner = ", ".join(f'"{i}"' for i in ids)
        lines.append(f'    "{key}": ({inner}{"," if len(ids) == 1 else ""}),')
    lines += ["}", "", "TITLES: dict[str, str] = {"]
    for key, title in titles.items():
        escaped = title.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'    "{key}": "{escaped}",')
    lines += ["}", ""]
    return "\n".join(lines)


def test_index_matches_the_catalogue() -> None:
    entries, titles = parse_catalogue(_text())
    assert entries == catalogue.ENTRIES, "rerun: uv run python tests/rules/test_catalogue.py"
    assert titles == catalogue.TITLES


def test_catalogue_counts() -> None:
    """159 entries; 601 distinct venue rule IDs (H5 has no source; J4 names venues, not rules)."""
    entries, _ = parse_catalogue(_text())
    assert len(entries) == 159
    assert entries["H5"] == ()
    assert len(catalogue.all_rule_ids()) == 601
    assert entries["A4"] == (
        "FOX-REG1",
        "FOX-STR-W",
        "FOX-STR-B",
        "FOX-STR-SST",
        "TNPL-B2ii",
        "SPOT-6.3",
        "KPC-18",
        "KPC-6c",
    )


def test_venue_of_and_tda_numbers() -> None:
    assert venue_of("KPC-18") == "KPC"
    assert venue_of("FOX-STR-W") == "FOX"
    assert venue_of("TDA-40") == "TDA"
    assert venue_of("A4") is None
    assert tda_number("FOX-46A") == "TDA-46A"
    assert tda_number("FOX-11B") is None  # big blind ante at the final table: house rule
    assert tda_number("FOX-73") is None
    assert tda_number("FOX-REG1") is None


def test_A4_late_registration_cites_each_venues_own_rule() -> None:
    """Late registration by venue: Kojack's two rules, the League's, Spotlight's, Foxwoods'
    policy and structure sheets; the TDA text has no numbered rule for it. (The IDs stay out
    of this docstring: this tests the citing, not the rule.)"""
    assert ids_for("KPC", ["A4"]) == ("KPC-18", "KPC-6c")
    assert ids_for("TNPL", ["A4"]) == ("TNPL-B2ii",)
    assert ids_for("SPOT", ["A4"]) == ("SPOT-6.3",)
    assert ids_for("NJ", ["A4"]) == ()
    assert ids_for("TDA", ["A4"]) == ()


def test_profiles_cite_only_their_own_venue() -> None:
    """Each profile cites its own venue's rules; the TDA profile TDA rule numbers; an entry
    a venue is silent on falls back to the TDA rule, then to the catalogue key."""
    tda = load_profile("tda")
    fox = load_profile("foxwoods")
    kpc = load_profile("kojack")
    assert (tda.venue, fox.venue, kpc.venue) == ("TDA", "FOX", "KPC")
    assert all(i.startswith("FOX-") for i in fox.cite("A4"))
    assert kpc.cite("A4") == ("KPC-18", "KPC-6c")
    assert tda.cite("A4") == ("A4",)
    for key, ids in catalogue.ENTRIES.items():
        for name in ("tda", "kojack", "tnpl", "nj_fundraiser", "spotlight", "foxwoods"):
            profile = load_profile(name)
            for cited in profile.cite(key):
                assert venue_of(cited) in (profile.venue, "TDA", None), (name, key, cited)
        if any(i.startswith("FOX-4") for i in ids):
            assert all(c.startswith(("TDA-", key)) for c in tda.cite(key)), key


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else CATALOGUE
    found, names = parse_catalogue(source.read_text(encoding="utf-8"))
    DATA.write_text(render(found, names), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(DATA)], check=True)
    print(f"wrote {DATA} ({len(found)} entries)")
