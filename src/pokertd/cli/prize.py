"""CLI sub-app ``pokertd prize``: payouts, ICM, standings, bounties, payments and receipts.

Standalone calculators work without a tournament::

    pokertd prize payouts --entries 100 --pool 4074 --table fox_ptab --json
    pokertd prize icm --stacks 6000,4000,2000 --prizes 500,300,200 --json

Over a stored tournament (one service call each)::

    pokertd prize payouts T                 # pool, withholding, overlay, prize per place
    pokertd prize standings T [--csv FILE|-] [--json]
    pokertd prize bounties T                # the bounty ledger
    pokertd prize bounty T NAME --winners A,B [--button 1 --seats 4,2]   # split pots
    pokertd prize options T [--pko/--fixed] [--deals/--no-deals]
    pokertd prize post-schedule T           # NJ-44d
    pokertd prize pay T NAME [--id-checked] [--tax-id-taken] [--foreign] [--treaty];
    pokertd prize receipt T NAME

Every command is also top level under its older name (``pokertd payouts``, ``icm``,
``standings``, ``bounties``, ``bounty``, ``prize-options``, ``post-schedule``, ``pay``,
``receipt``): the same function, so both spellings behave the same. Deals are their own
sub-app (:mod:`pokertd.cli.deal`).

Amounts are typed as the floor says them (``4074``, ``4074.00``, ``$4,074.00``) and become
exact cents; JSON amounts are cents, ICM equities are in the prizes' unit with cents.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokertd.cli._choices import ICM_SAMPLES
from pokertd.cli._common import (
    DbOption,
    JsonOption,
    cli_language,
    console,
    emit,
    num,
    print_done,
    record_rows,
    refusals,
    say,
)
from pokertd.cli._common import actor as _actor
from pokertd.cli._common import service as _service
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Phrase
from pokertd.money import format_money, parse_money
from pokertd.timefmt import venue_zone

if TYPE_CHECKING:
    from pokertd.rules.profile import RuleProfile
    from pokertd.tournament.framework import Command, EventRecord, TournamentState
    from pokertd.tournament.prizes import IcmResult, PayoutTable, Prize, PrizePool, StandingRow

ProfileOption = Annotated[
    str,
    typer.Option(
        "--profile",
        help="Rule profile (tda, kojack, tnpl, nj_fundraiser, spotlight, "
        "foxwoods) or a profile file.",
    ),
]
TidArg = Annotated[str, typer.Argument(help="Tournament id.")]
OptionalStr = str | None

prize_app = typer.Typer(
    name="prize",
    help="Prizes: payouts, ICM, standings, bounties, payments and receipts.",
    no_args_is_help=True,
)


# -- parsing -------------------------------------------------------------------------------


def money_list(text: str, what: str) -> list[int]:
    """Comma-separated amounts (``500,300,200``) as cents; none at all is refused."""
    items = [t for t in text.split(",") if t.strip()]
    if not items:
        raise InvalidCommand(
            template=N_("Give the %(what)s separated by commas, e.g. 500,300,200."),
            params={"what": what},
        )
    return [parse_money(t) for t in items]


def envelope_list(text: str) -> tuple[tuple[int, int], ...]:
    """Mystery envelopes as ``COUNTxAMOUNT`` items separated by spaces or semicolons
    (``1x5000 2x1000 10x200 40x100``): ``(cents, count)`` pairs."""
    pairs: list[tuple[int, int]] = []
    for item in text.replace(";", " ").split():
        count, sep, amount = item.lower().partition("x")
        if not sep or not count.strip().isdigit():
            raise InvalidCommand(
                template=N_(
                    "%(item)s is not an envelope kind: write COUNTxAMOUNT separated by "
                    "spaces, e.g. 1x5000 2x1000 10x200."
                ),
                params={"item": repr(item)},
            )
        pairs.append((parse_money(amount), int(count)))
    if not pairs:
        raise InvalidCommand(template=N_("Give the envelopes, e.g. 1x5000 2x1000 10x200 40x100."))
    return tuple(pairs)


def chips_list(text: str) -> list[int]:
    """Comma-separated whole chip counts (``6000,4000``); anything else is refused."""
    stacks = []
    for item in text.split(","):
        cleaned = item.strip().replace("_", "")
        if not cleaned.isdigit():
            raise InvalidCommand(
                template=N_(
                    "%(item)s is not a chip count: give whole numbers separated by commas, "
                    "e.g. 6000,4000,2000."
                ),
                params={"item": repr(item.strip())},
            )
        stacks.append(int(cleaned))
    return stacks


def profile_named(name: str) -> RuleProfile:
    """The rule profile ``--profile`` names (a built-in name or a file)."""
    from pokertd.rules import load_profile

    return load_profile(name)


def _table(name: str | None) -> PayoutTable | str | None:
    """``--table``: a built-in table's name, or a payout table read from a ``.toml`` file."""
    from pokertd.rules.profile import read_text_file
    from pokertd.tournament.prizes import BUILTIN_TABLES, parse_payout_table

    if name is None:
        return None
    if name in (*BUILTIN_TABLES, "sng", "survivor", "generic"):
        return name
    path = Path(name)
    if path.suffix == ".toml" or path.exists():
        text = read_text_file(path, "payout table")
        return parse_payout_table(text, name=path.stem)
    raise InvalidCommand(
        template=N_(
            "There is no payout table called %(name)s: use fox_ptab, sng, "
            "survivor, generic or a .toml file."
        ),
        params={"name": repr(name)},
    )


