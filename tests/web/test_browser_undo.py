"""The floor console's Undo button in a real browser: it names the batch and sends its id."""

from __future__ import annotations

import json
from typing import Any

from .servers import page_sign_in
from .test_browser import PASSWORD, browser, pytestmark, server  # noqa: F401  (fixtures)


def test_undo_button_names_the_bust_and_sends_its_batch(server: str, browser: Any) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    token = page_sign_in(page, server, PASSWORD)
    headers = {"X-CSRF-Token": token}
    tid = page.request.post(f"{server}/api/demo", headers=headers).json()["tournament"]
    name = page.request.get(f"{server}/api/tournaments/{tid}").json()["players"][0]["name"]
    bust = page.request.post(
        f"{server}/api/tournaments/{tid}/commands/bust",
        data=json.dumps({"players": [name]}),
        headers={**headers, "Content-Type": "application/json"},
    )
    assert bust.status == 200, bust.text()
    batch = bust.json()["events"][0]["seq"]
    page.goto(f"{server}/t/{tid}/floor")
    page.wait_for_function(
        "n => document.querySelector('#undo').textContent.startsWith('Undo: Busted ' + n)",
        arg=name,
    )
    assert page.is_disabled("#redo")
    page.click("#tab-log")  # the log tab holds Undo and Redo
    with page.expect_request(lambda r: r.url.endswith("/commands/undo")) as sent:
        page.click("#undo")
    assert json.loads(sent.value.post_data or "{}") == {"batch": batch}
    page.wait_for_function(
        "n => document.querySelector('#redo').textContent.startsWith('Redo: Busted ' + n)",
        arg=name,
    )
    assert page.request.get(f"{server}/api/tournaments/{tid}").json()["status"]["alive"] == 60
    assert errors == []
    page.close()
