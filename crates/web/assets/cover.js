// The exact-cover tab: a problem in Knuth's DLX text drawn as its matrix
// (items across, options down), solved, and its search by dancing links
// replayed: the options chosen, the items they cover and the options that
// leave the matrix with them, step by step, each step told in words.

import { call, guarded } from "./api.js";
import { closeReplay, plural, Replay } from "./replay.js";

export const EXAMPLES = {
  "Knuth's example: 7 items, 6 options": "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
  "4 queens: rows and columns primary, diagonals secondary": [
    "r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6",
    ...[0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((c) => `r${r} c${c} a${r + c} b${r - c + 3}`)),
  ].join("\n"),
  "Langford pairs, n = 3": "1 2 3 s1 s2 s3 s4 s5 s6\n" +
    [1, 2, 3].flatMap((k) => Array.from({ length: 5 - k }, (_, i) => `${k} s${i + 1} s${i + k + 2}`)).join("\n"),
  "Colors: options that give x the same color may share it": "p q r | x y\np x:A\nq x:A y:B\nq x:B\nr y:B\nr y:A\n",
  "Multiplicities: a covered 2 or 3 times": "2:3|a b c\na\na b\na c\n",
};

/** The largest matrix drawn, in cells; a larger one is still solved and
 *  its search replayed as a tree and a table. */
const MOST_CELLS = 40000;

const $ = (id) => document.getElementById(id);

/** The problem shown (the API's `problem`), and its matrix's cells. */
let problem = null;
let heads = [];
let rows = [];

function status(text) {
  $("cover-status").textContent = text;
}

function request(extra = {}) {
  return { text: $("cover-text").value, ...extra };
}

/** An option's line, by its index. */
const line = (option) => problem.options[option].text;

/** How an item is written in the matrix's head: its name, and its bounds
 *  when it may be covered other than once. */
function itemHead(item) {
  const name = problem.items[item];
  const [lo, hi] = problem.bounds[item] ?? [1, 1];
  if (lo === 1 && hi === 1) return name;
  return lo === hi ? `${name} ×${hi}` : `${name} ×${lo}–${hi}`;
}

/** Draws `next` (the API's `problem`) as its matrix, nothing chosen. */
function draw(next) {
  problem = next;
  const matrix = $("cover-matrix");
  matrix.replaceChildren();
  heads = [];
  rows = [];
  const { items, primary, options } = problem;
  if (items.length * options.length > MOST_CELLS) {
    status(`${items.length} items and ${options.length} options: too large a matrix to draw here.`);
    return;
  }
  const table = document.createElement("table");
  const headRow = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.textContent = "option";
  headRow.append(corner);
  heads = items.map((_, item) => {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = itemHead(item);
    th.className = item < primary ? "primary" : "secondary";
    if (item === primary) th.classList.add("first-secondary");
    headRow.append(th);
    return th;
  });
  const body = table.createTBody();
  rows = options.map((option) => {
    const row = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = option.text;
    row.append(th);
    const color = new Map(option.items.map((item, k) => [item, option.colors[k]]));
    items.forEach((_, item) => {
      const cell = row.insertCell();
      if (item === primary) cell.classList.add("first-secondary");
      if (color.has(item)) cell.textContent = color.get(item) ?? "1";
    });
    return row;
  });
  matrix.append(table);
}

/** What `chosen` (option indices) leaves of the matrix: how many chosen
 *  options cover each item and the color a secondary item took, and each
 *  option still open or out (it would cover an item once too often, or
 *  give a secondary item another color). */
function state(chosen) {
  const { items, primary, bounds, options } = problem;
  const used = items.map(() => 0);
  const colorOf = items.map(() => undefined);
  for (const option of chosen) {
    options[option].items.forEach((item, k) => {
      used[item] += 1;
      colorOf[item] = options[option].colors[k];
    });
  }
  const full = (item) => item < primary ? used[item] >= bounds[item][1] : used[item] > 0;
  const out = options.map((option, index) => !chosen.includes(index) && option.items.some((item, k) =>
    item < primary ? full(item) : used[item] > 0 && (colorOf[item] === null || option.colors[k] !== colorOf[item])));
  return { used, full, out };
}

/** Paints the matrix after `chosen` and gives what `event` did, in
 *  words. */
