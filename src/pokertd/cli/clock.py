"""CLI commands: structures, the clock and chip races.

``pokertd structure list|show|validate|generate``, ``pokertd chiprace`` (standalone:
stacks and denominations in, race result out) and ``pokertd clock T ...`` (over the
tournament service). Every command has ``--json``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    bold,
    console,
    db_url,
    emit,
    event_line,
    num,
    refusals,
    say,
    say_n,
)
from pokertd.cli._common import actor as _actor
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Phrase

structure_app = typer.Typer(
    name="structure",
    help="Blind structures: list the presets, show, validate, generate.",
    no_args_is_help=True,
)


# --------------------------------------------------------------------------------------
# structure


def _said_clause(clause: Any) -> str:
    """A :class:`~pokertd.i18n.Clause` in the CLI's language: its game names translated,
    its chip counts written as :func:`num` writes them."""
    params = {
        k: say(v) if isinstance(v, Phrase) else num(v) if isinstance(v, int) else v
        for k, v in clause.params.items()
    }
    return say(clause.template, **params)


def _blinds(level: Any, rotation: Any = None) -> str:
    """A level's blinds and ante as the floor reads them (``1,200/2,400 BBA 2,400``), the
    chip counts written as the CLI writes numbers (``1.200/2.400`` in German). A level
    that names its game (a mixed or stud event, issue 28) says it with its limits
    (``Razz 400/800, ante 100, bring-in 100``); so does a rotation by orbit's level."""
    from pokertd.rules import AnteType
    from pokertd.tournament.clock import level_reading

    if level.game is not None or (rotation is not None and rotation.by == "orbit"):
        return _said_clause(level_reading(level, rotation))
    pair = f"{num(level.small_blind)}/{num(level.big_blind)}"
    if level.ante and level.ante_type is AnteType.BIG_BLIND_ANTE:
        return say("%(blinds)s BBA %(ante)s", blinds=pair, ante=num(level.ante))
    if level.ante:
        return say("%(blinds)s ante %(ante)s", blinds=pair, ante=num(level.ante))
    return pair


def _render_structure(structure: Any, projection: Any | None = None, count: int = 0) -> None:
    from rich.table import Table

    from pokertd.rules import Betting
    from pokertd.tournament.clock import GAME_NAMES, one_decimal

    s = structure
    console.print(f"[bold]{s.title or s.name}[/]  ({s.name})")
    if s.source:
        console.print(f"[dim]{s.source}[/]")
    if s.rotation is not None:
        console.print(_said_clause(s.rotation.reading))
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    bba = any(lv.ante_type.value == "big_blind_ante" for lv in s.levels)
    games = any(lv.game is not None for lv in s.levels)
    bring_ins = any(lv.bring_in for lv in s.levels)
    table.add_column(say("Level"), justify="right")
    if games:
        table.add_column(say("Game"), min_width=9)
    if games:  # a mixed event: the limits (small bet/big bet), a no-limit game's blinds
        table.add_column(say("Limits"), justify="right", no_wrap=True)
    else:
        table.add_column(say("SB"), justify="right")
        table.add_column(say("BB"), justify="right")
    table.add_column(say("BB ante") if bba else say("Ante"), justify="right")
    if bring_ins:
        table.add_column(say("Bring-in"), justify="right", no_wrap=True)
    table.add_column(say("Min"), justify="right")
    table.add_column(say("Starts"), justify="right")
    if projection is not None:
        table.add_column(say("Players"), justify="right")
        table.add_column(say("Avg BB"), justify="right")
    table.add_column(say("Then"))
    close = s.registration_closes_after_level
    rows = projection.rows if projection is not None else None
    minute = 0
    count = count or (len(rows) if rows is not None else len(s.levels))
    for number in range(1, count + 1):
        lv = s.level(number)
        notes: list[str] = []
        if lv.extended:
            notes.append(say("added"))
        if close is not None and number == close:
            notes.append(say("registration closes"))
        row = s.break_after(number)
        if row is not None:
            if row.minutes:
                notes.append(say("%(minutes)s-min break", minutes=row.minutes))
            if row.remove:
                removed = " & ".join(num(v) for v in row.remove)
                notes.append(say("remove %(chips)s", chips=removed))
        cells = [str(number)]
        if games:
            cells.append(say(GAME_NAMES[lv.game]) if lv.game is not None else "")
        if games:  # a limit game's small/big bet (its blinds are half and one small bet)
            if lv.game is None or lv.game.betting is Betting.FIXED_LIMIT:
                cells.append(f"{num(lv.big_blind)}/{num(2 * lv.big_blind)}")
            else:
                pair = f"{num(lv.small_blind)}/{num(lv.big_blind)}"
                cells.append(say("blinds %(blinds)s", blinds=pair))
        else:
            cells += [num(lv.small_blind), num(lv.big_blind)]
        cells.append(num(lv.ante) if lv.ante else "")
        if bring_ins:
            cells.append(num(lv.bring_in) if lv.bring_in else "")
        cells += [str(lv.minutes), f"{minute // 60}:{minute % 60:02d}"]
        if rows is not None:
            r = rows[number - 1]
            cells += [f"~{r.players_left:,}", one_decimal(r.avg_stack_bb)]
        cells.append("; ".join(notes))
        table.add_row(*cells)
        minute += lv.minutes + (row.minutes if row is not None else 0)
    console.print(table)
    if close == 0:
        console.print(say("No late registration: entries close when the clock starts."))
    if s.rebuy_minutes:
        console.print(
            say(
                "Rebuys during the first %(minutes)s minutes of play (breaks excluded).",
                minutes=s.rebuy_minutes,
            )
        )
    chips = ", ".join(num(c.value) + (f" {c.color}" if c.color else "") for c in s.chips.chips)
    console.print(say("Chips: %(chips)s", chips=chips))
    if s.notes:
        console.print(s.notes)
    if projection is not None:
        closes = projection.registration_closes_at_minute
        when = say("never by the clock") if closes is None else f"{closes // 60}:{closes % 60:02d}"
        console.print(
            say(
                "%(entries)s entries × %(stack)s = %(chips)s chips; registration closes at "
                "%(when)s; %(end)s",
                entries=projection.entries,
                stack=num(projection.starting_stack),
                chips=num(projection.chips_in_play),
                when=when,
                end=projection.end_note,
            )
        )


