"""The seats' badges follow who is connected at once, in Chromium on the real server.

``test_a_friend_shows_connected_and_away_as_it_happens``: Ann and Bob (two browsers) and two bots.
Once Bob's page is open, Ann's shows him without the *away* badge; on a person's turn (nobody acts:
the version stays), Bob closing his page shows him away on Ann's page, and opening it again shows
him back, while the hint Ann asked for on her turn stays on show.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.server.conftest import Server
from tests.web.driver import WAIT_MS, Player, create_table

#: whether Ann's page shows Bob (seat 1) away
BOB_AWAY = "() => Boolean(document.querySelector('#seats .seat[data-seat=\"1\"] .tag.away'))"


def test_a_friend_shows_connected_and_away_as_it_happens(web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "pct",
                        [{"human": True}, {"human": True}, {"bot": "heuristic"}, {"bot": "heuristic"}],
                        options={"target": 21})
    first, second = browser.new_context(), browser.new_context()
    try:
        ann = Player(first.new_page())
        ann.join(made["invites"][0]["link"], "Ann")
        bob = Player(second.new_page())
        bob.join(made["invites"][1]["link"], "Bob")
        ann.page.wait_for_function(f"() => !({BOB_AWAY})()", timeout=WAIT_MS)
        assert "Bob" in ann.page.inner_text("#seats")

        for _ in range(400):  # until it is Ann's turn (in the first auction); Bob takes his own turns
            if ann.my_turn():
                break
            if bob.my_turn():
                bob.step(try_illegal=False)
            ann.page.wait_for_timeout(50)
        assert ann.my_turn()
        ann.page.click("#hint-btn")
        ann.page.wait_for_selector("#hint-box:not([hidden])")
        version = ann.version()

        bob.page.close()
        ann.page.wait_for_function(BOB_AWAY, timeout=WAIT_MS)
        assert ann.version() == version  # no change of the table told it: the presence did
        bob = Player(second.new_page())
        bob.page.goto(f"{web_server.base}/t/{made['id']}?pace=fast")
        bob.wait_board()
        ann.page.wait_for_function(f"() => !({BOB_AWAY})()", timeout=WAIT_MS)
        assert ann.version() == version
        assert ann.page.locator("#hint-box").is_visible() and ann.my_turn()
        assert not ann.errors and not bob.errors
    finally:
        first.close()
        second.close()
