"""The import rules of docs/architecture.md, read from the source with ``ast``.

Every ``import`` in ``src/pokertd`` counts — at module level, inside functions and under
``if TYPE_CHECKING:`` — and the test reports every violation at once, as ``file:line``:

* **no circles**: the graph of imports between pokertd's modules has no cycle (a circle
  hidden behind a function-local import is still a circle);
* **arrows point down** the layer order: base modules ← cards ← rules ← engine ←
  tournament ← store ← app ← faces (web, cli, sim); faces do not import each
  other, except ``cli`` → ``sim`` and ``cli/serve.py`` → ``web`` (to start the server);
* **no function-local imports**, except in the files of :data:`LAZY_OK`, each with its
  reason (the CLI imports its heavy dependencies when a command runs: issue 15);
* **no rings between the tournament's domains** at package level (``seating`` and
  ``penalties`` importing each other through any of their modules is a ring);
* **no import-time registries** in the tournament: domains declare themselves with the
  framework's decorators only, and are connected to each other in one place,
  ``pokertd/tournament/__init__.py``;
* **domains sized by what they hold**: the small domains are one module each;
* **faces use package faces only** (:func:`face_violations`): a face (``pokertd.web.*``,
  ``pokertd.cli.*``, ``pokertd.sim.*``) imports no ``pokertd.store`` module and no module
  *inside* a tournament domain (``pokertd.tournament.<domain>.<module>``: ``log``,
  ``state``, ``rules``, ``views``, ``prizes.icm`` …). Package faces are ``pokertd.app`` and
  its modules, ``pokertd.tournament``, and the modules one level under it: a domain
  package's ``__init__`` (``pokertd.tournament.prizes``), a one-file domain
  (``pokertd.tournament.display`` once merged) and the shared top-level modules
  (``framework``, ``templates``, ``views``, ``limits``, ``permissions``);
* **no service look-ups with ``getattr``** in a face (:func:`getattr_violations`): the
  handlers reach services through typed attributes (``web_of(request).app.leagues``);
* **no reaching into a service's store** from a face (:func:`store_reach_violations`):
  ``x.store`` is read only as a class's own ``self.store``.

Run as a script (``uv run python tests/test_architecture.py``) it prints the measures of
issue 24: names the faces import from inner modules and from package faces, and ``Any``
in web and the CLI.

Implements: issue 11 (arrows only downward, no circles); issue 24, point 2 (faces talk only to
``pokertd.app`` and the core's package faces) and point 5 (domains sized by what they hold,
connected explicitly, no rings).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PKG = SRC / "pokertd"

BASE = frozenset(
    {"pokertd", "types", "errors", "roles", "money", "codec", "timefmt", "charts", "sheets", "i18n"}
)
"""Base modules: importable from every layer (they import only each other)."""

LAYERS: dict[str, float] = {
    "cards": 1,
    "rules": 2,
    "engine": 3,
    "tournament": 4,
    "league": 4.5,
    "store": 5,
    "app": 6,
    "web": 8,
    "cli": 8,
    "sim": 8,
}
"""The layer of each top-level part; imports go to the same or a lower number."""

FACE_ARROWS: dict[tuple[str, str], str | None] = {
    ("cli", "sim"): None,
    ("cli", "web"): "pokertd/cli/serve.py",
    ("web", "sim"): "pokertd/web/sim.py",
}
"""Face -> face imports allowed (``None``: from any file; else only from that file)."""

LAZY_OK: dict[str, str] = {
    "pokertd/cli/": "CLI start-up: a command imports what it needs when it runs (issue 15)",
    "pokertd/store/__init__.py": "the PostgreSQL driver is loaded only for a postgresql:// URL",
    "pokertd/store/testing.py": "test helper: psycopg only when a PostgreSQL test runs",
    "pokertd/charts.py": "CairoSVG loads the Cairo C library only when a PNG chart is drawn",
    "pokertd/__init__.py": "importlib.metadata (tens of ms) only when __version__ is asked for",
    "pokertd/money.py": "Babel only for a currency other than USD or a locale (issue 27)",
    "pokertd/timefmt.py": "Babel's date tables only when a locale is set (issue 27)",
}
"""Files (or folders, ending in ``/``) where function-local imports are allowed, and why."""

FACES = ("web", "cli", "sim")
"""The faces: they call :mod:`pokertd.app` and the core's package faces, nothing inside."""

