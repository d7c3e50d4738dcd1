"""The JSON API in-process (Starlette's TestClient): answers agree with the library,
every bad input is a 4xx with a JSON error, limits hold, slow requests do not block."""

from __future__ import annotations

import itertools
import re
import threading
import time
from typing import Any

import numpy as np
import pytest
import web_support
from fastapi.testclient import TestClient
from web_support import BASE_URL

from wordlelab import Game, Session, feedback, format_pattern, get_strategy, strategy_names
from wordlelab.kernels import partition_stats
from wordlelab.simulate import run_benchmark
from wordlelab.web import Limits, create_app, engine
from wordlelab.web import app as web_app
from wordlelab.web import compare as web_compare
from wordlelab.web.lists import Lists
from wordlelab.words import BUILTIN_LISTS


def custom(words: Any) -> dict[str, Any]:
    return {"answers": list(words.answers), "allowed": list(words.allowed), "name": "small"}


def error(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert set(body) == {"error", "kind", "detail"}
    assert isinstance(body["error"], str) and body["error"]
    return body


# -- meta and pages ------------------------------------------------------------------------


def test_meta_lists_registry_and_builtin_lists(client: Any) -> None:
    m = client.get("/api/meta").json()
    assert [s["name"] for s in m["strategies"]] == strategy_names()
    assert [x["name"] for x in m["lists"]] == list(BUILTIN_LISTS)
    assert m["default_strategy"] in strategy_names()
    entropy = next(s for s in m["strategies"] if s["name"] == "entropy")
    assert entropy["higher_is_better"] is True and entropy["expensive"] is False
    optimal = next(s for s in m["strategies"] if s["name"] == "optimal")
    assert optimal["expensive"] is True


@pytest.mark.parametrize("name", ["entropy", "minimax", "most-popular"])
def test_meta_score_label_names_the_figure_the_suggestions_carry(client: Any, name: str) -> None:
    """The label /api/meta gives a strategy's score is the figure its suggestions hold
    beside ``score`` (not a generic "score" the suggestions do not carry); /api/suggest
    names it too, for the Assistant page's own-score column."""
    m = client.get("/api/meta").json()
    label = next(s["score"] for s in m["strategies"] if s["name"] == name)
    d = client.post("/api/suggest", json={"strategy": name, "top": 3}).json()
    assert d["score_label"] == label and d["suggestions"]
    for s in d["suggestions"]:
        assert label in set(s) - {"guess", "score", "candidate"}
        assert s[label] == pytest.approx(s["score"])


@pytest.mark.parametrize("path", ["/", "/play", "/explain", "/compare", "/tree", "/openers", "/api"])
def test_pages_are_served_with_a_strict_csp(client: Any, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert "/static/common.js" in r.text
    assert "http://" not in r.text and "https://" not in r.text  # nothing from the internet
    nav = re.search(r"<nav>(.*?)</nav>", r.text, re.DOTALL)
    assert nav is not None
    links = re.findall(r'<a href="([^"]*)">([^<]*)</a>', nav.group(1))
    assert links == [
        ("/", "Assistant"),
        ("/play", "Play"),
        ("/explain", "Explain"),
        ("/compare", "Compare"),
        ("/tree", "Tree"),
        ("/openers", "Openers"),
        ("/api", "API"),
    ]


def test_static_files_and_openapi(client: Any) -> None:
    assert client.get("/static/common.js").status_code == 200
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/suggest",
        "/api/explain",
        "/api/play/new",
        "/api/play/guess",
        "/api/play/review",
        "/api/compare",
        "/api/meta",
    ):
        assert path in spec["paths"]
    error(client.get("/api/nope"), 404)


# -- suggest ---------------------------------------------------------------------------------


def test_suggest_opening_matches_library(client: Any, words: Any, table: Any) -> None:
    r = client.post("/api/suggest", json={"words": "original", "top": 3, "show": 10})
    assert r.status_code == 200
    d = r.json()
    expected = Session(words, table=table).suggest("entropy", 3)
    assert [s["guess"] for s in d["suggestions"]] == [x.word for x in expected]
    assert d["suggestions"][0]["entropy"] == pytest.approx(expected[0].stats["entropy"])
    assert d["candidates"] == len(words.answers) and len(d["candidate_words"]) == 10
    split = d["split"]
    assert split["guess"] == expected[0].word
    total = sum(b["count"] for b in split["buckets"]) + split["other_count"]
    assert total == len(words.answers)
    counts = [b["count"] for b in split["buckets"]]
    assert counts == sorted(counts, reverse=True)


def test_suggest_after_history_matches_library(client: Any, words: Any, table: Any) -> None:
    history = [{"guess": "SALET", "pattern": "bbygb"}, {"guess": "crony", "pattern": "🟨⬛⬛⬛⬛"}]
    r = client.post("/api/suggest", json={"words": "original", "history": history, "strategy": "minimax", "top": 5})
    assert r.status_code == 200, r.text
    d = r.json()
    s = Session(words, table=table)
    s.play("salet", "00120")
    s.play("crony", "10000")
    assert d["candidates"] == len(s.candidates)
    assert d["candidate_words"] == s.candidate_words
    assert [x["guess"] for x in d["suggestions"]] == [x.word for x in s.suggest(get_strategy("minimax"), 5)]
    assert [h["pattern"] for h in d["history"]] == ["00120", "10000"]
    assert d["history"][0]["marks"] == [0, 0, 1, 2, 0]
    assert d["strategy"] == "minimax" and d["higher_is_better"] is False


def test_suggest_solved_has_no_suggestions(client: Any) -> None:
    d = client.post("/api/suggest", json={"history": [{"guess": "cigar", "pattern": "22222"}]}).json()
    assert d["solved"] is True and d["suggestions"] == [] and d["split"] is None
    assert d["candidate_words"] == ["cigar"]


def test_suggest_hard_mode(client: Any) -> None:
    hist = [{"guess": "salet", "pattern": "00120"}]
    d = client.post("/api/suggest", json={"history": hist, "hard": True, "top": 10}).json()
    for s in d["suggestions"]:
        assert "e" in s["guess"] and s["guess"][3] == "e"  # keeps the green E and... the E
    bad = hist + [{"guess": "crony", "pattern": "00000"}]
    body = error(client.post("/api/suggest", json={"history": bad, "hard": True}), 400)
    assert body["kind"] == "HardModeError" and "move 2 (crony)" in body["error"]


@pytest.mark.parametrize(
    ("payload", "kind", "needle"),
    [
        ({"history": [{"guess": "qzxvj", "pattern": "00000"}]}, "InvalidWordError", "not in the allowed"),
        ({"history": [{"guess": "sal", "pattern": "000"}]}, "InvalidWordError", "5-letter"),
        ({"history": [{"guess": "salet", "pattern": "0012"}]}, "InvalidPatternError", "4 marks"),
        ({"history": [{"guess": "salet", "pattern": "zz?zz"}]}, "InvalidPatternError", "not a mark"),
        ({"history": [{"guess": "salet", "pattern": 999}]}, "InvalidPatternError", "out of range"),
        (
            {"history": [{"guess": "cigar", "pattern": "22222"}, {"guess": "crane", "pattern": "0"}]},
            "GameOverError",
            "already solved",
        ),
        (
            {"history": [{"guess": "salet", "pattern": "00120"}, {"guess": "livor", "pattern": "22222"}]},
            "InconsistentFeedbackError",
            "move 2",
        ),
        ({"strategy": "telepathy"}, "UnknownStrategyError", "choose one of"),
        ({"strategy": "entropy", "options": {"depth": 3}}, "InvalidOptionError", "bad options"),
    ],
)
def test_suggest_library_errors_are_4xx_json(client: Any, payload: dict[str, Any], kind: str, needle: str) -> None:
    r = client.post("/api/suggest", json=payload)
    body = error(r, 409 if kind == "GameOverError" else 400)
    assert body["kind"] == kind
    assert needle in body["error"]


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"words": "/etc/passwd"}, "words"),
        ({"top": 0}, "top"),
        ({"top": 51}, "top"),
        ({"show": -1}, "show"),
        ({"history": [{"guess": "salet"}]}, "history.0.pattern"),
        ({"history": [{"guess": "salet", "pattern": "0", "x": 1}]}, "history.0.x"),
        ({"history": [{"guess": "salet", "pattern": "00000"}] * 31}, "history"),
        ({"surprise": True}, "surprise"),
        ({"custom": {"answers": []}}, "custom.answers"),
        ({"custom": {"answers": ["cigar"] * 3001}}, "custom.answers"),
        ({"history": [{"guess": "x" * 17, "pattern": "0"}]}, "history.0.guess"),
    ],
)
def test_invalid_bodies_are_422_naming_the_field(client: Any, payload: dict[str, Any], field: str) -> None:
    body = error(client.post("/api/suggest", json=payload), 422)
    assert body["kind"] == "ValidationError"
    assert body["detail"][0]["field"] == field
    assert field in body["error"]


