"""The deployment files check out without a container runtime: ``compose.yaml`` has the
agreed shape and no shipped password, the ``Dockerfile`` builds a wheel-only non-root image,
``deploy/Caddyfile`` is valid for the real Caddy (and adapts to the routes the proxy test
relies on), and every ``pokertd`` command line in ``docs/deploy.md``, the systemd unit, the
compose file and the Dockerfile parses against the real CLI, so the docs cannot drift.
Building the image and running compose needs a Docker daemon: ``scripts/compose_smoke.sh``.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import typer
import yaml  # type: ignore[import-untyped]

from pokertd.cli import app

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "compose.yaml"
DOCKERFILE = ROOT / "Dockerfile"
CADDYFILE = ROOT / "deploy" / "Caddyfile"
DEPLOY_DOC = ROOT / "docs" / "deploy.md"
UNIT = ROOT / "deploy" / "systemd" / "pokertd@.service"


def _compose() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE.read_text())
    assert isinstance(data, dict)
    return data


def _final_stage(text: str) -> list[str]:
    """The Dockerfile's instructions after its last FROM (continuation lines joined)."""
    joined = re.sub(r"\\\n", " ", text)
    lines = [ln.strip() for ln in joined.splitlines() if ln.strip() and not ln.startswith("#")]
    last = max(i for i, ln in enumerate(lines) if ln.upper().startswith("FROM "))
    return lines[last:]


