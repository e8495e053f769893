#!/usr/bin/env python3
"""Times CaDiCaL (PyPI's python-sat) or OR-Tools' CP-SAT (PyPI's ortools) on
square Sudoku puzzles of any box size.

Each puzzle file holds one grid on one line, symbols 1-9 then A-Z, `.` or
`0` for a blank (what `gridsolve sudoku generate --size N` writes). The
encoding is the usual one: a variable per cell and value; each cell takes
at least and at most one value; each row, column and box holds each value
at least once and at most once (pairwise); the givens are unit clauses.
CP-SAT gets the same model as Boolean variables with an "exactly one"
constraint per cell and per unit and value (its all-different on
integers was slower on three of the four 25×25 puzzles tried), and runs with
`--workers` search workers (its portfolio; 1 by default).

For each file it prints the seconds to the first solution ("first") and
to the proof that no second one exists, the first blocked ("total"),
start-up and encoding excluded, and checks the answer against the givens
and the units; then the median, p99 and largest of each over the files.

    python3 scripts/peers/sat_sudoku.py [--solver cadical|cpsat] [--workers N] PUZZLE...
"""
import argparse
import itertools
import math
import time

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


def check(path, side, values, answer):
    assert all(g in (0, a) for g, a in zip(values, answer)), f"{path}: answer breaks a given"
    for unit in units(side):
        filled = sorted(answer[cell] for cell in unit)
        assert filled == list(range(1, side + 1)), f"{path}: answer breaks a unit"


def cadical(side, values):
    """The first answer, the seconds to it, the seconds to the proof that
    it is the only one, and whether it is; `None` with no answer."""
    from pysat.solvers import Cadical153

    with Cadical153(bootstrap_with=list(clauses(side, values))) as solver:
        start = time.perf_counter()
        if not solver.solve():
            return None
        first = time.perf_counter() - start
        model = [lit for lit in solver.get_model() if lit > 0]
        answer = [0] * (side * side)
        for lit in model:
            cell, value = divmod(lit - 1, side)
            answer[cell] = value + 1
        solver.add_clause([-lit for lit in model])
        unique = not solver.solve()
        return answer, first, time.perf_counter() - start, unique


def cpsat(side, values, workers):
    """As `cadical`, with CP-SAT: a second solve of the model with the
    first answer blocked proves it the only one."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    placed = [
        [model.NewBoolVar(f"r{cell // side + 1}c{cell % side + 1}={value + 1}") for value in range(side)]
        for cell in range(side * side)
    ]
    for cell, value in enumerate(values):
        model.AddExactlyOne(placed[cell])
        if value:
            model.Add(placed[cell][value - 1] == 1)
    for unit in units(side):
        for value in range(side):
            model.AddExactlyOne([placed[cell][value] for cell in unit])

    def search():
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = workers
        start = time.perf_counter()
        status = solver.Solve(model)
        found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
        return solver if found else None, time.perf_counter() - start

    solver, first = search()
    if solver is None:
        return None
    answer = [next(v + 1 for v in range(side) if solver.Value(placed[cell][v])) for cell in range(side * side)]
    model.AddBoolOr([placed[cell][answer[cell] - 1].Not() for cell in range(side * side) if not values[cell]])
    second, more = search()
    return answer, first, first + more, second is None


def main():
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--solver", choices=["cadical", "cpsat"], default="cadical")
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT's search workers")
    parser.add_argument("paths", nargs="*", metavar="PUZZLE")
    args = parser.parse_args()
    firsts, totals = [], []
    for path in args.paths:
        side, values = read(path)
        if args.solver == "cadical":
            found = cadical(side, values)
        else:
            found = cpsat(side, values, args.workers)
        assert found is not None, f"{path}: no solution"
        answer, first, total, unique = found
        check(path, side, values, answer)
        firsts.append(first)
        totals.append(total)
        print(f"{path}\tfirst {first:.3f} s\ttotal {total:.3f} s\t{'unique' if unique else 'NOT UNIQUE'}")
    if args.paths:
        print(f"{len(args.paths)} puzzles; {summary('first', firsts)}; {summary('total', totals)}")


if __name__ == "__main__":
    main()
