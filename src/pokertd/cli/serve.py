"""CLI commands: ``pokertd serve`` (the web app) and ``pokertd user`` (staff accounts).

``serve`` opens the store (SQLite ``./pokertd.db`` by default, created on first run, or
PostgreSQL by URL), makes sure a director exists — from ``$POKERTD_DIRECTOR_PASSWORD``, a
terminal prompt, or else the one-time ``/setup`` page — and runs uvicorn: in this process,
or with ``--workers N`` in N worker processes on one port (PostgreSQL only), each building
its app with :func:`pokertd.web.asgi.app_from_env` from the environment set here.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._choices import LogFormatChoice, LogLevelChoice
from pokertd.cli._common import (
    DbOption,
    JsonOption,
    bold,
    check_port,
    console,
    db_url,
    emit,
    refusals,
    say,
)
from pokertd.cli.doctor import catch_up_at_start
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.app import AccountService
    from pokertd.app.tournaments import TournamentService
    from pokertd.roles import Role
    from pokertd.web.settings import Settings

user_app = typer.Typer(help="Staff accounts (director, floor, dealer).", no_args_is_help=True)


def _prompt_director(users: AccountService) -> None:
    first_run = say("First run:")
    console.print(
        say(
            "%(first_run)s choose the tournament director's password.",
            first_run=bold(first_run),
        )
    )
    while True:
        password = typer.prompt(say("Director password"), hide_input=True, confirmation_prompt=True)
        try:
            users.create_first_director("director", password)
        except Exception as exc:  # InvalidCommand: too short
            console.print(f"[red]{exc}[/]")
            continue
        console.print(say("Director account %(name)s created.", name="[bold]director[/]"))
        return


def _with_proxies(
    settings: Settings, proxy_headers: bool, trusted_proxy: list[str] | None
) -> Settings:
    """``settings`` trusting ``--trusted-proxy`` (or loopback with ``--proxy-headers``)."""
    proxies = tuple(trusted_proxy or ())
    if proxy_headers and not proxies:
        proxies = ("127.0.0.1", "::1")
    if not proxies:
        return settings
    from pokertd.web.auth import parse_proxies

    parse_proxies(proxies)  # a typo is a one-line error now, not a silent no-op
    return dataclasses.replace(settings, trusted_proxies=proxies)


ALL_V4 = "0.0.0.0"
ALL_V6 = "::"


def _interface_addresses() -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """Every address of this machine's network interfaces (``ifaddr``: no packet is sent)."""
    import ifaddr

    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            try:
                found.append(ipaddress.ip_address(text.split("%")[0]))
            except ValueError:
                continue
    return found


def phone_addresses(
    host: str,
    interfaces: Sequence[ipaddress.IPv4Address | ipaddress.IPv6Address] | None = None,
) -> list[str]:
    """The addresses a phone on the venue's network can use for a server bound to ``host``.

    ``0.0.0.0`` listens on every IPv4 address, ``::`` on every address; a named address is
    the one address; loopback is none (no other device reaches it). Link-local IPv6 is left
    out (a browser cannot open it without a zone), private LAN addresses come first.
    """
    try:
        bound = ipaddress.ip_address(host)
    except ValueError:
        return [] if host in {"localhost", ""} else [host]  # a host name: say it as given
    if bound.is_loopback:
        return []
    if str(bound) not in {ALL_V4, ALL_V6}:
        return [str(bound)]
    listed = _interface_addresses() if interfaces is None else list(interfaces)
    usable = [
        a
        for a in dict.fromkeys(listed)
        if not (a.is_loopback or a.is_link_local or a.is_multicast or a.is_unspecified)
        and (a.version == 4 or str(bound) == ALL_V6)
    ]
    usable.sort(key=lambda a: (a.version, not a.is_private))
    return [str(a) for a in usable]


def _http(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}"


