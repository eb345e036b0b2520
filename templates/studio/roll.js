// The Tutan Tumba roll helper, a companion at the table: three dice (tapped or typed) and a
// board (the empty standard board, an advanced board's secret passage, a board or setup JSON,
// mummies placed by tapping) give every way to play the roll, its powers and incinerations:
// the lines `tombgen tumba roll` prints, made by the same library call on the server.

import {el, clear, json, save, debounce, problemList, Refused} from "./dom.js";

const BOARDS = [["standard", "Empty standard board"], ["placed", "Mummies placed by tapping"],
  ["passage", "Advanced: only the secret passage's line"], ["file", "A board or setup JSON"]];
const PLAYERS = [2, 3, 4, 5, 6];
const PASSAGES = [7, 8, 9, 10, 11, 12];

// The board's lines as a short text for the address: "3333222211pp" (a digit: that many
// chambers; p: the secret passage).
function linesText(lines) {
  return Object.keys(lines).sort((a, b) => a - b).map((k) => (lines[k] === "passage" ? "p" : String(lines[k]))).join("");
}

function linesOf(text) {
  if (!/^[0-9p]{12}$/.test(text || "")) return null;
  const out = {};
  [...text].forEach((c, i) => { out[String(i + 1)] = c === "p" ? "passage" : Number(c); });
  return out;
}

// Mummies for the address: "5:20,3:100" (line: players from depth 1 out, 0 empty).
function mummiesText(mummies) {
  return Object.entries(mummies || {}).filter(([, cells]) => cells.some((c) => c))
    .map(([line, cells]) => `${line}:${cells.join("")}`).join(",");
}

function mummiesOf(text, lines) {
  const out = {};
  for (const part of (text || "").split(",")) {
    const found = /^(\d{1,2}):(\d{1,9})$/.exec(part);
    if (!found || !lines[found[1]] || lines[found[1]] === "passage") continue;
    const cells = [...found[2]].map(Number).slice(0, lines[found[1]]);
    while (cells.length < lines[found[1]]) cells.push(0);
    out[found[1]] = cells;
  }
  return out;
}

export class RollView {
  constructor(changed) {
    this.changed = changed || (() => {});  // the address follows the options
    this.dice = [null, null, null];
    this.board = null;          // the position as the last answer drew it
    this.doc = null;            // the board JSON sent (a file's, or the one of tapped mummies)
    this.fileDoc = null;
    this.refresh = debounce(() => this.read(), 200);
    this.node = this.layout();
  }

