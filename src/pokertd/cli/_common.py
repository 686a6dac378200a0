"""What every CLI command shares: the ``--db`` and ``--json`` options, output, errors.

One way to do each thing: a command parses its arguments, makes one service call and hands
the result to :func:`emit` with a renderer for people; ``--json`` prints the same data as JSON
(:func:`pokertd.codec.to_json`: one codec for the event log, the API and the CLI). Any
:class:`~pokertd.errors.PokertdError` becomes one line on stderr and exit code 2 — never a
stack trace.
"""

from __future__ import annotations

import getpass
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast

import typer

from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.i18n import N_
from pokertd.money import chips_locale, current_currency, current_locale, format_chips, stay_in

if TYPE_CHECKING:
    from rich.console import Console

    from pokertd.app import App
    from pokertd.app.documents import EventDocument
    from pokertd.app.tournaments import TournamentService
    from pokertd.i18n import Sentence
    from pokertd.tournament.framework import Event, EventRecord

T = TypeVar("T")
"""What a command prints: the data ``--json`` shows and its renderer takes."""

_CONSOLES: dict[bool, Console] = {}


def rich_console(stderr: bool = False) -> Console:
    """The one Rich console for stdout (or stderr), made on first use.

    Importing Rich costs tens of milliseconds, so the CLI makes its consoles only when a
    command prints (issue 15: ``pokertd --help`` and one-line commands start quickly).
    Code that hands a console to Rich itself (a progress bar, a live display) takes the
    real object from here rather than the :data:`console` stand-in.
    """
    made = _CONSOLES.get(stderr)
    if made is None:
        from rich.console import Console

        made = _CONSOLES[stderr] = Console(stderr=stderr, highlight=False)
    return made


class _LazyConsole:
    """Stands for :func:`rich_console` until first used: every attribute is the real one's."""

    __slots__ = ("_stderr",)

    def __init__(self, stderr: bool) -> None:
        self._stderr = stderr

    def __getattr__(self, name: str) -> Any:
        return getattr(rich_console(self._stderr), name)


console = cast("Console", _LazyConsole(stderr=False))
"""Standard output for people (Rich markup); made when a command first prints."""
err_console = cast("Console", _LazyConsole(stderr=True))
"""Standard error for people (Rich markup): refusals; made when first used."""

