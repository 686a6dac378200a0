"""CLI sub-app ``pokertd deal``: work out a deal, or propose and settle one in a tournament.

The calculator, one command per kind of deal (no tournament needed)::

    pokertd deal icm --stacks 5000,3000,2000 --prizes 50,30,20 [--players Ann,Bob,Cy]
    pokertd deal chip | floor | even ...
    pokertd deal save --save 100 --by icm ...;  pokertd deal custom --amounts 2400,1800,...

In a stored tournament (one service call each; the tournament id comes first)::

    pokertd deal T icm|chip|floor|even|save|custom [--stacks Ann=6000,...] [--save 100]
    pokertd deal T accept NAME | reject NAME | approve SUPERVISOR | status

Every spelling of the single ``pokertd deal`` command it replaces still works: a first word
that is not a kind of deal (a tournament id, or an option such as ``--stacks``) goes to the
hidden command that reads the words as that command did (:class:`DealGroup`), and a kind
followed by more words (``pokertd deal icm accept Ann`` in a tournament called ``icm``) is the
tournament form too.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from pokertd.cli._choices import DEAL_KINDS
from pokertd.cli._common import (
    DbOption,
    JsonOption,
    console,
    emit,
    err_console,
    num,
    refusals,
    say,
)
from pokertd.cli._common import service as _service
from pokertd.cli.prize import ProfileOption, chips_list, money_list, profile_named, run_command
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Phrase
from pokertd.money import format_money, parse_money

if TYPE_CHECKING:
    from collections.abc import Callable

    from pokertd.tournament.framework import Command
    from pokertd.tournament.prizes import DealKind, DealTerms, DealView, ProposeDeal

TOURNAMENT_FORM = "tournament"
"""The hidden command that reads ``pokertd deal T ...`` (and every older spelling)."""

KINDS = DEAL_KINDS

StacksOption = Annotated[
    str | None,
    typer.Option("--stacks", help="Chip stacks (6000,4000) or, in a tournament, Ann=6000."),
]
PrizesOption = Annotated[
    str | None, typer.Option("--prizes", help="Prizes still to win, first place first.")
]
PlayersOption = Annotated[
    str | None, typer.Option("--players", help="Player names, in stack order.")
]
SaveOption = Annotated[
    str | None, typer.Option("--save", help="Amount left to play for (the winner's save).")
]
ByOption = Annotated[
    str, typer.Option("--by", help="How a save divides the rest: icm, chip, floor, even.")
]
AmountsOption = Annotated[
    str | None,
    typer.Option("--amounts", help="Custom amounts in stack order (in a tournament: Ann=2400)."),
]
RegionalOption = Annotated[
    bool, typer.Option("--regional/--local", help="TNPL: regional or national event.")
]
RestArg = Annotated[
    list[str] | None,
    typer.Argument(help="Only in a tournament named like this kind: ACTION [NAME].", hidden=True),
]
ArgsArg = Annotated[
    list[str],
    typer.Argument(
        help="icm|chip|floor|even|save|custom with --stacks and --prizes; or "
        "TOURNAMENT icm|chip|floor|even|save|custom (propose), TOURNAMENT accept NAME, "
        "reject NAME, approve SUPERVISOR, status."
    ),
]


class DealGroup(TyperGroup):
    """``pokertd deal``'s group: words that name no kind of deal go to the tournament form.

    ``pokertd deal T accept Ann`` and ``pokertd deal --stacks 1,2 --prizes 3 icm`` were valid
    when ``deal`` was one command; they still are, read by the hidden command
    :data:`TOURNAMENT_FORM` exactly as before. Only ``--help`` and the kinds are the group's.
    """

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Route ``args`` to a kind's command or to the tournament form."""
        if not args or (args[0] not in KINDS and args[0] != "--help"):
            args = [TOURNAMENT_FORM, *args]
        parsed: list[str] = super().parse_args(ctx, args)
        return parsed


deal_app = typer.Typer(
    name="deal",
    cls=DealGroup,
    help="Work out a deal (pokertd deal icm|chip|floor|even|save|custom --stacks --prizes), "
    "or in a tournament: pokertd deal T KIND to propose, pokertd deal T accept NAME | "
    "reject NAME | approve SUPERVISOR | status.",
)


@dataclass(frozen=True, slots=True)
class DealOptions:
    """The options every ``pokertd deal`` spelling shares, as typed."""

    stacks: str | None = None
    prizes: str | None = None
    players: str | None = None
    save: str | None = None
    save_by: str = "icm"
    amounts: str | None = None
    profile: str = "tda"
    regional: bool = True