def test_unknown_list_message_says_what_to_do(client: Any) -> None:
    body = error(client.post("/api/suggest", json={"words": "/etc/passwd"}), 422)
    assert "choose one of original" in body["error"] and "custom" in body["error"]


def test_not_json_is_422(client: Any) -> None:
    r = client.post("/api/suggest", content=b"salet 00120", headers={"content-type": "application/json"})
    error(r, 422)


def test_body_size_limit() -> None:
    with TestClient(create_app(Limits(max_body_bytes=2000)), base_url=BASE_URL) as c:
        ok = c.post("/api/suggest", json={"top": 1, "show": 0})
        assert ok.status_code == 200
        big = {"custom": {"answers": ["cigar"] * 400}}
        body = error(c.post("/api/suggest", json=big), 413)
        assert body["kind"] == "BodyTooLarge" and "2000 bytes" in body["error"]

        # a streamed (chunked) body without Content-Length is cut off too
        def chunks() -> Any:
            yield b'{"custom": {"answers": ['
            for _ in range(400):
                yield b'"cigar",'
            yield b'"rebut"]}}'

        error(c.post("/api/suggest", content=chunks(), headers={"content-type": "application/json"}), 413)


# -- custom lists --------------------------------------------------------------------------


def test_custom_list_suggest_and_explain(client: Any, small_words: Any) -> None:
    r = client.post("/api/suggest", json={"custom": custom(small_words), "top": 3, "show": 100})
    assert r.status_code == 200, r.text
    d = r.json()
    assert d["words"] == "small" and d["candidates"] == len(small_words.answers)
    assert d["candidate_words"] == list(small_words.answers)
    assert all(s["guess"] in small_words.allowed for s in d["suggestions"])
    bad = {"answers": ["cigar", "rebut", "toolong"]}
    body = error(client.post("/api/suggest", json={"custom": bad}), 400)
    assert body["kind"] == "WordListError" and "toolong" in body["error"]


