"""hint, explain, rate and generate: every step checked against the
puzzle's unique solution, ratings against a published one and the CLI's,
generated puzzles checked unique and minimal by counting."""

import dataclasses
import json
import os
import re
import subprocess

import pytest

import gridsolve

from conftest import LEETCODE37, is_solution_of, line, puzzle_from, transformed, values

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
# Sudoku Exchange puzzle bank id 000160237251, published rating 3.2.
X_WING = open(os.path.join(ROOT, "examples", "sudoku", "x-wing.txt")).read()
X_WING_LINE = next(row for row in X_WING.splitlines() if row and not row.startswith("#"))


def assert_sound(step, solution):
    """Every placement of ``step`` is the solution's digit and every
    elimination removes a digit the solution does not hold."""
    cell = lambda name: (int(name[1]) - 1) * 9 + int(name[3]) - 1
    for name, digit in step.placements:
        assert solution[cell(name)] == digit, step
    for name, digit in step.eliminations:
        assert solution[cell(name)] != digit, step
    assert step.placements or step.eliminations, step
    assert step.explanation.endswith(")") or " so " in step.explanation, step


def test_every_step_of_an_explanation_is_sound(rng):
    for puzzle in [values(LEETCODE37), values(X_WING_LINE)] + [
        puzzle_from(rng, transformed(rng), keep=30) for _ in range(5)
    ]:
        if gridsolve.count(line(puzzle)).verdict != "unique":
            continue
        explained = gridsolve.explain(line(puzzle))
        solution = values(explained.solution)
        assert is_solution_of(puzzle, solution)
        filled = list(puzzle)
        for step in explained.steps:
            assert_sound(step, solution)
            for name, digit in step.placements:
                filled[(int(name[1]) - 1) * 9 + int(name[3]) - 1] = digit
        assert explained.solved == (0 not in filled)
        assert explained.left == filled.count(0)


def test_a_hint_is_the_first_step_of_the_explanation():
    step = gridsolve.hint(LEETCODE37)
    assert step == gridsolve.explain(LEETCODE37).steps[0]
    assert_sound(step, values(gridsolve.solve(LEETCODE37).solution))
    assert all(isinstance(digit, int) for digit in step.digits)
    # A full grid has no next step.
    assert gridsolve.hint(gridsolve.solve(LEETCODE37).solution) is None


