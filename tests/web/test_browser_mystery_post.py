"""The director posts mystery-bounty envelopes from the console's Money tab (issue 26,
point 6; I1) in Debian's chromium at 1024x768 and 390x844.

A Foxwoods $100 bounty event ($25 of each buy-in is bounty money) with 8 players: the form
takes "1x100 4x25" (one $100 and four $25 envelopes, $200: the bounty money of 8 entries)
from level 2; the card then shows "Drawn from level 2: $200 in envelopes" and
"1 × $100, 4 × $25"; a bad item ("3y25") is refused on the page in one sentence and
nothing is posted. Screenshots go to ``tests/.artifacts/``.
"""

from __future__ import annotations

from typing import Any

from .servers import page_command, page_create, page_sign_in
from .test_browser import (  # noqa: F401  (fixtures)
    ARTIFACTS,
    PASSWORD,
    browser,
    pytestmark,
    server,
)


def test_I1_mystery_envelopes_posted_from_the_money_tab(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    token = page_sign_in(page, server, PASSWORD)
    tid = page_create(page, server, token, "Mystery Friday", "fox_bounty_100")
    for n in range(1, 9):
        body = {"name": f"Hunter {n}", "age_ok": True, "member": f"R{n:04d}"}
        page_command(page, server, token, tid, "register", body)
    page.goto(f"{server}/t/{tid}/floor")
    page.click("#tab-money")
    page.wait_for_selector("#mystery-post", state="visible")
    page.fill("#mystery-envelopes", "3y25")
    page.click("#mystery-post-run")
    page.wait_for_function("() => document.body.innerText.includes('3y25 is not an envelope kind')")
    staff = page.request.get(f"{server}/api/tournaments/{tid}/staff").json()
    assert "mystery" not in staff or not staff["mystery"]
    page.fill("#mystery-envelopes", "1x100 4x25")
    page.fill("#mystery-level", "2")
    with page.expect_response(lambda r: r.url.endswith("/commands/post_mystery_bounties")) as resp:
        page.click("#mystery-post-run")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#mystery-left", state="visible")
    card = page.inner_text("#mystery-card")
    assert "Drawn from level 2: $200 in envelopes, 0 drawn." in card
    assert "Envelopes left ($200): 1 × $100, 4 × $25" in card
    staff = page.request.get(f"{server}/api/tournaments/{tid}/staff").json()
    assert staff["mystery"]["left_count"] == 5
    assert staff["mystery"]["posted_total"] == 20000
    page.screenshot(path=str(ARTIFACTS / "mystery_post_1024x768.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#mystery-card").screenshot(path=str(ARTIFACTS / "mystery_post_390x844.png"))
    assert errors == []
