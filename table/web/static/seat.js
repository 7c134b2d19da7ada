// A seat's (or the spectators') page: the view from /api/events/<token>, the seat's choice to
// /api/choose/<token>. Text only ever goes in with textContent: nothing from the table is HTML.
"use strict";

const token = decodeURIComponent(location.pathname.split("/").pop() || "");
let words = {};
let language = null;
let stream = null;

const $ = (id) => document.getElementById(id);

function say(el, text) { el.textContent = text === undefined || text === null ? "" : String(text); }

async function loadWords(code) {
  if (!code || code === language) return;
  const r = await fetch(`/api/words/${encodeURIComponent(code)}`);
  if (!r.ok) return;
  words = await r.json();
  language = code;
  document.documentElement.lang = code;
  document.title = words.title || document.title;
  for (const el of document.querySelectorAll("[data-word]")) say(el, words[el.dataset.word] || el.textContent);
}

function status(text) {
  const el = $("status");
  el.hidden = !text;
  say(el, text);
}

function facts(dl, rows) {
  dl.replaceChildren();
  for (const [name, value] of rows || []) {
    const dt = document.createElement("dt"); say(dt, name);
    const dd = document.createElement("dd"); say(dd, value);
    dl.append(dt, dd);
  }
}

function field(spec) {
  const label = document.createElement("label");
  say(label, spec.label);
  let input;
  if (spec.options) {
    input = document.createElement("select");
    if (spec.prompt) {  // nothing chosen until the player chooses: a stray tap sends nothing
      const o = document.createElement("option"); o.value = ""; o.disabled = true; o.selected = true;
      say(o, spec.prompt); input.append(o); input.required = true;
    }
    for (const [value, text] of spec.options) {
      const o = document.createElement("option"); o.value = value; say(o, text); input.append(o);
    }
  } else {
    input = document.createElement("input");
    input.type = "number"; input.inputMode = "numeric"; input.required = true;
    if (spec.number) { input.min = spec.number[0]; input.max = spec.number[1]; }
  }
  input.name = spec.name;
  input.id = "f-" + spec.name;
  label.htmlFor = input.id;
  return [label, input];
}

function form(spec) {
  const f = $("choice");
  const key = JSON.stringify(spec);
  if (f.dataset.key === key) return;  // the same question: what is typed stays
  f.dataset.key = key;
  say($("answer"), "");  // a new question: the last answer is old news
  f.replaceChildren();
  f.hidden = !spec;
  $("nothing").hidden = !!spec;
  if (!spec) return;
  for (const s of spec.fields) f.append(...field(s));
  const b = document.createElement("button"); b.type = "submit"; say(b, spec.submit); f.append(b);
}

async function show(view) {
  if (!view) { gone(); return; }
  await loadWords(view.language);
  document.body.dataset.version = (view.version || []).join(".");  // the view shown (public: the tests wait for it)
  status("");
  say($("game"), view.game);
  say($("you"), view.you);
  const pub = view.public || {};
  $("public").hidden = false;
  say($("question"), pub.question || "");
  facts($("facts"), pub.facts);
  const ul = $("lines"); ul.replaceChildren();
  for (const line of pub.lines || []) { const li = document.createElement("li"); say(li, line); ul.append(li); }
  const mine = view.private;
  $("private").hidden = !mine;
  if (mine) {
    facts($("mine"), mine.facts);
    say($("note"), mine.note || "");
    form(mine.form || null);
    if (mine.note) $("nothing").hidden = true;  // the note says what happens next
  }
  hintShown(view);
  $("handover").hidden = !view.asked;  // another phone asks for this seat: this phone may hand it over
  if (mine && !coachTicket) keepTicket();
}

async function keepTicket() {  // the seat's coach ticket, asked once with its token
  const r = await fetch(`/api/coach/${encodeURIComponent(token)}`).catch(() => null);
  const answer = r && r.ok ? await r.json() : {};
  if (!answer.ticket) return;
  coachTicket = answer.ticket;
  try { sessionStorage.setItem("coach:" + token, coachTicket); } catch (e) { /* private mode: memory only */ }
}

// The coach after the game: the seat's coach ticket (its view gave it) opens its coach only.
let coachTicket = null;
async function showCoach() {
  const ticket = coachTicket || (() => { try { return sessionStorage.getItem("coach:" + token); } catch (e) { return null; } })();
  if (!ticket) return;
  for (let i = 0; i < 300; i++) {
    const r = await fetch(`/api/coach/${encodeURIComponent(ticket)}`).catch(() => null);
    if (!r || !r.ok) return;
    const c = (await r.json()).coach || {};
    $("coach").hidden = false;
    const ol = $("coach-rows"); ol.replaceChildren();
    if (c.state === "computing") { say($("coach-line"), words["coach-wait"] || "The coach is looking at your moves…"); }
    else {
      say($("coach-line"), c.line || "");
      for (const row of c.lines || []) { const li = document.createElement("li"); say(li, row); ol.append(li); }
      return;
    }
    await new Promise((done) => setTimeout(done, 2000));
  }
}

