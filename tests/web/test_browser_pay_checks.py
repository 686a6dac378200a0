"""The payout form asks only what the venue asks (issue 23, item 3), in a real browser.

Two nights in one ``pokertd serve`` (chromium via Playwright), each down to three with the
3rd just busted: a Foxwoods Saturday of 50 entries (3rd $1,400.00, catalogue J2) and a
Spotlight grinder. At Foxwoods the form offers "SSN/ITIN taken for the tax form" (FOX-PAY2-4)
and the receipt says "Current valid ID checked. (FOX-PAY2)" and "Social security number
taken. (FOX-PAY2)"; at Spotlight, whose rulebook asks for no ID and issues no tax form, the
box is not there and the receipt says "Photo ID checked." with no rule and no SSN.
Screenshots at 1024x768 and 390x844 go to ``tests/.artifacts/pay-checks/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, RecordChips, Register
from pokertd.tournament.templates import load_template

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark

__all__ = ["browser", "pytestmark"]

PASSWORD = "pay-checks-director-1"
SHOTS = ARTIFACTS / "pay-checks"
SIZES = {"console": (1024, 768), "phone": (390, 844)}


def _three_left(service: TournamentService, template: str, **changes: object) -> str:
    tmpl = load_template(template)
    tmpl = tmpl.with_changes(**changes) if changes else tmpl
    tid = service.create(CreateTournament(name=f"{template} pay", template=tmpl))
    names = [f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(50)]
    for n in names:
        service.run(tid, Register(name=n, member="1234", age_ok=True), actor="floor")
    service.run(tid, CloseRegistration(), actor="floor")
    for n in (*names[3:], names[2]):  # Player AC busts last of them: 3rd
        service.run(tid, Bust(players=(n,), eliminator=names[0]), actor="floor")
    counts = ((names[0], 600000), (names[1], 400000))
    service.run(tid, RecordChips(counts=counts), actor="floor")
    return tid


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """``(server, Foxwoods tid, Spotlight tid)``: both nights stored before the server starts."""
    db = tmp_path_factory.mktemp("pay-checks") / "pay.db"
    service = TournamentService(
        open_store(f"sqlite:///{db}"), now=lambda: datetime(2020, 3, 8, 19, tzinfo=UTC)
    )
    fox = _three_left(service, "fox_saturday")
    spot = _three_left(
        service, "fox_grinder", profile="spotlight", payout_table="fox_ptab", reentry=False
    )
    service.store.close()
    with running_server(db, PASSWORD) as base:
        yield base, fox, spot


def _pay_form(browser: Any, server: str, tid: str, size: str) -> tuple[Any, list[str]]:
    """The console at ``size``, Money tab, the 3rd (Player AC) picked for paying."""
    width, height = SIZES[size]
    page, errors = signed_in(browser, server, PASSWORD, width, height)
    page.goto(f"{server}/t/{tid}/floor")
    page.click("#tab-money")
    row = page.locator("#finishers tbody tr", has_text="Player AC")
    row.locator(".pay-pick").click()
    assert page.input_value("#pay-player") == "Player AC"
    page.check("#pay-id-ok")
    return page, errors


def _receipt(page: Any) -> str:
    with page.expect_popup() as popup:
        page.click("#pay-run")
    popup.value.wait_for_load_state()
    text: str = popup.value.inner_text("body")
    popup.value.close()
    return text


def test_FOX_PAY2_the_SSN_box_is_on_the_Foxwoods_form_and_the_receipt_says_it(
    nights: tuple[str, str, str], browser: Any
) -> None:
    server, fox, _ = nights
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone, phone_errors = _pay_form(browser, server, fox, "phone")
    assert phone.is_visible("#pay-tax-id")
    phone.check("#pay-tax-id")
    phone.locator("#prizes-card").scroll_into_view_if_needed()
    phone.screenshot(path=str(SHOTS / "foxwoods-390x844.png"))
    phone.close()
    page, errors = _pay_form(browser, server, fox, "console")
    assert page.is_visible("#pay-tax-id")
    assert " ".join(page.inner_text("#pay-tax-id-label").split()) == (
        "SSN/ITIN taken for the tax form (FOX-PAY3, FOX-PAY4)"
    )
    page.check("#pay-tax-id")
    page.locator("#prizes-card").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "foxwoods-1024x768.png"))
    text = _receipt(page)
    assert "Prize: $1,400.00" in text
    assert "Current valid ID checked. (FOX-PAY2)" in text
    assert "Social security number taken. (FOX-PAY2)" in text
    assert "(H11)" not in text
    assert not errors, errors
    assert not phone_errors, phone_errors
    page.close()


def test_H11_no_SSN_box_at_Spotlight_and_the_receipt_states_the_ID_check_alone(
    nights: tuple[str, str, str], browser: Any
) -> None:
    server, _, spot = nights
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone, phone_errors = _pay_form(browser, server, spot, "phone")
    assert phone.locator("#pay-tax-id").count() == 0
    phone.locator("#prizes-card").scroll_into_view_if_needed()
    phone.screenshot(path=str(SHOTS / "spotlight-390x844.png"))
    phone.close()
    page, errors = _pay_form(browser, server, spot, "console")
    assert page.locator("#pay-tax-id").count() == 0
    page.locator("#prizes-card").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "spotlight-1024x768.png"))
    text = _receipt(page)
    assert "Photo ID checked." in text
    assert "SSN" not in text
    assert "social security" not in text.lower()
    assert "(H11)" not in text
    assert not errors, errors
    assert not phone_errors, phone_errors
    page.close()
