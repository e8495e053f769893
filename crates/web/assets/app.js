// The page's entry: the three tabs (Sudoku, N-Queens, exact cover), each
// started once.

import * as sudoku from "./sudoku.js";
import * as queens from "./queens.js";
import * as cover from "./cover.js";

const tabs = [
  [document.getElementById("tab-sudoku"), document.getElementById("sudoku")],
  [document.getElementById("tab-queens"), document.getElementById("queens")],
  [document.getElementById("tab-cover"), document.getElementById("cover")],
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
Promise.all([sudoku.start(), cover.start()]).then(() => document.body.setAttribute("data-ready", "true"));
