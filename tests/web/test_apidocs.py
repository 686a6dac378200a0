"""The API reference at ``/docs`` (our own page, offline) and the version (issue 16).

FastAPI's ``/docs`` loaded Swagger UI from cdn.jsdelivr.net and was blank without internet,
under a relaxed CSP of its own. Now ``/docs`` is rendered by pokertd from ``app.openapi()``
(web/apidocs.py) under the strict page policy, ``/redoc`` redirects to it, and the release
is in one place: pyproject's ``version``, read from the package metadata by
``pokertd.__version__``, ``pokertd --version``, ``pokertd version`` and ``GET /api/version``.
"""

from __future__ import annotations

import html
import importlib.metadata
import json
import os
import platform
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pokertd
from pokertd.store import postgres, sqlite
from pokertd.web.apidocs import build_docs, limits_of, prose, role_of, type_of
from pokertd.web.app import PAGE_CSP

from .conftest import Env, make_env

ROOT = Path(__file__).resolve().parents[2]

_SUMMARY = re.compile(
    r'<span class="ad-method[^"]*">(\w+)</span>\s*<code class="ad-path">([^<]+)</code>'
)


def _operations(page: str) -> set[tuple[str, str]]:
    """``(METHOD, /path)`` of every operation the page lists."""
    return {(m, html.unescape(p)) for m, p in _SUMMARY.findall(page)}


def _section(page: str, method: str, path: str) -> str:
    """The ``<details>`` block of one operation."""
    anchor = f"op-{method.lower()}-" + re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")
    start = page.index(f'id="{anchor}"')
    return page[start : page.index("</details>", start)]


