// The Hidden Realms map editor: paint squares, open entrances in the outer wall, see every
// problem the validator finds on its square, rate the map with the bot, print its sheet.
// The map lives here as the fields of a tombgen/realms.map document; the server validates,
// writes the .toml, rates and prints it.

import {el, clear, json, call, debounce, problemList, save, fileName, told, Refused} from "./dom.js";
import {OptionForm} from "./form.js";

const ARROWS = {N: "▲", E: "▶", S: "▼", W: "◀"};
const INWARD = {N: "↓", S: "↑", W: "→", E: "←"};
const TURN = {N: "E", E: "S", S: "W", W: "N"};
const TOOLS = [["free", "Free"], ["stone", "Stone"], ["room", "Room"], ["finding", "Finding"],
  ["coins", "Coins"]];

function slug(text) {
  return (text || "map").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "map";
}

export class MapEditor {
  constructor(catalogue) {
    this.caps = catalogue.limits;
    this.sheet = catalogue.games.find((g) => g.name === "realms").products.find((p) => p.kind === "sheet");
    this.words = null;   // the editor's vocabulary, from the game's data
    this.tool = "stone";
    this.painting = false;
    this.rating = null;  // the rating of these very squares (it carries their fingerprint)
    this.job = null;
    this.validate = debounce(() => this.check(), 250);
    this.node = el("section", {class: "view editor"}, el("p", {class: "loading"}, "Loading the editor…"));
    this.map = {name: "My tomb", difficulty: "advanced", description: "", w: 12, h: 12,
      cells: new Map(), entrances: new Set()};
  }

  async show() {
    if (this.words) return;
    this.words = await json("/api/realms/vocabulary");
    this.build();
    await this.load("map-1");
  }

  // ------------------------------------------------------------------ layout

