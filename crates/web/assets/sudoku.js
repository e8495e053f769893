// The Sudoku tab: a board of any side (4 to 25) drawn from the layout the
// API answers with (regions, extra units, cages), typed into or loaded
// from text; check, solve, count, hint; and the search replayed.

import { call } from "./api.js";
import { Replay } from "./replay.js";

export const EXAMPLES = {
  "LeetCode 37": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
  "Two blanks (a first trace)": "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.",
  "4×4": "1...\n..2.\n.3..\n...4",
  "X-Wing (rated 3.2)": "970306042805000109000050000207000304010020080400738001000905000000000000100847003",
  "6×6": "5......2.41.....3.2.....3.......6..1",
  "Hard for plain backtracking": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
};

const $ = (id) => document.getElementById(id);

/** The current puzzle: its layout (from the API) and the board's cells. */
let layout = null;
let cells = [];

const cellName = (i) => `r${Math.floor(i / layout.side) + 1}c${(i % layout.side) + 1}`;

function status(text) {
  $("sudoku-status").textContent = text;
}

/** Draws an empty board for `next` (a layout), the givens filled. */
function draw(next) {
  layout = next;
  const { side, regions, givens } = layout;
  const board = $("sudoku-board");
  board.style.setProperty("--side", side);
  board.replaceChildren();
  const extra = new Set(layout.extra.flat());
  cells = [...givens].map((symbol, i) => {
    const input = document.createElement("input");
    input.className = "cell";
    input.maxLength = 1;
    input.inputMode = side <= 9 ? "numeric" : "text";
    input.setAttribute("aria-label", cellName(i));
    input.value = symbol === "." ? "" : symbol;
    input.classList.toggle("given", symbol !== ".");
    const col = i % side;
    if (col < side - 1 && regions[i] !== regions[i + 1]) input.classList.add("right");
    if (i + side < side * side && regions[i] !== regions[i + side]) input.classList.add("bottom");
    if (extra.has(i)) input.classList.add("extra");
    input.addEventListener("keydown", (e) => move(e, i));
    input.addEventListener("input", () => {
      input.value = input.value.toUpperCase();
      input.classList.toggle("given", input.value !== "");
      clearMarks();
    });
    board.append(input);
    return input;
  });
  for (const cage of layout.cages) {
    const first = Math.min(...cage.cells);
    const label = document.createElement("span");
    label.className = "cage";
    label.textContent = cage.sum;
    label.style.left = `calc(var(--cell) * ${first % side})`;
    label.style.top = `calc(var(--cell) * ${Math.floor(first / side)})`;
    board.append(label);
    cage.cells.forEach((c) => cells[c].classList.add("caged"));
  }
}

/** Arrow keys move between cells; Backspace and Delete clear one. */
function move(event, i) {
  const side = layout.side;
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -side, ArrowDown: side }[event.key];
  if (step !== undefined) {
    const next = i + step;
    if (next >= 0 && next < cells.length) cells[next].focus();
    event.preventDefault();
  }
}

function clearMarks() {
  cells.forEach((c) => c.classList.remove("conflict", "trying", "dead"));
}

/** The board as one line of symbols. */
function boardLine() {
  return cells.map((c) => c.value || ".").join("");
}

/** The puzzle to send: the board as a classic line, or (for a variant's
 *  regions, units or cages) as the JSON document of docs/FORMATS.md. */
function puzzleText() {
  const { side, symbols, jigsaw, extra, cages, regions } = layout;
  if (!jigsaw && extra.length === 0 && cages.length === 0) return boardLine();
  const doc = { size: side, symbols, givens: boardLine() };
  if (jigsaw) {
    const pieces = Array.from({ length: side }, () => []);
    regions.forEach((region, i) => pieces[region].push(cellName(i)));
    doc.regions = pieces;
  }
  if (extra.length) doc.units = extra.map((unit) => unit.map(cellName));
  if (cages.length) doc.cages = cages.map((cage) => ({ cells: cage.cells.map(cellName), sum: cage.sum }));
  return JSON.stringify(doc);
}

function request(extra = {}) {
  return { puzzle: puzzleText(), strategy: $("sudoku-strategy").value, ...extra };
}

/** Loads `text` (any notation): the API's answer draws the board. */
async function load(text) {
  $("sudoku-text").value = text;
  const checked = await call("sudoku/check", { puzzle: text });
  if (checked.layout) draw(checked.layout);
  $("sudoku-replay").hidden = true;
  report(checked);
}

