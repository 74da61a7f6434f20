"""The lobby's words: it names Euchre with Pitch, each game as players say it ("Ten-Point Pitch") with
the preset as the detail, seats from 1, a preset for exactly four says "4 players", and the lists of
tables show each table's game and status (never a field the server does not send)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from pitchkit.server.service import NAME_LIMIT
from tests.server.conftest import Server
from tests.web.driver import Player, create_table, fill_new_table, host_and_friend

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext


def test_the_lobby_names_euchre_and_a_four_player_preset_without_a_range(
        web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.wait_for_selector("#variant option[value='euchre']", state="attached")
    assert "Euchre" in page.inner_text("header") and "Euchre" in page.title()
    page.select_option("#variant", "euchre")
    about = page.inner_text("#variant-about")
    assert "4 players" in about and "4\u20134" not in about


def test_the_lobby_names_each_game_as_players_say_it_and_numbers_seats_from_1(
        web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.wait_for_selector("#variant option[value='ten-point']", state="attached")
    pairs = page.eval_on_selector_all("#variant option", "els => els.map(e => [e.value, e.textContent])")
    names = dict(pairs)
    assert names["ten-point"] == "Ten-Point Pitch (ten-point)"
    assert names["auction"] == "Auction Pitch (Setback) (auction)"
    assert names["pct"].startswith("Pitch \u2013 pitchcardtournament.com rules")
    assert all(f"({preset})" in label for preset, label in names.items())
    seats = page.eval_on_selector_all("#seats label", "els => els.map(e => e.firstChild.textContent.trim())")
    assert seats[0] == "Seat 1" and seats[-1] == f"Seat {len(seats)}"


def test_my_tables_and_the_public_tables_show_the_game_and_status(
        web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.wait_for_selector("#variant option[value='euchre']", state="attached")
    page.fill("#name", "Ann")
    page.select_option("#variant", "euchre")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#open-table")
    create_table(web_server.base, "euchre-stick", [{"human": True}] * 4, public=True)
    page.reload()
    page.wait_for_selector("#mine li")
    mine = page.inner_text("#mine")
    page.wait_for_selector("#public-list li")
    public = page.inner_text("#public-list")
    assert "Euchre (euchre)" in mine and "playing" in mine and "undefined" not in mine
    assert "Euchre, stick the dealer (euchre-stick)" in public and "waiting" in public
    assert "undefined" not in public


def test_the_rules_of_a_new_table_list_only_the_options_of_its_game(
        web_server: Server, context: BrowserContext) -> None:
    """A Euchre table offers going alone and no Pitch option (a dealer's steal, smudge bids); a Pitch
    table the other way round."""
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.wait_for_selector("#variant option[value='euchre']", state="attached")

    def offered(variant: str) -> set[str]:
        page.select_option("#variant", variant)
        page.wait_for_selector(f"#option-list[data-preset='{variant}']", state="attached")
        names = page.eval_on_selector_all("#option-list [data-option]",
                                          "all => all.map(e => e.dataset.option)")
        return set(names)

    euchre, pct = offered("euchre"), offered("pct")
    assert {"going-alone", "stick-dealer", "target"} <= euchre
    assert not {"dealer-steal", "smudge-bids"} & euchre
    assert {"dealer-steal", "smudge-bids", "target"} <= pct and not {"going-alone", "stick-dealer"} & pct


def test_the_name_fields_take_no_more_than_the_server_keeps() -> None:
    """A name longer than the server keeps would be cut without a word: the fields stop at its limit."""
    web = Path(__file__).parents[2] / "src" / "pitchkit" / "web"
    for page, field in (("index.html", 'id="name"'), ("table.html", 'id="join-name"')):
        tag = next(t for t in (web / page).read_text().split("<input") if t.lstrip().startswith(field))
        assert f'maxlength="{NAME_LIMIT}"' in tag, page


def test_a_waiting_table_shows_its_creator_the_invites_of_the_open_seats(
        web_server: Server, browser: Browser) -> None:
    """Opening the table before sending the links loses nothing: while the table waits, its page
    shows the creator the invite link of each seat still open, with a Copy button; once the friend
    has taken the seat the links go away."""
    with host_and_friend(browser) as (page, friend):
        fill_new_table(page, web_server.base, name="Ann", variant="pct", players=3, friends=[1])
        page.click("#create button[type=submit]")
        page.click("#open-table")
        page.wait_for_selector("#invites:not([hidden])")
        link = page.locator("#invites input").input_value()
        assert "seat=1&invite=" in link and page.locator("#invites input").count() == 1
        page.click("#invites button.copy")
        expect(page.locator("#invites button.copy")).to_have_text("Copied")
        assert page.evaluate("() => navigator.clipboard.readText()") == link
        Player(friend).join(link, "Bob")
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
        page.wait_for_selector("#invites", state="hidden")


def test_play_now_starts_a_game_against_bots_with_the_last_choices(
        web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.wait_for_selector("#variant option[value='ten-point']", state="attached")
    about = page.inner_text("#play-now-about")
    assert about == "Pitch \u2013 pitchcardtournament.com rules against 3 heuristic bots"
    page.click("#play-now")
    page.wait_for_url(re.compile(r"/t/[^/?]+$"))
    page.wait_for_selector("body[data-version]")
    assert page.evaluate("() => document.body.dataset.status") == "playing"
    assert page.inner_text("#title").startswith("Pitch \u2013 pitchcardtournament.com rules \u00b7 4 players")
    # a ten-point table made from the form: Play now plays that next
    page.goto(web_server.base + "/")
    page.wait_for_selector("#variant option[value='ten-point']", state="attached")
    page.fill("#name", "Ann")
    page.select_option("#variant", "ten-point")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#open-table")
    assert page.inner_text("#play-now-about") == "Ten-Point Pitch against 3 heuristic bots"
    page.click("#play-now")
    page.wait_for_url(re.compile(r"/t/[^/?]+$"))
    page.wait_for_selector("body[data-version]")
    assert page.inner_text("#title").startswith("Ten-Point Pitch \u00b7 4 players")
    assert page.locator("#seats .seat.mine").count() == 1

