"""Sudoku, N-Queens and exact cover by backtracking: fast, verified, and
with the search shown.

The LeetCode shapes (``solve_sudoku``, ``solve_sudoku_rows``,
``is_valid_sudoku``, ``solve_n_queens``, ``total_n_queens``) paste into
solutions unchanged; the toolkit (``solve``, ``count``, ``check``,
``trace``, ``solve_variant``, ``queens_count``, the work units, exact cover)
gives the answers with the search's counters; ``hint``, ``explain`` and
``rate`` solve as people do, step by step, and rate the puzzle on the
Sudoku Explainer scale; ``generate`` makes minimal puzzles of any size;
``solve_many`` and ``count_many`` take whole NumPy batches. Every search runs in Rust with the
interpreter lock released and stops on Ctrl-C (``KeyboardInterrupt``).
Every fault in the input raises a ``PuzzleError`` (a ``ValueError``) whose
``line``, ``column`` and ``cell`` say where.

>>> import gridsolve
>>> gridsolve.total_n_queens(8)
92
>>> gridsolve.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").rows[0]
'534678912'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native
from ._native import (
    INVALID,
    NO_SOLUTION,
    SOLVED,
    STOPPED,
    GridsolveError,
    MergeError,
    PuzzleError,
)

__all__ = [
    "INVALID",
    "NO_SOLUTION",
    "SOLVED",
    "STOPPED",
    "Conflict",
    "Counted",
    "Explanation",
    "GridsolveError",
    "MergeError",
    "PuzzleError",
    "QueensCounts",
    "Rating",
    "Solved",
    "Stats",
    "Step",
    "VariantSolved",
    "check",
    "count",
    "count_many",
    "cover_count_dlx",
    "cover_solve",
    "cover_solve_dlx",
    "explain",
    "generate",
    "generate_killer",
    "hint",
    "is_valid_sudoku",
    "queens_count",
    "queens_merge",
    "queens_recount",
    "queens_run_units",
    "queens_split",
    "rate",
    "solve",
    "solve_many",
    "solve_n_queens",
    "solve_sudoku",
    "solve_sudoku_rows",
    "solve_variant",
    "total_n_queens",
    "trace",
]

__version__ = "0.1.0"

#: A classic puzzle: text in any classic form (81 characters, a 9-line
#: grid, a JSON array of 9 strings, LeetCode's array of arrays), a list of
#: 9 row strings, or LeetCode's board (9 lists of 9 one-character strings).
Puzzle = Union[str, Sequence[str], Sequence[Sequence[str]]]


def _text(puzzle: Puzzle) -> str:
    if isinstance(puzzle, str):
        return puzzle
    rows = list(puzzle)
    if all(isinstance(row, str) for row in rows):
        return "\n".join(rows)
    return json.dumps([list(row) for row in rows])


@dataclass(frozen=True)
class Stats:
    """What a search did: nodes visited, guesses (choices with more than
    one alternative open), backtracks (choices undone), solutions found."""

    nodes: int
    guesses: int
    backtracks: int
    solutions: int

    @classmethod
    def _of(cls, found: dict) -> "Stats":
        return cls(found["nodes"], found["guesses"], found["backtracks"], found["solutions"])


@dataclass(frozen=True)
class Solved:
    """The answer of :func:`solve`: the solution as 81 characters (``None``
    when there is none, or when ``stopped`` says the budget ran out first)."""

    solution: Optional[str]
    stats: Stats
    stopped: Optional[str]

    @property
    def rows(self) -> List[str]:
        """The solution as 9 row strings (empty without a solution)."""
        if self.solution is None:
            return []
        return [self.solution[i : i + 9] for i in range(0, 81, 9)]


@dataclass(frozen=True)
class Counted:
    """The answer of :func:`count`: ``verdict`` is ``"none"``, ``"unique"``,
    ``"multiple"`` or ``"unknown"`` (stopped before it could tell);
    ``solutions`` is exact unless ``limit_reached`` or ``stopped``."""

    verdict: str
    solutions: int
    limit_reached: bool
    stats: Stats
    stopped: Optional[str]

    @property
    def unique(self) -> bool:
        """Whether the puzzle was proved to have exactly one solution."""
        return self.verdict == "unique"


@dataclass(frozen=True)
class Conflict:
    """The same digit twice in one unit: ``unit`` as ``"row 1"``,
    ``"column 4"`` or ``"box 9"``, the cells as ``"r1c1"``."""

    digit: int
    unit: str
    first: str
    second: str
    message: str


@dataclass(frozen=True)
class VariantSolved:
    """The answer of :func:`solve_variant`, in the puzzle's own symbols."""

    side: int
    solution: Optional[str]
    stats: Stats
    stopped: Optional[str]

    @property
    def rows(self) -> List[str]:
        """The solution's rows (empty without a solution)."""
        return [] if self.solution is None else self.solution.splitlines()


