"""A bounded fuzz of the JSON API: hypothesis draws request bodies field by field from
the request models (valid values, values of the wrong type or range, huge numbers,
NaN and infinities, lone surrogates, unknown fields) and every answer must be JSON
with a status below 500.  300 requests in the normal run (the same ones each time);
the ``slow`` marker runs ten times as many, drawn afresh.

The bodies stay cheap to answer (expensive strategies and benchmarks get a small
custom list), so no answer is a 503 for the time limit: a 5xx here is a bug.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_support import BASE_URL

from wordlelab.strategies import strategy_class, strategy_names
from wordlelab.strategies.base import option_specs
from wordlelab.web import Limits, create_app
from wordlelab.web.models import MAX_HISTORY
from wordlelab.words import BUILTIN_LISTS

#: requests per endpoint in the normal run (300 in all; suggest has the most fields) and
#: with the slow marker (ten times as many, and a fresh random draw each run)
NORMAL_EXAMPLES = {
    "/api/suggest": 150,
    "/api/explain": 30,
    "/api/play/new": 30,
    "/api/play/guess": 30,
    "/api/play/review": 30,
    "/api/compare": 30,
}
SLOW_FACTOR = 10

SMALL = {
    "answers": [
        "cigar",
        "rebut",
        "sissy",
        "humph",
        "awake",
        "blush",
        "focal",
        "evade",
        "naval",
        "serve",
        "heath",
        "dwarf",
        "model",
        "karma",
        "stink",
        "grade",
        "quiet",
        "bench",
    ],
    "allowed": ["salet", "soare", "crane", "eerie", "llama", "geese"],
    "name": "fuzz",
}
WORDS = SMALL["answers"] + SMALL["allowed"] + ["trace", "zzzzz", "sal", "toolong", "SALET", " crane "]
CHEAP = [n for n in strategy_names() if not strategy_class(n).expensive]
OPTION_NAMES = sorted({o.name for n in strategy_names() for o in option_specs(n)})
WITH_OPTIONS = [n for n in strategy_names() if option_specs(n)]

# -- values ------------------------------------------------------------------------------

#: any text, lone surrogates included
any_text = st.text(st.characters(exclude_categories=()), max_size=24)
numbers = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, -1, 1, 2**63, -(2**63), 10**400, 1e308, 0.5]),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, any_text)
junk = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(any_text, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def rarely_junk(draw: Any, good: st.SearchStrategy[Any]) -> Any:
    """Inside a list: nearly always a value of the right kind, one time in 20 anything.
    (A drawn integer, not ``one_of``: hypothesis does not pick branches uniformly.)"""
    return draw(junk) if draw(st.integers(0, 19)) == 10 else draw(good)


# Good values (of the right kind, many of them still wrong: unknown words, bad
# colours, out of range); a body gets junk in at most one field (see bodies()).
words = st.sampled_from(WORDS)
patterns = st.one_of(
    st.sampled_from(["00120", "gy..g", "GYBBG", "🟩🟨⬛⬛🟩", "22222", "0012", "zz?zz", "00000"]),
    st.integers(min_value=-5, max_value=300),
)
moves = st.lists(
    rarely_junk(st.fixed_dictionaries({"guess": rarely_junk(words), "pattern": rarely_junk(patterns)})),
    max_size=4,
)
list_choice = {
    "words": st.sampled_from([*BUILTIN_LISTS, *BUILTIN_LISTS, "nope", "../../etc/passwd"]),
    "custom": st.one_of(
        st.just(SMALL),
        st.just({"answers": ["cigar", "toolong"]}),
        st.just({"answers": ["ab", "cd"], "allowed": ["ef"]}),
        st.fixed_dictionaries({"answers": st.lists(rarely_junk(words), min_size=1, max_size=5)}),
    ),
}


@st.composite
def option_values(draw: Any) -> Any:
    """A value for a strategy option: each kind (bool, whole number, other number, text,
    anything) as likely as the others, since the kind is what an option must check."""
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(st.booleans())
    if kind == 1:
        return draw(st.sampled_from([0, -1, 1, 3, 10**40, -(2**63)]) | st.integers())
    if kind == 2:
        return draw(st.sampled_from([2.5, 1e999, -1e999, float("nan"), 1e300, -0.0]) | st.floats())
    if kind == 3:
        return draw(
            st.sampled_from(["false", "no", "0", "true", "crane", "zzzzz", "salet", "\ud800", "", " ", "1e999"])
            | any_text
        )
    return draw(junk)


strategy_name = st.sampled_from([*strategy_names(), "telepathy"])
options = st.dictionaries(
    st.sampled_from(OPTION_NAMES) | any_text,
    option_values(),
    max_size=3,
)


@st.composite
def small_ints(draw: Any) -> int:
    """A count in range, one time in five one just outside it."""
    if draw(st.integers(0, 4)) == 2:
        return draw(st.sampled_from([-1, 0, 51, 3001]))
    return draw(st.integers(min_value=1, max_value=50))


small_int = small_ints()
played = st.lists(rarely_junk(words), max_size=7)

FIELDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "/api/suggest": {
        **list_choice,
        "strategy": strategy_name,
        "options": options,
        "hard": st.booleans(),
        "history": moves,
        "top": small_int,
        "show": small_int,
    },
    "/api/explain": {**list_choice, "hard": st.booleans(), "history": moves, "guess": words, "show": small_int},
    "/api/play/new": {**list_choice, "hard": st.booleans(), "answer": words, "seed": numbers},
    "/api/play/guess": {**list_choice, "token": any_text, "guesses": played, "guess": words},
    "/api/play/review": {
        **list_choice,
        "token": any_text,
        "strategy": strategy_name,
        "guesses": st.lists(rarely_junk(words), min_size=1, max_size=7),
    },
    "/api/compare": {
        **list_choice,
        "strategies": st.lists(strategy_name, max_size=3),
        "hard": st.booleans(),
        "sample": small_int,
        "seed": numbers,
    },
}


#: fields without a default (sent nearly always: the body is then valid often enough
#: for the request to reach the library)
REQUIRED = {"guess", "token", "guesses", "strategies"}


@st.composite
def bodies(draw: Any, path: str, games: list[tuple[str, Any]]) -> dict[str, Any]:
    fields = dict(FIELDS[path])
    required = {k: v for k, v in fields.items() if k in REQUIRED}
    optional = {k: v for k, v in fields.items() if k not in REQUIRED}
    body = draw(st.fixed_dictionaries(required, optional=optional))
    if "token" in fields and draw(st.integers(0, 3)) != 2:
        # a real game's token, mostly with the list it was made for
        body["token"], game_list = draw(st.sampled_from(games))
        if draw(st.integers(0, 3)) != 2:
            body.pop("words", None)
            body["custom"] = game_list
    if path == "/api/suggest" and draw(st.integers(0, 3)) != 2:
        # a strategy with options, and its own options with values of every type and range
        named = draw(st.sampled_from(WITH_OPTIONS))
        own = [o.name for o in option_specs(named)]
        body["strategy"] = named
        body["options"] = draw(st.dictionaries(st.sampled_from(own), option_values(), min_size=1, max_size=2))
    spoil = draw(st.integers(0, 7))
    if spoil in (3, 4):  # one field of any type
        body[draw(st.sampled_from(sorted(fields)))] = draw(junk)
    elif spoil == 5:  # an unknown field
        body[draw(any_text)] = draw(junk)
    # keep every request cheap: expensive work gets the small list
    names = body.get("strategies") if path == "/api/compare" else [body.get("strategy")]
    expensive = path == "/api/compare" or any(
        isinstance(n, str) and n in strategy_names() and n not in CHEAP for n in names or []
    )
    if expensive and not isinstance(body.get("custom"), dict):
        body["custom"] = SMALL
    return body


@pytest.fixture(scope="module")
def fuzz_client() -> Iterator[tuple[Any, list[tuple[str, Any]]]]:
    """The client, and games to play: (token, the custom list it was made for or None)."""
    with TestClient(create_app(Limits(timeout_s=60)), base_url=BASE_URL) as c:
        games = []
        for body in (
            {"answer": "cigar"},
            {"custom": SMALL, "answer": "cigar"},
            {"custom": SMALL, "answer": "rebut", "hard": True},
        ):
            r = c.post("/api/play/new", json=body)
            assert r.status_code == 200, r.text
            games.append((r.json()["token"], body.get("custom")))
        yield c, games


def check(resp: Any, body: Any) -> None:
    assert resp.status_code < 500, (body, resp.status_code, resp.text[:500])
    assert resp.headers["content-type"].startswith("application/json"), resp.text[:200]
    data = resp.json()
    if resp.status_code >= 400:
        assert set(data) == {"error", "kind", "detail"}, data
        assert isinstance(data["error"], str) and data["error"] and len(data["error"]) < 2100


def post(client: Any, path: str, body: Any) -> Any:
    # json.dumps writes NaN and Infinity literals and escapes lone surrogates
    # (\ud800): the server must cope with both
    return client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})


def run_fuzz(fuzz_client: tuple[Any, list[tuple[str, Any]]], path: str, examples: int, *, fixed: bool) -> None:
    """``examples`` requests to ``path``; ``fixed``: the same ones every run (a fixed seed)."""
    client, games = fuzz_client

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=fixed,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(body=bodies(path, games))
    def fuzz(body: dict[str, Any]) -> None:
        check(post(client, path, body), body)

    fuzz()


@pytest.mark.parametrize("path", sorted(FIELDS))
def test_fuzzed_requests_never_get_a_5xx(fuzz_client: tuple[Any, list[tuple[str, Any]]], path: str) -> None:
    run_fuzz(fuzz_client, path, NORMAL_EXAMPLES[path], fixed=True)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(FIELDS))
def test_fuzzed_requests_never_get_a_5xx_long(fuzz_client: tuple[Any, list[tuple[str, Any]]], path: str) -> None:
    run_fuzz(fuzz_client, path, SLOW_FACTOR * NORMAL_EXAMPLES[path], fixed=False)


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"{",
        b"[]",
        b"null",
        b"1e999",
        b'"x"',
        b"\xff\xfe",
        b'{"history": 1e999}',
        b'{"top": 1' + b"0" * 5000 + b"}",
        b'{"top": NaN}',
        b'{"top": Infinity}',
        b'{"strategy": "\\ud800"}',
        b"[" * 10000 + b"]" * 10000,
    ],
)
def test_raw_bodies_never_get_a_5xx(fuzz_client: tuple[Any, list[tuple[str, Any]]], raw: bytes) -> None:
    client, _ = fuzz_client
    for path in sorted(FIELDS):
        check(client.post(path, content=raw, headers={"content-type": "application/json"}), raw[:50])


def test_history_at_the_limit_is_cheap(fuzz_client: tuple[Any, list[tuple[str, Any]]]) -> None:
    client, _ = fuzz_client
    body = {"history": [{"guess": "salet", "pattern": "00000"}] * MAX_HISTORY}
    check(post(client, "/api/suggest", body), body)
