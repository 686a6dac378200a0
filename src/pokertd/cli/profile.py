"""CLI sub-app ``pokertd profile``: read, compare, check and copy rule profiles.

A rule profile is the catalogue's section 4 matrix for one venue (``pokertd.rules.profile``).
These commands show it to a floorperson, without reading TOML::

    pokertd profile list                      # built-in profiles: name, venue, source
    pokertd profile show kojack [--json]      # every field, its value and the rule IDs
    pokertd profile diff tda foxwoods         # only the fields that differ
    pokertd profile copy kojack my_club.toml  # a complete file to edit
    pokertd profile check my_club.toml        # every problem at once, exit 2 if any
    pokertd profile fields [--write docs/profiles.md]   # the field reference

A profile file a venue wrote is used by naming it where a profile name goes:
``pokertd new --template T --name N --profile my_club.toml`` (or ``profile = "my_club.toml"``
in a template); the tournament stores the profile's values when it is created.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokertd.cli._common import (
    JsonOption,
    bold,
    console,
    emit,
    err_console,
    refusals,
    say,
)
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.rules.profile import FieldInfo, RuleProfile

profile_app = typer.Typer(
    name="profile",
    help="Rule profiles: list, show, diff, check and copy the venue rules.",
    no_args_is_help=True,
)

NameArg = Annotated[str, typer.Argument(help="A built-in profile (tda, kojack …) or a file.")]

DOCS_BEGIN = "<!-- profile-fields:begin (generated: pokertd profile fields --write) -->"
DOCS_END = "<!-- profile-fields:end -->"
"""The generated block of ``docs/profiles.md`` lies between these two lines."""


def _out(text: str) -> None:
    """Print one line for people (Rich markup; values are escaped by the callers)."""
    console.print(text, soft_wrap=True)


def show_value(value: Any) -> str:
    """A field value as a floorperson reads it: ``30%``, ``none``, ``100, 500, 1000``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        percent = value * 100
        if percent.denominator == 1:
            return f"{percent.numerator}%"
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple):
        if all(isinstance(v, tuple) and len(v) == 2 for v in value) and value:
            return ", ".join(f"{k}={v}" for k, v in value)
        if not value:
            return "(empty)"
        return ", ".join(show_value(v) if isinstance(v, tuple) else str(v) for v in value)
    return str(value)


def field_rows(profile: RuleProfile) -> list[dict[str, Any]]:
    """Every field of ``profile``: name, section, value (as shown and as JSON), entries and
    this venue's rule IDs."""
    from pokertd.rules.profile import field_rule_ids, profile_fields

    as_json = profile.as_dict()
    return [
        {
            "field": info.name,
            "section": info.section,
            "value": as_json[info.name],
            "shown": show_value(getattr(profile, info.name)),
            "entries": list(info.entries),
            "rule_ids": list(field_rule_ids(profile, info)),
            "matrix_names": list(info.matrix_names),
        }
        for info in profile_fields()
    ]


def _parent(path: Path) -> str | None:
    """The built-in a profile file extends (``extends`` or ``inherits``), if it says."""
    from pokertd.rules.profile import parse_toml, read_text_file

    try:
        data = parse_toml(read_text_file(path, "profile"), f"profile file {path}")
    except InvalidCommand:
        return None
    parent = data.get("extends", data.get("inherits"))
    return parent if isinstance(parent, str) else None


def differences(a: RuleProfile, b: RuleProfile) -> list[dict[str, Any]]:
    """The fields whose values differ between ``a`` and ``b`` (name and title excluded)."""
    from pokertd.rules.profile import profile_fields

    left, right = a.as_dict(), b.as_dict()
    return [
        {
            "field": info.name,
            "section": info.section,
            "a": left[info.name],
            "b": right[info.name],
            "a_shown": show_value(getattr(a, info.name)),
            "b_shown": show_value(getattr(b, info.name)),
        }
        for info in profile_fields()
        if info.name not in ("name", "title") and left[info.name] != right[info.name]
    ]


