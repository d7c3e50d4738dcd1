"""The interactive prompts in a real terminal: `assist` and `play` run as
subprocesses on a pseudo-terminal (stdlib ``pty``), typed at with the keys a
person presses: up-arrow (``ESC [ A``) recalls the previous line, Tab completes,
Ctrl-C and Ctrl-D end the prompt the way the command promises.  And a Ctrl-C
while any command is still starting (importing) exits 130 without a traceback;
and `optimal` shows a spinner while it searches.
"""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from wordlelab import feedback, format_pattern, load_wordlist

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

UP = b"\x1b[A"
CTRL_C = b"\x03"
CTRL_D = b"\x04"
ENTER = b"\r"
#: colours, cursor moves, bracketed-paste switches: what a terminal does not print
_ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])")
ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


def _plain(data: bytes) -> str:
    return _ANSI.sub(b"", data).decode("utf-8", "replace").replace("\r", "")


def _take_terminal() -> None:  # in the child, after setsid: the pty is its controlling terminal
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A command running on a pseudo-terminal, with what it wrote so far."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "wordlelab", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=_take_terminal,  # noqa: PLW1509 (no threads of ours in the test process)
        )
        os.close(slave)
        self.fd = master
        self.out = b""
        self.seen = 0  # how much of ``out`` earlier expects consumed

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the command closed the terminal
            return False
        self.out += chunk
        return bool(chunk)

    def expect(self, text: str, timeout: float = 120) -> str:
        """Wait until ``text`` is printed (after what earlier calls matched); the
        output up to it, without terminal codes."""
        deadline = time.monotonic() + timeout
        while True:
            plain = _plain(self.out)
            at = plain.find(text, self.seen)
            if at >= 0:
                before, self.seen = plain[self.seen : at], at + len(text)
                return before
            late = time.monotonic() > deadline
            if late or (not self._read(min(1.0, deadline - time.monotonic())) and self.proc.poll() is not None):
                raise AssertionError(f"{text!r} never came; the terminal shows:\n{plain}")

    def send(self, data: bytes, timeout: float = 60) -> None:
        """Type ``data`` once the prompt waits for keys: readline has switched the
        terminal out of line mode (``ICANON``) and the command sleeps in the kernel,
        waiting for input.  (Keys typed before that, faster than any person types,
        may be read as a plain line, and a Ctrl-C that comes just before Python's
        readline waits is only seen at the next key.)"""
        deadline = time.monotonic() + timeout
        while not self._waiting():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise AssertionError(f"the prompt never read keys; the terminal shows:\n{_plain(self.out)}")
            self._read(0.02)
        os.write(self.fd, data)

    def _waiting(self) -> bool:
        if termios.tcgetattr(self.fd)[3] & termios.ICANON:
            return False
        try:
            state = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            where = Path(f"/proc/{self.proc.pid}/wchan").read_text()
        except OSError:  # no /proc: give readline a moment instead
            time.sleep(0.2)
            return True
        return state == "S" and (where in ("", "0") or "poll" in where or "select" in where)

    def finish(self, timeout: float = 60) -> tuple[int, str]:
        """The exit status and everything printed after the last :meth:`expect`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self._read(0.5):
            pass
        try:
            code = self.proc.wait(max(1.0, deadline - time.monotonic()))
        finally:
            os.close(self.fd)
        return code, _plain(self.out)[self.seen :]


@pytest.fixture
def term_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """The environment of a command on the terminal (its own cache folder, where
    the history goes; no user readline set-up) and a small word list."""
    words = tmp_path / "small.txt"
    words.write_text("\n".join(ANSWERS) + "\n")
    env = dict(os.environ, WORDLELAB_CACHE_DIR=str(tmp_path / "cache"), TERM="xterm", INPUTRC="/dev/null")
    env["PYTHONPATH"] = os.pathsep.join(p for p in [str(Path(__file__).parents[2] / "src"), env.get("PYTHONPATH")] if p)
    return env, words


def _spaced(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _answer(words: Path, seed: int) -> str:
    """The hidden word of `play --seed SEED` on the list file ``words``."""
    return random.Random(seed).choice(load_wordlist(str(words)).answers)


def _move(word: str, answer: str) -> str:
    return f"{word} {format_pattern(feedback(word, answer))}"


@pytest.mark.parametrize("key", [CTRL_C, CTRL_D], ids=["ctrl-c", "ctrl-d"])
def test_assist_recalls_a_line_with_up_arrow_and_prints_the_game_on_exit(
    term_env: tuple[dict[str, str], Path], key: bytes
) -> None:
    env, words = term_env
    t = Terminal(["assist", "--words", str(words), "--hard"], env)
    t.expect("wordlelab assistant — list small: 10 answers, 10 guesses, hard mode")
    t.expect("> ")
    first = _move("blush", "sissy")
    t.send(first.encode() + ENTER)
    t.expect("candidate")
    t.expect("> ")
    # up-arrow brings the line back and Enter sends it again: the same move twice is refused
    t.send(UP + ENTER)
    refusal = t.expect("> ")
    assert first in refusal  # the recalled line, shown at the prompt
    assert "blush was already played as move 1; a repeated guess can never add information" in refusal
    t.send(key)
    code, rest = t.finish()
    assert code == 0, rest
    assert "Traceback" not in rest
    history = f"blush:{format_pattern(feedback('blush', 'sissy'))}"
    assert f'wordlelab suggest --history "{history}" --hard --words {words}' in rest
    # the history of the assist prompt is kept in the cache folder
    kept = (Path(env["WORDLELAB_CACHE_DIR"]) / "history" / "assist").read_text()
    assert first in kept


@pytest.mark.parametrize(
    "args,result",
    [
        (["optimal", "--start", "blush"], "BLUSH (normal mode, cap 6): total "),
        (["openers", "--exact", "--top", "2", "--workers", "1"], "[2/2] "),
    ],
    ids=["optimal", "openers-exact"],
)
def test_a_search_shows_a_spinner_at_a_terminal_and_not_in_a_pipe(
    term_env: tuple[dict[str, str], Path], args: list[str], result: str
) -> None:
    """`optimal` and `openers --exact` say what they are doing while they
    search (the first search on a machine compiles it first, a minute or two):
    a spinner line at a terminal, erased when the result is printed; nothing of
    it when stderr is a pipe."""
    from wordlelab.cli.optimal import _SEARCHING

    env, words = term_env
    env = dict(env, WORDLELAB_CACHE_DIR=env["WORDLELAB_CACHE_DIR"] + "-" + args[0])
    t = Terminal([*args, "--words", str(words)], env)
    t.expect(_SEARCHING)
    t.expect(result)
    code, rest = t.finish()
    assert code == 0, rest
    env = dict(env, WORDLELAB_CACHE_DIR=env["WORDLELAB_CACHE_DIR"] + "-piped")
    piped = subprocess.run(
        [sys.executable, "-m", "wordlelab", *args, "--words", str(words)],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert piped.returncode == 0, piped.stderr
    assert result in piped.stdout + piped.stderr
    assert "searching" not in piped.stderr + piped.stdout


def test_play_recalls_a_guess_completes_a_word_and_reveals_the_answer_on_ctrl_c(
    term_env: tuple[dict[str, str], Path],
) -> None:
    env, words = term_env
    t = Terminal(["play", "--words", str(words), "--seed", "3"], env)
    t.expect("guess 1> ")
    t.send(b"help" + ENTER)
    assert "Type a 5-letter word" in t.expect("guess 1> ")
    word = "blush" if _answer(words, 3) != "blush" else "cigar"
    t.send(word[:3].encode() + b"\t" + ENTER)  # Tab completes the only word starting so
    tiles = " ".join(word.upper())
    assert tiles in _spaced(t.expect("guess 2> "))
    t.send(UP + ENTER)  # the previous line again (help came before it)
    again = t.expect("guess 3> ")
    assert word in again and tiles in _spaced(again)
    cleared = len(t.out)
    t.send(b"\x0c")  # Ctrl-L: readline clears the screen and shows the prompt again
    t.expect("guess 3> ")
    assert b"\x1b[2J" in t.out[cleared:] and b"^L" not in t.out
    t.send(CTRL_C)
    code, rest = t.finish()
    assert code == 1, rest
    assert "Traceback" not in rest
    # the line the prompt was on is ended before the answer is revealed
    assert re.match(r"\s*\nThe word was [A-Z]{5}\.\n", rest), rest


def test_play_ctrl_d_reveals_the_answer(term_env: tuple[dict[str, str], Path]) -> None:
    env, words = term_env
    t = Terminal(["play", "--words", str(words), "--seed", "3"], env)
    t.expect("guess 1> ")
    t.send(CTRL_D)
    code, rest = t.finish()
    assert code == 1 and "The word was" in rest, rest


def _src_env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2] / "src"))


@pytest.mark.parametrize("after", ["wordlelab._startup", "wordlelab.cli._app", "numpy", "numba"])
def test_ctrl_c_while_a_command_imports_exits_130_quietly(after: str) -> None:
    """A Ctrl-C while the command is still importing (numpy, numba, the search:
    most of a second for `tree`) exits 130, with nothing on stdout and no
    traceback.  The child reports each import it finished (``-X importtime``);
    the Ctrl-C is sent as soon as ``after`` is reported: from the first module
    wordlelab imports on."""
    proc = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "wordlelab", "tree"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_src_env(),
    )
    assert proc.stderr is not None
    lines = []
    for line in proc.stderr:
        lines.append(line)
        if line.split(b"|")[-1].strip() == after.encode():
            break
    else:
        pytest.fail(f"{after} was never imported:\n" + b"".join(lines).decode())
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err.decode()[-2000:]
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    assert out == b""


def test_a_light_command_imports_neither_numpy_nor_the_search() -> None:
    """`wordlelab --help`, `--version` and the light commands answer at once: they
    import no numpy, numba, search or web server (bench/bench_startup.py times them)."""
    heavy = {"numpy", "numba", "wordlelab.search", "wordlelab.strategies", "fastapi", "uvicorn", "matplotlib"}
    for args in (["--help"], ["--version"], ["feedback", "speed", "erase"], ["lists"], ["openers", "--rank", "salet"]):
        proc = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "wordlelab", *args],
            capture_output=True,
            env=_src_env(),
            timeout=120,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr.decode()[-2000:]
        imported = {line.split(b"|")[-1].strip().decode() for line in proc.stderr.splitlines() if b"|" in line}
        assert not imported & heavy, (args, imported & heavy)
        if args == ["--version"]:
            assert proc.stdout.decode().startswith("wordlelab ")


def test_ctrl_c_in_the_first_third_of_a_second_exits_130_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", "lists"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_src_env()
    )
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    if proc.returncode == 0:  # a fast machine: the command had finished
        assert b"original" in out
        return
    assert proc.returncode == 130, err.decode()
    assert err.strip() == b"" and out == b""
