// The referees at the table: the Tanis scorer (tap the tiles each player collected), the
// Tutankhamen set referee (who holds what of one set when it is scored) and the Hidden Realms
// final score (the end-of-game tallies, with the limits of a map). Each answer is the lines
// its command prints (tombgen tanis score, tut score-set, realms score), made on the server by
// the same library call; each view saves the JSON file its command reads.

import {el, clear, json, save, debounce, problemList, words, Refused} from "./dom.js";

function field(id, label, control, hint) {
  return el("div", {class: "field"}, el("label", {for: id}, label), control,
    hint ? el("p", {class: "hint"}, hint) : null);
}

function options(select, pairs, keep) {
  const value = keep === undefined ? select.value : keep;
  clear(select).append(...pairs.map(([v, text]) => el("option", {value: String(v)}, text)));
  if (pairs.some(([v]) => String(v) === String(value))) select.value = String(value);
  return select;
}

// What the three referees share: a form on the left, on the right the command's lines, the
// command line, the problems, and a button saving the file the command reads.
class Referee {
  constructor({changed, title, summary, api, file, controls, label}) {
    this.changed = changed || (() => {});
    this.api = api;
    this.file = file;
    this.refresh = debounce(() => this.score(), 150);
    this.status = el("p", {class: "status", role: "status"});
    this.command = el("code", {class: "command"});
    this.problems = el("div", {class: "problem-box", "aria-live": "polite"});
    this.reading = el("pre", {class: "reading", "aria-label": label});
    this.node = el("section", {class: "view score"},
      el("div", {class: "view-head"}, el("h2", {}, title), el("p", {class: "summary"}, summary)),
      el("div", {class: "columns"},
        el("form", {class: "controls", onsubmit: (e) => e.preventDefault()}, controls),
        el("div", {class: "result"},
          el("div", {class: "toolbar"}, this.status,
            el("button", {type: "button", class: "secondary", onclick: () => this.saveDoc()}, `Save ${file}`)),
          el("div", {class: "about"}, this.command), this.problems, this.reading)));
  }

  async show() {
    if (this.ready) await this.ready;
    this.draw();
    this.score();
  }

  draw() {}

  // The body posted: the document itself (a view wraps it when the request says more).
  request() {
    return this.doc();
  }

  // A problem the page sees before asking (null: none).
  local() {
    return null;
  }

  said(answer) {
    return answer.lines[answer.lines.length - 1];
  }

  update() {
    this.node.classList.add("busy");
    this.changed();
    this.refresh();
  }

  saveDoc() {
    save(new Blob([JSON.stringify(this.doc(), null, 2) + "\n"], {type: "application/json"}), this.file);
  }

  async score() {
    const seq = (this.seq = (this.seq || 0) + 1);
    try {
      const local = this.local();
      if (local) throw new Refused(400, {problems: [local]});
      const answer = await json(this.api, {method: "POST", body: JSON.stringify(this.request()),
        headers: {"Content-Type": "application/json"}});
      if (seq !== this.seq) return;
      clear(this.problems);
      this.reading.textContent = answer.text + "\n";
      this.reading.dataset.ready = "yes";
      this.command.textContent = answer.command;
      this.status.textContent = this.said(answer);
    } catch (error) {
      if (seq !== this.seq) return;
      this.reading.textContent = "";
      this.reading.dataset.ready = "error";
      this.command.textContent = "";
      this.status.textContent = "Not scored:";
      clear(this.problems).append(problemList(error instanceof Refused ? error.problems : [String(error)]));
    } finally {
      if (seq === this.seq) this.node.classList.remove("busy");
    }
  }
}

const TYPES = ["snake", "ankh", "falcon", "scarab"];
const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

// Tanis: each tap gives a tile to the next player, then takes it back; and who took the
// first turn.
export class TanisScorer extends Referee {
  constructor(changed) {
    const first = el("select", {id: "score-first"},
      el("option", {value: "1"}, "player 1"), el("option", {value: "2"}, "player 2"));
    const tiles = el("div", {class: "tiles"}, TYPES.map((type) => el("div", {class: "tile-row", role: "group",
      "aria-label": type}, el("span", {class: "tile-type"}, type),
    NUMBERS.map((n) => el("button", {type: "button", class: "tile p0", "data-tile": `${type} ${n}`,
      "aria-label": `${type} ${n}: nobody`}, String(n))))));
    super({changed, title: "Tanis — Scorer", api: "/api/tanis/score", file: "score.json",
      label: "the scores",
      summary: "Tap the tiles each player collected: a tap gives the tile to player 1, a second " +
        "to player 2, a third takes it back. The groups, totals and winner are those of " +
        "tombgen tanis score.",
      controls: el("fieldset", {class: "group"}, el("legend", {}, "Tiles"), tiles,
        field("score-first", "took the first turn", first))});
    this.held = {};  // "snake 3" -> player (1 or 2)
    this.first = first;
    this.tiles = tiles;
    first.addEventListener("change", () => this.update());
    for (const button of tiles.querySelectorAll("button.tile")) {
      const [type, n] = button.dataset.tile.split(" ");
      button.addEventListener("click", () => this.tap(type, Number(n)));
    }
  }

