"""``wordlelab strategies``: whole sentences, no markup, one naming style, and
options written the way ``bench --option`` takes them."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from wordlelab.cli import app
from wordlelab.cli.bench import parse_option
from wordlelab.strategies import strategy_class, strategy_names
from wordlelab.strategies.base import _summary, parse_options

runner = CliRunner()
KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def _listing() -> str:
    r = runner.invoke(app, ["strategies"], env={"COLUMNS": "250"})
    assert r.exit_code == 0, r.output
    return r.output


def _rows(text: str) -> dict[str, tuple[str, list[str]]]:
    """name -> (description, option cells), the wrapped lines of a row joined."""
    rows: dict[str, tuple[str, list[str]]] = {}
    name = ""
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if len(cells) != 3:
            continue
        if cells[0]:
            name = cells[0]
            rows[name] = (cells[1], [cells[2]] if cells[2] else [])
        elif name:
            desc, opts = rows[name]
            rows[name] = (f"{desc} {cells[1]}".strip(), opts + ([cells[2]] if cells[2] else []))
    return rows


def test_every_description_is_a_whole_sentence_without_markup() -> None:
    for name in strategy_names():
        text = strategy_class(name).description
        assert text.endswith((".", ")")), f"{name}: {text!r}"
        assert "``" not in text and ":class:" not in text, f"{name}: {text!r}"
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), f"{name} names a snake_case strategy: {text!r}"
    assert strategy_class("minimax").description.endswith("ties by fewer expected remaining.")
    assert strategy_class("random").description.endswith("fixed by --seed.")


def test_a_description_is_the_first_paragraph_on_one_line() -> None:
    doc = """Smallest worst case: the guess whose ``largest``
    bucket is smallest; ties by
    fewer expected remaining.

    More detail that is not listed."""
    assert (
        _summary(doc)
        == "Smallest worst case: the guess whose largest bucket is smallest; ties by fewer expected remaining."
    )


def test_listing_names_are_kebab_case_and_old_names_still_work() -> None:
    rows = _rows(_listing())
    assert set(rows) == set(strategy_names())
    assert all(KEBAB.fullmatch(n) for n in rows)
    for old, new in [("sc_added", "sc-added"), ("set_in_prod", "set-in-prod"), ("in_words", "in-words")]:
        assert strategy_class(old) is strategy_class(new)
    assert "minimax" in rows and rows["minimax"][0].endswith("ties by fewer expected remaining.")
    assert "``" not in _listing()


def test_every_option_shown_is_accepted_by_bench_option() -> None:
    text = _listing()
    assert "--option NAME=VALUE" in text  # how to set them is said once, below the table
    rows = _rows(text)
    shown = 0
    for name, (_, cells) in rows.items():
        for cell in cells:
            if cell.startswith("--seed"):
                assert strategy_class(name).randomized
                continue
            option, _, default = cell.partition(" (")[0].partition("=")
            assert KEBAB.fullmatch(option), f"{name}: {cell!r}"
            if default == "...":
                continue
            # the text as a user would copy it onto `bench --option`
            parse_options(name, dict([parse_option(f"{option}={default}")]))
            shown += 1
    assert shown >= 30
    assert "candidates-only=false" in rows["entropy"][1][0]
    assert rows["random"][1] == ["--seed N (default 0)"]


def test_json_lists_every_strategy() -> None:
    r = runner.invoke(app, ["strategies", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert sorted(data) == strategy_names() and data["minimax"] == strategy_class("minimax").description