def _check_public_url(public_url: str) -> str:
    """``--public-url`` without its trailing slash, or a one-line refusal."""
    from pokertd.errors import InvalidCommand

    url = public_url.strip().rstrip("/")
    if url and not url.startswith(("http://", "https://")):
        raise InvalidCommand(
            template=N_(
                "The public URL %(public_url)s must start with http:// or https://, "
                "e.g. http://192.168.1.20:8000."
            ),
            params={"public_url": repr(public_url)},
        )
    return url


def _announce(
    url: str,
    host: str,
    port: int,
    *,
    first_run: bool,
    phones: list[str],
    qr_url: str,
    root: str = "",
) -> None:
    """Say where the app serves, every address a phone can use, and what the QR code opens.

    Under ``--root-path`` the app's links carry the prefix, so it is opened through the
    reverse proxy only: the direct addresses are not listed then."""
    from rich.markup import escape

    here = f"http://localhost:{port}"
    console.print(say("pokertd serving %(url)s", url=bold(url)))
    if root:
        console.print(
            "  "
            + say(
                "Behind a reverse proxy under %(root)s: open it through the proxy (which strips "
                "%(prefix)s and forwards to port %(port)s).",
                root=bold(escape(root) + "/"),
                prefix=escape(root),
                port=port,
            )
        )
        if first_run:
            console.print(
                say(
                    "First run: open %(url)s through the proxy.",
                    url=bold(escape(root) + "/setup"),
                )
            )
        return
    console.print("  " + say("On this computer:  %(url)s", url=bold(here + "/")))
    if phones:
        for address in phones:
            console.print(
                "  "
                + say(
                    "On phones and tablets:  %(url)s",
                    url=bold(escape(_http(address, port)) + "/"),
                )
            )
    elif _is_loopback(host) and not qr_url:
        console.print(
            "  "
            + say(
                "Phones cannot reach this server: it listens on %(host)s, this computer only. "
                "To let phones and tablets in, start it with %(option)s (and allow port "
                "%(port)s through the firewall).",
                host=host,
                option="[bold]--host 0.0.0.0[/]",
                port=port,
            )
        )
    else:
        console.print(
            "  "
            + say(
                "No network address found: connect this computer to the venue's network, "
                "or give the address phones use with %(option)s.",
                option="[bold]--public-url[/]",
            )
        )
    if qr_url:
        console.print(
            "  " + say("The TV's QR code opens:  %(url)s", url=bold(escape(qr_url) + "/t/…/player"))
        )
    if first_run:
        console.print(
            say(
                "First run: open %(url)s to set the director's password.",
                url=bold(here + "/setup"),
            )
        )


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


HostOption = Annotated[str, typer.Option(help="Address to bind (0.0.0.0 for the whole LAN).")]
PortOption = Annotated[int, typer.Option(help="Port to listen on.")]
PublicUrlOption = Annotated[
    str,
    typer.Option(
        help="URL phones use, for the QR code (default: the LAN address when serving on "
        "all interfaces, else the address the TV was opened with). $POKERTD_PUBLIC_URL.",
    ),
]
TimezoneOption = Annotated[
    str,
    typer.Option(
        help="The venue's time zone, e.g. Europe/London (default: $POKERTD_TIMEZONE, else "
        "this computer's zone). Log, receipts and printouts show times in it.",
    ),
]
ProxyHeadersOption = Annotated[
    bool,
    typer.Option(
        "--proxy-headers",
        help="Behind a reverse proxy: believe X-Forwarded-For from trusted proxies "
        "(127.0.0.1 and ::1 unless --trusted-proxy is given).",
    ),
]
TrustedProxyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--trusted-proxy",
        help="Address or network of a trusted reverse proxy (repeatable; implies --proxy-headers).",
    ),
]


