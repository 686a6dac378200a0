"""CLI commands: money — payouts, ICM, deals, bounties, standings, receipts.

Standalone calculators work without a tournament::

    pokertd payouts --entries 100 --pool 4074 --table fox_ptab --json
    pokertd icm --stacks 6000,4000,2000 --prizes 500,300,200 --json
    pokertd deal icm --stacks 5000,3000,2000 --prizes 50,30,20

Over a stored tournament (one service call each)::

    pokertd payouts T                       # pool, withholding, overlay, prize per place
    pokertd deal T icm|chip|floor|even|save|custom [--stacks Ann=6000,...] [--save 100]
    pokertd deal T accept NAME | reject NAME | approve SUPERVISOR | status
    pokertd standings T [--csv FILE|-] [--json]
    pokertd bounties T                      # the bounty ledger
    pokertd bounty T NAME --winners A,B [--button 1 --seats 4,2]   # split pots
    pokertd prize-options T [--pko/--fixed] [--deals/--no-deals]
    pokertd post-schedule T                 # NJ-44d
    pokertd pay T NAME [--id-checked] [--foreign] [--treaty]; pokertd receipt T NAME

Amounts are typed as the floor says them (``4074``, ``4074.00``, ``$4,074.00``) and become
exact cents; JSON amounts are cents, ICM equities are in the prizes' unit with cents.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from random import Random
from typing import Annotated, Any

import typer
from rich.table import Table

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    console,
    emit,
    err_console,
    refusals,
)
from pokertd.cli._common import actor as _actor
from pokertd.cli._common import service as _service
from pokertd.errors import InvalidCommand
from pokertd.rules import load_profile
from pokertd.rules.profile import RuleProfile
from pokertd.service import utc_now
from pokertd.tournament.deals import DealKind, deal_warnings, propose
from pokertd.tournament.framework import Command, EventRecord
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
from pokertd.tournament.prizes import (
    AcceptDeal,
    ApproveDeal,
    DealProposed,
    DealView,
    PayoutSchedulePosted,
    PayPrize,
    PostPayoutSchedule,
    ProposeDeal,
    RecordBountyWinners,
    RejectDeal,
    SetPrizeOptions,
    bounty_ledger,
    deal_view,
    prize_table,
    receipt_text,
    standings,
    standings_csv,
    standings_json,
)

ProfileOption = Annotated[
    str,
    typer.Option(
        "--profile",
        help="Rule profile (tda, kojack, tnpl, nj_fundraiser, spotlight, "
        "foxwoods) or a profile file.",
    ),
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
        from pokertd.rules.profile import read_text_file

        text = read_text_file(path, "payout table")
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


def _run(db: str | None, tid: str, command: Command, as_json: bool) -> list[EventRecord]:
    with _service(db) as service:
        records = service.run(tid, command, actor=_actor(), role="director")
    if as_json:
        emit(
            [{"seq": r.seq, "type": r.event.type, "text": r.event.describe()} for r in records],
            True,
        )
    else:
        for r in records:
            console.print(f"[green]✓[/] {r.event.describe()}")
    return records


def tournament_payouts(tournament: str, *, db: str | None, as_json: bool) -> None:
    """``pokertd payouts T``: the tournament's prize pool and payouts."""
    with _service(db) as service:
        table = prize_table(service.state(tournament))
    if as_json:
        emit([p.as_json() for p in table.prizes], True)
        return
    title = f"Payouts for {table.entries} entries ({table.table})"
    if table.schedule_posted:
        title += ", schedule posted"
    _render_payouts({"title": title, "prizes": table.prizes, "pool": table.pool})
    if table.note:
        console.print(table.note)


def _named_amounts(items: str, *, money: bool) -> tuple[tuple[str, int], ...]:
    """``Ann=6000,Bob=4000`` pairs (chips, or money when ``money``)."""
    out: list[tuple[str, int]] = []
    for item in items.split(","):
        name, sep, value = item.rpartition("=")
        if not sep or not name.strip():
            raise InvalidCommand(f"{item.strip()!r}: write NAME=AMOUNT, e.g. Ann=6000.")
        out.append((name.strip(), parse_money(value) if money else _chips_list(value)[0]))
    return tuple(out)


