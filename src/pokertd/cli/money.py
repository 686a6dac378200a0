"""CLI commands: money — ``payouts``, ``icm`` and ``deal``.

Standalone calculators work without a tournament::

    pokertd payouts --entries 100 --pool 4074 --table fox_ptab --json
    pokertd icm --stacks 6000,4000,2000 --prizes 500,300,200 --json
    pokertd deal icm --stacks 5000,3000,2000 --prizes 50,30,20

Amounts are typed as the floor says them (``4074``, ``4074.00``, ``$4,074.00``) and become
exact cents; JSON amounts from ``payouts`` are cents, ICM equities are in the prizes' unit
with cents. With a tournament id (``pokertd payouts T``, ``pokertd deal T icm``) the same
calculations run over the tournament's own entries, pool and players.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from random import Random
from typing import Annotated, Any

import typer
from rich.table import Table

from pokertd.cli._common import DbOption, JsonOption, console, emit, err_console, refusals
from pokertd.errors import InvalidCommand
from pokertd.rules import load_profile
from pokertd.rules.profile import RuleProfile
from pokertd.tournament.deals import DealKind, deal_warnings, propose
from pokertd.tournament.icm import DEFAULT_SAMPLES, IcmMethod, icm
from pokertd.tournament.payouts import (
    BUILTIN_TABLES,
    PayoutTable,
    Prize,
    PrizePool,
    format_money,
    parse_money,
    parse_payout_table,
    payouts,
    prize_pool,
)

ProfileOption = Annotated[
    str,
    typer.Option("--profile", help="Rule profile (tda, kojack, tnpl, nj_fundraiser, spotlight, "
                 "foxwoods) or a profile file."),
]


def _money_list(text: str, what: str) -> list[int]:
    items = [t for t in text.split(",") if t.strip()]
    if not items:
        raise InvalidCommand(f"Give the {what} separated by commas, e.g. 500,300,200.")
    return [parse_money(t) for t in items]


def _chips_list(text: str) -> list[int]:
    stacks = []
    for item in text.split(","):
        cleaned = item.strip().replace("_", "")
        if not cleaned.isdigit():
            raise InvalidCommand(
                f"{item.strip()!r} is not a chip count: give whole numbers separated by commas, "
                "e.g. 6000,4000,2000."
            )
        stacks.append(int(cleaned))
    return stacks


def _profile(name: str) -> RuleProfile:
    return load_profile(name)


def _table(name: str | None) -> PayoutTable | str | None:
    if name is None:
        return None
    if name in (*BUILTIN_TABLES, "sng", "survivor", "generic"):
        return name
    path = Path(name)
    if path.suffix == ".toml" or path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidCommand(f"Cannot read the payout table file {name}: {exc}") from None
        return parse_payout_table(text, name=path.stem)
    raise InvalidCommand(
        f"There is no payout table called {name!r}: use fox_ptab, sng, survivor, generic or a "
        ".toml file."
    )


def _render_payouts(data: dict[str, Any]) -> None:
    pool: PrizePool | None = data.get("pool")
    if pool is not None:
        console.print(
            f"Buy-ins {format_money(pool.buy_ins)}"
            + (f", bounty fees {format_money(pool.bounty_fees)}" if pool.bounty_fees else "")
            + f", withheld {format_money(pool.withheld)}"
            + (f", overlay {format_money(pool.overlay)}" if pool.overlay else "")
            + f" -> net prize pool {format_money(pool.net)}"
        )
    table = Table(title=data["title"])
    table.add_column("Place", justify="right")
    table.add_column("Prize", justify="right")
    table.add_column("%", justify="right")
    for prize in data["prizes"]:
        share = f"{float(prize.share * 100):.2f}" if prize.share is not None else ""
        table.add_row(str(prize.place), format_money(prize.amount), share)
    console.print(table)
    console.print(f"Total {format_money(sum(p.amount for p in data['prizes']))}")


def standalone_payouts(
    *,
    entries: int,
    pool: str | None,
    gross: str | None,
    bounty_fees: str | None,
    guarantee: str | None,
    table: str | None,
    buy_in: str | None,
    profile: RuleProfile,
) -> tuple[tuple[Prize, ...], PrizePool | None]:
    """The calculator behind ``pokertd payouts --entries N --pool AMOUNT``."""
    if (pool is None) == (gross is None):
        raise InvalidCommand("Give either --pool (the net prize pool) or --gross (the buy-ins).")
    made: PrizePool | None = None
    if gross is not None:
        made = prize_pool(
            parse_money(gross),
            profile=profile,
            bounty_fees=parse_money(bounty_fees) if bounty_fees else 0,
            guarantee=parse_money(guarantee) if guarantee else None,
        )
        net = made.net
    else:
        assert pool is not None
        net = parse_money(pool)
        if guarantee:
            net = max(net, parse_money(guarantee))
    prizes = payouts(
        entries,
        net,
        profile=profile,
        table=_table(table),
        min_cash=parse_money(buy_in) if buy_in else None,
    )
    return prizes, made


def tournament_payouts(tournament: str, *, db: str | None, as_json: bool) -> None:
    """``pokertd payouts T``: the tournament's prize pool and payouts."""
    raise InvalidCommand("Payouts for a stored tournament are not available yet.")


