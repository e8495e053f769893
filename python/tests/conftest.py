"""Shared helpers: an independent Sudoku checker written from the rules,
puzzles derived at test time from one solved grid by transformations that
keep a grid valid, and the CLI binary when the run provides it."""

import os
import random
import shutil

import pytest

# A solved grid, typed in as a fact (LeetCode 37's answer).
SOLVED_GRID = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
LEETCODE37 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def units():
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    boxes = [[(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)] for br in range(3) for bc in range(3)]
    return rows + cols + boxes


UNITS = units()


def is_solution_of(puzzle, answer):
    """Whether ``answer`` (81 values 1-9) fills every unit with 1-9 and keeps
    every given of ``puzzle`` (81 values, 0 blank)."""
    if len(answer) != 81 or any(not 1 <= int(v) <= 9 for v in answer):
        return False
    if any(int(p) and int(p) != int(a) for p, a in zip(puzzle, answer)):
        return False
    return all(sorted(int(answer[i]) for i in unit) == list(range(1, 10)) for unit in UNITS)


def values(line):
    return [0 if ch in ".0" else int(ch) for ch in line]


def transformed(rng, grid=SOLVED_GRID):
    """A random valid grid: relabelled digits, rows permuted within bands,
    bands permuted, and maybe transposed."""
    cells = values(grid)
    relabel = list(range(1, 10))
    rng.shuffle(relabel)
    cells = [relabel[v - 1] for v in cells]
    bands = [0, 1, 2]
    rng.shuffle(bands)
    order = []
    for band in bands:
        rows = [0, 1, 2]
        rng.shuffle(rows)
        order.extend(band * 3 + r for r in rows)
    cells = [cells[order[r] * 9 + c] for r in range(9) for c in range(9)]
    if rng.random() < 0.5:
        cells = [cells[c * 9 + r] for r in range(9) for c in range(9)]
    return cells


def puzzle_from(rng, grid_values, keep):
    cells = list(grid_values)
    blanks = rng.sample(range(81), 81 - keep)
    for i in blanks:
        cells[i] = 0
    return cells


def line(cells):
    return "".join("." if v == 0 else str(v) for v in cells)


@pytest.fixture
def rng():
    return random.Random(20261201)


@pytest.fixture(scope="session")
def cli():
    """The gridsolve binary (GRIDSOLVE_BIN, or on the PATH)."""
    binary = os.environ.get("GRIDSOLVE_BIN") or shutil.which("gridsolve")
    if not binary:
        pytest.skip("no gridsolve binary: set GRIDSOLVE_BIN")
    return binary
