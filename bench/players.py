"""Player search in a database of 50,000 players and 2,000 past events (issue 14).

Builds a SQLite file under a temporary folder: 50,000 players (random first and last names
from two lists, every third with a rewards card) added in one bulk transaction, then 2,000
small past tournaments (Kojack's NLH, six registrations and two busts each) played through
:class:`~pokertd.app.tournaments.TournamentService`, so each registration picks its person from the
database by card or name as at the desk. Then times :meth:`PlayerService.search` over a
mix of queries a floorperson types (a name's first letters, a piece of a surname, a whole
name, a card number) and :meth:`PlayerService.history` of regulars.

Target (issue 14): player search under 50 ms. Run: ``uv run python bench/players.py``
(``--players N --events N`` for a smaller run).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from pokertd.app.players import PlayerService
from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.store.players import NewPlayer, PlayerStore
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import load_template

FIRST = [
    "Ann",
    "Bob",
    "Cy",
    "Di",
    "Ed",
    "Flo",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lou",
    "Max",
    "Ned",
    "Olga",
    "Pam",
    "Quin",
    "Rae",
    "Sam",
    "Tia",
    "Uma",
    "Vic",
    "Wes",
    "Xena",
    "Yuri",
    "Zoe",
    "Aldo",
    "Bea",
    "Carmen",
    "Dario",
    "Elena",
    "Farid",
    "Gita",
    "Hugo",
    "Ines",
    "Jorge",
    "Kwame",
    "Lena",
    "Mateo",
    "Nadia",
    "Omar",
    "Priya",
    "Rosa",
    "Stefan",
    "Tomas",
    "Ursula",
    "Vera",
    "Wang",
    "Yusuf",
    "Zainab",
]
LAST = [
    "Lee",
    "Ray",
    "Wu",
    "Fox",
    "Po",
    "Smith",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Lopez",
    "Wilson",
    "Moore",
    "Taylor",
    "Thomas",
    "White",
    "Harris",
    "Martin",
    "Clark",
    "Lewis",
    "Walker",
    "Hall",
    "Young",
    "King",
    "Wright",
    "Scott",
    "Green",
    "Baker",
    "Adams",
    "Nelson",
    "Hill",
    "Campbell",
    "Mitchell",
    "Roberts",
    "Carter",
    "Phillips",
    "Evans",
    "Turner",
    "Torres",
    "Parker",
    "Collins",
    "Edwards",
    "Stewart",
    "Morris",
    "Murphy",
    "Cook",
    "Rogers",
    "Morgan",
    "Peterson",
    "Cooper",
    "Reed",
    "Bailey",
    "Bell",
    "Kelly",
    "Howard",
    "Ward",
    "Cox",
    "Diaz",
    "Richardson",
    "Wood",
    "Watson",
    "Brooks",
    "Bennett",
    "Gray",
    "James",
    "Reyes",
    "Cruz",
    "Hughes",
    "Price",
    "Myers",
    "Long",
    "Foster",
    "Sanders",
    "Ross",
    "Morales",
    "Powell",
    "Sullivan",
    "Russell",
    "Ortiz",
    "Jenkins",
    "Gutierrez",
    "Perry",
    "Butler",
    "Barnes",
    "Fisher",
    "Henderson",
    "Coleman",
    "Simmons",
    "Patterson",
    "Jordan",
    "Reynolds",
    "Hamilton",
    "Graham",
    "Kim",
    "Gonzales",
    "Alexander",
    "Ramos",
    "Wallace",
    "Griffin",
    "West",
    "Cole",
    "Hayes",
    "Chavez",
    "Gibson",
    "Bryant",
    "Ellis",
    "Stevens",
    "Murray",
    "Ford",
    "Marshall",
    "Owens",
    "McDonald",
    "Harrison",
    "Ruiz",
    "Kennedy",
    "Wells",
]


def _ms(samples: list[float]) -> tuple[float, float]:
    """Median and 99th percentile of ``samples`` (seconds) in milliseconds."""
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p99 * 1000


def build(path: Path, players: int, events: int, rng: random.Random) -> list[NewPlayer]:
    """The database: ``players`` people and ``events`` small recorded tournaments."""
    service = TournamentService(open_store(f"sqlite:///{path}"), snapshot_every=0)
    store = service.store
    assert isinstance(store, PlayerStore)
    people = [
        NewPlayer(
            f"pl{i:08d}",
            f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}",
            f"FX{i:07d}" if i % 3 == 0 else "",
        )
        for i in range(players)
    ]
    started = time.perf_counter()
    store.add_players(people, staff="bench", at="2026-01-01T00:00:00+00:00")
    print(f"added {players:,} players in {time.perf_counter() - started:.1f} s")
    template = load_template("kpc_nlh")
    carded = [p for p in people if p.card]
    regulars = carded[:300]  # they play often: their histories are long
    started = time.perf_counter()
    for n in range(events):
        tid = f"ev{n:05d}"
        service.create(CreateTournament(name=f"Night {n}", template=template), tournament_id=tid)
        field = rng.sample(regulars, 2) + rng.sample(carded, 4)
        names = []
        for p in field:
            if p.name in names:
                continue
            names.append(p.name)
            service.run(tid, Register(name=p.name, member=p.card, age_ok=True, member_ok=True))
        service.run(tid, Bust(players=(names[-1],), eliminator=names[0]))
        service.run(tid, Bust(players=(names[-2],), eliminator=names[1]))
    print(f"recorded {events:,} events in {time.perf_counter() - started:.1f} s")
    service.close()
    return people


def main() -> None:
    """Build the database, then time searches and histories; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50_000)
    parser.add_argument("--events", type=int, default=2_000)
    parser.add_argument("--queries", type=int, default=400)
    args = parser.parse_args()
    rng = random.Random(14)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "players.db"
        people = build(path, args.players, args.events, rng)
        service = TournamentService(open_store(f"sqlite:///{path}"), snapshot_every=0)
        players = PlayerService(service.store, service)
        kinds: dict[str, list[float]] = {"prefix": [], "substring": [], "name": [], "card": []}
        hits = 0
        for i in range(args.queries):
            p = rng.choice(people)
            first, last, _ = p.name.split(" ")
            kind = list(kinds)[i % 4]
            query = {
                "prefix": first[: rng.randint(1, 3)],
                "substring": last[1 : 1 + rng.randint(3, 5)],
                "name": f"{first} {last}",
                "card": f"FX{rng.randrange(0, args.players, 3):07d}",
            }[kind]
            started = time.perf_counter()
            found = players.search(query)
            kinds[kind].append(time.perf_counter() - started)
            hits += len(found)
        every = [t for ts in kinds.values() for t in ts]
        median, p99 = _ms(every)
        print(
            f"player search, {args.players:,} players, {args.events:,} events: "
            f"median {median:.2f} ms, p99 {p99:.2f} ms over {len(every)} queries "
            f"(target < 50 ms; {hits:,} rows returned)"
        )
        for kind, ts in kinds.items():
            k_median, k_p99 = _ms(ts)
            print(f"  {kind:9s}: median {k_median:.2f} ms, p99 {k_p99:.2f} ms")
        times = []
        events = 0
        for p in people[:300:15]:  # regulars (every third player has a card; see build)
            started = time.perf_counter()
            events += players.history(p.id).events
            times.append(time.perf_counter() - started)
        h_median, h_p99 = _ms(times)
        print(
            f"player history of {len(times)} regulars ({events / len(times):.0f} events each "
            f"on average): median {h_median:.1f} ms, p99 {h_p99:.1f} ms (first reads fold "
            "each tournament's log)"
        )
        service.close()


if __name__ == "__main__":
    main()
