// What the map editor does with a map besides drawing it: rate it with the bot (a job the page
// follows and may cancel) and print its game sheet. Both ask the editor for the map's fields;
// the server rates and prints.

import {el, clear, json, call, inTurn, wait, debounce, problemList, save, fileName, told} from "./dom.js";
import {OptionForm} from "./form.js";

// Why a rating played fewer games than it could, or all of them, in words.
function stopped(rating) {
  const most = rating.max_games || rating.games;
  if (rating.games < most) {
    return ` It stopped after ${rating.games} of at most ${most} games: the interval already lay ` +
      `inside the ${rating.label} band, so more games would not change the label.`;
  }
  if (rating.label === "borderline") {
    return ` All ${most} games were played and the interval still crosses a band edge: the map ` +
      "is borderline (more games may decide it).";
  }
  return "";
}

// Rating by bot games: progress, cancel, and the rating kept only for the squares it rated.
export class MapRating {
  // games: {games: the page's default, most: its bound, command: the default of realms rate}
  constructor(editor, games) {
    this.editor = editor;
    this.job = null;
    this.limits = games;
    this.games = el("input", {type: "number", min: "1", max: String(games.most), value: String(games.games),
      id: "rating-games"});
    this.command = el("code", {class: "command"});
    this.progress = el("progress", {max: "1", value: "0", hidden: true});
    this.text = el("p", {class: "rated", "aria-live": "polite"});
    this.start = el("button", {type: "button", class: "secondary", onclick: () => this.rate()},
      "Rate with the bot");
    this.stop = el("button", {type: "button", class: "secondary", hidden: true,
      onclick: () => this.cancel()}, "Cancel");
    this.node = el("fieldset", {class: "group"}, el("legend", {}, "Rate"),
      el("div", {class: "row"}, el("label", {for: "rating-games"}, "most games "), this.games, this.start, this.stop),
      el("p", {class: "help"}, `A rating stops as soon as its label is clear: the 95% interval of par ` +
        `lies inside one band. Only a map near a band edge plays every game. tombgen realms rate plays ` +
        `at most ${games.command} by default; the page at most ${games.most} (seeds/studio.toml).`),
      this.progress, this.text, this.command);
  }

  show(rating) {
    this.text.textContent = rating
      ? `Rated ${rating.label}: par ${rating.par} (95% interval ${rating.interval[0]}–` +
        `${rating.interval[1]}; p10 ${rating.p10}, p90 ${rating.p90}) over ` +
        `${rating.games} bot games; ${rating.reference.map} par ${rating.reference.par}.` + stopped(rating)
      : "Not rated (a rating belongs to these exact squares).";
    if (!rating) this.command.textContent = "";
  }

  running(on) {
    this.start.disabled = on;
    this.stop.hidden = !on;
    this.progress.hidden = !on;
    this.editor.sheet.allow(!on);
  }

  async rate() {
    const editor = this.editor;
    if (!editor.valid) {
      this.text.textContent = "Fix the problems first: only a valid map can be rated.";
      return;
    }
    const squares = editor.squares();
    try {
      // behind another view's job (a preview still running), the rating starts once it ends
      const job = await inTurn(() => json(`/api/realms/rate?games=${encodeURIComponent(this.games.value)}`, {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify(editor.fields())}), (text) => { this.text.textContent = text; });
      const file = editor.shippedName() || `${editor.stem()}.toml`;
      this.command.textContent = `tombgen realms rate ${file} --games ${this.games.value} --seed ${job.seed}`;
      this.job = job.job;
      this.running(true);
      this.progress.value = 0;
      this.text.textContent = "Playing bot games…";
      const result = await this.follow(job.job);
      if (result && editor.squares() === squares) editor.rated(result);
    } catch (error) {
      this.text.textContent = `Not rated: ${error.message || error}`;
    }
    this.running(false);
  }

  // Polls the job until it ends: its result, or null (the reason is shown).
  async follow(id) {
    for (;;) {
      await wait(400);
      const state = await json(`/api/jobs/${id}`);
      if (state.total) {
        this.progress.max = state.total;
        this.progress.value = state.done;
      }
      this.text.textContent = `Playing bot games… ${state.done} of at most ${state.total} ` +
        "(it stops once the label is clear)";
      if (state.state === "done") return state.result;
      if (["failed", "cancelled", "timeout"].includes(state.state)) {
        this.text.textContent = `Not rated: ${(state.problems || [state.state]).join("; ")}`;
        return null;
      }
    }
  }

  async cancel() {
    if (this.job) await call(`/api/jobs/${this.job}`, {method: "DELETE"});
  }
}

