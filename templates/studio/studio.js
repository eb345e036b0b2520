// The page: one view per product, player aid and the Hidden Realms map editor, chosen in the
// navigation (and the address's #game/kind). Every view talks to the API only.

import {el, clear, json, call, told, fileName, save, debounce, problemList, afterJob, inTurn, wait, Refused, VIEW} from "./dom.js";
import {OptionForm} from "./form.js";
import {MapEditor} from "./editor.js";
import {RollView} from "./roll.js";
import {TanisScorer, TutScorer, RealmsScorer} from "./score.js";

const NAMES = {sheet: "Game sheet", map: "Generated map", trail: "Trail layout", dig: "Dig pattern",
  setup: "Board setup", aid: "Player aid"};
// Views of a game besides its products: (game, kind, its name in the navigation, what makes it)
const EXTRA = [["realms", "editor", "Map editor", () => new MapEditor(catalogue, () => remember())],
  ["realms", "score", "Final score", () => new RealmsScorer(() => remember())],
  ["tut", "score", "Set scoring", () => new TutScorer(() => remember())],
  ["tanis", "score", "Scorer", () => new TanisScorer(() => remember())],
  ["tumba", "roll", "Roll helper", () => new RollView(() => remember())]];

const views = new Map();   // "game/kind" -> view (kept, so a view keeps its settings)
let catalogue = null;
let current = null;

async function freshSeed() {
  return (await json("/api/seed")).seed;
}

function query(pairs) {
  const params = new URLSearchParams();
  for (const [key, value] of pairs) params.append(key, value);
  return params.toString();
}

// The preview and downloads of one product (or aid): a form, a seed, pages, files.
class ProductView {
  constructor(game, product) {
    this.game = game;
    this.product = product;
    this.aid = product.kind === "aid";
    this.controller = null;
    this.refresh = debounce(() => this.make(), 350);
    this.form = new OptionForm(product.options, product.shared, () => this.refresh(),
      product.languages);
    this.seed = el("input", {type: "number", min: "0", step: "1", id: "seed", class: "seed",
      oninput: () => this.refresh()});
    this.item = el("select", {class: "item", hidden: true, onchange: () => { remember(); this.make(); },
      "aria-label": "Item of the run"});
    this.status = el("p", {class: "status", role: "status"});
    this.cancel = el("button", {type: "button", class: "secondary", hidden: true,
      onclick: () => this.cancelJob()}, "Cancel");
    this.command = el("code", {class: "command"});
    this.notes = el("div", {class: "notes"});
    this.problems = el("div", {class: "problem-box", "aria-live": "polite"});
    this.pages = el("div", {class: "pages"});
    this.downloads = el("div", {class: "downloads"});
    this.node = this.layout();
  }

  layout() {
    const seedRow = this.aid ? el("p", {class: "help"}, "Aids are not seeded: the same options always " +
      "give the same cards.") : el("div", {class: "seed-row"},
      el("label", {for: "seed"}, "seed"), this.seed,
      el("button", {type: "button", class: "secondary", onclick: () => this.newSeed()}, "New seed"));
    return el("section", {class: "view product"},
      el("div", {class: "view-head"},
        el("h2", {}, `${this.game.short} — ${NAMES[this.product.kind] || this.product.kind}`),
        el("p", {class: "summary"}, this.product.summary)),
      el("div", {class: "columns"},
        el("form", {class: "controls", onsubmit: (e) => e.preventDefault()}, seedRow, this.form.node),
        el("div", {class: "result"},
          el("div", {class: "toolbar"}, this.status, this.cancel, this.item, this.downloads),
          el("div", {class: "about"}, this.command, this.notes),
          this.problems, this.pages)));
  }

  show() {
    this.make();
  }

  // A fresh seed when the field is empty (unless one is typed meanwhile).
  async seeded() {
    if (this.aid || this.seed.value.trim() !== "") return;
    const seed = await freshSeed();
    if (this.seed.value.trim() === "") this.seed.value = seed;
  }

