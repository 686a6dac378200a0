"""CLI commands: hand — the hand engine and PHH hand histories.

    pokertd hand replay FILE.phh [--profile tda] [--json]   # replay, every action checked
    pokertd hand phh-check DIR [--json]                     # replay a folder: matched/total
    pokertd hand demo [--seed N] [--seats 6] [--profile P] [--json]

An illegal action in a hand history exits 2 with one line naming the action and the rule.
Seats are shown 1-based; JSON seats are the engine's 0-based indexes (PHH player numbers
are 1-based, as in the file).
"""

from __future__ import annotations

import random
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer

from pokertd.cli._common import (
    JsonOption,
    bold,
    console,
    emit,
    num,
    refusals,
    said,
    say,
)
from pokertd.errors import InvalidCommand, PokertdError
from pokertd.i18n import N_

hand_app = typer.Typer(
    help="Deal and referee hands; replay PHH hand histories.", no_args_is_help=True
)

ProfileOption = Annotated[
    str | None,
    typer.Option("--profile", help="Rule profile (tda, kojack, tnpl, nj_fundraiser, "
                 "spotlight, foxwoods) or a profile file."),
]  # fmt: skip


def _read(path: Path) -> str:
    """A hand history's text, read with a bound (``/dev/zero`` is refused at once)."""
    from pokertd.rules.profile import read_text_file

    return read_text_file(path, "hand history")


@hand_app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A PHH hand history (.phh).")],
    profile: ProfileOption = None,
    as_json: JsonOption = False,
) -> None:
    """Replay a PHH hand through the engine, checking every action; print the result."""
    from pokertd.engine.phh import replay_phh

    with refusals(as_json):
        replay = replay_phh(_read(file), profile)
    emit(replay.as_json(), as_json, _render_replay)


