// Times Sukaku Explainer's rating of each puzzle read from standard input
// (81 characters a line) inside one JVM, after a warm-up pass over the same
// puzzles: prints "<ER> <seconds>" a puzzle. Compiled and run by
// scripts/bench-sukaku.sh against a build of Sukaku Explainer's classes;
// it only calls that program's public API.

import diuf.sudoku.Grid;
import diuf.sudoku.solver.Solver;
import diuf.sudoku.test.serate;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

public class SukakuTimer {
    public static void main(String[] args) throws Exception {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        List<String> puzzles = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            if (line.trim().length() >= 81) puzzles.add(line.trim());
        }
        for (int round = 0; round < warmup; round++) {
            for (String puzzle : puzzles) rate(puzzle);
        }
        for (String puzzle : puzzles) {
            long start = System.nanoTime();
            String er = rate(puzzle);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.println(er + " " + seconds);
        }
    }

    private static String rate(String puzzle) {
        StringWriter text = new StringWriter();
        serate.Formatter formatter =
                new serate.Formatter(new PrintWriter(text), "", "", "", "%r");
        Grid grid = new Grid();
        grid.fromString(puzzle);
        grid.adjustPencilmarks();
        Solver solver = new Solver(grid);
        solver.rebuildPotentialValues();
        solver.getDifficulty(formatter);
        return text.toString().trim();
    }
}
