"""The JSON the endpoints answer with, declared: one model per response.

The routes name them as their documented 200 answers (``responses=``), so
``/openapi.json`` and the /api page describe every field the pages read.  The
endpoint functions still return plain dicts (built where the figures are
computed); ``tests/web/test_web_api.py`` validates real answers against these
models, which forbid undeclared fields, so a field added to an answer but not
here fails a test instead of going undocumented.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CompareReply",
    "ExplainReply",
    "GameReply",
    "MetaReply",
    "NewGameReply",
    "ReviewReply",
    "SuggestReply",
    "TreeReply",
    "TreesReply",
]


class _Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Step(_Reply):
    """One move as the pages draw it."""

    guess: str = Field(description="the guessed word")
    pattern: str = Field(description="its colours as digits: 0 grey, 1 yellow, 2 green, first letter first")
    marks: list[int] = Field(description="the same colours, one number per letter")


class Suggestion(_Reply):
    """One ranked guess; besides these, every figure the strategy computed (e.g.
    ``entropy``, ``expected``, ``parts``, ``largest``)."""

    model_config = ConfigDict(extra="allow")

    guess: str = Field(description="the word to play")
    score: float = Field(description="what the strategy sorts on (see score_label, higher_is_better)")
    candidate: bool = Field(description="whether the guess can still be the answer")


class Bucket(_Reply):
    pattern: str = Field(description="the colours")
    count: int = Field(description="how many candidates show them")


class Split(_Reply):
    """How the best guess splits the candidates: the largest buckets, and the rest summed."""

    guess: str
    buckets: list[Bucket]
    other_buckets: int = Field(description="buckets not listed")
    other_count: int = Field(description="candidates in the buckets not listed")


class Likely(_Reply):
    word: str
    probability: float = Field(description="by word frequency, among the candidates")


class SuggestReply(_Reply):
    """The answer of POST /api/suggest."""

    words: str = Field(description="the list's name")
    widened: bool = Field(
        description="true once the colours ruled out every answer of the list: the candidates are then "
        "every allowed word that fits, weighted by how common it is"
    )
    notice: str | None = Field(description="what to tell the player when the list was widened (else null)")
    excluded: int = Field(description="words taken out of the answers by `exclude`")
    likely: list[Likely] = Field(description="once widened, the most likely candidates (else empty)")
    length: int = Field(description="letters per word")
    mode: str = Field(description="normal, hard or ultra")
    strategy: str = Field(description="the strategy, with its options")
    higher_is_better: bool = Field(description="how to read each suggestion's score")
    score_label: str = Field(description="what the score is")
    history: list[Step]
    solved: bool
    candidates: int = Field(description="answers still possible")
    candidate_words: list[str] = Field(description="the first of them (at most `show`)")
    suggestions: list[Suggestion] = Field(description="the best next guesses, best first")
    split: Split | None = Field(description="how the best guess splits the candidates (none when solved)")


class SplitFigures(_Reply):
    parts: int = Field(description="non-empty buckets")
    largest: int = Field(description="candidates in the largest bucket")
    expected: float = Field(description="candidates left on average")
    entropy: float = Field(description="bits of information on average")


class ExplainBucket(_Reply):
    pattern: str
    marks: list[int]
    count: int
    words: list[str] = Field(description="the first of its candidates (at most `show`)")
    more: int = Field(description="candidates not listed")


class ExplainReply(_Reply):
    """The answer of POST /api/explain."""

    words: str
    widened: bool = Field(description="as in /api/suggest: the list was ruled out and widened")
    notice: str | None
    mode: str
    guess: str
    history: list[Step]
    candidates: int
    guess_is_candidate: bool
    stats: SplitFigures
    buckets: list[ExplainBucket]


class NewGameReply(_Reply):
    """The answer of POST /api/play/new."""

    token: str = Field(description="the game: send it back with every guess (it hides the answer)")
    words: str
    length: int
    mode: str
    max_guesses: int


class GameReply(_Reply):
    """The answer of POST /api/play/guess."""

    rows: list[Step] = Field(description="every guess so far with its colours")
    won: bool
    over: bool
    mode: str
    answer: str | None = Field(description="the answer, once the game is over")


class ReviewTurn(_Reply):
    guess: str
    pattern: str
    marks: list[int]
    candidates_before: int
    left: int = Field(description="candidates the played guess left")
    expected_left: float = Field(description="candidates it would leave on average")
    best_guess: str = Field(description="the strategy's choice at that point")
    best_left: int = Field(description="candidates the best guess would have left against this answer")
    best_expected_left: float
    skill: float = Field(description="100 x the guess's entropy / the best legal guess's entropy")
    luck: float = Field(description="0.5 an average outcome, near 1 the best possible, near 0 the worst")


class ReviewReply(_Reply):
    """The answer of POST /api/play/review."""

    answer: str
    won: bool
    strategy: str = Field(description="the strategy the guesses are compared with")
    mean_skill: float
    mean_luck: float
    turns: list[ReviewTurn]


class Results(_Reply):
    """One strategy's benchmark, as ``wordlelab bench --json`` writes it."""

    strategy: str
    words: str
    mode: str
    rule: str
    games: int
    complete: bool
    opening: str | None
    start: str | None
    seed: int | None
    mean: float | None = Field(description="guesses per game, every game counted")
    std: float | None
    max: int
    mean_wins: float | None = Field(description="guesses per won game")
    win_rate: float | None
    wins: int
    busts: int = Field(description="games over the guess limit")
    unsolved: int
    histogram: dict[str, int] = Field(description="games by guesses, up to the limit")
    full_histogram: dict[str, int] = Field(description="games by guesses, every count")
    hardest: list[tuple[str, int]] = Field(description="the answers that took the most guesses")
    seconds: float
    nodes: int = Field(description="strategy calls (one per node of the game tree)")
    max_turns: int