def tournament_deal(
    tournament: str,
    action: str,
    rest: list[str],
    *,
    db: str | None,
    as_json: bool,
    stacks: str | None,
    save: int,
    save_by: str,
    amounts: str | None,
    regional: bool,
) -> None:
    """``pokertd deal T KIND | accept NAME | reject NAME | approve SUPERVISOR | status``."""
    command: Command
    if action == "status":
        with _service(db) as service:
            view = deal_view(service.state(tournament))
        if view is None:
            raise InvalidCommand("No deal has been proposed in this tournament.")
        _render_deal_view(view, as_json)
        return
    if action in ("accept", "reject", "approve"):
        if len(rest) != 1:
            who = "SUPERVISOR" if action == "approve" else "PLAYER"
            raise InvalidCommand(f"Usage: pokertd deal T {action} {who}")
        if action == "accept":
            command = AcceptDeal(player=rest[0])
        elif action == "reject":
            command = RejectDeal(player=rest[0])
        else:
            command = ApproveDeal(supervisor=rest[0])
        _run(db, tournament, command, as_json)
        return
    try:
        kind = DealKind(action)
    except ValueError:
        raise InvalidCommand(
            f"{action!r} is not a kind of deal (icm, chip, floor, even, save, custom) nor "
            "accept, reject, approve or status."
        ) from None
    if rest:
        raise InvalidCommand(f"Usage: pokertd deal T {action} [options]")
    command = ProposeDeal(
        kind=kind,
        stacks=_named_amounts(stacks, money=False) if stacks else (),
        amounts=_named_amounts(amounts, money=True) if amounts else (),
        save=save,
        save_by=DealKind(save_by),
        regional=regional,
    )
    records = _run(db, tournament, command, as_json)
    if not as_json:
        for r in records:
            if isinstance(r.event, DealProposed):
                for warning in r.event.warnings:
                    err_console.print(f"[yellow]warning:[/] {warning}")


