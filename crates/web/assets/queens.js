// The N-Queens tab: a chessboard of side n whose squares can be blocked,
// the count (in all and up to symmetry), the boards a page at a time, and
// the row-by-row search replayed (the 4-Queens tree of 17 nodes first).

import { call, guarded } from "./api.js";
import { closeReplay, Replay } from "./replay.js";

const $ = (id) => document.getElementById(id);

let n = 4;
let blocked = new Set();
let squares = [];
let page = { offset: 0, boards: [], shown: 0 };

function status(text) {
  $("queens-status").textContent = text;
}

/** The board's rows, `.` free and `*` blocked (the API's `blocked`). */
function rows() {
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => (blocked.has(r * n + c) ? "*" : ".")).join(""));
}

function request(extra = {}) {
  return blocked.size ? { n, blocked: rows(), ...extra } : { n, ...extra };
}

/** Draws an empty board of side `size`, no square blocked. */
function draw(size) {
  n = size;
  blocked = new Set();
  page = { offset: 0, boards: [], shown: 0 };
  const board = $("queens-board");
  board.style.setProperty("--side", n);
  board.replaceChildren();
  squares = Array.from({ length: n * n }, (_, i) => {
    const square = document.createElement("button");
    const [r, c] = [Math.floor(i / n), i % n];
    square.className = `square${(r + c) % 2 ? " dark" : ""}`;
    square.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
    square.addEventListener("click", () => {
      if (blocked.has(i)) blocked.delete(i);
      else blocked.add(i);
      square.classList.toggle("blocked", blocked.has(i));
      square.setAttribute("aria-pressed", String(blocked.has(i)));
      page = { offset: 0, boards: [], shown: 0 };
    });
    square.addEventListener("keydown", (e) => {
      const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n }[e.key];
      if (step !== undefined && squares[i + step]) {
        squares[i + step].focus();
        e.preventDefault();
      }
    });
    board.append(square);
    return square;
  });
  closeReplay($("queens-replay"));
}

/** Shows queens on `cols` (a queen's column by row, -1 for none), the
 *  squares they attack shaded, the last one ringed. */
function place(cols, last = null) {
  squares.forEach((square, i) => {
    square.textContent = "";
    square.classList.remove("attacked", "trying");
  });
  cols.forEach((c, r) => {
    if (c < 0) return;
    for (let i = 0; i < n * n; i++) {
      const [rr, cc] = [Math.floor(i / n), i % n];
      if (rr === r || cc === c || rr - cc === r - c || rr + cc === r + c) squares[i].classList.add("attacked");
    }
  });
  cols.forEach((c, r) => {
    if (c >= 0) {
      squares[r * n + c].textContent = "♛";
      squares[r * n + c].classList.remove("attacked");
    }
  });
  if (last) squares[last.row * n + last.col].classList.add("trying");
}

function fromRows(board) {
  return board.map((row) => row.indexOf("Q"));
}

async function count() {
  const counted = await call("queens/count", request());
  const unique = counted.unique === null ? "" : `, ${counted.unique} up to rotation and reflection`;
  status(counted.exact
    ? `${counted.total} placements${unique}.`
    : `At least ${counted.total} placements (stopped: ${counted.stopped}).`);
}

async function showBoard(index) {
  if (index < 0) return;
  if (index >= page.offset + page.boards.length) {
    const listed = await call("queens/list", request({ offset: index, limit: 20 }));
    if (listed.boards.length === 0) {
      status("No more boards.");
      return;
    }
    page = { offset: index, boards: listed.boards, shown: index };
  } else if (index < page.offset) {
    const offset = Math.max(0, index - 19);
    const listed = await call("queens/list", request({ offset, limit: 20 }));
    page = { offset, boards: listed.boards, shown: index };
  }
  page.shown = index;
  place(fromRows(page.boards[index - page.offset]));
  status(`Board ${index + 1}.`);
}

async function trace() {
  const traced = await call("queens/trace", request({ choices: 400 }));
  const show = (path, event) => {
    const cols = Array(n).fill(-1);
    let last = null;
    for (const frame of path) {
      if (frame.choice) {
        cols[frame.choice.row] = frame.choice.col;
        last = frame.choice;
      }
    }
    place(cols, last);
    if (event?.event === "dead_end" && last) squares[last.row * n + last.col].classList.add("trying");
  };
  new Replay($("queens-replay"), traced, show);
  status(`${traced.solutions} solutions, ${traced.nodes} placements tried: step through the search below.`);
}

export function start() {
  const size = $("queens-n");
  size.addEventListener("change", () => draw(Math.max(1, Math.min(16, Number(size.value) || 4))));
  $("queens-count").addEventListener("click", guarded(count, status));
  $("queens-trace").addEventListener("click", guarded(trace, status));
  $("queens-list").addEventListener("click", guarded(() => showBoard(0), status));
  $("queens-next").addEventListener("click", guarded(() => showBoard(page.shown + 1), status));
  $("queens-prev").addEventListener("click", guarded(() => showBoard(page.shown - 1), status));
  $("queens-unblock").addEventListener("click", () => draw(n));
  draw(Number(size.value));
}
