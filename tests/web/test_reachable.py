"""Reachable from phones (issue 12): ``pokertd serve`` names the addresses a phone can use,
says plainly when it cannot be reached, and the TV's QR code encodes a reachable URL."""

from __future__ import annotations

import io
import ipaddress
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno
from rich.console import Console

from pokertd.cli import serve as serve_cli
from pokertd.errors import InvalidCommand

from .conftest import Env, make_env

IFACES = [
    ipaddress.ip_address(a)
    for a in ("127.0.0.1", "::1", "93.184.216.34", "192.168.1.20", "fe80::1", "fd00::2")
]


def test_all_ipv4_interfaces_list_lan_addresses_first() -> None:
    assert serve_cli.phone_addresses("0.0.0.0", IFACES) == ["192.168.1.20", "93.184.216.34"]


def test_all_interfaces_v6_adds_routable_ipv6_but_not_link_local() -> None:
    got = serve_cli.phone_addresses("::", IFACES)
    assert got == ["192.168.1.20", "93.184.216.34", "fd00::2"]


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "localhost"])
def test_loopback_is_reachable_by_no_phone(host: str) -> None:
    assert serve_cli.phone_addresses(host, IFACES) == []


def test_one_named_address_is_that_address() -> None:
    assert serve_cli.phone_addresses("192.168.1.20", IFACES) == ["192.168.1.20"]


def test_real_interfaces_never_list_loopback() -> None:
    for address in serve_cli.phone_addresses("::"):
        assert not ipaddress.ip_address(address).is_loopback


def _announced(host: str, phones: list[str], qr_url: str) -> str:
    buf = io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(serve_cli, "console", Console(file=buf, width=300, no_color=True))
        serve_cli._announce(
            "sqlite:///x.db", host, 8000, first_run=False, phones=phones, qr_url=qr_url
        )
    return buf.getvalue()


def test_announce_on_loopback_says_phones_cannot_reach_and_how() -> None:
    text = _announced(host="127.0.0.1", phones=[], qr_url="")
    assert "http://localhost:8000/" in text
    assert "Phones cannot reach this server" in text
    assert "--host 0.0.0.0" in text


def test_announce_on_all_interfaces_prints_every_phone_address() -> None:
    text = _announced(
        host="::", phones=["192.168.1.20", "fd00::2"], qr_url="http://192.168.1.20:8000"
    )
    assert "http://192.168.1.20:8000/" in text
    assert "http://[fd00::2]:8000/" in text
    assert "cannot reach" not in text
    assert "QR code opens:  http://192.168.1.20:8000/t/" in text


def test_public_url_must_be_http() -> None:
    assert serve_cli._check_public_url("https://poker.example/ ") == "https://poker.example"
    with pytest.raises(InvalidCommand, match="must start with http"):
        serve_cli._check_public_url("poker.example")


@pytest.fixture
def lan_env(tmp_path: Path) -> Iterator[Env]:
    """The app as ``serve --host 0.0.0.0`` configures it: the LAN address as public URL."""
    yield from make_env(tmp_path, public_url="http://192.168.1.20:8000")


def _qr_svg(url: str) -> str:
    buf = io.BytesIO()
    segno.make(url, error="m").save(
        buf, kind="svg", scale=8, border=2, dark="#000", light="#fff", xmldecl=False
    )
    return buf.getvalue().decode()


def _event(env: Env) -> str:
    csrf = env.login()
    r = env.client.post("/api/tournaments", json={"name": "Q", "template": "kpc_nlh"}, headers=csrf)
    assert r.status_code == 201, r.text
    env.logout()
    return str(r.json()["tournament"])


def test_qr_code_encodes_the_configured_public_url(lan_env: Env) -> None:
    tid = _event(lan_env)
    svg = lan_env.client.get(f"/t/{tid}/qr.svg")
    assert svg.status_code == 200
    assert svg.text == _qr_svg(f"http://192.168.1.20:8000/t/{tid}/player")


def test_qr_code_without_public_url_uses_the_request_host(env: Env) -> None:
    tid = _event(env)
    svg = env.client.get(f"/t/{tid}/qr.svg", headers={"Host": "192.168.1.30:8000"})
    assert svg.text == _qr_svg(f"http://192.168.1.30:8000/t/{tid}/player")
