// The Sudoku tab: a board of any side (4 to 25) drawn from the layout the
// API answers with (regions, extra units, cages), typed into or loaded
// from text; check, solve, count, hint; and the search replayed.

import { call, guarded } from "./api.js";
import { closeReplay, Replay } from "./replay.js";

export const EXAMPLES = {
  "LeetCode 37": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
  "Two blanks (a first trace)": "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.",
  "4×4": "1...\n..2.\n.3..\n...4",
  "X-Wing (rated 3.2)": "970306042805000109000050000207000304010020080400738001000905000000000000100847003",
  "6×6": "5......2.41.....3.2.....3.......6..1",
  "Jigsaw 6×6": "....6.2................63..51...2...\nccccbdccbbbdeeebddeaabfdeeaffdaaafff",
  "X-Wing in letters (A for 1 … I for 9)": JSON.stringify({
    symbols: "ABCDEFGHI",
    givens: "IG.C.F.DBH.E...A.I....E....B.G...C.D.A..B..H.D..GCH..A...I.E............A..HDG..C",
  }),
  "Hard for plain backtracking": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
  "Killer (cages of LeetCode 37's rows)": [
    "......... aaabbbccc", "......... dddeeefff", "......... ggghhhiii",
    "......... jjjkkklll", "......... mmmnnnooo", "......... pppqqqrrr",
    "......... ssstttuuu", "......... vvvwwwxxx", "......... yyyzzzAAA",
    "a=12 b=21 c=12 d=15 e=15 f=15 g=18 h=9 i=18 j=22 k=14 l=9 m=12 n=16 o=17 p=11 q=15 r=19 s=16 t=15 u=14 v=17 w=14 x=14 y=12 z=16 A=17",
  ].join("\n"),
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
  drawCages(board);
}

/** Each cage's outline (dashed, inside its cells) and its sum, over the
 *  board. */
function drawCages(board) {
  const { side, cages } = layout;
  if (cages.length === 0) return;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "cages");
  svg.setAttribute("viewBox", `0 0 ${side * 100} ${side * 100}`);
  const cageOf = new Map();
  cages.forEach((cage, k) => cage.cells.forEach((c) => cageOf.set(c, k)));
  const inset = 8;
  for (const [cell, k] of cageOf) {
    const [r, c] = [Math.floor(cell / side), cell % side];
    const [x0, y0, x1, y1] = [c * 100 + inset, r * 100 + inset, c * 100 + 100 - inset, r * 100 + 100 - inset];
    const sides = [
      [r > 0 ? cell - side : -1, x0, y0, x1, y0],
      [r < side - 1 ? cell + side : -1, x0, y1, x1, y1],
      [c > 0 ? cell - 1 : -1, x0, y0, x0, y1],
      [c < side - 1 ? cell + 1 : -1, x1, y0, x1, y1],
    ];
    for (const [neighbour, xa, ya, xb, yb] of sides) {
      if (cageOf.get(neighbour) === k) continue;
      const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
      Object.entries({ x1: xa, y1: ya, x2: xb, y2: yb }).forEach(([key, v]) => line.setAttribute(key, v));
      svg.append(line);
    }
  }
  for (const cage of cages) {
    const first = Math.min(...cage.cells);
    const sum = document.createElementNS("http://www.w3.org/2000/svg", "text");
    sum.setAttribute("x", (first % side) * 100 + 12);
    sum.setAttribute("y", Math.floor(first / side) * 100 + 32);
    sum.setAttribute("class", "cage-sum");
    sum.textContent = cage.sum;
    svg.append(sum);
  }
  board.append(svg);
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
  $("sudoku-board").querySelector("svg.marks")?.remove();
}

/** The index of a cell named `r3c7`. */
function cellIndex(name) {
  const [, r, c] = name.match(/r(\d+)c(\d+)/);
  return (r - 1) * layout.side + (c - 1);
}

/** Draws `board` (the API's values and pencil marks, in the puzzle's
 *  symbols, on a grid of any side) with `step` on it: its proof cells
 *  lit, the candidates it removes struck out, the value it places in
 *  bold. Each cell shows its marks in a square of k×k places (k = 3 on a
 *  9×9, 4 on a 16×16), value v in place v - 1, in reading order. */
function showStep(board, step) {
  clearMarks();
  fill(board.values);
  step.cells.forEach((name) => cells[cellIndex(name)].classList.add("trying"));
  const moved = (moves) => new Set(moves.map((m) => `${cellIndex(m.cell)} ${layout.symbols[m.digit - 1]}`));
  const [removed, placed] = [moved(step.eliminations), moved(step.placements)];
  const side = layout.side;
  const across = Math.ceil(Math.sqrt(side));
  const pitch = 90 / across;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "marks");
  svg.setAttribute("viewBox", `0 0 ${side * 100} ${side * 100}`);
  svg.style.fontSize = `${Math.round(78 / across)}px`;
  board.candidates.forEach((marks, i) => {
    for (const symbol of marks) {
      const k = layout.symbols.indexOf(symbol);
      const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
      text.setAttribute("x", (i % side) * 100 + (k % across) * pitch + 5 + pitch / 2);
      text.setAttribute("y", Math.floor(i / side) * 100 + Math.floor(k / across) * pitch + 5 + pitch * 0.8);
      text.dataset.cell = cellName(i);
      text.textContent = symbol;
      const key = `${i} ${symbol}`;
      if (removed.has(key)) text.classList.add("removed");
      if (placed.has(key)) text.classList.add("placed");
      svg.append(text);
    }
  });
  $("sudoku-board").append(svg);
}

/** The puzzle on the board as one line of symbols: the givens and what
 *  was typed (an answer drawn by Solve or a replay is not part of it). */