function report(checked) {
  clearMarks();
  if (checked.valid) {
    status(checked.empty_cells === 0 ? "Valid and complete." : `Valid, ${checked.empty_cells} empty cells.`);
    return;
  }
  for (const conflict of checked.conflicts) {
    for (const name of conflict.cells) {
      const [, r, c] = name.match(/r(\d+)c(\d+)/);
      cells[(r - 1) * layout.side + (c - 1)]?.classList.add("conflict");
    }
  }
  status(`Invalid: ${checked.conflicts.map((c) => c.message).join("; ")}`);
}

function addRun(strategy, stats, millis) {
  const row = $("sudoku-runs").tBodies[0].insertRow(0);
  [strategy, stats.nodes, stats.guesses, `${millis.toFixed(2)} ms`].forEach((t) => {
    row.insertCell().textContent = t;
  });
}

/** Writes `line` into the board, the givens kept as they are. */
function fill(line) {
  [...line].forEach((symbol, i) => {
    if (!cells[i].classList.contains("given")) cells[i].value = symbol === "." ? "" : symbol;
  });
}

async function solve() {
  const found = await call("sudoku/solve", request());
  addRun($("sudoku-strategy").value, found.stats, found.time_ms);
  if (found.solution) {
    fill(found.solution);
    status(`Solved: ${found.stats.nodes} nodes, ${found.stats.guesses} guesses, ${found.time_ms.toFixed(2)} ms.`);
  } else {
    status(found.message || (found.stopped ? `No solution found: stopped (${found.stopped}).` : "No solution."));
  }
}

async function count() {
  const counted = await call("sudoku/count", request({ limit: 1000 }));
  const n = counted.solutions;
  const words = {
    none: "No solution.",
    unique: "Exactly one solution.",
    multiple: counted.exact ? `${n} solutions.` : `At least ${n} solutions.`,
    unknown: `Unknown: stopped (${counted.stopped}) after ${n} solution${n === 1 ? "" : "s"}.`,
  };
  status(words[counted.verdict]);
}

async function hint() {
  const { step } = await call("sudoku/hint", request());
  clearMarks();
  if (!step) {
    status("No technique gridsolve knows applies here; Solve finds the answer by search.");
    return;
  }
  for (const name of step.cells) {
    const [, r, c] = name.match(/r(\d+)c(\d+)/);
    cells[(r - 1) * 9 + (c - 1)].classList.add("trying");
  }
  status(`${step.explanation} [${step.rating}]`);
}

/** The cell and symbol a traced choice places. */
function placed(choice) {
  if (choice.cell !== undefined) return [choice.cell, layout.symbols[choice.value - 1]];
  return [choice.row * layout.side + choice.col, String(choice.digit)];
}

async function trace() {
  const start = boardLine();
  const traced = await call("sudoku/trace", request({ choices: 400 }));
  const show = (path, event) => {
    clearMarks();
    [...start].forEach((symbol, i) => {
      if (!cells[i].classList.contains("given")) cells[i].value = symbol === "." ? "" : symbol;
    });
    let last = null;
    for (const frame of path) {
      for (const choice of [frame.choice, ...frame.inferred].filter(Boolean)) {
        const [cell, symbol] = placed(choice);
        cells[cell].value = symbol;
        last = cell;
      }
    }
    if (last !== null) cells[last].classList.add(event?.event === "dead_end" ? "dead" : "trying");
  };
  new Replay($("sudoku-replay"), traced, show);
  status(`The search of ${$("sudoku-strategy").value}: step through it below.`);
}

/** Runs `action`, showing its error (the server's located message). */
function guarded(action) {
  return () => action().catch((error) => status(`Error: ${error.message}`));
}

export function start() {
  const examples = $("sudoku-example");
  for (const name of Object.keys(EXAMPLES)) examples.add(new Option(name, name));
  examples.addEventListener("change", guarded(() => load(EXAMPLES[examples.value])));
  $("sudoku-load").addEventListener("click", guarded(() => load($("sudoku-text").value)));
  $("sudoku-clear").addEventListener("click", guarded(() => load(".".repeat(layout.side * layout.side))));
  $("sudoku-check").addEventListener("click", guarded(async () => report(await call("sudoku/check", request()))));
  $("sudoku-solve").addEventListener("click", guarded(solve));
  $("sudoku-count").addEventListener("click", guarded(count));
  $("sudoku-hint").addEventListener("click", guarded(hint));
  $("sudoku-trace").addEventListener("click", guarded(trace));
  return guarded(() => load(EXAMPLES["LeetCode 37"]))();
}