def _render_replay(data: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(
        title=say(
            "%(variant)s hand, board %(board)s", variant=data["variant"], board=data["board"] or "-"
        )
    )
    table.add_column(say("player"))
    table.add_column(say("start"), justify="right")
    table.add_column(say("finish"), justify="right")
    table.add_column(say("won"), justify="right")
    for i, name in enumerate(data["players"]):
        table.add_row(
            f"p{i + 1} {name}",
            num(data["starting_stacks"][i]),
            num(data["finishing_stacks"][i]),
            num(data["winnings"][i]),
        )
    console.print(table)
    for i, pot in enumerate(data["pots"]):
        label = _pot(i, pot["amount"])
        winners = ", ".join(f"{k} {num(v)}" for k, v in pot["awards"].items())
        console.print(f"{label}: {winners}")
    if data["matches"] is True:
        console.print("[green]" + say("finishing stacks match the file") + "[/]")
    elif data["matches"] is False:
        differ = say("the file says %(stacks)s", stacks=data["expected_finishing_stacks"])
        console.print(f"[red]{differ}[/]")
    for note in data["notes"]:
        console.print(say("note: %(note)s", note=note))


def _pot(i: int, amount: int) -> str:
    """The main pot (``i`` 0) or side pot ``i`` with its amount."""
    if i == 0:
        return say("main pot %(amount)s", amount=num(amount))
    return say("side pot %(n)s %(amount)s", n=i, amount=num(amount))


@hand_app.command("phh-check")
def phh_check_command(
    folder: Annotated[Path, typer.Argument(help="A folder of .phh files (searched recursively).")],
    profile: ProfileOption = None,
    as_json: JsonOption = False,
) -> None:
    """Replay every hand of a folder; print how many match their finishing stacks."""
    with refusals(as_json):
        if not folder.is_dir():
            raise InvalidCommand(
                template=N_("No such folder: %(folder)s"), params={"folder": folder}
            )
        files = sorted(folder.rglob("*.phh"))
        counts, problems, unchecked, others = _check_files(files, profile)
    supported = counts["total"] - counts["unsupported"]
    data = {
        **counts,
        "supported": supported,
        "problems": problems[:50],
        "without_finishing_stacks": unchecked[:50],
        "other_games": others[:50],
    }

    def render(d: dict[str, Any]) -> None:
        console.print(
            say(
                "%(matched)s/%(supported)s supported hands match their finishing stacks "
                "(%(total)s files; %(unsupported)s of other games; %(without)s without finishing "
                "stacks; %(mismatched)s differ; %(failed)s refused)",
                matched=num(d["matched"]),
                supported=num(d["supported"]),
                total=num(d["total"]),
                unsupported=num(d["unsupported"]),
                without=num(d["no_finishing_stacks"]),
                mismatched=num(d["mismatched"]),
                failed=num(d["failed"]),
            )
        )
        for line in (*d["problems"], *d["without_finishing_stacks"], *d["other_games"]):
            console.print(f"  {line}", highlight=False, markup=False)

    emit(data, as_json, render)
    if counts["mismatched"] or counts["failed"]:
        raise typer.Exit(code=1)


def _check_files(
    files: list[Path], profile: Any
) -> tuple[dict[str, int], list[str], list[str], list[str]]:
    """Replay ``files``: the counts, the problems (refused or differing), the files that
    record no finishing stacks (with the stacks they replay to) and those of other games."""
    from pokertd.engine.phh import UnsupportedHand, replay_phh

    counts = {"total": len(files), "matched": 0, "no_finishing_stacks": 0,
              "unsupported": 0, "mismatched": 0, "failed": 0}  # fmt: skip
    problems: list[str] = []
    unchecked: list[str] = []  # the files that record no finishing stacks, shown
    others: list[str] = []  # the files of games pokertd does not deal, shown
    for path in files:
        try:
            replay = replay_phh(_read(path), profile)
        except UnsupportedHand as exc:
            counts["unsupported"] += 1
            others.append(f"{path}: {exc}")
            continue
        except PokertdError as exc:
            counts["failed"] += 1
            problems.append(f"{path}: {exc}")
            continue
        if replay.matches is None:
            counts["no_finishing_stacks"] += 1
            stacks = ", ".join(num(c) for c in replay.finishing_stacks)
            unchecked.append(
                say(
                    "%(file)s: the file records no finishing stacks; replayed to %(stacks)s",
                    file=str(path),
                    stacks=stacks,
                )
            )
        elif replay.matches:
            counts["matched"] += 1
        else:
            counts["mismatched"] += 1
            problems.append(f"{path}: finishing stacks differ")
    return counts, problems, unchecked, others


@hand_app.command("demo")
def demo_command(
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for a repeatable hand.")] = None,
    seats: Annotated[int, typer.Option("--seats", min=2, max=11, help="Players (2-11).")] = 6,
    profile: ProfileOption = None,
    as_json: JsonOption = False,
) -> None:
    """Deal and play one random hand with simple bots, and show it."""
    from pokertd.engine import Hand
    from pokertd.rules import AnteType, load_profile

    if seed is None:
        seed = secrets.randbits(32)
    with refusals(as_json):
        rules = load_profile(profile or "tda")
        rng = random.Random(seed)
        stacks = [rng.randrange(40, 160) * 100 for _ in range(seats)]
        ante_type = rules.ante_type
        hand = Hand.start(
            stacks=stacks,
            button=seats - 1,
            small_blind_seat=0 if seats > 2 else 1,
            big_blind_seat=1 if seats > 2 else 0,
            small_blind=100,
            big_blind=200,
            ante=200 if ante_type is not AnteType.NONE else 0,
            ante_type=ante_type,
            profile=rules,
            rng=rng,
        )
        while not hand.is_over:
            r = rng.random()
            bounds = hand.raise_range()
            if r < 0.15 and hand.call_amount:
                hand.do_fold()
            elif r < 0.85 or bounds is None:
                hand.do_check_call()
            else:
                hand.do_raise_to(bounds[0] if r < 0.97 else bounds[1])
    data = {"seed": seed, **hand.as_json()}
    emit(data, as_json, _render_demo)


def _render_demo(data: dict[str, Any]) -> None:
    from rich.table import Table

    from pokertd.cards import best_five, parse_cards
    from pokertd.cards.evaluate import said_hand, say_five

    ante = (
        " " + say("ante %(ante)s (%(type)s)", ante=num(data["ante"]), type=data["ante_type"])
        if data["ante"]
        else ""
    )
    console.print(
        bold(say("Hand #%(n)s", n=data["hand_number"])) + f" {data['variant'].upper()} "
        f"{num(data['blinds'][0])}/{num(data['blinds'][1])}{ante} - "
        + say("profile %(profile)s - seed %(seed)s", profile=data["profile"], seed=data["seed"])
    )
    table = Table()
    table.add_column(say("seat"))
    table.add_column(say("role"))
    table.add_column(say("cards"))
    table.add_column(say("start"), justify="right")
    table.add_column(say("finish"), justify="right")
    final = data.get("result", {}).get("final_stacks", {})
    for seat in data["seats_dealt"]:
        role = []
        if seat == data["button"]:
            role.append(say("button"))
        if seat == data["small_blind_seat"]:
            role.append("SB")
        if seat == data["big_blind_seat"]:
            role.append("BB")
        table.add_row(
            str(seat + 1),
            " ".join(role),
            data["hole_cards"].get(str(seat), ""),
            num(data["start_stacks"][str(seat)]),
            num(final.get(str(seat), 0)),
        )
    console.print(table)
    street = ""
    board = data["board"]
    cuts = {"flop": 6, "turn": 8, "river": 10}
    for action in data["actions"]:
        if action["street"] != street:
            street = action["street"]
            shown = board[: cuts[street]] if street in cuts else ""
            console.print(f"[bold]{street}[/] {shown}")
        words = "  " + say("seat %(seat)s", seat=action["seat"] + 1) + f" {action['kind']}"
        if action["kind"] in ("bet", "raise"):
            words += f" to {num(action['to'])}"
        elif action["kind"] == "call":
            words += f" {num(action['amount'])}"
        if action["kind"] == "show":
            cards = data["hole_cards"][str(action["seat"])]
            hand = said(say_five(best_five(parse_cards(cards + board))))
            words += f" {cards}: {hand}"
        if action["all_in"]:
            words += " (all-in)"
        console.print(words)
    for i, pot in enumerate(data.get("result", {}).get("pots", [])):
        label = _pot(i, pot["amount"])
        awards = ", ".join(
            say("seat %(seat)s", seat=s + 1) + f" {num(a)}" for s, a in pot["awards"]
        )
        how = (
            " " + say("with %(hand)s", hand=said(said_hand(pot["hand"]), pot["hand"]))
            if pot["hand"]
            else ""
        )
        console.print(f"[green]{label}[/]: {awards}{how}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.add_typer(hand_app, name="hand")
