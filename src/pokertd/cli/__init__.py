"""The ``pokertd`` command line: one Typer app; each module adds its commands.

Every command has ``--json``; refusals print one line and exit 2 (see ``_common``).
One module per group of commands: ``hand`` (the ``pokertd hand`` sub-app: the engine),
``floor`` (entries, busts, undo, status: top level), ``tables`` (seating, and the ``pokertd
move`` sub-app), ``clock`` (the ``pokertd structure`` sub-app, the clock, chip races),
``prize`` (the ``pokertd prize`` sub-app: payouts, ICM, standings, bounties, payments, each
also top level under its older name), ``deal`` (the ``pokertd deal`` sub-app), ``serve`` (the
web app and the ``pokertd user`` sub-app), ``sim`` (simulation), ``profile`` (the ``pokertd
profile`` sub-app: list, show, diff, check and copy rule profiles), ``backup`` (``pokertd
backup``, ``export`` and ``import``: docs/backup.md), ``command`` (``pokertd command``: any
command by its API name, through the one command schema the API uses).

Start-up is quick (issue 15, docs/cli.md): the command modules import only Typer and
pokertd's small base modules at the top, and each command imports the service, the
tournament core, the engine, the store and Rich's tables inside its function when it runs.
Turning a command's signature into a Click command costs about a millisecond per command
(Typer reads every option's type), so the root group (:class:`LazyGroup`) turns only the
command that is asked for, and the whole list only for ``pokertd --help``.

Typer 0.29 converts every option value through a pydantic ``TypeAdapter`` (pydantic and
``importlib.metadata``: nearly half of ``pokertd version``'s CPU). The root group gives each
command it builds a :class:`_TextFirst` conversion: a value that is already the text (or list
of texts) its parameter asks for is taken as it is, and anything else goes through Typer's
own conversion, built then. ``pokertd status T``, ``bust`` and ``register`` take only text,
so they load no pydantic (issue 25; ``tests/cli/test_cli_startup.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass
from functools import partial
from typing import Annotated, Any

import typer
import typer.main
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer.core import TyperGroup, _TyperParameter

_SETTINGS: dict[str, Any] = {
    "add_completion": False,
    "pretty_exceptions_enable": False,
}
"""Typer settings shared by the root app and :data:`_commands` (they decide how a command
is built and how its errors show)."""


_TEXTS = list[str]
"""The annotation of a repeatable text argument or option (``pokertd bust T A B``)."""


@dataclass(frozen=True)
class _TextFirst(RuntimeParam):
    """A parameter's conversion that needs no pydantic for text (issue 25, start-up).

    Click hands a ``str`` parameter its text and a ``list[str]`` one a tuple of texts; Typer's
    own conversion (``typer._adapters``) returns the same text, and the same items as a list,
    after importing pydantic and building a ``TypeAdapter``. This takes those values as they
    are and hands every other value (a number, a choice, a flag from an environment variable,
    bytes) to Typer's conversion, built when first needed: the same result, the same errors.
    """

    descriptor: TypeDescriptor

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Any) -> Any:
        if self.annotation is str and isinstance(value, str):
            return value
        if (
            self.annotation == _TEXTS
            and isinstance(value, list | tuple)
            and all(isinstance(item, str) for item in value)
        ):
            return list(value)
        return build_runtime_param(self.descriptor).coerce(value, param=param, ctx=ctx)


def _text_first(command: Any) -> Any:
    """``command`` (and its sub-commands) with :class:`_TextFirst` on each parameter whose
    conversion Typer has not built yet and that reads no file and has no parser of its own."""
    for param in getattr(command, "params", ()):
        _text_first_param(param)
    for sub in getattr(command, "commands", {}).values():
        _text_first(sub)
    return command


def _text_first_param(param: object) -> None:
    """:class:`_TextFirst` on one parameter (see :func:`_text_first`)."""
    if not isinstance(param, _TyperParameter) or param._runtime_param is not None:
        return
    descriptor = param.type_descriptor
    if descriptor.file_annotation is None and descriptor.parameter_info.parser is None:
        param._runtime_param = _TextFirst(
            parameter_info=descriptor.parameter_info,
            annotation=descriptor.annotation,
            descriptor=descriptor,
        )


class LazyGroup(TyperGroup):
    """The root ``pokertd`` group: a command becomes a Click command when it is first used.

    Click's documented "lazy group" pattern over Typer: every module still registers its
    commands (cheap: Typer only records the functions), on :data:`_commands`; this group
    builds one of them when :meth:`get_command` names it. :meth:`list_commands` (``pokertd
    --help``) and :attr:`commands` (code that walks the tree, e.g. tests/cli/
    test_cli_shape.py) build them all, in the order ``pokertd`` always listed them: the
    root's own commands, then every module's commands, then its sub-apps.
    """

    def __init__(self, **attrs: Any) -> None:
        self._built: dict[str, Any] = {}
        self._own: tuple[str, ...] = ()
        self._complete = False
        super().__init__(**attrs)
        self._own = tuple(self._built)
        for param in self.params:  # ``--version``: no pydantic to read a flag
            _text_first_param(param)

    @property
    def commands(self) -> MutableMapping[str, Any]:
        """Every command, built (all of them: whoever asks for the mapping walks it)."""
        self._build_all()
        return self._built

    @commands.setter
    def commands(self, value: MutableMapping[str, Any]) -> None:
        self._built = dict(value)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command ``cmd_name``, built now if it was not yet; ``None`` if there is none."""
        found = self._built.get(cmd_name)
        if found is None and not self._complete:
            for name, build in _registered():
                if name == cmd_name:
                    found = self._built[name] = _text_first(build())
                    break
        if found is not None and ctx is not None:  # Click makes ``--help`` per context
            _text_first_param(found.get_help_option(ctx))
        return found

    def get_help_option(self, ctx: Any) -> Any:
        """The root's ``--help`` flag, read without pydantic (:class:`_TextFirst`)."""
        option = super().get_help_option(ctx)
        _text_first_param(option)
        return option

    def list_commands(self, ctx: Any) -> list[str]:
        """Every command's name, in registration order (builds them all)."""
        return list(self.commands)

    def _build_all(self) -> None:
        """Build every registered command, reusing those built already, in listing order."""
        if self._complete:
            return
        ordered = {name: self._built[name] for name in self._own}
        for name, build in _registered():
            ordered[name] = self._built.get(name) or _text_first(build())
        self._built = ordered
        self._complete = True


