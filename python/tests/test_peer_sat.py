"""The CaDiCaL peer script of docs/PERFORMANCE.md (scripts/peers/sat_sudoku.py)
times puzzles that gridsolve makes and finds each has one solution."""
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("pysat", reason="the peer script needs python-sat")

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "peers" / "sat_sudoku.py"


def test_the_sat_peer_proves_generated_puzzles_unique(cli, tmp_path):
    subprocess.run(
        [cli, "sudoku", "generate", "--size", "16", "--count", "2", "--seed", "5", "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    puzzles = sorted(str(path) for path in tmp_path.glob("puzzle-*.txt"))
    assert len(puzzles) == 2
    out = subprocess.run(
        [sys.executable, str(SCRIPT), *puzzles], check=True, capture_output=True, text=True
    ).stdout
    *lines, summary = out.splitlines()
    rows = [line.split("\t") for line in lines]
    assert [row[0] for row in rows] == puzzles
    assert all(row[-1] == "unique" for row in rows), out
    assert summary.startswith("2 puzzles; first: median "), out
