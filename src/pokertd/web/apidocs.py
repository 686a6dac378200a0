"""The API reference at ``/docs``, served by pokertd itself, and ``GET /api/version``.

FastAPI's own ``/docs`` and ``/redoc`` load Swagger UI and ReDoc from a CDN and were blank
on a card room's network without internet (issue 16: nothing at run time fetches from
outside). This page is rendered on the server from the same ``app.openapi()`` schema that
``/openapi.json`` serves: the operations grouped by tag, each with its method, path,
summary, description, the role it needs (when its description names one), its parameters and
request body fields with their types and limits, and its responses; every schema the body
fields name is listed at the end. It has the strict page policy of every other page (no
inline script; the search box is ``static/apidocs.js``). ``/redoc`` redirects here.
"""

from __future__ import annotations

import html
import json
import platform
import re
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup
from pydantic import BaseModel, Field

from pokertd import __version__
from pokertd.app.schema import SCHEMA_VERSIONS
from pokertd.web.pages import render

router = APIRouter()

HTTP_METHODS = ("get", "post", "put", "patch", "delete")
"""The methods listed, in this order within a path."""


# ---- the version -------------------------------------------------------------------------


class SchemaVersions(BaseModel):
    """The database schema version this code writes, per store."""

    sqlite: int
    postgresql: int


class VersionInfo(BaseModel):
    """What is running: the release, the database schema it writes, the Python it runs on."""

    version: str = Field(description="The pokertd release (pyproject.toml's version).")
    schema_: SchemaVersions = Field(
        alias="schema", description="The schema version this code writes, per database."
    )
    python: str = Field(description="The Python version the server runs on.")


def version_info() -> VersionInfo:
    """The version document (public: no paths, URLs or settings)."""
    return VersionInfo.model_validate(
        {
            "version": str(__version__),
            "schema": dict(SCHEMA_VERSIONS),
            "python": platform.python_version(),
        }
    )


@router.get("/api/version", tags=["api"], response_model=VersionInfo, response_model_by_alias=True)
def api_version() -> VersionInfo:
    """The running release, the database schema version it writes, and its Python (public)."""
    return version_info()


# ---- the docs page -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FieldDoc:
    """One parameter or body field: its name, type, limits, default and description."""

    name: str
    where: str
    type: str
    required: bool
    limits: str
    default: str
    description: str


@dataclass(frozen=True, slots=True)
class OperationDoc:
    """One operation: what the page shows for ``METHOD /path``."""

    anchor: str
    method: str
    path: str
    summary: str
    description: Markup
    role: str
    parameters: tuple[FieldDoc, ...]
    body: str
    body_fields: tuple[FieldDoc, ...]
    responses: tuple[tuple[str, Markup], ...]


@dataclass(frozen=True, slots=True)
class TagDoc:
    """The operations of one tag, in schema order."""

    name: str
    anchor: str
    operations: tuple[OperationDoc, ...]


@dataclass(frozen=True, slots=True)
class SchemaDoc:
    """A named schema of ``components/schemas``: its fields."""

    name: str
    anchor: str
    description: Markup
    fields: tuple[FieldDoc, ...]


@dataclass(frozen=True, slots=True)
class ApiDocs:
    """The whole reference page."""

    title: str
    version: str
    description: Markup
    tags: tuple[TagDoc, ...]
    schemas: tuple[SchemaDoc, ...]
    operation_count: int


_ROLE = re.compile(r"Needs the \*\*(\w+)\*\* role")
_PARENTHESES = re.compile(r"\(([^()]*)\)")
_ROLE_WORDS = (
    ("public", "public"),
    ("dealer", "dealer"),
    ("floor", "floor"),
    ("director", "director"),
    ("staff", "staff"),
)
"""Words in a description's parentheses that name who may call it, the least role first
(``(floor and director)`` is ``floor``; ``(floor, director, or a dealer …)`` is ``dealer``)."""


def role_of(description: str) -> str:
    """The role an operation's description says it needs, or ``""`` when it says none.

    The command routes say ``Needs the **floor** role``; the others name their callers in
    parentheses: ``(director; CSRF header)``, ``(floor and director)``, ``(public)``.

    >>> role_of("Bust a player.\\n\\nNeeds the **floor** role and the `X-CSRF-Token` header.")
    'floor'
    >>> role_of("Create a series (director; CSRF header).")
    'director'
    >>> role_of("The cash report (floor and director).")
    'floor'
    >>> role_of("Players whose name matches (2+ letters).")
    ''
    """
    found = _ROLE.search(description)
    if found:
        return found.group(1)
    for group in _PARENTHESES.findall(description):
        words = set(re.findall(r"[a-z]+", group.lower()))
        for word, role in _ROLE_WORDS:
            if word in words:
                return role
    return ""


