"""Child process of the read-model crash tests: writes until it is killed (issue 24).

``python projection_child.py MODE URL ARG`` prints ``ready`` once the store is open, then
for each write ``try <n>`` before it and ``ack <n> <what>`` once the application returned
(each line flushed), so the parent knows exactly what was acknowledged when SIGKILL lands:

- ``register URL TID``: registers ``P<n>`` in tournament ``TID`` forever (a new person of
  the player database each time); ``what`` is the seq of the registration.
- ``import URL FILE``: imports the export ``FILE`` as ``imp<n>`` forever (60 people each);
  ``what`` is the imported tournament's id.
- ``league URL TID``: busts the players of league event ``TID`` one by one, reading the
  season's standings (which writes the league results cache) after each bust.
- ``day2 URL SERIES``: forms Day 2 of event ``main`` of ``SERIES`` once (id ``SERIES-d2``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from pokertd.app import App
from pokertd.errors import PokertdError
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Register, Roster


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def register(app: App, tid: str) -> None:
    n = len(app.tournaments.state(tid).part(Roster).players)
    while True:
        n += 1
        _say(f"try {n}")
        done = app.tournaments.run(tid, Register(name=f"P{n}", age_ok=True, member_ok=True))
        _say(f"ack {n} {done[-1].seq}")


def import_(app: App, path: str) -> None:
    content = Path(path).read_bytes()
    n = len(app.tournaments.tournaments())
    while True:
        n += 1
        _say(f"try {n}")
        info = app.tournaments.import_tournament(content, as_id=f"imp{os.getpid()}x{n}")
        _say(f"ack {n} {info.id}")


def league(app: App, tid: str) -> None:
    n = 0
    while True:
        alive = app.tournaments.state(tid).part(Roster).alive()
        if len(alive) < 2:
            _say("done")
            return
        n += 1
        _say(f"try {n}")
        app.tournaments.run(tid, Bust(players=(alive[-1].name,), eliminator=alive[0].name))
        _say(f"ack {n} {alive[-1].name}")
        app.leagues.standings("lg", "s1")


def day2(app: App, series: str) -> None:
    _say("try 1")
    formed = app.series.day2(series, "main", tournament_id=f"{series}-d2")
    _say(f"ack 1 {formed.tournament}")


MODES = {"register": register, "import": import_, "league": league, "day2": day2}


def main(mode: str, url: str, arg: str) -> None:
    app = App.open(url)
    _say("ready")
    try:
        MODES[mode](app, arg)
    except PokertdError as exc:  # pragma: no cover - a refusal ends the child
        _say(f"refused {exc}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