// The map's game sheet: the options of `realms sheet` that apply to a map of one's own, a seed,
// a preview and the PDF.
export class MapSheet {
  constructor(editor, product) {
    this.editor = editor;
    const own = product.options.filter((o) => ["players", "start"].includes(o.name));
    const shared = product.shared.filter((o) => ["paper", "mono", "lang"].includes(o.name));
    const again = debounce(() => { if (this.pages.childElementCount) this.preview(); }, 400);
    this.form = new OptionForm(own, shared, again, product.languages);
    this.seed = el("input", {type: "number", min: "0", value: "1", class: "seed", "aria-label": "seed"});
    this.status = el("p", {class: "status", role: "status"});
    this.pages = el("div", {class: "pages"});
    this.buttons = [
      el("button", {type: "button", class: "secondary", onclick: () => this.preview()}, "Preview sheet"),
      el("button", {type: "button", class: "primary", onclick: () => this.pdf()}, "Sheet PDF")];
    this.node = el("div", {class: "print"},
      el("h3", {class: "section"}, "Print this map's sheet"),
      el("p", {class: "summary"}, "The game sheet of the map above, as tombgen realms sheet makes " +
        "it: a shipped map by its name, a map of your own from its file (save the .toml, or the " +
        ".json once rated, beside you and the command shown remakes it)."),
      el("div", {class: "columns"},
        el("form", {class: "controls", onsubmit: (e) => e.preventDefault()},
          el("div", {class: "seed-row"}, el("label", {}, "seed"), this.seed,
            el("button", {type: "button", class: "secondary", onclick: () => this.newSeed()}, "New seed")),
          this.form.node),
        el("div", {class: "result"},
          el("div", {class: "toolbar"}, this.status, el("div", {class: "downloads"}, this.buttons)),
          this.pages)));
  }

  // The page runs one job at a time: no sheet while the bot rates the map.
  allow(on) {
    for (const button of this.buttons) button.disabled = !on;
    this.status.textContent = on ? "" : "The sheet can be made once the rating is done.";
  }

  async newSeed() {
    this.seed.value = (await json("/api/seed")).seed;
    this.preview();
  }

  // The map as `realms sheet --map NAME` reads it: its .toml, or its JSON when it carries a
  // rating of these squares (a .toml holds no rating).
  async body() {
    const editor = this.editor;
    if (editor.rating) {
      return {body: JSON.stringify(editor.fields()), name: `${editor.stem()}.json`, type: "application/json"};
    }
    const {text, name} = await editor.toml();
    return {body: text, name, type: "application/toml"};
  }

  // A sheet file, made once any other job of this page (another view's preview) has ended.
  async call(ext, page) {
    return inTurn(() => this.request(ext, page), (text) => { this.status.textContent = text; });
  }

  async request(ext, page) {
    const pairs = [["seed", this.seed.value || "1"], ...this.form.pairs()];
    if (page) pairs.push(["page", String(page)]);
    const shipped = this.editor.shippedName();
    if (shipped) {
      pairs.push(["map", shipped]);
      return call(`/api/realms/sheet.${ext}?${new URLSearchParams(pairs).toString()}`);
    }
    const {body, name, type} = await this.body();
    pairs.push(["name", name]);
    const url = `/api/realms/sheet.${ext}?${new URLSearchParams(pairs).toString()}`;
    return call(url, {method: "POST", headers: {"Content-Type": type}, body});
  }

  async preview() {
    this.status.textContent = "Making the sheet…";
    for (const img of this.pages.querySelectorAll("img")) URL.revokeObjectURL(img.src);
    clear(this.pages);
    try {
      const first = await this.call("svg", 1);
      const pages = Number(told(first, "Pages") || "1");
      const blobs = [await first.blob()];
      for (let page = 2; page <= pages; page++) blobs.push(await (await this.call("svg", page)).blob());
      for (const [index, blob] of blobs.entries()) {
        this.pages.append(el("figure", {}, el("img", {class: "page", src: URL.createObjectURL(blob),
          alt: `sheet page ${index + 1}`})));
      }
      this.status.textContent = told(first, "Command") || "";
    } catch (error) {
      this.fail(error);
    }
  }

  async pdf() {
    this.status.textContent = "Making the PDF…";
    try {
      const response = await this.call("pdf");
      const name = fileName(response, "sheet.pdf");
      save(await response.blob(), name);
      this.status.textContent = `Saved ${name} · ${told(response, "Command") || ""}`;
    } catch (error) {
      this.fail(error);
    }
  }

  fail(error) {
    this.status.textContent = "Not made:";
    clear(this.pages).append(problemList(error.problems || [String(error)]));
  }
}
