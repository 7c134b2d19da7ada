// The owner's settings page: the view from /api/owner/<token>, a change POSTed there.
// Text only ever goes in with textContent: nothing from the table is HTML.
"use strict";

const token = decodeURIComponent(location.pathname.split("/").pop() || "");
const $ = (id) => document.getElementById(id);
let labels = {};

function say(el, text) { el.textContent = text === undefined || text === null ? "" : String(text); }

function show(view) {
  labels = view.labels || {};
  document.documentElement.lang = view.language;
  say($("title"), labels.title); say($("language-label"), labels.language); say($("save"), labels.save);
  const select = $("language");
  select.replaceChildren();
  for (const [code, name] of view.languages) {
    const o = document.createElement("option"); o.value = code; say(o, name); select.append(o);
  }
  select.value = view.language;
  $("status").hidden = true;
  $("settings").hidden = false;
}

function closed() {
  $("settings").hidden = true;
  $("status").hidden = false;
  say($("status"), "This page is closed: the code is not valid.");
}

async function start() {
  const r = await fetch(`/api/owner/${encodeURIComponent(token)}`).catch(() => null);
  if (!r || r.status === 503) { $("status").hidden = false; say($("status"), "The table cannot be reached. Trying again…"); setTimeout(start, 3000); return; }
  if (!r.ok) { closed(); return; }
  show((await r.json()).view);
}

async function save(event) {
  event.preventDefault();
  const r = await fetch(`/api/owner/${encodeURIComponent(token)}`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ language: $("language").value }),
  });
  const answer = await r.json().catch(() => ({}));
  if (r.ok) { show(answer.view); say($("answer"), labels.saved); }
  else if (r.status === 403) closed();
  else say($("answer"), `${labels.refused || ""} ${answer.line || answer.error || r.status}`);
}

$("language-form").addEventListener("submit", save);
start();