def test_docs_list_every_operation_of_the_schema(env: Env) -> None:
    """Every method and path of /openapi.json is on /docs, and nothing else; the count the
    page prints is the schema's."""
    spec = env.client.get("/openapi.json").json()
    expected = {
        (method.upper(), path)
        for path, item in spec["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert len(expected) > 100  # the whole API, not a handful
    r = env.client.get("/docs")
    assert r.status_code == 200
    assert _operations(r.text) == expected
    assert f"{len(expected)} operations" in r.text
    assert ("POST", "/api/tournaments/{tid}/commands/register") in expected
    assert ("GET", "/api/version") in expected


def test_docs_show_body_fields_with_limits_and_the_role(env: Env) -> None:
    """The register command: its role, its body fields, their types, limits and defaults."""
    page = env.client.get("/docs").text
    register = _section(page, "POST", "/api/tournaments/{tid}/commands/register")
    assert 'ad-role-floor" title="who may call it">floor</span>' in register
    assert "Register (application/json)" in register
    name_row = register[register.index("<code>name</code>") :]
    name_row = name_row[: name_row.index("</tr>")]
    assert "required" in name_row
    assert "at most 60 characters" in name_row
    stack_row = register[register.index("<code>stack</code>") :]
    stack_row = stack_row[: stack_row.index("</tr>")]
    assert "integer or null" in stack_row
    assert "0 to 1,000,000,000,000" in stack_row
    assert "<code>409</code>" not in register  # codes are labels, not code
    assert '<span class="ad-code ad-code-4">409</span>' in register


def test_docs_show_query_parameters_and_the_roles_other_routes_name(env: Env) -> None:
    """A query parameter's limit and description; the role written in prose elsewhere."""
    page = env.client.get("/docs").text
    check = _section(page, "GET", "/api/leagues/check")
    table = check[check.index("<code>table</code>") :]
    table = table[: table.index("</tr>")]
    assert "query" in table
    assert "at most 4,000 characters" in table
    assert "Points by place, comma list." in table
    series = _section(page, "POST", "/api/series")
    assert ">director</span>" in series
    cash = _section(page, "GET", "/api/series/{series}/cash")
    assert ">floor</span>" in cash


def test_docs_have_no_cdn_and_no_inline_script(env: Env) -> None:
    """Offline: every script and stylesheet of /docs is one of ours, and the strict policy
    (no 'unsafe-inline' scripts, 'self' only) covers it like every page."""
    r = env.client.get("/docs")
    assert r.headers["content-security-policy"] == PAGE_CSP
    assert re.findall(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>", r.text) == []
    # no inline <script> that runs: the page's catalogue is JSON data (issue 27), never run
    sources = re.findall(r'(?:src|href)="([^"#]+)"', r.text)
    assert "/static/apidocs.js" in sources
    assert "/static/apidocs.css" in sources
    assert [s for s in sources if "://" in s or s.startswith("//")] == []
    for asset in ("/static/apidocs.js", "/static/apidocs.css"):
        assert env.client.get(asset).status_code == 200, asset


def test_redoc_redirects_to_docs_relative_to_any_root_path(env: Env) -> None:
    """/redoc answers 308 to ``docs`` (relative: under /poker it is /poker/docs)."""
    r = env.client.get("/redoc", follow_redirects=False)
    assert r.status_code == 308
    assert r.headers["location"] == "docs"
    assert env.client.get("/redoc").url.path == "/docs"


def test_docs_under_a_root_path_link_under_it(tmp_path: Path) -> None:
    """Behind a proxy under /poker (``--root-path``): every link and asset of /docs starts
    with /poker/, and /poker/redoc lands on /poker/docs."""
    for env in make_env(tmp_path, root_path="/poker"):
        r = env.client.get("/poker/docs")
        assert r.status_code == 200
        urls = re.findall(r'(?:src|href)="(/[^"]*)"', r.text)
        assert "/poker/static/apidocs.js" in urls
        assert "/poker/openapi.json" in urls
        assert [u for u in urls if not u.startswith("/poker/")] == []
        assert env.client.get("/poker/redoc").url.path == "/poker/docs"


def test_descriptions_are_escaped_not_injected() -> None:
    """The descriptions' little Markdown becomes HTML; their own markup is escaped."""
    assert str(prose("a <script>x</script> `<b>`\n\nsecond **bold**")) == (
        "<p>a &lt;script&gt;x&lt;/script&gt; <code>&lt;b&gt;</code></p>"
        "<p>second <strong>bold</strong></p>"
    )


def test_types_limits_and_roles_in_words() -> None:
    """The words the page uses, from schema fragments."""
    assert type_of({"type": "array", "items": {"type": "integer"}}) == "list of integer"
    assert limits_of({"type": "integer", "exclusiveMinimum": 0}) == "more than 0"
    assert limits_of({"type": "array", "maxItems": 500}) == "at most 500 items"
    assert limits_of({"type": "string", "minLength": 1}) == "at least 1 characters"
    assert role_of("The PIN (floor and director only).") == "floor"
    assert role_of("A ruling (floor, director, or a dealer of this tournament).") == "dealer"
    assert role_of("Every league (public).") == "public"


def test_schemas_section_lists_nested_schemas_not_inline_bodies() -> None:
    """A body shown with its operation is not repeated; a schema it nests is listed."""
    spec = {
        "paths": {
            "/a": {
                "post": {
                    "tags": ["t"],
                    "requestBody": {
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/A"}}
                        }
                    },
                    "responses": {},
                }
            }
        },
        "components": {
            "schemas": {
                "A": {"properties": {"b": {"$ref": "#/components/schemas/B"}}},
                "B": {"properties": {"n": {"type": "integer", "maximum": 9}}},
            }
        },
    }
    docs = build_docs(spec)
    assert [s.name for s in docs.schemas] == ["B"]
    assert docs.tags[0].operations[0].body_fields[0].type == "B"
    assert docs.schemas[0].fields[0].limits == "at most 9"


# ---- the version -----------------------------------------------------------------------


def _pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def test_version_has_one_source_pyproject() -> None:
    """``pokertd.__version__`` is the installed metadata's, which is pyproject's."""
    assert pokertd.__version__ == importlib.metadata.version("pokertd") == _pyproject_version()


def test_api_version_is_public_and_names_release_schema_and_python(env: Env) -> None:
    """GET /api/version without a session: exactly the release, both schema versions and
    the Python version, nothing else (no paths, URLs or settings)."""
    r = env.client.get("/api/version")
    assert r.status_code == 200
    assert r.json() == {
        "version": _pyproject_version(),
        "schema": {"sqlite": sqlite.SCHEMA_VERSION, "postgresql": postgres.SCHEMA_VERSION},
        "python": platform.python_version(),
    }
    assert sqlite.SCHEMA_VERSION == 4
    assert "web.db" not in r.text
    schema = env.client.get("/openapi.json").json()
    assert schema["info"]["version"] == _pyproject_version()
    assert "/api/version" in schema["paths"]


def _pokertd(*args: str) -> tuple[str, list[str]]:
    """``pokertd ARGS`` in a new process: its output and the pokertd modules it imported."""
    probe = (
        "import json, sys\n"
        f"sys.argv = ['pokertd', *{list(args)!r}]\n"
        "from pokertd.cli import main\n"
        "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\n"
        "print('\\nMODULES=' + json.dumps(sorted(m for m in sys.modules if m.startswith("
        "'pokertd'))))\n"
    )
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    out, _, modules = done.stdout.rpartition("\nMODULES=")
    return out, json.loads(modules)


def test_version_option_and_command_print_the_same_without_the_web_stack() -> None:
    """``pokertd --version`` and ``pokertd version`` print the release and load no service,
    store or web module (a quick command, issue 15)."""
    for args in (("--version",), ("version",)):
        out, modules = _pokertd(*args)
        assert out.strip() == _pyproject_version(), args
        heavy = [
            m
            for m in modules
            if m.startswith(
                ("pokertd.web", "pokertd.app.tournaments", "pokertd.store", "pokertd.engine")
            )
        ]
        assert heavy == [], (args, heavy)


def test_version_option_is_listed_in_help() -> None:
    """``pokertd --help`` lists ``--version``."""
    out, _ = _pokertd("--help")
    assert "--version" in out
