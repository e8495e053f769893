"""The SAT and CP-SAT peer script of docs/PERFORMANCE.md
(scripts/peers/sat_sudoku.py) times puzzles that gridsolve makes and finds
each has one solution, with either solver."""
import pathlib
import subprocess
import sys

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "peers" / "sat_sudoku.py"


@pytest.mark.parametrize(
    ("solver", "module", "extra"),
    [("cadical", "pysat", []), ("cpsat", "ortools", ["--workers", "2"])],
)
def test_the_peer_proves_generated_puzzles_unique(cli, tmp_path, solver, module, extra):
    pytest.importorskip(module, reason=f"the peer script's {solver} needs {module}")
    subprocess.run(
        [cli, "sudoku", "generate", "--size", "16", "--count", "2", "--seed", "5", "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    puzzles = sorted(str(path) for path in tmp_path.glob("puzzle-*.txt"))
    assert len(puzzles) == 2
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--solver", solver, *extra, *puzzles],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    *lines, summary = out.splitlines()
    rows = [line.split("\t") for line in lines]
    assert [row[0] for row in rows] == puzzles
    assert all(row[-1] == "unique" for row in rows), out
    assert summary.startswith("2 puzzles; first: median "), out


@pytest.mark.parametrize(("solver", "module"), [("cadical", "pysat"), ("cpsat", "ortools")])
def test_the_peer_finds_a_second_solution(tmp_path, solver, module):
    """A 4×4 grid with only its first row given has many solutions: the
    uniqueness proof can fail."""
    pytest.importorskip(module, reason=f"the peer script's {solver} needs {module}")
    path = tmp_path / "open.txt"
    path.write_text("1234" + "." * 12 + "\n")
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--solver", solver, str(path)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert out.splitlines()[0].endswith("NOT UNIQUE"), out
