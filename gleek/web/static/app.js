// The page's JavaScript: loads Pyodide and the wheels from this folder, then draws what
// gleek.web.app (Python, gleek's public API) returns. No rule of the game is decided here.
import { WORDS } from "./words.js";

const $ = (id) => document.getElementById(id);
const started = performance.now();
let py = null;   // the Pyodide runtime
let app = null;  // the Python module gleek.web.app
let table = null;  // the Python Table of the game in play
let options = null;

// ------------------------------------------------------------------ the language
// English, French or Spanish: the one chosen before (kept in localStorage), else the browser's
// first language of the three (navigator.languages), else English. The interface's words are
// in words.js; Python (gleek.i18n) is told the language too, for what gleek writes.
const LANGS = ["en", "fr", "es"];
const STORE = "gleek-lang";
function browserLanguage() {
  const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of tags) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(code)) return code;
  }
  return "en";
}
function storedLanguage() {
  try {
    const lang = localStorage.getItem(STORE);
    return LANGS.includes(lang) ? lang : null;
  } catch (err) {
    return null;  // storage refused (a private window, a file: page): the browser's language
  }
}
let lang = storedLanguage() || browserLanguage();

function t(key, vars = {}) {
  const text = WORDS[lang][key] ?? WORDS.en[key];
  return text.replace(/[{](\w+)[}]/g, (m, name) => String(vars[name]));
}

function translatePage() {
  document.documentElement.lang = lang;
  $("lang").value = lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-html]")) el.innerHTML = t(el.dataset.tHtml);
  for (const el of document.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of document.querySelectorAll("[data-t-aria-label]")) el.setAttribute("aria-label", t(el.dataset.tAriaLabel));
  const before = said;
  if (before) {
    status(before.key ? t(before.key, before.vars) : before.text, before.error);
    said = before;
  }
}

function setLanguage(chosen) {
  lang = LANGS.includes(chosen) ? chosen : "en";
  try { localStorage.setItem(STORE, lang); } catch (err) { /* not kept: this visit only */ }
  translatePage();
  if (app) {
    app.set_language(lang);
    fillMenus();
    if (table) draw(JSON.parse(table.view()), false);
    else showSummary();
  }
}

// the status line, kept as said so that a change of language says it again in the new one
let said = null;
function status(text, error = false) {
  said = { text, error };
  const el = $("status");
  el.textContent = text;
  el.className = error ? "error" : "";
}
function say(key, vars = {}, error = false) {
  status(t(key, vars), error);
  said = { key, vars, error };
}

function message(err) {
  // A Python exception's last line is its message ("ProfileError: ..."): shown without the trace.
  const text = String(err && err.message ? err.message : err).trim().split("\n");
  return text[text.length - 1];
}

function call(fn) {
  try {
    return fn();
  } catch (err) {
    status(message(err), true);
    throw err;
  }
}

async function load() {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
  const manifest = await (await fetch("manifest.json")).json();
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  const buffers = await Promise.all(
    manifest.wheels.map(async (w) => {
      const r = await fetch(w);
      if (!r.ok) throw new Error(`${w}: ${r.status}`);
      return r.arrayBuffer();
    }),
  );
  for (const buffer of buffers) py.unpackArchive(buffer, "wheel");
  app = py.pyimport("gleek.web.app");
  app.set_language(lang);
  setup();
  const seconds = (performance.now() - started) / 1000;
  window.gleekLoadSeconds = seconds;
  say("ready", { gleek: manifest.gleek, pyodide: manifest.pyodide, seconds: seconds.toFixed(1) });
  document.body.dataset.ready = "1";
}