def _named_amounts(items: str, *, money: bool) -> tuple[tuple[str, int], ...]:
    """``Ann=6000,Bob=4000`` pairs (chips, or money when ``money``)."""
    out: list[tuple[str, int]] = []
    for item in items.split(","):
        name, sep, value = item.rpartition("=")
        if not sep or not name.strip():
            raise InvalidCommand(
                template=N_("%(item)s: write NAME=AMOUNT, e.g. Ann=6000."),
                params={"item": repr(item.strip())},
            )
        out.append((name.strip(), parse_money(value) if money else chips_list(value)[0]))
    return tuple(out)


def _kind(text: str, *, in_tournament: bool = False) -> DealKind:
    """The kind of deal ``text`` names; otherwise one sentence saying what would do."""
    from pokertd.tournament.prizes import DealKind

    try:
        return DealKind(text)
    except ValueError:
        if in_tournament:
            raise InvalidCommand(
                template=N_(
                    "%(text)s is not a kind of deal (icm, chip, floor, even, save, custom) "
                    "nor accept, reject, approve or status."
                ),
                params={"text": repr(text)},
            ) from None
        raise InvalidCommand(
            template=N_("%(text)s is not a kind of deal: icm, chip, floor, even, save or custom."),
            params={"text": repr(text)},
        ) from None


# -- in a tournament -----------------------------------------------------------------------


def _render_deal_view(view: DealView, as_json: bool) -> None:
    from rich.table import Table

    if as_json:
        emit(view, True)
        return
    out = Table(
        title=say("Deal (%(kind)s): %(status)s", kind=view.kind.value, status=view.status.value)
    )
    out.add_column(say("Player"))
    out.add_column(say("Chips"), justify="right")
    out.add_column(say("Amount"), justify="right")
    out.add_column(say("Accepted"))
    for p, s, a in zip(view.players, view.stacks, view.amounts, strict=True):
        out.add_row(p, num(s), format_money(a), say("yes") if p in view.accepted else "")
    console.print(out)
    if view.play_for:
        console.print(say("Left to play for: %(amount)s", amount=format_money(view.play_for)))
    if view.requires_approval:
        console.print(
            say("Supervisor: %(name)s", name=view.approved_by)
            if view.approved_by
            else say("Supervisor: not yet approved")
        )
    if view.rejected_by:
        console.print(say("Rejected by %(name)s.", name=view.rejected_by))


def _vote(action: str, rest: list[str]) -> Command:
    """``accept NAME``, ``reject NAME`` or ``approve SUPERVISOR`` as a command."""
    from pokertd.tournament.prizes import AcceptDeal, ApproveDeal, RejectDeal

    if len(rest) != 1:
        who = "SUPERVISOR" if action == "approve" else "PLAYER"
        raise InvalidCommand(
            template=N_("Usage: pokertd deal T %(action)s %(who)s"),
            params={"action": action, "who": who},
        )
    if action == "accept":
        return AcceptDeal(player=rest[0])
    if action == "reject":
        return RejectDeal(player=rest[0])
    return ApproveDeal(supervisor=rest[0])


def _proposal(action: str, rest: list[str], options: DealOptions) -> ProposeDeal:
    """``T KIND [options]`` as a proposal to every player left."""
    from pokertd.tournament.prizes import DealKind, ProposeDeal

    kind = _kind(action, in_tournament=True)
    if rest:
        raise InvalidCommand(
            template=N_("Usage: pokertd deal T %(action)s [options]"), params={"action": action}
        )
    return ProposeDeal(
        kind=kind,
        stacks=_named_amounts(options.stacks, money=False) if options.stacks else (),
        amounts=_named_amounts(options.amounts, money=True) if options.amounts else (),
        save=parse_money(options.save) if options.save else 0,
        save_by=DealKind(options.save_by),
        regional=options.regional,
    )


def tournament_deal(
    tournament: str,
    action: str,
    rest: list[str],
    options: DealOptions,
    *,
    db: str | None,
    as_json: bool,
) -> None:
    """``pokertd deal T KIND | accept NAME | reject NAME | approve SUPERVISOR | status``."""
    from pokertd.tournament.prizes import DealProposed, deal_view

    if action == "status":
        with _service(db) as service:
            view = deal_view(service.state(tournament))
        if view is None:
            raise InvalidCommand(template=N_("No deal has been proposed in this tournament."))
        _render_deal_view(view, as_json)
        return
    if action in ("accept", "reject", "approve"):
        run_command(db, tournament, _vote(action, rest), as_json)
        return
    records = run_command(db, tournament, _proposal(action, rest, options), as_json)
    if not as_json:
        for r in records:
            if isinstance(r.event, DealProposed):
                for warning in r.event.warnings:
                    err_console.print("[yellow]" + say("warning:") + f"[/] {warning}")


# -- the calculator ------------------------------------------------------------------------