DEFAULT_DB = "sqlite:///pokertd.db"
"""The embedded default store: ``./pokertd.db``."""

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Event store URL (sqlite:///file.db or postgresql://...); default $POKERTD_DB "
        "or ./pokertd.db.",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def db_url(db: str | None) -> str:
    """The store URL from ``--db``, then ``$POKERTD_DB``, then ``./pokertd.db``.

    An empty ``--db ""`` is refused (``InvalidCommand``) rather than quietly meaning the
    default file: a script that lost its variable must not write into ``./pokertd.db``.
    """
    from pokertd.errors import InvalidCommand

    if db is not None and not db.strip():
        raise InvalidCommand(
            template=N_("--db is empty: give a store URL (sqlite:///file.db or postgresql://...).")
        )
    return db or os.environ.get("POKERTD_DB") or DEFAULT_DB


def check_port(port: int) -> int:
    """``port`` if it is a TCP port (1..65535), else ``InvalidCommand`` in one sentence."""
    from pokertd.errors import InvalidCommand

    if not 1 <= port <= 65535:
        raise InvalidCommand(
            template=N_("The port must be between 1 and 65535, not %(port)s."),
            params={"port": port},
        )
    return port


def emit(data: T, as_json: bool, render: Callable[[T], None] | None = None) -> None:
    """Print ``data`` as JSON (``--json``) or with ``render`` for people."""
    if as_json or render is None:
        sys.stdout.write(json.dumps(to_json(data), indent=2, sort_keys=False) + "\n")
    else:
        render(data)


def record_rows(records: list[EventRecord]) -> list[EventDocument]:
    """The recorded events as ``--json`` prints them: the API's document of each
    (:func:`pokertd.app.documents.event`: ``seq``, ``batch``, ``recorded_at``, ``actor``,
    ``type``, ``version``, ``text``, ``data``)."""
    from pokertd.app.documents import events  # CLI start-up: loaded when a command runs

    return events(records)


def print_done(records: list[EventRecord]) -> None:
    """What a command did: the console's summary (:func:`pokertd.tournament.summarize`) of
    the events a domain sums up — one ✓ line per table, the details (each move, the rule
    IDs) indented below — and every other event's full log line, ids and rule IDs kept (a
    terminal user types them back)."""
    from rich.markup import escape

    from pokertd.tournament import summarize
    from pokertd.tournament.framework import summed_up

    grouped = [r.event for r in records if summed_up(r.event)]
    summary = summarize(grouped) if grouped else None
    shown = False
    for r in records:
        if not summed_up(r.event):
            console.print(f"[green]✓[/] {escape(event_line(r.event))}", soft_wrap=True)
        elif summary is not None and not shown:
            shown = True  # the summary where its first event was
            lines, details = summary.lines, summary.details
            lang = cli_language()
            if lang != "en" and len(summary.said) == len(lines):
                from pokertd.i18n import catalog  # Babel: only for a translated language
                from pokertd.tournament.framework import without_codes

                lines = tuple(without_codes(catalog.sentence(lang, s)) for s in summary.said)
                if len(summary.details_said) == len(details):
                    details = tuple(catalog.sentence(lang, s) for s in summary.details_said)
            for line in lines:
                console.print(f"[green]✓[/] {escape(line)}", soft_wrap=True)
            for line in details:
                console.print(f"    {line}", soft_wrap=True, markup=False)


CLI_HINTS: dict[str, str] = {
    "age": "add --age-ok once the age is checked",
    "member": "give --card NUMBER or --member-ok",
    "alternate": "register --alternate",
    "seat": "register without --alternate",
    "reenter": "pokertd reenter",
    "forfeit": "pokertd forfeit",
    "bust": "pokertd bust",
    "stack": "give --stack",
    "chips": "give --chips",
    "players": "give --players",
    "stacks": "give --stacks",
    "save": "give --save",
    "redraw": "pokertd redraw",
    "button": "pokertd button",
    "play_hands": "after each hand: pokertd button TID TABLE --advance 1",
    "plan": "pokertd moves TID shows the plan now",
}
"""The terminal's way of doing what a refusal asks (``context["hint"]`` from the core).

The core's refusals are neutral sentences (the web shows them as they are); the CLI adds
the flag or command that does it here.
"""


LANGUAGE_ENV = "POKERTD_LANGUAGE"
"""The language of the CLI's refusals (issue 27, docs/languages.md): ``es``, ``de``;
unset = English. ``--json`` output stays English (a machine reads it)."""


def cli_language() -> str:
    """The CLI's language: ``POKERTD_LANGUAGE`` if the catalogue has it, else English."""
    from pokertd import i18n  # a base module without dependencies (no Babel)

    return i18n.known(os.environ.get(LANGUAGE_ENV)) or i18n.SOURCE


def event_line(event: Event) -> str:
    """An event's log line (its :meth:`~pokertd.tournament.framework.Event.said`) in the
    CLI's language: the ✓ line after a command. English is its ``describe()``; ``--json``
    keeps that English."""
    lang = cli_language()
    said = event.said()
    if lang == "en" or said is None:
        return event.describe()
    from pokertd.i18n import catalog  # Babel: only for a translated language

    return catalog.sentence(lang, said)


def bold(text: object) -> str:
    """``text`` in bold (Rich markup) as a parameter of :func:`say`: the markup stays out of
    the msgid, and no f-string stands in a call ``scripts/i18n.py extract`` reads."""
    return f"[bold]{text}[/]"


def num(n: object) -> str:
    """A count (chips, mostly) as a parameter of :func:`say` or a table's cell, written as
    the CLI writes numbers: the event's or ``POKERTD_LOCALE``'s locale, as its money, else
    ``POKERTD_LANGUAGE``'s (``25.000`` in German; ``25,000`` in English, without Babel):
    :func:`pokertd.money.chips_locale`. ``--json`` keeps plain integers."""
    if not isinstance(n, int) or isinstance(n, bool):
        return f"{n:,}"
    return format_chips(n, chips_locale(cli_language(), current_locale()))


def signed(n: int) -> str:
    """A difference with its sign (``+0``, ``+1.000``, ``-250``), written as :func:`num`."""
    return ("+" if n >= 0 else "") + num(n)


def said(sentence: Sentence | None, english: str | None = None) -> str:
    """A sentence the server built (:class:`pokertd.i18n.Sentence`) in the CLI's language,
    its chip counts written as :func:`num` writes them; ``english`` (else the sentence's own
    English) when there is none or the CLI speaks English without a chosen locale (no Babel
    then)."""
    if sentence is None:
        return english or ""
    lang = cli_language()
    if lang == "en" and not current_locale():
        return sentence.text if english is None else english
    from pokertd.i18n import catalog  # Babel: only for a translated language or a locale

    return catalog.sentence(lang, sentence)


def _local_chips(params: dict[str, Any]) -> bool:
    """Whether ``params`` hold a chip count (:class:`pokertd.i18n.Chips`) that a chosen
    locale writes otherwise than English's ``1,200`` (the catalogue then writes it)."""
    from pokertd.i18n import Chips  # a base module without dependencies (no Babel)

    return bool(current_locale()) and any(isinstance(v, Chips) for v in params.values())


def say(message: str, /, **params: Any) -> str:
    """``message`` (a msgid: a whole sentence with ``%(name)s`` placeholders) in the CLI's
    language, ``params`` put in. English needs no catalogue, so Babel loads only when
    ``POKERTD_LANGUAGE`` names another language (start-up time, issue 15). Rich markup goes
    around a parameter's value, not into the msgid; ``--json`` never passes through here."""
    lang = cli_language()
    if lang == "en" and not _local_chips(params):
        return message % params if params else message
    from pokertd.i18n import catalog  # Babel: only for a translated language

    return catalog.gettext(lang, message, params)


def say_n(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of ``singular``/``plural`` for count ``n`` in the CLI's language (``%(n)s``
    is ``n`` unless ``params`` says otherwise: ``n=f"{n:,}"`` writes it with commas);
    see :func:`say`."""
    lang = cli_language()
    if lang == "en" and not _local_chips(params):
        return (singular if n == 1 else plural) % ({"n": n} | params)
    from pokertd.i18n import catalog  # Babel: only for a translated language

    return catalog.ngettext(lang, singular, plural, n, params)


def cli_text(exc: PokertdError) -> str:
    """The refusal for the terminal: the core's sentence (in ``POKERTD_LANGUAGE`` when the
    core marked it for the catalogue) plus the CLI's hint, if any."""
    from pokertd.i18n import catalog  # start-up time: Babel loads only when a refusal is printed

    text = catalog.refusal(exc, cli_language())
    hint = CLI_HINTS.get(str(exc.context.get("hint", "")))
    return f"{text} [{hint}]" if hint else text