WorkersOption = Annotated[
    int,
    typer.Option(
        envvar="POKERTD_WORKERS",
        help="Worker processes on the one port (1 to 16; more than 1 needs a postgresql:// "
        "database, where the processes see each other's changes). $POKERTD_WORKERS.",
    ),
]
PoolSizeOption = Annotated[
    int,
    typer.Option(
        envvar="POKERTD_POOL_SIZE",
        help="PostgreSQL connections per process (1 to 100; ignored for SQLite). "
        "$POKERTD_POOL_SIZE.",
    ),
]
LogLevelOption = Annotated[
    LogLevelChoice,
    typer.Option(
        envvar="POKERTD_LOG_LEVEL",
        case_sensitive=False,
        help="Least important log records written to stderr. $POKERTD_LOG_LEVEL.",
    ),
]
LogFormatOption = Annotated[
    LogFormatChoice | None,
    typer.Option(
        envvar="POKERTD_LOG_FORMAT",
        case_sensitive=False,
        show_default=False,
        help="Logs on stderr as JSON lines (for a log collector) or text (default: text on a "
        "terminal, json otherwise). $POKERTD_LOG_FORMAT.",
    ),
]
AccessLogOption = Annotated[
    bool,
    typer.Option(
        "--access-log/--no-access-log",
        envvar="POKERTD_ACCESS_LOG",
        help="Log one line per request (method, path, status, time, request id). "
        "$POKERTD_ACCESS_LOG (1 or 0).",
    ),
]
RootPathOption = Annotated[
    str,
    typer.Option(
        envvar="POKERTD_ROOT_PATH",
        help="Behind a reverse proxy that serves pokertd under a path and strips it (e.g. "
        "/poker): every link, script request and redirect starts with it. $POKERTD_ROOT_PATH.",
    ),
]

MAX_WORKERS = 16
"""The most worker processes ``--workers`` starts."""

WORKER_HEALTHCHECK_S = 30
"""Seconds a worker may take to answer the parent's health check before it is replaced.

uvicorn's default (5 s) also covers a worker's start: a spawned process importing pokertd on
a loaded machine can take longer, and was then killed and started again, forever."""

ASGI_FACTORY = "pokertd.web.asgi:app_from_env"
"""What each worker process of ``--workers N`` imports and calls to build its app."""


def _is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def _check_workers(workers: int, url: str) -> None:
    """Refuse a worker count out of 1..16, or several workers on SQLite, in one sentence
    that says why and what to do."""
    from pokertd.errors import InvalidCommand

    if not 1 <= workers <= MAX_WORKERS:
        raise InvalidCommand(
            template=N_(
                "--workers must be between 1 and %(most)s processes, not %(workers)s "
                "(one process per CPU core is plenty)."
            ),
            params={"most": MAX_WORKERS, "workers": workers},
        )
    if workers > 1 and not _is_postgres(url):
        raise InvalidCommand(
            template=N_(
                "--workers %(workers)s needs a PostgreSQL database: worker processes "
                "on one SQLite file do not hear of each other's changes, so screens "
                "would miss them. Serve with one worker (it is plenty for a card "
                "room), or use --db postgresql://..."
            ),
            params={"workers": workers},
        )


def _worker_env(
    url: str,
    settings: Settings,
    *,
    workers: int,
    pool_size: int,
    log: tuple[str, str, bool],
) -> dict[str, str]:
    """The environment each worker's :func:`pokertd.web.asgi.app_from_env` reads: the store,
    the pool, the logs and the settings this process worked out (public URL, zone, proxies)."""
    from pokertd.timefmt import ZONE_ENV

    level, fmt, access = log
    return {
        "POKERTD_DB": url,
        "POKERTD_POOL_SIZE": str(pool_size),
        "POKERTD_WORKERS": str(workers),
        "POKERTD_LOG_LEVEL": level,
        "POKERTD_LOG_FORMAT": fmt,
        "POKERTD_ACCESS_LOG": "1" if access else "0",
        "POKERTD_PUBLIC_URL": settings.public_url,
        ZONE_ENV: settings.timezone,
        "POKERTD_TRUSTED_PROXIES": ",".join(settings.trusted_proxies),
    }


