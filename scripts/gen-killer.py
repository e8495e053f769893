#!/usr/bin/env python3
"""Writes COUNT Killer puzzles in CodinGame's text form into DIR, from a
fixed SEED: a random valid grid (a shifted pattern with its digits, rows
within bands, bands, columns within stacks and stacks shuffled), cut into
random connected cages of 1 to 5 cells holding no digit twice, with no
givens. Used by the Killer rows of docs/PERFORMANCE.md.

    scripts/gen-killer.py SEED COUNT DIR
"""
import random
import string
import sys


def grid(rng):
    digits = list(range(1, 10))
    rng.shuffle(digits)
    def banded():
        bands = [0, 1, 2]
        rng.shuffle(bands)
        order = []
        for band in bands:
            inner = [0, 1, 2]
            rng.shuffle(inner)
            order += [band * 3 + k for k in inner]
        return order
    rows, cols = banded(), banded()
    return [digits[(3 * (rows[r] % 3) + rows[r] // 3 + cols[c]) % 9] for r in range(9) for c in range(9)]


def cages(values, rng):
    cage_of = [None] * 81
    result = []
    for start in range(81):
        if cage_of[start] is not None:
            continue
        target = rng.randint(1, 5)
        cage = [start]
        cage_of[start] = len(result)
        while len(cage) < target:
            frm = rng.choice(cage)
            r, c = divmod(frm, 9)
            near = [n for n, ok in ((frm + 9, r < 8), (frm + 1, c < 8), (frm - 1, c > 0), (frm - 9, r > 0)) if ok]
            free = [n for n in near if cage_of[n] is None and all(values[m] != values[n] for m in cage)]
            if not free:
                break
            cell = rng.choice(free)
            cage_of[cell] = len(result)
            cage.append(cell)
        result.append(cage)
    return result


def main():
    seed, count, directory = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    letters = string.ascii_lowercase + string.ascii_uppercase
    written = 0
    while written < count:
        values = grid(rng)
        cut = cages(values, rng)
        if len(cut) > len(letters):
            continue
        letter_of = [None] * 81
        for index, cage in enumerate(cut):
            for cell in cage:
                letter_of[cell] = letters[index]
        lines = ["." * 9 + " " + "".join(letter_of[r * 9:r * 9 + 9]) for r in range(9)]
        lines.append(" ".join(f"{letters[i]}={sum(values[c] for c in cage)}" for i, cage in enumerate(cut)))
        with open(f"{directory}/killer-{seed}-{written:02}.txt", "w") as out:
            out.write("\n".join(lines) + "\n")
        written += 1


if __name__ == "__main__":
    main()