  layout() {
    this.dieGroups = [0, 1, 2].map((d) => el("div", {class: "die", role: "group", "aria-label": `die ${d + 1}`},
      el("span", {class: "die-name", "aria-hidden": "true"}, `die ${d + 1}`),
      [1, 2, 3, 4, 5, 6].map((face) => el("button", {type: "button", class: "face", "data-die": d,
        "data-face": face, "aria-pressed": "false", "aria-label": `die ${d + 1}: ${face}`,
        onclick: () => this.setDie(d, face)}, String(face)))));
    this.typed = el("input", {type: "text", id: "roll-dice", inputmode: "numeric", autocomplete: "off",
      spellcheck: "false", placeholder: "e.g. 3 5 6", class: "typed",
      oninput: () => this.typedDice()});
    this.kind = el("select", {id: "roll-board", onchange: () => this.boardKind()},
      BOARDS.map(([value, text]) => el("option", {value}, text)));
    this.mode = el("select", {id: "roll-mode", onchange: () => this.update()},
      el("option", {value: ""}, "— (the board's; standard)"),
      el("option", {value: "standard"}, "standard"), el("option", {value: "advanced"}, "advanced"));
    this.passage = el("select", {id: "roll-passage", onchange: () => this.update()},
      PASSAGES.map((n) => el("option", {value: String(n)}, `line ${n}`)));
    this.players = el("select", {id: "roll-players", onchange: () => this.placedChanged()},
      PLAYERS.map((n) => el("option", {value: String(n)}, `${n} players`)));
    this.player = el("select", {id: "roll-player", onchange: () => this.placedChanged()});
    this.lang = el("select", {id: "roll-lang", onchange: () => this.update()},
      el("option", {value: "en"}, "English"), el("option", {value: "fr"}, "français"));
    this.text = el("textarea", {id: "roll-json", rows: "5", spellcheck: "false",
      placeholder: "{\"format\": \"tombgen/tumba.setup\", …}", oninput: () => this.pasted()});
    this.file = el("input", {type: "file", id: "roll-file", accept: ".json,application/json",
      onchange: () => this.opened()});
    this.status = el("p", {class: "status", role: "status", "aria-live": "polite"});
    this.command = el("code", {class: "command"});
    this.saveBoard = el("button", {type: "button", class: "secondary", hidden: true,
      onclick: () => this.saveDoc()}, "Save board.json");
    this.problems = el("div", {class: "problem-box", "aria-live": "polite"});
    this.reading = el("pre", {class: "reading", "aria-label": "what the roll can do"});
    this.grid = el("div", {class: "tumba-board", role: "group", "aria-label": "the board"});
    this.tapHelp = el("p", {class: "help"});
    const field = (label, input, help) => el("div", {class: "field"}, el("label", {for: input.id}, label), input,
      help ? el("p", {class: "help"}, help) : null);
    this.passageField = field("Secret passage", this.passage, "Where the advanced board's single passage is; the other lines are taken to have room.");
    this.fileField = el("div", {class: "field"},
      el("label", {for: "roll-json"}, "Board or setup JSON"), this.text,
      el("label", {for: "roll-file", class: "stack"}, "or open a file: ", this.file),
      el("p", {class: "help"}, "A tombgen/tumba.setup file from “Board setup” (or tumba setup), or a tombgen/tumba.board position."));
    this.placedFields = el("div", {class: "row"},
      el("label", {for: "roll-players"}, "players "), this.players,
      el("label", {for: "roll-player"}, "to move "), this.player);
    this.fillPlayers(2);
    return el("section", {class: "view roll"},
      el("div", {class: "view-head"}, el("h2", {}, "Tutan Tumba — Roll helper"),
        el("p", {class: "summary"}, "Tap or type the three dice: every way to place them, the powers they " +
          "trigger and the incinerations, in the words of tombgen tumba roll.")),
      el("div", {class: "columns roll-columns"},
        el("form", {class: "controls roll-dice", onsubmit: (e) => e.preventDefault()},
          el("fieldset", {class: "group dice"}, el("legend", {}, "Dice"), this.dieGroups,
            field("or type them", this.typed, "Three numbers 1-6, e.g. 356 or 3 5 6."))),
        el("form", {class: "controls roll-settings", onsubmit: (e) => e.preventDefault()},
          el("fieldset", {class: "group"}, el("legend", {}, "Board"),
            field("Board", this.kind), this.passageField, this.fileField,
            field("Rules", this.mode, "The advanced rules (Pharaoh's Wrath) need a board with its single passage."),
            field("Language", this.lang))),
        el("div", {class: "result roll-result"},
          el("div", {class: "toolbar"}, this.status, this.saveBoard),
          el("div", {class: "about"}, this.command),
          this.problems, this.reading,
          el("div", {class: "board-box"}, el("h3", {}, "The board"), this.placedFields, this.tapHelp, this.grid))));
  }

  show() {
    this.boardKind(true);
  }

  // ------------------------------------------------------------------ the address

  pairs() {
    const out = [];
    if (this.dice.every((d) => d)) out.push(["dice", this.dice.join("")]);
    const kind = this.kind.value;
    if (kind !== "standard") out.push(["board", kind]);
    if (kind === "passage") out.push(["passage", this.passage.value]);
    if (this.mode.value) out.push(["mode", this.mode.value]);
    if (this.lang.value !== "en") out.push(["lang", this.lang.value]);
    if ((kind === "placed" || kind === "file") && this.doc) {
      out.push(["lines", linesText(this.doc.lines)], ["players", String(this.doc.players)],
        ["player", String(this.doc.player || 1)]);
      const m = mummiesText(this.doc.mummies);
      if (m) out.push(["m", m]);
      if (this.doc.tomb && this.doc.tomb.some((t) => t)) out.push(["tomb", this.doc.tomb.join(",")]);
      if (this.doc.mode && this.doc.mode !== "standard") out.push(["docmode", this.doc.mode]);
    }
    return out;
  }

  restore(params) {
    const dice = (params.get("dice") || "").replace(/\D/g, "");
    this.dice = /^[1-6]{3}$/.test(dice) ? [...dice].map(Number) : [null, null, null];
    this.typed.value = this.dice.every((d) => d) ? this.dice.join(" ") : "";
    const kind = params.get("board") || "standard";
    this.kind.value = BOARDS.some(([k]) => k === kind) ? kind : "standard";
    this.passage.value = PASSAGES.includes(Number(params.get("passage"))) ? params.get("passage") : "7";
    this.mode.value = ["standard", "advanced"].includes(params.get("mode")) ? params.get("mode") : "";
    this.lang.value = params.get("lang") === "fr" ? "fr" : "en";
    this.doc = null;
    const lines = linesOf(params.get("lines"));
    if (lines && (this.kind.value === "placed" || this.kind.value === "file")) {
      const players = Math.min(6, Math.max(2, Number(params.get("players")) || 2));
      const tomb = (params.get("tomb") || "").split(",").map(Number).filter((n) => Number.isInteger(n) && n >= 0);
      this.doc = {format: "tombgen/tumba.board", version: 1,
        mode: params.get("docmode") === "advanced" ? "advanced" : "standard",
        players, player: Math.min(players, Math.max(1, Number(params.get("player")) || 1)), lines,
        mummies: mummiesOf(params.get("m"), lines),
        tomb: tomb.length === players ? tomb : Array(players).fill(0)};
      this.fileDoc = this.kind.value === "file" ? this.doc : null;
      this.text.value = this.kind.value === "file" ? JSON.stringify(this.doc, null, 1) : "";
    }
    this.showDice();
  }