@contextmanager
def _metrics_dir(workers: int) -> Iterator[str | None]:
    """With several workers, a fresh ``$PROMETHEUS_MULTIPROC_DIR`` that every worker writes
    its metrics to (so ``/metrics`` from any worker counts them all), removed at exit."""
    if workers <= 1:
        yield None
        return
    import shutil
    import tempfile

    path = tempfile.mkdtemp(prefix="pokertd-metrics-")
    previous = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = path
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
        if previous is None:
            os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)
        else:
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = previous


def _stopped(signum: int, frame: FrameType | None) -> None:
    """SIGTERM after uvicorn's graceful stop: exit 0, a clean stop (uvicorn raises the signal
    again once it has shut down; by default that would kill the process, status -15)."""
    raise SystemExit(0)


def _log_serving(url: str, host: str, port: int, workers: int, phones: list[str]) -> None:
    """One structured ``serving`` log line (for a log collector; the banner is for people)."""
    import logging

    from pokertd.app import masked_url

    logging.getLogger("pokertd.serve").info(
        "serving",
        extra={
            "url": masked_url(url),
            "host": host,
            "port": port,
            "workers": workers,
            "addresses": [_http(a, port) for a in phones],
            "pid": os.getpid(),
        },
    )


def _serve_settings(
    url: str,
    host: str,
    port: int,
    public_url: str,
    timezone: str,
    proxies: tuple[bool, list[str] | None],
) -> tuple[Settings, list[str]]:
    """The web settings for ``serve`` and the addresses phones can use.

    An unknown time zone or a bad public URL is a one-line refusal here, not a 500 later.
    The QR code must open on a phone, not on localhost: serving on every interface without a
    public URL, it encodes the first LAN address.
    """
    from pokertd.web.settings import Settings

    settings = Settings.from_env(url)
    if timezone:
        settings = dataclasses.replace(settings, timezone=timezone)
    settings.zone()
    phones = phone_addresses(host)
    chosen = _check_public_url(public_url or settings.public_url)
    if not chosen and host in {ALL_V4, ALL_V6} and phones:
        chosen = _http(phones[0], port)
    settings = dataclasses.replace(settings, public_url=chosen)
    return _with_proxies(settings, *proxies), phones


KEEP_ALIVE_S = 75
"""Seconds an idle keep-alive connection stays open: longer than a reverse proxy keeps its
idle connections to the server (60 s in deploy/Caddyfile; nginx and most load balancers
60 s), so the proxy never sends a request on a connection the server is just closing
(uvicorn's default, 5 s, gave occasional 502s behind Caddy in the festival load test)."""


def _chosen_format(choice: LogFormatChoice | None) -> str:
    """``--log-format``, else text on a terminal and JSON lines for a log collector."""
    return (choice or (LogFormatChoice.TEXT if sys.stderr.isatty() else LogFormatChoice.JSON)).value


def _fresh_sqlite_file(url: str) -> Path | None:
    """The SQLite file ``url`` names when it does not exist yet (this run creates it), else
    ``None`` (an existing file, an in-memory store, PostgreSQL)."""
    from pokertd.app import sqlite_path

    path = sqlite_path(url)
    if path is None or path == ":memory:" or Path(path).exists():
        return None
    return Path(path)


@contextmanager
def _abandoned_first_run(fresh: Path | None, close: Callable[[], None]) -> Iterator[None]:
    """Leave nothing behind when the first run stops at the director's password prompt.

    Ctrl-C, Ctrl-D (end of input) or SIGTERM at the prompt used to leave a new, empty
    ``pokertd.db`` without a director, and a click ``Aborted!``. Inside this block SIGTERM
    interrupts the prompt like Ctrl-C; on any of them the store is closed, the file this run
    created (``fresh``, with its ``-wal``/``-shm`` companions) is removed, and one line says
    so (exit 130, as an interrupted program).
    """
    main = threading.current_thread() is threading.main_thread()
    previous = signal.getsignal(signal.SIGTERM) if main else None

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    if main:
        signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    except (KeyboardInterrupt, EOFError, typer.Abort):  # typer's prompt: Abort
        close()
        stopped = say(
            "Stopped before the director's password was set. Run pokertd serve again to choose it."
        )
        if fresh is not None:
            for part in ("", "-wal", "-shm", "-journal"):
                Path(f"{fresh}{part}").unlink(missing_ok=True)
            stopped = say(
                "Stopped before the director's password was set; %(file)s was not kept. Run "
                "pokertd serve again to choose it.",
                file=fresh,
            )
        typer.echo(stopped, err=True)
        raise typer.Exit(130) from None
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)


