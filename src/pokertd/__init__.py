"""pokertd: live poker tournaments by the rules of real card rooms.

``pokertd.__version__`` is the installed distribution's version, read from the package
metadata, so pyproject.toml's ``version`` is its one source (``pokertd --version``,
``pokertd version``, ``GET /api/version`` and the OpenAPI schema all show it). It is looked
up on first use (PEP 562): ``importlib.metadata`` costs tens of milliseconds to import, and
the CLI's one-line commands must start quickly (issue 15).
"""

from __future__ import annotations

DISTRIBUTION = "pokertd"
"""The distribution name on PyPI and in the wheel's METADATA."""

UNKNOWN_VERSION = "0+unknown"
"""The version shown when pokertd runs from a source tree that was never installed."""


def _installed_version() -> str:
    """The version in the installed distribution's metadata (or :data:`UNKNOWN_VERSION`)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return UNKNOWN_VERSION


def __getattr__(name: str) -> str:
    """``__version__``, read from the metadata the first time someone asks (PEP 562)."""
    if name == "__version__":
        found = _installed_version()
        globals()["__version__"] = found
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