def test_custom_lists_are_cached_in_memory_and_bounded_by_bytes(small_words: Any) -> None:
    from wordlelab.web.models import SuggestRequest

    def req(answers: list[str]) -> SuggestRequest:
        return SuggestRequest(custom={"answers": answers})

    one = Lists().get(req(list(small_words.answers[:10]))).table.nbytes
    lists = Lists(max_custom_bytes=2 * one)  # room for two tables of this size
    a = lists.get(req(list(small_words.answers[:10])))
    assert not a.table.flags.writeable  # built in memory, read-only like a cached table
    assert lists.get(req(list(small_words.answers[:10]))) is a
    b = lists.get(req(list(reversed(small_words.answers[:10]))))
    assert lists.get(req(list(small_words.answers[:10]))) is a  # a is now the most recent
    lists.get(req(list(small_words.answers[1:11])))  # b, the least recent, goes
    assert lists.custom_digests() == [a.words.digest, lists.get(req(list(small_words.answers[1:11]))).words.digest]
    assert lists.custom_bytes <= 2 * one
    assert lists.get(req(list(reversed(small_words.answers[:10])))) is not b  # evicted, rebuilt


# -- explain ---------------------------------------------------------------------------------


def test_explain_partition_table_is_exact(client: Any, words: Any, table: Any) -> None:
    hist = [{"guess": "salet", "pattern": "00120"}]
    r = client.post("/api/explain", json={"words": "original", "history": hist, "guess": "livor", "show": 1000})
    assert r.status_code == 200, r.text
    d = r.json()
    s = Session(words, table=table)
    s.play("salet", "00120")
    cands = s.candidate_words
    assert d["candidates"] == len(cands) and d["guess"] == "livor"
    seen = []
    for b in d["buckets"]:
        assert b["count"] == len(b["words"]) and b["more"] == 0
        for w in b["words"]:
            assert format_pattern(feedback("livor", w)) == b["pattern"]
        seen += b["words"]
    assert sorted(seen) == sorted(cands)
    parts, largest, sumsq, entropy = partition_stats(table, np.array([words.guess_id("livor")]), s.candidates, 243)
    assert d["stats"]["parts"] == parts[0] and d["stats"]["largest"] == largest[0]
    assert d["stats"]["expected"] == pytest.approx(sumsq[0] / len(cands))
    assert d["stats"]["entropy"] == pytest.approx(entropy[0])


