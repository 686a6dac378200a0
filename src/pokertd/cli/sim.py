"""CLI: ``pokertd sim`` -- simulate a whole tournament with bots (structure design)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from pokertd.cli._common import JsonOption, console, emit, refusals


def _clock(seconds: int | None) -> str:
    if seconds is None:
        return "-"
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}"


def _money(cents: int) -> str:
    from pokertd.money import format_money

    return format_money(cents)


def _render(report: Any) -> None:
    from rich.table import Table

    r = report
    console.print(
        f"[bold]{r.players} players[/], {r.structure}, {r.profile} rules, {r.seats}-max, "
        f"{r.starting_stack:,} chips, bots {r.bots}, seed {r.seed}"
    )
    console.print(
        f"Hands dealt {r.hands:,} · clock time {_clock(r.duration)} (h:mm) · "
        f"final level {r.final_level} ({r.final_blinds})"
    )
    if r.bubble is not None:
        b = r.bubble
        console.print(
            f"Bubble burst at {_clock(b.at)}, level {b.level}, hand {b.hand:,}, "
            f"{b.players_left} left ({b.hand_for_hand_hands} hand-for-hand hands)"
        )
    console.print(
        f"Final table at {_clock(r.final_table_at)} · {r.moves:,} moves · "
        f"{r.tables_broken} tables broken · {r.clocks_called} clocks called · "
        f"{r.grace_hands} dealer-push grace hands"
    )
    console.print(
        f"Prize pool {_money(r.prize_pool)} ({r.payout_table}, {r.paid_places} paid)"
        + (f" · bounties paid {_money(r.bounty_total)}" if r.bounty_kind != "none" else "")
    )
    for cu in r.colour_ups:
        console.print(
            f"Colour-up after level {cu.after_level} ({cu.method}, removed "
            f"{', '.join(f'{v:,}' for v in cu.removed)}): chips {cu.chips_before:,} -> "
            f"{cu.chips_after:,}"
        )
    console.print(f"[bold]Winner: {r.winner}[/]")
    for note in r.notes:
        console.print(f"[yellow]note:[/] {note}")

    top = Table(title="Finishing order (paid places)")
    for col in ("Place", "Player", "Prize", "Bounties", "Out by"):
        top.add_column(col, justify="right" if col in ("Place", "Prize", "Bounties") else "left")
    for f in r.finishing[: max(r.paid_places, 3)]:
        place = str(f.place) if len(f.places) == 1 else f"{f.places[0]}-{f.places[-1]}"
        top.add_row(place, f.player, _money(f.prize), _money(f.bounty), ", ".join(f.eliminated_by))
    console.print(top)

    levels = Table(title="By level")
    for col in ("Level", "Blinds", "Starts", "Players", "Tables", "Avg stack", "Avg BB", "Hands"):
        levels.add_column(col, justify="left" if col == "Blinds" else "right")
    for row in r.levels:
        levels.add_row(
            str(row.level),
            row.blinds,
            _clock(row.started_at),
            f"{row.players_left:,}",
            str(row.tables),
            f"{row.average_stack:,}",
            f"{row.average_stack_bb:.1f}",
            f"{row.hands:,}",
        )
    console.print(levels)


def _render_batch(summary: Any) -> None:
    from rich.table import Table

    b = summary
    console.print(
        f"[bold]{b.players} players[/], {b.structure}, {b.profile} rules: {len(b.runs)} runs"
    )

    def line(name: str, spread: Any, fmt: Any) -> None:
        if spread is None:
            console.print(f"{name}: -")
            return
        console.print(
            f"{name}: median {fmt(spread.median)} (range {fmt(spread.low)} to {fmt(spread.high)})"
        )

    line("Clock time", b.duration, lambda v: _clock(int(v)))
    line("Bubble burst", b.bubble_at, lambda v: _clock(int(v)))
    line("Bubble level", b.bubble_level, lambda v: f"{v:g}")
    line("Final table", b.final_table_at, lambda v: _clock(int(v)))
    line("Final level", b.final_level, lambda v: f"{v:g}")
    line("Hands dealt", b.hands, lambda v: f"{v:,.0f}")
    runs = Table(title="Runs")
    for col in ("Seed", "Hands", "Clock", "Bubble", "Bubble level", "Final table", "Level"):
        runs.add_column(col, justify="right")
    runs.add_column("Winner")
    for r in b.runs:
        runs.add_row(
            str(r.seed),
            f"{r.hands:,}",
            _clock(r.duration),
            _clock(r.bubble_at),
            "-" if r.bubble_level is None else str(r.bubble_level),
            _clock(r.final_table_at),
            str(r.final_level),
            r.winner,
        )
    console.print(runs)


def _bounty_kind(bounty_cents: int, bounty_kind: str) -> str:
    """``--bounty-kind``, but ``none`` without a bounty and ``fixed`` for a bounty of no kind."""
    if not bounty_cents:
        return "none"
    return "fixed" if bounty_kind == "none" else bounty_kind


def _simulate(config: Any, runs: int, workers: int) -> Any:
    """One report for one run; a summary of ``runs`` seeds otherwise."""
    from pokertd.sim import simulate
    from pokertd.sim.batch import simulate_many, summarize

    if runs != 1:
        return summarize(simulate_many(config, runs, workers=workers))
    return simulate(config)


def sim(
    players: Annotated[int, typer.Option(help="Players (one entry each).")] = 200,
    structure: Annotated[str, typer.Option(help="Structure preset or TOML file.")] = (
        "fox_grinder"
    ),
    profile: Annotated[str, typer.Option(help="Rule profile.")] = "foxwoods",
    seats: Annotated[int, typer.Option(help="Seats per table.")] = 9,
    seed: Annotated[int, typer.Option(help="Random seed (same seed, same tournament).")] = 1,
    stack: Annotated[
        int | None, typer.Option(help="Starting stack (default: the event template's).")
    ] = None,
    buy_in: Annotated[str, typer.Option(help="Prize-pool part of the buy-in.")] = "$100",
    bounty: Annotated[str, typer.Option(help="Bounty per entry.")] = "$0",
    bounty_kind: Annotated[str, typer.Option(help="none, fixed or pko.")] = "none",
    payout_table: Annotated[
        str | None, typer.Option(help="Payout table (default: the profile's).")
    ] = None,
    bots: Annotated[str, typer.Option(help="tag, random or mix.")] = "tag",
    hand_for_hand_at: Annotated[
        int | None,
        typer.Option(help="Players left when hand-for-hand starts (default paid + seats)."),
    ] = None,
    tank: Annotated[
        float, typer.Option(help="Chance per decision that a bot tanks and is clocked.")
    ] = 0.0,
    runs: Annotated[
        int, typer.Option(help="Simulate this many seeds (seed, seed+1, ...) and summarize.")
    ] = 1,
    workers: Annotated[int, typer.Option(help="Worker processes for --runs.")] = 1,
    as_json: JsonOption = False,
) -> None:
    """Simulate a whole tournament with bots: duration, bubble, levels, prizes."""
    from pokertd.money import parse_money
    from pokertd.sim import SimConfig

    with refusals(as_json):
        bounty_cents = parse_money(bounty)
        config = SimConfig(
            players=players,
            structure=structure,
            profile=profile,
            seats=seats,
            seed=seed,
            starting_stack=stack,
            buy_in=parse_money(buy_in),
            bounty=bounty_cents,
            bounty_kind=_bounty_kind(bounty_cents, bounty_kind),
            payout_table=payout_table,
            bots=bots,
            hand_for_hand_at=hand_for_hand_at,
            tank_probability=tank,
        )
        result = _simulate(config, runs, workers)
    emit(result, as_json, _render_batch if runs != 1 else _render)


def register(app: typer.Typer) -> None:
    """Add ``pokertd sim`` to the app."""
    app.command("sim")(sim)
