"""The printable bag list ``/t/{id}/print/bags`` on a REAL ``pokertd serve`` (issue 14).

Three players of 20,000 chips (60,000 in play) bag 31,000 + 19,000 + 9,000 = 59,000: the
page shows every bag and the roll-up with the difference, -1,000, never hidden; it is a
staff sheet (an anonymous reader is refused).
"""

from __future__ import annotations

from pathlib import Path

import httpx

from pokertd.app.tournaments import open_service
from pokertd.tournament.days import EndDay
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

from .servers import running_server

PASSWORD = "bag-list-director-1"


def _bagged(db: Path) -> None:
    tmpl = load_template("kpc_nlh").with_changes(profile="tda")
    with open_service(f"sqlite:///{db}") as svc:
        svc.create(CreateTournament(name="Deepstack", template=tmpl), tournament_id="deep")
        for i, name in enumerate(("Ann", "Bob", "Cat")):
            svc.run("deep", Register(name=name, member=f"50{i}", age_ok=True))
        svc.run("deep", DrawSeats())
        counts = (("Ann", 31_000), ("Bob", 19_000), ("Cat", 9_000))
        svc.run("deep", EndDay(day=1, counts=counts, bags=(("Cat", "C-3"),)))


def test_print_bags_on_a_real_server(tmp_path: Path) -> None:
    db = tmp_path / "bags.db"
    _bagged(db)
    with running_server(db, PASSWORD) as base, httpx.Client(base_url=base) as client:
        anonymous = client.get("/t/deep/print/bags")
        assert anonymous.status_code in (401, 403)
        assert "Ann" not in anonymous.text
        r = client.post("/api/login", json={"name": "director", "password": PASSWORD})
        assert r.status_code == 200
        page = client.get("/t/deep/print/bags")
        assert page.status_code == 200
        html = page.text
        assert "Deepstack — Day 1 bag list" in html
        for text in ("31,000", "19,000", "9,000", "C-3", "60,000", "59,000", "-1,000"):
            assert text in html, text
        assert "1,000 chips short: recount the bags." in html
        assert html.index("Ann") < html.index("Chip roll-up")
        # issue 27, point 2: in Spanish the chip counts are written as Spanish writes
        # numbers (CLDR groups from five digits there: 9000 but 31.000) and the roll-up's
        # sentence is Spanish too
        spanish = client.get("/t/deep/print/bags?lang=es").text
        for text in ("31.000", "19.000", ">9000<", "60.000", "59.000", "-1000"):
            assert text in spanish, text
        assert "31,000" not in spanish
        assert (
            "3 bolsas contienen 59.000 fichas; hay 60.000 en juego; faltan 1000 fichas: "
            "vuelvan a contar las bolsas." in spanish
        )
        german = client.get("/t/deep/print/bags?lang=de").text
        assert ">9.000<" in german
        assert "3 Beutel enthalten 59.000 Chips; 60.000 sind im Spiel; 1.000 Chips fehlen" in german