// ------------------------------------------------------------------ tabs
function showTab(name) {
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const on = tab.getAttribute("aria-controls") === name;
    tab.setAttribute("aria-selected", on ? "true" : "false");
    tab.tabIndex = on ? 0 : -1;
    $(tab.getAttribute("aria-controls")).hidden = !on;
  }
  if (name === "rule") matters();
}
const tabs = [...document.querySelectorAll("[role=tab]")];
tabs.forEach((tab, i) => {
  tab.addEventListener("click", () => showTab(tab.getAttribute("aria-controls")));
  tab.addEventListener("keydown", (e) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    const next = tabs[(i + step + tabs.length) % tabs.length];
    next.focus();
    showTab(next.getAttribute("aria-controls"));
    e.preventDefault();
  });
});

// ------------------------------------------------------------------ play
function option(select, value, label) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label;
  select.appendChild(o);
  return o;
}

function setup() {
  options = JSON.parse(app.options());
  for (const p of options.profiles) option($("profile"), p, p);
  $("profile").value = options.profiles.includes("parlett") ? "parlett" : options.profiles[0];
  fillMenus();
  $("profile").addEventListener("change", showSummary);
  $("variants").addEventListener("change", showSummary);
  showSummary();
  $("toggle-path").addEventListener("change", fillValues);
  if (options.disputed.some((d) => d.path === "tricks.honours_to")) $("toggle-path").value = "tricks.honours_to";
  fillValues();
  $("new-game").disabled = false;
}

// The menus whose words come from Python (the variants, the disputed rules), in the language
// of the page; what was chosen in them stays chosen.
function fillMenus() {
  options = JSON.parse(app.options());
  const checked = new Set([...$("variants").querySelectorAll("input:checked")].map((b) => b.value));
  for (const label of [...$("variants").querySelectorAll("label")]) label.remove();
  for (const v of options.variant_info) {
    // each variant by its title; its rule on hover (title) and on focus (the note below it)
    const label = document.createElement("label");
    label.title = v.summary;
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = v.id;
    box.checked = checked.has(v.id);
    const tip = document.createElement("span");
    tip.className = "tip";
    tip.id = `tip-${v.id}`;
    tip.textContent = v.summary;
    box.setAttribute("aria-describedby", tip.id);
    label.append(box, " " + v.title, tip);
    $("variants").appendChild(label);
  }
  const path = $("toggle-path").value;
  const value = $("toggle-value").value;
  $("toggle-path").innerHTML = "";
  for (const d of options.disputed) option($("toggle-path"), d.path, `${d.title} (${d.path})`);
  if (path) {
    $("toggle-path").value = path;
    fillValues();
    $("toggle-value").value = value;
  }
}

// Before the first deal: what the chosen rules are, in one screen, and the whole of them.
function showSummary() {
  if (table) return;
  const variants = [...$("variants").querySelectorAll("input:checked")].map((b) => b.value);
  let s;
  try {
    s = JSON.parse(app.summary($("profile").value, py.toPy(variants)));
  } catch (err) {
    status(message(err), true);
    return;
  }
  const box = $("table");
  box.innerHTML = "";
  const div = document.createElement("div");
  div.id = "summary";
  const h = document.createElement("h2");
  h.textContent = t("how_to_play", { title: s.title, name: s.name });
  const p = document.createElement("p");
  p.textContent = s.summary;
  const ol = document.createElement("ol");
  for (const step of s.steps) {
    const li = document.createElement("li");
    li.textContent = step;
    ol.appendChild(li);
  }
  const dl = document.createElement("table");
  dl.className = "rules";
  for (const r of s.rules) {
    const tr = dl.insertRow();
    const th = document.createElement("th");
    th.textContent = r.title;
    tr.appendChild(th);
    tr.insertCell().textContent = r.value;
    tr.insertCell().textContent = r.certainty;
  }
  const more = document.createElement("details");
  more.id = "full-rules";
  const sum = document.createElement("summary");
  sum.textContent = t("full_rules");
  const pre = document.createElement("pre");
  pre.textContent = s.full;
  more.append(sum, pre);
  const link = document.createElement("p");
  const a = document.createElement("a");
  a.href = "#full-rules";
  a.textContent = t("read_rules");
  a.addEventListener("click", () => { more.open = true; });
  link.append(a, t("read_rules_after"));
  div.append(h, p, ol, dl, link, more);
  box.appendChild(div);
}