def _open_with_director(
    url: str, pool_size: int, settings: Settings
) -> tuple[TournamentService, AccountService, bool]:
    """Open the store at ``url`` and make sure a director exists (:func:`_ensure_director`;
    a first run stopped at the password prompt leaves no new file: :func:`_abandoned_first_run`).
    The service, the accounts, and whether the one-time ``/setup`` page is still needed."""
    from pokertd.app import App

    fresh = _fresh_sqlite_file(url)
    app = App.open(url, pool_size=pool_size)
    service, users = app.tournaments, app.accounts  # one pool for events and accounts

    def close() -> None:
        users.close()
        service.close()

    with _abandoned_first_run(fresh, close):
        first_run = _ensure_director(users, settings)
    return service, users, first_run


def _ensure_director(users: AccountService, settings: Settings) -> bool:
    """Make the first director from the environment or a terminal prompt when none exists.

    True when there is still none: the one-time ``/setup`` page chooses the password.
    """
    if not users.has_director():
        if settings.director_password:  # idempotent when two servers start together
            users.ensure_first_director(settings.director_name, settings.director_password)
        elif sys.stdin.isatty() and not os.environ.get("POKERTD_NO_PROMPT"):
            _prompt_director(users)
    return not users.has_director()


def _run_uvicorn(
    target: object,
    workers: int,
    where: tuple[str, int, str],
    log: tuple[str, str, bool],
) -> None:
    """Serve ``target`` (the app, or the factory's import string for ``workers`` > 1) at
    ``where`` (host, port, root path) with ``log`` (level, format, access log)."""
    import uvicorn

    from pokertd.web.observe import uvicorn_log_config

    host, port, root = where
    level, fmt_name, access_log = log
    uvicorn.run(
        target,  # type: ignore[arg-type]
        factory=workers > 1,
        workers=workers,
        host=host,
        port=port,
        log_config=uvicorn_log_config(level, fmt_name, access_log=access_log),
        log_level=level,
        access_log=False,  # pokertd.access (RequestContext) writes the access log
        proxy_headers=False,  # the app reads X-Forwarded-For itself, from trusted proxies
        timeout_graceful_shutdown=3,  # a stop ends the streams (Hub.close_all) at once
        timeout_keep_alive=KEEP_ALIVE_S,
        timeout_worker_healthcheck=WORKER_HEALTHCHECK_S,
        # the WebSocket push needs a WebSocket library (the ``websockets`` dependency);
        # named, not "auto", so a broken install fails at start instead of answering 404
        ws="websockets-sansio",
        root_path=root,  # --root-path: the prefix the proxy strips (web/auth.root_path)
    )


