"""solve, count, check, trace, variants, queens counts and exact cover."""

import itertools
import json
import random
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import gridsolve

from conftest import LEETCODE37, SOLVED_GRID, is_solution_of, line, puzzle_from, transformed, values

STRATEGIES = ["reading-order", "mrv", "propagate", "dlx", "bitboard"]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_strategy_solves_and_counts(strategy, rng):
    for _ in range(5):
        puzzle = puzzle_from(rng, transformed(rng), keep=40)
        solved = gridsolve.solve(line(puzzle), strategy=strategy)
        assert solved.stopped is None
        assert is_solution_of(puzzle, values(solved.solution))
        assert solved.stats.solutions == 1 and solved.stats.nodes >= 1


def test_puzzle_forms_give_the_same_answer():
    rows = [LEETCODE37[r * 9 : r * 9 + 9] for r in range(9)]
    board = [list(row) for row in rows]
    answers = {gridsolve.solve(form).solution for form in (LEETCODE37, rows, board, json.dumps(rows), "\n".join(rows))}
    assert answers == {SOLVED_GRID}
    assert gridsolve.solve(LEETCODE37).rows[0] == SOLVED_GRID[:9]


def test_count_proves_uniqueness_and_counts_to_the_limit():
    assert gridsolve.count(LEETCODE37).verdict == "unique"
    assert gridsolve.count(LEETCODE37).unique
    empty = gridsolve.count("." * 81, limit=50)
    assert (empty.verdict, empty.solutions, empty.limit_reached) == ("multiple", 50, True)
    none = gridsolve.count("11" + "." * 79)
    assert none.verdict == "none" and none.solutions == 0


def test_count_all_solutions_of_a_two_solution_puzzle(rng):
    # Blank an unavoidable rectangle of a solved grid: two solutions.
    grid = values(SOLVED_GRID)
    for a, b in itertools.combinations(range(9), 2):
        for r1, r2 in itertools.combinations(range(9), 2):
            if r1 // 3 != r2 // 3 and a // 3 == b // 3:
                corners = [r1 * 9 + a, r1 * 9 + b, r2 * 9 + a, r2 * 9 + b]
                if grid[corners[0]] == grid[corners[3]] and grid[corners[1]] == grid[corners[2]]:
                    puzzle = [0 if i in corners else v for i, v in enumerate(grid)]
                    counted = gridsolve.count(line(puzzle), limit=None)
                    assert (counted.verdict, counted.solutions, counted.limit_reached) == ("multiple", 2, False)
                    return
    pytest.skip("no unavoidable rectangle in the fact grid")


def test_budget_stops_with_a_reason():
    counted = gridsolve.count("." * 81, limit=None, max_nodes=1000)
    assert counted.stopped == "node budget spent" and counted.verdict == "multiple"
    with pytest.raises(ValueError):
        gridsolve.count(LEETCODE37, timeout=-1)
    with pytest.raises(gridsolve.GridsolveError, match="unknown strategy"):
        gridsolve.solve(LEETCODE37, strategy="fast")


def test_check_names_each_conflict():
    conflicts = gridsolve.check("5.......5" + "." * 63 + "5........")
    assert [(c.digit, c.unit, c.first, c.second) for c in conflicts] == [
        (5, "row 1", "r1c1", "r1c9"),
        (5, "column 1", "r1c1", "r9c1"),
    ]
    assert gridsolve.check(SOLVED_GRID) == []


def test_errors_say_where():
    with pytest.raises(gridsolve.PuzzleError) as error:
        gridsolve.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x")
    assert (error.value.line, error.value.column, error.value.cell) == (1, 81, "r9c9")
    assert isinstance(error.value, ValueError)
    with pytest.raises(gridsolve.PuzzleError) as error:
        gridsolve.solve("53..7....6..195....98....6.8...6...34..8.3..17.")
    assert error.value.line == 1 and "found 47 cells, expected 81" in str(error.value)
    with pytest.raises(gridsolve.PuzzleError, match="second puzzle"):
        gridsolve.solve(LEETCODE37 + "\n" + LEETCODE37)
    with pytest.raises(gridsolve.PuzzleError, match="no puzzle"):
        gridsolve.solve("# only a comment\n")