  doc() {
    const players = [{}, {}];
    for (const type of TYPES) {
      for (const n of NUMBERS) {
        const who = this.held[`${type} ${n}`];
        if (who) (players[who - 1][type] = players[who - 1][type] || []).push(n);
      }
    }
    return {players, first: Number(this.first.value)};
  }

  // The address: p1=snake1.2.3,ankh5&p2=…&first=2
  pairs() {
    const out = [];
    this.doc().players.forEach((player, i) => {
      const text = Object.entries(player).map(([type, numbers]) => type + numbers.join(".")).join(",");
      if (text) out.push([`p${i + 1}`, text]);
    });
    if (this.first.value !== "1") out.push(["first", this.first.value]);
    return out;
  }

  restore(params) {
    this.held = {};
    for (const who of [1, 2]) {
      for (const part of (params.get(`p${who}`) || "").split(",")) {
        const found = /^([a-z]+)([0-9.]+)$/.exec(part);
        if (!found || !TYPES.includes(found[1])) continue;
        for (const n of found[2].split(".").map(Number)) {
          if (NUMBERS.includes(n)) this.held[`${found[1]} ${n}`] = who;
        }
      }
    }
    this.first.value = params.get("first") === "2" ? "2" : "1";
  }

  tap(type, n) {
    const key = `${type} ${n}`;
    this.held[key] = ((this.held[key] || 0) + 1) % 3;
    if (!this.held[key]) delete this.held[key];
    this.draw();
    this.update();
  }

  draw() {
    for (const button of this.tiles.querySelectorAll("button.tile")) {
      const who = this.held[button.dataset.tile] || 0;
      button.className = `tile p${who}`;
      button.setAttribute("aria-label", `${button.dataset.tile}: ${who ? `player ${who}` : "nobody"}`);
    }
  }
}

const LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H"];

function count(id, low, high, label) {
  return el("input", {type: "number", id, min: String(low), max: String(high), value: "0",
    inputmode: "numeric", "aria-label": label, class: "count"});
}

// Tutankhamen: one set being scored, as `tut score-set` reads it: the rules, the set, what
// each player holds and adds, the tokens' order on the trail.
export class TutScorer extends Referee {
  constructor(changed) {
    const variant = el("select", {id: "set-variant"});
    const value = el("select", {id: "set-value"});
    const players = el("select", {id: "set-players"});
    const king = el("select", {id: "set-king"});
    const lang = el("select", {id: "set-lang"},
      el("option", {value: "en"}, "English"), el("option", {value: "fr"}, "français"));
    const rows = el("div", {class: "set-players", role: "group", "aria-label": "the players"});
    super({changed, title: "Tutankhamen — Set scoring", api: "/api/tut/score-set",
      file: "score-set.json", label: "the payments",
      summary: "When a set is scored: say how many of its tiles each player holds, the wild " +
        "tiles they add, and where the tokens stand. Who pays (or advances) how much, in the " +
        "order it happens, is what tombgen tut score-set answers.",
      controls: [el("fieldset", {class: "group"}, el("legend", {}, "The set"),
        field("set-variant", "rules", variant), field("set-value", "set scored", value),
        field("set-players", "players", players)),
      el("fieldset", {class: "group"}, el("legend", {}, "Each player"), rows,
        field("set-king", "", king)),
      el("fieldset", {class: "group"}, el("legend", {}, "Answer"), field("set-lang", "words in", lang))]});
    Object.assign(this, {variant, value, players, king, lang, rows, choices: null});
    for (const select of [variant, players]) select.addEventListener("change", () => { this.draw(); this.update(); });
    for (const select of [value, king, lang]) select.addEventListener("change", () => this.update());
    rows.addEventListener("input", () => this.update());
    this.ready = this.load();
  }

  async load() {
    this.choices = await json(this.api);
    options(this.variant, ["en", "fr"].filter((v) => this.choices[v])
      .map((v) => [v, `${this.choices[v].game} (${v === "en" ? "English" : "French"} rules)`]), this.wanted?.variant || "en");
    const [low, high] = this.choices.players;
    const counts = [];
    for (let n = low; n <= high; n++) counts.push([n, `${n} players`]);
    options(this.players, counts, this.wanted?.players || low);
  }

