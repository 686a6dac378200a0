"""The translation catalogue's commands (docs/languages.md).

Usage::

    uv run python scripts/i18n.py extract   # source -> src/pokertd/i18n/locale/messages.pot
    uv run python scripts/i18n.py update    # .pot -> each language's .po (+ the pseudo-locale)
    uv run python scripts/i18n.py compile   # .po -> .mo beside them (optional: the app reads .po)
    uv run python scripts/i18n.py check     # the .pot is current, every msgid translated
    uv run python scripts/i18n.py coverage  # msgids and % translated per language

A translator edits ``src/pokertd/i18n/locale/<lang>/LC_MESSAGES/messages.po`` (any .po
editor: Poedit, Lokalize, Weblate); ``check`` exits 1 and lists what is missing.
"""

from __future__ import annotations

import sys

from pokertd.i18n import tools


def main(argv: list[str]) -> int:
    """Run one command; the exit status (0 = done / all well)."""
    command = argv[0] if argv else "check"
    if command == "extract":
        catalog = tools.write_pot()
        print(f"messages.pot: {sum(1 for m in catalog if m.id)} msgids")
    elif command == "update":
        tools.update()
        print("updated: " + ", ".join((*tools.TRANSLATED, tools.PSEUDO)))
    elif command == "compile":
        for path in tools.compile_mo():
            print(f"wrote {path.relative_to(tools.root())}")
    elif command in ("check", "coverage"):
        for lang, (done, total) in tools.coverage().items():
            print(f"{lang}: {done}/{total} msgids translated ({100 * done / max(total, 1):.1f} %)")
        if command == "check":
            found = tools.problems()
            for line in found:
                print(line)
            print("catalogue: OK" if not found else f"catalogue: {len(found)} problem(s)")
            return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
