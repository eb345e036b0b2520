// The Hidden Realms map editor: paint squares, open entrances in the outer wall, and see every
// problem the validator finds on its square as you edit; load, save, rate and print the map
// (maptools.js). The map lives here as the fields of a tombgen/realms.map document; the server
// validates, writes the .toml, rates and prints it.

import {el, clear, json, call, debounce, save, fileName, Refused} from "./dom.js";
import {MapRating, MapSheet} from "./maptools.js";

const ARROWS = {N: "▲", E: "▶", S: "▼", W: "◀"};
const INWARD = {N: "↓", S: "↑", W: "→", E: "←"};
const TURN = {N: "E", E: "S", S: "W", W: "N"};
const TOOLS = [["free", "Free"], ["stone", "Stone"], ["room", "Room"], ["finding", "Finding"],
  ["coins", "Coins"]];
const DRAGGED = ["free", "stone", "finding", "coins"];  // tools that paint while dragging

function slug(text) {
  const made = (text || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return made.slice(0, 40) || "map";
}

function choice(items, label) {
  return el("select", {"aria-label": label}, items.map(([value, text]) => el("option", {value}, text)));
}

function button(text, onclick, kind = "secondary") {
  return el("button", {type: "button", class: kind, onclick}, text);
}

export class MapEditor {
  constructor(catalogue, changed) {
    this.catalogue = catalogue;
    this.changed = changed || (() => {});  // the address follows the map shown
    this.words = null;   // the editor's vocabulary, from the game's data
    this.tool = "stone";
    this.painting = false;
    this.rating = null;  // the rating of these very squares (it carries their fingerprint)
    this.valid = false;
    this.validate = debounce(() => this.check(), 250);
    this.node = el("section", {class: "view editor"}, el("p", {class: "loading"}, "Loading the editor…"));
  }

  async show() {
    if (this.words) {
      if (this.wanted && this.wanted !== this.shippedName()) await this.load(this.wanted);
      return;
    }
    this.words = await json("/api/realms/vocabulary");
    this.build();
    await this.load(this.wanted || "map-1");
  }

  // The address holds a shipped map shown unchanged (#realms/editor?map=map-2); a map drawn
  // here is saved as a file, it does not fit an address.
  state() {
    const name = this.map ? this.shippedName() : this.wanted;
    return name ? [["map", name]] : [];
  }

  restore(params) {
    this.wanted = params.get("map");
  }

  // ------------------------------------------------------------------ layout

  build() {
    const sheet = this.catalogue.games.find((g) => g.name === "realms").products.find((p) => p.kind === "sheet");
    this.rater = new MapRating(this, this.words.rating);
    this.sheet = new MapSheet(this, sheet);
    this.grid = el("div", {class: "grid tokens", role: "grid", "aria-label": "map"});
    this.verdict = el("p", {class: "verdict", role: "status"});
    this.problems = el("ul", {class: "map-problems", "aria-live": "polite"});
    document.addEventListener("pointerup", () => { this.painting = false; });
    clear(this.node).append(
      el("div", {class: "view-head"}, el("h2", {}, "Hidden Realms — map editor"),
        el("p", {class: "summary"}, "Click or drag to paint squares (or Tab to the grid, move with the arrow keys, Enter paints, " +
          "E opens an entrance beside an edge square); click the outer wall to open " +
          "or close an entrance. Every problem the validator finds is shown on its square as you edit.")),
      el("div", {class: "columns"},
        el("div", {class: "controls"}, this.paintPanel(), this.mapPanel(), this.filePanel(), this.rater.node),
        el("div", {class: "result"}, this.verdict, this.grid, this.legend(), this.problems)),
      this.sheet.node);
    this.pick(this.tool);
  }

  paintPanel() {
    const w = this.words;
    this.toolButtons = TOOLS.map(([tool, label]) => el("button", {type: "button", class: "tool",
      "data-tool": tool, onclick: () => this.pick(tool)}, label));
    this.content = choice(w.rooms.map((r) => [r.kind, r.kind]), "room content");
    this.door = choice(Object.keys(w.doors).map((d) => [d, `door ${d} ${ARROWS[d]}`]), "door side");
    this.finding = choice(w.findings.map((f) => [f.kind, f.name]), "finding");
    this.amount = choice(Array.from({length: w.max_coin_pile}, (_, i) => [String(i + 1), `${i + 1} coin${i ? "s" : ""}`]), "coins");
    for (const select of [this.content, this.door]) select.addEventListener("change", () => this.pick("room"));
    this.finding.addEventListener("change", () => this.pick("finding"));
    this.amount.addEventListener("change", () => this.pick("coins"));
    return el("fieldset", {class: "group"}, el("legend", {}, "Paint"),
      el("div", {class: "tools"}, this.toolButtons),
      el("div", {class: "tool-options"},
        el("label", {}, "room ", this.content, " ", this.door),
        el("label", {}, "finding ", this.finding),
        el("label", {}, "coins ", this.amount)),
      el("p", {class: "help"}, "Click a room again with the Room tool to turn its door."));
  }

  mapPanel() {
    const w = this.words;
    const sizes = Array.from({length: w.max_size - w.min_size + 1}, (_, i) => String(w.min_size + i));
    this.width = choice(sizes.map((s) => [s, s]), "width");
    this.height = choice(sizes.map((s) => [s, s]), "height");
    for (const select of [this.width, this.height]) select.addEventListener("change", () => this.resize());
    this.nameInput = el("input", {type: "text", oninput: () => this.edited(false)});
    this.difficulty = choice(w.difficulties.map((d) => [d, d]), "difficulty");
    this.difficulty.addEventListener("change", () => this.edited(false));
    this.description = el("textarea", {rows: "3", oninput: () => this.edited(false)});
    return el("fieldset", {class: "group"}, el("legend", {}, "Map"),
      el("div", {class: "size-row"}, el("span", {}, "size"), this.width, el("span", {}, "×"), this.height),
      el("label", {class: "stack"}, "name", this.nameInput),
      el("label", {class: "stack"}, "difficulty", this.difficulty),
      el("label", {class: "stack"}, "description", this.description));
  }

  filePanel() {
    this.shipped = choice(this.words.maps.map((m) => [m, m]), "shipped map");
    this.file = el("input", {type: "file", accept: ".toml,.json", class: "hidden", onchange: () => this.open()});
    return el("fieldset", {class: "group"}, el("legend", {}, "Files"),
      el("div", {class: "row"}, this.shipped, button("Load", () => this.load(this.shipped.value))),
      el("div", {class: "row"}, button("Open a map file…", () => this.file.click()), this.file,
        button("New", () => this.blank())),
      el("div", {class: "row"}, button("Save .toml", () => this.saveToml(), "primary"),
        button("Save .json", () => this.saveJson())));
  }

  // What the tokens on the squares mean (the symbols of the map files).
  legend() {
    const entry = (cell, text) => {
      const node = el("span", {class: "cell"});
      this.dress(node, cell);
      return el("span", {class: "entry"}, node, text);
    };
    const w = this.words;
    return el("div", {class: "legend tokens", "aria-label": "legend"},
      w.findings.map((f) => entry({type: "finding", kind: f.kind}, f.name)),
      entry({type: "finding", kind: "coins", amount: 2}, "coins (how many)"),
      w.rooms.map((r) => entry({type: "room", content: r.kind, door: "E"}, `room: ${r.kind}`)));
  }

  pick(tool) {
    this.tool = tool;
    for (const b of this.toolButtons) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
  }

  // ------------------------------------------------------------------ the map

  fields() {
    const m = this.map;
    const out = {format: "tombgen/realms.map", version: 1, name: m.name, difficulty: m.difficulty,
      description: m.description, size: [m.w, m.h], entrances: [], stone: [], rooms: [], findings: []};
    for (const key of m.entrances) {
      const [x, y, side] = key.split(",");
      out.entrances.push({x: Number(x), y: Number(y), side});
    }
    for (const [key, cell] of m.cells) {
      const [x, y] = key.split(",").map(Number);
      if (cell.type === "stone") out.stone.push([x, y]);
      else if (cell.type === "room") out.rooms.push({x, y, door: cell.door, content: cell.content});
      else if (cell.kind === "coins") out.findings.push({x, y, kind: "coins", amount: cell.amount});
      else out.findings.push({x, y, kind: cell.kind});
    }
    if (this.rating) out.rating = this.rating;
    return out;
  }

  // The squares alone (what a rating belongs to).
  squares() {
    const {size, entrances, stone, rooms, findings} = this.fields();
    return JSON.stringify([size, entrances, stone, rooms, findings]);
  }

  setFields(fields, rating) {
    const m = {name: fields.name || "", difficulty: fields.difficulty || "advanced",
      description: fields.description || "", w: fields.size[0], h: fields.size[1],
      cells: new Map(), entrances: new Set()};
    for (const e of fields.entrances) m.entrances.add(`${e.x},${e.y},${e.side}`);
    for (const [x, y] of fields.stone) m.cells.set(`${x},${y}`, {type: "stone"});
    for (const r of fields.rooms) m.cells.set(`${r.x},${r.y}`, {type: "room", door: r.door, content: r.content});
    for (const f of fields.findings) m.cells.set(`${f.x},${f.y}`, {type: "finding", kind: f.kind, amount: f.amount || 0});
    this.map = m;
    this.nameInput.value = m.name;
    this.description.value = m.description;
    if (![...this.difficulty.options].some((o) => o.value === m.difficulty)) {
      this.difficulty.append(el("option", {value: m.difficulty}, m.difficulty));
    }
    this.difficulty.value = m.difficulty;
    this.width.value = String(m.w);
    this.height.value = String(m.h);
    this.rated(rating || null);
    this.draw();
    this.check();
  }

  rated(rating) {
    this.rating = rating;
    this.rater.show(rating);
  }

  // The shipped map's name while the map is that map unchanged (its sheet is then made from
  // the name, as `realms sheet --map map-1` does), else null.
  shippedName() {
    const now = JSON.stringify({...this.fields(), rating: null});
    return this.origin && this.origin.text === now ? this.origin.name : null;
  }

  async load(name) {
    try {
      const found = await json(`/api/realms/maps/${encodeURIComponent(name)}`);
      this.fileStem = name;
      this.setFields(found.map, found.rating);
      this.origin = {name, text: JSON.stringify({...this.fields(), rating: null})};
      this.shipped.value = name;
      this.wanted = null;
      this.changed();
    } catch (error) {
      this.verdict.textContent = String(error.message || error);
    }
  }

  blank() {
    this.fileStem = null;
    this.setFields({name: "My tomb", difficulty: "advanced", description: "", size: [12, 12],
      entrances: [], stone: [], rooms: [], findings: []}, null);
  }

  // A map file of the player's: read here, sent to the server to be read and checked.
  async open() {
    const chosen = this.file.files[0];
    this.file.value = "";
    if (!chosen) return;
    const text = await chosen.text();
    const name = chosen.name.replace(/[^A-Za-z0-9_.-]/g, "-");
    try {
      const result = await this.validated(text, name);
      if (!result.map) throw new Refused(422, {problems: result.problems});
      // a size the maps cannot have is said before anything is drawn (a file may say 300 x 300)
      const [w, h] = result.map.size;
      const {min_size: low, max_size: high} = this.words;
      if (![w, h].every((n) => Number.isInteger(n) && n >= low && n <= high)) {
        throw new Refused(422, {problems: [`${chosen.name}: the map is ${w} × ${h} squares; a map ` +
          `has ${low} to ${high} squares a side, so the editor does not draw it. Change its size ` +
          "in the file, or start a new map."]});
      }
      this.fileStem = name.replace(/\.(toml|json)$/, "");
      this.setFields(result.map, name.endsWith(".json") ? JSON.parse(text).rating || null : null);
    } catch (error) {
      clear(this.problems).append(...(error.problems || [String(error)]).map((p) => el("li", {}, p)));
      this.verdict.textContent = `${chosen.name} cannot be read`;
      this.verdict.className = "verdict bad";
    }
  }

  // A new size keeps what still fits; entrances on the right and bottom walls move with them.
  resize() {
    const w = Number(this.width.value);
    const h = Number(this.height.value);
    const m = this.map;
    for (const key of [...m.cells.keys()]) {
      const [x, y] = key.split(",").map(Number);
      if (x >= w || y >= h) m.cells.delete(key);
    }
    const moved = new Set();
    for (const key of m.entrances) {
      const [x0, y0, side] = key.split(",");
      const x = side === "E" ? w - 1 : Number(x0);
      const y = side === "S" ? h - 1 : Number(y0);
      if (x < w && y < h) moved.add(`${x},${y},${side}`);
    }
    Object.assign(m, {entrances: moved, w, h});
    this.edited(true);
  }

  // A change; one of the squares drops the rating (it belonged to the squares before).
  edited(squares) {
    const m = this.map;
    m.name = this.nameInput.value;
    m.difficulty = this.difficulty.value;
    m.description = this.description.value.replace(/\s*\n\s*/g, " ");
    if (squares) {
      this.rated(null);
      this.draw();
    }
    this.changed();
    this.validate();
  }

  painted(key) {
    if (this.tool === "free") return null;
    if (this.tool === "stone") return {type: "stone"};
    if (this.tool === "finding") return {type: "finding", kind: this.finding.value, amount: 0};
    if (this.tool === "coins") return {type: "finding", kind: "coins", amount: Number(this.amount.value)};
    const old = this.map.cells.get(key);
    const turn = old && old.type === "room" && old.content === this.content.value;
    if (turn) this.door.value = TURN[old.door] || "N";
    return {type: "room", content: this.content.value, door: this.door.value};
  }

  paint(x, y) {
    const key = `${x},${y}`;
    const cells = this.map.cells;
    const before = JSON.stringify(cells.get(key) || null);
    const after = this.painted(key);
    if (after) cells.set(key, after); else cells.delete(key);
    if (JSON.stringify(after) !== before) this.edited(true);
  }

  toggleEntrance(x, y, side) {
    const key = `${x},${y},${side}`;
    if (this.map.entrances.has(key)) this.map.entrances.delete(key);
    else this.map.entrances.add(key);
    this.edited(true);
  }

  // ------------------------------------------------------------------ drawing

  // The grid is a keyboard grid: one square in the Tab order, the arrow keys move, Enter or
  // Space paints with the tool, E opens or closes the entrance beside a square of the edge. The
  // wall buttons are for the pointer (out of the Tab order and of the grid's rows).
  draw() {
    const {w, h} = this.map;
    const hadFocus = this.grid.contains(document.activeElement);
    const grid = clear(this.grid);
    grid.style.gridTemplateColumns = `repeat(${w + 2}, var(--cell))`;
    grid.style.setProperty("--cols", String(w + 2));
    if (!this.at || this.at[0] >= w || this.at[1] >= h) this.at = [0, 0];
    for (let fy = 0; fy <= h + 1; fy++) {
      const frame = fy === 0 || fy === h + 1;
      const row = el("div", frame ? {class: "grid-row", role: "none", "aria-hidden": "true"}
        : {class: "grid-row", role: "row"});
      for (let fx = 0; fx <= w + 1; fx++) row.append(this.square(fx, fy));
      grid.append(row);
    }
    if (hadFocus) this.focusSquare(...this.at);
  }

  focusSquare(x, y) {
    const node = this.grid.querySelector(`[data-square='${x},${y}']`);
    if (!node) return;
    for (const other of this.grid.querySelectorAll(".cell[tabindex='0']")) other.tabIndex = -1;
    node.tabIndex = 0;
    this.at = [x, y];
    node.focus();
  }

  key(event, x, y) {
    const {w, h} = this.map;
    const moves = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
    if (moves[event.key]) {
      event.preventDefault();
      const [dx, dy] = moves[event.key];
      this.focusSquare(Math.min(w - 1, Math.max(0, x + dx)), Math.min(h - 1, Math.max(0, y + dy)));
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      this.focusSquare(event.key === "Home" ? 0 : w - 1, y);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.at = [x, y];
      this.paint(x, y);
    } else if (event.key === "e" || event.key === "E") {
      const side = y === 0 ? "N" : y === h - 1 ? "S" : x === 0 ? "W" : x === w - 1 ? "E" : null;
      if (side) {
        event.preventDefault();
        this.at = [x, y];
        this.toggleEntrance(x, y, side);
      }
    }
  }

  // One place of the grid drawn with its frame: a corner, a wall (an entrance to toggle) or a
  // square to paint.
  square(fx, fy) {
    const {w, h} = this.map;
    const frameX = fx === 0 || fx === w + 1;
    const frameY = fy === 0 || fy === h + 1;
    if (frameX && frameY) return el("div", {class: "corner"});
    if (frameX || frameY) {
      const side = fy === 0 ? "N" : fy === h + 1 ? "S" : fx === 0 ? "W" : "E";
      return this.wall(Math.min(Math.max(fx - 1, 0), w - 1), Math.min(Math.max(fy - 1, 0), h - 1), side);
    }
    const [x, y] = [fx - 1, fy - 1];
    const here = this.at && this.at[0] === x && this.at[1] === y;
    const node = el("div", {class: "cell", role: "gridcell", "data-square": `${x},${y}`,
      tabindex: here ? "0" : "-1", onkeydown: (event) => this.key(event, x, y)});
    this.dress(node, this.map.cells.get(`${x},${y}`));
    const open = ["N", "E", "S", "W"].filter((side) => this.map.entrances.has(`${x},${y},${side}`));
    const shown = node.textContent.trim();  // the token seen on the square starts its name
    node.setAttribute("aria-label", `${shown ? shown + " " : ""}(${x}, ${y}) ${node.title}` +
      (open.length ? `, entrance ${open.join(" ")}` : ""));
    node.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      this.paint(x, y);
      this.painting = DRAGGED.includes(this.tool);
    });
    node.addEventListener("pointerenter", () => { if (this.painting) this.paint(x, y); });
    return node;
  }

  wall(x, y, side) {
    const open = this.map.entrances.has(`${x},${y},${side}`);
    return el("button", {type: "button", class: `wall wall-${side}${open ? " entrance" : ""}`,
      "data-entrance": `${x},${y},${side}`, tabindex: "-1", "aria-hidden": "true",
      title: open ? `entrance into (${x}, ${y}); click to close` : "outer wall; click to open an entrance",
      "aria-label": open ? `entrance ${side} into ${x},${y}` : `wall ${side} at ${x},${y}`,
      onclick: () => this.toggleEntrance(x, y, side)}, open ? INWARD[side] : "");
  }

  dress(node, cell) {
    const token = (list, kind) => (list.find((f) => f.kind === kind) || {}).token || kind;
    node.title = "free square";
    if (!cell) return;
    if (cell.type === "stone") {
      node.classList.add("stone");
      node.title = "stone";
    } else if (cell.type === "room") {
      node.classList.add("room", `door-${cell.door}`, `has-${cell.content}`);
      node.append(el("span", {class: "token"}, token(this.words.rooms, cell.content)),
        el("span", {class: "door"}, ARROWS[cell.door] || "?"));
      node.title = `room: ${cell.content}, door ${cell.door}`;
    } else if (cell.kind === "coins") {
      node.classList.add("finding", "coins");
      node.append(el("span", {class: "token"}, `${this.words.coins}${cell.amount}`));
      node.title = `${cell.amount} coin${cell.amount === 1 ? "" : "s"}`;
    } else {
      node.classList.add("finding", `has-${cell.kind}`);
      node.append(el("span", {class: "token"}, token(this.words.findings, cell.kind)));
      node.title = cell.kind;
    }
  }

  // ------------------------------------------------------------------ checking

  // The server's report on a map file's text (problems are a 422 answer, not an error here).
  async validated(text, name) {
    try {
      // problems are what a check while drawing expects: asked as a 200 answer (no console error)
      return await json(`/api/realms/validate?expect=problems&name=${encodeURIComponent(name)}`, {method: "POST",
        headers: {"Content-Type": name.endsWith(".json") ? "application/json" : "application/toml"}, body: text});
    } catch (error) {
      if (error instanceof Refused && error.status === 422) return error.body;
      throw error;
    }
  }

  async check() {
    const asked = JSON.stringify(this.fields());
    let result;
    try {
      result = await this.validated(asked, "map.json");
    } catch (error) {
      result = {valid: false, problems: (error.problems || [String(error)]).map((m) => ({message: m}))};
    }
    if (asked === JSON.stringify(this.fields())) this.showProblems(result);  // else a newer check follows
  }

  showProblems(result) {
    for (const node of this.grid.querySelectorAll(".bad")) {
      node.classList.remove("bad");
      node.removeAttribute("data-problem");
    }
    clear(this.problems);
    const problems = result.problems || [];
    this.valid = !!result.valid;
    this.verdict.className = `verdict ${result.valid ? "good" : "bad"}`;
    this.verdict.textContent = result.valid ? "Valid map: every rule holds."
      : `${problems.length} problem${problems.length === 1 ? "" : "s"}:`;
    for (const problem of problems) this.problems.append(this.place(problem));
  }

  // A problem on its square or entrance (marked, with the message as its tooltip) and listed.
  place(p) {
    let target = null;
    if (p.square) target = this.grid.querySelector(`[data-square="${p.square[0]},${p.square[1]}"]`);
    if (p.entrance) target = this.grid.querySelector(`[data-entrance="${p.entrance.join(",")}"]`);
    if (target) {
      target.classList.add("bad");
      const before = target.getAttribute("data-problem");
      target.setAttribute("data-problem", before ? `${before} / ${p.code}` : p.code);
      target.title = `${target.title} — ${p.message}`;
    }
    const at = p.square ? `(${p.square[0]}, ${p.square[1]}) `
      : p.entrance ? `entrance (${p.entrance[0]}, ${p.entrance[1]}) ${p.entrance[2]} ` : "";
    return el("li", {class: target ? "placed" : "", onclick: () => target && this.flash(target)},
      el("strong", {}, at), p.message, " ", el("code", {}, p.code || ""));
  }

  flash(node) {
    node.classList.remove("flash");
    void node.offsetWidth;  // restart the animation
    node.classList.add("flash");
  }

  // ------------------------------------------------------------------ files

  stem() {
    return this.fileStem || slug(this.map.name);
  }

  // The map as a map file, written by the server (the writer of `realms map`).
  async toml() {
    const response = await call(`/api/realms/toml?name=${encodeURIComponent(this.stem() + ".json")}`,
      {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(this.fields())});
    return {text: await response.text(), name: fileName(response, `${this.stem()}.toml`)};
  }

  async saveToml() {
    try {
      const {text, name} = await this.toml();
      save(new Blob([text], {type: "application/toml"}), name);
    } catch (error) {
      this.sheet.fail(error);
    }
  }

  saveJson() {
    const text = JSON.stringify(this.fields(), null, 2) + "\n";
    save(new Blob([text], {type: "application/json"}), `${this.stem()}.json`);
  }
}