class CompareReply(_Reply):
    """The answer of POST /api/compare."""

    words: str
    mode: str
    results: list[Results]


class StrategyOption(_Reply):
    name: str
    type: str
    default: bool | int | float | str | None
    minimum: float | None = None
    word: bool | None = None


class StrategyInfo(_Reply):
    name: str
    description: str
    higher_is_better: bool
    score: str = Field(description="what its score is")
    expensive: bool = Field(description="computed in a worker process, under the time limit")
    options: list[StrategyOption]


class ListInfo(_Reply):
    name: str
    description: str


class Limits(_Reply):
    max_body_bytes: int
    timeout_s: float
    max_custom_answers: int
    max_custom_allowed: int
    slow_workers: int
    slow_queue: int
    fast_workers: int = Field(description="threads for the cheap requests that still cost some work")
    fast_queue: int = Field(description="such requests waiting beyond those threads, before a 503")
    max_custom_bytes: int
    max_history: int
    max_top: int
    max_show: int
    max_exclude: int
    compare_max_games: int


class MetaReply(_Reply):
    """The answer of GET /api/meta."""

    version: str
    lists: list[ListInfo]
    default_list: str = Field(description="the list of the library, benchmarks and Compare")
    daily_list: str = Field(description="the list the Assistant and Play use by default: the current answer pool")
    strategies: list[StrategyInfo]
    default_strategy: str
    max_guesses: int
    limits: Limits


class TreeSource(_Reply):
    """A tree the explorer can open; its figures as its file's header writes them."""

    id: str = Field(description="what to send as `tree` to /api/tree")
    origin: str = Field(description="shipped with the package, or cached by a search")
    name: str
    words: str | None
    mode: str | None
    total: int | str | None
    mean: float | str | None
    proven: bool


class TreesReply(_Reply):
    """The answer of GET /api/trees."""

    trees: list[TreeSource]
    max_tree_chars: int = Field(description="the longest tree text an upload may have")


class TreeNode(_Reply):
    """One node of a tree: the guess played there and the answers that reach it."""

    guess: str
    pattern: str | None = Field(description="the colours that lead here (none at the root)")
    answers: int = Field(description="answers that reach the node")
    total: int = Field(description="guesses those answers still need, this node's guess included")
    worst: int = Field(description="the most guesses any of them needs from here")
    solved: bool = Field(description="the node's guess is one of its answers")
    children: list[TreeNode]


class TreeReply(_Reply):
    """The answer of POST /api/tree: the verified tree, its figures and every node."""

    source: str
    words: str
    mode: str
    answers: int
    allowed: int
    opener: str
    max_guesses: int
    guess_pool: str = Field(description="all allowed guesses, or answers only")
    proven: bool
    verified: bool
    total: int
    mean: float
    max: int
    histogram: dict[str, int] = Field(description="answers by guesses")
    nodes: int
    root: TreeNode


class OpenerBest(_Reply):
    word: str
    total: int | None = Field(description="null when no opener finds every answer within the cap")


class TableRef(_Reply):
    words: str
    mode: str


class OpenerTableReply(_Reply):
    """The answer of GET /api/openers: every opener of a shipped table."""

    words: str
    mode: str
    answers: int
    openers: int
    exact: int = Field(description="rows with an exact total (or proven to have no tree)")
    best: OpenerBest
    rows: list[tuple[str, int | None, bool]] = Field(
        description="[word, total, exact] for every opener, best first; total null: no tree within the cap"
    )
    computed: list[str] = Field(description="rows made exact by the user's store of computed totals")
    tables: list[TableRef] = Field(description="the tables there are")


class OpenerRankReply(_Reply):
    """The answer of GET /api/openers/rank and POST /api/openers/compute."""

    word: str
    total: int | None = Field(description="exact, or the proven lower bound; null: no tree within the cap")
    exact: bool
    computed: bool = Field(description="exact from the user's store (computed on this machine)")
    shown: str = Field(description="the total as the pages show it (`>= N` for a bound)")
    rank: str = Field(description="a rank or a range (`3-4`, `>= 8`)")
    rank_lo: int
    rank_hi: int
    openers: int
    answers: int
    mean: float | None
    gap: int | None = Field(description="guesses more than the best opener's total")
    best: str
    best_total: int | None
    words: str
    mode: str