  // ------------------------------------------------------------------ dice

  setDie(d, face) {
    this.dice[d] = face;
    this.typed.value = this.dice.every((x) => x) ? this.dice.join(" ") : "";
    this.showDice();
    this.update();
  }

  typedDice() {
    const digits = this.typed.value.replace(/[^0-9]/g, "");
    if (/^[1-6]{3}$/.test(digits)) {
      this.dice = [...digits].map(Number);
      this.showDice();
      this.update();
    } else if (digits.length >= 3) {
      this.say("Three dice, each 1 to 6: e.g. 3 5 6.");
    }
  }

  showDice() {
    for (const button of this.node.querySelectorAll("button.face")) {
      const on = this.dice[Number(button.dataset.die)] === Number(button.dataset.face);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  // ------------------------------------------------------------------ board

  boardKind(first = false) {
    this.kindShown();
    const kind = this.kind.value;
    if (kind === "placed" && !this.doc && this.board && this.board.sizes_known) this.doc = this.docOf(this.board);
    if (kind === "file") this.doc = this.fileDoc;
    if (kind === "standard" || kind === "passage") this.doc = null;
    if (kind === "placed" && this.doc) {
      this.fillPlayers(this.doc.players);
      this.players.value = String(this.doc.players);
      this.player.value = String(this.doc.player || 1);
    }
    if (first) this.read(); else this.update();
  }

  kindShown() {
    const kind = this.kind.value;
    this.passageField.hidden = kind !== "passage";
    this.fileField.hidden = kind !== "file";
    this.placedFields.hidden = kind !== "placed";
  }

  // A board document from a drawn position (house left out: it follows from the rest).
  docOf(board) {
    return {format: "tombgen/tumba.board", version: 1, mode: board.mode === "advanced" ? "advanced" : "standard",
      players: board.players, player: board.player, lines: board.lines,
      mummies: JSON.parse(JSON.stringify(board.mummies)), tomb: board.tomb.slice()};
  }

  fillPlayers(count) {
    const keep = Number(this.player.value || "1");
    clear(this.player).append(...Array.from({length: count}, (_, i) =>
      el("option", {value: String(i + 1)}, `player ${i + 1}`)));
    this.player.value = String(Math.min(keep, count));
  }

  placedChanged() {
    if (!this.doc) this.doc = this.docOf(this.board);
    const players = Number(this.players.value);
    this.fillPlayers(players);
    this.doc.players = players;
    this.doc.player = Number(this.player.value);
    for (const cells of Object.values(this.doc.mummies)) {
      cells.forEach((c, i) => { if (c > players) cells[i] = 0; });
    }
    this.doc.tomb = Array.from({length: players}, (_, i) => this.doc.tomb[i] || 0);
    delete this.doc.house;
    this.update();
  }

  // A chamber tapped: its player goes round (empty, 1, 2, …, empty).
  tap(line, depth) {
    if (this.kind.value !== "placed") {
      this.kind.value = "placed";
      if (!this.doc) this.doc = this.docOf(this.board);
      this.kindShown();
      this.fillPlayers(this.doc.players);
      this.players.value = String(this.doc.players);
      this.player.value = String(this.doc.player || 1);
    }
    if (!this.doc) this.doc = this.docOf(this.board);
    const cells = this.doc.mummies[line] || Array(this.doc.lines[line]).fill(0);
    cells[depth] = (cells[depth] + 1) % (this.doc.players + 1);
    this.doc.mummies[line] = cells;
    delete this.doc.house;
    this.update();
    const who = cells[depth] ? `player ${cells[depth]}` : "empty";
    this.say(`line ${line} chamber ${depth + 1}: ${who}`);
  }

  pasted() {
    const text = this.text.value.trim();
    if (!text) { this.fileDoc = null; this.doc = null; this.update(); return; }
    try {
      this.fileDoc = JSON.parse(text);
    } catch (error) {
      this.fileDoc = null;
      this.doc = null;
      this.shown([`board.json: not JSON (${error.message})`], "Not read:");
      this.node.classList.remove("busy");
      return;
    }
    this.doc = this.fileDoc;
    this.update();
  }

  async opened() {
    const file = this.file.files[0];
    if (!file) return;
    this.text.value = await file.text();
    this.pasted();
  }

  saveDoc() {
    if (this.doc) save(new Blob([JSON.stringify(this.doc, null, 2) + "\n"], {type: "application/json"}), "board.json");
  }

  drawBoard(board) {
    clear(this.grid);
    const tappable = board.sizes_known;
    this.tapHelp.textContent = tappable
      ? "Tap a chamber to place a mummy: each tap gives it to the next player, then empties it."
      : "Only the passage's line is known: choose “Mummies placed by tapping” or a board JSON to place mummies.";
    const lines = board.lines;
    const rows = Math.ceil(Object.keys(lines).length / 2);
    for (let row = rows; row >= 1; row--) {
      const left = 2 * row - 1, right = 2 * row;
      this.grid.append(el("span", {class: "line-no"}, String(left)),
        this.side(board, left, true, tappable), el("span", {class: "tomb", "aria-hidden": "true"}, row === rows ? "tomb" : ""),
        this.side(board, right, false, tappable), el("span", {class: "line-no"}, String(right)));
    }
  }

  side(board, line, outerFirst, tappable) {
    const size = board.lines[String(line)];
    const box = el("span", {class: `side ${outerFirst ? "west" : "east"}`});
    if (size === "passage") {
      box.append(el("span", {class: "passage"}, "passage"));
      return box;
    }
    const cells = (board.mummies[String(line)] || []).slice();
    const chambers = Array.from({length: size}, (_, depth) => {
      const who = cells[depth] || 0;
      const label = `line ${line} chamber ${depth + 1}: ${who ? `player ${who}` : "empty"}`;
      return el("button", {type: "button", class: `chamber p${who}`, "aria-label": label, disabled: !tappable,
        "data-line": line, "data-depth": depth, onclick: () => this.tap(String(line), depth)},
      who ? String(who) : "·");
    });
    box.append(...(outerFirst ? chambers.reverse() : chambers));
    return box;
  }

  // ------------------------------------------------------------------ the reading

  // Busy from the change on, until the answer to the latest state is shown.
  update() {
    this.node.classList.add("busy");
    this.changed();
    this.refresh();
  }

  request() {
    const kind = this.kind.value;
    const body = {dice: this.dice, lang: this.lang.value, mode: this.mode.value || null, board: null, passage: null};
    if (kind === "passage") body.passage = Number(this.passage.value);
    if ((kind === "placed" || kind === "file") && this.doc) body.board = this.doc;
    return body;
  }

  async read() {
    const body = this.request();
    if (this.kind.value === "file" && !this.doc) {
      this.shown([], "Paste a board or setup JSON, or open its file.");
      this.node.classList.remove("busy");
      return;
    }
    const dice = this.dice.every((d) => d);
    // without dice: the board alone (any roll shows it; its lines are not read out)
    const asked = dice ? body : Object.assign({}, body, {dice: [1, 1, 1]});
    const seq = (this.seq = (this.seq || 0) + 1);
    this.node.classList.add("busy");
    try {
      const answer = await json("/api/tumba/roll", {method: "POST", body: JSON.stringify(asked),
        headers: {"Content-Type": "application/json"}});
      if (seq !== this.seq) return;
      this.board = answer.board;
      this.drawBoard(answer.board);
      clear(this.problems);
      this.saveBoard.hidden = !body.board;
      if (dice) {
        // one line a block, its leading spaces kept; a long line wraps under its own start
        clear(this.reading).append(...answer.lines.map((line) => el("span", {class: "line",
          "data-indent": String(Math.min(10, line.length - line.trimStart().length))}, line + "\n")));
        this.command.textContent = answer.command;
        this.say(answer.lines[0]);
        this.reading.dataset.ready = "yes";
      } else {
        this.reading.textContent = "";
        this.command.textContent = "";
        this.reading.dataset.ready = "no";
        this.say("Tap or type the three dice.");
      }
    } catch (error) {
      if (seq !== this.seq) return;
      const problems = error instanceof Refused ? error.problems : [String(error.message || error)];
      this.shown(problems, error instanceof Refused && error.status === 422 ? "Not a position of the game:" : "Not read:");
      if (error instanceof Refused && error.body.report) {
        this.problems.append(problemList(error.body.report.violations.map((v) =>
          `${v.where ? v.where + ": " : ""}${v.message} [${v.code}]`)));
      }
    } finally {
      if (seq === this.seq) this.node.classList.remove("busy");
    }
  }

  shown(problems, head) {
    this.reading.textContent = "";
    this.reading.dataset.ready = "error";
    this.command.textContent = "";
    this.say(head);
    clear(this.problems);
    if (problems.length) this.problems.append(problemList(problems));
  }

  say(text) {
    this.status.textContent = text;
  }
}