  async newSeed() {
    try {
      this.seed.value = await freshSeed();
    } catch (error) {
      this.fail(error);
      return;
    }
    this.make();
  }

  // The options from an address (#game/kind?seed=12&mono=1): the others back to their default.
  restore(params) {
    if (!this.aid) this.seed.value = params.get("seed") || "";
    this.form.reset();
    for (const [name, value] of params) {
      if (name !== "seed" && name !== "item") this.form.set(name, value);
    }
    this.wantItem = params.get("item");
  }

  state() {
    const pairs = this.pairs();
    if (!this.item.hidden && this.item.value !== "1") pairs.push(["item", this.item.value]);
    return pairs;
  }

  pairs(extra = []) {
    const pairs = this.aid ? [] : [["seed", this.seed.value.trim()]];
    return pairs.concat(this.form.pairs(), extra);
  }

  url(ext, extra = []) {
    const kind = this.aid ? "aid" : this.product.kind;
    return `/api/${this.game.name}/${kind}.${ext}?${query(this.pairs(extra))}`;
  }

  // The preview: page 1 first (it tells how many pages there are), then the others.
  async make() {
    try {
      await this.seeded();
    } catch (error) {
      this.fail(error);
      return;
    }
    remember();
    const ext = this.aid ? "png" : "svg";
    const itemPair = this.item.hidden ? [] : [["item", this.item.value]];
    // back on a view whose preview is still being made: it goes on (a long job is not redone)
    const making = this.url(ext, itemPair);
    if (this.controller && this.making === making) return;
    if (this.controller) this.controller.abort();
    this.making = making;
    this.pages.dataset.ready = "no";
    const controller = new AbortController();
    this.controller = controller;
    this.busy(true, "Making…");
    this.follow(controller);
    try {
      const first = await call(this.url(ext, itemPair.concat([["page", "1"]])),
        {signal: controller.signal});
      const pages = Number(told(first, "Pages") || "1");
      this.showAbout(first);
      const images = [await first.blob()];
      this.showPages(images, pages);
      for (let page = 2; page <= pages; page++) {
        const next = await call(this.url(ext, itemPair.concat([["page", String(page)]])),
          {signal: controller.signal});
        images.push(await next.blob());
        this.showPages(images, pages);
      }
      this.busy(false, this.summaryLine(first, pages));
    } catch (error) {
      if (error.name === "AbortError") return;
      this.fail(error);
    } finally {
      if (this.controller === controller) { this.controller = null; this.making = null; }
      this.cancel.hidden = true;
    }
  }

  // A long preview (a map rated by bot games) says how it is getting on, and may be cancelled.
  async follow(controller) {
    await wait(1000);
    while (this.controller === controller && current === this) {
      try {
        const job = await json("/api/page/job");
        if (this.controller !== controller) break;
        this.jobId = job.job;
        this.cancel.hidden = false;
        if (job.note) this.status.textContent = `Making… ${job.note}`;
      } catch (error) {
        // no job of this view right now (queued, or just ended): look again
      }
      await wait(1000);
    }
  }

  async cancelJob() {
    if (!this.jobId) return;
    this.cancelled = true;
    this.cancel.hidden = true;
    try {
      await call(`/api/jobs/${this.jobId}`, {method: "DELETE"});
    } catch (error) {
      this.cancelled = false;   // it had ended: its answer comes
    }
  }

  busy(on, text) {
    this.node.classList.toggle("busy", on);
    this.status.textContent = text;
  }

  summaryLine(response, pages) {
    const seed = told(response, "Seed");
    const parts = [];
    if (seed) parts.push(`seed ${seed}`);
    parts.push(`${pages} page${pages === 1 ? "" : "s"}`);
    return parts.join(" · ");
  }

