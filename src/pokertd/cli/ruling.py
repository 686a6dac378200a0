"""``pokertd ruling``: a live-table ruling on words plus chips, by the venue's rulebook.

The floor describes the betting round (``--to-call``, ``--bet``, ``--last-raise``,
``--pot``, ``--stack``, ``--big-blind``) and what happened (``--declared "raise 8000"``,
``--chips 5000x2`` once per forward motion, ``--order``, ``--out-of-turn`` …); the command
prints the ruling — action, amount, chips to add or change, the venue's rule IDs and the
sentence to read aloud (``--json`` for scripts). It makes no change anywhere: the ruling
is :func:`pokertd.engine.rulings.rule`, the same function the web and the hand engine use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokertd.cli._choices import OrderChoice, VariantChoice
from pokertd.cli._common import (
    JsonOption,
    cli_language,
    console,
    emit,
    num,
    refusals,
    say,
)

if TYPE_CHECKING:
    from pokertd.engine.rulings import Happened, Option, Ruling, Situation

MAX = 10**12
"""The largest chip amount an option takes."""


def _opt(*names: str, help: str = "", lo: int = 0) -> Any:
    return typer.Option(*names, min=lo, max=MAX, help=help)


Chips = Annotated[
    list[str] | None,
    typer.Option(
        "--chips",
        help="Chips pushed in one motion (5000x2,1000); repeat the option for each further motion.",
    ),
]
ToCall = Annotated[int | None, _opt("--to-call", help="Chips the player must add to call.")]
BetC = Annotated[int | None, _opt("--bet", help="The current bet C on this round.")]
LastRaise = Annotated[
    int | None, _opt("--last-raise", help="L, the last full bet or raise (default: the bet).")
]
Pot = Annotated[int, _opt("--pot", help="Every chip in the pot and in front of the players.")]
Stack = Annotated[int, _opt("--stack", help="The player's chips behind.")]
BigBlind = Annotated[int, _opt("--big-blind", lo=1)]
Flag = Annotated[bool, typer.Option()]
Words = Annotated[str, typer.Option("--declared", help="What the player said.")]
Denoms = Annotated[str, typer.Option(help="Chips in play (25,100,500).")]
Raises = Annotated[int, typer.Option(min=0, max=100, help="Raises so far this round.")]
Found = Annotated[int, _opt("--found-behind", help="Chips found behind a called all-in.")]
Profile = Annotated[str, typer.Option(help="Profile name or file.")]


def ruling(
    declared: Words = "",
    chips: Chips = None,
    to_call: ToCall = None,
    bet: BetC = None,
    last_raise: LastRaise = None,
    pot: Pot = 0,
    stack: Stack = 1_000_000,
    big_blind: BigBlind = 100,
    denominations: Denoms = "",
    heads_up: Flag = False,
    raised: Annotated[bool, typer.Option(help="Facing a raise, not the opening bet.")] = False,
    raises: Raises = 0,
    closed: Annotated[bool, typer.Option(help="A short all-in did not re-open it.")] = False,
    variant: Annotated[
        VariantChoice, typer.Option(help="nlhe, plo, flhe, plo8, flo8 or nlsd.")
    ] = VariantChoice.NO_LIMIT_HOLDEM,
    order: Annotated[OrderChoice, typer.Option(help="Which came first.")] = OrderChoice.WORDS_FIRST,
    unreleased: Annotated[bool, typer.Option(help="He still holds the chips.")] = False,
    out_of_turn: Flag = False,
    action_changed: Annotated[bool, typer.Option(help="Out of turn: a bet came first.")] = False,
    pot_count: Annotated[int | None, _opt("--pot-count", help="The dealer's pot count.")] = None,
    sa_after: Annotated[bool, typer.Option(help="Substantial action followed.")] = False,
    count_given: Annotated[bool, typer.Option(help="He pushed a miscounted amount.")] = False,
    found_behind: Found = 0,
    pulled_back: Flag = False,
    amount_unclear: Annotated[bool, typer.Option(help="Acted before a clear amount.")] = False,
    skipped: Annotated[bool, typer.Option(help="Out-of-turn action skipped him.")] = False,
    acted_behind: Annotated[int, typer.Option(min=0, max=10, help="Acted behind him since.")] = 0,
    earlier_to_act: Annotated[bool, typer.Option(help="A player before him must act.")] = False,
    count_request: Annotated[bool, typer.Option(help="He asks for a stack count.")] = False,
    facing_all_in: Annotated[bool, typer.Option(help="That stack is all-in.")] = False,
    not_his_turn: Annotated[bool, typer.Option(help="It is not yet his turn.")] = False,
    checked_oot: Annotated[bool, typer.Option(help="He checked out of turn earlier.")] = False,
    misunderstood: Annotated[bool, typer.Option(help="He says he misread the bet.")] = False,
    profile: Profile = "tda",
    as_json: JsonOption = False,
) -> None:
    """Rule on what a player said and pushed, by the profile's rulebook (read-only)."""
    from pokertd.engine.rulings import rule
    from pokertd.rules import load_profile

    args = dict(locals())
    with refusals(as_json):
        result = rule(*_inputs(args), load_profile(profile))
    emit(result.as_dict(), as_json, lambda _: render(result))