def _registered() -> Iterator[tuple[str, Callable[[], Any]]]:
    """Each command registered on :data:`_commands`, by name, with how to build it.

    Commands first, then sub-apps, as Typer's own ``get_group_from_info`` orders them.
    """
    options: dict[str, Any] = {
        "pretty_exceptions_short": _commands.pretty_exceptions_short,
        "rich_markup_mode": _commands.rich_markup_mode,
    }
    for info in _commands.registered_commands:
        assert info.callback is not None, "a command has a function"
        name = info.name or typer.main.get_command_name(info.callback.__name__)
        yield name, partial(typer.main.get_command_from_info, info, **options)
    for group in _commands.registered_groups:
        group_name = typer.main.solve_typer_info_defaults(group).name
        assert group_name, "every sub-app has a name"
        yield (
            group_name,
            partial(
                typer.main.get_group_from_info,
                group,
                suggest_commands=_commands.suggest_commands,
                **options,
            ),
        )


app = typer.Typer(
    name="pokertd",
    help="Run live poker tournaments by the rules of real card rooms.",
    no_args_is_help=True,
    cls=LazyGroup,
    **_SETTINGS,
)

_commands = typer.Typer(**_SETTINGS)
"""Every command but ``version``, registered by the modules and built lazily by
:class:`LazyGroup`."""


def _echo_version() -> None:
    """Print the version (``pokertd version`` and ``pokertd --version``: one implementation)."""
    from pokertd import __version__

    typer.echo(__version__)


def _version_option(value: bool) -> None:
    """``--version``: print the version and stop before any command runs."""
    if value:
        _echo_version()
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the pokertd version and exit.",
            callback=_version_option,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Run live poker tournaments by the rules of real card rooms."""


@app.command()
def version() -> None:
    """Print the pokertd version."""
    _echo_version()


_MODULES = (
    "hand",
    "floor",
    "tables",
    "slips",
    "clock",
    "prize",
    "deal",
    "serve",
    "sim",
    "profile",
    "ruling",
    "irregular",
    "day",
    "series",
    "screens",
    "league",
    "player",
    "signup",
    "backup",
    "doctor",
    "mail",
    "command",
)

for _name in _MODULES:
    _module = importlib.import_module(f"pokertd.cli.{_name}")
    _module.register(_commands)


def main() -> None:
    """Entry point of the ``pokertd`` console script."""
    app()


__all__ = ["LazyGroup", "app", "main"]