def serve(
    db: DbOption = None,
    host: HostOption = "127.0.0.1",
    port: PortOption = 8000,
    public_url: PublicUrlOption = "",
    timezone: TimezoneOption = "",
    proxy_headers: ProxyHeadersOption = False,
    trusted_proxy: TrustedProxyOption = None,
    workers: WorkersOption = 1,
    pool_size: PoolSizeOption = 4,
    log_level: LogLevelOption = LogLevelChoice.INFO,
    log_format: LogFormatOption = None,
    access_log: AccessLogOption = True,
    root_path: RootPathOption = "",
) -> None:
    """Run the web app: floor console, TV clock, player and dealer views, JSON API."""
    from pokertd.app import App
    from pokertd.web import create_app
    from pokertd.web.auth import check_root_path
    from pokertd.web.observe import configure_logging

    level, fmt_name = log_level.value, _chosen_format(log_format)
    with refusals():
        url = db_url(db)
        check_port(port)
        _check_workers(workers, url)
    configure_logging(level, fmt_name)
    with refusals():
        settings, phones = _serve_settings(
            url, host, port, public_url, timezone, (proxy_headers, trusted_proxy)
        )
        root = check_root_path(root_path)
        if root and not (public_url or os.environ.get("POKERTD_PUBLIC_URL")):
            # a LAN address would skip the proxy: the QR code uses the address the TV opened
            settings = dataclasses.replace(settings, public_url="")
        service, users, first_run = _open_with_director(url, pool_size, settings)
        catch_up_at_start(service)  # read models behind their logs after a crash (issue 24)
        if workers > 1:  # each worker opens its own store: this one only did the set-up
            service.close()
            log = (level, fmt_name, access_log)
            env = _worker_env(url, settings, workers=workers, pool_size=pool_size, log=log)
            os.environ.update(env)
            target: object = ASGI_FACTORY
        else:
            target = create_app(App.over(service), settings, users=users)
    if fmt_name == "text" or sys.stdout.isatty():  # JSON logs: keep stdout for the collector
        qr_url = settings.public_url
        _announce(url, host, port, first_run=first_run, phones=phones, qr_url=qr_url, root=root)
    _log_serving(url, host, port, workers, phones)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _stopped)
    try:
        with _metrics_dir(workers):
            _run_uvicorn(target, workers, (host, port, root), (level, fmt_name, access_log))
    finally:
        if workers == 1:
            service.close()