def test_explain_truncates_words_and_checks_the_guess(client: Any) -> None:
    d = client.post("/api/explain", json={"words": "original", "guess": "salet", "show": 2}).json()
    top = d["buckets"][0]
    assert len(top["words"]) == 2 and top["more"] == top["count"] - 2
    assert sum(b["count"] for b in d["buckets"]) == 2315
    body = error(client.post("/api/explain", json={"guess": "zzzzz"}), 400)
    assert body["kind"] == "InvalidWordError"
    hard = {"guess": "crony", "hard": True, "history": [{"guess": "salet", "pattern": "00120"}]}
    assert error(client.post("/api/explain", json=hard), 400)["kind"] == "HardModeError"


# -- play ------------------------------------------------------------------------------------


def new_game(client: Any, **body: Any) -> str:
    r = client.post("/api/play/new", json=body)
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    assert "cigar" not in token
    return token


def test_play_a_chosen_game_and_review_it(client: Any, words: Any, table: Any) -> None:
    token = new_game(client, words="original", answer="cigar")
    played: list[str] = []
    for word in ["salet", "rocky"]:
        d = client.post(
            "/api/play/guess", json={"words": "original", "token": token, "guesses": played, "guess": word}
        ).json()
        played.append(word)
        assert d["rows"][-1]["pattern"] == format_pattern(feedback(word, "cigar"))
        assert d["over"] is False and d["answer"] is None  # the answer stays hidden
    error(client.post("/api/play/review", json={"words": "original", "token": token, "guesses": played}), 409)
    d = client.post(
        "/api/play/guess", json={"words": "original", "token": token, "guesses": played, "guess": "cigar"}
    ).json()
    played.append("cigar")
    assert d["won"] and d["over"] and d["answer"] == "cigar" and len(d["rows"]) == 3
    body = error(
        client.post("/api/play/guess", json={"words": "original", "token": token, "guesses": played, "guess": "crane"}),
        409,
    )
    assert "over" in body["error"]

    rv = client.post("/api/play/review", json={"words": "original", "token": token, "guesses": played}).json()
    turns = rv["turns"]
    assert rv["answer"] == "cigar" and [t["guess"] for t in turns] == played
    assert turns[0]["candidates_before"] == 2315
    for a, b in itertools.pairwise(turns):
        assert a["left"] == b["candidates_before"]
    assert turns[-1]["left"] == 0
    # the best guess of the first turn is the strategy's opener, and its count is right
    opener = Session(words, table=table).suggest("entropy", 1)[0].word
    assert turns[0]["best_guess"] == opener
    p = feedback(opener, "cigar")
    assert turns[0]["best_left"] == sum(feedback(opener, w) == p for w in words.answers)
    assert all(0 <= t["skill"] <= 100 and 0 <= t["luck"] <= 1 for t in turns)


