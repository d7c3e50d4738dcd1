"""Fault injection: every cached artifact is verified before use.

For each artifact (pattern table, prior weights, opening book, optimal tree)
and each kind of damage (random bytes, random data after an intact header, a
plausible in-range edit, truncation, zero length, a link to /dev/null, a
directory, an unreadable file, another input's file with its checksum, a
missing checksum) the answer must equal the
one computed from scratch, the damage must be reported with one notice on the
``wordlelab.cache`` logger, and, where the cache can be written, the file must
be rebuilt so that the next use is quiet.
"""

from __future__ import annotations

import builtins
import io
import json
import logging
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from wordlelab import Session, WordList, get_strategy, pattern_table
from wordlelab.cachefile import cache_dir, short_digest
from wordlelab.game import _opening_key
from wordlelab.kernels.reference import pattern_table_numpy
from wordlelab.openings import user_key
from wordlelab.prior import frequency_weights, prior_wordlist
from wordlelab.strategies.optimal import Optimal
from wordlelab.table import table_path

KINDS = [
    "random",
    "random-data",
    "plausible",
    "truncated",
    "zero",
    "devnull",
    "directory",
    "unreadable",
    "foreign",
    "no-checksum",
]


@pytest.fixture()
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def new_process() -> None:
    """Forget which cache files this process has verified, as a new process would."""
    from wordlelab import cachefile

    cachefile._VERIFIED.clear()


def sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".sum")