function fillValues() {
  const d = options.disputed.find((x) => x.path === $("toggle-path").value);
  $("toggle-value").innerHTML = "";
  for (const v of d.values) option($("toggle-value"), v.profiles[0], `${v.value} (${v.profiles.join(", ")})`);
  // by default, a value the chosen profile does not have
  const other = d.values.find((v) => !v.profiles.includes($("profile").value));
  if (other) $("toggle-value").value = other.profiles[0];
}

$("setup").addEventListener("submit", (e) => {
  e.preventDefault();
  const variants = [...$("variants").querySelectorAll("input:checked")].map((b) => b.value);
  const seed = parseInt($("seed").value || "0", 10);
  $("events").innerHTML = "";
  if (table) table.destroy();
  table = call(() => app.Table($("profile").value, py.toPy(variants), seed));
  const view = JSON.parse(table.view());
  const game = $("profile").value + (variants.length ? " + " + variants.join(" + ") : "");
  say("game", { game, seed, you: view.names[0] });
  fillValues();
  draw(view);
});

// the table as Python sees it; its events are added to "What happened" (not when the page
// only says the same table again in another language)
function draw(v, events = true) {
  $("table").innerHTML = v.svg;
  const legal = $("legal");
  legal.innerHTML = "";
  v.legal.forEach((a, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.index = i;
    if (a.card) b.dataset.card = a.card;
    b.innerHTML = i < 9 ? `<kbd>${i + 1}</kbd>` : "";
    b.append(a.label);
    b.addEventListener("click", () => play(i));
    legal.appendChild(b);
    if (a.card) {
      const use = $("table").querySelector(`use[data-seat="0"][data-card="${a.card}"]`);
      if (use) {
        use.classList.add("legal");
        use.addEventListener("click", () => play(i));
        const box = use.getBBox ? use.getBBox() : null;
        if (box) {
          const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
          for (const [k, val] of Object.entries({ x: box.x, y: box.y, width: box.width, height: box.height, rx: 4 })) r.setAttribute(k, val);
          r.setAttribute("class", "legal-mark");
          use.after(r);
        }
      }
    }
  });
  if (!v.legal.length && !v.over) legal.textContent = t("others_playing");
  if (events) for (const e of v.events) event(e);
  const out = $("outcome");
  out.hidden = !v.over;
  $("next-deal").hidden = !v.over;
  if (v.over) {
    const o = v.outcome;
    out.innerHTML = `<h2>${t("deal_over")}</h2>`;
    const tab = document.createElement("table");
    tab.id = "outcome-table";
    tab.innerHTML = "<tr><th></th>" + v.names.map((n) => `<th>${n}</th>`).join("") + `<th>${t("pot")}</th></tr>`;
    const points = document.createElement("tr");
    points.innerHTML = `<th>${t("points")}</th>` + o.points.map((p, k) => `<td data-party="${k}">${p}</td>`).join("") + "<td></td>";
    const chips = document.createElement("tr");
    chips.className = "chips";
    chips.innerHTML = `<th>${t("chips")}</th>` + o.chips.map((c, k) => `<td data-party="${k}">${c > 0 ? "+" : ""}${c}</td>`).join("") + `<td data-party="pot">${o.pot > 0 ? "+" : ""}${o.pot}</td>`;
    tab.append(points, chips);
    out.appendChild(tab);
    $("toggle").disabled = false;
  }
  score(v);
  document.body.dataset.over = v.over ? "1" : "0";
  document.body.dataset.actions = JSON.stringify(v.actions);
  document.body.dataset.dealSeed = v.seed;
}

function score(v) {
  $("score").tHead.rows[0].innerHTML = v.names.map((n) => `<th>${n}</th>`).join("") + `<th>${t("pot")}</th>`;
  $("score").tBodies[0].rows[0].innerHTML = v.score.map((c, k) => `<td data-party="${k}">${c}</td>`).join("") + `<td data-party="pot">${v.pot}</td>`;
}