def run_command(db: str | None, tid: str, command: Command, as_json: bool) -> list[EventRecord]:
    """Run one director command on tournament ``tid`` and print what it recorded."""
    with _service(db) as service:
        records = service.run(tid, command, actor=_actor(), role="director")
    if as_json:
        emit(record_rows(records), True)
    else:
        print_done(records)
    return records


# -- payouts -------------------------------------------------------------------------------


def _render_payouts(data: dict[str, Any]) -> None:
    from rich.table import Table

    pool: PrizePool | None = data.get("pool")
    if pool is not None:
        parts = [say("Buy-ins %(amount)s", amount=format_money(pool.buy_ins))]
        if pool.bounty_fees:
            parts.append(say("bounty fees %(amount)s", amount=format_money(pool.bounty_fees)))
        parts.append(say("withheld %(amount)s", amount=format_money(pool.withheld)))
        if pool.overlay:
            parts.append(say("overlay %(amount)s", amount=format_money(pool.overlay)))
        net = say("net prize pool %(amount)s", amount=format_money(pool.net))
        console.print(f"{', '.join(parts)} -> {net}")
    table = Table(title=data["title"])
    table.add_column(say("Place"), justify="right")
    table.add_column(say("Prize"), justify="right")
    table.add_column("%", justify="right")
    for prize in data["prizes"]:
        share = f"{float(prize.share * 100):.2f}" if prize.share is not None else ""
        table.add_row(str(prize.place), format_money(prize.amount), share)
    console.print(table)
    console.print(
        say("Total %(amount)s", amount=format_money(sum(p.amount for p in data["prizes"])))
    )


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
    from pokertd.tournament.prizes import payout_prizes, prize_pool

    if (pool is None) == (gross is None):
        raise InvalidCommand(
            template=N_("Give either --pool (the net prize pool) or --gross (the buy-ins).")
        )
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
    prizes = payout_prizes(
        entries,
        net,
        profile=profile,
        table=_table(table),
        min_cash=parse_money(buy_in) if buy_in else None,
    )
    return prizes, made


def tournament_payouts(tournament: str, *, db: str | None, as_json: bool) -> None:
    """``pokertd payouts T``: the tournament's prize pool and payouts."""
    from pokertd.app.documents import payouts
    from pokertd.tournament.prizes import prize_table

    with _service(db) as service:
        table = prize_table(service.state(tournament))
    if as_json:  # the API's /payouts document
        emit(payouts(table.prizes), True)
        return
    if table.schedule_posted:
        title = say(
            "Payouts for %(entries)s entries (%(table)s), schedule posted",
            entries=table.entries,
            table=table.table,
        )
    else:
        title = say(
            "Payouts for %(entries)s entries (%(table)s)", entries=table.entries, table=table.table
        )
    _render_payouts({"title": title, "prizes": table.prizes, "pool": table.pool})
    if table.note:
        console.print(table.note)
    if table.high_hand is not None:
        console.print(table.high_hand.line())