// The seat's own hint (POST asks, GET polls): shown here only, never sent anywhere else.
let hintAt = null;
function hintLine(text) { const el = $("hint-line"); el.hidden = !text; say(el, text); }

async function hintShown(view) {
  $("hint").hidden = !view.hint;
  const at = (view.version || []).slice(0, 3).join(".");
  if (at === hintAt) return;
  hintAt = at;
  if (!view.hint) { hintLine(""); return; }
  const r = await fetch(`/api/hint/${encodeURIComponent(token)}`).catch(() => null);  // still this position's?
  const answer = r && r.ok ? await r.json() : {};
  hintLine(answer.hint && answer.hint.state === "ready" ? answer.hint.line : "");
}

async function askHint() {
  const b = $("hint");
  b.disabled = true;
  hintLine(words["hint-wait"] || "The bot is thinking…");
  try {
    let r = await fetch(`/api/hint/${encodeURIComponent(token)}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: "{}",
    });
    for (let i = 0; i < 600; i++) {
      const answer = await r.json().catch(() => ({}));
      if (!r.ok) { hintLine(answer.line || answer.error || String(r.status)); return; }
      if (answer.hint.state !== "computing") { hintLine(answer.hint.line || ""); return; }
      await new Promise((done) => setTimeout(done, 500));
      r = await fetch(`/api/hint/${encodeURIComponent(token)}`);
    }
  } finally { b.disabled = false; }
}

function gone(text) {
  if (stream) { stream.close(); stream = null; }
  document.body.dataset.version = "gone";
  $("public").hidden = true; $("private").hidden = true;
  status(typeof text === "string" ? text : (words.gone || "This page is closed: the game ended or the code is not valid."));
  showCoach();
}

// A page of a finished game (410, or its stream's "gone"): the game is over, the lid has a new code.
function over() { gone(words.over || "This game is over — scan the new code on the lid."); }

// 429: too many wrong codes from this address; the server says when to try again (Retry-After).
function later(r) {
  const s = Math.max(1, Math.min(600, Number(r.headers.get("Retry-After")) || 60));
  status((words.wait || "Too many tries from this phone: trying again in {s} s.").replace("{s}", String(s)));
  setTimeout(start, s * 1000);
}

// 423: this seat is open on another phone. Asked again every few seconds: that phone (or the lid) may hand it over.
async function taken(r) {
  const answer = await r.json().catch(() => ({}));
  document.body.dataset.version = "taken";
  $("public").hidden = true; $("private").hidden = true;
  status([answer.line, answer.help].filter(Boolean).join(". "));
  setTimeout(start, 4000);
}

async function handOver() {
  const r = await fetch(`/api/handover/${encodeURIComponent(token)}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: "{}",
  });
  if (r.ok) start();
}

function offline() { status(words.offline || "The table cannot be reached. Trying again…"); }

async function choose(event) {
  event.preventDefault();
  const data = {};
  for (const el of $("choice").elements) if (el.name) data[el.name] = el.value;
  const r = await fetch(`/api/choose/${encodeURIComponent(token)}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data),
  });
  const answer = await r.json().catch(() => ({}));
  if (r.ok) { $("choice").dataset.key = ""; await show(answer.view); say($("answer"), words.sent || "Taken."); }
  else if (r.status === 403) gone();
  else if (r.status === 410) over();
  else if (r.status === 423) taken(r);
  else if (r.status === 503) offline();
  else say($("answer"), `${words.refused || "Not taken:"} ${answer.line || answer.error || r.status}`);
}

async function start() {
  const r = await fetch(`/api/view/${encodeURIComponent(token)}`).catch(() => null);
  if (!r || r.status === 503 || r.status >= 500) { offline(); setTimeout(start, 3000); return; }
  if (r.status === 410) { over(); return; }
  if (r.status === 429) { later(r); return; }
  if (r.status === 423) { taken(r); return; }
  if (!r.ok) { gone(); return; }
  await show((await r.json()).view);
  stream = new EventSource(`/api/events/${encodeURIComponent(token)}`);
  stream.onmessage = (e) => show(JSON.parse(e.data));
  stream.addEventListener("gone", () => { if (stream) { stream.close(); stream = null; } start(); });  // over, or handed over
  stream.addEventListener("offline", offline);  // the server is up, the table (kiosk) is not
  stream.addEventListener("online", () => status(""));
  stream.onopen = () => status("");
  stream.onerror = () => {  // the server went away: what the page shows may be old, so it says so
    if (!stream) return;
    offline();
    if (stream.readyState === EventSource.CLOSED) { stream = null; setTimeout(start, 3000); }
  };
}

$("choice").addEventListener("submit", choose);
$("hint").addEventListener("click", askHint);
$("handover").addEventListener("click", handOver);
start();
