"""The venue's wall screens (issue 27, point 3): layouts stored venue-wide, images checked by
their bytes, named screens assigned a layout and events that survive a restart."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from pokertd.app.tournaments import TournamentService
from pokertd.app.walls import IMAGE_BYTES_MAX, WallService, sniff_image
from pokertd.errors import InvalidCommand, NotFound
from pokertd.store import open_store
from pokertd.tournament.entries import CreateTournament
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)

BAR: dict[str, Any] = {
    "name": "bar room",
    "columns": 4,
    "rows": 3,
    "panels": [
        {"kind": "clock", "col": 0, "row": 0, "width": 3, "height": 2},
        {"kind": "sponsor", "col": 3, "row": 0, "height": 3, "options": {"image": "logo"}},
        {"kind": "payouts", "col": 0, "row": 2, "width": 3},
    ],
    "styles": [{"when": "break", "background": "#004400", "image": "felt"}],
}


def _image(fmt: str, size: tuple[int, int] = (64, 32)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(out, format=fmt)
    return out.getvalue()


def _services(url: str, clock: list[datetime]) -> tuple[TournamentService, WallService]:
    tournaments = TournamentService(open_store(url), now=lambda: clock[0])
    return tournaments, WallService(tournaments, now=lambda: clock[0])


@pytest.fixture
def walls() -> WallService:
    clock = [NOW]
    tournaments, service = _services("sqlite:///:memory:", clock)
    tournaments.create(
        CreateTournament(name="Main", template=load_template("kpc_nlh")), tournament_id="main"
    )
    return service


@pytest.mark.parametrize(
    ("fmt", "kind"), [("PNG", "image/png"), ("JPEG", "image/jpeg"), ("WEBP", "image/webp")]
)
def test_images_are_known_by_their_bytes_with_their_size(fmt: str, kind: str) -> None:
    assert sniff_image(_image(fmt, (640, 360))) == (kind, 640, 360)


def test_a_renamed_text_file_is_not_an_image() -> None:
    with pytest.raises(InvalidCommand, match="not an image pokertd shows: choose a PNG, JPEG"):
        sniff_image(b"GIF89a not really")


def test_an_image_over_two_megabytes_is_refused_with_its_size() -> None:
    data = _image("PNG") + b"\0" * IMAGE_BYTES_MAX
    with pytest.raises(InvalidCommand, match=r"The image is 2\.0 MB: the limit is 2 MB"):
        sniff_image(data)


def test_an_image_wider_than_4096_pixels_is_refused() -> None:
    with pytest.raises(InvalidCommand, match="5000 × 10 pixels: at most 4096 a side"):
        sniff_image(_image("PNG", (5000, 10)))


def test_a_layout_needs_its_images_uploaded_first(walls: WallService) -> None:
    with pytest.raises(InvalidCommand, match="images that were not uploaded: felt, logo"):
        walls.save_layout(BAR)
    assert [lay.name for lay in walls.layouts()] == ["clock", "payouts"]  # nothing written
    walls.upload_image("logo", _image("PNG"))
    walls.upload_image("felt", _image("JPEG"))
    assert walls.save_layout(BAR).name == "bar room"
    assert walls.image("logo")[0] == "image/png"
    with pytest.raises(InvalidCommand, match="shown by layout bar room"):
        walls.delete_image("logo")


def test_export_then_import_gives_the_same_layout(walls: WallService) -> None:
    walls.upload_image("logo", _image("PNG"))
    walls.upload_image("felt", _image("WEBP"))
    saved = walls.save_layout(BAR)
    text = json.dumps(walls.export_layout("bar room"))
    walls.delete_layout("bar room")
    assert walls.import_layout(text) == saved


def test_import_refuses_what_is_not_a_layout_file(walls: WallService) -> None:
    with pytest.raises(InvalidCommand, match="not JSON"):
        walls.import_layout(b"\x89PNG")
    with pytest.raises(InvalidCommand, match="not a layout file of this program"):
        walls.import_layout(json.dumps({"format": "clockapp/9"}))


def test_built_in_layouts_are_neither_replaced_nor_deleted(walls: WallService) -> None:
    with pytest.raises(InvalidCommand, match="'clock' is a built-in layout: save yours"):
        walls.save_layout({**BAR, "name": "clock", "styles": []})
    with pytest.raises(InvalidCommand, match="built-in layout: it cannot be deleted"):
        walls.delete_layout("payouts")


def test_a_screen_registers_on_hello_and_is_assigned_live(walls: WallService) -> None:
    first = walls.hello("screen 3")
    assert (first.layout, first.events, first.connected) == ("clock", (), True)
    walls.assign("screen 3", "payouts", ["main"])
    shown = walls.show("screen 3")
    assert shown["layout"]["name"] == "payouts"
    assert shown["events"] == ["main"]


def test_assigning_an_unknown_event_or_layout_is_refused(walls: WallService) -> None:
    with pytest.raises(NotFound, match="no event 'nope' to show on screen 3"):
        walls.assign("screen 3", "clock", ["nope"])
    with pytest.raises(NotFound, match="no layout 'nope'"):
        walls.assign("screen 3", "nope", ["main"])
    assert walls.screens() == []  # nothing written


def test_a_layout_showing_a_second_event_needs_two_events(walls: WallService) -> None:
    walls.save_layout(
        {
            "name": "two rooms",
            "columns": 2,
            "rows": 1,
            "panels": [
                {"kind": "clock", "col": 0, "row": 0},
                {"kind": "clock", "col": 1, "row": 0, "options": {"event": "2"}},
            ],
        }
    )
    with pytest.raises(InvalidCommand, match="shows event 2 of the screen: choose at least 2"):
        walls.assign("bar", "two rooms", ["main"])


def test_a_layout_on_a_screen_cannot_be_deleted(walls: WallService) -> None:
    walls.save_layout({**BAR, "panels": BAR["panels"][:1], "styles": []})
    walls.assign("screen 1", "bar room", ["main"])
    with pytest.raises(InvalidCommand, match="is on screen 1: assign another layout there"):
        walls.delete_layout("bar room")


def test_assignments_survive_a_restart_and_connection_fades(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'venue.db'}"
    clock = [NOW]
    tournaments, walls = _services(url, clock)
    tournaments.create(
        CreateTournament(name="Main", template=load_template("kpc_nlh")), tournament_id="main"
    )
    walls.hello("screen 3")
    walls.assign("screen 3", "payouts", ["main"])
    tournaments.close()
    clock[0] = NOW + timedelta(seconds=31)
    tournaments, walls = _services(url, clock)
    (screen,) = walls.screens()
    assert (screen.name, screen.layout, screen.events) == ("screen 3", "payouts", ("main",))
    assert not screen.connected  # silent for 31 s: no longer counted as connected
    tournaments.close()


def test_names_with_broken_unicode_are_refused_not_looked_up(walls: WallService) -> None:
    for call in (walls.layout, walls.delete_layout, walls.image, walls.delete_image):
        with pytest.raises(InvalidCommand, match="must be 1 to 40 letters"):
            call("\ud800")
