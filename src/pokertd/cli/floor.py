"""CLI commands for the floor: templates, new, register, reenter, rebuy, addon, forfeit,
bust, undo, redo, chips, penalty, close-registration, cancel, finish, status, players, results, log,
cash, tournaments.

Each command parses its arguments, makes one service call and prints a line or a table a
floorperson reads at a glance; ``--json`` prints the same view as JSON. Refusals print one
line naming the rule and exit 2; the log is unchanged.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokertd.cli._choices import PENALTY_WORDS
from pokertd.cli._common import (
    DbOption,
    JsonOption,
    application,
    bold,
    console,
    emit,
    num,
    print_done,
    record_rows,
    refusals,
    say,
    say_n,
)
from pokertd.cli._common import actor as _actor
from pokertd.cli._common import service as _service
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.money import (
    EVENT_CURRENCIES,
    EVENT_LOCALES,
    event_currency_choice,
    event_locale_choice,
    format_money,
    parse_money,
    venue_locale,
)
from pokertd.timefmt import clock, venue_zone

if TYPE_CHECKING:
    from pokertd.tournament.framework import Command, EventRecord

TidArg = Annotated[str, typer.Argument(help="Tournament id (see pokertd tournaments).")]
NameArg = Annotated[str, typer.Argument(help="Player name (a unique beginning is enough) or id.")]


def _out(text: str) -> None:
    """One line for people, never wrapped (it may be piped or grepped)."""
    console.print(text, soft_wrap=True)


def _chips(text: str) -> int:
    """A chip count as people type it: ``15000``, ``15,000``."""
    cleaned = text.strip().replace(",", "").replace("_", "")
    if not cleaned.isdigit():
        raise InvalidCommand(
            template=N_("%(text)s is not a number of chips: write it like 15000 or 15,000"),
            params={"text": repr(text)},
        )
    return int(cleaned)


def _pairs(items: list[str]) -> tuple[tuple[str, int], ...]:
    """``NAME=COUNT`` items, or ``NAME COUNT`` pairs."""
    out: list[tuple[str, int]] = []
    rest = list(items)
    while rest:
        item = rest.pop(0)
        if "=" in item:
            name, _, count = item.rpartition("=")
            out.append((name, _chips(count)))
        elif rest:
            out.append((item, _chips(rest.pop(0))))
        else:
            raise InvalidCommand(
                template=N_("%(item)s has no chip count: write NAME=COUNT or NAME COUNT"),
                params={"item": repr(item)},
            )
    return tuple(out)


def _run(
    db: str | None, tid: str, command: Command, as_json: bool, done: str | None = None
) -> None:
    with refusals(as_json), _service(db) as service:
        records = service.run(tid, command, actor=_actor(), role="director")
        with service.money_of(tid):
            _print_records(records, as_json, done)


def _print_records(records: list[EventRecord], as_json: bool, done: str | None = None) -> None:
    if as_json:
        emit(record_rows(records), True)
        return
    print_done(records)
    if done:
        _out(done)


# --------------------------------------------------------------------------------------
# Commands


def templates_cmd(as_json: JsonOption = False) -> None:
    """List the event templates that ship with pokertd."""
    from rich.table import Table

    from pokertd.tournament.templates import load_template, template_names

    with refusals(as_json):
        rows = [load_template(n) for n in template_names()]
        data = [
            {
                "name": t.name,
                "title": t.title,
                "profile": t.profile,
                "price": t.fees.total,
                "buy_in": t.fees.describe(),
                "starting_stack": t.starting_stack,
                "structure": t.structure,
                "reentry": t.reentry,
                "rebuy": t.rebuy is not None,
                "guarantee": t.guarantee,
            }
            for t in rows
        ]

        def render(_: object) -> None:
            table = Table(title=say("Event templates"))
            for col in (
                say("name"),
                say("event"),
                say("price (parts)"),
                say("stack"),
                say("structure"),
                say("rules"),
            ):
                table.add_column(col)
            for t in rows:
                extra = " " + say("re-entry") if t.reentry else ""
                extra += " " + say("rebuys") if t.rebuy else ""
                if t.guarantee:
                    extra += " " + say("GTD %(amount)s", amount=format_money(t.guarantee))
                table.add_row(
                    t.name,
                    t.title + extra,
                    t.fees.describe(),
                    num(t.starting_stack),
                    t.structure,
                    t.profile,
                )
            console.print(table)

        emit(data, as_json, render)


def _early_bird(text: str | None) -> datetime | None:
    """``--early-bird-until`` as an aware time (a naive one is read as local time)."""
    if text is None:
        return None
    try:
        until = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidCommand(
            template=N_("%(text)s is not a time: write 2026-11-22T19:30+00:00"),
            params={"text": repr(text)},
        ) from None
    return until if until.tzinfo is not None else until.astimezone(UTC)


def _render_new(new_id: str, view: Any) -> None:
    _out(f"[bold]{new_id}[/]  {view.name} — {view.title}")
    _out(
        "  "
        + say(
            "%(buy_in)s, %(stack)s chips, %(profile)s rules; registration %(note)s",
            buy_in=view.buy_in,
            stack=num(view.starting_stack),
            profile=view.profile,
            note=view.registration_note,
        )
    )


CurrencyOption = Annotated[
    str | None,
    typer.Option(
        help="The event's currency, an ISO code: "
        + ", ".join(EVENT_CURRENCIES)
        + " (default: the venue's, $POKERTD_CURRENCY)."
    ),
]
LocaleOption = Annotated[
    str | None,
    typer.Option(
        help="How the event writes numbers, money and dates: "
        + ", ".join(EVENT_LOCALES)
        + " (default: the venue's, $POKERTD_LOCALE)."
    ),
]


def new(
    template: Annotated[str, typer.Option("--template", "-t", help="Template name or file.")],
    name: Annotated[str, typer.Option("--name", "-n", help="The tournament's name.")],
    profile: Annotated[str | None, typer.Option(help="Rule profile (default: template's).")] = None,
    tables: Annotated[int | None, typer.Option(help="Number of tables.")] = None,
    seats: Annotated[int | None, typer.Option(help="Seats per table (2 to 11).")] = None,
    guarantee: Annotated[
        str | None, typer.Option(help="Guaranteed prize pool, e.g. $10,000.")
    ] = None,
    added: Annotated[str | None, typer.Option(help="Added money, e.g. $500.")] = None,
    field_cap: Annotated[
        int | None, typer.Option("--field-cap", help="Most entries the house accepts.")
    ] = None,
    close_after_level: Annotated[
        int | None, typer.Option(help="Registration closes at the end of this level.")
    ] = None,
    early_bird_until: Annotated[
        str | None, typer.Option(help="Early-bird deadline, ISO time (2026-11-22T19:30+00:00).")
    ] = None,
    tid: Annotated[str | None, typer.Option("--id", help="Choose the tournament id.")] = None,
    currency: CurrencyOption = None,
    locale: LocaleOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create a tournament from a template; prints its id."""
    from pokertd.app.tournaments import utc_now
    from pokertd.tournament.entries import CreateTournament
    from pokertd.tournament.templates import load_template
    from pokertd.tournament.views import status

    with refusals(as_json):
        # a refused currency or locale writes nothing: checked before anything is created
        code = event_currency_choice(currency) if currency is not None else ""
        chosen_locale = event_locale_choice(locale) if locale is not None else ""
        money_in = code or None  # amounts typed on the command line are of that currency
        tmpl = load_template(template, validate=False)
        given: dict[str, Any] = {
            "profile": profile,
            "tables": tables,
            "seats_per_table": seats,
            "guarantee": parse_money(guarantee, money_in) if guarantee is not None else None,
            "added_money": parse_money(added, money_in) if added is not None else None,
            "late_reg_close_after_level": close_after_level,
            "field_cap": field_cap,
        }
        tmpl = tmpl.with_changes(**{k: v for k, v in given.items() if v is not None})
        until = _early_bird(early_bird_until)
        command = CreateTournament(
            name=name, template=tmpl, early_bird_until=until, currency=code, locale=chosen_locale
        )
        with _service(db) as service:
            new_id = service.create(command, tournament_id=tid, actor=_actor(), role="director")
            view = status(service.state(new_id), utc_now())
        emit(
            {"tournament_id": new_id, "status": view}, as_json, lambda _: _render_new(new_id, view)
        )


