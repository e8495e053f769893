"""Counting N-Queens and solving puzzle files on a Dask cluster.

Both run the same work as the CLI, split into pure tasks that Dask may
retry on another worker (a worker lost mid-run changes nothing):

- :func:`count_queens` splits the count into the work units of
  ``gridsolve queens split``, counts chunks of them on the workers, and
  merges the results with the checks of ``gridsolve queens merge`` (every
  unit exactly once, counted to the end), so a lost or doubled unit is an
  error naming it, never a wrong count; with ``recount=K`` it then counts
  K units picked at random again on the cluster, as ``merge --recount``
  does, so that a faulty worker's result is caught;
- :func:`solve_file` cuts a puzzle file into byte ranges on line
  boundaries, has each worker read and solve its range, and writes the
  answers in input order, reporting bad records by their line in the file.

>>> from distributed import Client, LocalCluster            # doctest: +SKIP
>>> with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
...     gridsolve.dask.count_queens(12, client)             # doctest: +SKIP
14200
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple, Union

from . import MergeError, QueensCounts, _native, queens_merge, queens_split

__all__ = [
    "FileReport",
    "count_queens",
    "default_depth",
    "merge_units",
    "recount_units",
    "run_units",
    "solve_file",
]

#: Chunks per worker thread: enough that a slow chunk does not hold up the
#: end of the count, few enough that scheduling costs nothing.
CHUNKS_PER_THREAD = 8


def default_depth(n: int) -> int:
    """The split depth for a count of ``n`` on a cluster, the one the CLI's
    in-process count uses: hundreds of units or more (n = 12 gives 275,
    n = 17 gives 1,157, n = 27 gives 109,219)."""
    if n < 10:
        return min(2, n)
    if n < 20:
        return 3
    return 4


def _run_chunk(units: List[str]) -> List[str]:
    """Counts one chunk of units on a worker (a pure task: Dask may rerun it)."""
    return _native.queens_run_units(units)


def _chunks(items: Sequence, count: int) -> List[list]:
    # Interleaved, so that each chunk holds units from every part of the
    # split: neighbouring units have similar sizes.
    return [list(items[start::count]) for start in range(count) if items[start::count]]


def run_units(units: Sequence[str], client, chunks: Optional[int] = None) -> List[Tuple[str, str]]:
    """Counts ``units`` (JSON lines of :func:`gridsolve.queens_split`) on
    the cluster of ``client``, in ``chunks`` tasks (default: 8 per worker
    thread). Returns each result with the task it came from, for
    :func:`merge_units`."""
    if not units:
        return []
    if chunks is None:
        chunks = CHUNKS_PER_THREAD * max(1, sum(client.nthreads().values()))
    parts = _chunks(list(units), max(1, min(chunks, len(units))))
    futures = client.map(_run_chunk, parts, pure=True)
    results: List[Tuple[str, str]] = []
    for task, lines in enumerate(client.gather(futures)):
        results.extend((f"task {task}", line) for line in lines)
    return results


def merge_units(results: Sequence[Tuple[str, str]]) -> QueensCounts:
    """Adds up unit results after the checks of ``gridsolve queens merge``;
    raises :class:`gridsolve.MergeError` naming a missing, doubled,
    unfinished or foreign unit."""
    return queens_merge(results)


def _recount_chunk(results: List[Tuple[str, str]]) -> List[str]:
    """Counts the units of one chunk of results again on a worker."""
    return _native.queens_recount(results)


def recount_units(results: Sequence[Tuple[str, str]], client, count: int, seed: Optional[int] = None) -> None:
    """Counts ``count`` of ``results`` (as :func:`run_units` returns them),
    picked at random by ``seed`` (default: a random one), again on the
    cluster of ``client``, and compares every figure; raises
    :class:`gridsolve.MergeError` naming each result that disagrees (and
    the seed, to repeat the check)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    picked = random.Random(seed).sample(list(results), min(count, len(results)))
    threads = max(1, sum(client.nthreads().values()))
    parts = _chunks(picked, max(1, min(CHUNKS_PER_THREAD * threads, len(picked))))
    futures = client.map(_recount_chunk, parts, pure=False)
    disagreements = [line for lines in client.gather(futures) for line in lines]
    if disagreements:
        raise MergeError(
            f"recounted {len(picked)} of {len(results)} units (seed {seed}): {len(disagreements)} disagree: "
            + "; ".join(disagreements)
        )