@user_app.command("add")
def user_add(
    name: Annotated[str, typer.Argument(help="User name.")],
    role: Annotated[str, typer.Option(help="director, floor or dealer.")] = "floor",
    password: Annotated[
        str | None,
        typer.Option(help="Password (default: $POKERTD_USER_PASSWORD or a prompt)."),
    ] = None,
    reset: Annotated[bool, typer.Option("--reset", help="Replace an existing account.")] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add a staff account (or ``--reset`` its password)."""
    with refusals(as_json):
        chosen = _staff_role(role)
        secret = password or os.environ.get("POKERTD_USER_PASSWORD")
        if not secret:
            secret = typer.prompt(
                say("Password for %(name)s", name=name), hide_input=True, confirmation_prompt=True
            )
        users = _open_users(db)
        user = users.add(name, secret, chosen, replace=reset)
        users.close()
    emit(
        {"name": user.name, "role": user.role.value},
        as_json,
        lambda d: console.print(
            say("User %(name)s (%(role)s) saved.", name=bold(d["name"]), role=d["role"])
        ),
    )


@user_app.command("list")
def user_list(db: DbOption = None, as_json: JsonOption = False) -> None:
    """List staff accounts."""
    with refusals(as_json):
        users = _open_users(db)
        rows = [
            {"name": u.name, "role": u.role.value, "language": users.language(u.name)}
            for u in users.users()
        ]
        users.close()

    def show(data: list[dict[str, str | None]]) -> None:
        for row in data:
            console.print(f"{row['name']}\t{row['role']}\t{row['language'] or ''}".rstrip())

    emit(rows, as_json, show)


@user_app.command("remove")
def user_remove(
    name: Annotated[str, typer.Argument(help="User name.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Delete a staff account; its sessions end at once."""
    with refusals(as_json):
        users = _open_users(db)
        users.remove(name)
        users.close()
    emit(
        {"removed": name},
        as_json,
        lambda d: console.print(
            say("User %(name)s removed; their sessions ended.", name=bold(d["removed"]))
        ),
    )


@user_app.command("role")
def user_role(
    name: Annotated[str, typer.Argument(help="User name.")],
    role: Annotated[str, typer.Argument(help="director, floor or dealer.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Change a staff account's role; its sessions end at once (they carried the old role)."""
    with refusals(as_json):
        chosen = _staff_role(role)
        users = _open_users(db)
        users.set_role(name, chosen)
        users.close()
    emit(
        {"name": name, "role": chosen.value},
        as_json,
        lambda d: console.print(
            say(
                "User %(name)s is now %(role)s; their sessions ended.",
                name=bold(d["name"]),
                role=d["role"],
            )
        ),
    )


@user_app.command("language")
def user_language(
    name: Annotated[str, typer.Argument(help="User name.")],
    language: Annotated[
        str | None,
        typer.Argument(help="en, es or de; auto forgets it (the device's or venue's)."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show or set the language a staff member reads pages in, on every device they sign
    in on (docs/languages.md)."""
    with refusals(as_json):
        users = _open_users(db)
        try:
            kept = users.language(name) if language is None else users.set_language(name, language)
        finally:
            users.close()
    emit(
        {"name": name, "language": kept},
        as_json,
        lambda d: console.print(
            say(
                "User %(name)s reads pages in %(language)s.",
                name=bold(d["name"]),
                language=d["language"],
            )
            if d["language"]
            else say("User %(name)s reads pages in the venue language.", name=bold(d["name"]))
        ),
    )


@user_app.command("sessions")
def user_sessions(db: DbOption = None, as_json: JsonOption = False) -> None:
    """List live sessions (staff and table dealers): id, user, role, address, last seen."""
    import time

    from pokertd.web.auth import session_json

    with refusals(as_json):
        users = _open_users(db)
        rows = [session_json(r) for r in users.sessions(now=time.time())]
        users.close()

    def show(data: list[dict[str, object]]) -> None:
        if not data:
            console.print(say("No live sessions."))
        for row in data:
            where = f" t{row['table']}@{row['tournament']}" if row["table"] else ""
            seen = say("last seen %(when)s", when=row["last_seen"])
            console.print(
                f"{str(row['id'])[:16]}\t{row['user']}\t{row['role']}{where}\t"
                f"{row['address']}\t{seen}"
            )

    emit(rows, as_json, show)


@user_app.command("end-session")
def user_end_session(
    session_id: Annotated[str, typer.Argument(help="Session id (or its first 8+ characters).")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """End a session now: its browser is signed out at its next request."""
    import time

    from pokertd.errors import InvalidCommand, NotFound

    with refusals(as_json):
        users = _open_users(db)
        try:
            matches = [
                r.id for r in users.sessions(now=time.time()) if r.id.startswith(session_id.lower())
            ]
            if len(session_id) < 8:
                raise InvalidCommand(template=N_("Give at least 8 characters of the session id."))
            if not matches:
                raise NotFound(
                    template=N_("There is no live session %(session_id)s."),
                    params={"session_id": repr(session_id)},
                )
            if len(matches) > 1:
                raise InvalidCommand(
                    template=N_("%(session_id)s matches %(count)s sessions: give more characters."),
                    params={"session_id": repr(session_id), "count": len(matches)},
                )
            users.end_session(matches[0])
        finally:
            users.close()
    emit(
        {"ended": matches[0]},
        as_json,
        lambda d: console.print(say("Session %(id)s ended.", id=str(d["ended"])[:16])),
    )


def _staff_role(text: str) -> Role:
    """The staff role named ``text`` (director, floor or dealer), or a one-line refusal."""
    from pokertd.errors import InvalidCommand
    from pokertd.roles import Role

    try:
        return Role(text)
    except ValueError:
        raise InvalidCommand(
            template=N_("Unknown role %(text)s: choose director, floor or dealer."),
            params={"text": repr(text)},
        ) from None


def _open_users(db: str | None) -> AccountService:
    from pokertd.app import AccountService
    from pokertd.app.tournaments import open_service

    url = db_url(db)
    open_service(url).close()  # creates the database on first use
    return AccountService(url)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.command("serve")(serve)
    app.add_typer(user_app, name="user")


__all__ = ["register"]
