// The Tanis scorer, a referee at the table: tap the tiles each player collected (each tap gives
// a tile to the next player, then takes it back) and who took the first turn; the groups,
// totals and winner are the lines `tombgen tanis score` prints, made by the same library call.

import {el, clear, json, save, debounce, problemList, Refused} from "./dom.js";

const TYPES = ["snake", "ankh", "falcon", "scarab"];
const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

export class TanisScorer {
  constructor(changed) {
    this.changed = changed || (() => {});
    this.held = {};  // "snake 3" -> player (1 or 2)
    this.refresh = debounce(() => this.score(), 150);
    this.first = el("select", {id: "score-first", onchange: () => this.update()},
      el("option", {value: "1"}, "player 1"), el("option", {value: "2"}, "player 2"));
    this.status = el("p", {class: "status", role: "status"});
    this.command = el("code", {class: "command"});
    this.problems = el("div", {class: "problem-box", "aria-live": "polite"});
    this.reading = el("pre", {class: "reading", "aria-label": "the scores"});
    this.tiles = el("div", {class: "tiles"}, TYPES.map((type) => el("div", {class: "tile-row", role: "group",
      "aria-label": type}, el("span", {class: "tile-type"}, type),
    NUMBERS.map((n) => el("button", {type: "button", class: "tile p0", "data-tile": `${type} ${n}`,
      "aria-label": `${type} ${n}: nobody`, onclick: () => this.tap(type, n)}, String(n))))));
    this.node = el("section", {class: "view score"},
      el("div", {class: "view-head"}, el("h2", {}, "Tanis — Scorer"),
        el("p", {class: "summary"}, "Tap the tiles each player collected: a tap gives the tile to " +
          "player 1, a second to player 2, a third takes it back. The groups, totals and winner " +
          "are those of tombgen tanis score.")),
      el("div", {class: "columns"},
        el("form", {class: "controls", onsubmit: (e) => e.preventDefault()},
          el("fieldset", {class: "group"}, el("legend", {}, "Tiles"), this.tiles,
            el("div", {class: "field"}, el("label", {for: "score-first"}, "took the first turn"), this.first))),
        el("div", {class: "result"},
          el("div", {class: "toolbar"}, this.status,
            el("button", {type: "button", class: "secondary", onclick: () => this.saveDoc()}, "Save score.json")),
          el("div", {class: "about"}, this.command), this.problems, this.reading)));
  }

  show() {
    this.draw();
    this.score();
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

  update() {
    this.node.classList.add("busy");
    this.changed();
    this.refresh();
  }

  saveDoc() {
    save(new Blob([JSON.stringify(this.doc(), null, 2) + "\n"], {type: "application/json"}), "score.json");
  }

  async score() {
    const seq = (this.seq = (this.seq || 0) + 1);
    try {
      const answer = await json("/api/tanis/score", {method: "POST", body: JSON.stringify(this.doc()),
        headers: {"Content-Type": "application/json"}});
      if (seq !== this.seq) return;
      clear(this.problems);
      this.reading.textContent = answer.text + "\n";
      this.reading.dataset.ready = "yes";
      this.command.textContent = answer.command;
      this.status.textContent = answer.lines[answer.lines.length - 1];
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
