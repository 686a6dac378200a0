"""The "Ruling" tool in Debian's chromium: the floor console's Ruling tab on a tablet
(1024x768) and the dealer view on a phone (390x844). The floor types the catalogue's E13
example (a raise to 600, L = 400, 850 pushed silently) in a Foxwoods event and reads the
Foxwoods ruling: a raise to 1,000, add 150, FOX-46A. Screenshots go to
``tests/.artifacts/`` (ignored by git)."""

from __future__ import annotations

import json
from typing import Any

from .servers import page_create, page_sign_in
from .test_browser import (  # noqa: F401  (fixtures)
    ARTIFACTS,
    PASSWORD,
    browser,
    pytestmark,
    server,
)


def _fill_e13(page: Any) -> None:
    page.fill("#ruling-to-call", "600")
    page.fill("#ruling-bet", "600")
    page.fill("#ruling-last-raise", "400")
    page.fill("#ruling-pot", "900")
    page.fill("#ruling-stack", "100000")
    page.fill("#ruling-bb", "200")
    page.fill("#ruling-chips", "500,100x3,25x2")
    page.click("#ruling-ask")
    page.wait_for_selector("#ruling-result:visible")


def test_FOX_46A_ruling_tool_floor_tablet_and_dealer_phone(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    token = page_sign_in(page, server, PASSWORD)
    headers = {"X-CSRF-Token": token, "Content-Type": "application/json"}
    tid = page_create(page, server, token, "Ruling night", "fox_wed_80")
    for n in range(1, 10):
        r = page.request.post(
            f"{server}/api/tournaments/{tid}/commands/register",
            data=json.dumps({"name": f"Guest {n}", "member": f"C{n:03d}", "age_ok": True}),
            headers=headers,
        )
        assert r.status == 200, r.text()
    r = page.request.post(
        f"{server}/api/tournaments/{tid}/commands/draw_seats", data="{}", headers=headers
    )
    assert r.status == 200, r.text()

    page.goto(f"{server}/t/{tid}/floor#ruling")
    page.wait_for_selector("#ruling-tool:visible")
    _fill_e13(page)
    result = page.inner_text("#ruling-result")
    assert "RAISE to 1,000" in result
    assert "add 150" in result
    assert "FOX-46A" in result
    page.screenshot(path=str(ARTIFACTS / "ruling-floor-1024x768.png"), full_page=True)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 1024, width

    page.fill("#ruling-declared", "if you bet I raise")
    page.fill("#ruling-chips", "")
    page.click("#ruling-ask")
    page.wait_for_function(
        "() => document.querySelector('#ruling-result').innerText.includes('Floor decides')"
    )
    assert '"if you bet i raise" is a conditional statement' in page.inner_text("#ruling-result")
    page.fill("#ruling-declared", "")
    page.fill("#ruling-chips", "5000x100")
    page.click("#ruling-ask")
    page.wait_for_selector(".ruling-error:visible")
    assert "only 100,000" in page.inner_text(".ruling-error")

    pin = page.request.get(f"{server}/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(f"{server}/t/{tid}/dealer/1")
    phone.fill("input[name=pin]", str(pin))
    phone.click("button.primary")
    phone.wait_for_selector("#dealer-seats")
    phone.click("#dealer-ruling summary")
    _fill_e13(phone)
    assert "FOX-46A" in phone.inner_text("#ruling-result")
    phone.screenshot(path=str(ARTIFACTS / "ruling-dealer-390x844.png"), full_page=True)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, width

    # the ruling's sentence and options in the page's language (issue 27)
    page.goto(f"{server}/t/{tid}/floor?lang=de#ruling")
    page.wait_for_selector("#ruling-tool:visible")
    for field, value in (("to-call", "600"), ("bet", "600"), ("pot", "900"), ("bb", "200")):
        page.fill(f"#ruling-{field}", value)
    page.fill("#ruling-stack", "100000")
    page.fill("#ruling-declared", "check")
    page.click("#ruling-ask")
    page.wait_for_function(
        "() => document.querySelector('#ruling-result').innerText.includes('ungültig')"
    )
    result = page.inner_text("#ruling-result")
    assert '"Check" gegen einen Einsatz von 600 ist ungültig' in result
    assert "600 callen. Der Spieler legt 600 dazu." in result
    assert "facing a bet" not in result
    assert not errors, errors