def test_play_random_seeded_and_tokens(client: Any, small_words: Any) -> None:
    t1 = new_game(client, seed=7)
    t2 = new_game(client, seed=7)
    assert t1 != t2  # fresh nonce each time ...
    g1 = client.post("/api/play/guess", json={"token": t1, "guess": "salet"}).json()
    g2 = client.post("/api/play/guess", json={"token": t2, "guess": "salet"}).json()
    assert g1["rows"] == g2["rows"]  # ... same answer
    for bad in ["", "abc", t1[:-2] + ("AA" if not t1.endswith("AA") else "BB")]:
        body = error(client.post("/api/play/guess", json={"token": bad, "guess": "salet"}), 400)
        assert body["kind"] == "BadTokenError" and "new game" in body["error"]
    # a token only opens for its own word list
    body = error(
        client.post("/api/play/guess", json={"token": t1, "guess": "cigar", "custom": custom(small_words)}), 400
    )
    assert body["kind"] == "BadTokenError"
    # a token from another server (other secret) is refused
    with TestClient(create_app(), base_url=BASE_URL) as other:
        error(other.post("/api/play/guess", json={"token": t1, "guess": "salet"}), 400)
    error(client.post("/api/play/new", json={"answer": "salet"}), 400)  # a guess, not an answer


def test_play_lost_game_and_hard_mode(client: Any, words: Any, table: Any) -> None:
    token = new_game(client, answer="cigar", hard=True)
    played: list[str] = []
    body = error(client.post("/api/play/guess", json={"token": token, "guesses": ["salet"], "guess": "pound"}), 400)
    assert body["kind"] == "HardModeError"  # SALET showed a yellow A
    referee = Game("cigar", words, rules="hard", table=table)
    for _ in range(6):  # the first hard-mode-legal word that is not the answer, six times
        word = next(w for i, w in enumerate(words.allowed) if w != "cigar" and i in set(referee.state.legal.tolist()))
        referee.guess(word)
        d = client.post("/api/play/guess", json={"token": token, "guesses": played, "guess": word}).json()
        assert "rows" in d, d
        played.append(word)
    assert d["over"] and not d["won"] and d["answer"] == "cigar"
    rv = client.post("/api/play/review", json={"token": token, "guesses": played}).json()
    assert len(rv["turns"]) == 6 and rv["won"] is False
    assert all(t["left"] >= 1 for t in rv["turns"])


# -- limits: time, busy, other users ---------------------------------------------------------


def test_time_limit_answers_503_and_others_are_served(monkeypatch: Any) -> None:
    monkeypatch.setattr(web_compare, "compare", web_support.sleep_then_answer)  # 30 s
    with TestClient(create_app(Limits(timeout_s=0.5)), base_url=BASE_URL) as c:
        results: dict[str, Any] = {}
        slow = threading.Thread(
            target=lambda: results.setdefault("slow", c.post("/api/compare", json={"strategies": ["entropy"]}))
        )
        slow.start()
        time.sleep(0.05)
        fast = c.post("/api/suggest", json={"top": 1, "show": 0})  # served meanwhile
        assert fast.status_code == 200
        slow.join(10)
        body = error(results["slow"], 503)
        assert body["kind"] == "TimeLimit" and "0.5 s" in body["error"]
        assert c.app.state.runner.slow.admitted == 0


def test_expensive_pool_refuses_when_full(monkeypatch: Any) -> None:
    monkeypatch.setattr(web_compare, "compare", web_support.sleep_then_answer)
    with TestClient(create_app(Limits(slow_workers=1, slow_queue=0, timeout_s=3)), base_url=BASE_URL) as c:
        runner = c.app.state.runner.slow
        results: dict[str, Any] = {}
        t = threading.Thread(
            target=lambda: results.setdefault("first", c.post("/api/compare", json={"strategies": ["entropy"]}))
        )
        t.start()
        deadline = time.monotonic() + 10
        while runner.admitted == 0:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        body = error(c.post("/api/compare", json={"strategies": ["minimax"]}), 503)
        assert body["kind"] == "Busy"
        assert c.post("/api/suggest", json={"top": 1, "show": 0}).status_code == 200
        t.join(10)
        assert error(results["first"], 503)["kind"] == "TimeLimit"


