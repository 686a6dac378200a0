"""Codec speed: decoding and encoding the events of a big tournament log, three ways.

Issue 11 asks for one codec for events, snapshots, the API and the CLI's ``--json``, picked
by measured replay speed among:

* **ours**: :mod:`pokertd.codec`, a decoder per class built once from its type hints
  (``event_from_json`` / ``to_json``);
* **pydantic**: a ``TypeAdapter`` per event class (``validate_python`` /
  ``dump_python(mode="json")``), made strict with ``extra="forbid"`` on every dataclass an
  event reaches;
* **msgspec** (only when installed, e.g. ``uv run --with msgspec python -m bench.codec``):
  ``msgspec.convert`` / ``msgspec.to_builtins`` with hooks for ``Fraction``, and its JSON
  decoder straight from the stored text.

Each figure is the median of ``--runs`` passes over every event of the log (JSON text
already read from the database). The strictness line says whether each candidate refuses a
stored event with a misspelt field (``"elimnator"``), as ``event_from_json`` must.

The log is bench/store.py's real night (``fox_120``, ``--entries`` entries, seed 3, played
by the simulator through the service), read from its file, played and kept there first
when the file is missing.

Run: ``uv run python -m bench.codec`` (``--entries 1000`` for a quicker log).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import is_dataclass
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pokertd.tournament  # noqa: F401  (registers every domain's events)
from bench.store import SEED, night_file, night_log
from pokertd.codec import to_json
from pokertd.tournament.framework import Event, event_from_json, event_types

Row = tuple[str, int, str]
"""A stored event: (type, version, data JSON text)."""


def load_rows(path: Path, entries: int) -> list[Row]:
    """The events of bench/store.py's real night, from ``path`` (played there first when
    the file is missing)."""
    _tid, stored = night_log(path, entries, SEED)
    print(f"log: {path} ({len(stored):,} events)")
    return [(r.type, r.version, r.data) for r in stored]


def median_ms(runs: int, work: Callable[[], object]) -> float:
    """The median wall time of ``runs`` calls of ``work``, with the collector paused (as
    the store's replay does)."""
    samples: list[float] = []
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            work()
            samples.append((time.perf_counter() - start) * 1000)
        finally:
            gc.enable()
    return statistics.median(samples)


def reachable_dataclasses(cls: type) -> list[type]:
    """``cls`` and every dataclass its field types name (to make pydantic strict on all)."""
    found: list[type] = []
    todo: list[Any] = [cls]
    while todo:
        hint = todo.pop()
        if isinstance(hint, type) and is_dataclass(hint):
            if hint in found:
                continue
            found.append(hint)
            todo.extend(get_type_hints(hint).values())
        else:
            todo.extend(get_args(hint))
    return found


class Candidate:
    """One codec: ``decode(type, version, data) -> Event`` and ``encode(Event) -> data``."""

    name = ""
    text_decode: Callable[[Row], Event] | None = None

    def decode(self, type_name: str, version: int, data: dict[str, Any]) -> Event:
        raise NotImplementedError

    def encode(self, event: Event) -> Any:
        raise NotImplementedError


class Ours(Candidate):
    name = "ours (pokertd.codec)"

    def decode(self, type_name: str, version: int, data: dict[str, Any]) -> Event:
        return event_from_json(type_name, version, data)

    def encode(self, event: Event) -> Any:
        return to_json(event)


class Pydantic(Candidate):
    name = "pydantic TypeAdapter"

    def __init__(self) -> None:
        from pydantic import ConfigDict, TypeAdapter

        self.adapters: dict[str, Any] = {}
        for type_name, cls in event_types().items():
            for dc in reachable_dataclasses(cls):
                dc.__pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[attr-defined]
            self.adapters[type_name] = TypeAdapter(cls)
        self.by_class = {cls: self.adapters[t] for t, cls in event_types().items()}

    def decode(self, type_name: str, version: int, data: dict[str, Any]) -> Event:
        return self.adapters[type_name].validate_python(data)  # type: ignore[no-any-return]

    def encode(self, event: Event) -> Any:
        return self.by_class[type(event)].dump_python(event, mode="json")


def _fraction_in(kind: type, value: Any) -> Any:
    if kind is Fraction:
        return Fraction(value)
    raise NotImplementedError(kind)


def _fraction_out(value: Any) -> Any:
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    raise NotImplementedError(type(value))


class Msgspec(Candidate):
    name = "msgspec convert"

    def __init__(self) -> None:
        import msgspec  # type: ignore[import-not-found, unused-ignore]

        self.msgspec = msgspec
        self.types = event_types()
        self.decoders = {
            t: msgspec.json.Decoder(cls, dec_hook=_fraction_in) for t, cls in self.types.items()
        }
        self.text_decode = self._from_text

    def decode(self, type_name: str, version: int, data: dict[str, Any]) -> Event:
        return self.msgspec.convert(  # type: ignore[no-any-return]
            data, self.types[type_name], str_keys=True, dec_hook=_fraction_in
        )

    def encode(self, event: Event) -> Any:
        return self.msgspec.to_builtins(event, enc_hook=_fraction_out)

    def _from_text(self, row: Row) -> Event:
        return self.decoders[row[0]].decode(row[2])  # type: ignore[no-any-return]


def candidates() -> list[Candidate]:
    """Ours, pydantic, and msgspec when it is installed."""
    found: list[Candidate] = [Ours(), Pydantic()]
    try:
        found.append(Msgspec())
    except ImportError:
        print("msgspec is not installed: run with `uv run --with msgspec python -m bench.codec`")
    return found


def strict(candidate: Candidate, payloads: list[tuple[str, int, Any]]) -> bool:
    """Whether ``candidate`` refuses a stored bust carrying a misspelt field."""
    type_name, version, data = next(p for p in payloads if p[0] == "players_busted")
    try:
        candidate.decode(type_name, version, {**data, "elimnator": "Bob"})
    except Exception as exc:  # each library has its own validation error
        return "elimnator" in str(exc)
    return False


def decode_all(cand: Candidate, payloads: list[tuple[str, int, Any]]) -> list[Event]:
    """Every stored event decoded by ``cand`` (JSON already parsed)."""
    return [cand.decode(t, v, d) for t, v, d in payloads]


def encode_all(cand: Candidate, events: list[Event]) -> list[Any]:
    """Every event encoded to JSON data by ``cand``."""
    return [cand.encode(ev) for ev in events]


def text_decode_all(decode: Callable[[Row], Event], rows: list[Row]) -> list[Event]:
    """Every stored event decoded straight from its JSON text."""
    return [decode(r) for r in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--log-file",
        default=None,
        help="bench/store.py's night log (played and kept there when missing)",
    )
    parser.add_argument("--entries", type=int, default=2_000, help="entries of the night")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    rows = load_rows(Path(args.log_file or night_file(args.entries, SEED)), args.entries)
    payloads = [(t, v, json.loads(d)) for t, v, d in rows]
    reference = [event_from_json(t, v, d) for t, v, d in payloads]
    results: dict[str, dict[str, float]] = {}
    for cand in candidates():
        decoded = [cand.decode(t, v, d) for t, v, d in payloads]
        same = sum(a == b for a, b in zip(decoded, reference, strict=True))
        shape = sum(cand.encode(ev) == to_json(ev) for ev in reference)
        figures = {
            "decode": median_ms(args.runs, partial(decode_all, cand, payloads)),
            "encode": median_ms(args.runs, partial(encode_all, cand, reference)),
        }
        if cand.text_decode is not None:
            figures["decode from text"] = median_ms(
                args.runs, partial(text_decode_all, cand.text_decode, rows)
            )
        results[cand.name] = figures
        print(
            f"{cand.name}: equal events {same:,}/{len(reference):,}, same JSON "
            f"{shape:,}/{len(reference):,}, refuses an unknown field: {strict(cand, payloads)}"
        )
    loads_ms = median_ms(args.runs, lambda: [json.loads(d) for _, _, d in rows])
    print(f"json.loads of every row (shared by ours and pydantic): {loads_ms:.0f} ms")
    base = results["ours (pokertd.codec)"]
    print(f"{'codec':<24}{'decode ms':>10}{'ratio':>7}{'encode ms':>11}{'ratio':>7}")
    for name, fig in results.items():
        print(
            f"{name:<24}{fig['decode']:>10.0f}{fig['decode'] / base['decode']:>7.2f}"
            f"{fig['encode']:>11.0f}{fig['encode'] / base['encode']:>7.2f}"
        )
        if "decode from text" in fig:
            whole = loads_ms + base["decode"]
            print(
                f"  {name} JSON text -> events: {fig['decode from text']:.0f} ms "
                f"(ours json.loads + decode {whole:.0f} ms, ratio "
                f"{fig['decode from text'] / whole:.2f})"
            )


if __name__ == "__main__":
    main()
