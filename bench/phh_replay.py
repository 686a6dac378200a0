"""Hands per second replaying the PHH corpus through the checked path.

Reads every ``.phh`` file under ``../shared/phh`` (or the folder given) into memory first,
then replays the hands of supported variants (NT, PO, FT) with ``replay_phh``: TOML
parsing, the deal, every action verified against the TDA profile, showdown, pots and
the comparison with the file's finishing stacks. Prints hands per second (median of
several passes, CPU time) and how many hands matched.

    uv run python bench/phh_replay.py [--runs 3] [FOLDER]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from pokertd.engine.phh import UnsupportedHand, replay_phh

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "phh"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not args.folder.is_dir():
        raise SystemExit(f"no PHH folder at {args.folder}")
    texts = [p.read_text(encoding="utf-8") for p in sorted(args.folder.rglob("*.phh"))]
    rates: list[float] = []
    matched = replayed = 0
    for _ in range(args.runs):
        matched = replayed = 0
        start = time.process_time()
        for text in texts:
            try:
                replay = replay_phh(text)
            except UnsupportedHand:
                continue
            replayed += 1
            matched += replay.matches is not False
        rates.append(replayed / (time.process_time() - start))
    print(f"{len(texts):,} files, {replayed:,} hands replayed, {matched:,} match")
    print(f"{statistics.median(rates):,.0f} hands/s (median of {args.runs} runs, CPU time)")


if __name__ == "__main__":
    main()