def calculate(kind_text: str, options: DealOptions) -> tuple[DealTerms, list[str]]:
    """``pokertd deal KIND --stacks --prizes``: the terms and TNPL's warnings."""
    from pokertd.tournament.prizes import deal_warnings, propose

    kind = _kind(kind_text)
    if options.stacks is None or options.prizes is None:
        raise InvalidCommand(template=N_("Give --stacks and --prizes (or a tournament id)."))
    chips = chips_list(options.stacks)
    names = (
        [p.strip() for p in options.players.split(",")]
        if options.players
        else [f"Player {i + 1}" for i in range(len(chips))]
    )
    rules = profile_named(options.profile)
    terms = propose(
        kind,
        names,
        chips,
        money_list(options.prizes, Phrase(N_("prizes"))),
        profile=rules,
        save=parse_money(options.save) if options.save else 0,
        save_by=options.save_by,
        custom=money_list(options.amounts, Phrase(N_("amounts"))) if options.amounts else None,
        rng=Random(secrets.randbits(64)),
    )
    return terms, deal_warnings(terms, profile=rules, regional=options.regional)


def render_deal(terms: Any, warnings: list[str], as_json: bool) -> None:
    """Print deal terms (and any warnings) for people or as JSON (amounts in cents)."""
    from rich.table import Table

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
    out = Table(title=say("Deal: %(kind)s", kind=terms.kind.value))
    out.add_column(say("Player"))
    out.add_column(say("Chips"), justify="right")
    out.add_column(say("Amount"), justify="right")
    for p, s, a in zip(terms.players, terms.stacks, terms.amounts, strict=True):
        out.add_row(p, num(s), format_money(a))
    console.print(out)
    if terms.play_for:
        console.print(say("Left to play for: %(amount)s", amount=format_money(terms.play_for)))
    for warning in warnings:
        err_console.print("[yellow]" + say("warning:") + f"[/] {warning}")


def deal(args: list[str], options: DealOptions, *, db: str | None, as_json: bool) -> None:
    """Every ``pokertd deal`` spelling: ``KIND`` (calculator) or ``T ACTION [NAME]``."""
    with refusals(as_json):
        if len(args) >= 2:
            tournament_deal(args[0], args[1], args[2:], options, db=db, as_json=as_json)
            return
        if len(args) != 1:
            raise InvalidCommand(
                template=N_("Usage: pokertd deal [TOURNAMENT] icm|chip|floor|even|save|custom")
            )
        terms, warnings = calculate(args[0], options)
    render_deal(terms, warnings, as_json)


# -- the commands --------------------------------------------------------------------------


@deal_app.command(TOURNAMENT_FORM, hidden=True)
def tournament_form_command(
    args: ArgsArg,
    stacks: StacksOption = None,
    prizes: PrizesOption = None,
    players: PlayersOption = None,
    save: SaveOption = None,
    save_by: ByOption = "icm",
    amounts: AmountsOption = None,
    profile: ProfileOption = "tda",
    regional: RegionalOption = True,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Work out a deal: ICM, chip chop, chop with a floor, even, a save, custom amounts."""
    options = DealOptions(stacks, prizes, players, save, save_by, amounts, profile, regional)
    deal(args, options, db=db, as_json=as_json)


_KIND_HELP = {
    "icm": "ICM (Malmuth-Harville) amounts from the stacks.",
    "chip": "Chip chop: the money shared in proportion to the chips.",
    "floor": "Chop with a floor: everyone gets the lowest prize left, the rest by chips.",
    "even": "Even split among the players left.",
    "save": "A save (--save) left to play for; the rest divided --by icm|chip|floor|even.",
    "custom": "Custom amounts (--amounts) the players agreed among themselves.",
}


def _kind_command(kind: str) -> Callable[..., None]:
    """The calculator command for one kind of deal (``pokertd deal icm --stacks ...``)."""

    def command(
        rest: RestArg = None,
        stacks: StacksOption = None,
        prizes: PrizesOption = None,
        players: PlayersOption = None,
        save: SaveOption = None,
        save_by: ByOption = "icm",
        amounts: AmountsOption = None,
        profile: ProfileOption = "tda",
        regional: RegionalOption = True,
        db: DbOption = None,
        as_json: JsonOption = False,
    ) -> None:
        options = DealOptions(stacks, prizes, players, save, save_by, amounts, profile, regional)
        deal([kind, *(rest or [])], options, db=db, as_json=as_json)

    command.__doc__ = _KIND_HELP[kind] + " Give --stacks and --prizes (first place first)."
    command.__name__ = command.__qualname__ = f"deal_{kind}_command"
    return command


for _kind_value in KINDS:
    deal_app.command(_kind_value)(_kind_command(_kind_value))


def register(app: typer.Typer) -> None:
    """Add ``pokertd deal …`` to the ``pokertd`` app."""
    app.add_typer(deal_app, name="deal")


__all__ = [
    "DealGroup",
    "DealOptions",
    "calculate",
    "deal",
    "deal_app",
    "register",
    "render_deal",
    "tournament_deal",
]