  names() {
    return LETTERS.slice(0, Number(this.players.value));
  }

  rules() {
    return this.choices[this.variant.value];
  }

  // The rows of the players (their numbers kept when the count changes) and the selects that
  // name the set and King Tut in the chosen rules.
  draw() {
    const rules = this.rules();
    const wanted = this.wanted || {};
    options(this.value, rules.sets.map(([v, name, tiles]) => [v, `${name} (value ${v}, ${tiles} ` +
      `${tiles === 1 ? "tile" : "tiles"})`]), wanted.value);
    this.king.previousElementSibling.textContent = `who adds ${rules.king}`;
    options(this.king, [["", "nobody"], ...this.names().map((n) => [n, n])], wanted.king);
    const kept = this.rowValues();
    const names = this.names();
    clear(this.rows).append(el("div", {class: "set-head", "aria-hidden": "true"},
      el("span", {}, ""), el("span", {}, "tiles held"), el("span", {}, `${rules.wild}s added`),
      el("span", {}, "token place (1: furthest)")),
    ...names.map((name, i) => {
      const held = count(`set-held-${name}`, 0, 8, `${name}: tiles held`);
      const wild = count(`set-wild-${name}`, 0, 8, `${name}: ${rules.wild}s added`);
      const place = el("select", {id: `set-place-${name}`, "aria-label": `${name}: token place (1: furthest along)`},
        names.map((_, p) => el("option", {value: String(p + 1)}, String(p + 1))));
      const old = (wanted.rows || kept)[name];
      held.value = String(old ? old.held : 0);
      wild.value = String(old ? old.wild : 0);
      place.value = String(old && old.place <= names.length ? old.place : i + 1);
      return el("div", {class: "set-row"}, el("span", {class: "set-name"}, name), held, wild, place);
    }));
    this.wanted = null;
  }

  rowValues() {
    const out = {};
    for (const row of this.rows.querySelectorAll(".set-row")) {
      const [held, wild, place] = row.querySelectorAll("input, select");
      out[row.firstChild.textContent] = {held: Number(held.value) || 0, wild: Number(wild.value) || 0,
        place: Number(place.value)};
    }
    return out;
  }

  local() {
    const rows = this.rowValues();
    const byPlace = {};
    for (const [name, row] of Object.entries(rows)) (byPlace[row.place] = byPlace[row.place] || []).push(name);
    const shared = Object.entries(byPlace).find(([, names]) => names.length > 1);
    return shared ? `${shared[1].join(" and ")} are both at token place ${shared[0]}: give each ` +
      "player its own place (1: furthest along the trail)" : null;
  }

  doc() {
    const rows = this.rowValues();
    const holdings = {};
    const wild = {};
    for (const [name, row] of Object.entries(rows)) {
      if (row.held) holdings[name] = row.held;
      if (row.wild) wild[name] = row.wild;
    }
    const order = Object.keys(rows).sort((a, b) => rows[a].place - rows[b].place);
    const doc = {variant: this.variant.value, value: Number(this.value.value), holdings};
    if (Object.keys(wild).length) doc.wild = wild;
    if (this.king.value) doc.king_tut = this.king.value;
    doc.order = order;
    return doc;
  }

  request() {
    return {set: this.doc(), lang: this.lang.value};
  }

  said(answer) {
    return answer.payments.length ? "scored" : answer.lines[0];
  }

  // The address: rules=fr&value=4&players=3&held=2.1.0&wild=0.1.0&place=1.3.2&king=B&lang=fr
  pairs() {
    const rows = Object.values(this.rowValues());
    const out = [["rules", this.variant.value], ["value", this.value.value], ["players", this.players.value]];
    for (const key of ["held", "wild", "place"]) out.push([key, rows.map((r) => r[key]).join(".")]);
    if (this.king.value) out.push(["king", this.king.value]);
    if (this.lang.value !== "en") out.push(["lang", this.lang.value]);
    return out;
  }

  restore(params) {
    const list = (key) => (params.get(key) || "").split(".").map(Number);
    const [held, wild, place] = [list("held"), list("wild"), list("place")];
    const rows = {};
    LETTERS.forEach((name, i) => { rows[name] = {held: held[i] || 0, wild: wild[i] || 0, place: place[i] || i + 1}; });
    this.wanted = {variant: params.get("rules"), value: params.get("value"), players: params.get("players"),
      king: params.get("king") || "", rows};
    this.lang.value = params.get("lang") === "fr" ? "fr" : "en";
    if (this.choices) {
      if (this.wanted.variant) this.variant.value = this.wanted.variant;
      if (this.wanted.players) this.players.value = this.wanted.players;
    }
  }
}