SERVICE_NAMES = frozenset(
    {"app", "service", "store", "tournaments", "leagues", "series", "players", "accounts"}
)
"""Names of the application's services (and of what holds them) for the ``getattr`` rule."""
_SERVICE_LIKE = re.compile(r"^(?:{})$|_(?:service|store)$".format("|".join(SERVICE_NAMES)))


@dataclass(frozen=True, slots=True)
class Import:
    """One import statement's edge: who imports what, where, and whether inside a function."""

    source: str
    target: str
    path: str
    line: int
    local: bool


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PKG.rglob("*.py"))}


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _imports() -> list[Import]:
    """Every import of a pokertd module by a pokertd module."""
    modules = _modules()
    found: list[Import] = []
    for name, path in modules.items():
        rel = path.relative_to(SRC).as_posix()

        def visit(
            node: ast.AST, local: bool, name: str = name, path: Path = path, rel: str = rel
        ) -> None:
            for child in ast.iter_child_nodes(node):
                inner = local or isinstance(
                    child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
                )
                targets: list[str] = []
                line = getattr(child, "lineno", 0)
                if isinstance(child, ast.Import):
                    targets = [a.name for a in child.names]
                elif isinstance(child, ast.ImportFrom):
                    base = _resolve(name, path, child)
                    for alias in child.names:
                        sub = f"{base}.{alias.name}"
                        targets.append(sub if sub in modules else base)
                for target in targets:
                    if target == name:
                        continue  # a package's __init__ naming its own attributes
                    if target == "pokertd" or target.startswith("pokertd."):
                        found.append(Import(name, target, rel, line, local))
                    elif isinstance(child, ast.Import | ast.ImportFrom) and local:
                        found.append(Import(name, "", rel, line, local))
                visit(child, inner)

        visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _part(module: str) -> str:
    parts = module.split(".")
    return "pokertd" if len(parts) == 1 else parts[1]


def _cycles(edges: list[Import]) -> list[list[str]]:
    """Strongly connected components with more than one module (or a self-import)."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        if e.target:
            graph.setdefault(e.source, set()).add(e.target)
            graph.setdefault(e.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:  # Tarjan, iterative enough for a package this size
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp: list[str] = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph[v]:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def circle_violations(edges: list[Import]) -> list[str]:
    """One line per import that belongs to a circle, grouped by circle."""
    lines: list[str] = []
    for comp in _cycles(edges):
        members = set(comp)
        lines.append("circle: " + " <-> ".join(comp))
        for e in edges:
            if e.source in members and e.target in members:
                lines.append(f"  {e.path}:{e.line}: {e.source} imports {e.target}")
    return lines


def layer_violations(edges: list[Import]) -> list[str]:
    """Imports against the layer order, and faces importing each other."""
    lines: list[str] = []
    for e in edges:
        if not e.target:
            continue
        src, dst = _part(e.source), _part(e.target)
        if src == dst or dst in BASE:
            continue
        where = f"{e.path}:{e.line}: {e.source} imports {e.target}"
        if src in BASE:
            lines.append(f"{where} (a base module imports only base modules)")
            continue
        if src not in LAYERS or dst not in LAYERS:
            unknown = src if src not in LAYERS else dst
            lines.append(f"{where} ({unknown!r} is not in the layer order)")
            continue
        if LAYERS[dst] > LAYERS[src]:
            lines.append(f"{where} ({src} is below {dst}: arrows point down)")
        elif LAYERS[dst] == LAYERS[src]:
            allowed = (src, dst) in FACE_ARROWS
            only = FACE_ARROWS.get((src, dst))
            if not allowed or (only is not None and e.path != only):
                lines.append(f"{where} (faces do not import each other)")
    return lines


def local_violations(edges: list[Import]) -> list[str]:
    """Function-local imports outside :data:`LAZY_OK`."""
    lines: list[str] = []
    seen: set[tuple[str, int]] = set()
    for e in edges:
        if not e.local or (e.path, e.line) in seen:
            continue
        if any(e.path == ok or (ok.endswith("/") and e.path.startswith(ok)) for ok in LAZY_OK):
            continue
        seen.add((e.path, e.line))
        what = e.target or "a library"
        lines.append(f"{e.path}:{e.line}: imports {what} inside a function")
    return lines


def inner_module(target: str) -> bool:
    """Whether a face may not import ``target``: any ``pokertd.store`` module, or a module
    inside a tournament domain (two or more levels under ``pokertd.tournament``)."""
    parts = target.split(".")
    if parts[:2] == ["pokertd", "store"]:
        return True
    return parts[:2] == ["pokertd", "tournament"] and len(parts) > 3


def face_violations(edges: list[Import]) -> list[str]:
    """Imports of a store module or a domain's inner module by a face (web, cli, sim)."""
    lines: list[str] = []
    for e in edges:
        if _part(e.source) not in FACES or not inner_module(e.target):
            continue
        lines.append(f"{e.path}:{e.line}: {e.source} imports {e.target}")
    return lines