def test_trace_replays_to_the_answer():
    events = gridsolve.trace("534678912672195348198342567859761423426853791713924856961537284287419635345286..9", strategy="reading-order")
    assert events[-1]["event"] == "solution"
    placed = [e["choice"] for e in events if e["event"] == "choose"]
    assert [(p["row"], p["col"], p["digit"]) for p in placed] == [(8, 6, 1), (8, 7, 7)]


def test_variant_grid_and_document_in_letters():
    four = gridsolve.solve_variant("1...\n..1.\n.1..\n...1")
    assert four.side == 4 and len(four.rows) == 4
    cells = [ch for row in four.rows for ch in row]
    for unit in ([r * 4 + c for c in range(4)] for r in range(4)):
        assert sorted(cells[i] for i in unit) == ["1", "2", "3", "4"]
    document = json.dumps({"size": 4, "symbols": "ABCD", "givens": ["A...", "..A.", ".A..", "...A"]})
    lettered = gridsolve.solve_variant(document)
    assert lettered.rows == [row.translate(str.maketrans("1234", "ABCD")) for row in four.rows]
    with pytest.raises(gridsolve.PuzzleError) as error:
        gridsolve.solve_variant("1...\n..1\n.1..\n...1")
    assert error.value.line == 2
    counted = gridsolve.solve_variant("." * 16, kind="grid", limit=1000)
    assert counted.stats.solutions == 288


def test_the_killer_kind_takes_a_cage_list_too():
    # r1c1 is 1 and its cage with r1c2 sums to 3: r1c2 is 2.
    cage_list = "1...\n....\n....\n...4\n3 r1c1 r1c2\n"
    forced = gridsolve.solve_variant(cage_list, kind="killer")
    assert forced.rows == gridsolve.solve_variant(cage_list).rows
    assert forced.rows[0].startswith("12")


def test_variant_notations_are_recognised_from_the_text():
    # A 5x5 jigsaw (no boxes): value (r + c) mod 5 + 1, region (r + 2c) mod 5.
    cells = [(r, c) for r in range(5) for c in range(5)]
    blanks = {0, 6, 12, 18, 24, 3, 21}
    value = [0 if i in blanks else (r + c) % 5 + 1 for i, (r, c) in enumerate(cells)]
    region = [(r + 2 * c) % 5 for r, c in cells]
    regions = [[i for i in range(25) if region[i] == k] for k in range(5)]
    document = json.dumps({"givens": "".join(str(v) if v else "." for v in value), "regions": regions})
    expected = gridsolve.solve_variant(document).rows
    sumocue = "SumoCueV1=" + "=".join(f"{v}J{k}" for v, k in zip(value, region))
    rows = [value[5 * r : 5 * r + 5] for r in range(5)]
    janko = "5 5\n" + "\n".join(" ".join(str(v) if v else "-" for v in row) for row in rows)
    janko += "\n" + "\n".join(" ".join(str(k + 1) for k in region[5 * r : 5 * r + 5]) for r in range(5))
    for text in (sumocue, janko):
        assert gridsolve.solve_variant(text).rows == expected
    board = "board = " + json.dumps([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]])
    assert gridsolve.solve_variant(board).rows == gridsolve.solve_variant("1...\n..1.\n.1..\n...1").rows


def test_queens_counts_unique_and_blocked():
    assert gridsolve.queens_count(8, unique=True) == 12
    assert gridsolve.queens_count(10, threads=2) == 724
    blocked = ["*" + "." * 7] + ["." * 8] * 7
    expected = sum(1 for board in gridsolve.solve_n_queens(8) if board[0][0] != "Q")
    assert gridsolve.queens_count(8, blocked=blocked) == expected
    assert gridsolve.queens_count(8, blocked="\n".join(blocked)) == expected
    with pytest.raises(gridsolve.PuzzleError) as error:
        gridsolve.queens_count(8, blocked=["." * 8] * 3 + ["..x....."] + ["." * 8] * 4)
    assert (error.value.line, error.value.column) == (4, 3)
    with pytest.raises(ValueError, match="unique"):
        gridsolve.queens_count(8, unique=True, blocked=blocked)


