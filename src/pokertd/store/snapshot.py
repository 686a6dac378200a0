"""State snapshots: a cache that spares replaying a long log from event 1.

A snapshot is the folded :class:`~pokertd.tournament.framework.TournamentState` at some
``seq``, pickled. Loading = unpickle + fold the events after ``seq`` (unless an undo/redo is
among them: then the whole log is folded again, as always).

Snapshots are never the truth: the log is. Each one is stored under a *key* naming the code
that made it (a hash of the Python version and of the source of the pure core and of every
module that registers events), so a snapshot made by other code is simply not found, and one
that fails to load is ignored and the log replayed. The store is trusted (pickle runs code
on load: the database must be as private as the application itself, which it is).
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from dataclasses import fields
from pathlib import Path

import pokertd
from pokertd.tournament.framework import Batch, TournamentState, event_types

_CORE_PACKAGES = ("tournament", "rules", "engine", "cards")
_key_cache: tuple[int, str] | None = None


def snapshot_key() -> str:
    """The code-version key snapshots are stored under (24 hex digits).

    Recomputed when the set of registered event types changes (a module registering events
    was imported since).
    """
    global _key_cache
    registered = event_types()
    if _key_cache is not None and _key_cache[0] == len(registered):
        return _key_cache[1]
    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]}|{pickle.HIGHEST_PROTOCOL}|".encode())
    root = Path(pokertd.__file__).parent
    files: set[Path] = set()
    for package in _CORE_PACKAGES:
        files.update((root / package).rglob("*.py"))
    for name, cls in sorted(registered.items()):
        digest.update(f"{name}:{cls.version}:{cls.__module__}.{cls.__qualname__}|".encode())
        module = sys.modules.get(cls.__module__)
        source = getattr(module, "__file__", None)
        if source:
            files.add(Path(source))
    for path in sorted(files):
        digest.update(path.name.encode())
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"?")
    key = digest.hexdigest()[:24]
    _key_cache = (len(registered), key)
    return key


_BATCH_FIELDS = tuple(f.name for f in fields(Batch))


def encode_snapshot(state: TournamentState) -> bytes:
    """The state as snapshot bytes (batches as plain tuples: much faster to pickle)."""
    batches = [tuple(getattr(b, name) for name in _BATCH_FIELDS) for b in state.batches]
    return pickle.dumps(
        (state.id, state.seq, _BATCH_FIELDS, batches, state._parts),
        protocol=pickle.HIGHEST_PROTOCOL,
    )


def decode_snapshot(tournament_id: str, data: bytes) -> TournamentState:
    """The state a snapshot holds; ``ValueError`` when it is not one of ``tournament_id``."""
    try:
        sid, seq, names, batches, parts = pickle.loads(data)
    except Exception as exc:  # any unpickling failure means: no usable snapshot
        raise ValueError(f"unreadable snapshot: {exc}") from exc
    if sid != tournament_id or tuple(names) != _BATCH_FIELDS or not isinstance(parts, dict):
        raise ValueError("snapshot of another tournament or another state layout")
    state = TournamentState(tournament_id)
    state.seq = int(seq)
    state.batches = [Batch(*b) for b in batches]
    state._parts = parts
    return state


__all__ = ["decode_snapshot", "encode_snapshot", "snapshot_key"]