def _app_state(node: ast.expr, aliases: set[str]) -> bool:
    """``app.state``, ``request.app.state``, ``websocket.app.state`` … or a name bound to one."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    if not (isinstance(node, ast.Attribute) and node.attr == "state"):
        return False
    owner = node.value
    return (isinstance(owner, ast.Name) and owner.id == "app") or (
        isinstance(owner, ast.Attribute) and owner.attr == "app"
    )


def _service_like(node: ast.expr) -> bool:
    name = (
        node.id
        if isinstance(node, ast.Name)
        else node.attr
        if isinstance(node, ast.Attribute)
        else node.value
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        else None
    )
    return name is not None and bool(_SERVICE_LIKE.search(name))


def getattr_lookups(tree: ast.AST) -> list[int]:
    """Lines of ``getattr``/``hasattr`` calls that look a service up.

    A call ``getattr(obj, name, ...)`` (or ``hasattr``) is a look-up when ``obj`` is the
    application's state (an expression ending in ``app.state``, or a name the module binds
    to one), when ``obj`` is a service-like name or attribute, or when ``name`` is a
    service-like string: :data:`SERVICE_NAMES`, or ending in ``_service`` / ``_store``.
    """
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _app_state(node.value, set()):
            aliases.update(t.id for t in node.targets if isinstance(t, ast.Name))
    found: list[int] = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"getattr", "hasattr"}
            and len(node.args) >= 2
        ):
            continue
        obj, name = node.args[0], node.args[1]
        if _app_state(obj, aliases) or _service_like(obj) or _service_like(name):
            found.append(node.lineno)
    return found


def store_reaches(tree: ast.AST) -> list[int]:
    """Lines where a face reads ``<something>.store`` (a service's store) other than its own
    ``self.store``: the way around the application that ``service.store.seasons(…)`` was."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "store"
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
    ]


