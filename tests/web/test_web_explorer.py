"""The Tree and Openers pages' API: /api/trees, /api/tree, /api/openers, /api/openers/rank."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import BASE_URL

from wordlelab.web import Limits, create_app

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    out = [node]
    for c in node["children"]:
        out.extend(_walk(c))
    return out


def test_tree_list_has_the_shipped_trees(client: Any) -> None:
    r = client.get("/api/trees")
    assert r.status_code == 200
    ids = {t["id"]: t for t in r.json()["trees"]}
    assert ids["shipped:salet-normal.tree"]["mode"] == "normal"
    assert ids["shipped:salet-hard.tree"]["mode"] == "hard"


def test_open_shipped_tree_figures_add_up(client: Any) -> None:
    r = client.post("/api/tree", json={"tree": "shipped:salet-normal.tree"})
    assert r.status_code == 200, r.text
    d = r.json()
    assert (d["opener"], d["mode"], d["total"], d["max"], d["verified"]) == ("salet", "normal", 7920, 5, True)
    root = d["root"]
    assert (root["answers"], root["total"], root["worst"]) == (2315, 7920, 5)
    nodes = _walk(root)
    assert len(nodes) == d["nodes"]
    # every answer ends at exactly one node that solves it
    assert sum(1 for n in nodes if n["solved"]) == 2315
    for n in nodes:
        below = sum(c["answers"] for c in n["children"]) + (1 if n["solved"] else 0)
        assert below == n["answers"]
        # this node's guess counts once for each of its answers
        assert n["total"] == n["answers"] + sum(c["total"] for c in n["children"])
        assert n["worst"] == 1 + max((c["worst"] for c in n["children"]), default=0)


def test_upload_json_tree_and_hard_mode_string(client: Any) -> None:
    from wordlelab.search import read_tree, write_tree
    from wordlelab.table import pattern_table
    from wordlelab.words import load_wordlist

    wl = load_wordlist("original")
    tree, _ = read_tree(DOCS / "trees" / "salet-hard.tree", wl)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.json"
        write_tree(tree, path, pattern_table(wl))
        text = path.read_text("utf-8")
    r = client.post("/api/tree", json={"text": text, "filename": "t.json"})
    assert r.status_code == 200, r.text
    assert (r.json()["mode"], r.json()["total"], r.json()["source"]) == ("hard", 8122, "upload:t.json")


def test_upload_bad_trees_are_400_with_a_reason(client: Any) -> None:
    text = (DOCS / "trees" / "salet-normal.tree").read_text("utf-8")
    lied = text.replace("# total: 7920", "# total: 7919")
    r = client.post("/api/tree", json={"text": lied, "filename": "lie.tree"})
    assert r.status_code == 400
    assert "claims total 7919 but replaying gives 7920" in r.json()["error"]
    cut = "\n".join(text.splitlines()[:-1])  # the last answer is missing
    r = client.post("/api/tree", json={"text": cut})
    assert r.status_code == 400 and "never finds" in r.json()["error"]
    r = client.post("/api/tree", json={"text": "{not json", "filename": "x.json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/tree", json={"text": json.dumps({"words": "mine", "tree": {}})})
    assert r.status_code == 400 and "not built in" in r.json()["error"]


def test_tree_request_must_name_one_tree(client: Any) -> None:
    r = client.post("/api/tree", json={})
    assert r.status_code == 400 and "name one tree" in r.json()["error"]
    r = client.post("/api/tree", json={"tree": "shipped:salet-normal.tree", "start": "salet"})
    assert r.status_code == 400 and "got tree, start" in r.json()["error"]
    r = client.post("/api/tree", json={"tree": "../../etc/passwd"})
    assert r.status_code == 400 and "no tree" in r.json()["error"]
    r = client.post("/api/tree", json={"text": "x" * 500_000})
    assert r.status_code in (413, 422)


def test_start_uses_the_shipped_tree(client: Any) -> None:
    r = client.post("/api/tree", json={"start": "SALET", "hard": True})
    assert r.status_code == 200, r.text
    assert (r.json()["total"], r.json()["mode"]) == (8122, "hard")
    r = client.post("/api/tree", json={"start": "salet", "mode": "hard"})
    assert r.status_code == 200 and r.json()["mode"] == "hard"
    r = client.post("/api/tree", json={"start": "salet", "mode": "easy"})
    assert r.status_code == 422
    r = client.post("/api/tree", json={"start": "xyzzy"})
    assert r.status_code == 400 and "xyzzy" in r.json()["error"]


def test_start_search_is_bounded_by_the_time_limit() -> None:
    # no shipped or cached tree opens with QAJAQ: the search runs in a worker that is killed
    with TestClient(create_app(Limits(timeout_s=1.0)), base_url=BASE_URL) as c:
        r = c.post("/api/tree", json={"start": "qajaq"})
    assert r.status_code == 503 and r.json()["kind"] == "TimeLimit"


def test_openers_table(client: Any) -> None:
    r = client.get("/api/openers", params={"words": "original", "mode": "hard"})
    assert r.status_code == 200
    d = r.json()
    assert (d["openers"], d["answers"], d["best"]) == (12972, 2315, {"word": "salet", "total": 8122})
    assert d["rows"][0] == ["salet", 8122, True]
    assert {"words": "nyt", "mode": "normal"} in d["tables"]
    # impossible openers (hard mode, no tree within six guesses) have no total and come last
    assert d["rows"][-1][1] is None


@pytest.mark.parametrize(
    ("words", "word", "rank", "total", "exact", "best", "answers"),
    [
        ("original", "salet", "1", 7920, True, 7920, 2315),
        ("original", "trace", "3-4", 7926, True, 7920, 2315),
        ("nyt-2023", "lions", ">= 3", 11250, False, 11219, 3158),
    ],
)
@pytest.mark.usefixtures("bound_rows")
def test_openers_rank(
    client: Any, words: str, word: str, rank: str, total: int, exact: bool, best: int, answers: int
) -> None:
    r = client.get("/api/openers/rank", params={"word": word, "words": words})
    assert r.status_code == 200
    d = r.json()
    assert (d["rank"], d["total"], d["exact"], d["gap"]) == (rank, total, exact, total - best)
    assert d["mean"] == round(total / answers, 4)


def test_openers_bad_requests(client: Any) -> None:
    r = client.get("/api/openers/rank", params={"word": "zzzzz"})
    assert r.status_code == 400 and "'zzzzz' is not an allowed guess" in r.json()["error"]
    r = client.get("/api/openers", params={"words": "nyt-12959", "mode": "ultra"})
    assert r.status_code == 400 and "opener table for" in r.json()["error"]
    r = client.get("/api/openers", params={"words": "nyt", "mode": "ultra"})
    assert r.status_code == 200 and r.json()["best"] == {"word": "salet", "total": 8101}
    r = client.get("/api/openers/rank", params={"word": "salet", "mode": "ultra"})
    assert r.status_code == 200 and r.json()["total"] == 8125
    r = client.get("/api/openers", params={"words": "nyt-12959"})
    assert r.status_code == 400 and "no opener table for word list" in r.json()["error"]


MALFORMED_UPLOADS = {
    "children a list": json.dumps({"tree": {"guess": "salet", "children": [1]}}),
    "children a string": json.dumps({"tree": {"guess": "salet", "children": "x"}}),
    "max_guesses a word": json.dumps({"max_guesses": "x", "tree": {"guess": "salet"}}),
    "max_guesses infinite": '{"max_guesses": 1e999, "tree": {"guess": "salet"}}',
    "max_guesses a list": json.dumps({"max_guesses": [1], "tree": {"guess": "salet"}}),
    "rule a list": json.dumps({"rule": [1], "tree": {"guess": "salet"}}),
    "nested 900 deep": '{"tree": ' + '{"guess": "salet", "children": {"00000": ' * 900 + "{}" + "}}" * 900 + "}",
}


@pytest.mark.parametrize("case", list(MALFORMED_UPLOADS))
def test_malformed_uploads_are_400_with_a_reason(client: Any, case: str) -> None:
    r = client.post("/api/tree", json={"text": MALFORMED_UPLOADS[case], "filename": "bad.json"})
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("bad.json: ")


@pytest.mark.parametrize(
    ("old", "new"), [("max-guesses: 6", "max-guesses: x"), ("rule: official", "rule: bogus"), ("mean: ", "mean: nan ")]
)
def test_malformed_text_headers_are_400(client: Any, old: str, new: str) -> None:
    text = (DOCS / "trees" / "salet-normal.tree").read_text("utf-8").replace(old, new)
    r = client.post("/api/tree", json={"text": text, "filename": "bad.tree"})
    assert r.status_code == 400 and "the header's" in r.json()["error"], r.text


def test_a_500_move_line_is_400_not_a_recursion_error(client: Any) -> None:
    text = (DOCS / "trees" / "salet-normal.tree").read_text("utf-8") + "salet 22221 " * 500 + "salet 22222\n"
    r = client.post("/api/tree", json={"text": text, "filename": "long.tree"})
    assert r.status_code == 400 and "501 guesses" in r.json()["error"], r.text


@pytest.mark.usefixtures("bound_rows", "requests_in_process")
def test_openers_compute_makes_a_bound_exact_and_keeps_it() -> None:
    """The Compute button's endpoint: LIONS on the 2023 pool (normal mode) is only a
    bound in the table (>= 11250; the ``bound_rows`` fixture keeps it one, as it was
    before the table's all-exact run settled it); the server searches it, keeps it in
    the user's store, and the table and the rank then show it exact (the total the
    search gives here too).  The store is emptied again at the end, so that no later
    test finds LIONS computed."""
    from wordlelab.atlas import load_opener_table, user_store
    from wordlelab.modes import Mode
    from wordlelab.search import ExactJob
    from wordlelab.search.openers import solve_opener
    from wordlelab.words import load_wordlist

    store = user_store("nyt-2023", "normal")
    store.path.unlink(missing_ok=True)
    want = solve_opener(ExactJob(load_wordlist("nyt-2023"), Mode.NORMAL), "lions").total
    shipped_bounds = sum(1 for row in load_opener_table("nyt-2023", "normal").rows if not row.exact)
    try:
        _compute_lions(store, want, shipped_bounds)
    finally:
        store.path.unlink(missing_ok=True)


def _compute_lions(store: Any, want: int, shipped_bounds: int) -> None:
    with TestClient(create_app(Limits(timeout_s=120.0)), base_url=BASE_URL) as c:
        ask = {"word": "lions", "words": "nyt-2023", "mode": "normal"}
        before = c.get("/api/openers/rank", params=ask).json()
        assert before["exact"] is False and before["total"] <= want
        r = c.post("/api/openers/compute", json={**ask, "word": "LIONS"})
        assert r.status_code == 200, r.text
        d = r.json()
        assert (d["word"], d["total"], d["exact"], d["computed"], d["mode"]) == ("lions", want, True, True, "normal")
        after = c.get("/api/openers/rank", params=ask).json()
        assert after == d
        table = c.get("/api/openers", params={"words": "nyt-2023", "mode": "normal"}).json()
        assert ["lions", want, True] in table["rows"] and table["computed"] == ["lions"]
        assert table["exact"] == before["openers"] - shipped_bounds + 1  # the shipped bounds, one fewer
        again = c.post("/api/openers/compute", json={**ask, "word": "salet"})
        assert again.status_code == 200 and (again.json()["total"], again.json()["computed"]) == (11235, False)
    assert store.read()["lions"].total == want


@pytest.mark.usefixtures("bound_rows")
def test_openers_compute_is_bounded_and_checked() -> None:
    """A search past the time limit (QAJAQ takes minutes; its row a bound here: the
    ``bound_rows`` fixture) is stopped in its worker process, answered 503, and leaves
    nothing in the user's store; a bad word, list or mode is a 4xx before any search."""
    from wordlelab.atlas import user_store

    store = user_store("nyt-2023", "normal")
    kept = store.read()
    with TestClient(create_app(Limits(timeout_s=0.5)), base_url=BASE_URL) as c:
        r = c.post("/api/openers/compute", json={"word": "qajaq", "words": "nyt-2023"})
        assert r.status_code == 503 and r.json()["kind"] == "TimeLimit"
        r = c.post("/api/openers/compute", json={"word": "zzzzz"})
        assert r.status_code == 400 and "'zzzzz' is not an allowed guess" in r.json()["error"]
        r = c.post("/api/openers/compute", json={"word": "salet", "words": "nyt-12959", "mode": "ultra"})
        assert r.status_code == 400 and "opener table for" in r.json()["error"]
        r = c.post("/api/openers/compute", json={"word": "salet", "mode": "easy"})
        assert r.status_code == 422
    assert store.read() == kept  # nothing kept from a search that was stopped


