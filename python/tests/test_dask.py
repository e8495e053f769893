"""Dask on a real LocalCluster: two worker processes and a scheduler
talking over TCP on loopback."""

import os
import signal
import threading
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

import gridsolve
import gridsolve.dask as gdask

from conftest import LEETCODE37


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_count_queens_on_the_cluster(client):
    assert gdask.count_queens(12, client) == 14200
    assert gdask.count_queens(12, client, unique=True) == 1787
    assert gdask.count_queens(8, client, blocked=["*" + "." * 7] + ["." * 8] * 7) == gridsolve.queens_count(
        8, blocked=["*" + "." * 7] + ["." * 8] * 7
    )


def test_a_dropped_or_doubled_unit_is_named(client):
    units = gridsolve.queens_split(12, 3)
    results = gdask.run_units(units, client)
    assert gdask.merge_units(results).total == 14200
    dropped = [result for result in results if '"unit":17,' not in result[1]]
    assert len(dropped) == len(results) - 1
    with pytest.raises(gridsolve.MergeError, match=r"were not counted: unit 17 \(prefix \[") as error:
        gdask.merge_units(dropped)
    assert "1 of 275 units" in str(error.value)
    with pytest.raises(gridsolve.MergeError, match=r"unit 17 .* was already counted at task"):
        gdask.merge_units(results + [r for r in results if '"unit":17,' in r[1]])


def test_a_made_up_result_is_caught_by_a_recount_on_the_cluster(client):
    units = gridsolve.queens_split(12, 3)
    results = gdask.run_units(units, client)
    assert gdask.count_queens(12, client, recount=10, seed=5) == 14200
    gdask.recount_units(results, client, len(results))
    # A worker that made up the nodes of unit 17: merge cannot tell, the
    # recount of every unit can, and names it.
    made_up = [
        (task, line.replace('"nodes":', '"nodes":1', 1) if '"unit":17,' in line else line) for task, line in results
    ]
    assert gdask.merge_units(made_up).total == 14200
    disagree = r"275 of 275 units \(seed 3\): 1 disagree: task \d+: unit 17 \(prefix"
    with pytest.raises(gridsolve.MergeError, match=disagree) as error:
        gdask.recount_units(made_up, client, len(made_up), seed=3)
    assert "in the result," in str(error.value) and "recounted" in str(error.value)
    # A total its weight cannot give is refused by merge itself.
    impossible = [
        (task, line.replace('"total":', '"total":1', 1) if '"unit":17,' in line else line) for task, line in results
    ]
    with pytest.raises(gridsolve.MergeError, match=r"unit 17 .*canonical solutions"):
        gdask.merge_units(impossible)
    assert gridsolve.queens_recount(results[:3]) == []


def test_a_worker_killed_mid_count_changes_nothing(client):
    """One worker process is killed while the count runs; Dask reruns its
    tasks on the other worker (and the nanny restarts it)."""
    answer = {}
    counting = threading.Thread(target=lambda: answer.update(total=gdask.count_queens(16, client, chunks=64)))
    counting.start()
    # Wait until tasks are running on both workers, then kill one of them.
    while not all(client.processing().values()) or len(client.processing()) < 2:
        assert counting.is_alive(), "the count ended before a worker could be killed"
        time.sleep(0.01)
    victim = sorted(client.processing())[0]
    os.kill(client.run(os.getpid)[victim], signal.SIGKILL)
    assert counting.is_alive(), "the count ended before the kill"
    counting.join(timeout=300)
    assert answer["total"] == 14772512


def test_solve_file_answers_in_order_and_names_bad_lines(client, tmp_path):
    rng_puzzles = [LEETCODE37] * 40
    lines = list(rng_puzzles)
    lines[7] = "x" * 81
    lines[23] = "11" + "." * 79
    lines.insert(30, "# a comment")
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "answers.txt"
    report = gdask.solve_file(source, client, out, partitions=7)
    assert (report.solved, report.failed) == (38, 2)
    assert [line for line, _ in report.errors] == [8, 24]
    assert report.errors[0][1].startswith("line 8, column 1 (r1c1): found 'x'")
    assert report.errors[1][1].startswith("line 24: no solution")
    expected, _ = gridsolve.solve_many([p for i, p in enumerate(rng_puzzles) if i not in (7, 23)])
    got = [[int(ch) for ch in line] for line in out.read_text().splitlines()]
    assert np.array_equal(np.array(got, dtype=np.uint8), expected)
