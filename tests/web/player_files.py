"""Player files for the import tests (issue 26): a club's database and a seeded export with
near-duplicates of it, built by hand-written rules so the expected sorting is known in
advance (not read back from the importer)."""

from __future__ import annotations

import random
from dataclasses import dataclass

FIRST = (
    "John", "Mary", "Peter", "Susan", "Robert", "Linda", "Michael", "Karen", "David", "Nancy",
    "Thomas", "Carol", "Daniel", "Helen", "Mark", "Sandra", "Paul", "Donna", "George", "Ruth",
)  # fmt: skip
LAST = (
    "Anderson", "Brennan", "Callahan", "Dempsey", "Ellison", "Fitzgerald", "Gallagher",
    "Harrington", "Ingram", "Jefferson", "Kowalski", "Lindqvist", "Montgomery", "Northcott",
    "Oyelaran", "Pemberton",
)  # fmt: skip
"""The club's players: every first name with every last name (320 people)."""

ACCENTED = {"a": "á", "e": "é", "o": "ö", "i": "í", "u": "ü"}


def club() -> list[tuple[str, str]]:
    """The club's database: 320 players ``(name, card)``; every other one has a card."""
    return [
        (f"{f} {last}", f"M-{i:04d}" if i % 2 == 0 else "")
        for i, (f, last) in enumerate((f, last) for last in LAST for f in FIRST)
    ]


@dataclass(frozen=True)
class Export:
    """A seeded export: its rows (``Player``, ``Member #``, ``E-mail``, ``Member Since``)
    and which data lines (header = line 1) are near-duplicates of whom."""

    rows: list[tuple[str, str, str, str]]
    near: dict[int, str]
    """Line -> the club player it near-duplicates."""

    def csv(self) -> bytes:
        lines = ["Player,Member #,E-mail,Member Since"]
        lines += [",".join(r) for r in self.rows]
        return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def _invented(rng: random.Random) -> str:
    """A made-up surname of 3 syllables: never one letter from the club's (they share
    no syllable pattern with the real names above)."""
    syllables = ("zor", "vak", "qui", "xen", "bux", "yat", "wiz", "juv", "kyr", "zut")
    return "".join(rng.choice(syllables) for _ in range(3)).capitalize()


def export(seed: int = 26, total: int = 500, near: int = 20) -> Export:
    """``total`` rows: ``near`` near-duplicates of club players (a quarter each: a typo in
    the surname, the name in capitals with an accent, first and last swapped, the first
    name cut to an initial), the rest invented people, new to the club."""
    rng = random.Random(seed)
    people = club()
    chosen = rng.sample(range(len(people)), near)
    rows: list[tuple[str, str, str, str]] = []
    near_lines: dict[int, str] = {}
    known = {n.casefold() for n, _ in people}
    for k, i in enumerate(chosen):
        name = people[i][0]
        first, last = name.split()
        kind = k % 4
        if kind == 0:  # one letter changed in the middle of the surname
            pos = len(last) // 2
            letter = "x" if last[pos] != "x" else "z"
            variant = f"{first} {last[:pos]}{letter}{last[pos + 1 :]}"
        elif kind == 1:  # capitals and an accent
            vowel = next(c for c in first.lower() if c in ACCENTED)
            variant = f"{first.replace(vowel, ACCENTED[vowel], 1)} {last.upper()}"
        elif kind == 2:
            variant = f"{last} {first}"
        else:
            variant = f"{first[0]}. {last}"
        assert variant.casefold() not in known
        rows.append((variant, "", "", ""))
        near_lines[len(rows) + 1] = name
    invented: set[str] = set()
    while len(rows) < total:
        name = f"{rng.choice(FIRST)} {_invented(rng)}"
        if name in invented:
            continue
        invented.add(name)
        n = len(rows)
        card = f"N-{n:05d}" if n % 3 == 0 else ""
        email = f"player{n}@example.org" if n % 2 == 0 else ""
        joined = f"2024-{1 + n % 12:02d}-{1 + n % 28:02d}" if n % 5 == 0 else ""
        rows.append((name, card, email, joined))
    order = list(range(len(rows)))
    rng.shuffle(order)
    shuffled = [rows[i] for i in order]
    moved = {order.index(line - 2) + 2: who for line, who in near_lines.items()}
    return Export(shuffled, moved)