# -- compare ---------------------------------------------------------------------------------


def test_compare_on_demand_matches_benchmark(client: Any, small_words: Any) -> None:
    r = client.post("/api/compare", json={"custom": custom(small_words), "strategies": ["entropy", "minimax"]})
    assert r.status_code == 200, r.text
    d = r.json()
    assert [x["strategy"] for x in d["results"]] == ["entropy", "minimax"]
    direct = run_benchmark(small_words, "entropy").to_dict()
    got = d["results"][0]
    for key in ("games", "mean", "max", "histogram", "opening"):
        assert got[key] == direct[key]
    assert got["words"] == "small"

    s = client.post("/api/compare", json={"strategies": ["entropy"], "sample": 25, "seed": 3}).json()
    assert s["results"][0]["games"] == 25
    assert sum(s["results"][0]["histogram"].values()) == 25


def test_compare_limits(client: Any) -> None:
    body = error(client.post("/api/compare", json={"strategies": ["entropy"] * 6}), 400)
    assert "sample" in body["error"]  # 6 x 2315 games is over the limit
    assert error(client.post("/api/compare", json={"strategies": ["nope"]}), 400)["kind"] == "UnknownStrategyError"
    error(client.post("/api/compare", json={"strategies": []}), 422)


def test_compare_stops_at_its_deadline() -> None:
    from wordlelab.web.models import CompareRequest

    ctx = engine.make_context(b"k")
    req = CompareRequest(strategies=["entropy"])  # all 2315 answers: seconds of work
    with pytest.raises(web_app.TimeLimitError):
        web_compare.compare(ctx, req, 12000, time.monotonic() - 1)
    # a deadline that passes mid-run stops the benchmark walk instead of finishing it
    with pytest.raises(web_app.TimeLimitError):
        web_compare.compare(ctx, req, 12000, time.monotonic() + 0.05)


# -- today's puzzle: the current pool, the widened list, excluded words ----------------------


def test_daily_pages_default_to_the_current_pool(client: Any) -> None:
    m = client.get("/api/meta").json()
    assert m["daily_list"] == "nyt-2023" and m["default_list"] == "original"
    assert m["limits"]["max_exclude"] >= 3158
    d = client.post("/api/suggest", json={"top": 1, "show": 0}).json()
    assert d["words"] == "nyt-2023" and d["candidates"] == 3158 and d["widened"] is False


def test_suggest_widens_instead_of_blaming_the_colours(client: Any) -> None:
    history = [{"guess": g, "pattern": p} for g, p in (("soare", "20200"), ("thilk", "00000"), ("unlit", "12000"))]
    r = client.post("/api/suggest", json={"words": "original", "history": history, "top": 3})
    assert r.status_code == 200, r.text
    d = r.json()
    assert d["widened"] is True and "no answer of the list original fits" in d["notice"]
    assert d["candidate_words"] == ["snafu"] and d["likely"] == [{"word": "snafu", "probability": 1.0}]
    assert d["suggestions"][0]["guess"] == "snafu" and d["suggestions"][0]["candidate"] is True
    e = client.post("/api/explain", json={"words": "original", "history": history, "guess": "snafu"}).json()
    assert e["widened"] is True and e["candidates"] == 1 and e["buckets"][0]["words"] == ["snafu"]
    # colours no allowed word shows are still refused, as a typing mistake
    bad = error(client.post("/api/suggest", json={"history": [{"guess": "soare", "pattern": "22221"}]}), 400)
    assert bad["kind"] == "InconsistentFeedbackError" and "check the colours" in bad["error"]


def test_suggest_leaves_excluded_words_out_of_the_candidates(client: Any) -> None:
    history = [{"guess": "salet", "pattern": "00120"}]
    full = client.post("/api/suggest", json={"history": history, "top": 3}).json()
    gone = full["candidate_words"][:3]
    d = client.post("/api/suggest", json={"history": history, "top": 3, "exclude": [w.upper() for w in gone]}).json()
    assert d["candidates"] == full["candidates"] - 3 and d["excluded"] == 3
    assert not set(gone) & set(d["candidate_words"])
    # the opening too, ranked on what is left (not the book's)
    opening = client.post("/api/suggest", json={"top": 2, "show": 0, "exclude": gone}).json()
    assert opening["candidates"] == 3158 - 3