function event(e) {
  const li = document.createElement("li");
  li.textContent = `${e.who}: ${e.action}`;
  if (e.payments.length) {
    const ul = document.createElement("ul");
    for (const p of e.payments) {
      const item = document.createElement("li");
      item.className = "pay";
      item.textContent = p.text;
      if (p.rules.length) {
        const why = document.createElement("details");
        const s = document.createElement("summary");
        s.textContent = t("the_rule");
        why.appendChild(s);
        for (const r of p.rules) {
          const div = document.createElement("div");
          div.className = "cite";
          const b = document.createElement("b");
          b.textContent = `${r.title}: ${r.value}. `;
          div.append(b, r.description + " ");
          const q = document.createElement("q");
          q.textContent = r.cite;
          div.appendChild(q);
          why.appendChild(div);
        }
        item.appendChild(why);
      }
      ul.appendChild(item);
    }
    li.appendChild(ul);
  }
  $("events").appendChild(li);
  $("events").scrollTop = $("events").scrollHeight;
}

function play(i) {
  if (!table) return;
  draw(JSON.parse(call(() => table.play(i))));
}

$("next-deal").addEventListener("click", () => {
  $("events").innerHTML = "";
  draw(JSON.parse(call(() => table.next_deal())));
});

document.addEventListener("keydown", (e) => {
  if ($("play").hidden || !table || e.target.matches("input, select, textarea")) return;
  if (e.key >= "1" && e.key <= "9") {
    const b = $("legal").querySelector(`button[data-index="${parseInt(e.key, 10) - 1}"]`);
    if (b) { b.click(); e.preventDefault(); }
  } else if ((e.key === "n" || e.key === "N") && !$("next-deal").hidden) {
    $("next-deal").click();
    e.preventDefault();
  }
});

// ------------------------------------------------------------------ a profile file
$("profile-file").addEventListener("change", async () => {
  const file = $("profile-file").files[0];
  if (!file) return;
  const text = await file.text();
  const r = JSON.parse(call(() => app.user_profile(text, file.name)));
  const msg = $("profile-msg");
  msg.hidden = false;
  if (r.error) {
    msg.className = "msg error";
    msg.textContent = r.error;
  } else {
    msg.className = "msg";
    msg.textContent = t("loaded", { name: r.name, id: r.id });
    option($("profile"), r.path, t("your_file", { id: r.id })).selected = true;
  }
});

// ------------------------------------------------------------------ toggle a rule
// Which disputed rules would change the last finished deal: each toggled and replayed in Python
// (gleek.web.app.Table.rules_that_matter), listed here; a click replays that one below.
function matters() {
  if (!table || $("toggle").disabled) return;
  const r = JSON.parse(call(() => table.rules_that_matter()));
  const names = JSON.parse(table.view()).names;
  $("matters").hidden = false;
  const list = $("matters-list");
  list.innerHTML = "";
  for (const c of r.changes) {
    const li = document.createElement("li");
    li.dataset.path = c.path;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = c.label;
    b.addEventListener("click", () => {
      $("toggle-path").value = c.path;
      fillValues();
      $("toggle-value").value = c.holder;
      $("toggle-form").requestSubmit();
    });
    const moved = names.map((n, k) => [n, c.before.chips[k], c.after.chips[k]])
      .filter(([, x, y]) => x !== y).map(([n, x, y]) => `${n} ${x} → ${y}`);
    if (c.before.pot !== c.after.pot) moved.push(t("pot_moved", { before: c.before.pot, after: c.after.pot }));
    li.append(b, ": " + (moved.length ? t("moved", { moved: moved.join(", ") }) : t("unmoved")));
    list.appendChild(li);
  }
  $("matters-none").hidden = r.changes.length > 0;
  $("matters-same-count").textContent = t("same", { n: r.same.length });
  $("matters-same").innerHTML = "";
  for (const label of r.same) {
    const li = document.createElement("li");
    li.textContent = label;
    $("matters-same").appendChild(li);
  }
  $("matters-skipped").innerHTML = "";
  for (const s of r.skipped) {
    const li = document.createElement("li");
    li.textContent = t("skipped", { label: s.label, reason: s.reason });
    $("matters-skipped").appendChild(li);
  }
}