def tournaments(db: DbOption = None, as_json: JsonOption = False) -> None:
    """List the tournaments in the database, newest first."""
    with refusals(as_json), _service(db) as service:
        infos = service.tournaments()
        data = [
            {
                "id": i.id,
                "name": i.name,
                "created_at": i.created_at.isoformat(timespec="seconds"),
                "events": i.last_seq,
            }
            for i in infos
        ]

        def render(_: object) -> None:
            if not infos:
                _out(say("No tournaments yet: pokertd new --template ... --name ..."))
            for i in infos:
                events = say_n("(%(n)s event)", "(%(n)s events)", i.last_seq)
                _out(f"[bold]{i.id}[/]  {i.name}  {events}")

        emit(data, as_json, render)


def register_player(
    tid: TidArg,
    name: Annotated[str, typer.Argument(help="The player's name.")],
    card: Annotated[str, typer.Option("--card", help="Member / rewards-card number.")] = "",
    age_ok: Annotated[bool, typer.Option("--age-ok", help="ID checked: old enough.")] = False,
    member_ok: Annotated[
        bool, typer.Option("--member-ok", help="Membership / sign-in confirmed.")
    ] = False,
    by_phone: Annotated[bool, typer.Option("--by-phone", help="Not present in person.")] = False,
    alternate: Annotated[
        bool, typer.Option("--alternate", help="Put on the alternate list (field full).")
    ] = False,
    pre_approved: Annotated[
        bool,
        typer.Option("--pre-approved", help="Late arrival approved before the start (Spotlight)."),
    ] = False,
    stack: Annotated[
        str | None,
        typer.Option("--stack", help="Starting stack from league points (Spotlight Quarterly)."),
    ] = None,
    player_id: Annotated[
        str | None,
        typer.Option(
            "--player-id",
            help="The person in the player database (pokertd player search); default: "
            "the card's holder, else the one player with this name, else a new player.",
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Register a player and sell the buy-in."""
    from pokertd.tournament.entries import Register

    # FOX-REG5 (one live event per player) is decided by the service for every face.
    with refusals(as_json), _service(db) as service:
        command = Register(
            name=name,
            member=card,
            age_ok=age_ok,
            member_ok=member_ok,
            remote=by_phone,
            alternate=alternate,
            pre_approved=pre_approved,
            stack=_chips(stack) if stack is not None else None,
            player_id=player_id,
        )
        records = service.run(tid, command, actor=_actor(), role="director")
        with service.money_of(tid):
            _print_records(records, as_json)


def reenter(
    tid: TidArg,
    player: NameArg,
    alternate: Annotated[
        bool,
        typer.Option("--alternate", help="Wait on the alternate list (no seat free; A12)."),
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Sell a busted player a new entry (while registration is open)."""
    from pokertd.tournament.entries import Reenter

    _run(db, tid, Reenter(player=player, alternate=alternate), as_json)


def rebuy(
    tid: TidArg,
    player: NameArg,
    stack: Annotated[str | None, typer.Option(help="The player's stack now.")] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Sell a rebuy on the player's stack."""
    from pokertd.tournament.entries import Rebuy

    with refusals(as_json):
        chips = _chips(stack) if stack is not None else None
    _run(db, tid, Rebuy(player=player, stack=chips), as_json)


def addon(
    tid: TidArg,
    player: NameArg,
    stack: Annotated[str | None, typer.Option(help="The player's stack now.")] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Sell the add-on (only to a player with chips, in the add-on time)."""
    from pokertd.tournament.entries import Addon

    with refusals(as_json):
        chips = _chips(stack) if stack is not None else None
    _run(db, tid, Addon(player=player, stack=chips), as_json)


def forfeit(
    tid: TidArg,
    player: NameArg,
    chips: Annotated[str, typer.Argument(help="The stack given up, as counted.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A player forfeits his stack to re-enter (chips leave play)."""
    from pokertd.tournament.entries import Forfeit

    with refusals(as_json):
        count = _chips(chips)
    _run(db, tid, Forfeit(player=player, chips=count), as_json)


def bust(
    tid: TidArg,
    names: Annotated[list[str], typer.Argument(help="Busted player(s); several = same hand.")],
    by: Annotated[str | None, typer.Option("--by", help="Who won their chips.")] = None,
    hand: Annotated[
        str | None, typer.Option("--hand", help="Hand id: busts naming it are the same hand.")
    ] = None,
    same_hand: Annotated[
        bool, typer.Option("--same-hand", help="Several names went out in one hand (default).")
    ] = False,
    start_stack: Annotated[
        list[str] | None,
        typer.Option("--start-stack", help="Chips at the start of the hand (one per name)."),
    ] = None,
    hand_rank: Annotated[
        list[int] | None,
        typer.Option("--hand-rank", help="1 = best busted hand (Spotlight tie-break)."),
    ] = None,
    blue_chips: Annotated[
        list[int] | None, typer.Option("--blue-chips", help="Blue chips held (Spotlight).")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Bust one player, or several in the same hand (ranked by chips at the hand's start)."""
    from pokertd.tournament.eliminations import Bust

    with refusals(as_json):
        stacks = tuple(_chips(s) for s in start_stack or [])
        command = Bust(
            players=tuple(names),
            eliminator=by,
            hand=hand,
            start_stacks=stacks,
            hand_ranks=tuple(hand_rank or ()),
            blue_chips=tuple(blue_chips or ()),
        )
    _run(db, tid, command, as_json)


BatchOption = Annotated[
    int | None,
    typer.Option(
        "--batch",
        min=1,
        help="The command's number (see pokertd log): refused as stale unless it is still "
        "the one to undo/redo. Default: the last one.",
    ),
]


def undo(
    tid: TidArg, batch: BatchOption = None, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Take back the last command (recorded as an event); prints what it undid."""
    from pokertd.tournament.framework import Undo

    _run(db, tid, Undo(batch=batch), as_json)


def redo(
    tid: TidArg, batch: BatchOption = None, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Restore the command just undone; prints what it redid."""
    from pokertd.tournament.framework import Redo

    _run(db, tid, Redo(batch=batch), as_json)


def chips(
    tid: TidArg,
    counts: Annotated[list[str], typer.Argument(help="NAME=COUNT ... (or NAME COUNT ...).")],
    note: Annotated[str, typer.Option(help="e.g. 'end of level 4', 'bagged'.")] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Record chip counts (end of level, bagging)."""
    from pokertd.tournament.entries import RecordChips

    with refusals(as_json):
        pairs = _pairs(counts)
    _run(db, tid, RecordChips(counts=pairs, note=note), as_json)


def penalty(
    tid: TidArg,
    player: NameArg,
    kind: Annotated[str, typer.Argument(help="warning, hands, rounds or dq.")],
    count: Annotated[int, typer.Argument(help="Hands or rounds (not for warning/dq).")] = 0,
    players_at_table: Annotated[
        int | None,
        typer.Option("--players", help="Players at the table now, offender included."),
    ] = None,
    rule: Annotated[str, typer.Option(help="Rule ID (default: the venue's penalty rule).")] = "",
    reason: Annotated[str, typer.Option(help="What for.")] = "",
    chips_removed: Annotated[
        str | None, typer.Option("--chips", help="Stack removed on a disqualification.")
    ] = None,
    between_hands: Annotated[
        bool,
        typer.Option(
            "--between-hands",
            help="No hand is in progress: the next hand reported is already a penalty hand.",
        ),
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Give a warning, a missed-hand or missed-round penalty, or a disqualification.

    Missed hands are counted down as the offender's table reports its hands (`pokertd
    button T --advance N`; in hand-for-hand `pokertd clock hfh report --table T`), starting
    after the hand in progress; meanwhile his seat is dealt in, posts its blinds and antes,
    and his hand is killed (K3)."""
    from pokertd.tournament.penalties import GivePenalty, PenaltyKind

    with refusals(as_json):
        found = PENALTY_WORDS.get(kind.strip().lower())
        if found is None:
            raise InvalidCommand(
                template=N_("%(kind)s is not a penalty: write warning, hands, rounds or dq"),
                params={"kind": repr(kind)},
            )
        command = GivePenalty(
            player=player,
            kind=PenaltyKind(found),
            count=count,
            players_at_table=players_at_table,
            rule=rule,
            reason=reason,
            chips=_chips(chips_removed) if chips_removed is not None else None,
            between_hands=between_hands,
        )
    _run(db, tid, command, as_json)


def close_registration(
    tid: TidArg,
    reason: Annotated[str, typer.Option(help="Why (e.g. 'end of level 6').")] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Close registration and re-entry now."""
    from pokertd.tournament.entries import CloseRegistration

    _run(db, tid, CloseRegistration(reason=reason), as_json)


def cancel(
    tid: TidArg,
    reason: Annotated[
        str, typer.Option(help="Why the event is cancelled (players are told it; 500 chars).")
    ],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Cancel the whole event (SPOT-6.22): everything paid is refunded by kind, prizes already
    paid stay paid and are netted; nothing else can be run after it but `pokertd undo`."""
    from pokertd.tournament.cancellation import CancelEvent, EventCancelled

    with refusals(as_json), _service(db) as service:
        records = service.run(tid, CancelEvent(reason=reason), actor=_actor(), role="director")
        if as_json:
            emit(record_rows(records), True)
            return
        print_done(records)
        for record in records:
            if isinstance(record.event, EventCancelled):
                ev = record.event
                back = sum(line.refunded.total for line in ev.refunds)
                _out(
                    say(
                        "refunds %(refunds)s + prizes paid %(paid)s of %(taken)s taken; "
                        "by player: pokertd cash %(tid)s",
                        refunds=format_money(back),
                        paid=format_money(ev.prizes_paid),
                        taken=format_money(ev.money_taken),
                        tid=tid,
                    )
                )


def remove_chips(
    tid: TidArg,
    amount: Annotated[str, typer.Argument(help="Chips taken out of play.")],
    reason: Annotated[str, typer.Option(help="e.g. 'colour-up of the 25s'.")] = "colour-up",
    player: Annotated[
        str | None,
        typer.Option("--player", help="Chips confiscated from this player's stack (K11)."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Record chips removed from play (colour-up losses), or confiscated from a player's
    stack with --player (chips out of view: KPC-46, TNPL-I1, FOX-63, SPOT-2b3)."""
    from pokertd.tournament.entries import RemoveChips

    with refusals(as_json):
        count = _chips(amount)
    _run(db, tid, RemoveChips(chips=count, reason=reason, player=player), as_json)


def finish(
    tid: TidArg,
    counts: Annotated[list[str], typer.Argument(help="NAME=COUNT for every survivor.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """End the event at its set time: survivors ranked by chips (New Jersey)."""
    from pokertd.tournament.eliminations import EndByChipCount

    with refusals(as_json):
        pairs = _pairs(counts)
    _run(db, tid, EndByChipCount(counts=pairs), as_json)


def _games_line(clock: Any) -> str:
    """A mixed event's game now and next (issue 28): ``Razz 400/800, ante 100, bring-in
    100 — next: Seven card stud 600/1,200, …``; ``""`` for a single-game event (its status
    reads as before)."""
    from pokertd.cli.clock import _blinds

    if clock is None or (clock.level.game is None and clock.rotation is None):
        return ""
    now = clock.next_level if clock.on_break else clock.level
    if clock.on_break or clock.next_level.number == now.number:
        return _blinds(now, clock.rotation)
    return say(
        "%(now)s — next: %(next)s",
        now=_blinds(now, clock.rotation),
        next=_blinds(clock.next_level, clock.rotation),
    )


def _render_status(view: Any, money: Any, clock: Any = None) -> None:
    v = view
    _out(
        say(
            "%(name)s (%(tid)s) — %(title)s, %(profile)s rules",
            name=bold(v.name),
            tid=v.tournament_id,
            title=v.title,
            profile=v.profile,
        )
    )
    level = (
        say(
            "level %(level)s; registration %(note)s",
            level=v.level,
            note=v.registration_note,
        )
        if v.level is not None
        else say("the clock has not started; registration %(note)s", note=v.registration_note)
    )
    _out(f"  {level}")
    games = _games_line(clock)
    if games:
        _out(f"  {games}")
    avg = num(v.average_stack) if v.average_stack is not None else "-"
    _out(
        "  "
        + say_n(
            "entries %(entries)s (%(n)s player), left %(left)s, chips in play "
            "%(chips)s, average %(average)s",
            "entries %(entries)s (%(n)s players), left %(left)s, chips in play "
            "%(chips)s, average %(average)s",
            v.players,
            entries=v.entries,
            left=v.alive,
            chips=num(v.chips_in_play),
            average=avg,
        )
    )
    pool_line = "  " + say("prize pool %(pool)s", pool=v.prize_pool)
    if v.withheld_cents:
        pool_line += " " + say("(after %(amount)s withheld)", amount=format_money(v.withheld_cents))
    if v.overlay_cents:
        pool_line += " " + say("incl. overlay %(amount)s", amount=format_money(v.overlay_cents))
    _out(pool_line)
    _out(f"  {money.line()}")
    if v.winner:
        _out("  " + bold(say("winner: %(name)s", name=v.winner)))
    elif v.finished:
        finished = say("finished")
        _out("  " + say("%(finished)s (1st place shared)", finished=bold(finished)))
    if v.end is not None and v.end.needs:
        rules = ", ".join(v.end.needs_rule_ids)
        _out(f"  [bold]{v.end.needs}[/] ({rules})")
        if v.end.needs_command == "close_registration":
            _out(f"  pokertd close-registration {v.tournament_id}")


def status_cmd(tid: TidArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """The tournament at a glance."""
    from pokertd.app import documents
    from pokertd.app.tournaments import utc_now
    from pokertd.tournament.clock import clock_view
    from pokertd.tournament.prizes import money_position
    from pokertd.tournament.views import status

    with refusals(as_json), _service(db) as service:
        state = service.state(tid)
        now = utc_now()
        view = status(state, now)
        money = money_position(state, now)
        clock = clock_view(state, now)
        # the API's /status document
        emit(documents.status(view), as_json, lambda _: _render_status(view, money, clock))


def players_cmd(tid: TidArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Every player: seat, stack, status, entries."""
    from rich.table import Table

    from pokertd.app import documents
    from pokertd.app.tournaments import utc_now
    from pokertd.tournament.views import players

    with refusals(as_json), _service(db) as service:
        rows = players(service.state(tid), utc_now())

        def render(_: object) -> None:
            table = Table()
            for col in (
                say("player"),
                say("status"),
                say("seat"),
                say("stack"),
                say("entries"),
                say("place"),
            ):
                table.add_column(col)
            for r in rows:
                seat = f"T{r.table} S{r.seat}" if r.table is not None else "-"
                if r.moves:
                    seat += " " + say_n("(%(n)s move)", "(%(n)s moves)", r.moves)
                stack = f"{num(r.stack)} ({r.stack_note})" if r.stack else "-"
                entries = str(r.entries)
                if r.rebuys:
                    entries += " " + say("+%(n)s rebuy", n=r.rebuys)
                if r.addons:
                    entries += " " + say("+%(n)s add-on", n=r.addons)
                table.add_row(r.name, r.status, seat, stack, entries, str(r.place or ""))
            console.print(table)

        emit(documents.players(rows), as_json, render)  # the API's /players/all document


def results_cmd(
    tid: TidArg,
    public: Annotated[
        bool,
        typer.Option(
            "--public",
            help="What the public results page shows: places, prizes, knockouts, bounties "
            "and league points (issue 26).",
        ),
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Finishing places and prizes (tied places share)."""
    from rich.table import Table

    from pokertd.app.tournaments import utc_now
    from pokertd.tournament.views import results

    if public:
        from pokertd.app.results import event_results  # CLI start-up: loaded when it runs
        from pokertd.cli.feeds import print_results

        with refusals(as_json), application(db) as app:
            # amounts as the venue writes them ($POKERTD_LOCALE); --json keeps the cents
            locale = app.tournaments.event_locale(tid) or venue_locale()
            print_results(event_results(app, tid, locale), as_json)
        return
    with refusals(as_json), _service(db) as service:
        view = results(service.state(tid), utc_now())

        def render(_: object) -> None:
            table = Table(
                title=say(
                    "%(entries)s entries, prize pool %(pool)s",
                    entries=view.entries,
                    pool=format_money(view.prize_pool_cents),
                )
            )
            for col in (say("place"), say("player"), say("prize"), say("note")):
                table.add_column(col)
            for r in view.rows:
                place = str(r.place) if len(r.places) == 1 else f"{r.places[0]}-{r.places[-1]}"
                note = r.note or (
                    say("busted by %(name)s", name=r.eliminator) if r.eliminator else ""
                )
                table.add_row(place, r.name, r.prize, note)
            console.print(table)
            if view.prizes_note:
                _out(say("prizes: %(note)s", note=view.prizes_note))

        emit(view, as_json, render)


def log_cmd(
    tid: TidArg,
    last: Annotated[int | None, typer.Option(help="Only the last N events.")] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """The event log in words, with time and who."""
    from pokertd.tournament.views import log

    with refusals(as_json), _service(db) as service:
        state = service.state(tid)
        zone = venue_zone()  # $POKERTD_TIMEZONE, else this machine's zone: as the web shows
        lines = log(state, service.records(tid), zone)
        if last is not None:
            lines = lines[-last:] if last > 0 else []

        def render(_: object) -> None:
            for line in lines:
                mark = " [dim]" + say("(undone)") + "[/]" if line.undone else ""
                _out(f"{line.seq:>4} {clock(line.at, zone)} {line.actor}: {line.text}{mark}")

        emit(lines, as_json, render)


def _render_cash(report: Any) -> None:
    from rich.table import Table

    table = Table(title=say("Cash report"))
    for col in (
        say("kind"),
        say("count"),
        say("paid"),
        say("prize pool"),
        say("house fee"),
        say("entry fee"),
        say("bounty"),
    ):
        table.add_column(col, justify="right")
    for k in report.by_kind:
        f = k.fees
        table.add_row(
            k.kind.value,
            str(k.count),
            format_money(f.total),
            format_money(f.prize_pool),
            format_money(f.house_fee),
            format_money(f.entry_fee),
            format_money(f.bounty),
        )
    console.print(table)
    _out(say("collected %(amount)s", amount=format_money(report.collected)))
    _out(
        say(
            "prize pool: parts %(parts)s + added %(added)s - withheld %(withheld)s "
            "+ overlay %(overlay)s = %(net)s",
            parts=format_money(report.prize_parts),
            added=format_money(report.added_money),
            withheld=format_money(report.withheld),
            overlay=format_money(report.overlay),
            net=format_money(report.net_prize_pool),
        )
    )
    _out(
        say(
            "bounties %(bounties)s; house keeps %(house)s",
            bounties=format_money(report.bounties),
            house=format_money(report.house_keeps),
        )
    )
    _out(
        say(
            "paid so far: prizes %(prizes)s, bounties %(bounties)s",
            prizes=format_money(report.prizes_paid),
            bounties=format_money(report.bounties_paid),
        )
    )
    if report.cancelled:
        by_kind = ", ".join(
            f"{k.kind.value} {format_money(k.fees.total)}" for k in report.refunds_by_kind
        )
        _out(
            say(
                "CANCELLED: refunds %(amount)s (%(kinds)s)",
                amount=format_money(report.refunds),
                kinds=by_kind,
            )
        )


def cash(tid: TidArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """The cash report: money by kind (prize pool, fees, bounties, overlay)."""
    from pokertd.tournament.views import cash_report

    with refusals(as_json), _service(db) as service:
        report = cash_report(service.state(tid))
        emit(report, as_json, lambda _: _render_cash(report))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.command("templates")(templates_cmd)
    app.command("new")(new)
    app.command("tournaments")(tournaments)
    app.command("register")(register_player)
    app.command("reenter")(reenter)
    app.command("rebuy")(rebuy)
    app.command("addon")(addon)
    app.command("forfeit")(forfeit)
    app.command("bust")(bust)
    app.command("undo")(undo)
    app.command("redo")(redo)
    app.command("chips")(chips)
    app.command("penalty")(penalty)
    app.command("close-registration")(close_registration)
    app.command("remove-chips")(remove_chips)
    app.command("cancel")(cancel)
    app.command("finish")(finish)
    app.command("status")(status_cmd)
    app.command("players")(players_cmd)
    app.command("results")(results_cmd)
    app.command("log")(log_cmd)
    app.command("cash")(cash)