def test_units_split_run_and_merge_like_the_cli():
    units = gridsolve.queens_split(10, 3)
    results = gridsolve.queens_run_units(units)
    merged = gridsolve.queens_merge([(f"line {i + 1}", r) for i, r in enumerate(results)])
    assert (merged.total, merged.unique) == (724, 92)
    with pytest.raises(gridsolve.MergeError, match=r"1 of \d+ units were not counted: unit 3 \(prefix"):
        gridsolve.queens_merge([(f"line {i + 1}", r) for i, r in enumerate(results) if i != 3])
    with pytest.raises(gridsolve.MergeError, match="already counted at line 1"):
        gridsolve.queens_merge([("line 1", results[0]), ("line 2", results[0])])


def brute_force_cover(items, options, secondary):
    found = []
    for size in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), size):
            covered = [item for i in chosen for item in options[i]]
            primary = [item for item in covered if item in items]
            extra = [item for item in covered if item in secondary]
            if sorted(primary) == sorted(items) and len(set(extra)) == len(extra):
                found.append(list(chosen))
    return sorted(found)


def test_cover_agrees_with_brute_force():
    rng = random.Random(7)
    for _ in range(60):
        items = [f"p{i}" for i in range(rng.randint(1, 5))]
        secondary = [f"s{i}" for i in range(rng.randint(0, 2))]
        options = [
            rng.sample(items + secondary, rng.randint(1, min(3, len(items) + len(secondary))))
            for _ in range(rng.randint(1, 7))
        ]
        options = [o for o in options if any(item in items for item in o)] or [[items[0]]]
        got = sorted(gridsolve.cover_solve(items, options, secondary=secondary))
        assert got == brute_force_cover(items, options, secondary)


def test_cover_dlx_text():
    text = "a b c | x\na x\nb c\na b\nc x\n"
    assert gridsolve.cover_count_dlx(text) == 2
    assert sorted(map(sorted, gridsolve.cover_solve_dlx(text))) == [["a b", "c x"], ["a x", "b c"]]
    with pytest.raises(gridsolve.PuzzleError) as error:
        gridsolve.cover_count_dlx("a b\na q\n")
    assert (error.value.line, error.value.column) == (2, 3)


def test_ctrl_c_stops_a_long_call_with_keyboard_interrupt():
    # A shell that starts jobs in the background without job control hands
    # them SIGINT ignored, and Python then installs no handler for it: the
    # child puts Python's own handler back, as an interactive shell has it.
    script = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "import gridsolve; print('started', flush=True); gridsolve.count('.' * 81, limit=None)"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    try:
        _, stderr = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        raise AssertionError("Ctrl-C did not stop the count")
    assert "KeyboardInterrupt" in stderr


def test_bad_arguments_name_what_was_expected():
    cases = [
        (lambda: gridsolve.count(LEETCODE37, limit=0), "limit must be at least 1"),
        (lambda: gridsolve.count(LEETCODE37, max_nodes=0), "max_nodes must be at least 1"),
        (lambda: gridsolve.solve_many([LEETCODE37], threads=0), "threads must be at least 1"),
        (lambda: gridsolve.queens_count(8, threads=0), "threads must be at least 1"),
        (lambda: gridsolve.solve_variant("1...\n..1.\n.1..\n...1", kind="sumo"), 'unknown kind "sumo"'),
        (lambda: gridsolve.solve_variant("1...\n..1.\n.1..\n...1", strategy="fast"), "unknown strategy"),
        (lambda: gridsolve.queens_count(6, blocked=["." * 8] * 8), "the blocked board is 8×8 but n = 6"),
        (lambda: gridsolve.queens_run_units(["{}"]), "unit 1: not a work unit"),
        (lambda: gridsolve.queens_merge([("line 1", "{}")]), "line 1: not a unit result"),
        (lambda: gridsolve.cover_solve(["a", "b"], [["a", "c"]]), 'option 0: unknown item "c"'),
        (lambda: gridsolve.cover_solve(["a", "a"], [["a"]]), "an item is named twice"),
        (lambda: gridsolve.cover_solve(["a"], [["a", "a"]]), "option 0: item 0 appears twice"),
        (lambda: gridsolve.solve_many(np.zeros((2, 80), dtype=np.uint8)), r"shape \(N, 81\)"),
        (lambda: gridsolve.solve_many(np.zeros((2, 81), dtype=np.int64)), "dtype uint8"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=message):
            call()