def fail(exc: PokertdError, as_json: bool = False) -> typer.Exit:
    """Report a refusal in one line (or as JSON) and return the exit to raise (code 2)."""
    if as_json:
        sys.stdout.write(json.dumps(exc.as_json()) + "\n")
    else:
        from rich.markup import escape

        error = say("error:")
        err_console.print(f"[bold red]{error}[/] {escape(cli_text(exc))}", soft_wrap=True)
    return typer.Exit(code=2)


@contextmanager
def refusals(as_json: bool = False) -> Iterator[None]:
    """Turn any pokertd error raised inside the block into a one-line message, exit 2."""
    try:
        yield
    except PokertdError as exc:
        raise fail(exc, as_json) from None


def actor() -> str:
    """Who runs the command, for the log: ``$POKERTD_ACTOR``, else the login name."""
    try:
        return os.environ.get("POKERTD_ACTOR") or getpass.getuser() or "floor"
    except (KeyError, OSError):  # pragma: no cover - no user database
        return "floor"


@contextmanager
def application(db: str | None) -> Iterator[App]:
    """The application (:mod:`pokertd.app`) over the store named by ``--db`` (closed
    afterwards)."""
    from pokertd.app import App  # CLI start-up: loaded when a command runs (issue 15)

    opened = App.open(db_url(db))
    try:
        yield opened
    finally:
        opened.tournaments.close()


@contextmanager
def service(db: str | None) -> Iterator[TournamentService]:
    """The service over the store named by ``--db`` (closed afterwards)."""
    from pokertd.app.tournaments import open_service

    opened = open_service(db_url(db))
    opened.money_follows_state = True  # one command, one event: its currency (docs/money.md)
    before = (current_currency(), current_locale())
    try:
        yield opened
    finally:
        opened.close()
        stay_in(*before)  # a test's CliRunner runs many commands in one process


__all__ = [
    "CLI_HINTS",
    "DEFAULT_DB",
    "DbOption",
    "JsonOption",
    "actor",
    "bold",
    "check_port",
    "cli_language",
    "cli_text",
    "console",
    "db_url",
    "emit",
    "err_console",
    "fail",
    "num",
    "refusals",
    "rich_console",
    "said",
    "say",
    "say_n",
    "service",
]