def store_reach_violations() -> list[str]:
    """Faces reading a service's store: they call the service's use cases instead."""
    lines: list[str] = []
    for face in FACES:
        for path in sorted((PKG / face).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            lines += [f"{rel}:{n}: reads a service's .store" for n in store_reaches(tree)]
    return lines


def getattr_violations() -> list[str]:
    """Service look-ups through ``getattr`` in the faces' files."""
    lines: list[str] = []
    for face in FACES:
        for path in sorted((PKG / face).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            lines += [f"{rel}:{n}: getattr service look-up" for n in getattr_lookups(tree)]
    return lines


def count_face_imports() -> dict[str, tuple[int, int]]:
    """Per face, names imported from inner modules and from the core's package faces
    (each name of a ``from … import`` counts once; every import, local ones too)."""
    counts: dict[str, tuple[int, int]] = {}
    for face in FACES:
        inner = outer = 0
        for e in _imports():
            if _part(e.source) != face or _part(e.target) not in {"store", "tournament"}:
                continue
            if inner_module(e.target):
                inner += 1
            else:
                outer += 1
        counts[face] = (inner, outer)
    return counts


def count_any() -> dict[str, int]:
    """``Any`` as a word in the web's and the CLI's source (the issue's measure)."""
    word = re.compile(r"\bAny\b")
    return {
        face: sum(
            len(word.findall(p.read_text(encoding="utf-8"))) for p in (PKG / face).rglob("*.py")
        )
        for face in ("web", "cli")
    }


def count_local_imports() -> int:
    """Function-local imports across src (every library, allowed or not): the measure."""
    return len({(e.path, e.line) for e in _imports() if e.local})


def test_no_import_circles() -> None:
    bad = circle_violations(_imports())
    assert not bad, "Import circles (see docs/architecture.md):\n" + "\n".join(bad)


def test_imports_point_down_the_layers() -> None:
    bad = layer_violations(_imports())
    assert not bad, "Imports against the layer order:\n" + "\n".join(bad)


def test_no_function_local_imports_outside_the_allow_list() -> None:
    bad = local_violations(_imports())
    assert not bad, "Function-local imports (move them to the top):\n" + "\n".join(bad)


def test_faces_import_only_package_faces() -> None:
    bad = face_violations(_imports())
    assert not bad, (
        "Faces import the store or a domain's inner module (use pokertd.app or the"
        " package face, docs/architecture.md):\n" + "\n".join(bad)
    )


def test_faces_do_not_look_services_up_with_getattr() -> None:
    bad = getattr_violations()
    assert not bad, "Reach services through typed attributes:\n" + "\n".join(bad)


def test_faces_do_not_reach_a_services_store() -> None:
    bad = store_reach_violations()
    assert not bad, "Call a use case of pokertd.app instead:\n" + "\n".join(bad)


def test_the_checks_can_fail() -> None:
    """The rules catch what they are for (a circle, an upward arrow, a face to a face, a
    local import), so a green run means something."""
    edges = [
        Import(
            "pokertd.engine.hand",
            "pokertd.tournament.framework",
            "pokertd/engine/hand.py",
            3,
            False,
        ),
        Import(
            "pokertd.tournament.framework",
            "pokertd.engine.hand",
            "pokertd/tournament/framework.py",
            5,
            True,
        ),
        Import("pokertd.web.api", "pokertd.cli.floor", "pokertd/web/api.py", 7, False),
        Import("pokertd.cli.floor", "pokertd.web.app", "pokertd/cli/floor.py", 9, False),
        Import("pokertd.cli.serve", "pokertd.web.app", "pokertd/cli/serve.py", 11, False),
    ]
    circles = circle_violations(edges)
    assert circles[0] == "circle: pokertd.engine.hand <-> pokertd.tournament.framework"
    assert len(circles) == 3
    layers = layer_violations(edges)
    assert [line.split(":")[0] + ":" + line.split(":")[1] for line in layers] == [
        "pokertd/engine/hand.py:3",
        "pokertd/web/api.py:7",
        "pokertd/cli/floor.py:9",
    ]
    assert local_violations(edges) == [
        "pokertd/tournament/framework.py:5: imports pokertd.engine.hand inside a function"
    ]


# --------------------------------------------------------------------------------------
# Issue 24, point 5: tournament's domains sized by what they hold, connected explicitly

TOURNAMENT = PKG / "tournament"

SINGLE_MODULE_DOMAINS = (
    "display",
    "eliminations",
    "penalties",
    "irregularities",
    "satellites",
    "cancellation",
)
"""Domains small enough for one file: each is ``tournament/<name>.py``, not a package."""

ONE_FILE_LINES = 700
"""A domain package holding fewer lines than this is one module instead (its rooms
``rules``/``state``/``log``/``views`` become sections of the file)."""

FRAMEWORK_DECORATORS = frozenset({"event", "applies", "decides", "state_part", "upcaster"})
"""The framework's registrations: what a domain declares about itself (its events, fold
steps, deciders, parts, upcasters), the one registry every domain fills on import."""

PLAIN_DECORATORS = frozenset(
    {"dataclass", "dataclass_transform", "lru_cache", "cache", "unique", "total_ordering"}
)
"""Decorators of the standard library that register nothing anywhere."""

CONNECTOR = "pokertd/tournament/__init__.py"
"""The one module that connects domains to each other (readers, seater, summaries)."""


def _domain(module: str) -> str | None:
    """``pokertd.tournament.seating.log`` -> ``seating``; ``None`` outside the tournament
    and for the package itself."""
    parts = module.split(".")
    if parts[:2] != ["pokertd", "tournament"] or len(parts) < 3:
        return None
    return parts[2]


def domain_ring_violations(edges: list[Import]) -> list[str]:
    """Rings between the tournament's domains at package level: ``seating`` importing
    ``penalties`` (any module of it) while ``penalties`` imports ``seating`` is a ring even
    when no two modules import each other."""
    collapsed: list[Import] = []
    for e in edges:
        src, dst = _domain(e.source), _domain(e.target)
        if src is not None and dst is not None and src != dst:
            collapsed.append(Import(src, dst, e.path, e.line, e.local))
    lines: list[str] = []
    for comp in _cycles(collapsed):
        members = set(comp)
        lines.append("ring: " + " <-> ".join(comp))
        seen: set[tuple[str, int]] = set()
        for e in collapsed:
            if e.source in members and e.target in members and (e.path, e.line) not in seen:
                seen.add((e.path, e.line))
                lines.append(f"  {e.path}:{e.line}: {e.source} imports {e.target}")
    return lines


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr
    return target.id if isinstance(target, ast.Name) else ast.unparse(target)


def registry_violations(rel: str, source: str) -> list[str]:
    """Import-time registries in one tournament module: a module-level decorator other than
    the framework's and the standard library's, a function named ``register_*`` or
    ``connect_*`` called at module level outside :data:`CONNECTOR`, or a ``register_*``
    function defined (a domain that registers itself with another on import)."""
    lines: list[str] = []
    for node in ast.parse(source).body:
        for deco in getattr(node, "decorator_list", ()):
            name = _decorator_name(deco)
            if name not in FRAMEWORK_DECORATORS | PLAIN_DECORATORS:
                lines.append(f"{rel}:{deco.lineno}: @{name} registers at import time")
        if isinstance(node, ast.FunctionDef) and node.name.startswith("register_"):
            lines.append(f"{rel}:{node.lineno}: defines {node.name} (an import-time registry)")
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and rel != CONNECTOR:
            name = _decorator_name(node.value)
            if name.startswith(("register", "connect")):
                lines.append(f"{rel}:{node.lineno}: calls {name} at import time")
    return lines


def size_violations(root: Path) -> list[str]:
    """The named small domains that are packages, and any domain package under
    :data:`ONE_FILE_LINES` lines."""
    lines: list[str] = []
    for name in SINGLE_MODULE_DOMAINS:
        if (root / name).is_dir() or not (root / f"{name}.py").is_file():
            lines.append(f"tournament/{name}: one module (tournament/{name}.py), not a package")
    for package in sorted(p for p in root.iterdir() if (p / "__init__.py").is_file()):
        if package.name in SINGLE_MODULE_DOMAINS:
            continue
        size = sum(len(f.read_text(encoding="utf-8").splitlines()) for f in package.glob("*.py"))
        if size < ONE_FILE_LINES:
            lines.append(f"tournament/{package.name}: {size} lines in a package; one module")
    return lines


def test_no_rings_between_tournament_domains() -> None:
    bad = domain_ring_violations(_imports())
    assert not bad, "Rings between tournament domains (move the shared piece down):\n" + (
        "\n".join(bad)
    )


def test_no_import_time_registries_in_tournament() -> None:
    bad: list[str] = []
    for path in sorted(TOURNAMENT.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        bad += registry_violations(rel, path.read_text(encoding="utf-8"))
    assert not bad, (
        "Domains connect to each other in pokertd/tournament/__init__.py only:\n" + "\n".join(bad)
    )


def test_small_domains_are_single_modules() -> None:
    bad = size_violations(TOURNAMENT)
    assert not bad, "Domains sized by what they hold:\n" + "\n".join(bad)


def test_the_domain_checks_can_fail(tmp_path: Path) -> None:
    """A ring through two modules of two domains, a self-registering reader and a small
    package are each caught, so the green runs above mean something."""
    edges = [
        Import(
            "pokertd.tournament.seating.log",
            "pokertd.tournament.penalties",
            "pokertd/tournament/seating/log.py",
            66,
            False,
        ),
        Import(
            "pokertd.tournament.penalties",
            "pokertd.tournament.seating.state",
            "pokertd/tournament/penalties.py",
            56,
            False,
        ),
    ]
    assert domain_ring_violations(edges)[0] == "ring: penalties <-> seating"
    source = (
        "from x import register_capacity_reader, summarizes\n"
        "@register_capacity_reader\ndef f(state): ...\n"
        "@summarizes(A, B)\ndef g(events): ...\n"
        "def register_clock_reader(reader): ...\n"
        "entries.connect_readers(READERS)\n"
    )
    found = registry_violations("pokertd/tournament/seating/state.py", source)
    assert [line.split(": ", 1)[0] for line in found] == [
        "pokertd/tournament/seating/state.py:2",
        "pokertd/tournament/seating/state.py:4",
        "pokertd/tournament/seating/state.py:6",
        "pokertd/tournament/seating/state.py:7",
    ]
    assert registry_violations(CONNECTOR, "entries.connect_readers(READERS)\n") == []
    (tmp_path / "display").mkdir()
    (tmp_path / "display" / "__init__.py").write_text('"""Display."""\n')
    (tmp_path / "days").mkdir()
    (tmp_path / "days" / "__init__.py").write_text("x = 1\n" * 800)
    for name in SINGLE_MODULE_DOMAINS[1:]:
        (tmp_path / f"{name}.py").write_text("")
    assert size_violations(tmp_path) == [
        "tournament/display: one module (tournament/display.py), not a package"
    ]


def test_the_face_checks_can_fail() -> None:
    """The face rule flags a store import, a domain's inner module and a getattr look-up,
    and lets the package faces through."""
    edges = [
        Import("pokertd.web.users", "pokertd.store.accounts", "pokertd/web/users.py", 3, False),
        Import(
            "pokertd.cli.prize", "pokertd.tournament.prizes.icm", "pokertd/cli/prize.py", 4, True
        ),
        Import("pokertd.web.api", "pokertd.tournament.prizes", "pokertd/web/api.py", 5, False),
        Import("pokertd.web.api", "pokertd.tournament.display", "pokertd/web/api.py", 6, False),
        Import("pokertd.web.api", "pokertd.tournament.framework", "pokertd/web/api.py", 7, False),
        Import("pokertd.web.api", "pokertd.app.leagues", "pokertd/web/api.py", 8, False),
        Import("pokertd.app.series", "pokertd.store.series", "pokertd/app/series.py", 9, False),
    ]
    assert face_violations(edges) == [
        "pokertd/web/users.py:3: pokertd.web.users imports pokertd.store.accounts",
        "pokertd/cli/prize.py:4: pokertd.cli.prize imports pokertd.tournament.prizes.icm",
    ]
    source = """
state = request.app.state
a = getattr(request.app.state, "metrics", None)
b = getattr(state, "jobs", None)
c = getattr(web, "league_service")
d = getattr(service, "store")
e = getattr(request.state, "csrf", None)
f = getattr(profile, info.name)
g = hasattr(websocket.app.state, "web")
"""
    assert getattr_lookups(ast.parse(source)) == [3, 4, 5, 6, 9]
    reach = "rows = service.store.seasons(league)\nself.store.end_session(sid)\n"
    assert store_reaches(ast.parse(reach)) == [1]


if __name__ == "__main__":
    for face, (inner, outer) in count_face_imports().items():
        print(f"{face}: {inner} names from inner modules, {outer} from package faces")
    for face, n in count_any().items():
        print(f"{face}: {n} Any")
