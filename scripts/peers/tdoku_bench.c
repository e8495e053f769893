/*
 * A throughput harness for tdoku (github.com/t-dillon/tdoku), the same
 * measurement as ../shared/peers/rust-sudoku-crate's harness so that
 * scripts/bench-vs-peer.sh can race either beside gridsolve: for each
 * puzzle file, the puzzles are read once (81 characters a line, '.', '0'
 * or '_' a blank; '#' lines and short lines skipped), checked once
 * untimed (solutions counted up to 2, the first one solved for and
 * checked against the rules and the clues), then solved with a limit of
 * 2 solutions in timed passes over the whole file until MIN_SECS have
 * passed, after one warm-up pass. Only tdoku's calls are timed; each
 * call reads the puzzle's characters and builds tdoku's state, as
 * gridsolve's `sudoku bench` times building its own.
 *
 *   tdoku_bench [--min-secs S] FILE...
 *
 * Built outside this repository's crates against tdoku's source by
 * scripts/peer-builds.sh (TDOKU=DIR). Exit status 1 when a solution
 * tdoku returns breaks a rule or a clue.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tdoku.h"

enum { CELLS = 81 };

typedef struct {
    char (*grids)[CELLS + 1];
    size_t len, cap;
} Puzzles;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The puzzles of `path`, in tdoku's notation ('.' for a blank). */
static Puzzles read_puzzles(const char *path) {
    Puzzles puzzles = {NULL, 0, 0};
    FILE *file = fopen(path, "r");
    if (!file) {
        perror(path);
        exit(2);
    }
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, file) != -1) {
        if (line[0] == '#' || strlen(line) < CELLS) continue;
        if (puzzles.len == puzzles.cap) {
            puzzles.cap = puzzles.cap ? 2 * puzzles.cap : 1024;
            puzzles.grids = realloc(puzzles.grids, puzzles.cap * sizeof *puzzles.grids);
            if (!puzzles.grids) exit(2);
        }
        char *grid = puzzles.grids[puzzles.len++];
        for (int cell = 0; cell < CELLS; cell++) {
            char c = line[cell];
            grid[cell] = (c >= '1' && c <= '9') ? c : '.';
        }
        grid[CELLS] = '\0';
    }
    free(line);
    fclose(file);
    return puzzles;
}

/* Whether `solution` fills every cell, keeps every clue of `puzzle` and
 * holds each digit once in every row, column and box. */
static bool solves(const char *puzzle, const char *solution) {
    for (int unit = 0; unit < 27; unit++) {
        unsigned seen = 0;
        for (int i = 0; i < 9; i++) {
            int row, col;
            if (unit < 9) {
                row = unit, col = i;
            } else if (unit < 18) {
                row = i, col = unit - 9;
            } else {
                int box = unit - 18;
                row = box / 3 * 3 + i / 3, col = box % 3 * 3 + i % 3;
            }
            char c = solution[row * 9 + col];
            if (c < '1' || c > '9') return false;
            seen |= 1u << (c - '1');
        }
        if (seen != 0x1ff) return false;
    }
    for (int cell = 0; cell < CELLS; cell++) {
        if (puzzle[cell] != '.' && puzzle[cell] != solution[cell]) return false;
    }
    return true;
}

int main(int argc, char **argv) {
    double min_secs = 3.0;
    int first = 1;
    if (argc > 2 && strcmp(argv[1], "--min-secs") == 0) {
        min_secs = atof(argv[2]);
        first = 3;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [--min-secs S] FILE...\n", argv[0]);
        return 2;
    }
    int status = 0;
    printf("%-36s %8s %6s %7s %12s %10s %9s %17s\n", "file", "puzzles", "passes", "secs",
           "puzzles/s", "µs/puzzle", "guesses", "unique/multi/none");
    for (int arg = first; arg < argc; arg++) {
        Puzzles puzzles = read_puzzles(argv[arg]);
        size_t counts[3] = {0, 0, 0}, guesses = 0, sink = 0;
        char solution[CELLS + 1] = {0};
        for (size_t i = 0; i < puzzles.len; i++) {
            size_t found = TdokuSolverDpllTriadSimd(puzzles.grids[i], 2, 0, solution, &guesses);
            counts[found == 1 ? 0 : found > 1 ? 1 : 2]++;
            if (found > 0) {
                TdokuSolverDpllTriadSimd(puzzles.grids[i], 1, 0, solution, &guesses);
                if (!solves(puzzles.grids[i], solution)) {
                    fprintf(stderr, "%s: puzzle %zu: tdoku's solution breaks the rules\n",
                            argv[arg], i + 1);
                    status = 1;
                }
            }
        }
        for (size_t i = 0; i < puzzles.len; i++) {
            sink += TdokuSolverDpllTriadSimd(puzzles.grids[i], 2, 0, solution, &guesses);
        }
        size_t passes = 0, total_guesses = 0;
        double start = now(), elapsed;
        do {
            for (size_t i = 0; i < puzzles.len; i++) {
                size_t pass_guesses = 0;
                sink += TdokuSolverDpllTriadSimd(puzzles.grids[i], 2, 0, solution, &pass_guesses);
                total_guesses += pass_guesses;
            }
            passes++;
            elapsed = now() - start;
        } while (elapsed < min_secs);
        const char *name = strrchr(argv[arg], '/');
        name = name ? name + 1 : argv[arg];
        double solved = (double)(passes * puzzles.len);
        printf("%-36s %8zu %6zu %7.3f %12.1f %10.3f %9.2f %7zu/%zu/%zu\n", name, puzzles.len,
               passes, elapsed, solved / elapsed, elapsed * 1e6 / solved,
               (double)total_guesses / solved, counts[0], counts[1], counts[2]);
        if (sink == 0 && puzzles.len > 0) fprintf(stderr, "%s: no solutions at all\n", name);
        free(puzzles.grids);
    }
    return status;
}