@profile_app.command("list")
def list_profiles(as_json: JsonOption = False) -> None:
    """The built-in profiles: name, venue and where their values come from."""
    from rich.markup import escape

    from pokertd.rules.profile import BUILTIN_PROFILES, load_profile

    with refusals(as_json):
        rows = []
        for name in BUILTIN_PROFILES:
            profile = load_profile(name)
            parent = None if name == "tda" else "tda"
            source = f"built-in pokertd/rules/profiles/{name}.toml"
            rows.append(
                {
                    "name": name,
                    "venue": profile.venue,
                    "title": profile.title,
                    "source": source + (f", extends {parent}" if parent else ""),
                }
            )

        def render(data: list[dict[str, Any]]) -> None:
            for row in data:
                _out(f"[bold]{row['name']:<14}[/] {row['venue']:<5} {escape(row['title'])}")
                _out(f"{'':<20} {escape(row['source'])}")

        emit(rows, as_json, render)


@profile_app.command("show")
def show(name: NameArg, as_json: JsonOption = False) -> None:
    """Every field of a profile with its value and the venue's rule IDs."""
    from rich.markup import escape

    from pokertd.rules.profile import load_profile

    with refusals(as_json):
        profile = load_profile(name)
        data = {
            "name": profile.name,
            "title": profile.title,
            "venue": profile.venue,
            "fields": field_rows(profile),
        }

        def render(d: dict[str, Any]) -> None:
            _out(
                say(
                    "%(name)s — %(title)s (cites %(venue)s rules)",
                    name=bold(escape(d["name"])),
                    title=escape(d["title"]),
                    venue=d["venue"],
                )
            )
            section = ""
            for row in d["fields"]:
                if row["section"] != section:
                    section = row["section"]
                    _out(f"\n[bold]{section}[/]")
                ids = ", ".join(row["rule_ids"])
                value = escape(row["shown"])
                _out(f"  {row['field']} = {value}" + (f"  [dim]{ids}[/]" if ids else ""))

        emit(data, as_json, render)


@profile_app.command("diff")
def diff(a: NameArg, b: NameArg, as_json: JsonOption = False) -> None:
    """The fields whose values differ between two profiles (names or files)."""
    from rich.markup import escape

    from pokertd.rules.profile import load_profile

    with refusals(as_json):
        left, right = load_profile(a), load_profile(b)
        rows = differences(left, right)
        data = {"a": left.name, "b": right.name, "differences": rows}

        def render(d: dict[str, Any]) -> None:
            if not d["differences"]:
                _out(escape(say("%(a)s and %(b)s agree on every field.", a=d["a"], b=d["b"])))
                return
            _out(
                escape(
                    say(
                        "%(n)s fields differ (%(a)s → %(b)s):",
                        n=len(d["differences"]),
                        a=d["a"],
                        b=d["b"],
                    )
                )
            )
            for row in d["differences"]:
                _out(escape(f"  {row['field']}: {row['a_shown']} → {row['b_shown']}"))

        emit(data, as_json, render)


@profile_app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="A profile file (TOML).")],
    as_json: JsonOption = False,
) -> None:
    """Check a profile file: every problem at once (exit 2), or what it changes."""
    from rich.markup import escape

    from pokertd.rules.profile import BUILTIN_PROFILES, check_profile_file, load_profile

    profile, problems = check_profile_file(file)
    if profile is None:
        if as_json:
            emit({"ok": False, "file": str(file), "problems": problems}, True)
        else:
            head = escape(say("%(file)s has %(n)s problem(s):", file=file, n=len(problems)))
            err_console.print("[bold red]" + say("error:") + f"[/] {head}", soft_wrap=True)
            for problem in problems:
                err_console.print(f"  - {problem}", markup=False, soft_wrap=True)
        raise typer.Exit(code=2)
    parent = _parent(file)
    changed = differences(load_profile(parent), profile) if parent in BUILTIN_PROFILES else []
    data = {
        "ok": True,
        "file": str(file),
        "name": profile.name,
        "venue": profile.venue,
        "extends": parent,
        "changes": changed,
    }

    def render(d: dict[str, Any]) -> None:
        head = (
            say(
                "%(file)s is a valid profile %(name)s (cites %(venue)s rules, extends %(base)s).",
                file=d["file"],
                name=repr(d["name"]),
                venue=d["venue"],
                base=d["extends"],
            )
            if d["extends"]
            else say(
                "%(file)s is a valid profile %(name)s (cites %(venue)s rules).",
                file=d["file"],
                name=repr(d["name"]),
                venue=d["venue"],
            )
        )
        _out(escape(head))
        for row in d["changes"]:
            _out(escape(f"  {row['field']}: {row['a_shown']} → {row['b_shown']}"))

    emit(data, as_json, render)