  build() {
    const w = this.words;
    this.toolButtons = TOOLS.map(([tool, label]) => el("button", {type: "button", class: "tool",
      "data-tool": tool, "aria-pressed": String(tool === this.tool), onclick: () => this.pick(tool)}, label));
    this.content = el("select", {"aria-label": "room content"}, w.rooms.map((r) => el("option", {value: r.kind}, r.kind)));
    this.door = el("select", {"aria-label": "door side"}, Object.keys(w.doors).map((d) => el("option", {value: d}, `door ${d} ${ARROWS[d]}`)));
    this.finding = el("select", {"aria-label": "finding"}, w.findings.map((f) => el("option", {value: f.kind}, f.name)));
    this.amount = el("select", {"aria-label": "coins"}, Array.from({length: w.max_coin_pile}, (_, i) => el("option", {value: String(i + 1)}, `${i + 1} coin${i ? "s" : ""}`)));
    for (const select of [this.content, this.door]) select.addEventListener("change", () => this.pick("room"));
    this.finding.addEventListener("change", () => this.pick("finding"));
    this.amount.addEventListener("change", () => this.pick("coins"));
    const sizes = Array.from({length: w.max_size - w.min_size + 1}, (_, i) => String(w.min_size + i));
    this.width = el("select", {"aria-label": "width", onchange: () => this.resize()}, sizes.map((s) => el("option", {value: s}, s)));
    this.height = el("select", {"aria-label": "height", onchange: () => this.resize()}, sizes.map((s) => el("option", {value: s}, s)));
    this.nameInput = el("input", {type: "text", maxlength: String(w.name_length + 20), oninput: () => this.edited(false)});
    this.difficulty = el("select", {onchange: () => this.edited(false)}, w.difficulties.map((d) => el("option", {value: d}, d)));
    this.description = el("textarea", {rows: "3", oninput: () => this.edited(false)});
    this.shipped = el("select", {"aria-label": "shipped map"}, w.maps.map((m) => el("option", {value: m}, m)));
    this.file = el("input", {type: "file", accept: ".toml,.json", class: "hidden", onchange: () => this.open()});
    this.grid = el("div", {class: "grid tokens", role: "grid", "aria-label": "map"});
    this.verdict = el("p", {class: "verdict", role: "status"});
    this.problems = el("ul", {class: "map-problems"});
    this.games = el("input", {type: "number", min: "1", max: String(this.caps.rating_games),
      value: "200", "aria-label": "rating games"});
    this.progress = el("progress", {max: "1", value: "0", hidden: true});
    this.rated = el("p", {class: "rated"});
    this.rateButton = el("button", {type: "button", class: "secondary", onclick: () => this.rate()}, "Rate with the bot");
    this.cancelButton = el("button", {type: "button", class: "secondary", hidden: true, onclick: () => this.cancel()}, "Cancel");
    this.print = this.printForm();
    this.seed = el("input", {type: "number", min: "0", value: "1", class: "seed", "aria-label": "seed"});
    this.sheetStatus = el("p", {class: "status", role: "status"});
    this.sheetPages = el("div", {class: "pages"});
    this.printButtons = [
      el("button", {type: "button", class: "secondary", onclick: () => this.preview()}, "Preview sheet"),
      el("button", {type: "button", class: "primary", onclick: () => this.sheetPdf()}, "Sheet PDF")];
    document.addEventListener("pointerup", () => this.stopPainting());
    clear(this.node).append(
      el("div", {class: "view-head"}, el("h2", {}, "Hidden Realms — map editor"),
        el("p", {class: "summary"}, "Click or drag to paint squares; click the outer wall to open or close an entrance. " +
          "Every problem the validator finds is shown on its square as you edit.")),
      el("div", {class: "columns editor-columns"},
        el("div", {class: "controls"},
          el("fieldset", {class: "group"}, el("legend", {}, "Paint"),
            el("div", {class: "tools"}, this.toolButtons),
            el("div", {class: "tool-options"},
              el("label", {}, "room ", this.content, " ", this.door),
              el("label", {}, "finding ", this.finding),
              el("label", {}, "coins ", this.amount)),
            el("p", {class: "help"}, "Click a room again with the Room tool to turn its door.")),
          el("fieldset", {class: "group"}, el("legend", {}, "Map"),
            el("div", {class: "size-row"}, el("span", {}, "size"), this.width, el("span", {}, "×"), this.height),
            el("label", {class: "stack"}, "name", this.nameInput),
            el("label", {class: "stack"}, "difficulty", this.difficulty),
            el("label", {class: "stack"}, "description", this.description)),
          el("fieldset", {class: "group"}, el("legend", {}, "Files"),
            el("div", {class: "row"}, this.shipped,
              el("button", {type: "button", class: "secondary", onclick: () => this.load(this.shipped.value)}, "Load")),
            el("div", {class: "row"},
              el("button", {type: "button", class: "secondary", onclick: () => this.file.click()}, "Open a map file…"),
              this.file,
              el("button", {type: "button", class: "secondary", onclick: () => this.blank()}, "New")),
            el("div", {class: "row"},
              el("button", {type: "button", class: "primary", onclick: () => this.saveToml()}, "Save .toml"),
              el("button", {type: "button", class: "secondary", onclick: () => this.saveJson()}, "Save .json"))),
          el("fieldset", {class: "group"}, el("legend", {}, "Rate"),
            el("div", {class: "row"}, el("label", {}, "games ", this.games), this.rateButton, this.cancelButton),
            this.progress, this.rated)),
        el("div", {class: "result"},
          this.verdict, this.grid, this.legend(), this.problems)),
      el("h3", {class: "section"}, "Print this map's sheet"),
      el("p", {class: "summary"}, "The game sheet of the map above, as tombgen realms sheet makes it " +
        "from the map's file: save the .toml beside you and the command shown remakes it."),
      el("div", {class: "columns print-columns"},
        el("form", {class: "controls", onsubmit: (e) => e.preventDefault()},
          el("div", {class: "seed-row"}, el("label", {}, "seed"), this.seed,
            el("button", {type: "button", class: "secondary", onclick: async () => {
              this.seed.value = (await json("/api/seed")).seed; this.preview();
            }}, "New seed")),
          this.print.node),
        el("div", {class: "result"},
          el("div", {class: "toolbar"}, this.sheetStatus, el("div", {class: "downloads"}, this.printButtons)),
          this.sheetPages)));
    this.pick(this.tool);
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

  printForm() {
    const own = this.sheet.options.filter((o) => ["players", "start"].includes(o.name));
    const shared = this.sheet.shared.filter((o) => ["paper", "mono", "lang"].includes(o.name));
    const again = debounce(() => { if (this.sheetPages.childElementCount) this.preview(); }, 400);
    return new OptionForm(own, shared, again, this.sheet.languages);
  }

  pick(tool) {
    this.tool = tool;
    for (const button of this.toolButtons) button.setAttribute("aria-pressed", String(button.dataset.tool === tool));
  }

  // ------------------------------------------------------------------ the map

  fields() {
    const m = this.map;
    const out = {format: "tombgen/realms.map", name: m.name, difficulty: m.difficulty,
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

  setFields(fields, rating) {
    const m = {name: fields.name || "", difficulty: fields.difficulty || "advanced",
      description: fields.description || "", w: fields.size[0], h: fields.size[1],
      cells: new Map(), entrances: new Set()};
    for (const e of fields.entrances) m.entrances.add(`${e.x},${e.y},${e.side}`);
    for (const [x, y] of fields.stone) m.cells.set(`${x},${y}`, {type: "stone"});
    for (const r of fields.rooms) m.cells.set(`${r.x},${r.y}`, {type: "room", door: r.door, content: r.content});
    for (const f of fields.findings) m.cells.set(`${f.x},${f.y}`, {type: "finding", kind: f.kind, amount: f.amount || 0});
    this.map = m;
    this.rating = rating || null;
    this.nameInput.value = m.name;
    this.description.value = m.description;
    if (![...this.difficulty.options].some((o) => o.value === m.difficulty)) {
      this.difficulty.append(el("option", {value: m.difficulty}, m.difficulty));
    }
    this.difficulty.value = m.difficulty;
    this.width.value = String(m.w);
    this.height.value = String(m.h);
    this.showRating();
    this.draw();
    this.check();
  }

  async load(name) {
    try {
      const found = await json(`/api/realms/maps/${encodeURIComponent(name)}`);
      this.fileStem = name;
      this.setFields(found.map, found.rating);
    } catch (error) {
      this.verdict.textContent = String(error.message || error);
    }
  }

  blank() {
    this.fileStem = null;
    this.setFields({name: "My tomb", difficulty: "advanced", description: "", size: [12, 12],
      entrances: [], stone: [], rooms: [], findings: []}, null);
  }

  async open() {
    const chosen = this.file.files[0];
    this.file.value = "";
    if (!chosen) return;
    const text = await chosen.text();
    const name = chosen.name.replace(/[^A-Za-z0-9_.-]/g, "-");
    try {
      const result = await this.validated(text, name);
      if (!result.map) throw new Refused(422, {problems: result.problems.map((p) => p.message)});
      this.fileStem = name.replace(/\.(toml|json)$/, "");
      let rating = null;
      if (name.endsWith(".json")) rating = JSON.parse(text).rating || null;
      this.setFields(result.map, rating);
    } catch (error) {
      clear(this.problems).append(...(error.problems || [String(error)]).map((p) => el("li", {}, p)));
      this.verdict.textContent = `${chosen.name} cannot be read`;
      this.verdict.className = "verdict bad";
    }
  }

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
      let [x, y, side] = key.split(",");
      x = Number(x); y = Number(y);
      if (side === "E") x = w - 1;
      if (side === "S") y = h - 1;
      if (x < w && y < h) moved.add(`${x},${y},${side}`);
    }
    m.entrances = moved;
    m.w = w; m.h = h;
    this.edited(true);
  }

  // A change: the rating no longer fits these squares (the server would drop it anyway).
  edited(squares) {
    const m = this.map;
    m.name = this.nameInput.value;
    m.difficulty = this.difficulty.value;
    m.description = this.description.value.replace(/\s*\n\s*/g, " ");
    if (squares) {
      this.rating = null;
      this.showRating();
      this.draw();
    }
    this.validate();
  }

  paint(x, y) {
    const key = `${x},${y}`;
    const m = this.map;
    const before = JSON.stringify(m.cells.get(key) || null);
    if (this.tool === "free") m.cells.delete(key);
    else if (this.tool === "stone") m.cells.set(key, {type: "stone"});
    else if (this.tool === "room") {
      const old = m.cells.get(key);
      const turn = old && old.type === "room" && old.content === this.content.value && !this.painting;
      const door = turn ? TURN[old.door] || "N" : this.door.value;
      if (turn) this.door.value = door;
      m.cells.set(key, {type: "room", content: this.content.value, door});
    } else if (this.tool === "finding") m.cells.set(key, {type: "finding", kind: this.finding.value, amount: 0});
    else if (this.tool === "coins") m.cells.set(key, {type: "finding", kind: "coins", amount: Number(this.amount.value)});
    if (JSON.stringify(m.cells.get(key) || null) !== before) this.edited(true);
  }

  toggleEntrance(x, y, side) {
    const key = `${x},${y},${side}`;
    if (this.map.entrances.has(key)) this.map.entrances.delete(key);
    else this.map.entrances.add(key);
    this.edited(true);
  }

  stopPainting() {
    this.painting = false;
  }

  // ------------------------------------------------------------------ drawing

  draw() {
    const {w, h} = this.map;
    const grid = clear(this.grid);
    grid.style.gridTemplateColumns = `repeat(${w + 2}, var(--cell))`;
    for (let fy = 0; fy <= h + 1; fy++) {
      for (let fx = 0; fx <= w + 1; fx++) grid.append(this.square(fx, fy));
    }
  }

  square(fx, fy) {
    const {w, h} = this.map;
    const frameX = fx === 0 || fx === w + 1;
    const frameY = fy === 0 || fy === h + 1;
    if (frameX && frameY) return el("div", {class: "corner"});
    if (frameX || frameY) {
      const side = fy === 0 ? "N" : fy === h + 1 ? "S" : fx === 0 ? "W" : "E";
      const x = Math.min(Math.max(fx - 1, 0), w - 1);
      const y = Math.min(Math.max(fy - 1, 0), h - 1);
      const open = this.map.entrances.has(`${x},${y},${side}`);
      return el("button", {type: "button", class: `wall wall-${side}${open ? " entrance" : ""}`,
        "data-entrance": `${x},${y},${side}`, title: open ? `entrance into (${x}, ${y}); click to close` : "outer wall; click to open an entrance",
        "aria-label": open ? `entrance ${side} into ${x},${y}` : `wall ${side} at ${x},${y}`,
        onclick: () => this.toggleEntrance(x, y, side)}, open ? INWARD[side] : "");
    }
    const x = fx - 1;
    const y = fy - 1;
    const cell = this.map.cells.get(`${x},${y}`);
    const node = el("div", {class: "cell", role: "gridcell", "data-square": `${x},${y}`});
    this.dress(node, cell);
    node.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      this.paint(x, y);
      this.painting = ["free", "stone", "finding", "coins"].includes(this.tool);
    });
    node.addEventListener("pointerenter", () => { if (this.painting) this.paint(x, y); });
    return node;
  }

  dress(node, cell) {
    const token = (kind) => (this.words.findings.find((f) => f.kind === kind) || {}).token || kind;
    const room = (kind) => (this.words.rooms.find((r) => r.kind === kind) || {}).token || kind;
    node.title = "free square";
    if (!cell) return;
    if (cell.type === "stone") {
      node.classList.add("stone");
      node.title = "stone";
    } else if (cell.type === "room") {
      node.classList.add("room", `door-${cell.door}`, `has-${cell.content}`);
      node.append(el("span", {class: "token"}, room(cell.content)), el("span", {class: "door"}, ARROWS[cell.door] || "?"));
      node.title = `room: ${cell.content}, door ${cell.door}`;
    } else if (cell.kind === "coins") {
      node.classList.add("finding", "coins");
      node.append(el("span", {class: "token"}, `${this.words.coins}${cell.amount}`));
      node.title = `${cell.amount} coin${cell.amount === 1 ? "" : "s"}`;
    } else {
      node.classList.add("finding", `has-${cell.kind}`);
      node.append(el("span", {class: "token"}, token(cell.kind)));
      node.title = cell.kind;
    }
  }

  // ------------------------------------------------------------------ checking

  async validated(text, name) {
    try {
      return await json(`/api/realms/validate?name=${encodeURIComponent(name)}`, {method: "POST",
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
      this.showProblems({valid: false, problems: (error.problems || [String(error)]).map((m) => ({message: m}))});
      return;
    }
    if (asked !== JSON.stringify(this.fields())) return;  // edited meanwhile: a newer check follows
    this.showProblems(result);
  }

  showProblems(result) {
    for (const node of this.grid.querySelectorAll(".bad")) {
      node.classList.remove("bad");
      node.removeAttribute("data-problem");
    }
    clear(this.problems);
    const problems = result.problems || [];
    this.verdict.className = `verdict ${result.valid ? "good" : "bad"}`;
    this.verdict.textContent = result.valid ? "Valid map: every rule holds."
      : `${problems.length} problem${problems.length === 1 ? "" : "s"}:`;
    for (const p of problems) {
      let target = null;
      if (p.square) target = this.grid.querySelector(`[data-square="${p.square[0]},${p.square[1]}"]`);
      if (p.entrance) target = this.grid.querySelector(`[data-entrance="${p.entrance.join(",")}"]`);
      if (target) {
        target.classList.add("bad");
        const before = target.getAttribute("data-problem");
        target.setAttribute("data-problem", before ? `${before} / ${p.code}` : p.code);
        target.title = `${target.title} — ${p.message}`;
      }
      const at = p.square ? `(${p.square[0]}, ${p.square[1]}) ` : p.entrance ? `entrance (${p.entrance[0]}, ${p.entrance[1]}) ${p.entrance[2]} ` : "";
      this.problems.append(el("li", {class: target ? "placed" : "", onclick: () => target && this.flash(target)},
        el("strong", {}, at), p.message, " ", el("code", {}, p.code || "")));
    }
    this.valid = !!result.valid;
  }

  flash(node) {
    node.classList.remove("flash");
    void node.offsetWidth;
    node.classList.add("flash");
  }

  // ------------------------------------------------------------------ files, rating, sheet

  stem() {
    return this.fileStem || slug(this.map.name);
  }

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
      this.sheetFail(error);
    }
  }

  saveJson() {
    const text = JSON.stringify(this.fields(), null, 2) + "\n";
    save(new Blob([text], {type: "application/json"}), `${this.stem()}.json`);
  }

  showRating() {
    const r = this.rating;
    this.rated.textContent = r ? `Rated ${r.label}: par ${r.par} (p10 ${r.p10}, p90 ${r.p90}) over ${r.games} bot games; ${r.reference.map} par ${r.reference.par}.`
      : "Not rated (a rating belongs to these exact squares).";
  }

  async rate() {
    if (!this.valid) { this.rated.textContent = "Fix the problems first: only a valid map can be rated."; return; }
    try {
      const job = await json(`/api/realms/rate?games=${encodeURIComponent(this.games.value)}`,
        {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(this.fields())});
      this.job = job.job;
      this.printing(false);
      this.rateButton.disabled = true;
      this.cancelButton.hidden = false;
      this.progress.hidden = false;
      this.progress.value = 0;
      this.rated.textContent = "Playing bot games…";
      const squares = JSON.stringify(this.fields().stone) + JSON.stringify(this.fields().findings);
      await this.follow(job.job, squares);
    } catch (error) {
      this.rated.textContent = `Not rated: ${error.message || error}`;
    }
    this.rateButton.disabled = false;
    this.cancelButton.hidden = true;
    this.progress.hidden = true;
    this.printing(true);
  }

  // The page runs one job at a time: no sheet while the bot rates the map.
  printing(on) {
    for (const button of this.printButtons) button.disabled = !on;
    this.sheetStatus.textContent = on ? "" : "The sheet can be made once the rating is done.";
  }

  async follow(id, squares) {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const state = await json(`/api/jobs/${id}`);
      if (state.total) { this.progress.max = state.total; this.progress.value = state.done; }
      this.rated.textContent = `Playing bot games… ${state.done} of ${state.total}`;
      if (state.state === "done") {
        const now = JSON.stringify(this.fields().stone) + JSON.stringify(this.fields().findings);
        if (now === squares) this.rating = state.result;
        this.showRating();
        return;
      }
      if (["failed", "cancelled", "timeout"].includes(state.state)) {
        this.rated.textContent = `Not rated: ${(state.problems || [state.state]).join("; ")}`;
        return;
      }
    }
  }

  async cancel() {
    if (this.job) await call(`/api/jobs/${this.job}`, {method: "DELETE"});
  }

  // The sheet of this map: from its .toml (what `realms sheet --map NAME.toml` reads), or
  // from its JSON when it carries a rating of these squares.
  async sheetBody() {
    if (this.rating) return {body: JSON.stringify(this.fields()), name: `${this.stem()}.json`, type: "application/json"};
    const {text, name} = await this.toml();
    return {body: text, name, type: "application/toml"};
  }

  async sheetUrl(ext, name) {
    const pairs = [["seed", this.seed.value || "1"], ["name", name], ...this.print.pairs()];
    return `/api/realms/sheet.${ext}?${new URLSearchParams(pairs).toString()}`;
  }

  async sheetCall(ext, page) {
    const {body, name, type} = await this.sheetBody();
    const url = await this.sheetUrl(ext, name) + (page ? `&page=${page}` : "");
    return call(url, {method: "POST", headers: {"Content-Type": type}, body});
  }

  async preview() {
    this.sheetStatus.textContent = "Making the sheet…";
    clear(this.sheetPages);
    try {
      const first = await this.sheetCall("svg", 1);
      const pages = Number(told(first, "Pages") || "1");
      const blobs = [await first.blob()];
      for (let p = 2; p <= pages; p++) blobs.push(await (await this.sheetCall("svg", p)).blob());
      for (const [i, blob] of blobs.entries()) {
        this.sheetPages.append(el("figure", {}, el("img", {class: "page", src: URL.createObjectURL(blob), alt: `sheet page ${i + 1}`})));
      }
      this.sheetStatus.textContent = told(first, "Command") || "";
    } catch (error) {
      this.sheetFail(error);
    }
  }

  async sheetPdf() {
    this.sheetStatus.textContent = "Making the PDF…";
    try {
      const response = await this.sheetCall("pdf");
      save(await response.blob(), fileName(response, "sheet.pdf"));
      this.sheetStatus.textContent = `Saved ${fileName(response, "sheet.pdf")} · ${told(response, "Command") || ""}`;
    } catch (error) {
      this.sheetFail(error);
    }
  }

  sheetFail(error) {
    const problems = error.problems || [String(error)];
    this.sheetStatus.textContent = "Not made:";
    clear(this.sheetPages).append(problemList(problems));
  }
}