  showAbout(response) {
    this.form.mark({});
    clear(this.problems);
    this.command.textContent = told(response, "Command") || "";
    const notes = JSON.parse(told(response, "Notes") || "[]");
    clear(this.notes).append(...notes.map((n) => el("p", {}, n)));
    const items = Number(told(response, "Items") || "1");
    this.setItems(items);
    const files = (told(response, "Files") || "pdf").split(",");
    const pages = Number(told(response, "Pages") || "1");
    const buttons = [];
    for (const ext of files) {
      if (ext === "svg" && pages > 1) {
        for (let page = 1; page <= pages; page++) buttons.push(this.button(ext, `SVG p${page}`, page));
      } else {
        buttons.push(this.button(ext, ext === "pdf" && items > 1 ? `PDF (${items} items)` : ext.toUpperCase()));
      }
    }
    clear(this.downloads).append(...buttons);
  }

  button(ext, label, page) {
    return el("button", {type: "button", class: ext === "pdf" ? "primary" : "secondary",
      "data-file": page ? `${ext}-${page}` : ext, onclick: () => this.download(ext, page)}, label);
  }

  setItems(count) {
    const had = this.item.options.length;
    this.item.hidden = count < 2;
    if (had === count) return;
    const keep = Math.min(Number(this.item.value || "1"), count);
    clear(this.item);
    for (let i = 1; i <= count; i++) this.item.append(el("option", {value: String(i)}, `item ${i} of ${count}`));
    this.item.value = String(keep);
    if (this.wantItem && Number(this.wantItem) <= count) this.item.value = this.wantItem;
    this.wantItem = null;
  }

  showPages(blobs, total) {
    this.pages.classList.remove("stale");
    for (const img of this.pages.querySelectorAll("img")) URL.revokeObjectURL(img.src);
    clear(this.pages);
    blobs.forEach((blob, index) => {
      const img = el("img", {src: URL.createObjectURL(blob), alt: `page ${index + 1} of ${total}`,
        class: "page"});
      this.pages.append(el("figure", {}, img, total > 1 ? el("figcaption", {}, `page ${index + 1} of ${total}`) : null));
    });
    this.pages.dataset.pages = String(blobs.length);
    this.pages.dataset.ready = blobs.length === total ? "yes" : "no";
  }

  fail(error) {
    if (this.cancelled) {
      this.cancelled = false;
      this.busy(false, "Cancelled. Change an option, or press New seed, to make another.");
      this.pages.classList.add("stale");
      this.pages.dataset.ready = "cancelled";
      return;
    }
    if (error instanceof Refused && error.status === 409 && error.body.busy) {
      this.waitFor(error.body.busy);
      return;
    }
    if (error instanceof Refused && error.status === 409) {
      // another request of this page (a download) took its turn: make the preview after it
      this.interrupted = true;
      this.busy(true, "Waiting…");
      return;
    }
    const problems = error instanceof Refused ? error.problems : [String(error)];
    const rest = error instanceof Refused ? this.form.mark(error.body.options || named(problems)) : problems;
    this.busy(false, error instanceof Refused && error.status === 422
      ? "This breaks a rule:" : "Not made:");
    clear(this.problems).append(problemList(rest.length ? rest : problems));
    if (error.body && error.body.report) {
      const lines = error.body.report.violations.map((v) => `${v.where ? v.where + ": " : ""}${v.message} [${v.code}]`);
      this.problems.append(problemList(lines));
    }
    this.pages.dataset.ready = "error";
    this.command.textContent = "";
    this.pages.classList.add("stale");
    for (const button of this.downloads.querySelectorAll("button")) button.disabled = true;
  }

  // Another view's job (a rating) runs: this one's turn comes when it ends.
  async waitFor(job) {
    await afterJob(job, (text) => this.busy(true, text));
    if (current === this) this.make();
  }

