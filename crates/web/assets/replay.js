// A recorded search (the events of `--trace json`), replayed step by
// step: the search tree drawn as SVG (one node for the start and one for
// each choice; the current node ringed, dead ends red, solutions green,
// nodes not reached yet faded) and the dry-run table of the events, with
// controls to step back and forth, play and pause, and each step told in
// a sentence. The domain draws the board: `show(path, event)` gets the
// path of choices in force after the step (each with the inferences made
// under it) and the step's event, and may return its own sentence for the
// step (else the event's own words are told).
// A row of the table, clicked, goes to its step. A container shows one
// replay at a time: a new one, or closeReplay, ends the one before.

/** `count` `noun`s: `1 option`, `2 options`. */
export const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

const SVG = "http://www.w3.org/2000/svg";
const GAP_X = 28;
const GAP_Y = 46;
const RADIUS = 9;

/** The search tree of `events`: nodes (0 the start), and for each step
 *  the node current after it. */
function buildTree(events) {
  const nodes = [{ parent: null, depth: 0, label: "start", children: [], deadAt: null, solutionAt: null, step: -1 }];
  const stack = [0];
  const currentAfter = [];
  events.forEach((event, step) => {
    const top = stack[stack.length - 1];
    if (event.event === "choose") {
      const id = nodes.length;
      nodes.push({ parent: top, depth: stack.length, label: event.label, children: [], deadAt: null, solutionAt: null, step });
      nodes[top].children.push(id);
      stack.push(id);
    } else if (event.event === "undo") {
      if (stack.length > 1) stack.pop();
    } else if (event.event === "dead_end") {
      nodes[top].deadAt ??= step;
    } else if (event.event === "solution") {
      nodes[top].solutionAt ??= step;
    }
    currentAfter.push(stack[stack.length - 1]);
  });
  // Leaves left to right in the order they were reached; a parent above
  // the middle of its children.
  let leaf = 0;
  const place = (id) => {
    const node = nodes[id];
    node.children.forEach(place);
    node.x = node.children.length === 0
      ? leaf++
      : (nodes[node.children[0]].x + nodes[node.children[node.children.length - 1]].x) / 2;
  };
  place(0);
  return { nodes, currentAfter, width: leaf };
}

/** The path of choices in force after `upTo` steps, each with what was
 *  inferred under it (the start's own inferences in the first frame). */
export function pathAfter(events, upTo) {
  const frames = [{ choice: null, inferred: [] }];
  for (const event of events.slice(0, upTo)) {
    if (event.event === "choose") frames.push({ choice: event.choice, inferred: [] });
    else if (event.event === "propagate") frames[frames.length - 1].inferred.push(event.choice);
    else if (event.event === "undo" && frames.length > 1) frames.pop();
  }
  return frames;
}

export class Replay {
  /** Replays `trace` (the API's `events` and `left_out`) in `container`;
   *  the table says `solved` at a solution. */
  constructor(container, trace, show, solved = "all filled") {
    closeReplay(container);
    container.replay = this;
    this.container = container;
    this.events = trace.events;
    this.show = show;
    this.solved = solved;
    this.tree = buildTree(this.events);
    this.step = 0;
    this.timer = null;
    this.render(trace.left_out);
    this.go(0);
  }

  render(leftOut) {
    const c = this.container;
    c.hidden = false;
    c.replaceChildren();
    const controls = document.createElement("div");
    controls.className = "row";
    const button = (label, title, action) => {
      const b = document.createElement("button");
      b.textContent = label;
      b.title = title;
      b.setAttribute("aria-label", title);
      b.addEventListener("click", action);
      controls.append(b);
      return b;
    };
    button("|◀ Start", "To the start", () => this.go(0));
    button("◀", "Step back", () => this.go(this.step - 1));
    this.playButton = button("▶ Play", "Play or pause", () => this.toggle());
    button("▶", "Step forward", () => this.go(this.step + 1));
    button("End ▶|", "To the end", () => this.go(this.events.length));
    const speed = document.createElement("select");
    speed.setAttribute("aria-label", "Steps a second");
    for (const s of [1, 4, 10, 30, 100]) speed.add(new Option(`${s} steps/s`, s, s === 4, s === 4));
    speed.addEventListener("change", () => { if (this.timer) { this.toggle(); this.toggle(); } });
    this.speed = speed;
    controls.append(speed);
    this.counter = document.createElement("span");
    this.counter.className = "counter";
    controls.append(this.counter);
    c.append(controls);
    this.told = document.createElement("p");
    this.told.className = "told";
    this.told.setAttribute("aria-live", "polite");
    c.append(this.told);

    const nodes = this.tree.nodes;
    const summary = document.createElement("p");
    summary.className = "tree-summary";
    const solutions = this.events.filter((e) => e.event === "solution").length;
    summary.textContent = `${plural(nodes.length, "node")}, ${plural(solutions, "solution")}` +
      (leftOut > 0 ? ` (the trace stops here: ${leftOut} more events left out)` : "");
    c.append(summary);

    const box = document.createElement("div");
    box.className = "tree";
    const svg = document.createElementNS(SVG, "svg");
    const maxDepth = Math.max(...nodes.map((n) => n.depth));
    svg.setAttribute("width", (this.tree.width + 1) * GAP_X);
    svg.setAttribute("height", (maxDepth + 1) * GAP_Y + 2 * RADIUS);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `Search tree of ${nodes.length} nodes`);
    const xy = (n) => [(n.x + 0.5) * GAP_X + RADIUS, n.depth * GAP_Y + 2 * RADIUS];
    for (const n of nodes) {
      if (n.parent === null) continue;
      const [x1, y1] = xy(nodes[n.parent]);
      const [x2, y2] = xy(n);
      const line = document.createElementNS(SVG, "line");
      Object.entries({ x1, y1, x2, y2, class: "edge" }).forEach(([k, v]) => line.setAttribute(k, v));
      svg.append(line);
    }
    this.circles = nodes.map((n, id) => {
      const [cx, cy] = xy(n);
      const circle = document.createElementNS(SVG, "circle");
      Object.entries({ cx, cy, r: RADIUS }).forEach(([k, v]) => circle.setAttribute(k, v));
      circle.dataset.node = id;
      const title = document.createElementNS(SVG, "title");
      title.textContent = n.label;
      circle.append(title);
      svg.append(circle);
      return circle;
    });
    box.append(svg);
    c.append(box);