@structure_app.command("list")
def structure_list(as_json: JsonOption = False) -> None:
    """List the structure presets that ship with pokertd."""
    from rich.table import Table

    from pokertd.tournament.clock import load_structure, structure_names

    with refusals(as_json):
        data = []
        for name in structure_names():
            s = load_structure(name)
            data.append(
                {
                    "name": name,
                    "title": s.title,
                    "levels": len(s.levels),
                    "durations": [str(r) for r in s.durations],
                    "registration_closes_after_level": s.registration_closes_after_level,
                    "source": s.source,
                }
            )

    def render(rows: list[dict[str, Any]]) -> None:
        table = Table(show_edge=False, pad_edge=False, header_style="bold")
        for col in (say("Name"), say("Levels"), say("Minutes"), say("Reg. closes")):
            table.add_column(col, no_wrap=True)
        table.add_column(say("Title"))
        for r in rows:
            close = r["registration_closes_after_level"]
            table.add_row(
                r["name"],
                str(r["levels"]),
                ", ".join(d.replace(" min", "") for d in r["durations"]),
                "—" if close is None else f"after {close}",
                r["title"],
            )
        console.print(table)

    emit(data, as_json, render)


NameArg = Annotated[
    str, typer.Argument(help="A preset name (see `structure list`) or a TOML file.")
]


