"""solve_many and count_many: every answer valid and consistent with its
puzzle (an independent checker), statuses right, counts equal the CLI's."""

import random
import re
import subprocess

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import gridsolve

from conftest import LEETCODE37, is_solution_of, line, puzzle_from, transformed


def batch(seed, size, keep):
    rng = random.Random(seed)
    return np.array([puzzle_from(rng, transformed(rng), keep) for _ in range(size)], dtype=np.uint8)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(1, 150), keep=st.integers(17, 60), threads=st.sampled_from([1, 2]))
def test_every_answer_is_a_solution_of_its_puzzle(seed, size, keep, threads):
    puzzles = batch(seed, size, keep)
    answers, status = gridsolve.solve_many(puzzles, threads=threads)
    assert answers.shape == (size, 81) and status.shape == (size,)
    for puzzle, answer, state in zip(puzzles, answers, status):
        # Puzzles cut from a valid grid always have a solution.
        assert state == gridsolve.SOLVED
        assert is_solution_of(puzzle, answer)


@settings(max_examples=25, deadline=None)
@given(cells=st.lists(st.lists(st.integers(0, 9), min_size=81, max_size=81), min_size=1, max_size=20))
def test_arbitrary_givens_are_solved_or_proved_unsolvable(cells):
    puzzles = np.array(cells, dtype=np.uint8)
    answers, status = gridsolve.solve_many(puzzles)
    for puzzle, answer, state in zip(puzzles, answers, status):
        if state == gridsolve.SOLVED:
            assert is_solution_of(puzzle, answer)
        else:
            assert state == gridsolve.NO_SOLUTION
            assert gridsolve.count(line(puzzle), strategy="propagate").verdict == "none"


def test_statuses_of_bad_and_stopped_records():
    puzzles = [LEETCODE37, "11" + "." * 79, "not a puzzle"]
    answers, status = gridsolve.solve_many(puzzles)
    assert list(status) == [gridsolve.SOLVED, gridsolve.NO_SOLUTION, gridsolve.INVALID]
    assert answers[1].sum() == 0 and answers[2].sum() == 0
    # Reading order places at least one digit per blank: 51 nodes or more.
    _, status = gridsolve.solve_many([LEETCODE37], strategy="reading-order", max_nodes=10)
    assert list(status) == [gridsolve.STOPPED]
    array = np.zeros((2, 81), dtype=np.uint8)
    array[1, 0] = 10
    _, status = gridsolve.solve_many(array)
    assert list(status) == [gridsolve.SOLVED, gridsolve.INVALID]


def test_threads_keep_input_order():
    puzzles = batch(3, 500, 30)
    one, _ = gridsolve.solve_many(puzzles, threads=1)
    two, _ = gridsolve.solve_many(puzzles, threads=2)
    assert (one == two).all()


def test_count_many_equals_the_cli(cli, tmp_path):
    rng = random.Random(5)
    puzzles = [line(puzzle_from(rng, transformed(rng), keep)) for keep in (20, 24, 28, 81) for _ in range(10)]
    counts, status = gridsolve.count_many(puzzles, limit=3, threads=2)
    assert (status == gridsolve.SOLVED).all()
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(puzzles) + "\n")
    out = subprocess.run([cli, "sudoku", "count", "--limit", "3", str(path)], capture_output=True, text=True).stdout
    cli_counts = [int(re.match(r"line \d+: \w+: (?:at least )?(\d+)", text).group(1)) for text in out.splitlines()]
    assert len(cli_counts) == len(puzzles)
    assert list(counts) == cli_counts