def payouts_command(
    tournament: Annotated[
        OptionalStr, typer.Argument(help="Tournament id (omit for the calculator).")
    ] = None,
    entries: Annotated[
        int | None, typer.Option("--entries", help="Total entries, re-entries included.")
    ] = None,
    pool: Annotated[OptionalStr, typer.Option("--pool", help="Net prize pool.")] = None,
    gross: Annotated[
        OptionalStr, typer.Option("--gross", help="Buy-ins collected (withholding applied).")
    ] = None,
    bounty_fees: Annotated[
        OptionalStr, typer.Option("--bounty-fees", help="Bounty fees collected.")
    ] = None,
    guarantee: Annotated[
        OptionalStr, typer.Option("--guarantee", help="Guaranteed prize pool.")
    ] = None,
    table: Annotated[
        OptionalStr,
        typer.Option("--table", help="fox_ptab, sng, survivor, generic or a .toml file."),
    ] = None,
    buy_in: Annotated[
        OptionalStr,
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
            raise InvalidCommand(template=N_("Give --entries (or a tournament id)."))
        rules = profile_named(profile)
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
    if as_json:  # the same document as a tournament's payouts
        from pokertd.app.documents import payouts as payout_rows

        emit(payout_rows(prizes), True)
        return
    title = say(
        "Payouts for %(entries)s entries (%(table)s)",
        entries=entries,
        table=table or rules.payout_table,
    )
    _render_payouts({"title": title, "prizes": prizes, "pool": made})


# -- ICM -----------------------------------------------------------------------------------


def _render_icm(result: IcmResult, chips: list[int], cents: list[int]) -> None:
    from rich.table import Table

    from pokertd.tournament.prizes import IcmMethod

    out = Table(title=f"ICM ({result.method.value.replace('_', '-')})")
    out.add_column(say("Stack"), justify="right")
    out.add_column(say("Equity"), justify="right")
    for i, (stack, amount) in enumerate(zip(chips, cents, strict=True)):
        row = [num(stack), format_money(amount)]
        if result.method is IcmMethod.MONTE_CARLO:
            row[1] += f" ± {format_money(result.standard_errors[i])}"
        out.add_row(*row)
    console.print(out)
    if result.method is IcmMethod.MONTE_CARLO:
        console.print(
            say(
                "Monte-Carlo estimate from %(samples)s samples; ± is one standard error.",
                samples=num(result.samples),
            )
        )


def icm_command(
    stacks: Annotated[str, typer.Option("--stacks", help="Chip stacks, e.g. 6000,4000,2000.")],
    prizes: Annotated[str, typer.Option("--prizes", help="Prizes still to win, e.g. 500,300,200.")],
    samples: Annotated[
        int, typer.Option("--samples", help="Monte-Carlo samples (beyond 10 players).")
    ] = ICM_SAMPLES,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for a repeatable Monte-Carlo run.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """ICM (Malmuth-Harville) equities of each stack, exact up to 10 players."""
    from pokertd.tournament.prizes import IcmMethod, chip_leader, icm_equities, round_to_total

    with refusals(as_json):
        chips = chips_list(stacks)
        money = money_list(prizes, Phrase(N_("prizes")))
        rng = Random(seed) if seed is not None else Random(secrets.randbits(64))
        result = icm_equities(chips, money, rng=rng, samples=samples)
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
    _render_icm(result, chips, list(cents))


# -- standings and bounties ----------------------------------------------------------------


def _render_standings(rows: tuple[StandingRow, ...]) -> None:
    from rich.table import Table

    out = Table(title=say("Standings"))
    out.add_column(say("Place"), justify="right")
    out.add_column(say("Player"), justify="left")
    for col in (say("Prize"), say("Deal"), say("Bounties"), say("Total")):
        out.add_column(col, justify="right")
    out.add_column(say("Note"), justify="left")
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


def standings_command(
    tournament: TidArg,
    csv_out: Annotated[
        OptionalStr, typer.Option("--csv", help="Write CSV to this file ('-' = stdout).")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Standings with prizes, deal amounts and bounties; CSV or JSON export."""
    from pokertd.app.tournaments import utc_now
    from pokertd.tournament.prizes import standings, standings_csv, standings_json

    with refusals(as_json), _service(db) as service:
        state = service.state(tournament)
        rows = standings(state, utc_now())
    if csv_out is not None:
        text = standings_csv(rows)
        if csv_out == "-":
            sys.stdout.write(text)
        else:
            Path(csv_out).write_text(text, encoding="utf-8")
            console.print(say("Wrote %(n)s rows to %(file)s", n=len(rows), file=csv_out))
        return
    if as_json:
        emit(standings_json(rows), True)
        return
    _render_standings(rows)


def bounties_command(tournament: TidArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Every bounty collected, by knockout, and (PKO) each player's bounty now."""
    from rich.table import Table

    from pokertd.tournament.prizes import bounty_ledger

    with refusals(as_json), _service(db) as service:
        ledger = bounty_ledger(service.state(tournament))
    if as_json:
        emit(ledger, True)
        return
    out = Table(
        title=say("Bounties (progressive)") if ledger.progressive else say("Bounties (fixed)")
    )
    for col in (
        say("Knocked out"),
        say("Collector"),
        say("Cash"),
        say("Added to bounty"),
        say("Note"),
    ):
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
        console.print(
            say("Eliminator not recorded for: %(names)s", names=", ".join(ledger.uncollected))
        )


def bounty_command(
    tournament: TidArg,
    player: Annotated[str, typer.Argument(help="The player knocked out.")],
    winners: Annotated[
        str, typer.Option("--winners", help="Players who won the pot, e.g. Ann,Bob.")
    ],
    button: Annotated[
        int | None, typer.Option("--button", help="Seat of the button (split pots).")
    ] = None,
    seats: Annotated[
        OptionalStr, typer.Option("--seats", help="The winners' seats, same order.")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Record who won the pot carrying a knocked-out player's bounty (split pots)."""
    from pokertd.tournament.prizes import RecordBountyWinners

    with refusals(as_json):
        command = RecordBountyWinners(
            player=player,
            winners=tuple(w.strip() for w in winners.split(",") if w.strip()),
            button_seat=button,
            winner_seats=tuple(chips_list(seats)) if seats else (),
        )
        run_command(db, tournament, command, as_json)


def _render_mystery(view: Any) -> None:
    """The mystery bounties: the envelopes drawn and left, and the money they hold."""
    if view is None:
        console.print(say("No mystery bounties are posted in this event."))
        return
    console.print(
        say(
            "Mystery bounties %(stage)s: %(posted)s in envelopes, %(taken)s of bounty money taken",
            stage=view.stage,
            posted=format_money(view.posted_total),
            taken=format_money(view.collected),
        )
    )
    for draw in view.draws:
        console.print(draw.line())
    left = ", ".join(f"{n} x {format_money(v)}" for v, n in view.left) or say("none")
    console.print(
        say(
            "Envelopes left (%(amount)s): %(left)s",
            amount=format_money(view.left_total),
            left=left,
        )
    )
    if view.not_in_envelopes > 0:
        console.print(
            say(
                "Bounty money in no envelope: %(amount)s (the winner collects it)",
                amount=format_money(view.not_in_envelopes),
            )
        )
    elif view.not_in_envelopes < 0:
        console.print(
            say(
                "The envelopes hold %(amount)s more than the bounty money taken: an envelope "
                "is drawn only while the money covers it (post again before the first draw).",
                amount=format_money(-view.not_in_envelopes),
            )
        )


def mystery_command(
    tournament: TidArg,
    envelopes: Annotated[
        OptionalStr,
        typer.Option(
            "--envelopes", help="Post envelopes as COUNTxAMOUNT, e.g. '1x5000 2x1000 10x200'."
        ),
    ] = None,
    from_level: Annotated[
        int | None, typer.Option("--from-level", help="Draw from this level on.")
    ] = None,
    in_the_money: Annotated[
        bool, typer.Option("--in-the-money", help="Draw from the first bust in the money.")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Mystery bounties: post the envelopes and the stage, or show the pool (issue 26)."""
    from pokertd.tournament.prizes import PostMysteryBounties, mystery_view

    if envelopes is not None:
        with refusals(as_json):
            command = PostMysteryBounties(
                envelopes=envelope_list(envelopes),
                from_level=from_level,
                in_the_money=in_the_money,
            )
            run_command(db, tournament, command, as_json)
        return
    with refusals(as_json), _service(db) as service:
        view = mystery_view(service.state(tournament))
    if as_json:
        emit(view, True)
        return
    _render_mystery(view)


# -- options, schedule, payments -----------------------------------------------------------


def prize_options_command(
    tournament: TidArg,
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
    from pokertd.tournament.prizes import SetPrizeOptions

    with refusals(as_json):
        command = SetPrizeOptions(progressive_bounties=progressive, deals_enabled=deals)
        run_command(db, tournament, command, as_json)


def post_schedule_command(
    tournament: TidArg,
    table: Annotated[
        OptionalStr, typer.Option("--table", help="Payout table to post (default: the event's).")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Record that the prize schedule is posted (required before play in New Jersey)."""
    from pokertd.tournament.prizes import PayoutSchedulePosted, PostPayoutSchedule

    with refusals(as_json):
        records = run_command(db, tournament, PostPayoutSchedule(table=table), as_json)
    if not as_json:
        for r in records:
            if isinstance(r.event, PayoutSchedulePosted):
                for line in r.event.lines:
                    console.print(line)


def pay_command(
    tournament: TidArg,
    player: Annotated[str, typer.Argument(help="The finisher to pay.")],
    id_checked: Annotated[
        bool,
        typer.Option("--id-checked", help="The winner's ID seen (where the venue asks for it)."),
    ] = False,
    tax_id_taken: Annotated[
        bool,
        typer.Option(
            "--tax-id-taken",
            help="SSN/ITIN taken for the tax form (only where the venue issues tax forms).",
        ),
    ] = False,
    foreign: Annotated[
        bool,
        typer.Option(
            "--foreign", help="Foreign player: 1042-S and tax withheld, where it applies."
        ),
    ] = False,
    treaty: Annotated[
        bool, typer.Option("--treaty", help="Tax treaty exemption on file (ITIN, W-8BEN).")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Pay a finisher's prize and bounties; prints the receipt."""
    from pokertd.tournament.prizes import PayPrize

    with refusals(as_json):
        command = PayPrize(
            player=player,
            id_checked=id_checked,
            tax_id_taken=tax_id_taken,
            foreign=foreign,
            treaty_exempt=treaty,
        )
        run_command(db, tournament, command, as_json)
        if not as_json:
            with _service(db) as service:
                state = service.state(tournament)
                recs = service.records(tournament)
                console.print(_receipt(state, player, recs))


def high_hand_command(
    tournament: TidArg,
    player: Annotated[OptionalStr, typer.Argument(help="The player who showed the hand.")] = None,
    cards: Annotated[
        OptionalStr, typer.Argument(help="The hand's 5 to 7 cards, e.g. 'As Ad Ac Kd 2h'.")
    ] = None,
    pay: Annotated[
        bool, typer.Option("--pay", help="Pay the high hand (once level 1 is over).")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """The tournament high hand (FOX-HH): record a level-1 hand of trips or better shown to
    the floor, or pay the best one the event's full price (ties split)."""
    from pokertd.tournament.prizes import PayHighHand, RecordHighHand

    with refusals(as_json):
        if pay:
            run_command(db, tournament, PayHighHand(), as_json)
            return
        if player is None or cards is None:
            raise InvalidCommand(
                template=N_("Give the player and the hand's cards, or --pay to pay the high hand.")
            )
        run_command(db, tournament, RecordHighHand(player=player, cards=cards), as_json)


def _receipt(
    state: TournamentState, player: str, records: list[EventRecord], as_json: bool = False
) -> str:
    """The receipt of ``player``'s prize in ``POKERTD_LANGUAGE`` (``--json``: English, a
    machine reads it), dates as the venue's locale writes them."""
    from pokertd.app.results import receipt_words
    from pokertd.tournament.prizes import receipt_text

    words = receipt_words("en" if as_json else cli_language(), venue_zone())
    return receipt_text(state, player, records=records, zone=venue_zone(), words=words)


def receipt_command(
    tournament: TidArg,
    player: Annotated[str, typer.Argument(help="The player paid.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Print the receipt of a prize already paid."""
    with refusals(as_json), _service(db) as service:
        state = service.state(tournament)
        text = _receipt(state, player, service.records(tournament), as_json)
    if as_json:
        emit({"receipt": text}, True)
    else:
        sys.stdout.write(text)


# -- registration --------------------------------------------------------------------------

COMMANDS = (
    # (name in ``pokertd prize``, older top-level name, function)
    ("payouts", "payouts", payouts_command),
    ("icm", "icm", icm_command),
    ("standings", "standings", standings_command),
    ("bounties", "bounties", bounties_command),
    ("bounty", "bounty", bounty_command),
    ("mystery", "mystery", mystery_command),
    ("options", "prize-options", prize_options_command),
    ("post-schedule", "post-schedule", post_schedule_command),
    ("pay", "pay", pay_command),
    ("receipt", "receipt", receipt_command),
    ("high-hand", "high-hand", high_hand_command),
)
"""Every prize command under its ``pokertd prize`` name and its top-level name."""

for _name, _top, _function in COMMANDS:
    prize_app.command(_name)(_function)


def register(app: typer.Typer) -> None:
    """Add ``pokertd prize …`` and the same commands under their top-level names."""
    for _sub, top, function in COMMANDS:
        app.command(top)(function)
    app.add_typer(prize_app, name="prize")


__all__ = [
    "COMMANDS",
    "ProfileOption",
    "chips_list",
    "envelope_list",
    "money_list",
    "payouts_command",
    "prize_app",
    "profile_named",
    "register",
    "run_command",
    "standalone_payouts",
    "tournament_payouts",
]