function paint(chosen, event) {
  const { used, full, out } = state(chosen);
  const branch = event?.event === "branch" ? event : null;
  heads.forEach((th, item) => {
    th.classList.toggle("covered", full(item));
    th.classList.toggle("partly", !full(item) && used[item] > 0);
    th.classList.toggle("branch", branch?.slot === item);
    th.classList.toggle("dead", branch?.slot === item && branch.options.length === 0);
  });
  rows.forEach((row, option) => {
    row.classList.toggle("chosen", chosen.includes(option));
    row.classList.toggle("out", out[option]);
    row.classList.toggle("candidate", branch?.options.includes(option) ?? false);
    row.classList.toggle("trying", event?.event === "choose" && event.choice === option);
    row.classList.toggle("found", event?.event === "solution" && chosen.includes(option));
  });
  return tell(chosen, event, out);
}

/** The options out of the matrix in `after` (each option out or not)
 *  but not in `before`. */
function leaving(before, after) {
  return after.flatMap((isOut, option) => (isOut && !before[option] ? [option] : []));
}

/** `options` (indices) as a list of their lines, the first few. */
function listed(options) {
  const shown = options.slice(0, 8).map(line).join("; ");
  return options.length > 8 ? `${shown}; …` : shown;
}

/** One step of the search in words; `out` is each option out of the
 *  matrix after it. */
function tell(chosen, event, out) {
  const { items, primary, options } = problem;
  switch (event?.event) {
    case undefined:
      return `${plural(items.length, "item")} (${primary} primary, which every solution must ` +
        `cover) and ${plural(options.length, "option")}.`;
    case "branch":
      return event.options.length === 0
        ? `No option left can cover item ${event.at}: a dead end.`
        : `Item ${event.at} has the fewest ways left to cover it (${event.options.length}: ` +
          `${listed(event.options)}), so the search branches on it.`;
    case "choose": {
      const removed = leaving(state(chosen.slice(0, -1)).out, out);
      const covers = options[event.choice].items.map((item) => items[item]).join(", ");
      return `Choose ${event.label}: it covers ${covers}` + (removed.length === 0
        ? ", and no option left shares one of them."
        : `, and ${plural(removed.length, "option")} sharing one of them leave the matrix: ` +
          `${listed(removed)}.`);
    }
    case "undo": {
      const removed = leaving(out, state([...chosen, event.choice]).out);
      return `Take back ${event.label}: ` + (removed.length === 0
        ? "it removed no other option."
        : `the ${plural(removed.length, "option")} it removed come back, each relinked where it ` +
          `was (the links dance back): ${listed(removed)}.`);
    }
    case "dead_end":
      return "Dead end: back up to the last choice.";
    case "solution":
      return `Every primary item is covered: a solution, ${chosen.map(line).join("; ")}.`;
    default:
      return "";
  }
}

/** What a search found, in a sentence. */
function summary(answer) {
  const more = answer.stopped ? ` (stopped: ${answer.stopped})` : "";
  return `${plural(answer.solutions.length, "solution")} found${more}, ` +
    `${plural(answer.stats.nodes, "node")}.`;
}

async function show() {
  closeReplay($("cover-replay"));
  draw((await call("cover/solve", request({ limit: 1 }))).problem);
  if (rows.length > 0) status(paint([], undefined));
}

async function solve() {
  closeReplay($("cover-replay"));
  const answer = await call("cover/solve", request());
  draw(answer.problem);
  if (answer.chosen.length > 0) paint(answer.chosen[0], { event: "solution" });
  const first = answer.solutions[0];
  status(`${summary(answer)}${first ? ` The first: ${first.join("; ")}.` : ""}`);
}

async function trace() {
  const traced = await call("cover/trace", request({ limit: 10, choices: 300 }));
  draw(traced.problem);
  const replayed = (path, event) => paint(path.filter((frame) => frame.choice !== null).map((frame) => frame.choice), event);
  new Replay($("cover-replay"), traced, replayed, "every primary item covered");
  status(rows.length === 0
    ? `${summary(traced)} The matrix is too large to draw; the tree and table replay the search.`
    : `${summary(traced)} Step through the search below.`);
}

export function start() {
  const examples = $("cover-example");
  for (const name of Object.keys(EXAMPLES)) examples.add(new Option(name, name));
  const load = (text) => {
    $("cover-text").value = text;
    return show();
  };
  examples.addEventListener("change", guarded(() => load(EXAMPLES[examples.value]), status));
  $("cover-show").addEventListener("click", guarded(show, status));
  $("cover-solve").addEventListener("click", guarded(solve, status));
  $("cover-trace").addEventListener("click", guarded(trace, status));
  return guarded(() => load(EXAMPLES["Knuth's example: 7 items, 6 options"]), status)();
}