@profile_app.command("copy")
def copy(
    name: NameArg,
    file: Annotated[Path, typer.Argument(help="The profile file to write (TOML).")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Write a complete copy of a profile to a file, for a venue to change."""
    from rich.markup import escape

    from pokertd.rules.profile import load_profile, profile_fields, profile_to_toml

    with refusals(as_json):
        profile = load_profile(name)
        if file.exists() and not force:
            raise InvalidCommand(
                template=N_("%(file)s already exists; give --force to overwrite it."),
                params={"file": file},
            )
        text = profile_to_toml(profile, file.stem)
        try:
            file.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InvalidCommand(
                template=N_("Cannot write %(file)s: %(reason)s."),
                params={"file": file, "reason": str(exc.strerror or exc)},
            ) from None
        data = {"file": str(file), "from": profile.name, "fields": len(profile_fields())}

        def render(d: dict[str, Any]) -> None:
            _out(
                escape(
                    say(
                        "Wrote %(file)s: every field of %(profile)s (%(n)s fields).",
                        file=d["file"],
                        profile=d["from"],
                        n=d["fields"],
                    )
                )
            )
            _out(
                escape(
                    say(
                        "Change what your venue does differently, then: pokertd profile check "
                        "%(file)s",
                        file=file,
                    )
                )
            )

        emit(data, as_json, render)


def fields_markdown() -> str:
    """The field reference of ``docs/profiles.md``: every field grouped by matrix section,
    with its type, catalogue entries, rule IDs, description and value per built-in."""
    from pokertd.rules.profile import BUILTIN_PROFILES, load_profile, profile_fields

    profiles = [load_profile(name) for name in BUILTIN_PROFILES]
    by_section: dict[str, list[FieldInfo]] = {}
    for info in profile_fields():
        by_section.setdefault(info.section, []).append(info)
    out: list[str] = []
    for section, infos in by_section.items():
        out += [f"### {section}", ""]
        for info in infos:
            alias = (
                f"; catalogue name `{'`, `'.join(info.matrix_names)}`" if info.matrix_names else ""
            )
            doc = info.doc.replace("``", "`")
            out.append(f"- `{info.name}` (`{info.type_name}`{alias}) — {doc}")
        out += ["", "| Field | " + " | ".join(p.name for p in profiles) + " |"]
        out.append("|---" * (len(profiles) + 1) + "|")
        for info in infos:
            cells = [show_value(getattr(p, info.name)).replace("|", "\\|") for p in profiles]
            out.append(f"| `{info.name}` | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def replace_docs_block(text: str, block: str) -> str:
    """``text`` with the generated block between :data:`DOCS_BEGIN` and :data:`DOCS_END`
    replaced by ``block`` (``InvalidCommand`` when the markers are missing)."""
    start, end = text.find(DOCS_BEGIN), text.find(DOCS_END)
    if start < 0 or end < start:
        raise InvalidCommand(
            template=N_("The file has no %(DOCS_BEGIN)s … %(DOCS_END)s block."),
            params={"DOCS_BEGIN": repr(DOCS_BEGIN), "DOCS_END": repr(DOCS_END)},
        )
    return text[: start + len(DOCS_BEGIN)] + "\n\n" + block + "\n" + text[end:]


@profile_app.command("fields")
def fields_reference(
    write: Annotated[
        Path | None, typer.Option("--write", help="Update the block in this Markdown file.")
    ] = None,
) -> None:
    """The field reference (Markdown): every field, its rule IDs and each profile's value."""
    from rich.markup import escape

    from pokertd.rules.profile import read_text_file

    with refusals():
        block = fields_markdown()
        if write is None:
            sys.stdout.write(block + "\n")
            return
        text = read_text_file(write, "Markdown")
        write.write_text(replace_docs_block(text, block), encoding="utf-8")
        _out(escape(f"Updated the profile field reference in {write}."))


def register(app: typer.Typer) -> None:
    """Add ``pokertd profile …`` to the ``pokertd`` app."""
    app.add_typer(profile_app, name="profile")


__all__ = [
    "DOCS_BEGIN",
    "DOCS_END",
    "differences",
    "field_rows",
    "fields_markdown",
    "profile_app",
    "register",
    "replace_docs_block",
    "show_value",
]