@dataclass(frozen=True)
class QueensCounts:
    """A merged count: ``unique`` is ``None`` on boards with reserved squares."""

    total: int
    unique: Optional[int]


def solve(
    puzzle: Puzzle,
    strategy: str = "bitboard",
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Solved:
    """Solves one classic puzzle with ``strategy`` (``reading-order``,
    ``mrv``, ``propagate``, ``dlx`` or ``bitboard``), within ``max_nodes``
    nodes and ``timeout`` seconds if given."""
    found = _native.solve(_text(puzzle), strategy, max_nodes, timeout)
    return Solved(found["solution"], Stats._of(found), found["stopped"])


def count(
    puzzle: Puzzle,
    limit: Optional[int] = 2,
    strategy: str = "bitboard",
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Counted:
    """Counts the solutions of one puzzle up to ``limit`` (``None``: all),
    which is enough to prove uniqueness with the default of 2."""
    found = _native.count(_text(puzzle), limit, strategy, max_nodes, timeout)
    return Counted(
        found["verdict"], found["solutions"], found["limit_reached"], Stats._of(found), found["stopped"]
    )


def check(puzzle: Puzzle) -> List[Conflict]:
    """Every conflict of a partial or complete grid (empty: no rule broken;
    a grid without conflicts may still have no solution)."""
    return [
        Conflict(c["digit"], c["unit"], c["first"], c["second"], c["message"])
        for c in _native.check(_text(puzzle))
    ]


def trace(puzzle: Puzzle, strategy: str = "propagate", limit: int = 300) -> List[dict]:
    """The search of one puzzle as the events the CLI's ``--trace json``
    writes (one dict each), with at most ``limit`` choices recorded."""
    lines = _native.trace_json(_text(puzzle), strategy, limit)
    return [json.loads(line) for line in lines.splitlines() if line]


def solve_sudoku(board: List[List[str]]) -> None:
    """LeetCode 37: fills ``board`` (9 lists of 9 one-character strings,
    ``.`` for blank) in place. Raises ``PuzzleError`` for a malformed board
    or one without a solution."""
    rows = solve_sudoku_rows(["".join(row) for row in board])
    for row, answer in zip(board, rows):
        row[:] = list(answer)


def solve_sudoku_rows(rows: Sequence[str]) -> List[str]:
    """The 9 solved rows of a puzzle given as 9 strings (``.`` for blank)."""
    return _native.solve_sudoku_rows(list(rows))


def is_valid_sudoku(board: Sequence[Sequence[str]]) -> bool:
    """LeetCode 36: whether a partial board breaks no rule."""
    return _native.is_valid_sudoku([list(row) for row in board])


def solve_variant(
    puzzle: str,
    kind: Optional[str] = None,
    strategy: str = "bitboard",
    limit: int = 1,
    diagonals: bool = False,
    windows: bool = False,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> VariantSolved:
    """Solves a variant in any notation docs/FORMATS.md lists, recognised
    from the text: a JSON document (``{...}``, any size, jigsaw regions,
    extra units, Killer cages, its own symbols), an array of rows
    (``[[5,3,0,...],...]``), SumoCue, janko.at, the Killer text or a cage
    list, a jigsaw's region labels, or a grid of side 4 to 25; ``kind``
    (``"json"``, ``"killer"``, ``"grid"``) forces one form. ``diagonals`` adds X-Sudoku's two
    diagonals, ``windows`` windoku's four windows; ``limit`` solutions are
    counted (``stats.solutions``), the first is returned. ``strategy`` is one
    of ``solve``'s: ``reading-order``, ``mrv``, ``propagate``, ``dlx``
    (exact cover) or ``bitboard`` (the default: the classic engine on a
    plain 9x9, elsewhere singles, locked candidates and probing)."""
    found = _native.solve_variant(puzzle, kind, strategy, limit, diagonals, windows, max_nodes, timeout)
    return VariantSolved(found["side"], found["solution"], Stats._of(found), found["stopped"])


@dataclass(frozen=True)
class Step:
    """One deduction a person can make: the ``technique`` (e.g.
    ``"X-Wing"``), its Sudoku Explainer ``rating`` and its ``score`` on
    HoDoKu's scale (``None`` for a technique neither scale rates: a
    Killer's cage combinations, innies, outies and required value, and a
    forcing chain, plain or nested, on a grid other than the classic
    9x9), the sentence that says why (naming the values in the puzzle's
    own symbols), the ``cells``, ``units`` and ``digits`` that prove it,
    and the
    digits it places and the candidates it removes, as ``(cell, digit)``
    pairs (cells written ``r3c7``; a digit is its value's number, 1 for
    the alphabet's first symbol). ``vague`` and ``concrete`` are the step
    told as a hint grows (``sudoku hint --detail``): the technique to look
    for, then also its digits, units and cells, without its outcome."""

    technique: str
    rating: Optional[float]
    score: Optional[int]
    explanation: str
    cells: List[str]
    units: List[str]
    digits: List[int]
    placements: List[Tuple[str, int]]
    eliminations: List[Tuple[str, int]]
    vague: str
    concrete: str

    @classmethod
    def _of(cls, step: dict) -> "Step":
        return cls(
            step["technique"],
            step["rating"],
            step["score"],
            step["explanation"],
            step["cells"],
            step["units"],
            step["digits"],
            [tuple(move) for move in step["placements"]],
            [tuple(move) for move in step["eliminations"]],
            step["vague"],
            step["concrete"],
        )


@dataclass(frozen=True)
class Explanation:
    """The answer of :func:`explain`: the easiest step again and again;
    ``solved`` says whether the steps filled the grid (else ``left`` cells
    were still empty where no technique gridsolve knows applied);
    ``solution`` is the answer, found by search where the steps ran out;
    ``stopped`` says why the ``timeout`` cut the steps short, if it did."""

    steps: List[Step]
    solved: bool
    left: int
    solution: str
    stopped: Optional[str] = None


@dataclass(frozen=True)
class Rating:
    """The answer of :func:`rate`, on the Sudoku Explainer scale: ``er``
    the hardest step, ``ep`` the hardest up to the first placement, ``ed``
    the first step (``None`` when no step applies). When ``solved`` is
    false the techniques ran out, and ``er`` (and ``ep`` unless ``placed``)
    is a lower bound. ``level`` is the hardest technique's on HoDoKu's
    scale (``"easy"``, ``"medium"``, ``"hard"``, ``"unfair"``, ``"extreme"``),
    raised while ``score`` (the sum of HoDoKu's base scores of the steps)
    passes the level's limit; both are lower bounds too when ``solved`` is
    false. ``qqwing`` is the level on QQWing's
    scale (``"simple"``, ``"easy"``, ``"intermediate"``, ``"expert"``): the
    first whose techniques finish the puzzle. ``techniques`` counts the
    steps of each technique. ``stopped`` says why the ``timeout`` cut the rating
    short (then a lower bound), if it did."""

    er: Optional[float]
    ep: Optional[float]
    ed: Optional[float]
    solved: bool
    placed: bool
    left: int
    givens: int
    techniques: dict
    level: str
    score: int
    qqwing: str
    stopped: Optional[str] = None


def hint(puzzle: Puzzle, timeout: Optional[float] = None, scale: str = "se") -> Optional[Step]:
    """The easiest step a person can take next on ``puzzle`` (``None``
    when no technique gridsolve knows applies), in Sudoku Explainer's order
    of techniques, or HoDoKu's with ``scale="hodoku"`` (which adds its
    empty rectangle, W-Wing, finned fish and simple colours). Any grid
    other than a classic 9×9 (another size, a jigsaw, an X-Sudoku or
    windoku as a JSON document, a Killer) gets the techniques that reason
    about units alone (singles, locked candidates, subsets, basic fish),
    a Killer's cage techniques, and last forcing chains, plain and nested
    (which can take seconds a step on big grids). A puzzle whose clues
    conflict or that has no solution raises :class:`PuzzleError`;
    ``timeout`` seconds passing first raise :class:`TimeoutError` (the
    forcing chains of the hardest puzzles can take seconds).

    >>> gridsolve.hint("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").explanation
    'In box 2, 8 fits only in r1c6 (hidden single)'
    """
    step = _native.hint(_text(puzzle), timeout, scale)
    return None if step is None else Step._of(step)


def explain(puzzle: Puzzle, timeout: Optional[float] = None, scale: str = "se") -> Explanation:
    """Every step from ``puzzle`` to its answer, the easiest each time (in
    ``scale``'s order, as for :func:`hint`), for at most ``timeout`` seconds."""
    found = _native.explain(_text(puzzle), timeout, scale)
    return Explanation(
        [Step._of(step) for step in found["steps"]], found["solved"], found["left"], found["solution"], found["stopped"]
    )


def rate(puzzle: Puzzle, timeout: Optional[float] = None, scale: str = "se") -> Rating:
    """The difficulty of ``puzzle`` (a classic 9×9 puzzle, in any notation)
    on the Sudoku Explainer scale, within ``timeout`` seconds; a puzzle
    with more than one solution (or none) raises :class:`PuzzleError`. With ``scale="hodoku"`` the level and
    score come from a second path, in HoDoKu's order."""
    found = _native.rate(_text(puzzle), timeout, scale)
    return Rating(
        found["er"],
        found["ep"],
        found["ed"],
        found["solved"],
        found["placed"],
        found["left"],
        found["givens"],
        dict(found["techniques"]),
        found["level"],
        found["score"],
        found["qqwing"],
        found["stopped"],
    )


def generate(
    size: int = 9,
    seed: int = 0,
    diagonals: bool = False,
    windows: bool = False,
    timeout: Optional[float] = None,
) -> str:
    """A random minimal puzzle with one solution, as one line of symbols
    (``.`` for blank): side ``size`` (4, 6, 8, 9, 10, 12, 15, 16, 20 or 25);
    with X-Sudoku's ``diagonals`` or windoku's ``windows`` if asked, as its
    JSON document on one line, which says those units. The
    same ``seed`` gives the same puzzle (as ``gridsolve sudoku generate
    --seed``); a 25x25 can take minutes, ``timeout`` (seconds) bounds it."""
    return _native.generate(size, seed, diagonals, windows, timeout)


def generate_killer(
    size: int = 9,
    seed: int = 0,
    cage_size: Tuple[int, int] = (2, 5),
    diagonals: bool = False,
    windows: bool = False,
    timeout: Optional[float] = None,
) -> str:
    """A random Killer puzzle with one solution: cages of ``cage_size``
    (least, most) cells covering a grid of side ``size``, no givens, as
    ``gridsolve sudoku generate --killer`` writes it (a blank grid and a
    line ``sum cell cell ...`` per cage, or with ``diagonals`` or
    ``windows`` the JSON document). The same ``seed`` gives the same
    puzzle, which :func:`solve_variant` reads back."""
    return _native.generate_killer(size, seed, cage_size, diagonals, windows, timeout)


def _cells(puzzles: Union[np.ndarray, Sequence[str]]) -> np.ndarray:
    if isinstance(puzzles, np.ndarray):
        if puzzles.ndim != 2 or puzzles.shape[1] != 81:
            raise PuzzleError(f"expected an array of shape (N, 81), found {puzzles.shape}")
        if puzzles.dtype != np.uint8:
            raise PuzzleError(f"expected dtype uint8 (0 for blank), found {puzzles.dtype}")
        # The workers read the array in place (a copy only if it is a view
        # whose rows are not contiguous).
        return np.ascontiguousarray(puzzles)
    return _native.parse_puzzles([_text(p) for p in puzzles])


def solve_many(
    puzzles: Union[np.ndarray, Sequence[str]],
    threads: int = 1,
    strategy: str = "bitboard",
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """Solves a batch: an ``(N, 81)`` ``uint8`` array (0 for blank) or a
    list of puzzle strings. Returns the ``(N, 81)`` answers (zeros where
    there is none) and an ``(N,)`` status array: ``SOLVED``,
    ``NO_SOLUTION``, ``STOPPED`` (budget or Ctrl-C) or ``INVALID`` (a value
    above 9, or a string that does not parse). ``threads`` solve in Rust
    with the interpreter lock released; ``timeout`` is per puzzle."""
    return _native.solve_array(_cells(puzzles), threads, strategy, max_nodes, timeout)


def count_many(
    puzzles: Union[np.ndarray, Sequence[str]],
    limit: int = 2,
    threads: int = 1,
    strategy: str = "bitboard",
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """Counts the solutions of every puzzle of a batch up to ``limit``:
    an ``(N,)`` ``uint64`` array of counts and the status array of
    :func:`solve_many` (``SOLVED`` meaning counted, to the end or to the
    limit)."""
    return _native.count_array(_cells(puzzles), limit, threads, strategy, max_nodes, timeout)


def _board(blocked: Union[None, str, Sequence[str]]) -> Optional[str]:
    if blocked is None or isinstance(blocked, str):
        return blocked
    return "\n".join(blocked)


def solve_n_queens(n: int) -> List[List[str]]:
    """LeetCode 51: every placement of ``n`` queens, as rows of ``Q`` and
    ``.``, in lexicographic order of the queens' columns."""
    return _native.solve_n_queens(n)


def total_n_queens(n: int) -> int:
    """LeetCode 52: the number of placements of ``n`` queens."""
    return _native.queens_count(n)


def queens_count(
    n: int,
    unique: bool = False,
    blocked: Union[None, str, Sequence[str]] = None,
    threads: int = 1,
    timeout: Optional[float] = None,
) -> int:
    """The number of placements of ``n`` queens; ``unique`` counts one per
    class of rotations and reflections; ``blocked`` (rows of ``.`` free and
    ``*`` reserved, as a string or a list) reserves squares."""
    return _native.queens_count(n, unique, _board(blocked), threads, timeout)


def queens_split(n: int, depth: int, blocked: Union[None, str, Sequence[str]] = None) -> List[str]:
    """The work units of a count of ``n`` queens split after ``depth`` rows,
    as the JSON lines ``gridsolve queens split`` writes."""
    return _native.queens_split(n, depth, _board(blocked))


def queens_run_units(units: Sequence[str]) -> List[str]:
    """Counts each work unit, answering its result as the JSON line
    ``gridsolve queens run-task`` writes."""
    return _native.queens_run_units(list(units))


def queens_merge(results: Sequence[Tuple[str, str]]) -> QueensCounts:
    """Adds up unit results, each given as ``(where it came from, JSON
    line)``, after checking that they are every unit of one split exactly
    once; raises ``MergeError`` naming the first unit missing, doubled,
    unfinished or foreign."""
    total, unique = _native.queens_merge(list(results))
    return QueensCounts(total, unique)


def queens_recount(results: Sequence[Tuple[str, str]]) -> List[str]:
    """Counts the unit of each result (``(where it came from, JSON line)``)
    again and compares every figure (``total``, ``unique``, ``nodes``, the
    same on every run of a unit); returns the disagreements, each as
    ``"where: what differs"``, empty when every result is right."""
    return _native.queens_recount(list(results))


def cover_solve(
    items: Sequence[str],
    options: Sequence[Sequence[str]],
    secondary: Optional[Sequence[str]] = None,
    limit: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> List[List[int]]:
    """Exact cover by Algorithm X on dancing links: the solutions (up to
    ``limit``), each as the indices of its options in increasing order.
    Every primary item is covered exactly once, every ``secondary`` item at
    most once."""
    return _native.cover_solve(
        list(items),
        [list(option) for option in options],
        None if secondary is None else list(secondary),
        limit,
        max_nodes,
        timeout,
    )


def cover_solve_dlx(text: str, limit: Optional[int] = None) -> List[List[str]]:
    """The solutions of a problem in Knuth's DLX text (first line: the
    items, ``|`` before the secondary ones; then one option a line), each
    as its option lines."""
    return _native.cover_solve_dlx(text, limit)


def cover_count_dlx(text: str, max_nodes: Optional[int] = None, timeout: Optional[float] = None) -> int:
    """The number of solutions of a problem in Knuth's DLX text."""
    return _native.cover_count_dlx(text, max_nodes, timeout)