def _render_deal_view(view: DealView, as_json: bool) -> None:
    if as_json:
        emit(view, True)
        return
    out = Table(title=f"Deal ({view.kind.value}): {view.status.value}")
    out.add_column("Player")
    out.add_column("Chips", justify="right")
    out.add_column("Amount", justify="right")
    out.add_column("Accepted")
    for p, s, a in zip(view.players, view.stacks, view.amounts, strict=True):
        out.add_row(p, f"{s:,}", format_money(a), "yes" if p in view.accepted else "")
    console.print(out)
    if view.play_for:
        console.print(f"Left to play for: {format_money(view.play_for)}")
    if view.requires_approval:
        console.print(f"Supervisor: {view.approved_by or 'not yet approved'}")
    if view.rejected_by:
        console.print(f"Rejected by {view.rejected_by}.")


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
                help="icm|chip|floor|even|save|custom with --stacks and --prizes; or "
                "TOURNAMENT icm|chip|floor|even|save|custom (propose), TOURNAMENT accept NAME, "
                "reject NAME, approve SUPERVISOR, status."
            ),
        ],
        stacks: Annotated[
            str | None,
            typer.Option("--stacks", help="Chip stacks (6000,4000) or, in a tournament, Ann=6000."),
        ] = None,
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
            str | None,
            typer.Option(
                "--amounts", help="Custom amounts in stack order (in a tournament: Ann=2400)."
            ),
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
            if len(args) >= 2:
                tournament_deal(
                    args[0],
                    args[1],
                    args[2:],
                    db=db,
                    as_json=as_json,
                    stacks=stacks,
                    save=parse_money(save) if save else 0,
                    save_by=save_by,
                    amounts=amounts,
                    regional=regional,
                )
                return
            if len(args) != 1:
                raise InvalidCommand(
                    "Usage: pokertd deal [TOURNAMENT] icm|chip|floor|even|save|custom"
                )
            kind_text = args[0]
            try:
                kind = DealKind(kind_text)
            except ValueError:
                raise InvalidCommand(
                    f"{kind_text!r} is not a kind of deal: icm, chip, floor, even, save or custom."
                ) from None
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

    @app.command("standings")
    def standings_command(
        tournament: Annotated[str, typer.Argument(help="Tournament id.")],
        csv_out: Annotated[
            str | None, typer.Option("--csv", help="Write CSV to this file ('-' = stdout).")
        ] = None,
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Standings with prizes, deal amounts and bounties; CSV or JSON export."""
        with refusals(as_json), _service(db) as service:
            state = service.state(tournament)
            rows = standings(state, utc_now())
        if csv_out is not None:
            text = standings_csv(rows)
            if csv_out == "-":
                sys.stdout.write(text)
            else:
                Path(csv_out).write_text(text, encoding="utf-8")
                console.print(f"Wrote {len(rows)} rows to {csv_out}")
            return
        if as_json:
            emit(standings_json(rows), True)
            return
        out = Table(title="Standings")
        for col in ("Place", "Player", "Prize", "Deal", "Bounties", "Total", "Note"):
            out.add_column(col, justify="right" if col not in ("Player", "Note") else "left")
        for r in rows:
            place = (
                ""
                if r.place is None
                else (str(r.place) if len(r.places) <= 1 else f"{r.places[0]}-{r.places[-1]}")
            )
            out.add_row(
                place,
                r.name,
                format_money(r.prize) if r.prize else "",
                format_money(r.deal) if r.deal is not None else "",
                format_money(r.bounties) if r.bounties else "",
                format_money(r.total) if r.total else "",
                r.note,
            )
        console.print(out)

    @app.command("bounties")
    def bounties_command(
        tournament: Annotated[str, typer.Argument(help="Tournament id.")],
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Every bounty collected, by knockout, and (PKO) each player's bounty now."""
        with refusals(as_json), _service(db) as service:
            ledger = bounty_ledger(service.state(tournament))
        if as_json:
            emit(ledger, True)
            return
        kind = "progressive" if ledger.progressive else "fixed"
        out = Table(title=f"Bounties ({kind})")
        for col in ("Knocked out", "Collector", "Cash", "Added to bounty", "Note"):
            out.add_column(col)
        for line in ledger.lines:
            out.add_row(
                line.eliminated,
                line.collector,
                format_money(line.cash),
                format_money(line.added_to_bounty) if line.added_to_bounty else "",
                line.note,
            )
        console.print(out)
        if ledger.uncollected:
            console.print("Eliminator not recorded for: " + ", ".join(ledger.uncollected))

    @app.command("bounty")
    def bounty_command(
        tournament: Annotated[str, typer.Argument(help="Tournament id.")],
        player: Annotated[str, typer.Argument(help="The player knocked out.")],
        winners: Annotated[
            str, typer.Option("--winners", help="Players who won the pot, e.g. Ann,Bob.")
        ],
        button: Annotated[
            int | None, typer.Option("--button", help="Seat of the button (split pots).")
        ] = None,
        seats: Annotated[
            str | None, typer.Option("--seats", help="The winners' seats, same order.")
        ] = None,
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Record who won the pot carrying a knocked-out player's bounty (split pots)."""
        with refusals(as_json):
            command = RecordBountyWinners(
                player=player,
                winners=tuple(w.strip() for w in winners.split(",") if w.strip()),
                button_seat=button,
                winner_seats=tuple(_chips_list(seats)) if seats else (),
            )
            _run(db, tournament, command, as_json)

    @app.command("prize-options")
    def prize_options_command(
        tournament: Annotated[str, typer.Argument(help="Tournament id.")],
        progressive: Annotated[
            bool | None,
            typer.Option("--pko/--fixed", help="Progressive knockout or fixed bounties."),
        ] = None,
        deals: Annotated[
            bool | None,
            typer.Option("--deals/--no-deals", help="Allow deals where the house decides."),
        ] = None,
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Set the event's prize options: PKO bounties, deals allowed by the house."""
        with refusals(as_json):
            _run(
                db,
                tournament,
                SetPrizeOptions(progressive_bounties=progressive, deals_enabled=deals),
                as_json,
            )

    @app.command("post-schedule")
    def post_schedule_command(
        tournament: Annotated[str, typer.Argument(help="Tournament id.")],
        table: Annotated[
            str | None, typer.Option("--table", help="Payout table to post (default: the event's).")
        ] = None,
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Record that the prize schedule is posted (required before play in New Jersey)."""
        with refusals(as_json):
            records = _run(db, tournament, PostPayoutSchedule(table=table), as_json)
        if not as_json:
            for r in records:
                if isinstance(r.event, PayoutSchedulePosted):
                    for line in r.event.lines:
                        console.print(line)

    @app.command("pay")
    def pay_command(
        tournament: Annotated[str, typer.Argument(help="Tournament id.")],
        player: Annotated[str, typer.Argument(help="The finisher to pay.")],
        id_checked: Annotated[
            bool, typer.Option("--id-checked", help="Photo ID and SSN seen (FOX-PAY2).")
        ] = False,
        foreign: Annotated[
            bool, typer.Option("--foreign", help="Foreign player: 1042-S (FOX-PAY4).")
        ] = False,
        treaty: Annotated[
            bool, typer.Option("--treaty", help="Tax treaty exemption on file (ITIN, W-8BEN).")
        ] = False,
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Pay a finisher's prize and bounties; prints the receipt."""
        with refusals(as_json):
            _run(
                db,
                tournament,
                PayPrize(
                    player=player, id_checked=id_checked, foreign=foreign, treaty_exempt=treaty
                ),
                as_json,
            )
            if not as_json:
                with _service(db) as service:
                    console.print(receipt_text(service.state(tournament), player))

    @app.command("receipt")
    def receipt_command(
        tournament: Annotated[str, typer.Argument(help="Tournament id.")],
        player: Annotated[str, typer.Argument(help="The player paid.")],
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Print the receipt of a prize already paid."""
        with refusals(as_json), _service(db) as service:
            text = receipt_text(service.state(tournament), player)
        if as_json:
            emit({"receipt": text}, True)
        else:
            sys.stdout.write(text)


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