def tournament_deal(
    tournament: str,
    kind: DealKind,
    *,
    db: str | None,
    as_json: bool,
    save: int,
    save_by: str,
    amounts: list[int] | None,
) -> None:
    """``pokertd deal T KIND``: propose a deal among the tournament's remaining players."""
    raise InvalidCommand("Deals for a stored tournament are not available yet.")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""

    @app.command("payouts")
    def payouts_command(
        tournament: Annotated[
            str | None, typer.Argument(help="Tournament id (omit for the calculator).")
        ] = None,
        entries: Annotated[
            int | None, typer.Option("--entries", help="Total entries, re-entries included.")
        ] = None,
        pool: Annotated[str | None, typer.Option("--pool", help="Net prize pool.")] = None,
        gross: Annotated[
            str | None, typer.Option("--gross", help="Buy-ins collected (withholding applied).")
        ] = None,
        bounty_fees: Annotated[
            str | None, typer.Option("--bounty-fees", help="Bounty fees collected.")
        ] = None,
        guarantee: Annotated[
            str | None, typer.Option("--guarantee", help="Guaranteed prize pool.")
        ] = None,
        table: Annotated[
            str | None,
            typer.Option("--table", help="fox_ptab, sng, survivor, generic or a .toml file."),
        ] = None,
        buy_in: Annotated[
            str | None,
            typer.Option("--buy-in", help="Buy-in (min-cash of the generic curve; survivor)."),
        ] = None,
        profile: ProfileOption = "foxwoods",
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """The prizes place by place: for a tournament, or from entries and a pool."""
        with refusals(as_json):
            if tournament is not None:
                tournament_payouts(tournament, db=db, as_json=as_json)
                return
            if entries is None:
                raise InvalidCommand("Give --entries (or a tournament id).")
            rules = _profile(profile)
            prizes, made = standalone_payouts(
                entries=entries,
                pool=pool,
                gross=gross,
                bounty_fees=bounty_fees,
                guarantee=guarantee,
                table=table,
                buy_in=buy_in,
                profile=rules,
            )
        if as_json:
            emit([p.as_json() for p in prizes], True)
            return
        title = f"Payouts for {entries} entries ({table or rules.payout_table})"
        _render_payouts({"title": title, "prizes": prizes, "pool": made})

    @app.command("icm")
    def icm_command(
        stacks: Annotated[str, typer.Option("--stacks", help="Chip stacks, e.g. 6000,4000,2000.")],
        prizes: Annotated[
            str, typer.Option("--prizes", help="Prizes still to win, e.g. 500,300,200.")
        ],
        samples: Annotated[
            int, typer.Option("--samples", help="Monte-Carlo samples (beyond 10 players).")
        ] = DEFAULT_SAMPLES,
        seed: Annotated[
            int | None, typer.Option("--seed", help="Seed for a repeatable Monte-Carlo run.")
        ] = None,
        as_json: JsonOption = False,
    ) -> None:
        """ICM (Malmuth-Harville) equities of each stack, exact up to 10 players."""
        with refusals(as_json):
            chips = _chips_list(stacks)
            money = _money_list(prizes, "prizes")
            rng = Random(seed) if seed is not None else Random(secrets.randbits(64))
            result = icm(chips, money, rng=rng, samples=samples)
            from pokertd.tournament.deals import chip_leader, round_to_total

            cents = round_to_total(result.equities, sum(money), residual_to=chip_leader(chips))
        data: dict[str, Any] = {
            "equities": [c / 100 for c in cents],
            "method": result.method.value,
        }
        if result.method is IcmMethod.MONTE_CARLO:
            data["samples"] = result.samples
            data["standard_errors"] = [e / 100 for e in result.standard_errors]
        if as_json:
            emit(data, True)
            return
        out = Table(title=f"ICM ({result.method.value.replace('_', '-')})")
        out.add_column("Stack", justify="right")
        out.add_column("Equity", justify="right")
        for i, (stack, amount) in enumerate(zip(chips, cents, strict=True)):
            row = [f"{stack:,}", format_money(amount)]
            if result.method is IcmMethod.MONTE_CARLO:
                row[1] += f" ± {format_money(result.standard_errors[i])}"
            out.add_row(*row)
        console.print(out)
        if result.method is IcmMethod.MONTE_CARLO:
            console.print(
                f"Monte-Carlo estimate from {result.samples:,} samples; ± is one standard error."
            )

    @app.command("deal")
    def deal_command(
        args: Annotated[
            list[str],
            typer.Argument(
                help="[TOURNAMENT] icm|chip|floor|even|save|custom "
                "(without a tournament: give --stacks and --prizes)."
            ),
        ],
        stacks: Annotated[str | None, typer.Option("--stacks", help="Chip stacks.")] = None,
        prizes: Annotated[
            str | None, typer.Option("--prizes", help="Prizes still to win, first place first.")
        ] = None,
        players: Annotated[
            str | None, typer.Option("--players", help="Player names, in stack order.")
        ] = None,
        save: Annotated[
            str | None, typer.Option("--save", help="Amount left to play for (the winner's save).")
        ] = None,
        save_by: Annotated[
            str, typer.Option("--by", help="How a save divides the rest: icm, chip, floor, even.")
        ] = "icm",
        amounts: Annotated[
            str | None, typer.Option("--amounts", help="Custom deal amounts, in stack order.")
        ] = None,
        profile: ProfileOption = "tda",
        regional: Annotated[
            bool, typer.Option("--regional/--local", help="TNPL: regional or national event.")
        ] = True,
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Work out a deal: ICM, chip chop, chop with a floor, even, a save, custom amounts."""
        with refusals(as_json):
            if len(args) not in (1, 2):
                raise InvalidCommand(
                    "Usage: pokertd deal [TOURNAMENT] icm|chip|floor|even|save|custom"
                )
            kind_text = args[-1]
            try:
                kind = DealKind(kind_text)
            except ValueError:
                raise InvalidCommand(
                    f"{kind_text!r} is not a kind of deal: icm, chip, floor, even, save or custom."
                ) from None
            if len(args) == 2:
                tournament_deal(
                    args[0],
                    kind,
                    db=db,
                    as_json=as_json,
                    save=parse_money(save) if save else 0,
                    save_by=save_by,
                    amounts=_money_list(amounts, "amounts") if amounts else None,
                )
                return
            if stacks is None or prizes is None:
                raise InvalidCommand("Give --stacks and --prizes (or a tournament id).")
            chips = _chips_list(stacks)
            names = (
                [p.strip() for p in players.split(",")]
                if players
                else [f"Player {i + 1}" for i in range(len(chips))]
            )
            rules = _profile(profile)
            terms = propose(
                kind,
                names,
                chips,
                _money_list(prizes, "prizes"),
                profile=rules,
                save=parse_money(save) if save else 0,
                save_by=save_by,
                custom=_money_list(amounts, "amounts") if amounts else None,
                rng=Random(secrets.randbits(64)),
            )
            warnings = deal_warnings(terms, profile=rules, regional=regional)
        render_deal(terms, warnings, as_json)


def render_deal(terms: Any, warnings: list[str], as_json: bool) -> None:
    """Print deal terms (and any warnings) for people or as JSON (amounts in cents)."""
    data = {
        "kind": terms.kind.value,
        "players": [
            {"player": p, "stack": s, "amount": a}
            for p, s, a in zip(terms.players, terms.stacks, terms.amounts, strict=True)
        ],
        "play_for": terms.play_for,
        "remaining_pool": terms.remaining_pool,
        "warnings": warnings,
    }
    if as_json:
        emit(data, True)
        return
    out = Table(title=f"Deal: {terms.kind.value}")
    out.add_column("Player")
    out.add_column("Chips", justify="right")
    out.add_column("Amount", justify="right")
    for p, s, a in zip(terms.players, terms.stacks, terms.amounts, strict=True):
        out.add_row(p, f"{s:,}", format_money(a))
    console.print(out)
    if terms.play_for:
        console.print(f"Left to play for: {format_money(terms.play_for)}")
    for warning in warnings:
        err_console.print(f"[yellow]warning:[/] {warning}")