def replace_bytes(path: Path, data: bytes) -> None:
    """New content at ``path`` through a new file (memory maps of the old one stay valid)."""
    tmp = path.with_name(path.name + ".damage")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def make_unreadable(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening ``path`` for reading fails with EACCES (chmod does not stop root)."""
    target = os.path.abspath(path)

    def guard(real: Callable[..., Any]) -> Callable[..., Any]:
        def opener(file: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, (str, Path)) and os.path.abspath(file) == target:
                raise PermissionError(13, "Permission denied", str(file))
            return real(file, *args, **kwargs)

        return opener

    monkeypatch.setattr(os, "open", guard(os.open))
    monkeypatch.setattr(builtins, "open", guard(builtins.open))
    monkeypatch.setattr(io, "open", guard(io.open))


# -- the artifacts ----------------------------------------------------------------


class Artifact:
    """How to use one cached artifact, where it lives, and its artifact-specific damage."""

    name = ""

    def __init__(self, words: WordList) -> None:
        self.words = words
        # the same words in another order: a different digest, the same shapes
        self.other = WordList.from_words(list(reversed(words.answers)), list(reversed(words.allowed)), name="other")

    def use(self) -> Any:
        raise NotImplementedError

    def path(self) -> Path:
        raise NotImplementedError

    def make_foreign(self) -> Path:
        """Build the artifact for other inputs of the same shape; returns its path."""
        raise NotImplementedError

    def plausible(self, path: Path) -> None:
        """An edit that keeps the file well formed and its values in range."""
        raise NotImplementedError


class TableArtifact(Artifact):
    name = "table"

    def use(self) -> Any:
        arr = np.array(pattern_table(self.words))
        assert np.array_equal(arr, pattern_table_numpy(self.words.allowed_codes, self.words.answer_codes))
        return arr.tolist()

    def path(self) -> Path:
        return table_path(self.words)

    def make_foreign(self) -> Path:
        pattern_table(self.other)
        return table_path(self.other)

    def plausible(self, path: Path) -> None:
        arr = np.load(path)
        buf = io.BytesIO()
        np.save(buf, arr[[1, 0, *range(2, len(arr))]])  # two rows swapped: every value in range
        replace_bytes(path, buf.getvalue())


class PriorArtifact(Artifact):
    name = "prior"

    def use(self) -> Any:
        wl, w = prior_wordlist(self.words)
        assert np.array_equal(w, frequency_weights(list(wl.answers)))
        return w.tolist()

    def path(self) -> Path:
        (found,) = cache_dir().glob(f"prior-{self._digest(self.words)}-*.npy")
        return found

    @staticmethod
    def _digest(words: WordList) -> str:
        return short_digest(WordList(f"{words.name}+prior", words.allowed, words.allowed).digest)

    def make_foreign(self) -> Path:
        prior_wordlist(self.other)
        (found,) = cache_dir().glob(f"prior-{self._digest(self.other)}-*.npy")
        return found

    def plausible(self, path: Path) -> None:
        buf = io.BytesIO()
        np.save(buf, np.load(path)[::-1].copy())  # weights of other words, all in (0, 1)
        replace_bytes(path, buf.getvalue())


def _book_entries(data: Any) -> dict[str, Any]:
    """The entries of an opening book, whatever its layout."""
    return data["entries"] if isinstance(data, dict) and "entries" in data else data  # type: ignore[no-any-return]


def _entry_words(entry: Any) -> list[Any]:
    return entry["ranked"] if isinstance(entry, dict) else entry  # type: ignore[no-any-return]


class BookArtifact(Artifact):
    name = "book"

    def __init__(self, words: WordList) -> None:
        super().__init__(words)
        # the book is keyed by the lists, so "foreign" is another list's entry under this key
        self.other = WordList.from_words(
            ["zonal", "quack", "jumpy", "vixen", "wrung"], ["fjord", "glyph"], name="other5"
        )

    def use(self) -> Any:
        got = Session(self.words).suggest("entropy", top=8)
        want = get_strategy("entropy").rank(Session(self.words).state, 8)
        assert [(r.word, r.score) for r in got] == [(r.word, r.score) for r in want]
        return [(r.guess, r.word, r.score) for r in got]

    def path(self) -> Path:
        return cache_dir() / "openings.json"

    def key(self, words: WordList) -> str:
        strat = get_strategy("entropy")
        return user_key(_opening_key(Session(words), strat), strat)

    def make_foreign(self) -> Path:
        """A book whose entry under this list's key was made for another list."""
        Session(self.other).suggest("entropy")
        data = json.loads(self.path().read_text("utf-8"))
        entries = _book_entries(data)
        entries[self.key(self.words)] = entries.pop(self.key(self.other))
        out = self.path().with_name("foreign.json")
        out.write_text(json.dumps(data), "utf-8")
        return out

    def plausible(self, path: Path) -> None:
        data = json.loads(path.read_text("utf-8"))
        ranked = _entry_words(_book_entries(data)[self.key(self.words)])
        ranked.reverse()  # the worst of the top 10 first: every word still allowed
        replace_bytes(path, json.dumps(data).encode())


class TreeArtifact(Artifact):
    name = "tree"

    def use(self) -> Any:
        strat = Optimal(start="salet")
        state = Session(self.words).state
        tree = strat.tree(state)
        paths = [[(s.guess, s.pattern) for s in p] for p in tree.paths(state.table)]
        assert self.words.allowed[tree.root.guess] == "salet"
        assert all(len(p) <= 6 for p in paths)
        return paths, [(r.word, r.score) for r in strat.rank(state, 1)]

    def path(self) -> Path:
        return Optimal(start="salet").tree_spec(Session(self.words).state).path()

    def make_foreign(self) -> Path:
        """The tree opening with another word, for the same lists."""
        state = Session(self.words).state
        Optimal(start="crane").tree(state)
        return Optimal(start="crane").tree_spec(state).path()

    def plausible(self, path: Path) -> None:
        data = json.loads(path.read_text("utf-8"))
        node = data["tree"]
        child = next(c for c in node["children"].values() if c.get("children"))
        child["guess"] = "crane" if child["guess"] != "crane" else "soare"  # a legal guess
        replace_bytes(path, json.dumps(data, indent=1).encode())


ARTIFACTS: dict[str, type[Artifact]] = {a.name: a for a in (TableArtifact, PriorArtifact, BookArtifact, TreeArtifact)}


def damage(art: Artifact, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = art.path()
    size = path.stat().st_size
    if kind == "random":
        replace_bytes(path, np.random.default_rng(7).integers(0, 256, size, dtype=np.uint8).tobytes())
    elif kind == "random-data":  # the header (of a .npy) intact, the rest random
        head = path.read_bytes()[:128]
        rest = np.random.default_rng(8).integers(0, 256, size - len(head), dtype=np.uint8).tobytes()
        replace_bytes(path, head + rest)
    elif kind == "plausible":
        art.plausible(path)
    elif kind == "truncated":
        replace_bytes(path, path.read_bytes()[: size // 2])
    elif kind == "zero":
        replace_bytes(path, b"")
    elif kind == "devnull":
        path.unlink()
        path.symlink_to("/dev/null")
    elif kind == "directory":
        path.unlink()
        path.mkdir()
        (path / "x").write_text("x")
    elif kind == "unreadable":
        make_unreadable(path, monkeypatch)
    elif kind == "foreign":
        other = art.make_foreign()
        replace_bytes(path, other.read_bytes())
        if sidecar(other).exists():
            shutil.copyfile(sidecar(other), sidecar(path))
    elif kind == "no-checksum":
        sidecar(path).unlink(missing_ok=True)
        if art.name == "book":  # the book has no checksum file: drop its entries' checksums
            data = json.loads(path.read_text("utf-8"))
            for entry in _book_entries(data).values():
                if isinstance(entry, dict):
                    entry.pop("sha256", None)
            replace_bytes(path, json.dumps(data).encode())
    else:  # pragma: no cover
        raise AssertionError(kind)


def notices(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "wordlelab.cache"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("artifact", list(ARTIFACTS))
def test_damaged_cache_is_rebuilt_and_the_answer_stays_right(
    artifact: str,
    kind: str,
    small_words: WordList,
    private_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="wordlelab.cache")
    art = ARTIFACTS[artifact](small_words)
    want = art.use()  # built from scratch and cached
    assert art.path().is_file()
    damage(art, kind, monkeypatch)
    new_process()
    caplog.clear()
    assert art.use() == want
    said = notices(caplog)
    assert len(said) == 1 and "damaged" in said[0] and str(art.path()) in said[0], said
    if kind in ("directory", "unreadable"):  # cannot be replaced or read: in memory every time
        new_process()
        assert art.use() == want
        return
    new_process()
    caplog.clear()
    assert art.use() == want
    assert notices(caplog) == []  # rebuilt: the next process trusts it again
    assert not list(art.path().parent.glob("*.tmp"))


@pytest.mark.parametrize("artifact", list(ARTIFACTS))
def test_a_cache_that_cannot_be_written_gives_the_same_answer(
    artifact: str,
    small_words: WordList,
    private_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Every rename into the cache fails (a full disk): the answer is computed, equals
    the one a writable cache gives, nothing is logged and no temporary file is left."""
    from wordlelab import cachefile

    caplog.set_level(logging.WARNING, logger="wordlelab.cache")
    art = ARTIFACTS[artifact](small_words)

    real = os.replace

    def refuse(src: Any, dst: Any) -> None:
        if Path(dst).resolve().is_relative_to(private_cache.resolve()):
            raise OSError(28, "No space left on device")
        real(src, dst)  # numba's own cache, ...

    with monkeypatch.context() as m:
        m.setattr(cachefile.os, "replace", refuse)
        got = [art.use(), art.use()]
    left = [p.name for p in private_cache.rglob("*") if p.is_file() and not p.name.endswith(".lock")]
    assert left == []
    assert notices(caplog) == []
    want = art.use()  # writable again: built, cached, and the same
    assert art.path().is_file()
    assert got == [want, want]


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "null",
        '"book"',
        "{",
        '{"k": 1}',
        "[1, 2, 3]",
        "\ufeff{}",
        '{"format": "wordlelab-openings", "version": 2, "entries": []}',
        '{"format": "wordlelab-openings", "version": 2, "entries": {"KEY": 5}}',
        '{"format": "wordlelab-openings", "version": 2, "entries": {"KEY": {"ranked": "x", "sha256": 1}}}',
        '{"KEY": 5}',
        '{"KEY": [["zzzzz", 1.0, {}]]}',
        '{"KEY": [[1, 2]]}',
        '{"KEY": [["salet", "x", []]]}',
    ],
)
def test_opening_book_of_the_wrong_shape_never_crashes_suggest(
    text: str, small_words: WordList, private_cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="wordlelab.cache")
    session = Session(small_words)
    key = user_key(_opening_key(session, get_strategy("entropy")), get_strategy("entropy"))
    path = cache_dir() / "openings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace("KEY", key), "utf-8")
    want = get_strategy("entropy").rank(session.state, 5)
    got = session.suggest("entropy", top=5)
    assert [(r.word, r.score) for r in got] == [(r.word, r.score) for r in want]
    assert len(notices(caplog)) == 1
    caplog.clear()
    assert [r.word for r in Session(small_words).suggest("entropy", top=5)] == [r.word for r in want]
    assert notices(caplog) == []  # the book was rewritten with a sound entry


def test_table_of_another_list_with_the_same_shape_is_refused(
    small_words: WordList, private_cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Even a foreign table with its own valid checksum file: the key names other lists."""
    other = WordList.from_words(list(small_words.answers[1:]) + ["tares"], list(small_words.allowed))
    assert np.array(pattern_table(other)).shape == (len(small_words.allowed), len(small_words.answers))
    shutil.copyfile(table_path(other), table_path(small_words))
    shutil.copyfile(sidecar(table_path(other)), sidecar(table_path(small_words)))
    new_process()
    got = np.array(pattern_table(small_words))
    assert np.array_equal(got, pattern_table_numpy(small_words.allowed_codes, small_words.answer_codes))
    assert any("other inputs" in m for m in notices(caplog))


def test_a_verified_file_is_hashed_once_per_process(
    small_words: WordList, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hashlib

    from wordlelab import cachefile

    pattern_table(small_words)
    new_process()
    calls: list[int] = []
    real = hashlib.sha256

    def counting(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(cachefile.hashlib, "sha256", counting)
    for _ in range(3):
        assert isinstance(pattern_table(small_words), np.memmap)
    assert len(calls) == 1