def test_a_hint_tells_as_the_cli_does_at_each_detail(cli):
    step = gridsolve.hint(X_WING)
    for detail, told in [("vague", step.vague), ("concrete", step.concrete), ("full", step.explanation)]:
        out = subprocess.run(
            [cli, "sudoku", "hint", "--detail", detail, "--format", "jsonl"],
            input=X_WING,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert json.loads(out)["steps"][0]["explanation"] == told
    assert step.concrete.startswith(step.vague.rstrip("."))


def test_the_x_wing_puzzle_rates_as_published_and_as_the_cli_rates_it(cli):
    rated = gridsolve.rate(X_WING)
    assert rated.er == 3.2 and rated.solved
    assert rated.techniques["X-Wing"] >= 1
    out = subprocess.run(
        [cli, "sudoku", "rate", "--format", "jsonl"], input=X_WING, capture_output=True, text=True, check=True
    ).stdout
    record = json.loads(out)
    assert (record["er"], record["ep"], record["ed"]) == tuple(str(x) for x in (rated.er, rated.ep, rated.ed))
    assert record["givens"] == rated.givens
    assert record["level"] == rated.level == "hard"
    assert record["score"] == rated.score
    assert rated.score >= sum(rated.techniques.values()) * 4
    assert record["qqwing"] == rated.qqwing == "expert"


def test_puzzles_without_one_solution_are_refused():
    with pytest.raises(gridsolve.PuzzleError, match="more than one solution"):
        gridsolve.rate("1" + "." * 80)
    with pytest.raises(gridsolve.PuzzleError, match="twice"):
        gridsolve.hint("11" + "." * 79)
    no_solution = "12345678." + "." * 8 + "9" + "." * 63
    with pytest.raises(gridsolve.PuzzleError, match="no solution"):
        gridsolve.explain(no_solution)


def test_a_plain_9x9_puzzle_in_a_variant_notation_is_worked_as_its_line():
    rows = [LEETCODE37[row * 9 : row * 9 + 9] for row in range(9)]
    janko = "9 9\n" + "\n".join(" ".join("-" if ch == "." else ch for ch in row) for row in rows) + "\n"
    document = json.dumps({"size": 9, "givens": LEETCODE37})
    letters = "".join(ch if ch == "." else "ABCDEFGHI"[int(ch) - 1] for ch in LEETCODE37)
    lettered = json.dumps({"size": 9, "symbols": "ABCDEFGHI", "givens": letters})
    for text in [janko, document]:
        assert gridsolve.hint(text) == gridsolve.hint(LEETCODE37)
        assert gridsolve.explain(text) == gridsolve.explain(LEETCODE37)
        assert gridsolve.rate(text) == gridsolve.rate(LEETCODE37)
    # In letters: a rating, which names no value, is the line's; the steps
    # are the line's, each value in their sentences named by its letter
    # (the words of letters only, read as digits, give the line's), and
    # the answer is in letters.
    assert gridsolve.rate(lettered) == gridsolve.rate(LEETCODE37)
    def read_back(step):
        def as_digits(text):
            return re.sub(r"\b[A-I]+\b", lambda word: "".join(str(ord(ch) - 64) for ch in word.group()), text)

        told = ("explanation", "vague", "concrete")
        return dataclasses.replace(step, **{name: as_digits(getattr(step, name)) for name in told})

    hint, expected = gridsolve.hint(lettered), gridsolve.hint(LEETCODE37)
    assert hint.explanation != expected.explanation
    assert read_back(hint) == expected
    explained, expected = gridsolve.explain(lettered), gridsolve.explain(LEETCODE37)
    assert explained.solution == "".join("ABCDEFGHI"[int(ch) - 1] for ch in expected.solution)
    assert [read_back(step) for step in explained.steps] == expected.steps
    with pytest.raises(gridsolve.PuzzleError, match="a 4×4 Sudoku: ratings are on Sudoku Explainer's scale"):
        gridsolve.rate("1...\n..2.\n.3..\n...4\n")


@pytest.mark.parametrize("size", [4, 6, 9])
def test_generated_puzzles_are_unique_minimal_and_reproducible(size):
    puzzle = gridsolve.generate(size, seed=5)
    assert puzzle == gridsolve.generate(size, seed=5)
    assert len(puzzle) == size * size
    assert gridsolve.solve_variant(puzzle, limit=2).stats.solutions == 1
    for cell, symbol in enumerate(puzzle):
        if symbol != ".":
            fewer = puzzle[:cell] + "." + puzzle[cell + 1 :]
            assert gridsolve.solve_variant(fewer, limit=2).stats.solutions == 2, cell


def test_generate_gives_the_cli_puzzle_and_refuses_unknown_sizes(cli):
    out = subprocess.run([cli, "sudoku", "generate", "--size", "6", "--seed", "3"], capture_output=True, text=True)
    assert out.stdout.strip() == gridsolve.generate(6, seed=3)
    # An X-Sudoku or windoku is its JSON document, which says its units,
    # so that it solves as the puzzle made: one solution.
    for flag, extra in [("--diagonals", {"diagonals": True}), ("--windows", {"windows": True})]:
        made = gridsolve.generate(6, seed=3, **extra)
        args = [cli, "sudoku", "generate", "--size", "6", "--seed", "3", flag]
        assert subprocess.run(args, capture_output=True, text=True).stdout.strip() == made
        assert json.loads(made)["units"]
        assert gridsolve.solve_variant(made, limit=2).stats.solutions == 1
    assert gridsolve.generate(seed=1) != gridsolve.generate(seed=2)
    with pytest.raises(gridsolve.PuzzleError, match="size 7"):
        gridsolve.generate(7)


# Arto Inkala's 2012 puzzle: its first step is a dynamic forcing chain.
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_a_timeout_stops_the_forcing_chains_and_says_so():
    rated = gridsolve.rate(INKALA, timeout=0.001)
    assert rated.stopped == "timeout" and not rated.solved
    explained = gridsolve.explain(INKALA, timeout=0.001)
    assert explained.stopped == "timeout" and not explained.solved
    assert is_solution_of(values(INKALA), values(explained.solution))
    with pytest.raises(TimeoutError, match="timeout"):
        gridsolve.hint(INKALA, timeout=0.001)
    with pytest.raises(gridsolve.PuzzleError, match="timeout must be a positive"):
        gridsolve.rate(INKALA, timeout=0)


# A 6×6 (examples/sudoku/forcing-6x6.txt) whose first step is a forcing chain.
FORCING_6X6 = ".24.36\n6.32..\n265..3\n431625\n..63.2\n3.2.6.\n"


def test_a_timeout_stops_the_forcing_chains_of_other_grids():
    assert gridsolve.hint(FORCING_6X6).technique == "forcing chain"
    # The techniques before the chains do not read the clock; the chains
    # read it before each candidate, so a deadline of a nanosecond has
    # passed by then.
    with pytest.raises(TimeoutError, match="timeout"):
        gridsolve.hint(FORCING_6X6, timeout=1e-9)


def test_hodokus_scale_takes_its_order_and_scores():
    step = gridsolve.hint(X_WING, scale="hodoku")
    assert step.technique == "naked single" and step.score == 4
    explained = gridsolve.explain(X_WING, scale="hodoku")
    assert explained.solved
    assert not any(s.technique.startswith("direct") for s in explained.steps)
    rated = gridsolve.rate(X_WING, scale="hodoku")
    assert rated.score == sum(s.score for s in explained.steps)
    assert rated.er == gridsolve.rate(X_WING).er
    with pytest.raises(gridsolve.PuzzleError, match="scale"):
        gridsolve.hint(X_WING, scale="sukaku")


def test_generated_killers_are_unique_and_repeatable(cli):
    text = gridsolve.generate_killer(size=6, seed=4, cage_size=(2, 3))
    assert text == gridsolve.generate_killer(size=6, seed=4, cage_size=(2, 3))
    cages = [line.split() for line in text.splitlines() if " " in line]
    assert all(2 <= len(cage) - 1 <= 3 for cage in cages)
    assert sum(len(cage) - 1 for cage in cages) == 36
    counted = gridsolve.solve_variant(text, limit=2)
    assert counted.stats.solutions == 1
    out = subprocess.run(
        [cli, "sudoku", "generate", "--killer", "--size", "6", "--cage-size", "2..3", "--seed", "4"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert out.strip() == text
    with pytest.raises(gridsolve.PuzzleError, match="cage_size"):
        gridsolve.generate_killer(size=4, cage_size=(2, 5))


@pytest.mark.parametrize("size", [4, 6, 16])
def test_hints_and_explanations_work_other_grids_soundly(size, cli):
    """On another size, a Killer and an X-Sudoku (a JSON document), every
    step of the explanation places the search's answer and removes none
    of it, the hint is the first step, and the steps are the CLI's."""
    killer = gridsolve.generate_killer(6, seed=size)
    x_sudoku = gridsolve.generate(9, seed=size, diagonals=True)
    for puzzle in [gridsolve.generate(size, seed=3), killer, x_sudoku]:
        found = gridsolve.solve_variant(puzzle, limit=2)
        assert found.stats.solutions == 1
        answer = found.solution.replace("\n", "")
        explained = gridsolve.explain(puzzle)
        assert explained.solution == answer
        side = int(len(answer) ** 0.5)
        symbols = "123456789ABCDEFGHIJKLMNOP"[:side]

        def cell(name):
            row, col = name[1:].split("c")
            return (int(row) - 1) * side + int(col) - 1

        assert explained.steps
        for step in explained.steps:
            for name, value in step.placements:
                assert answer[cell(name)] == symbols[value - 1], step
            for name, value in step.eliminations:
                assert answer[cell(name)] != symbols[value - 1], step
            assert (step.rating is None) == (step.technique in ("cage combinations", "innies", "outies", "required value", "forcing chain", "nested forcing chain"))
        assert gridsolve.hint(puzzle) == explained.steps[0]
        ran = subprocess.run(
            [cli, "sudoku", "explain", "--format", "jsonl"], input=puzzle, capture_output=True, text=True, check=True
        )
        record = json.loads(ran.stdout)
        assert [step["explanation"] for step in record["steps"]] == [step.explanation for step in explained.steps]