def _inputs(a: dict[str, Any]) -> tuple[Situation, Happened]:
    """The situation and what happened, from the command's options."""
    from pokertd.engine.rulings import Happened, Order, make_situation, parse_chips
    from pokertd.rules import Variant

    situation = make_situation(
        to_call=a["to_call"],
        current_bet=a["bet"],
        last_increment=a["last_raise"],
        pot=a["pot"],
        stack=a["stack"],
        big_blind=a["big_blind"],
        denominations=parse_chips(a["denominations"]) if a["denominations"] else (),
        heads_up=a["heads_up"],
        opening_bet=not a["raised"] and a["raises"] == 0,
        variant=Variant(a["variant"]),
        raises_this_round=a["raises"],
        raise_allowed=not a["closed"],
    )
    happened = Happened(
        words=a["declared"],
        pushes=tuple(push for push in (parse_chips(c) for c in a["chips"] or ()) if push),
        order=Order(a["order"]),
        released=not a["unreleased"],
        out_of_turn=a["out_of_turn"],
        action_changed=a["action_changed"],
        pot_count=a["pot_count"],
        substantial_action_after=a["sa_after"],
        count_given=a["count_given"],
        found_behind=a["found_behind"],
        pulled_back=a["pulled_back"],
        amount_unclear=a["amount_unclear"],
        skipped=a["skipped"],
        acted_behind=a["acted_behind"],
        earlier_to_act=a["earlier_to_act"],
        count_request=a["count_request"],
        facing_all_in=a["facing_all_in"],
        own_turn=not a["not_his_turn"],
        checked_out_of_turn=a["checked_oot"],
        misunderstood=a["misunderstood"],
    )
    return situation, happened


def _sentence(part: Ruling | Option) -> str:
    """A ruling's (or an option's) sentence in ``POKERTD_LANGUAGE``: its catalogue
    sentences translated, the English where the core built it in English only."""
    lang = cli_language()
    if lang == "en" or not part.said:
        return part.sentence
    from pokertd.i18n import catalog  # Babel: only for a translated language

    return " ".join(catalog.sentence(lang, s) for s in part.said)


def render(result: Ruling) -> None:
    """The ruling for people: the sentence, the numbers, the rule IDs, the options."""
    console.print(f"[bold]{_sentence(result)}[/]")
    parts: list[str] = [say("action %(action)s", action=result.action)]
    if result.action not in ("none", "floor", "choice"):
        amount = num(result.amount)
        parts.append(
            say("at least to %(amount)s", amount=amount)
            if result.at_least
            else say("to %(amount)s", amount=amount)
        )
    if result.chips_to_add:
        parts.append(say("add %(chips)s", chips=num(result.chips_to_add)))
    if result.change:
        parts.append(say("change %(chips)s", chips=num(result.change)))
    console.print(" · ".join(parts))
    for i, option in enumerate(result.options, 1):
        console.print("  " + say("option %(n)s: %(sentence)s", n=i, sentence=_sentence(option)))
    console.print(say("rules: %(rules)s", rules=", ".join(result.rule_ids)))


def register(app: typer.Typer) -> None:
    """Add ``pokertd ruling`` to the ``pokertd`` app."""
    app.command("ruling")(ruling)


__all__: list[str] = ["register", "render", "ruling"]