def test_the_tree_answers_are_the_models_openapi_documents(client: Any) -> None:
    """/api/trees and /api/tree answer as the models /openapi.json names for them
    (the models forbid undeclared fields)."""
    from wordlelab.web import schemas

    spec = client.get("/openapi.json").json()
    for path, method, model in (("/api/trees", "get", "TreesReply"), ("/api/tree", "post", "TreeReply")):
        ref = spec["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        assert ref.endswith("/" + model)
    listed = client.get("/api/trees").json()
    schemas.TreesReply.model_validate(listed)
    opened = client.post("/api/tree", json={"tree": "shipped:salet-hard.tree"}).json()
    schemas.TreeReply.model_validate(opened)
    assert opened["root"]["children"] and opened["mode"] == "hard"


@pytest.mark.usefixtures("bound_rows")
def test_opener_answers_are_the_models_openapi_documents(client: Any) -> None:
    """/api/openers and /api/openers/rank answer what /openapi.json documents (the
    models forbid undeclared fields), for exact rows, bounds (the ``bound_rows``
    fixture's: a complete table has none) and openers with no tree."""
    from wordlelab.web import schemas

    spec = client.get("/openapi.json").json()
    for path, method, name in [
        ("/api/openers", "get", "OpenerTableReply"),
        ("/api/openers/rank", "get", "OpenerRankReply"),
        ("/api/openers/compute", "post", "OpenerRankReply"),
    ]:
        ref = spec["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        assert ref.rsplit("/", 1)[-1] == name
    kinds = set()
    # (hard mode has impossible openers; the 2023 pool's normal table has bounds here)
    for lst, mode in [("original", "normal"), ("original", "hard"), ("nyt", "ultra"), ("nyt-2023", "normal")]:
        table = client.get("/api/openers", params={"words": lst, "mode": mode}).json()
        schemas.OpenerTableReply.model_validate(table)
        exact = [r[0] for r in table["rows"] if r[2] and r[1] is not None][:1]
        bound = [r[0] for r in table["rows"] if not r[2]][:1]
        no_tree = [r[0] for r in table["rows"] if r[1] is None][:1]
        kinds |= {k for k, ws in (("exact", exact), ("bound", bound), ("inf", no_tree)) if ws}
        for word in exact + bound + no_tree:
            rank = client.get("/api/openers/rank", params={"word": word, "words": lst, "mode": mode}).json()
            schemas.OpenerRankReply.model_validate(rank)
    assert kinds == {"exact", "bound", "inf"}  # every kind of row was checked