def test_compose_runs_postgres_and_two_servers_behind_the_proxy() -> None:
    services = _compose()["services"]
    assert set(services) == {"db", "app1", "app2", "proxy"}
    app1, app2, db, proxy = services["app1"], services["app2"], services["db"], services["proxy"]
    assert app1 == app2  # the same image, command and settings
    assert app1["image"] == "pokertd:local"
    assert app1["build"] == "."
    assert db["image"] == "postgres:16"
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    assert app1["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert "/readyz" in " ".join(app1["healthcheck"]["test"])
    assert app1["environment"]["POKERTD_COOKIE_SECURE"] == "1"
    assert app1["environment"]["POKERTD_DB"].endswith("@db:5432/pokertd")
    # the QR code opens the proxy's site, not the container's own address (--host 0.0.0.0
    # would otherwise make it the container's LAN address)
    site = proxy["environment"]["POKERTD_SITE"]
    assert app1["environment"]["POKERTD_PUBLIC_URL"] == f"https://{site}"
    # the proxy: HTTPS published, the shared Caddyfile, certificates kept, both servers listed
    assert {"80:80", "443:443"} <= set(proxy["ports"])
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    assert "caddy_data:/data" in proxy["volumes"]
    assert proxy["environment"]["POKERTD_UPSTREAMS"].split() == ["app1:8000", "app2:8000"]
    # the servers believe X-Forwarded-For from the proxy's fixed address only
    proxy_ip = proxy["networks"]["backend"]["ipv4_address"]
    assert shlex.split(app1["command"])[-2:] == ["--trusted-proxy", proxy_ip]


def test_compose_ships_no_password() -> None:
    """Every secret comes from .env and compose refuses to start without it (``:?``)."""
    services = _compose()["services"]
    required = re.compile(r"^\$\{[A-Z_]+:\?[^}]+\}$")
    seen = 0
    for service in services.values():
        for key, value in (service.get("environment") or {}).items():
            if "PASSWORD" in key or "SECRET" in key:
                assert required.match(str(value)), f"{key}={value} has a default or a literal"
                seen += 1
    assert seen == 3  # the database's own, and the director's for each server
    db_url = services["app1"]["environment"]["POKERTD_DB"]
    assert "${POSTGRES_PASSWORD:?" in db_url
    assert "POKERTD_SECRET_KEY" not in COMPOSE.read_text()  # the database keeps one, shared


def test_dockerfile_builds_a_wheel_only_non_root_image() -> None:
    text = DOCKERFILE.read_text()
    froms = [ln for ln in text.splitlines() if ln.upper().startswith("FROM ")]
    assert len(froms) == 2
    assert froms[0].endswith(" AS build")
    assert "uv build --wheel" in text
    final = _final_stage(text)
    assert final[0].startswith("FROM python:")
    assert "-slim" in final[0]
    copies = [ln for ln in final if ln.upper().startswith(("COPY", "ADD"))]
    assert copies == ["COPY --from=build /dist/ /tmp/dist/"]  # no source tree in the image
    assert any("pip install /tmp/dist/pokertd-*.whl" in ln for ln in final)
    users = [ln.split()[1] for ln in final if ln.startswith("USER ")]
    assert users == ["10001:10001"]
    assert "WORKDIR /data" in final
    assert "EXPOSE 8000" in final
    health = next(ln for ln in final if ln.startswith("HEALTHCHECK"))
    assert "http://127.0.0.1:8000/healthz" in health
    assert "curl" not in health
    assert 'ENTRYPOINT ["pokertd"]' in final
    assert 'CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]' in final


def test_dockerignore_lets_in_only_the_wheel_sources() -> None:
    rules = [
        ln.strip()
        for ln in (ROOT / ".dockerignore").read_text().splitlines()
        if ln.strip() and not ln.startswith("#")
    ]
    assert rules[0] == "*"
    allowed = {r[1:] for r in rules if r.startswith("!")}
    assert allowed >= {"pyproject.toml", "src/", "hatch_build.py", "scripts/build_compiled.py"}
    assert not allowed & {".env", ".venv", "tests/", "."}


def _caddy() -> str:
    found = shutil.which("caddy")
    if found is None:
        pytest.skip("Caddy is not installed (Debian: apt install caddy; .ci/run installs it)")
    return found


def _caddy_home(tmp_path: Path) -> dict[str, str]:
    """Environment that keeps everything Caddy writes under ``tmp_path``."""
    return {
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }


def _adapt(tmp_path: Path, env: dict[str, str]) -> dict[str, Any]:
    """``deploy/Caddyfile`` adapted to JSON by the real Caddy with ``env`` set."""
    full = {**os.environ, **_caddy_home(tmp_path), **env}
    run = subprocess.run(
        [_caddy(), "adapt", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env=full,
        check=False,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout.splitlines()[0])
    assert isinstance(data, dict)
    return data


def _handlers(node: Any, name: str) -> list[dict[str, Any]]:
    """Every handler called ``name`` anywhere in an adapted config."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if node.get("handler") == name:
            found.append(node)
        for value in node.values():
            found += _handlers(value, name)
    elif isinstance(node, list):
        for value in node:
            found += _handlers(value, name)
    return found


@pytest.mark.parametrize(
    "env",
    [
        {"POKERTD_SITE": "pokertd.lan", "POKERTD_TLS": "internal"},  # compose on a LAN
        {"POKERTD_SITE": "poker.example.com", "POKERTD_TLS": "floor@example.com"},  # real domain
        {"POKERTD_SITE": "pokertd.lan", "POKERTD_UPSTREAMS": "127.0.0.1:8001 127.0.0.1:8002"},
    ],
)
def test_caddyfile_is_valid_for_the_real_caddy(tmp_path: Path, env: dict[str, str]) -> None:
    full = {**os.environ, **_caddy_home(tmp_path), **env}
    run = subprocess.run(
        [_caddy(), "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env=full,
        check=False,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    config = _adapt(tmp_path, env)
    proxy = _handlers(config, "reverse_proxy")
    assert len(proxy) == 1
    upstreams = env.get("POKERTD_UPSTREAMS", "app1:8000 app2:8000").split()
    assert [u["dial"] for u in proxy[0]["upstreams"]] == upstreams
    assert proxy[0]["health_checks"]["active"]["uri"] == "/readyz"
    assert proxy[0]["load_balancing"]["selection_policy"]["policy"] == "least_conn"
    assert proxy[0]["flush_interval"] == -1  # SSE pushed at once
    assert [r["status_code"] for r in _handlers(config, "static_response")] == [404]
    assert "/metrics*" in json.dumps(config)
    policies = json.dumps(config["apps"].get("tls", {}))
    if env.get("POKERTD_TLS") == "internal":
        assert '"module": "internal"' in policies
    if "@" in env.get("POKERTD_TLS", ""):
        assert "floor@example.com" in policies


def _command_lines() -> list[tuple[str, str]]:
    """Every ``pokertd ...`` command line shipped: (where, line)."""
    found: list[tuple[str, str]] = []
    doc = DEPLOY_DOC.read_text()
    blocks = re.findall(r"```(?:sh)?\n(.*?)```", doc, flags=re.S)
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", doc, flags=re.S))
    for line in [ln for b in blocks for ln in b.splitlines()] + spans:
        line = line.split("  #")[0].strip()
        line = line.removeprefix("/opt/pokertd/bin/")
        if line.startswith("pokertd "):
            found.append(("docs/deploy.md", line))
    for line in UNIT.read_text().splitlines():
        if line.startswith("ExecStart="):
            exe, _, rest = line.removeprefix("ExecStart=").partition(" ")
            assert exe == "/opt/pokertd/bin/pokertd"
            found.append((UNIT.name, "pokertd " + rest.replace("%i", "8001")))
    command = _compose()["services"]["app1"]["command"]
    found.append(("compose.yaml", f"pokertd {command}"))
    cmd = re.search(r"^CMD (\[.*\])$", DOCKERFILE.read_text(), flags=re.M)
    assert cmd is not None
    found.append(("Dockerfile", shlex.join(["pokertd", *json.loads(cmd.group(1))])))
    return found


def test_every_pokertd_command_line_parses_against_the_real_cli() -> None:
    lines = _command_lines()
    where = {w for w, _ in lines}
    assert where == {"docs/deploy.md", UNIT.name, "compose.yaml", "Dockerfile"}
    assert len(lines) >= 8
    group: Any = typer.main.get_command(app)  # Typer's own Click: walked by duck typing
    for place, line in lines:
        args = shlex.split(line)[1:]
        if args[0].startswith("--"):  # a root option such as --version
            names = {n for p in group.params for n in p.opts}
            assert args[0] in names, f"{place}: {line}"
            continue
        sub = group.commands.get(args[0])
        assert sub is not None, f"{place}: unknown command in {line!r}"
        try:
            sub.make_context(args[0], args[1:])
        except Exception as exc:  # Click's UsageError/BadParameter: an option that is gone
            pytest.fail(f"{place}: {line!r} does not parse: {exc}")