  async download(ext, page) {
    const itemPair = this.item.hidden || ext === "pdf" ? [] : [["item", this.item.value]];
    if (page) itemPair.push(["page", String(page)]);
    this.busy(true, `Making the ${ext.toUpperCase()}…`);
    try {
      const response = await inTurn(() => call(this.url(ext, itemPair)), (text) => this.busy(true, text));
      save(await response.blob(), fileName(response, `tombgen.${ext}`));
      this.busy(false, `Saved ${fileName(response, ext)}`);
    } catch (error) {
      this.fail(error);
    }
    if (this.interrupted) {
      this.interrupted = false;
      this.make();
    }
  }
}

// A rule broken names the option it is about first (e.g. "--table 12x9: too small…"): the
// problem is shown on that option's field too.
function named(problems) {
  const out = {};
  for (const text of problems) {
    const found = /--([a-z][a-z-]*)/.exec(text);
    if (found) out[found[1].replace(/-/g, "_")] = text;
  }
  return out;
}

function viewFor(gameName, kind) {
  const key = `${gameName}/${kind}`;
  if (!views.has(key)) {
    const game = catalogue.games.find((g) => g.name === gameName);
    if (!game) return null;
    const extra = EXTRA.find(([g, k]) => g === gameName && k === kind);
    if (extra) views.set(key, extra[3]());
    else {
      const product = kind === "aid" ? game.aid : game.products.find((p) => p.kind === kind);
      if (!product) return null;
      views.set(key, new ProductView(game, product));
    }
  }
  return views.get(key);
}

// The address: #game/kind?option=value&… (the view shown and its options).
function address() {
  const [path, search] = location.hash.slice(1).split("?");
  const [gameName, kind] = (path || "").split("/");
  return {gameName, kind, key: `${gameName}/${kind}`,
    params: search === undefined ? null : new URLSearchParams(search)};
}

function viewState(view) {
  return view.state ? view.state() : (view.pairs ? view.pairs() : []);
}

let currentKey = null;

// The shown view's options into the address (a reload or a shared link opens the same item);
// replaced, not pushed: the back button goes back to the view before, not option by option.
function remember() {
  if (!current) return;
  const pairs = viewState(current);
  const wanted = `#${currentKey}` + (pairs.length ? `?${query(pairs)}` : "");
  if (location.hash !== wanted) history.replaceState(history.state, "", wanted);
}

function route() {
  const {gameName, kind, key, params} = address();
  const view = gameName && kind ? viewFor(gameName, kind) : null;
  if (!view) {
    const first = catalogue.games[0];
    location.replace(`#${first.name}/${first.products[0].kind}`);
    return;
  }
  const restoring = params !== null && view.restore && query(viewState(view)) !== params.toString();
  if (restoring) view.restore(params);
  if (view === current) {
    if (restoring) view.show();
    return;
  }
  current = view;
  currentKey = key;
  VIEW.shown = key;
  const main = clear(document.getElementById("main"));
  main.append(view.node);
  main.dataset.view = key;  // which view is shown, once it is
  for (const link of document.querySelectorAll("#nav a")) {
    const shown = link.dataset.view === key;
    link.classList.toggle("active", shown);
    if (shown) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  view.show();
}

function navigation() {
  const nav = clear(document.getElementById("nav"));
  for (const game of catalogue.games) {
    const kinds = game.products.map((p) => [p.kind, NAMES[p.kind] || p.kind]);
    for (const [g, k, name] of EXTRA) if (g === game.name) kinds.push([k, name]);
    if (game.aid) kinds.push(["aid", NAMES.aid]);
    nav.append(el("div", {class: "game"}, el("h2", {title: game.title}, game.short),
      el("ul", {}, kinds.map(([kind, name]) => el("li", {},
        el("a", {href: `#${game.name}/${kind}`, "data-view": `${game.name}/${kind}`}, name))))));
  }
}

async function start() {
  try {
    catalogue = await json("/api/products");
  } catch (error) {
    clear(document.getElementById("main")).append(problemList([String(error.message || error)]));
    return;
  }
  navigation();
  window.addEventListener("hashchange", route);
  route();
}

start();
