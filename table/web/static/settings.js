// The owner's settings page: the view from /api/owner/<token>, the whole form POSTed there, the
// history's downloads from /api/owner/<token>/export/<kind>.
// Text only ever goes in with textContent: nothing from the table is HTML.
"use strict";

const token = decodeURIComponent(location.pathname.split("/").pop() || "");
const api = `/api/owner/${encodeURIComponent(token)}`;
const $ = (id) => document.getElementById(id);
let labels = {};

function say(el, text) { el.textContent = text === undefined || text === null ? "" : String(text); }

function rules(el, line) { el.hidden = !line; say(el, line); }

function showDemo(view) {
  const box = $("demo");
  for (const old of box.querySelectorAll("label")) old.remove();
  for (const [key, title] of view.demo_options) {
    const label = document.createElement("label");
    const tick = document.createElement("input");
    tick.type = "checkbox"; tick.value = key; tick.checked = view.demo_games.includes(key);
    label.append(tick, document.createTextNode(title));
    box.append(label);
  }
}

function show(view) {
  labels = view.labels || {};
  document.documentElement.lang = view.language;
  for (const [id, key] of [["title", "title"], ["language-label", "language"], ["save", "save"],
                           ["schedule-label", "schedule"], ["demo-label", "demo"], ["names-label", "names"],
                           ["export-label", "export"], ["export-csv", "csv"], ["export-json", "json"]]) {
    say($(id), labels[key]);
  }
  const select = $("language");
  select.replaceChildren();
  for (const [code, name] of view.languages) {
    const o = document.createElement("option"); o.value = code; say(o, name); select.append(o);
  }
  select.value = view.language;
  $("schedule").value = view.schedule;
  rules($("schedule-rules"), view.schedule_rules);
  showDemo(view);
  rules($("demo-rules"), view.demo_rules);
  $("names").value = view.names.join("\n");
  $("export-csv").href = `${api}/export/csv`;
  $("export-json").href = `${api}/export/json`;
  $("status").hidden = true;
  $("settings").hidden = false;
  $("export").hidden = false;
  document.body.dataset.shown = "yes";
}

function closed() {
  $("settings").hidden = true;
  $("export").hidden = true;
  $("status").hidden = false;
  say($("status"), "This page is closed: the code is not valid.");
}

async function start() {
  const r = await fetch(api).catch(() => null);
  if (!r || r.status === 503) { $("status").hidden = false; say($("status"), "The table cannot be reached. Trying again…"); setTimeout(start, 3000); return; }
  if (!r.ok) { closed(); return; }
  show((await r.json()).view);
}

function form() {
  return {
    language: $("language").value,
    schedule: $("schedule").value.trim(),
    demo_games: [...$("demo").querySelectorAll("input:checked")].map((t) => t.value),
    names: $("names").value.split("\n").map((n) => n.trim()).filter((n) => n),
  };
}

async function save(event) {
  event.preventDefault();
  const r = await fetch(api, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(form()),
  }).catch(() => null);
  const answer = r ? await r.json().catch(() => ({})) : {};
  if (r && r.ok) { show(answer.view); say($("answer"), labels.saved); }
  else if (r && r.status === 403) closed();
  else say($("answer"), `${labels.refused || ""} ${answer.line || answer.error || (r ? r.status : "")}`);
  document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
}

$("settings-form").addEventListener("submit", save);
start();