$("toggle-form").addEventListener("submit", (e) => {
  e.preventDefault();
  if (!table) return;
  const r = JSON.parse(call(() => table.toggle($("toggle-path").value, $("toggle-value").value)));
  $("toggle-result").hidden = false;
  $("toggle-title").textContent = `${r.rule.title}: ${r.rule.value} → ${r.new_rule.value}`;
  const names = JSON.parse(table.view()).names;
  $("toggle-table").tHead.rows[0].innerHTML = "<th></th>" + names.map((n) => `<th>${n}</th>`).join("") + `<th>${t("pot")}</th>`;
  const rows = [
    [t("points_played"), r.before.points, null, "before-points"],
    [t("points_changed"), r.after.points, null, "after-points"],
    [t("chips_played"), r.before.chips, r.before.pot, "before-chips"],
    [t("chips_changed"), r.after.chips, r.after.pot, "after-chips"],
  ];
  $("toggle-table").tBodies[0].innerHTML = rows.map(([label, xs, pot, cls]) =>
    `<tr class="${cls}"><th>${label}</th>` + xs.map((x, k) => `<td data-party="${k}">${x}</td>`).join("") + `<td data-party="pot">${pot === null ? "" : pot}</td></tr>`).join("");
  $("toggle-kept").textContent = r.changed_choices
    ? t("kept", { kept: r.kept, changed: r.changed_choices })
    : t("all_kept", { kept: r.kept });
  const causes = $("toggle-causes");
  causes.innerHTML = "";
  for (const c of r.causes) {
    const li = document.createElement("li");
    li.textContent = `${c.title} (${c.path}): ${c.effect}`;
    causes.appendChild(li);
  }
  if (!r.causes.length) {
    const li = document.createElement("li");
    li.textContent = t("no_cause");
    causes.appendChild(li);
  }
  $("toggle-before").innerHTML = r.svg_before;
  $("toggle-after").innerHTML = r.svg_after;
  $("toggle-report").textContent = r.report;
});

// ------------------------------------------------------------------ open a record
async function openRecord(file) {
  if (!app) return;
  const text = await file.text();
  const r = JSON.parse(call(() => app.open_record(text, file.name)));
  // the error is said once: by the viewer's own banner when there is a page, else here
  const err = $("record-error");
  err.hidden = !r.error || !!r.page;
  err.textContent = r.error && !r.page ? t("invalid_record", { error: r.error }) : "";
  const view = $("record-view");
  view.hidden = !r.page;
  if (!r.page) { status(`${file.name}: ${r.error}`, true); return; }
  view.srcdoc = r.page;
  view.addEventListener("load", () => view.contentWindow.focus(), { once: true });
  if (r.error) say("not_valid", { file: file.name }, true);
  else say("valid", { file: file.name });
}
// the viewer in the frame says how tall it is (every step): the frame takes that height
window.addEventListener("message", (e) => {
  const view = $("record-view");
  if (e.source !== view.contentWindow || !e.data || typeof e.data.gleekViewerHeight !== "number") return;
  view.style.height = `${Math.min(Math.max(e.data.gleekViewerHeight + 24, 300), 6000)}px`;
});
$("record-file").addEventListener("change", () => {
  const file = $("record-file").files[0];
  if (file) openRecord(file);
});
const drop = $("drop");
drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  const file = e.dataTransfer.files[0];
  if (file) openRecord(file);
});
drop.addEventListener("keydown", (e) => {
  if (e.key === "Enter" || e.key === " ") { $("record-file").click(); e.preventDefault(); }
});

translatePage();
$("lang").addEventListener("change", () => setLanguage($("lang").value));
load().catch((err) => say("could_not_start", { error: message(err) }, true));
