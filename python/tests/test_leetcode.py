"""The LeetCode shapes, checked against facts and brute force."""

import itertools

import pytest

import gridsolve

from conftest import LEETCODE37, SOLVED_GRID, is_solution_of, values


def test_total_n_queens_of_8_is_92():
    assert gridsolve.total_n_queens(8) == 92


def test_solve_sudoku_rows_gives_the_published_answer():
    rows = ["9.7.....6", "824.3....", "..1..9..2", ".9...2.18", "...4....5", "1325.8...", "...687...", "......8.9", ".4.9...5."]
    answer = gridsolve.solve_sudoku_rows(rows)
    assert is_solution_of(values("".join(rows)), values("".join(answer)))
    assert answer == ["957214386", "824736591", "361859742", "495372618", "786491235", "132568974", "519687423", "273145869", "648923157"]


def test_solve_sudoku_fills_the_board_in_place():
    board = [list(LEETCODE37[r * 9 : r * 9 + 9]) for r in range(9)]
    rows = board  # the same list objects must be filled
    first_row = board[0]
    assert gridsolve.solve_sudoku(board) is None
    assert board is rows and board[0] is first_row
    assert "".join("".join(row) for row in board) == SOLVED_GRID


def test_solve_sudoku_refuses_a_board_without_solution():
    board = [list("11......." if r == 0 else ".........") for r in range(9)]
    with pytest.raises(gridsolve.PuzzleError, match="no solution"):
        gridsolve.solve_sudoku(board)


def test_is_valid_sudoku_names_conflicts_as_false():
    board = [list(LEETCODE37[r * 9 : r * 9 + 9]) for r in range(9)]
    assert gridsolve.is_valid_sudoku(board)
    board[0][2] = "5"
    assert not gridsolve.is_valid_sudoku(board)
    assert not gridsolve.is_valid_sudoku([["."] * 9] * 8)
    assert not gridsolve.is_valid_sudoku([["55"] + ["."] * 8] * 9)


def brute_force_queens(n):
    return [
        cols
        for cols in itertools.permutations(range(n))
        if len({r + c for r, c in enumerate(cols)}) == n and len({r - c for r, c in enumerate(cols)}) == n
    ]


@pytest.mark.parametrize("n", range(1, 9))
def test_queens_agree_with_brute_force(n):
    expected = brute_force_queens(n)
    boards = gridsolve.solve_n_queens(n)
    assert [[row.index("Q") for row in board] for board in boards] == [list(cols) for cols in expected]
    assert gridsolve.total_n_queens(n) == len(expected)