@structure_app.command("show")
def structure_show(
    name: NameArg,
    levels: Annotated[
        int | None, typer.Option(help="Show this many levels (more adds levels by progression).")
    ] = None,
    entries: Annotated[int | None, typer.Option(help="Project with this many entries.")] = None,
    stack: Annotated[int | None, typer.Option(help="Starting stack for the projection.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Print a structure as a table (with a projection given --entries and --stack)."""
    from pokertd.tournament.clock import load_structure, project

    with refusals(as_json):
        structure = load_structure(name)
        if (entries is None) != (stack is None):
            raise InvalidCommand(template=N_("Give both --entries and --stack for a projection."))
        if levels is not None and levels < 1:
            raise InvalidCommand(template=N_("--levels must be at least 1."))
        count = levels if levels is not None else len(structure.levels)
        projection = None
        if entries is not None and stack is not None:
            projection = project(structure, entries=entries, starting_stack=stack, levels=count)
    data: dict[str, Any] = structure.as_json()
    if count != len(structure.levels):
        data["levels"] = [_level_json(structure.level(n)) for n in range(1, count + 1)]
    if projection is not None:
        data["projection"] = projection.as_json()
    emit(data, as_json, lambda _: _render_structure(structure, projection, count))


def _level_json(level: Any) -> dict[str, Any]:
    return (
        {
            "level": level.number,
            "small_blind": level.small_blind,
            "big_blind": level.big_blind,
            "ante": level.ante,
            "ante_type": level.ante_type.value,
            "minutes": level.minutes,
            "extended": level.extended,
        }
        | ({} if level.game is None else {"game": level.game.value})
        | ({"bring_in": level.bring_in} if level.bring_in else {})
    )


@structure_app.command("validate")
def structure_validate(name: NameArg, as_json: JsonOption = False) -> None:
    """Check a structure: blinds never decrease, no level missing, antes not above the big
    blind, every level payable with the chips left after each colour-up."""
    from pokertd.tournament.clock import load_structure

    with refusals(as_json):
        structure = load_structure(name)
    emit(
        {"name": structure.name, "valid": True, "problems": []},
        as_json,
        lambda _: console.print(
            say(
                "%(name)s: valid (%(levels)s levels, %(breaks)s break rows).",
                name=structure.name,
                levels=len(structure.levels),
                breaks=len(structure.breaks),
            )
        ),
    )


def _toml(structure: Any) -> str:
    """``structure`` as a structure TOML file that ``load_structure`` reads back equal.

    Written with ``tomli_w`` (read with ``tomllib``): no hand-made quoting to get wrong. A
    level names its ante kind or length only where it differs from the file-wide value.
    """
    import tomli_w

    s = structure
    ante_type = next((lv.ante_type.value for lv in s.levels if lv.ante), "none")
    data: dict[str, Any] = {"title": s.title, "source": s.source, "ante_type": ante_type}
    if s.registration_closes_after_level is not None:
        data["registration_closes_after_level"] = s.registration_closes_after_level
    if s.rebuy_minutes is not None:
        data["rebuy_minutes"] = s.rebuy_minutes
    if s.notes:
        data["notes"] = s.notes
    if s.rotation is not None:
        data["rotation"] = s.rotation.as_json()
    data["durations"] = [
        {"first": r.first} | ({} if r.last is None else {"last": r.last}) | {"minutes": r.minutes}
        for r in s.durations
    ]
    data["chips"] = [{"value": c.value, "color": c.color, "count": c.count} for c in s.chips.chips]
    levels: list[dict[str, Any]] = []  # tables, one a line (tomli_w splits nested arrays)
    for lv in s.levels:
        row: dict[str, Any] = {
            "level": lv.number,
            "small_blind": lv.small_blind,
            "big_blind": lv.big_blind,
            "ante": lv.ante,
        }
        if lv.ante and lv.ante_type.value != ante_type:
            row["ante_type"] = lv.ante_type.value
        if lv.minutes != next((r.minutes for r in s.durations if r.covers(lv.number)), 0):
            row["minutes"] = lv.minutes
        if lv.game is not None:
            row["game"] = lv.game.value
        if lv.bring_in:
            row["bring_in"] = lv.bring_in
        levels.append(row)
    data["levels"] = levels
    data["breaks"] = [
        {"after_level": b.after_level, "minutes": b.minutes, "remove": list(b.remove)}
        for b in s.breaks
    ]
    return tomli_w.dumps(data)


@structure_app.command("generate")
def structure_generate(
    players: Annotated[int, typer.Option(help="Expected entries.")],
    stack: Annotated[int, typer.Option(help="Starting stack.")],
    hours: Annotated[int, typer.Option(help="Target duration in hours.")],
    level_minutes: Annotated[int, typer.Option(help="Length of a level in minutes.")] = 20,
    ante: Annotated[
        str, typer.Option(help="Ante kind: big_blind_ante, per_player or none.")
    ] = "big_blind_ante",
    name: Annotated[str, typer.Option(help="Name of the structure.")] = "generated",
    out: Annotated[Path | None, typer.Option(help="Write the structure to this TOML file.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Generate a structure from players, starting stack, target duration and level length."""
    from pokertd.rules import AnteType
    from pokertd.tournament.clock import generate_structure, load_structure, project

    with refusals(as_json):
        try:
            ante_type = AnteType(ante)
        except ValueError:
            raise InvalidCommand(
                template=N_("bad ante kind %(ante)s: choose big_blind_ante, per_player or none"),
                params={"ante": repr(ante)},
            ) from None
        structure = generate_structure(
            players=players,
            starting_stack=stack,
            hours=hours,
            level_minutes=level_minutes,
            ante_type=ante_type,
            name=name,
        )
        projection = project(structure, entries=players, starting_stack=stack)
        if out is not None:
            out.write_text(_toml(structure), encoding="utf-8")
            load_structure(out)  # what we wrote reads back as a valid structure
    data = structure.as_json() | {"projection": projection.as_json()}
    if out is not None:
        data["written_to"] = str(out)

    def render(_: Any) -> None:
        _render_structure(structure, projection)
        if out is not None:
            console.print(say("Written to %(file)s.", file=out))

    emit(data, as_json, render)


# --------------------------------------------------------------------------------------
# chiprace


def _parse_stacks(items: list[str]) -> dict[int, int]:
    stacks: dict[int, int] = {}
    for item in items:
        seat_text, sep, stack_text = item.partition("=")
        if not sep:
            seat_text, sep, stack_text = item.partition(":")
        try:
            seat, stack = int(seat_text), int(stack_text.replace(",", "").replace("_", ""))
        except ValueError:
            raise InvalidCommand(
                template=N_("bad stack %(item)s: write SEAT=CHIPS, for example 1=12300"),
                params={"item": repr(item)},
            ) from None
        if seat in stacks:
            raise InvalidCommand(
                template=N_("seat %(seat)s is listed twice"), params={"seat": seat}
            )
        stacks[seat] = stack
    if not stacks:
        raise InvalidCommand(template=N_("Give at least one SEAT=CHIPS stack."))
    return stacks


def _int_list(text: str, what: str) -> list[int]:
    try:
        return [int(v.replace("_", "")) for v in text.replace(" ", "").split(",") if v]
    except ValueError:
        raise InvalidCommand(
            template=N_("bad %(what)s %(text)s: write numbers separated by commas"),
            params={"what": what, "text": repr(text)},
        ) from None


def _render_race(result: Any) -> None:
    from rich.table import Table

    from pokertd.tournament.clock import pretty_card

    removed = " & ".join(num(v) for v in result.removed)
    title = say("Colour-up")
    console.print(
        say(
            "%(title)s: remove %(chips)s; smallest chip left %(unit)s; method %(method)s",
            title=bold(title),
            chips=removed,
            unit=num(result.unit),
            method=result.method.value.replace("_", "-"),
        )
    )
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    for col in (say("Seat"), say("Before"), say("Exchanged"), say("Odd")):
        table.add_column(col, justify="right")
    table.add_column(say("Cards"), justify="left")
    for col in (say("Won"), say("After")):
        table.add_column(col, justify="right")
    for s in result.seats:
        won = say("1 chip") if s.won else ""
        if s.protected:
            won = say("1 chip (not raced out)")
        table.add_row(
            str(s.seat),
            num(s.stack_before),
            num(s.kept),
            f"{num(s.odd_value)} ({s.odd_chips})" if s.odd_value else "",
            " ".join(pretty_card(c) for c in s.cards),
            won,
            num(s.stack_after),
        )
    console.print(table)
    console.print(
        say(
            "Odd chips %(odd)s → %(won)s new %(unit)s chip(s); chips in play %(before)s → "
            "%(after)s.",
            odd=num(result.odd_total),
            won=result.chips_awarded,
            unit=num(result.unit),
            before=num(result.chips_before),
            after=num(result.chips_after),
        )
    )


def chiprace(
    stacks: Annotated[list[str], typer.Argument(help="SEAT=CHIPS for each player, e.g. 1=12300.")],
    remove: Annotated[str, typer.Option(help="Denominations to remove, e.g. 100 or 100,500.")],
    chips: Annotated[
        str | None, typer.Option(help="Denominations in play, e.g. 100,500,1000,5000.")
    ] = None,
    structure: Annotated[
        str | None, typer.Option(help="Take the denominations from this structure.")
    ] = None,
    profile: Annotated[str, typer.Option(help="Rule profile.")] = "tda",
    method: Annotated[
        str | None, typer.Option(help="race or round_up (TNPL: the TD chooses each time).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible shuffle.")] = None,
    deck: Annotated[
        str | None, typer.Option(help="The cards as dealt, e.g. '7c Kc 9d Kh' (live race).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Colour up one table: exchange, race (or round up) and show every card drawn."""
    import secrets

    from pokertd.rules import ColorUpMethod, load_profile
    from pokertd.tournament.clock import ChipSet, color_up, load_structure

    with refusals(as_json):
        parsed = _parse_stacks(stacks)
        removed = _int_list(remove, Phrase(N_("denominations")))
        if chips is not None:
            chip_set = ChipSet.of(*_int_list(chips, Phrase(N_("denominations"))))
            problems = chip_set.problems()
            if problems:
                # English on purpose: the chip set's own sentences (tournament/chips.py)
                raise InvalidCommand("; ".join(problems))
        elif structure is not None:
            chip_set = load_structure(structure).chips
        else:
            raise InvalidCommand(template=N_("Give the chips in play with --chips or --structure."))
        chosen: ColorUpMethod | None = None
        if method is not None:
            try:
                chosen = ColorUpMethod(method)
            except ValueError:
                raise InvalidCommand(
                    template=N_("bad method %(method)s: choose race or round_up"),
                    params={"method": repr(method)},
                ) from None
        rules = load_profile(profile)
        rng: random.Random
        rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
        result = color_up(
            parsed,
            removed=removed,
            chips=chip_set,
            profile=rules,
            method=chosen,
            deck=deck.replace(",", " ").split() if deck is not None else None,
            rng=rng,
        )
    emit(result.as_json(), as_json, lambda _: _render_race(result))


# --------------------------------------------------------------------------------------
# clock T [action]

_ACTIONS = (
    "show", "start", "pause", "resume", "next", "prev", "set", "adjust", "add", "hfh",
    "call", "colorup", "chip",
)  # fmt: skip
_TABLE_ACTIONS = ("call", "expire", "colorup")
"""Actions that act on one table (``--table``); the others act on the whole event."""
_HFH_TABLE = ("hand", "done", "report")
"""``hfh`` words that take ``--table``: one table finished its hand-for-hand hand."""


def _seconds(text: str) -> int:
    """``90``, ``+2m``, ``-30s``, ``-1:30`` → seconds."""
    t = text.strip().lower()
    sign = -1 if t.startswith("-") else 1
    t = t.lstrip("+-")
    try:
        if ":" in t:
            minutes, _, secs = t.partition(":")
            value = int(minutes) * 60 + int(secs)
        elif t.endswith("m"):
            value = int(t[:-1]) * 60
        elif t.endswith("s"):
            value = int(t[:-1])
        else:
            value = int(t)
    except ValueError:
        raise InvalidCommand(
            template=N_("%(text)s is not an amount of time: write +120, -30s, +2m or -1:30"),
            params={"text": repr(text)},
        ) from None
    return sign * value


def _one_int(values: list[str], what: str) -> int:
    if len(values) != 1:
        raise InvalidCommand(template=N_("Give %(what)s."), params={"what": what})
    try:
        return int(values[0])
    except ValueError:
        raise InvalidCommand(
            template=N_("%(value)s is not %(what)s."),
            params={"value": repr(values[0]), "what": what},
        ) from None


def _clock_command(
    action: str,
    values: list[str],
    *,
    reason: str,
    table: str,
    remove: str | None,
    method: str | None,
    deck: str | None,
) -> Any:
    from pokertd.tournament import clock as cl

    word = values[0].lower() if action == "hfh" and values else ""
    if table and (action not in _TABLE_ACTIONS and not (action == "hfh" and word in _HFH_TABLE)):
        shown = f"{action} {word}".strip()
        raise InvalidCommand(
            template=N_(
                "--table does not go with clock %(shown)s: it is the whole event's. "
                "--table goes with call, expire, colorup and hfh hand/report (one "
                "table finished its hand)."
            ),
            params={"shown": shown},
        )
    if action == "start":
        return cl.StartClock()
    if action == "pause":
        return cl.PauseClock(reason=reason)
    if action == "resume":
        return cl.ResumeClock()
    if action == "next":
        return cl.NextLevel()
    if action == "prev":
        return cl.PreviousLevel()
    if action == "set":
        return cl.SetLevel(level=_one_int(values, Phrase(N_("a level number"))))
    if action == "adjust":
        if len(values) != 1:
            raise InvalidCommand(template=N_("Give the time to add or take off, e.g. +2m or -30s."))
        return cl.AdjustClock(seconds=_seconds(values[0]))
    if action == "add":
        return cl.AddLevels(count=_one_int(values, Phrase(N_("how many levels"))) if values else 1)
    if action == "hfh":
        if word in ("on", "off"):
            return cl.HandForHand(on=word == "on")
        if word in ("hand", "done") and table:
            # One table finished its hand (FOX-HFH): never the whole round (issue 22).
            return cl.TableHandFinished(table=table)
        if word in ("hand", "done"):
            return cl.HandForHandHand()
        if word == "report":
            # One table's dealer finished the hand-for-hand hand (FOX-HFH, B10).
            where = table or (values[1] if len(values) > 1 else "")
            if not where:
                raise InvalidCommand(
                    template=N_("Give the table that finished its hand: hfh report --table T.")
                )
            return cl.TableHandFinished(table=where)
        raise InvalidCommand(
            template=N_(
                "Write hfh on, hfh off, hfh hand --table T (one table finished its "
                "hand), or hfh hand (every table finished the hand)."
            )
        )
    if action == "call":
        return cl.CallClock(seat=_one_int(values, Phrase(N_("a seat number"))), table=table)
    if action == "expire":
        # B15: the called clock ran out; "bet" when the player faces a bet.
        facing = [v.lower() for v in values[1:]]
        if any(v not in ("bet", "nobet") for v in facing):
            raise InvalidCommand(
                template=N_("Write expire SEAT bet (facing a bet) or expire SEAT nobet.")
            )
        return cl.ExpireClock(
            seat=_one_int(values[:1], Phrase(N_("a seat number"))),
            table=table,
            facing_bet="bet" in facing,
        )
    if action == "chip":
        if not values:
            raise InvalidCommand(
                template=N_("Give the new chip's value and colour, e.g. chip 100000 blue.")
            )
        value = _one_int(values[:1], Phrase(N_("a chip value")))
        return cl.IntroduceChip(value=value, color=" ".join(values[1:]))
    if action == "colorup":
        pairs: list[tuple[str, int]] = []
        for item in values:
            name, sep, chips = item.rpartition("=")
            if not sep:
                raise InvalidCommand(
                    template=N_("%(item)s: write NAME=CHIPS for each player, seat 1 first"),
                    params={"item": repr(item)},
                )
            try:
                pairs.append((name, int(chips.replace(",", "").replace("_", ""))))
            except ValueError:
                raise InvalidCommand(
                    template=N_("%(chips)s is not a number of chips"), params={"chips": repr(chips)}
                ) from None
        return cl.ColorUp(
            stacks=tuple(pairs),
            removed=tuple(_int_list(remove, Phrase(N_("denominations")))) if remove else (),
            method=method,
            table=table,
            deck=tuple(deck.replace(",", " ").split()) if deck else None,
        )
    raise InvalidCommand(
        template=N_("unknown clock action %(action)s: choose %(actions)s"),
        params={"action": repr(action), "actions": ", ".join(_ACTIONS)},
    )


def _render_view(v: Any) -> None:
    from pokertd.tournament.clock import mmss

    if v is None:
        console.print(say("The clock has not been set up: start it with `pokertd clock T start`."))
        return
    state = say("running") if v.running else (say("paused") if v.started else say("not started"))
    if v.finished:
        state = say("stopped: the tournament is over")
    if v.hand_for_hand:
        state = (
            say_n(
                "%(state)s, hand-for-hand (%(n)s hand)",
                "%(state)s, hand-for-hand (%(n)s hands)",
                v.hfh_hands,
                state=state,
            )
            if v.hfh_hands
            else say("%(state)s, hand-for-hand", state=state)
        )
    if v.on_break:
        console.print(
            say(
                "%(title)s after level %(level)s: %(time)s left (%(state)s)",
                title=bold(say("BREAK")),
                level=v.level.number,
                time=mmss(v.seconds_left),
                state=state,
            )
        )
        if v.color_up:
            removed = " & ".join(num(c) for c in v.color_up)
            console.print(say("Colour up: remove the %(chips)s chips", chips=removed))
        console.print(
            say(
                "Next: level %(level)s  %(blinds)s",
                level=v.next_level.number,
                blinds=_blinds(v.next_level, v.rotation),
            )
        )
    else:
        console.print(
            say(
                "%(level)s  %(blinds)s  %(time)s left (%(state)s)",
                level=bold(say("Level %(level)s", level=v.level.number)),
                blinds=_blinds(v.level, v.rotation),
                time=bold(mmss(v.seconds_left)),
                state=state,
            )
        )
        if v.color_up:
            removed = " & ".join(num(c) for c in v.color_up)
            console.print(
                say("Colour up before this level: remove the %(chips)s chips", chips=removed)
            )
        console.print(
            say(
                "Next: level %(level)s  %(blinds)s",
                level=v.next_level.number,
                blinds=_blinds(v.next_level, v.rotation),
            )
        )
    if v.next_break_in is not None:
        console.print(say("Next break in %(time)s", time=mmss(v.next_break_in)))
    if v.registration_open:
        console.print(
            say(
                "Registration open (closes in %(time)s)",
                time=mmss(v.registration_closes_in),
            )
            if v.registration_closes_in is not None
            else say("Registration open")
        )
    else:
        console.print(say("Registration closed"))
    if v.rebuys_open is not None:
        console.print(
            say("Rebuys open (close in %(time)s)", time=mmss(v.rebuys_close_in))
            if v.rebuys_open and v.rebuys_close_in is not None
            else say("Rebuys closed")
        )


def clock(
    tournament: Annotated[str, typer.Argument(help="Tournament id (see pokertd tournaments).")],
    action: Annotated[
        str,
        typer.Argument(
            help="show (default), start, pause, resume, next, prev, set LEVEL, "
            "adjust +2m|-30s, add [N], hfh on|off|hand|report, call SEAT, expire SEAT bet|nobet, "
            "colorup NAME=CHIPS..., chip VALUE [COLOUR]"
        ),
    ] = "show",
    values: Annotated[list[str] | None, typer.Argument(help="The action's arguments.")] = None,
    reason: Annotated[str, typer.Option(help="Why the clock is paused.")] = "",
    table: Annotated[
        str, typer.Option(help="Table (call, expire, hfh hand/report, colorup).")
    ] = "",
    remove: Annotated[
        str | None, typer.Option(help="colorup: denominations to remove (default: scheduled).")
    ] = None,
    method: Annotated[str | None, typer.Option(help="colorup: race or round_up (TNPL).")] = None,
    deck: Annotated[
        str | None, typer.Option(help="colorup: the race cards as dealt, e.g. '7c Kc 9d'.")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show or drive the tournament clock: levels, breaks, hand-for-hand, colour-ups."""
    from pokertd.app.tournaments import open_service, utc_now
    from pokertd.tournament.clock import clock_view

    with refusals(as_json):
        service = open_service(db_url(db))
        try:
            done: list[str] = []
            said: list[str] = []
            if action != "show":
                command = _clock_command(
                    action,
                    list(values or []),
                    reason=reason,
                    table=table,
                    remove=remove,
                    method=method,
                    deck=deck,
                )
                records = service.run(tournament, command, actor=_actor(), role="director")
                done = [r.event.describe() for r in records]  # --json: English
                said = [event_line(r.event) for r in records]
            v = clock_view(service.state(tournament), utc_now())
        finally:
            service.close()
    data = {"done": done, "clock": None if v is None else v.as_json()}

    def render(_: Any) -> None:
        for line in said:
            console.print(f"[green]✓[/] {line}")
        _render_view(v)

    emit(data, as_json, render)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.add_typer(structure_app, name="structure")
    app.command("chiprace")(chiprace)
    app.command("clock", context_settings={"ignore_unknown_options": True})(clock)