def count_queens(
    n: int,
    client,
    depth: Optional[int] = None,
    unique: bool = False,
    blocked: Union[None, str, Sequence[str]] = None,
    chunks: Optional[int] = None,
    recount: int = 0,
    seed: Optional[int] = None,
) -> int:
    """The number of placements of ``n`` queens (``unique``: up to
    rotation and reflection; ``blocked``: with reserved squares), counted
    on the cluster of ``client`` as work units split after ``depth`` rows;
    ``recount`` of the units (picked by ``seed``) are then counted again
    and checked (see :func:`recount_units`)."""
    units = queens_split(n, depth if depth is not None else default_depth(n), blocked)
    results = run_units(units, client, chunks)
    counts = merge_units(results)
    if recount:
        recount_units(results, client, recount, seed)
    if unique:
        if counts.unique is None:
            raise ValueError("unique needs a board without reserved squares")
        return counts.unique
    return counts.total


@dataclass
class FileReport:
    """What :func:`solve_file` did: records solved and failed, and each
    failure as ``(line in the file, message)``, in input order."""

    solved: int = 0
    failed: int = 0
    errors: List[Tuple[int, str]] = field(default_factory=list)


def _ranges(size: int, partitions: int) -> List[Tuple[int, int]]:
    bounds = [size * part // partitions for part in range(partitions + 1)]
    return [(start, end) for start, end in zip(bounds, bounds[1:]) if end > start]


def _read_lines(path: str, start: int, end: int) -> bytes:
    """The lines of ``path`` that start in the byte range ``[start, end)``:
    every line belongs to exactly one range."""
    with open(path, "rb") as file:
        if start > 0:
            file.seek(start - 1)
            if file.read(1) != b"\n":
                file.readline()  # the line that started before the range
        position = file.tell()
        if position >= end:
            return b""
        text = file.read(end - position)
        # The range's last line may run past its end: it is still ours.
        return text if text.endswith(b"\n") else text + file.readline()


def _solve_range(path: str, start: int, end: int, strategy: str) -> Tuple[int, list]:
    """Solves the records of one byte range (a pure task): its line count
    and, per record, ``(line in the range, status, answer or message)``."""
    text = _read_lines(path, start, end)
    # Lines as the Rust reader counts them: ended by "\n" (or the file's end).
    lines = text.count(b"\n") + (1 if text and not text.endswith(b"\n") else 0)
    return lines, _native.solve_text(text, strategy)


def _relocate(message: str, local: int, line: int) -> str:
    prefix = f"line {local}"
    return f"line {line}" + message[len(prefix) :] if message.startswith(prefix) else message


def solve_file(
    path: Union[str, os.PathLike],
    client,
    out: Union[str, os.PathLike],
    partitions: Optional[int] = None,
    strategy: str = "bitboard",
) -> FileReport:
    """Solves every puzzle of the file ``path`` on the cluster of
    ``client`` and writes one answer line per solved record to ``out``, in
    input order. The file is cut into ``partitions`` byte ranges on line
    boundaries (default: 4 per worker thread), so records must not span
    lines there: the 81-character form of large batch files. A record that
    does not parse or has no solution is reported with its line in the
    file, as the CLI reports it, and the rest go on."""
    path = os.fspath(path)
    if partitions is None:
        partitions = 4 * max(1, sum(client.nthreads().values()))
    ranges = _ranges(os.path.getsize(path), max(1, partitions))
    futures = [client.submit(_solve_range, path, start, end, strategy, pure=True) for start, end in ranges]
    report = FileReport()
    lines_before = 0
    with open(out, "w", encoding="utf-8") as answers:
        # In input order: each range's result is written once the ranges
        # before it are, so memory holds only ranges finished early.
        for future in futures:
            lines, records = future.result()
            for local, status, text in records:
                if status == _native.SOLVED:
                    answers.write(text + "\n")
                    report.solved += 1
                else:
                    line = lines_before + local
                    report.failed += 1
                    report.errors.append((line, _relocate(text, local, line)))
            lines_before += lines
            future.release()
    return report