@pytest.mark.parametrize(
    ("exclude", "status", "text"),
    [
        (["cig4r"], 400, "not a 5-letter word"),
        (["cigars"], 400, "not a 5-letter word"),
        (["x" * 17], 422, ""),
        (["cigar"] * 5001, 422, ""),
        ("cigar", 422, ""),
    ],
)
def test_bad_exclusions_are_4xx(client: Any, exclude: Any, status: int, text: str) -> None:
    body = error(client.post("/api/suggest", json={"exclude": exclude}), status)
    assert text in body["error"]


def test_the_api_docs_are_plain_text(client: Any) -> None:
    """The /api page shows each endpoint's description as text: no reStructuredText
    markup (roles, double backquotes) nor the docstring's line breaks."""
    spec = client.get("/openapi.json").json()
    descriptions = [op["description"] for ops in spec["paths"].values() for op in ops.values()]
    assert len(descriptions) >= 10
    for text in descriptions:
        assert "``" not in text and not re.search(r":[a-z]+:`", text), text
        assert all("\n" not in p for p in text.split("\n\n")), text
    compare = spec["paths"]["/api/compare"]["post"]["description"]
    assert "one Results.to_dict() per strategy" in compare


def test_plain_text_drops_roles_and_keeps_paragraphs() -> None:
    from wordlelab.web.routes import plain_text

    doc = "A :func:`~wordlelab.search.verify_tree` of\n    ``tree`` (:mod:`.trees`).\n\n    Next."
    assert plain_text(doc) == "A verify_tree of tree (trees).\n\nNext."


def _ok(resp: Any) -> Any:
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_every_answer_is_the_model_openapi_documents(client: Any) -> None:
    """Each endpoint's real answer validates against the model /openapi.json names for
    it (the models forbid undeclared fields: a field added to an answer must be
    documented), for a sample of requests that reach every optional part."""
    from wordlelab.web import schemas

    spec = client.get("/openapi.json").json()
    documented = {
        path: ops[method]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
        for path, ops in spec["paths"].items()
        for method in ops
        if path.startswith(("/api/meta", "/api/suggest", "/api/explain", "/api/play", "/api/compare"))
    }
    assert len(documented) == 7
    history = [{"guess": "salet", "pattern": "00120"}]
    token = new_game(client, answer="cigar")
    answers = {
        "/api/meta": [_ok(client.get("/api/meta"))],
        "/api/suggest": [
            _ok(client.post("/api/suggest", json={"top": 3})),
            _ok(client.post("/api/suggest", json={"history": history, "strategy": "minimax", "hard": True})),
            _ok(client.post("/api/suggest", json={"history": [{"guess": "cigar", "pattern": "22222"}]})),
        ],
        "/api/explain": [_ok(client.post("/api/explain", json={"history": history, "guess": "crane", "show": 2}))],
        "/api/play/new": [_ok(client.post("/api/play/new", json={"seed": 1}))],
        "/api/play/guess": [
            _ok(client.post("/api/play/guess", json={"token": token, "guesses": [], "guess": "crane"})),
            _ok(client.post("/api/play/guess", json={"token": token, "guesses": ["crane"], "guess": "cigar"})),
        ],
        "/api/play/review": [
            _ok(client.post("/api/play/review", json={"token": token, "guesses": ["crane", "cigar"]}))
        ],
        "/api/compare": [
            _ok(client.post("/api/compare", json={"strategies": ["entropy", "minimax"], "sample": 20, "seed": 1}))
        ],
    }
    assert set(answers) == set(documented)
    for path, bodies in answers.items():
        model = getattr(schemas, documented[path])
        for body in bodies:
            model.model_validate(body)
    assert answers["/api/play/guess"][1]["answer"] == "cigar"
    with pytest.raises(ValueError, match="undeclared"):  # the check can fail
        schemas.SuggestReply.model_validate({**answers["/api/suggest"][0], "undeclared": 1})
