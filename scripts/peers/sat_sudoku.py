#!/usr/bin/env python3
"""Times CaDiCaL (PyPI's python-sat) on square Sudoku puzzles of any box size.

Each puzzle file holds one grid on one line, symbols 1-9 then A-Z, `.` or
`0` for a blank (what `gridsolve sudoku generate --size N` writes). The
encoding is the usual one: a variable per cell and value; each cell takes
at least and at most one value; each row, column and box holds each value
at least once and at most once (pairwise); the givens are unit clauses.
For each file it prints the seconds to the first solution ("first") and
to the proof that no second one exists, the first blocked ("total"),
start-up and encoding excluded, and checks the answer against the givens;
then the median, p99 and largest of each over the files.

    python3 scripts/peers/sat_sudoku.py PUZZLE...
"""
import itertools
import math
import sys
import time

from pysat.solvers import Cadical153

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def read(path):
    text = "".join(open(path).read().split())
    side = math.isqrt(len(text))
    assert side * side == len(text), f"{path}: {len(text)} cells is not a square grid"
    values = [0 if ch in ".0" else SYMBOLS.index(ch.upper()) + 1 for ch in text]
    return side, values


def units(side):
    box = math.isqrt(side)
    rows = [[r * side + c for c in range(side)] for r in range(side)]
    cols = [[r * side + c for r in range(side)] for c in range(side)]
    boxes = [
        [(br + r) * side + bc + c for r in range(box) for c in range(box)]
        for br in range(0, side, box)
        for bc in range(0, side, box)
    ]
    return rows + cols + boxes


def clauses(side, values):
    var = lambda cell, value: cell * side + value  # value from 1
    for cell in range(side * side):
        yield [var(cell, v) for v in range(1, side + 1)]
        for a, b in itertools.combinations(range(1, side + 1), 2):
            yield [-var(cell, a), -var(cell, b)]
    for unit in units(side):
        for v in range(1, side + 1):
            yield [var(cell, v) for cell in unit]
            for a, b in itertools.combinations(unit, 2):
                yield [-var(a, v), -var(b, v)]
    for cell, value in enumerate(values):
        if value:
            yield [var(cell, value)]


def summary(name, times):
    times = sorted(times)
    at = lambda share: times[min(len(times) - 1, math.ceil(len(times) * share) - 1)]
    return f"{name}: median {at(0.5):.3f} s, p99 {at(0.99):.3f} s, max {times[-1]:.3f} s"


def main(paths):
    firsts, totals = [], []
    for path in paths:
        side, values = read(path)
        with Cadical153(bootstrap_with=list(clauses(side, values))) as solver:
            start = time.perf_counter()
            assert solver.solve(), f"{path}: no solution"
            first = time.perf_counter() - start
            model = [lit for lit in solver.get_model() if lit > 0]
            answer = [0] * (side * side)
            for lit in model:
                cell, value = divmod(lit - 1, side)
                answer[cell] = value + 1
            assert all(g in (0, a) for g, a in zip(values, answer)), f"{path}: answer breaks a given"
            solver.add_clause([-lit for lit in model])
            unique = not solver.solve()
            total = time.perf_counter() - start
        firsts.append(first)
        totals.append(total)
        print(f"{path}\tfirst {first:.3f} s\ttotal {total:.3f} s\t{'unique' if unique else 'NOT UNIQUE'}")
    if paths:
        print(f"{len(paths)} puzzles; {summary('first', firsts)}; {summary('total', totals)}")


if __name__ == "__main__":
    main(sys.argv[1:])
