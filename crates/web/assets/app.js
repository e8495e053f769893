// The page's entry: the two tabs (Sudoku, N-Queens), each started once.

import * as sudoku from "./sudoku.js";
import * as queens from "./queens.js";

const tabs = [
  [document.getElementById("tab-sudoku"), document.getElementById("sudoku")],
  [document.getElementById("tab-queens"), document.getElementById("queens")],
];

function select(chosen) {
  for (const [tab, panel] of tabs) {
    const on = tab === chosen;
    tab.setAttribute("aria-selected", String(on));
    panel.hidden = !on;
  }
}

for (const [tab] of tabs) tab.addEventListener("click", () => select(tab));
queens.start();
sudoku.start().then(() => document.body.setAttribute("data-ready", "true"));
