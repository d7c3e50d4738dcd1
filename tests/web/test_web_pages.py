"""Unknown URLs (an HTML 404 page for a browser, JSON for the API), the favicon, and the
test client itself (Starlette's TestClient on httpx2, so no deprecation warning)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from wordlelab.web.routes import PAGES

#: what Chromium sends when the user opens a URL
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"


def _json_404(r: Any, path: str) -> None:
    assert r.status_code == 404
    assert r.headers["content-type"] == "application/json"
    body = r.json()
    assert body["kind"] == "NotFound"
    assert repr(path) in body["error"]
    assert "/openapi.json" in body["error"]


@pytest.mark.parametrize("accept", ["*/*", "application/json", BROWSER_ACCEPT, "application/json, text/html"])
def test_unknown_api_url_is_json_whatever_is_accepted(client: Any, accept: str) -> None:
    _json_404(client.get("/api/no-such-thing", headers={"accept": accept}), "/api/no-such-thing")
    _json_404(client.post("/api/suggestions", json={}, headers={"accept": accept}), "/api/suggestions")


@pytest.mark.parametrize("accept", ["", "*/*", "application/json", "application/json, text/html"])
def test_unknown_page_is_json_unless_a_browser_asks_for_html(client: Any, accept: str) -> None:
    headers = {"accept": accept} if accept else {}
    _json_404(client.get("/no-such-page", headers=headers), "/no-such-page")


def test_missing_static_file_is_json(client: Any) -> None:
    # a script or stylesheet a page loads: a 404 the browser logs, never an HTML page
    _json_404(client.get("/static/nope.js", headers={"accept": BROWSER_ACCEPT}), "/static/nope.js")


def test_unknown_page_for_a_browser_is_an_html_page(client: Any) -> None:
    r = client.get("/no-such-page", headers={"accept": BROWSER_ACCEPT})
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    assert r.headers["content-security-policy"]  # the security headers as on every page
    text = r.text
    assert "<title>wordlelab · Not found</title>" in text
    assert "Page not found" in text
    assert "<code>/no-such-page</code>" in text
    for route, (title, _) in PAGES.items():  # the nav bar and the list of pages
        assert text.count(f'<a href="{route}">{title}</a>') == 2
    assert "@" not in text.replace("@media", "")  # every placeholder of the layout filled in
    # only scripts that exist (a page script for this page would be a 404 in the console)
    assert '<script src="/static/common.js" defer></script>' in text
    assert text.count("<script") == 1
    assert 'rel="icon"' in text


def test_not_found_page_escapes_and_clips_the_path(client: Any) -> None:
    r = client.get("/<script>alert(1)</script>", headers={"accept": BROWSER_ACCEPT})
    assert r.status_code == 404
    assert "<script>alert" not in r.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
    long = "/" + "x" * 5000
    r = client.get(long, headers={"accept": BROWSER_ACCEPT})
    assert r.status_code == 404
    assert "x" * 41 not in r.text
    assert "(5001 characters)" in r.text
    body = client.get(long).json()  # the JSON message is clipped too
    assert "x" * 41 not in body["error"]


def test_wrong_method_on_an_endpoint_is_still_json(client: Any) -> None:
    r = client.get("/api/suggest", headers={"accept": BROWSER_ACCEPT})
    assert r.status_code == 405
    assert r.json()["kind"] == "HTTPError"


def test_favicon(client: Any) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/svg+xml"
    root = ET.fromstring(icon.content)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # every page links the same icon, which is served from /static
    for route in PAGES:
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in client.get(route).text
    linked = client.get("/static/favicon.svg")
    assert linked.status_code == 200
    assert linked.content == icon.content


def test_the_test_client_runs_without_a_deprecation_warning() -> None:
    """Starlette's TestClient warns (StarletteDeprecationWarning) when it has to fall
    back on httpx; the test extras install httpx2, which it uses without a warning."""
    code = (
        "import warnings\n"
        "warnings.simplefilter('error')\n"
        "import fastapi.testclient, starlette.testclient\n"
        "print(starlette.testclient.httpx.__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "httpx2"
