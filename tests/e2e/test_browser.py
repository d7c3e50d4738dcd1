"""The web app in a real browser: Debian's Chromium driven by Playwright.

The app runs in a background thread (uvicorn) on 127.0.0.1 with a free port.
Each test saves a full-page screenshot under ``artifacts/screenshots/`` (the CI
artifact path, see docs/web.md).  Any JavaScript error or console error on a
page (including a Content-Security-Policy refusal) fails the test.

Without /usr/bin/chromium the tests are skipped, except under CI=true, where
they fail: CI must run them (scripts/bootstrap installs chromium there).

No emoji font is needed: the pages draw emoji squares in messages as tiles.  With
Debian's ``fonts-noto-color-emoji`` installed, emoji typed into inputs also show in the
screenshots (without it Chromium draws them as empty boxes).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect, sync_playwright
from typer.testing import CliRunner

from wordlelab import WordList
from wordlelab.cli import app as cli_app
from wordlelab.feedback import decode, feedback
from wordlelab.modes import GameRules
from wordlelab.simulate import run_benchmark
from wordlelab.web.routes import PAGES

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
#: Playwright's default wait for an element, in ms (a cold first request builds a table)
WAIT_MS = 30_000

pytestmark = pytest.mark.timeout(300)


@contextlib.contextmanager
def serve(web_app: Any) -> Iterator[str]:
    """``web_app`` served on a free local port by uvicorn in a thread; yields its URL."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(web_app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the web app did not start within 30 s")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    from wordlelab.web import create_app

    with serve(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail(
                f"browser tests need Debian's Chromium at {CHROMIUM} and CI=true: "
                "run `apt-get install -y chromium` (scripts/bootstrap does this in CI)"
            )
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium); browser tests skipped")
    expect.set_options(timeout=WAIT_MS)

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def app_page(chromium: Any, server_url: str) -> Iterator[Any]:
    """A fresh page; fails the test on any page error or console error."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on(
        "console",
        lambda msg: problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None,
    )
    page.base = server_url  # type: ignore[attr-defined]
    page.problems = problems  # type: ignore[attr-defined]
    yield page
    context.close()


def _expected_console_errors(problems: list[str]) -> list[str]:
    # a 4xx answer the page shows as a message is logged by Chromium as a failed resource
    return [p for p in problems if "Failed to load resource" not in p]


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def click_colours(page: Any, word: str, answer: str) -> None:
    """Click each entry tile until it shows the colour ``word`` gets against ``answer``."""
    marks = decode(feedback(word, answer), len(word))
    for i, mark in enumerate(marks):
        for _ in range(int(mark)):  # grey -> yellow -> green
            page.click(f"#entry-tiles button[data-pos='{i}']")
        assert f"m{int(mark)}" in (page.get_attribute(f"#entry-tiles button[data-pos='{i}']", "class") or "")


def test_assistant_solves_a_game_by_clicking_tiles(app_page: Any) -> None:
    page = app_page
    answer = "cigar"
    page.goto(page.base + "/")
    page.wait_for_selector("#sugg tbody tr")
    assert page.text_content("#cand-count") == "3158"  # the current pool, nyt-2023
    before = 3158
    for turn in range(1, 7):
        top = (page.text_content("#sugg tbody tr:first-child td.word") or "").strip().lower()
        assert re.fullmatch(r"[a-z]{5}", top), top
        page.fill("#guess", top)
        click_colours(page, top, answer)
        page.press("#guess", "Enter")
        expect(page.locator("#board .tiles")).to_have_count(turn)
        if top == answer:
            break
        expect(page.locator("#cand-count")).not_to_have_text(str(before))
        left = int(page.text_content("#cand-count") or "0")
        assert 1 <= left < before
        before = left
        # the chart of how the next suggestion splits the candidates is drawn
        assert page.locator("#split svg rect").count() >= 1
    else:
        pytest.fail(f"the assistant did not reach {answer} in 6 guesses")
    page.wait_for_selector("#solved:not([hidden])")
    assert "Solved in" in (page.text_content("#solved") or "")
    # undo brings the last guess back off the board
    page.click("#undo")
    expect(page.locator("#board .tiles")).to_have_count(turn - 1)
    assert page.is_hidden("#solved")
    page.click("#reset")
    expect(page.locator("#cand-count")).to_have_text("3158")
    page.fill("#guess", "salet")
    click_colours(page, "salet", answer)
    page.press("#guess", "Enter")
    expect(page.locator("#board .tiles")).to_have_count(1)
    shot(page, "assistant")
    assert _expected_console_errors(page.problems) == []


def test_assistant_shows_error_for_bad_word(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/")
    page.wait_for_selector("#sugg tbody tr")
    page.fill("#guess", "qzxvj")
    page.press("#guess", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert "not in the allowed guesses" in (page.text_content("#error") or "")
    assert "`" not in (page.text_content("#error") or "")  # no API parameter named
    assert page.locator("#board .tiles").count() == 0  # nothing was added
    page.fill("#guess", "salet")
    page.fill("#pattern", "222222")
    page.press("#pattern", "Enter")
    expect(page.locator("#error")).to_contain_text("6 marks")
    shot(page, "assistant-error")
    # a valid move clears the message
    page.fill("#pattern", "00120")
    page.press("#pattern", "Enter")
    page.wait_for_selector("#error", state="hidden")
    assert page.locator("#board .tiles").count() == 1
    assert _expected_console_errors(page.problems) == []


def test_assistant_keyboard_enter_adds_the_guess_from_a_tile_and_space_flips_it(app_page: Any) -> None:
    """After clicking tiles, focus is on a tile (a button): Enter adds the guess, as the
    hint says, instead of flipping that tile again; Space flips the focused tile."""
    page = app_page
    page.goto(page.base + "/")
    page.wait_for_selector("#sugg tbody tr")
    page.fill("#guess", "salet")
    tile = "#entry-tiles button[data-pos='{}']".format
    page.click(tile(2))  # yellow
    page.click(tile(3))
    page.click(tile(3))  # green: focus stays on this tile
    assert page.evaluate("document.activeElement.dataset.pos") == "3"
    page.keyboard.press("Enter")
    expect(page.locator("#board .tiles")).to_have_count(1)
    marks = page.eval_on_selector_all("#board .tiles .tile", "ts => ts.map(t => t.className)")
    assert [m.split()[-1] for m in marks] == ["m0", "m0", "m1", "m2", "m0"]
    # Space on a focused tile cycles it; Enter from the colours box adds the guess too
    page.fill("#guess", "crony")
    page.focus(tile(1))
    page.keyboard.press("Space")
    page.keyboard.press("Space")
    assert "m2" in (page.get_attribute(tile(1), "class") or "")
    assert page.input_value("#pattern") == "02000"
    page.keyboard.press("Enter")
    expect(page.locator("#board .tiles")).to_have_count(2)
    assert _expected_console_errors(page.problems) == []


def test_assistant_shows_the_servers_message_whole(app_page: Any) -> None:
    """A 4-letter guess: the message the server wrote is shown whole, not cut as if it
    were a long value the user sent."""
    page = app_page
    page.goto(page.base + "/")
    page.wait_for_selector("#sugg tbody tr")
    page.fill("#guess", "cran")
    page.press("#guess", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    text = " ".join((page.text_content("#error") or "").split())
    assert "'cran' is not a 5-letter word;" in text and text.endswith("'aback'"), text
    assert "characters)" not in text
    assert page.locator("#board .tiles").count() == 0


def test_play_a_game(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/play")
    expect(page.locator("#status")).to_contain_text("random answer")  # a game starts on load
    page.fill("#answer", "cigar")
    page.click("#new")
    expect(page.locator("#status")).to_contain_text("answer chosen")
    # a bad word is refused with a message and is not played
    page.keyboard.type("zzzzz")
    page.keyboard.press("Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert "not in the allowed guesses" in (page.text_content("#error") or "")
    for _ in range(5):
        page.keyboard.press("Backspace")
    # first guess typed on the physical keyboard, second on the on-screen one
    page.keyboard.type("salet")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .tiles:first-child .tile.m1")
    for ch in "rocky":
        page.click(f"#keyboard button[data-key='{ch}']")
    page.click("#keyboard button[data-key='Enter']")
    expect(page.locator("#board .tile.m0, #board .tile.m1, #board .tile.m2")).to_have_count(10)
    assert "m0" in (page.get_attribute("#keyboard button[data-key='s']", "class") or "")
    page.keyboard.type("cigar")
    page.keyboard.press("Enter")
    page.wait_for_selector("#result:not([hidden])")
    assert "Solved in 3/6" in (page.text_content("#result") or "")
    assert "m2" in (page.get_attribute("#keyboard button[data-key='c']", "class") or "")
    page.wait_for_selector("#review-card:not([hidden])")
    rows = page.locator("#review tbody tr")
    assert rows.count() == 3
    first = rows.nth(0).locator("td")
    assert first.nth(2).text_content() == "3158"  # candidates before the first guess (nyt-2023, the default)
    assert rows.nth(2).locator("td").nth(3).text_content() == "0"  # the winning guess leaves 0
    shot(page, "play")
    assert _expected_console_errors(page.problems) == []


def test_explain_and_compare_pages(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/explain?w=original&h=salet:00120&g=livor")
    page.wait_for_selector("#parts tbody tr")
    assert "43 candidates" in (page.text_content("#title") or "")
    counts = [int(c) for c in page.locator("#parts tbody td:nth-child(3)").all_text_contents()]
    assert sum(counts) == 43 and counts == sorted(counts, reverse=True)
    shot(page, "explain")

    page.goto(page.base + "/compare")
    page.wait_for_selector("#strategies input")
    page.fill("#sample", "40")
    page.click("#run")
    page.wait_for_selector("#summary tbody tr")
    assert page.locator("#summary tbody tr").count() == 2  # entropy and minimax are ticked
    assert page.locator("#hist svg rect").count() >= 2
    assert page.locator("#means svg rect").count() == 2
    # the bars of means start a little below the lowest mean (said under them), so
    # close means look as different as they are
    means = [float(t) for t in page.locator("#means svg text.value").all_text_contents()]
    base = page.locator("#means svg text", has_text="bars start here").text_content() or ""
    assert 1 <= float(base.split()[0]) < min(means), (base, means)
    # files read in the browser: the real `wordlelab bench --json` output ({"results": [...]})
    # and a plain list of Results.to_dict()
    out = CliRunner().invoke(
        cli_app, ["bench", "-s", "entropy", "-s", "most-parts", "--sample", "6", "--json", "--jobs", "1"]
    )
    assert out.exit_code == 0, out.output
    tiny = WordList.from_words(["cigar", "rebut", "sissy", "humph", "awake", "blush"], name="tiny")
    runs = [
        run_benchmark(tiny, "entropy").to_dict(),
        run_benchmark(tiny, "entropy", rules=GameRules(rule="naive")).to_dict(),
    ]
    page.set_input_files(
        "#files",
        files=[
            {"name": "bench.json", "mimeType": "application/json", "buffer": out.stdout.encode()},
            {"name": "tiny.json", "mimeType": "application/json", "buffer": json.dumps(runs).encode()},
        ],
    )
    expect(page.locator("#summary tbody tr")).to_have_count(6)
    assert "tiny" in (page.text_content("#summary") or "")
    # each result's colour rule is shown, and named in the chart labels since they differ
    rules = page.locator("#summary tbody td:nth-child(5)").all_text_contents()
    assert rules == ["official"] * 5 + ["naive"]
    assert "entropy · tiny · naive rule" in (page.text_content("#legend") or "")
    # runs alike but for their number of games are told apart by it, never by a number
    names = page.locator("#legend span").all_text_contents()
    assert "entropy · original · official rule · 40 games" in names, names
    assert "entropy · original · official rule · 6 games" in names, names
    assert not any(re.search(r"\(\d+\)$", n) for n in names), names
    page.set_input_files(
        "#files",
        files=[
            {"name": "notes.json", "mimeType": "application/json", "buffer": b'{"hello": 1}'},
        ],
    )
    expect(page.locator("#error")).to_contain_text("notes.json: no benchmark results")
    shot(page, "compare")

    page.goto(page.base + "/api")
    page.wait_for_selector("#endpoints section")
    text = page.text_content("#endpoints") or ""
    assert "/api/suggest" in text
    # each endpoint's answer is listed too, its description as plain text
    assert "Answer" in text and "candidate_words" in text and "``" not in text
    shot(page, "api")
    assert _expected_console_errors(page.problems) == []


#: page path -> what to wait for before the screenshot
PHONE_PAGES = {
    "/": "#sugg tbody tr",
    "/play": "#keyboard button",
    "/explain?w=original&h=salet:00120&g=livor": "#parts tbody tr",
    "/compare": "#strategies input",
    "/api": "#endpoints section",
}
#: the elements of a page outside the viewport's width, each but those inside a box that
#: scrolls sideways and shows it does (class ``overflowing``: a shadow and a "scroll
#: sideways" line); the document itself must not scroll sideways
OFF_SCREEN_JS = """() => {
  const W = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || (r.left >= -0.5 && r.right <= W + 0.5)) continue;
    const box = el.parentElement && el.parentElement.closest(".overflowing");
    if (box && box.scrollWidth > box.clientWidth) continue;
    const name = el.id ? "#" + el.id : (el.getAttribute("class") || "");
    out.push(`${el.tagName.toLowerCase()} ${name} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
  }
  return out;
}"""


def clipped(page: Any) -> list[str]:
    """What a phone-width page shows only by scrolling the whole page sideways, or
    cuts off: the elements outside the viewport's width (see ``OFF_SCREEN_JS``)."""
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    return ([f"the page is {overflow} px wider than the screen"] if overflow > 0 else []) + page.evaluate(OFF_SCREEN_JS)


def within_screen(page: Any, selector: str) -> None:
    """Every element ``selector`` finds lies inside the viewport's width."""
    boxes = [b for b in (e.bounding_box() for e in page.query_selector_all(selector)) if b]
    assert boxes, f"nothing matches {selector}"
    width = page.viewport_size["width"]
    for box in boxes:
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (
            f"{selector} at {box} is off a {width} px screen"
        )


@pytest.mark.parametrize("path", list(PHONE_PAGES))
def test_pages_fit_a_phone_screen(chromium: Any, server_url: str, path: str) -> None:
    """At 390 px wide nothing a page offers is off-screen or needs the whole page to
    scroll sideways (a wide table or chart may scroll inside its own box, which then
    says so); the screenshot is saved as ``<page>-phone.png``."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(server_url + path)
        page.wait_for_selector(PHONE_PAGES[path])
        if path == "/":  # every suggestion's figures and its use / explain buttons
            for cell in ("td.word", "td:nth-child(7)", "td.actions button", "td.actions a"):
                within_screen(page, "#sugg tbody tr " + cell)
        if path == "/compare":  # results: the table's every column and both charts
            page.fill("#sample", "20")
            page.click("#run")
            page.wait_for_selector("#summary tbody tr")
            for part in ("#summary tbody td", "#means svg", "#hist svg"):
                within_screen(page, part)
        page.wait_for_timeout(200)  # the sideways-scroll cues are set on the next frame
        name = (path.strip("/").split("?")[0] or "assistant") + "-phone"
        shot(page, name)
        assert clipped(page) == [], f"{path} at 390 px"
    finally:
        context.close()


def open_assistant(page: Any) -> Any:
    page.goto(page.base + "/")
    page.wait_for_selector("#sugg tbody tr")
    return page


def test_assistant_strategy_options(app_page: Any) -> None:
    """The options /api/meta reads from each strategy's constructor get a control."""
    page = open_assistant(app_page)
    box = page.locator("#options input[data-option='candidates_only']")
    expect(box).to_be_visible()
    assert page.locator("#sugg .badge").count() < page.locator("#sugg tbody tr").count()
    box.check()
    expect(page.locator("#sugg-title")).to_contain_text("candidates_only=True")
    rows = page.locator("#sugg tbody tr")
    assert page.locator("#sugg .badge").count() == rows.count() == 10  # every guess could win
    assert "o=candidates_only" in page.url
    shot(page, "assistant-options")
    page.reload()  # the option is kept in the URL hash
    expect(page.locator("#sugg-title")).to_contain_text("candidates_only=True")
    expect(page.locator("#options input[data-option='candidates_only']")).to_be_checked()
    # a number option: entropy-2's width; a value the constructor refuses is an error message
    page.select_option("#strategy", "entropy-2")
    width = page.locator("#options input[data-option='width']")
    expect(width).to_be_visible()
    width.fill("0")
    width.dispatch_event("change")
    expect(page.locator("#error")).to_contain_text("width must be at least 1")
    page.select_option("#strategy", "naive")  # no options: no controls
    expect(page.locator("#options")).to_be_hidden()
    expect(page.locator("#error")).to_be_hidden()
    assert _expected_console_errors(page.problems) == []


def test_pattern_emoji_in_an_error_are_drawn_as_tiles(app_page: Any) -> None:
    page = open_assistant(app_page)
    page.fill("#guess", "salet")
    page.fill("#pattern", "🟩🟨⬛⬛")
    page.press("#pattern", "Enter")
    expect(page.locator("#error")).to_contain_text("4 marks")
    # the example pattern at the end of the message, 🟩🟨⬛⬛🟩, as five coloured tiles
    tiles = page.locator("#error .emoji-pattern").last.locator(".tile")
    expect(tiles).to_have_count(5)
    classes = [tiles.nth(i).get_attribute("class") or "" for i in range(5)]
    assert [c.split()[-1] for c in classes] == ["m2", "m1", "m0", "m0", "m2"]
    assert "🟩🟨⬛⬛🟩" in (page.text_content("#error") or "")  # still in the text
    page.locator("#error").screenshot(path=str(SCREENSHOTS / "error-emoji.png"))
    assert _expected_console_errors(page.problems) == []


def _use_custom_list(page: Any, answers: list[str], allowed: list[str] = ()) -> None:
    page.click("#custom-box summary")
    page.fill("#custom-answers", " ".join(answers))
    page.fill("#custom-allowed", "\n".join(allowed))
    expect(page.locator("#custom-count")).to_contain_text(f"{len(answers)} answers")
    page.check("#custom-on")


def test_play_on_a_custom_list(app_page: Any, small_words: Any) -> None:
    page = app_page
    page.goto(page.base + "/play")
    expect(page.locator("#status")).to_contain_text("random answer")
    # over the limit: said before anything is sent
    page.click("#custom-box summary")
    page.fill("#custom-answers", "cigar " * 3001)
    expect(page.locator("#custom-count.over")).to_contain_text("3001 answers (at most 3000)")
    page.check("#custom-on")
    page.click("#new")
    expect(page.locator("#error")).to_contain_text("has 3001 answers; at most 3000")
    # a list the server refuses: its message is shown
    page.fill("#custom-answers", "cigar toolong")
    page.click("#new")
    expect(page.locator("#error")).to_contain_text("toolong")
    page.fill("#custom-answers", " ".join(small_words.answers))
    page.fill("#custom-allowed", " ".join(small_words.allowed))
    page.fill("#answer", "crate")
    page.click("#new")
    expect(page.locator("#status")).to_contain_text('list "custom"')
    expect(page.locator("#error")).to_be_hidden()
    page.keyboard.type("llama")  # allowed by the custom list only (not an answer)
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .tiles:first-child .tile.m2")  # its A against cRAte
    page.keyboard.type("crate")
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("Solved in 2/6")
    rows = page.locator("#review tbody tr")
    expect(rows).to_have_count(2)
    assert rows.nth(0).locator("td").nth(2).text_content() == str(len(small_words.answers))
    shot(page, "play-custom")
    assert _expected_console_errors(page.problems) == []


def test_explain_on_a_custom_list(app_page: Any, small_words: Any) -> None:
    page = app_page
    page.goto(page.base + "/explain")
    page.wait_for_selector("#custom-box summary")  # drawn once /api/meta answered
    _use_custom_list(page, list(small_words.answers), list(small_words.allowed))
    page.fill("#guess", "salet")
    page.click("#go")
    expect(page.locator("#title")).to_contain_text(f"{len(small_words.answers)} candidates")
    counts = [int(c) for c in page.locator("#parts tbody td:nth-child(3)").all_text_contents()]
    assert sum(counts) == len(small_words.answers)
    assert "c=1" in page.url
    page.fill("#guess", "zebra")  # allowed in the built-in list, not in this one
    page.click("#go")
    expect(page.locator("#error")).to_contain_text("zebra")
    shot(page, "explain-custom")
    # the list is kept in the browser: the assistant page finds it, and its explain links
    # carry c=1 back here
    page.goto(page.base + "/")
    page.wait_for_selector("#sugg tbody tr")
    page.click("#custom-box summary")
    expect(page.locator("#custom-count")).to_contain_text(f"{len(small_words.answers)} answers")
    page.check("#custom-on")
    expect(page.locator("#cand-count")).to_have_text(str(len(small_words.answers)))
    page.click("#sugg tbody tr:first-child a")
    page.wait_for_selector("#parts tbody tr")
    expect(page.locator("#title")).to_contain_text(f"{len(small_words.answers)} candidates")
    assert _expected_console_errors(page.problems) == []


def _strict(page: Any) -> list[str]:
    """Every console error of the page, failed resource loads included (a missing
    favicon shows up only as one of these)."""
    return list(page.problems)


@pytest.mark.parametrize("path", [*PAGES, "/no-such-page"])
def test_favicon_and_no_failed_load_on_any_page(app_page: Any, path: str) -> None:
    """Chromium fetches an icon for every page: the one the layout links, or /favicon.ico.
    Nothing a page loads may fail (console errors, failed-resource ones included)."""
    page = app_page
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    response = page.goto(page.base + path)
    page.wait_for_load_state("networkidle")
    icon = page.get_attribute("link[rel=icon]", "href")
    assert icon == "/static/favicon.svg"
    for url in (icon, "/favicon.ico"):
        got = page.evaluate(
            "async (u) => { const r = await fetch(u); return [r.status, r.headers.get('content-type'),"
            " (await r.text()).slice(0, 4)]; }",
            url,
        )
        assert got == [200, "image/svg+xml", "<svg"], (url, got)
    if path == "/no-such-page":
        assert response.status == 404  # the page itself, and nothing else
        assert failed == [f"404 {page.base}{path}"]
        assert [p for p in _strict(page) if "404" not in p] == []
    else:
        assert response.status == 200
        assert failed == []
        assert _strict(page) == []


def test_not_found_page(app_page: Any) -> None:
    page = app_page
    response = page.goto(page.base + "/no/such/page?x=1")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    assert page.title() == "wordlelab · Not found"
    assert "/no/such/page" in (page.text_content("main code") or "")
    nav = page.locator("header.top nav a")
    assert nav.count() == len(PAGES)
    assert page.locator("main a").count() == len(PAGES)
    shot(page, "not-found")
    page.click("main a[href='/play']")  # its links lead back into the app
    expect(page.locator("#status")).to_contain_text("random answer")
    assert page.url == page.base + "/play"
    # the API's unknown URLs stay JSON, even in a browser
    api = page.goto(page.base + "/api/nope")
    assert api.status == 404
    assert api.headers["content-type"] == "application/json"
    assert json.loads(page.text_content("body") or "")["kind"] == "NotFound"


def test_lost_game_is_shown_apart_from_a_win(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/play")
    expect(page.locator("#status")).to_contain_text("random answer")
    page.fill("#answer", "cigar")
    page.click("#new")
    expect(page.locator("#status")).to_contain_text("answer chosen")
    for turn, word in enumerate(["salet", "round", "pinky", "mouth", "befog", "dwelt"], start=1):
        page.keyboard.type(word)
        page.keyboard.press("Enter")
        expect(page.locator("#board .tiles .tile.m0, #board .tiles .tile.m1, #board .tiles .tile.m2")).to_have_count(
            5 * turn
        )
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Out of guesses. The word was CIGAR.")
    assert "lost" in (result.get_attribute("class") or "").split()
    answer = page.locator("#answer-tiles .tile")
    expect(answer).to_have_count(5)
    assert "".join(answer.all_text_contents()).lower() == "cigar"
    assert all("m2" in (answer.nth(i).get_attribute("class") or "") for i in range(5))
    page.wait_for_selector("#review-card:not([hidden])")
    lost_bg = result.evaluate("(e) => getComputedStyle(e).backgroundColor")
    shot(page, "play-lost")
    # a won game's box, for comparison: green, and no answer tiles
    page.fill("#answer", "cigar")
    page.click("#new")
    expect(result).to_be_hidden()
    page.keyboard.type("cigar")
    page.keyboard.press("Enter")
    expect(result).to_contain_text("Solved in 1/6")
    assert "lost" not in (result.get_attribute("class") or "").split()
    assert page.locator("#answer-tiles").count() == 0
    won_bg = result.evaluate("(e) => getComputedStyle(e).backgroundColor")
    assert won_bg == "rgb(232, 243, 230)"  # the green notice
    assert lost_bg != won_bg
    red, green, blue = (int(x) for x in re.findall(r"\d+", lost_bg)[:3])
    assert not (green > red and green > blue), f"the lost box is greenish: {lost_bg}"
    assert _expected_console_errors(page.problems) == []


def test_one_candidate_is_singular_and_split_tiles_are_readable(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/#w=original&h=salet:01000")
    page.wait_for_selector("#split svg rect")
    # the split chart's tiles: one column per bar, as wide as the bar allows, letters in them
    letters = page.locator("#split svg text.tile-letter")
    columns = letters.count() // 5
    assert columns >= 2 and letters.count() == 5 * columns
    top = (page.text_content("#sugg tbody tr:first-child td.word") or "").strip().upper()
    assert "".join(letters.all_text_contents()[:5]) == top
    box = letters.first.evaluate("(t) => t.previousElementSibling.getBoundingClientRect().width")
    assert box >= 11, f"the tiles under the bars are {box} px wide"
    shot(page, "assistant-split")
    page.goto(page.base + "/#w=original&h=salet:01000,acing:11101")
    page.reload()
    expect(page.locator("#cand-count")).to_have_text("1")
    expect(page.locator("#cand-noun")).to_have_text("candidate")
    expect(page.locator("#split-title")).to_contain_text("splits the 1 candidate")
    assert "1 candidates" not in (page.text_content("main") or "")
    page.goto(page.base + "/explain?w=original&h=salet:01000,acing:11101&g=cigar")
    expect(page.locator("#title")).to_contain_text("CIGAR over the 1 candidate after")
    assert "1 candidates" not in (page.text_content("main") or "")
    assert _expected_console_errors(page.problems) == []


def test_explain_placeholders_do_not_look_filled_in(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/explain")
    page.wait_for_selector("#custom-box summary")
    for field in ("#guess", "#history"):
        assert (page.get_attribute(field, "placeholder") or "").startswith("e.g. salet")
        assert page.input_value(field) == ""
        typed, hint = page.locator(field).evaluate(
            "(e) => [getComputedStyle(e).color, getComputedStyle(e, '::placeholder').color]"
        )
        style = page.locator(field).evaluate(
            "(e) => { const s = getComputedStyle(e, '::placeholder'); return [s.fontStyle, s.fontWeight]; }"
        )
        assert hint != typed
        assert style == ["italic", "400"]
        # lighter than the text typed in: a higher sum of the colour channels
        assert sum(map(int, re.findall(r"\d+", hint)[:3])) > sum(map(int, re.findall(r"\d+", typed)[:3])) + 200
    shot(page, "explain-empty")
    assert _expected_console_errors(page.problems) == []


def test_api_page_curl_names_this_server(app_page: Any) -> None:
    page = app_page
    page.goto(page.base + "/api")
    page.wait_for_selector("#endpoints section")
    curl = page.text_content("#curl") or ""
    assert f"curl -s {page.base}/api/suggest" in curl
    assert "8000" not in curl or page.base.endswith(":8000")
    assert _expected_console_errors(page.problems) == []


def test_ultra_mode_switch(app_page: Any) -> None:
    """The mode select: ultra-hard suggestions fit every clue, a breach is refused with
    its reason, the mode survives a reload (URL hash), and Play says the mode."""
    page = app_page
    page.goto(page.base + "/")
    page.wait_for_selector("#sugg tbody tr")
    page.select_option("#mode", "ultra")
    page.fill("#guess", "salet")
    click_colours(page, "salet", "react")
    page.press("#guess", "Enter")
    expect(page.locator("#board .tiles")).to_have_count(1)
    expect(page.locator("#sugg-title")).to_contain_text("ultra mode")
    for cell in page.locator("#sugg tbody tr td.word").all_text_contents():
        w = cell.strip().lower()
        assert w[4] == "t" and "s" not in w and "l" not in w and w[1] != "a" and w[3] != "e", w
    page.fill("#guess", "caret")
    page.fill("#pattern", "11112")
    page.press("#pattern", "Enter")
    expect(page.locator("#error")).to_contain_text("2nd letter may not be A: it was yellow there")
    assert page.locator("#board .tiles").count() == 1
    shot(page, "assistant-ultra")
    page.reload()
    expect(page.locator("#board .tiles")).to_have_count(1)
    assert page.input_value("#mode") == "ultra"
    page.goto(page.base + "/play")
    expect(page.locator("#status")).to_contain_text("random answer")
    page.select_option("#mode", "ultra")
    page.fill("#answer", "react")
    page.click("#new")
    expect(page.locator("#status")).to_contain_text("ultra mode")
    assert _expected_console_errors(page.problems) == []
