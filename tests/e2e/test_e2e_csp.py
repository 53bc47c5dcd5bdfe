"""The Content-Security-Policy: every page works under it, in Chromium, with no violation.

A violation is a console error ("Refused to ..."), which fails any browser test; this one walks
the pages no other browser test opens, and checks that an inline script is really refused.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import log_in_demo as log_in

pytestmark = pytest.mark.e2e


def test_every_page_works_under_the_policy_and_inline_script_is_refused(
    live, player, demo, console_errors
):
    p = player("admin")
    page = p.page
    log_in(page, live, "admin")

    response = page.goto(f"{live.url}/games/{demo}/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    # The game page's scripts run: the map is drawn and the live socket connects.
    expect(page.locator(".board-area svg").first).to_be_visible()
    assert console_errors.unexpected() == [], "game page"

    # The player's pages, the account, the rules and the leaderboard with its charts.
    for path, visible in (
        ("/players/admin/", "h1"),
        ("/account/", "h1"),
        ("/how-to-play/", "h1"),
        ("/leaderboard/", "h1"),
        ("/leagues/", "h1"),
        ("/notifications/unsubscribe/not-a-token/", "p"),
    ):
        if "unsubscribe" in path:
            console_errors.allow(r"status of 400")  # the link is not valid, as the page says
        page.goto(f"{live.url}{path}")
        expect(page.locator(visible).first).to_be_visible()
        assert console_errors.unexpected() == [], path

    # The API documentation is served by the site and renders without inline code.
    page.goto(f"{live.url}/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_be_visible(timeout=20_000)
    assert console_errors.unexpected() == [], "/api/docs/"

    # The admin, for staff.
    page.goto(f"{live.url}/admin/games/game/")
    expect(page.locator("#result_list")).to_be_visible()

    assert console_errors.unexpected() == []
    # Text that would run as script if a page ever echoed it unescaped is refused by the policy.
    page.goto(f"{live.url}/how-to-play/")
    console_errors.allow(r"Content Security Policy")
    page.evaluate(
        """() => {
            const s = document.createElement("script");
            s.textContent = "window.injected = true";
            document.body.append(s);
        }"""
    )
    assert page.evaluate("window.injected === undefined")
    assert any("Content Security Policy" in e for e in console_errors)