_CODE = re.compile(r"``(.+?)``|`(.+?)`")
_STRONG = re.compile(r"\*\*(.+?)\*\*")


def prose(text: str) -> Markup:
    """The small Markdown of the descriptions as safe HTML: paragraphs, code, bold.

    Everything is escaped first: a description cannot inject markup.

    >>> str(prose("Needs the **floor** role and the `X-CSRF-Token` <header>."))
    '<p>Needs the <strong>floor</strong> role and the <code>X-CSRF-Token</code> &lt;header&gt;.</p>'
    """
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    out = []
    for paragraph in paragraphs:
        escaped = html.escape(" ".join(paragraph.split()), quote=False)
        escaped = _CODE.sub(lambda m: f"<code>{m.group(1) or m.group(2)}</code>", escaped)
        escaped = _STRONG.sub(r"<strong>\1</strong>", escaped)
        out.append(f"<p>{escaped}</p>")
    return Markup("".join(out))


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _number(value: Any) -> str:
    """A limit as people write it: ``1,000,000`` (no ``.0``)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) else str(value)


def type_of(schema: dict[str, Any]) -> str:
    """A schema's type in words: ``integer``, ``string or null``, ``list of Level``.

    >>> type_of({"anyOf": [{"type": "integer"}, {"type": "null"}]})
    'integer or null'
    >>> type_of({"type": "array", "items": {"$ref": "#/components/schemas/Level"}})
    'list of Level'
    >>> type_of({"enum": ["fixed", "formula"], "type": "string"})
    'one of fixed, formula'
    """
    if "$ref" in schema:
        return _ref_name(str(schema["$ref"]))
    if "enum" in schema:
        return "one of " + ", ".join(str(v) for v in schema["enum"])
    if "const" in schema:
        return f"always {schema['const']}"
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            names = [type_of(s) for s in schema[key]]
            return " or ".join(dict.fromkeys(n for n in names if n))
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items")
        return f"list of {type_of(items)}" if isinstance(items, dict) and items else "list"
    if kind == "object":
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            return f"object of {type_of(extra)}"
        return "object"
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind)
    if kind:
        return f"{kind} ({schema['format']})" if "format" in schema else str(kind)
    return "any"


def limits_of(schema: dict[str, Any]) -> str:
    """A schema's limits in words (those of its non-null branch for ``X or null``).

    >>> limits_of({"type": "string", "minLength": 1, "maxLength": 60})
    '1–60 characters'
    >>> limits_of({"anyOf": [{"type": "integer", "minimum": 0, "maximum": 1e12}, {"type": "null"}]})
    '0 to 1,000,000,000,000'
    """
    parts: list[str] = []
    low, high = schema.get("minLength"), schema.get("maxLength")
    if low is not None or high is not None:
        if low and high is not None:
            parts.append(f"{_number(low)}–{_number(high)} characters")
        elif high is not None:
            parts.append(f"at most {_number(high)} characters")
        else:
            parts.append(f"at least {_number(low)} characters")
    low = schema.get("minimum", schema.get("exclusiveMinimum"))
    high = schema.get("maximum", schema.get("exclusiveMaximum"))
    above = "exclusiveMinimum" in schema and "minimum" not in schema
    below = "exclusiveMaximum" in schema and "maximum" not in schema
    if low is not None and high is not None and not above and not below:
        parts.append(f"{_number(low)} to {_number(high)}")
    else:
        if low is not None:
            parts.append(f"{'more than' if above else 'at least'} {_number(low)}")
        if high is not None:
            parts.append(f"{'less than' if below else 'at most'} {_number(high)}")
    low, high = schema.get("minItems"), schema.get("maxItems")
    if low:
        parts.append(f"at least {_number(low)} items")
    if high is not None:
        parts.append(f"at most {_number(high)} items")
    if "pattern" in schema:
        parts.append(f"matches {schema['pattern']}")
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key, []):
            inner = limits_of(branch)
            if inner:
                parts.append(inner)
    return "; ".join(parts)


def _default(schema: dict[str, Any]) -> str:
    if "default" not in schema:
        return ""
    value = schema["default"]
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value == "":
        return '""'
    return _number(value) if isinstance(value, int | float) else str(value)


def _field(name: str, where: str, schema: dict[str, Any], required: bool, text: str) -> FieldDoc:
    return FieldDoc(
        name=name,
        where=where,
        type=type_of(schema),
        required=required,
        limits=limits_of(schema),
        default=_default(schema),
        description=text or str(schema.get("description", "")),
    )


def _object_fields(schema: dict[str, Any]) -> tuple[FieldDoc, ...]:
    required = set(schema.get("required", []))
    return tuple(
        _field(name, "body", sub, name in required, "")
        for name, sub in schema.get("properties", {}).items()
    )


def _operation(method: str, path: str, op: dict[str, Any], schemas: dict[str, Any]) -> OperationDoc:
    description = str(op.get("description", ""))
    parameters = tuple(
        _field(
            str(p["name"]),
            str(p.get("in", "")),
            p.get("schema", {}),
            bool(p.get("required")),
            str(p.get("description", "")),
        )
        for p in op.get("parameters", [])
    )
    body = ""
    body_fields: tuple[FieldDoc, ...] = ()
    content = op.get("requestBody", {}).get("content", {})
    for media, spec in content.items():
        schema = spec.get("schema", {})
        if "$ref" in schema:
            body = _ref_name(str(schema["$ref"]))
            schema = schemas.get(body, {})
        body = f"{body} ({media})" if body else media
        body_fields = _object_fields(schema)
        break
    responses = []
    for code, response in op.get("responses", {}).items():
        text = str(response.get("description", ""))
        for spec in response.get("content", {}).values():
            schema = spec.get("schema", {})
            if "$ref" in schema:
                text += f" — `{_ref_name(str(schema['$ref']))}`"
            break
        responses.append((str(code), prose(text)))
    return OperationDoc(
        anchor=f"op-{method}-" + re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-"),
        method=method.upper(),
        path=path,
        summary=str(op.get("summary", "")),
        description=prose(description),
        role=role_of(description),
        parameters=parameters,
        body=body,
        body_fields=body_fields,
        responses=tuple(responses),
    )


def _referenced(schemas: dict[str, Any]) -> set[str]:
    """The schemas another schema names (a field of type ``Level``, ``list of Level``)."""
    found = re.findall(r'"#/components/schemas/([^"]+)"', json.dumps(schemas))
    return set(found)


def build_docs(spec: dict[str, Any]) -> ApiDocs:
    """The reference page's content from an OpenAPI document (tags in order of appearance).

    The schemas section lists the schemas that no operation shows inline as its request
    body, and those other schemas name (an operation's body is documented with it)."""
    schemas: dict[str, Any] = spec.get("components", {}).get("schemas", {})
    by_tag: dict[str, list[OperationDoc]] = {}
    for path, item in spec.get("paths", {}).items():
        for method in HTTP_METHODS:
            op = item.get(method)
            if op is None:
                continue
            tag = (op.get("tags") or ["other"])[0]
            by_tag.setdefault(str(tag), []).append(_operation(method, path, op, schemas))
    tags = tuple(
        TagDoc(name, "tag-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-"), tuple(ops))
        for name, ops in by_tag.items()
    )
    inline = {op.body.split(" (")[0] for tag in tags for op in tag.operations if op.body}
    listed = set(schemas) - (inline - _referenced(schemas))
    info = spec.get("info", {})
    return ApiDocs(
        title=str(info.get("title", "API")),
        version=str(info.get("version", "")),
        description=prose(str(info.get("description", ""))),
        tags=tags,
        schemas=tuple(
            SchemaDoc(
                name,
                f"schema-{name}",
                prose(str(schema.get("description", ""))),
                _object_fields(schema),
            )
            for name, schema in sorted(schemas.items())
            if name in listed
        ),
        operation_count=sum(len(t.operations) for t in tags),
    )


@router.get("/docs", response_class=HTMLResponse, include_in_schema=False)
def docs_page(request: Request) -> Response:
    """The API reference, built from this app's OpenAPI schema (no CDN, no inline script)."""
    state = request.app.state
    docs: ApiDocs | None = state.api_docs  # None until the first visit (create_app)
    if docs is None:  # the schema is fixed once the app is built: render its content once
        docs = state.api_docs = build_docs(request.app.openapi())
    return render(request, "apidocs.html", docs=docs)


@router.get("/redoc", include_in_schema=False)
def redoc() -> Response:
    """The old ReDoc address: the same reference is at ``/docs`` (relative: any root path)."""
    return RedirectResponse("docs", status_code=308)


__all__ = [
    "ApiDocs",
    "SchemaVersions",
    "VersionInfo",
    "build_docs",
    "limits_of",
    "prose",
    "role_of",
    "router",
    "type_of",
    "version_info",
]
