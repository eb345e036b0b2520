// What the map editor does with a map besides drawing it: rate it with the bot (a job the page
// follows and may cancel) and print its game sheet. Both ask the editor for the map's fields;
// the server rates and prints.

import {el, clear, json, call, debounce, problemList, save, fileName, told} from "./dom.js";
import {OptionForm} from "./form.js";

// Rating by bot games: progress, cancel, and the rating kept only for the squares it rated.
export class MapRating {
  constructor(editor, maxGames) {
    this.editor = editor;
    this.job = null;
    this.games = el("input", {type: "number", min: "1", max: String(maxGames), value: "200",
      "aria-label": "rating games"});
    this.progress = el("progress", {max: "1", value: "0", hidden: true});
    this.text = el("p", {class: "rated"});
    this.start = el("button", {type: "button", class: "secondary", onclick: () => this.rate()},
      "Rate with the bot");
    this.stop = el("button", {type: "button", class: "secondary", hidden: true,
      onclick: () => this.cancel()}, "Cancel");
    this.node = el("fieldset", {class: "group"}, el("legend", {}, "Rate"),
      el("div", {class: "row"}, el("label", {}, "games ", this.games), this.start, this.stop),
      this.progress, this.text);
  }

  show(rating) {
    this.text.textContent = rating
      ? `Rated ${rating.label}: par ${rating.par} (95% interval ${rating.interval[0]}–` +
        `${rating.interval[1]}; p10 ${rating.p10}, p90 ${rating.p90}) over ` +
        `${rating.games} bot games; ${rating.reference.map} par ${rating.reference.par}.`
      : "Not rated (a rating belongs to these exact squares).";
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
      const job = await json(`/api/realms/rate?games=${encodeURIComponent(this.games.value)}`, {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify(editor.fields())});
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
      await new Promise((resolve) => setTimeout(resolve, 400));
      const state = await json(`/api/jobs/${id}`);
      if (state.total) {
        this.progress.max = state.total;
        this.progress.value = state.done;
      }
      this.text.textContent = `Playing bot games… ${state.done} of ${state.total}`;
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

  async call(ext, page) {
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