function boardLine() {
  return cells.map((c) => (c.classList.contains("given") && c.value) || ".").join("");
}

/** The symbols a grid of `side` is read in when its text names none. */
const standardSymbols = (side) => "123456789ABCDEFGHIJKLMNOP".slice(0, side);

/** The puzzle to send: the board as a line of symbols, or (for a
 *  variant's regions, units or cages, or symbols of its own) as the JSON
 *  document of docs/FORMATS.md. */
function puzzleText() {
  const { side, symbols, jigsaw, extra, cages, regions } = layout;
  const plain = !jigsaw && extra.length === 0 && cages.length === 0;
  if (plain && symbols === standardSymbols(side)) return boardLine();
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
  $("sudoku-steps").replaceChildren();
  const checked = await call("sudoku/check", { puzzle: text });
  if (checked.layout) draw(checked.layout);
  closeReplay($("sudoku-replay"));
  report(checked);
}

function report(checked) {
  clearMarks();
  if (checked.valid) {
    status(checked.empty_cells === 0 ? "Valid and complete." : `Valid, ${checked.empty_cells} empty cells.`);
    return;
  }
  for (const conflict of checked.conflicts) {
    conflict.cells.forEach((name) => cells[cellIndex(name)]?.classList.add("conflict"));
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
  clearMarks();
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

/** The last hint: the puzzle it is for, the API's answer, and how much
 *  of it is shown (1: the technique, 2: its cells, 3: the whole step). */
let lastHint = null;

/** Each press of Hint on the same puzzle tells more of the same step: a
 *  nudge, then where to look, then the step itself. */
async function hint() {
  const line = boardLine();
  if (lastHint?.line === line && lastHint.shown < 3) {
    lastHint.shown += 1;
  } else {
    lastHint = { line, answer: await call("sudoku/hint", request()), shown: 1 };
  }
  const { answer: { board, step }, shown } = lastHint;
  clearMarks();
  $("sudoku-steps").replaceChildren();
  if (!step) {
    status("No technique gridsolve knows applies here; Solve finds the answer by search.");
    return;
  }
  const none = { cells: [], eliminations: [], placements: [] };
  const drawn = [{ ...step, ...none }, { ...step, eliminations: [], placements: [] }, step][shown - 1];
  showStep(board, drawn);
  const told = [step.vague, step.concrete, step.explanation][shown - 1];
  const more = shown < 3 ? " Press Hint again for more." : "";
  const rated = step.rating === null ? "" : ` [${step.rating.toFixed(1)}]`;
  status(`${told}${rated}${more}`);
}

/** Lists the steps of the solution path; choosing one (a click, Enter, or
 *  the arrow keys from the one before or after) draws the board as it
 *  stood before that step, with the step on it. */
async function explain() {
  const explained = await call("sudoku/explain", request());
  const list = $("sudoku-steps");
  const items = explained.steps.map((step, k) => {
    const item = document.createElement("li");
    // A Killer technique has no rating on Sudoku Explainer's scale.
    item.textContent = step.rating === null ? step.explanation : `[${step.rating.toFixed(1)}] ${step.explanation}`;
    item.tabIndex = 0;
    item.setAttribute("role", "button");
    const choose = () => {
      showStep(explained.boards[k], step);
      items.forEach((other) => other.classList.toggle("current", other === item));
      item.scrollIntoView({ block: "nearest" });
    };
    item.addEventListener("click", choose);
    item.addEventListener("keydown", (event) => {
      const next = { ArrowDown: items[k + 1], ArrowUp: items[k - 1], Enter: item, " ": item }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      next.focus();
      next.click();
    });
    return item;
  });
  list.replaceChildren(...items);
  status(explained.solved
    ? `Solved by logic in ${explained.steps.length} steps (choose one to see it on the board):`
    : `The techniques run out after ${explained.steps.length} steps with ${explained.left} cells empty (choose one to see it on the board):`);
}

async function rate() {
  const rated = await call("sudoku/rate", request());
  const bound = rated.solved ? "" : " (at least: the techniques ran out)";
  const used = Object.entries(rated.techniques).map(([name, n]) => `${name} ×${n}`).join(", ");
  const shown = (rating) => (rating === null ? "none" : rating.toFixed(1));
  status(`Sudoku Explainer rating: ER ${shown(rated.er)}${bound}, EP ${shown(rated.ep)}, ED ${shown(rated.ed)}; ${used}.`);
}

async function generate() {
  const size = Number($("sudoku-size").value);
  const made = await call("sudoku/generate", { size, seed: Math.floor(Math.random() * 2 ** 32) });
  await load(made.puzzle);
  status(`A new minimal ${size}×${size} puzzle with one solution.`);
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

export function start() {
  const examples = $("sudoku-example");
  for (const name of Object.keys(EXAMPLES)) examples.add(new Option(name, name));
  examples.addEventListener("change", guarded(() => load(EXAMPLES[examples.value]), status));
  $("sudoku-load").addEventListener("click", guarded(() => load($("sudoku-text").value), status));
  $("sudoku-clear").addEventListener("click", guarded(() => load(".".repeat(layout.side * layout.side)), status));
  $("sudoku-check").addEventListener("click", guarded(async () => report(await call("sudoku/check", request())), status));
  $("sudoku-solve").addEventListener("click", guarded(solve, status));
  $("sudoku-count").addEventListener("click", guarded(count, status));
  $("sudoku-hint").addEventListener("click", guarded(hint, status));
  $("sudoku-explain").addEventListener("click", guarded(explain, status));
  $("sudoku-rate").addEventListener("click", guarded(rate, status));
  $("sudoku-generate").addEventListener("click", guarded(generate, status));
  $("sudoku-trace").addEventListener("click", guarded(trace, status));
  return guarded(() => load(EXAMPLES["LeetCode 37"]), status)();
}
