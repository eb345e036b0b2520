// Small helpers shared by the page's views: building elements (text always as text, never
// as HTML), calling the API, downloading what it answers.

// A unique name for this page: the server runs one job at a time per page.
const PAGE = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));

// The view shown: a request tells it, so that a job of another view (a rating) keeps running
// while this view's newer request replaces its own older one.
export const VIEW = {shown: ""};

// el("p", {class: "note"}, "text", child…): every string child becomes a text node.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// No answer at all: the server is not running (stopped, or its terminal closed).
export const STOPPED = "The studio's server does not answer: it has stopped. Start it again " +
  "with the command tombgen serve in a terminal, then reload this page.";

// An answer of the API that is not 2xx: its status and problems (always a list of strings).
export class Refused extends Error {
  constructor(status, body) {
    const problems = (body && Array.isArray(body.problems))
      ? body.problems.map((p) => (p && typeof p === "object" ? String(p.message) : String(p)))
      : [`the server answered ${status}`];
    super(problems.join("; "));
    this.status = status;
    this.body = body || {};
    this.problems = problems;
  }
}

// fetch() with the page's name, and problems turned into Refused.
export async function call(url, options = {}) {
  const headers = Object.assign({"X-Studio-Page": PAGE, "X-Studio-View": VIEW.shown}, options.headers || {});
  let response;
  try {
    response = await fetch(url, Object.assign({}, options, {headers}));
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new Refused(0, {problems: [STOPPED]});
  }
  if (!response.ok) {
    let body = null;
    try { body = await response.json(); } catch (e) { body = null; }
    throw new Refused(response.status, body);
  }
  return response;
}

export async function json(url, options = {}) {
  return (await call(url, options)).json();
}

export function wait(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Another job of this page runs (a 409 carries its state): wait until it has ended, telling
// `say` what is waited for.
export async function afterJob(job, say) {
  for (let state = job; ["queued", "running"].includes(state.state);) {
    const done = state.total ? ` (${state.done} of ${state.total})` : "";
    say(`Waiting: this page's ${state.label} is running${done}; this view follows once it ends.`);
    await wait(1000);
    try {
      state = await json(`/api/jobs/${job.job}`);
    } catch (error) {
      break;
    }
  }
}

// A request that takes its turn: refused because another job of this page runs, it is made
// again once that job has ended.
export async function inTurn(request, say) {
  for (let tries = 0; ; tries++) {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof Refused && error.status === 409 && error.body.busy) || tries >= 30) throw error;
      await afterJob(error.body.busy, say);
    }
  }
}

// The X-Tombgen-* headers of an answer (percent-encoded text).
export function told(response, name) {
  const value = response.headers.get(`X-Tombgen-${name}`);
  return value === null ? null : decodeURIComponent(value);
}

export function fileName(response, fallback) {
  const found = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
  return found ? found[1] : fallback;
}

// Saves a blob under a file name (the name the command line gives the file).
export function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = el("a", {href: url, download: name, class: "hidden"});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

// "rating_games" -> "rating games"
export function words(name) {
  return name.replace(/_/g, " ");
}

export function problemList(problems) {
  return el("ul", {class: "problems"}, problems.map((p) => el("li", {}, p)));
}
