"""How many players and links SIGKILLs leave out of the player database (issue 24).

``PYTHONPATH=SRC python tests/reliability/measure_projections.py register|import URL KILLS
WORKERS`` kills WORKERS children KILLS times while they register (or import a 60-player
export) and prints, as JSON, what the logs name and the player database lacks (before any
repair). With an older tree's ``src`` first on ``PYTHONPATH`` it measures that code (the
children inherit the path): how the figures before issue 24 were taken.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from crash_kit import Killed, big_tournament, export_of_60, kill_round, missing_rows, rng_delays

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store


def main(mode: str, url: str, kills: int, workers: int) -> None:
    killed = Killed()
    if mode == "register":
        with TournamentService(open_store(url)) as service:
            big_tournament(service, "reg", seats=2000)
        for delay in rng_delays(21, kills, 0.3, 1.5):
            kill_round("register", url, ["reg"] * workers, delay, killed)
    else:
        path = Path(tempfile.mkdtemp()) / "sixty.jsonl"
        export_of_60(path)
        for delay in rng_delays(22, kills, 0.1, 0.6):
            kill_round("import", url, [str(path)] * workers, delay, killed)
    found = missing_rows(url)
    out = {"mode": mode, "workers": workers, "kills": killed.kills, "acks": len(killed.acks)}
    print(json.dumps({**out, **found.__dict__}))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
