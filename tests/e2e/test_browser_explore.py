"""The Tree and Openers pages in a real browser (the fixtures of test_browser.py:
Chromium + Playwright against the app on a free port; any page or console error
fails a test).  Screenshots: ``artifacts/screenshots/tree.png``, ``openers.png``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_browser import WAIT_MS, _expected_console_errors, app_page, chromium, clipped, serve, server_url, shot

__all__ = ["app_page", "chromium", "server_url"]  # fixtures used by the tests below

pytestmark = pytest.mark.timeout(300)

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_tree_page_browse_search_and_upload(app_page: Any, tmp_path: Path) -> None:
    page = app_page
    page.goto(page.base + "/tree")
    # a normal-mode tree is offered first and opens by itself: the shipped SALET tree
    expect(page.locator("#title")).to_have_text("SALET · original list · normal mode")
    assert page.input_value("#source") == "shipped:salet-normal.tree"
    page.select_option("#source", "shipped:salet-hard.tree")
    page.click("#open")
    expect(page.locator("#title")).to_have_text("SALET · original list · hard mode")
    page.select_option("#source", "shipped:salet-normal.tree")
    page.click("#open")
    expect(page.locator("#title")).to_have_text("SALET · original list · normal mode")
    expect(page.locator("#stats")).to_contain_text("7920")
    expect(page.locator("#verified")).to_contain_text("every answer replayed")
    root = page.locator("#tree > li")
    expect(root.locator("> .node")).to_contain_text("2315 answers")
    # the opener's patterns are listed, most answers first: 00000 -> COURD with 221 answers
    first = root.locator("> ul > li").first
    expect(first).to_contain_text("COURD")
    expect(first).to_contain_text("221 answers")
    n_level1 = root.locator("> ul > li").count()
    assert n_level1 > 100
    # expand it: its own patterns appear
    first.locator("> .node button.toggle").click()
    assert first.locator("> ul > li").count() > 10
    page.click("#expand")  # every level-1 node opens
    assert (
        page.locator("#tree > li > ul > li > ul").count()
        == n_level1 - root.locator("> ul > li:not([aria-expanded])").count()
    )
    page.click("#collapse")
    expect(root.locator("> ul > li > ul")).to_have_count(0)
    # one answer's path
    page.fill("#answer", "abbey")
    page.click("#find")
    expect(page.locator("#path-list li")).to_have_count(3)
    expect(page.locator("#path")).to_contain_text("ABBEY: found in 3 guesses")
    expect(page.locator("#path-list")).to_contain_text("anger")
    expect(page.locator("#tree li.on-path")).to_have_count(3)
    # the icicle: one block per node
    n_nodes = int(page.locator(".stat b").nth(4).text_content() or "0")
    assert page.locator("#icicle rect.block").count() == n_nodes
    shot(page, "tree")
    # an answer the tree does not find is an error message
    page.fill("#answer", "zzzzz")
    page.click("#find")
    expect(page.locator("#error")).to_contain_text("not an answer this tree finds")
    # upload a tree whose header lies: refused with the reason
    bad = tmp_path / "bad.tree"
    bad.write_text((DOCS / "trees" / "salet-normal.tree").read_text("utf-8").replace("# total: 7920", "# total: 7900"))
    page.set_input_files("#file", str(bad))
    expect(page.locator("#error")).to_contain_text("claims total 7900 but replaying gives 7920")
    # ... and the tree shown before is gone: it would read as the refused file's
    expect(page.locator("#out")).to_be_hidden()
    expect(page.locator("#shape-card")).to_be_hidden()
    # upload a good one: the PALET hard tree capped at 5 guesses
    page.set_input_files("#file", str(DOCS / "trees" / "palet-hard-max5.tree"))
    expect(page.locator("#title")).to_have_text("PALET · original list · hard mode", timeout=WAIT_MS)
    expect(page.locator("#verified")).to_contain_text("cap 5")
    assert _expected_console_errors(page.problems) == []


def test_openers_page_rank_sort_search(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/openers")
    expect(page.locator("#title")).to_contain_text("12972 openers · original list · normal mode")
    rows = page.locator("#table tbody tr")
    expect(rows).to_have_count(100)
    expect(rows.first).to_contain_text("salet")
    expect(rows.nth(2)).to_contain_text("3-4")  # crate and trace tie at 7926
    # a complete table: one chart of exact totals, every opener in it, and no bounds chart
    assert page.locator("#histogram rect").count() >= 2
    exact = page.locator("#histogram rect title").all_text_contents()
    assert exact and all(t.endswith("(exact)") for t in exact), exact
    assert sum(int(t.split(": ")[1].split()[0]) for t in exact) == 12972  # every opener proven
    assert "7920" in (page.text_content("#hist") or "")
    assert page.locator("#bounds-histogram").count() == 0
    # the table is as wide as its figures need, not the page's width
    table_w = page.eval_on_selector("#table", "t => t.getBoundingClientRect().width")
    card_w = page.eval_on_selector("#out", "c => c.getBoundingClientRect().width")
    assert table_w < 0.75 * card_w, (table_w, card_w)
    # where does my opener rank?
    page.fill("#word", "crane")
    page.press("#word", "Enter")
    expect(page.locator("#rank-out")).to_contain_text("7930")
    expect(page.locator("#rank-out")).to_contain_text("+10")
    assert "null" not in (page.text_content("#rank-out") or "")
    shot(page, "openers")
    expect(page.locator("#compute-box")).to_be_hidden()  # an exact row: nothing to compute
    # search and sort
    page.fill("#filter", "sal")
    expect(rows.first).to_contain_text("salet")
    assert all("sal" in (t or "") for t in rows.locator("td.word").all_text_contents())
    page.click("button.sort[data-key='word']")
    words = rows.locator("td.word").all_text_contents()
    assert words == sorted(words)
    # hard mode: another table
    page.select_option("#mode", "hard")
    expect(page.locator("#title")).to_contain_text("hard mode · best SALET (8122)")
    # a word that is no allowed guess is a message
    page.fill("#word", "zzzzz")
    page.click("#rank")
    expect(page.locator("#error")).to_contain_text("'zzzzz' is not an allowed guess")
    assert _expected_console_errors(page.problems) == []


@pytest.mark.parametrize(("path", "ready"), [("/tree", "#icicle"), ("/openers", "#histogram")])
def test_explorer_pages_fit_a_phone_screen(chromium: Any, server_url: str, path: str, ready: str) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(server_url + path)
        page.wait_for_selector(ready)
        page.wait_for_timeout(200)  # the sideways-scroll cues are set on the next frame
        shot(page, path.strip("/") + "-phone")
        assert clipped(page) == [], f"{path} at 390 px"
    finally:
        context.close()


@pytest.mark.usefixtures("bound_rows", "requests_in_process")
def test_openers_page_computes_a_missing_total(app_page: Any) -> None:
    """The Compute button: LIONS in normal mode on the 2023 pool is only a bound in
    the table (>= 11250; the ``bound_rows`` fixture keeps it one, on a server of this
    test's own that runs its searches in this process); the server searches it, and the
    rank and the table then show it exact.  The reload after the answer is held back
    for 1.5 s, so the page's one-second timer would tick during it: the note must keep
    the result, not go back to "searching" (it did, whenever the reload took longer
    than the rest of a second)."""
    import numpy as np

    from wordlelab import load_wordlist, pattern_table
    from wordlelab.atlas import load_opener_table, user_store
    from wordlelab.search import Solver
    from wordlelab.web import create_app

    store = user_store("nyt-2023", "normal")
    store.path.unlink(missing_ok=True)
    try:
        # compile the search kernel into numba's on-disk cache first (in a fresh checkout
        # the request would otherwise compile it within its 20 s, under load not always)
        words = load_wordlist("nyt-2023")
        Solver(words, pattern_table(words), "normal").value(np.arange(5), guess=words.guess_id("salet"))
        with serve(create_app()) as url:
            page = app_page
            page.base = url
            page.goto(page.base + "/openers")
            page.select_option("#words", "nyt-2023")
            expect(page.locator("#title")).to_contain_text("nyt-2023 list · normal mode")
            # exact totals and lower bounds in charts of their own, each on its own scale
            bounds = page.locator("#bounds-histogram rect title").all_text_contents()
            assert bounds and all(t.endswith("(lower bound)") for t in bounds), bounds
            shipped = load_opener_table("nyt-2023", "normal", user=False).rows  # BOUND_ROWS are bounds
            assert sum(int(t.split(": ")[1].split()[0]) for t in bounds) == sum(not r.exact for r in shipped)
            page.fill("#word", "lions")
            page.click("#rank")
            expect(page.locator("#rank-out")).to_contain_text("≥ 11250")
            expect(page.locator("#compute-box")).to_be_visible()  # a bound: the exact total can be computed

            def slow_reload(route: Any) -> None:
                time.sleep(1.5)
                route.continue_()

            page.route("**/api/openers?*", slow_reload)
            page.click("#compute")
            expect(page.locator("#compute-note")).to_contain_text("exact total computed", timeout=120_000)
            expect(page.locator("#compute-box")).to_be_hidden()
            total = store.read()["lions"].total
            assert total is not None and total >= 11250
            expect(page.locator("#rank-out")).to_contain_text(str(total))
            assert "≥" not in (page.text_content("#rank-out .stat-line") or "")
            page.wait_for_timeout(1500)  # a tick's time after the reload: the result stays
            assert "exact total computed" in (page.text_content("#compute-note") or "")
            assert _expected_console_errors(page.problems) == []
    finally:  # the total computed here must not reach the tests that read the shipped table
        store.path.unlink(missing_ok=True)
