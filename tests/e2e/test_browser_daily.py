"""Today's puzzle in a real browser (the fixtures of test_browser.py): the Assistant's
notice when the list is widened, and the words kept out of the answers."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from test_browser import _expected_console_errors, app_page, chromium, server_url, shot

__all__ = ["app_page", "chromium", "server_url"]  # fixtures used by the tests below

#: playing toward SNAFU, an answer of nyt-2023 that the original list does not have
SNAFU = "soare:20200,thilk:00000,unlit:12000"


def test_assistant_says_the_list_was_widened_and_goes_on(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/#w=original&h=" + SNAFU)
    notice = page.locator("#widened")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("no answer of the list original fits: the answer may be a newer word")
    expect(page.locator("#error")).to_be_hidden()  # the player is not told to check the colours
    expect(page.locator("#cand-count")).to_have_text("1")
    expect(page.locator("#cands")).to_contain_text("snafu 100.0%")
    expect(page.locator("#sugg tbody tr:first-child td.word")).to_have_text("snafu")
    shot(page, "assistant-widened")
    # undo back past the widening: the notice goes
    page.click("#undo")
    expect(notice).to_be_hidden()
    assert _expected_console_errors(page.problems) == []


def test_assistant_default_list_and_excluded_words(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/")
    expect(page.locator("#words")).to_have_value("nyt-2023")
    expect(page.locator("#cand-count")).to_have_text("3158")
    page.click("#exclude-box summary")
    page.fill("#exclude", "cigar, rebut\nSISSY")
    page.locator("#exclude").dispatch_event("change")
    expect(page.locator("#cand-count")).to_have_text("3155")
    expect(page.locator("#exclude-count")).to_contain_text("3 words")
    # kept in this browser: a reload starts with the same words out
    page.reload()
    expect(page.locator("#cand-count")).to_have_text("3155")
    expect(page.locator("#exclude")).to_have_value("cigar, rebut\nSISSY")
    # a bad word is one clear message and nothing else changes
    page.fill("#exclude", "cig4r")
    page.locator("#exclude").dispatch_event("change")
    expect(page.locator("#error")).to_contain_text("not a 5-letter word")
    shot(page, "assistant-exclude")
    assert not [p for p in _expected_console_errors(page.problems) if "400" not in p]
