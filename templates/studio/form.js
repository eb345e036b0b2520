// A form made from option declarations, as GET /api/products describes them (the same
// declarations the command line is made from): kinds, choices, ranges, defaults, help, and
// which options another option requires.

import {el, words} from "./dom.js";

function same(a, b) {
  return String(a ?? "") === String(b ?? "");
}

class Field {
  constructor(option, changed, languages) {
    this.option = option;
    this.input = this.makeInput(option, languages);
    this.input.addEventListener(option.kind === "flag" ? "change" : "input", changed);
    if (option.kind !== "flag") this.input.addEventListener("change", changed);
    this.message = el("p", {class: "field-problem", role: "alert"});
    this.why = el("p", {class: "requires"});
    const label = el("label", {for: this.input.id},
      el("span", {class: "name"}, words(option.name)), " ", el("code", {}, option.flag));
    this.node = el("div", {class: `field field-${option.kind}`},
      option.kind === "flag" ? el("div", {class: "flag-row"}, this.input, label) : [label, this.input],
      el("p", {class: "help"}, option.help), this.why, this.message);
  }

  makeInput(o, languages) {
    const id = `f-${o.name}-${Math.random().toString(36).slice(2, 8)}`;
    if (o.kind === "flag") return el("input", {type: "checkbox", id, checked: !!o.default});
    if (o.kind === "choice") {
      const select = el("select", {id});
      if (o.default === null) select.append(el("option", {value: ""},
        o.follows ? `— (as --${o.follows.replace(/_/g, "-")})` : "— (not given)"));
      for (const choice of o.choices) {
        const missing = o.name === "lang" && languages && !languages.includes(choice);
        select.append(el("option", {value: choice, disabled: missing},
          missing ? `${choice} (not yet)` : choice));
      }
      select.value = o.default ?? "";
      return select;
    }
    if (o.kind === "int" || o.kind === "number") {
      return el("input", {type: "number", id, step: o.kind === "int" ? "1" : "any",
        min: o.low ?? undefined, max: o.high ?? undefined, value: o.default ?? "",
        placeholder: o.default === null ? "default" : undefined});
    }
    const input = el("input", {type: "text", id, value: o.default ?? "", spellcheck: "false",
      placeholder: o.metavar || undefined});
    if (o.names) {
      const list = el("datalist", {id: `${id}-names`}, o.names.map((n) => el("option", {value: n})));
      input.setAttribute("list", list.id);
      this.extra = list;
    }
    return input;
  }

  get raw() {
    return this.option.kind === "flag" ? this.input.checked : this.input.value.trim();
  }

  set raw(value) {
    if (this.option.kind === "flag") this.input.checked = value === true || value === "true" || value === "1";
    else this.input.value = value ?? "";
  }

  // The query value, or null when the option is left at its default (or disabled).
  get given() {
    if (this.input.disabled) return null;
    const o = this.option;
    if (o.kind === "flag") return this.raw === !!o.default ? null : String(this.raw);
    if (this.raw === "" || same(this.raw, o.default)) return null;
    return this.raw;
  }

  enable(on, why) {
    this.input.disabled = !on;
    this.node.classList.toggle("disabled", !on);
    this.why.textContent = on ? "" : why;
  }

  problem(text) {
    this.message.textContent = text || "";
    this.node.classList.toggle("invalid", !!text);
  }
}

export class OptionForm {
  // own: the product's options; shared: print settings (count, paper, mono, lang)
  constructor(own, shared, changed, languages) {
    this.fields = new Map();
    const update = () => { this.applyRequires(); changed(); };
    const group = (title, options) => {
      if (!options.length) return null;
      const box = el("fieldset", {class: "group"}, el("legend", {}, title));
      for (const option of options) {
        const field = new Field(option, update, languages);
        this.fields.set(option.name, field);
        box.append(field.node);
        if (field.extra) box.append(field.extra);
      }
      return box;
    };
    this.node = el("div", {class: "option-form"},
      group("Options", own), group("Print", shared));
    this.applyRequires();
  }

  // An option that requires another's value is off (and not sent) until it has it.
  applyRequires() {
    for (const field of this.fields.values()) {
      const needs = Object.entries(field.option.requires || {});
      const unmet = needs.find(([other, allowed]) => {
        const source = this.fields.get(other);
        const value = source ? source.raw : null;
        return !allowed.some((a) => same(a, value === "" ? null : value));
      });
      const flag = unmet ? (this.fields.get(unmet[0])?.option.flag || unmet[0]) : "";
      field.enable(!unmet, unmet ? `only with ${flag} ${unmet[1].join("|")}` : "");
    }
  }

  pairs() {
    const out = [];
    for (const [name, field] of this.fields) {
      const value = field.given;
      if (value !== null) out.push([name, value]);
    }
    return out;
  }

  // Every option back to its default.
  reset() {
    for (const field of this.fields.values()) {
      field.raw = field.option.kind === "flag" ? !!field.option.default : (field.option.default ?? "");
      field.problem("");
    }
    this.applyRequires();
  }

  value(name) {
    const field = this.fields.get(name);
    return field ? field.raw : null;
  }

  set(name, value) {
    const field = this.fields.get(name);
    if (field) { field.raw = value; this.applyRequires(); }
  }

  // Problems by option name (the API's "options"); those of no field are returned.
  mark(byOption) {
    const rest = [];
    for (const field of this.fields.values()) field.problem("");
    for (const [name, text] of Object.entries(byOption || {})) {
      const field = this.fields.get(name);
      if (field) field.problem(text); else rest.push(text);
    }
    return rest;
  }
}