// Hidden Realms: the end-of-game tallies, as `realms score` reads them, on a shipped map (its
// limits and the achievements earned on it) or on none (the sheet's limits).
export class RealmsScorer extends Referee {
  constructor(changed) {
    const map = el("select", {id: "tally-map"});
    const start = el("select", {id: "tally-start"});
    const hits = el("input", {type: "text", id: "tally-mummy_hits", inputmode: "numeric", autocomplete: "off",
      spellcheck: "false", placeholder: "e.g. 8 11 13 18"});
    const counts = el("div", {class: "tally-counts"});
    super({changed, title: "Hidden Realms — Final score", api: "/api/realms/score", file: "tallies.json",
      label: "the score",
      summary: "At the end of the game, count what your sheet shows: each scoring line and the " +
        "total are those of tombgen realms score; with a map, numbers beyond what it holds are " +
        "refused and the achievements earned on it are listed.",
      controls: [el("fieldset", {class: "group"}, el("legend", {}, "The game"),
        field("tally-map", "map played", map), field("tally-start", "start", start)),
      el("fieldset", {class: "group"}, el("legend", {}, "Tallies"),
        field("tally-mummy_hits", "Mummy hits: the round of each", hits), counts)]});
    Object.assign(this, {map, start, hits, counts, inputs: {}});
    this.node.querySelector("form").addEventListener("input", () => this.update());
    this.ready = this.load();
  }

  async load() {
    const choices = await json(this.api);
    const wanted = this.wanted || {};
    options(this.map, [...choices.maps.map((m) => [m, m]), ["", "none (the sheet's limits)"]], wanted.map ?? "map-1");
    options(this.start, choices.starts.map((s) => [s, s]), wanted.start || "normal");
    this.optional = choices.optional;
    for (const key of choices.keys.concat(choices.optional)) {
      if (key === "mummy_hits") continue;
      const optional = choices.optional.includes(key);
      const input = el("input", {type: "number", id: `tally-${key}`, min: "0", inputmode: "numeric",
        class: "count", value: optional ? "" : "0", placeholder: optional ? "—" : null});
      this.inputs[key] = input;
      this.counts.append(el("div", {class: "field"},
        el("label", {for: `tally-${key}`}, words(key) + (optional ? " (optional)" : "")), input));
    }
    this.fill(wanted.values);
  }

  fill(values) {
    if (!values) return;
    for (const [key, input] of Object.entries(this.inputs)) {
      input.value = values[key] ?? (this.optional.includes(key) ? "" : "0");
    }
    this.hits.value = values.mummy_hits || "";
  }

  doc() {
    const doc = {};
    for (const [key, input] of Object.entries(this.inputs)) {
      if (input.value.trim() === "" && this.optional.includes(key)) continue;
      const n = Number(input.value);
      doc[key] = input.value.trim() !== "" && Number.isFinite(n) ? n : input.value;
    }
    doc.mummy_hits = this.hits.value.split(/[\s,]+/).filter(Boolean).map((r) => (/^\d+$/.test(r) ? Number(r) : r));
    return doc;
  }

  local() {
    const bad = this.hits.value.split(/[\s,]+/).filter(Boolean).find((r) => !/^\d+$/.test(r));
    return bad ? `Mummy hits: ${bad} is not a round number; write the round of each hit, e.g. 8 11 13 18` : null;
  }

  request() {
    return {tallies: this.doc(), map: this.map.value || null, start: this.start.value};
  }

  said(answer) {
    return `${answer.fields.total} points`;
  }

  // The address: map=map-2&start=easy&oozes=3&…&hits=8.11.13.18 (zeros left out)
  pairs() {
    const out = [["map", this.map.value]];
    if (this.start.value !== "normal") out.push(["start", this.start.value]);
    for (const [key, input] of Object.entries(this.inputs)) {
      if (input.value.trim() !== "" && input.value !== "0") out.push([key, input.value]);
    }
    const hits = this.hits.value.split(/[\s,]+/).filter(Boolean);
    if (hits.length) out.push(["hits", hits.join(".")]);
    return out;
  }

  restore(params) {
    const values = {mummy_hits: (params.get("hits") || "").split(".").filter(Boolean).join(" ")};
    for (const [key, value] of params) if (key !== "hits") values[key] = value;
    this.wanted = {map: params.get("map") ?? "map-1", start: params.get("start"), values};
    if (this.optional) {
      this.map.value = this.wanted.map;
      this.start.value = this.wanted.start || "normal";
      this.fill(values);
    }
  }
}