    const tableBox = document.createElement("div");
    tableBox.className = "table";
    const table = document.createElement("table");
    table.innerHTML = "<thead><tr><th>step</th><th>depth</th><th>event</th><th>what</th></tr></thead>";
    const body = document.createElement("tbody");
    this.rows = this.events.map((event, step) => {
      const row = body.insertRow();
      const what = event.label || event.at || (event.event === "solution" ? this.solved : "");
      [step + 1, event.depth, event.event.replace("_", " "), what].forEach((text) => {
        row.insertCell().textContent = text;
      });
      row.title = "Go to this step";
      row.addEventListener("click", () => this.go(step + 1));
      return row;
    });
    table.append(body);
    tableBox.append(table);
    c.append(tableBox);
    c.tabIndex = -1;
    c.onkeydown = (e) => {
      if (e.key === "ArrowRight") this.go(this.step + 1);
      if (e.key === "ArrowLeft") this.go(this.step - 1);
    };
  }

  /** Shows the state after `step` steps. */
  go(step) {
    this.step = Math.max(0, Math.min(step, this.events.length));
    const current = this.step === 0 ? 0 : this.tree.currentAfter[this.step - 1];
    this.tree.nodes.forEach((n, id) => {
      const reached = n.step < this.step;
      const classes = ["node"];
      if (n.deadAt !== null && n.deadAt < this.step) classes.push("dead");
      if (n.solutionAt !== null && n.solutionAt < this.step) classes.push("solution");
      if (!reached) classes.push("future");
      if (id === current) classes.push("current");
      this.circles[id].setAttribute("class", classes.join(" "));
    });
    this.rows.forEach((row, i) => row.classList.toggle("current", i === this.step - 1));
    this.rows[this.step - 1]?.scrollIntoView({ block: "nearest" });
    this.counter.textContent = ` step ${this.step} of ${this.events.length}`;
    this.container.dataset.step = this.step;
    this.container.dataset.done = String(this.step === this.events.length);
    const event = this.events[this.step - 1];
    const own = this.show(pathAfter(this.events, this.step), event);
    this.told.textContent = own ?? this.tell(event);
    if (this.step === this.events.length && this.timer) this.toggle();
  }

  /** `event` in words, from its own labels. */
  tell(event) {
    const options = (count) => plural(count, "option");
    switch (event?.event) {
      case undefined:
        return "The start: nothing chosen yet. Step forward, or play.";
      case "branch":
        return event.options.length === 0
          ? `${event.at}: no option left.`
          : `${event.at}: ${options(event.options.length)} left, so the search branches here.`;
      case "choose":
        return `Try ${event.label}, one of ${options(event.alternatives)}.`;
      case "propagate":
        return `${event.label}: the only possibility left, so it follows.`;
      case "dead_end":
        return "A dead end: nothing fits here, so back up to the last choice.";
      case "undo":
        return `Take back ${event.label}.`;
      case "solution":
        return `A solution: ${this.solved}.`;
      case "truncated":
        return `The recording stops here; the search went on for ${event.left_out} more events.`;
      default:
        return "";
    }
  }

  /** Stops playing, if it plays. */
  pause() {
    if (this.timer) this.toggle();
  }

  toggle() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.playButton.textContent = "▶ Play";
    } else {
      if (this.step === this.events.length) this.go(0);
      this.timer = setInterval(() => this.go(this.step + 1), 1000 / Number(this.speed.value));
      this.playButton.textContent = "⏸ Pause";
    }
  }
}

/** Ends the replay shown in `container`, if any: it stops playing and
 *  its controls, tree and table go (a replay of another puzzle must not
 *  draw on the board now shown). */
export function closeReplay(container) {
  container.replay?.pause();
  container.replay = null;
  container.onkeydown = null;
  container.hidden = true;
  container.replaceChildren();
}
