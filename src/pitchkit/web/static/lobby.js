// The lobby: create a table from the rules catalogue (How to play its game), hand out invite links;
// the lists of tables are mine.js's.
import { api, copyLink, esc, forgetTable, keepTable, linkRow, myName, setMyName } from "./api.js";
import { howToHtml, setupHowTo } from "./learn.js";
import { showMine, showPublic } from "./mine.js";

const $ = (id) => document.getElementById(id);
let catalogue = { presets: [], bots: [] };
const SKIP = new Set(["players", "min-players", "max-players"]);

function preset() { return catalogue.presets.find((p) => p.name === $("variant").value); }

// each preset's rule rows, asked for when the preset is chosen (the list of presets comes without them)
const ruleRows = new Map();
function rulesOf(name) {
  if (!ruleRows.has(name)) {
    const rows = api("GET", `/api/presets/${encodeURIComponent(name)}`).then((got) => got.preset.rules);
    rows.catch(() => ruleRows.delete(name));
    ruleRows.set(name, rows);
  }
  return ruleRows.get(name);
}

const LAST = "pitchkit.last";

/** The game last created in this browser (its preset, players, changed rules and bot), or
 * pitchcardtournament.com rules against heuristic bots. */
function lastChoices() {
  let last = null;
  try { last = JSON.parse(localStorage.getItem(LAST) || "null"); } catch { last = null; }
  const known = last && catalogue.presets.find((p) => p.name === last.variant);
  if (known) return { options: {}, bot: "heuristic", ...last };
  const pct = catalogue.presets.find((p) => p.name === "pct") || catalogue.presets[0];
  return { variant: pct.name, players: pct.default_players, options: {}, bot: "heuristic" };
}

function showPlayNow() {
  const last = lastChoices();
  const p = catalogue.presets.find((x) => x.name === last.variant);
  const n = last.players - 1;
  $("play-now-about").textContent = `${p.game || p.name} against ${n} ${last.bot} bot${n === 1 ? "" : "s"}` +
    `${Object.keys(last.options).length ? " (your rules)" : ""}`;
}

/** One click to a game against bots with the last choices: the table is made, the seat taken, the
 * table opened. */
async function playNow() {
  $("play-now-error").textContent = "";
  const last = lastChoices();
  const name = $("name").value.trim() || myName() || "Player";
  const seats = [{ human: true }, ...Array(last.players - 1).fill(null).map(() => ({ bot: last.bot }))];
  try {
    const made = await api("POST", "/api/tables", { variant: last.variant, players: last.players, options: last.options, seats, public: false });
    const mine = made.invites[0];
    const joined = await api("POST", `/api/tables/${made.id}/join`, { seat: 0, invite: mine.invite, name });
    setMyName(name);
    keepTable({ id: made.id, variant: last.variant, owner: made.owner, watch: made.watch, invites: [], seat: 0, token: joined.token, name });
    location.href = `/t/${encodeURIComponent(made.id)}`;
  } catch (e) {
    $("play-now-error").textContent = e.message;
  }
}

function showPreset() {
  const p = preset();
  const players = $("players");
  players.min = p.players[0];
  players.max = p.players[1];
  players.value = Math.min(Math.max(Number(players.value) || p.default_players, p.players[0]), p.players[1]);
  const range = p.players[0] === p.players[1] ? `${p.players[0]}` : `${p.players[0]}\u2013${p.players[1]}`;
  $("variant-about").textContent = `${p.title} \u00b7 ${range} players` +
    (p.aliases.length ? ` \u00b7 also called ${p.aliases.join(", ")}` : "");
  showSeats();
  // until the chosen preset's rows are here the list is empty: nothing of another preset is sent
  const list = $("option-list");
  list.dataset.preset = "";
  list.innerHTML = '<p class="muted">Loading the rules\u2026</p>';
  rulesOf(p.name).then((rows) => {
    if (preset() === p) showRules(p, rows);
  }).catch((e) => { if (preset() === p) list.innerHTML = `<p class="error" role="alert">${esc(e.message)}</p>`; });
}

function showRules(p, rows) {
  // only the rules of the game's family: no smudge or dealer's steal for Euchre, no going alone for Pitch
  $("option-list").innerHTML = rows.filter((r) => !SKIP.has(r.option) && r.applies !== false).map((r, i) => {
    const value = Array.isArray(r.value) ? r.value.join(",") : r.value === null ? "none" : String(r.value);
    const id = `opt-${i}`;
    const input = typeof r.value === "boolean"
      ? `<select id="${id}" data-option="${esc(r.option)}" data-default="${value}"><option${value === "true" ? " selected" : ""}>true</option><option${value === "false" ? " selected" : ""}>false</option></select>`
      : `<input id="${id}" data-option="${esc(r.option)}" data-default="${esc(value)}" value="${esc(value)}">`;
    return `<div class="option"><label for="${id}"><code>${esc(r.option)}</code></label>${input}` +
      `<p>${esc(r.help)} <span class="muted">(${esc(r.range)}; source: ${esc(r.source_text || r.source)})</span></p></div>`;
  }).join("");
  $("option-list").dataset.preset = p.name;
}

function showSeats() {
  const n = Number($("players").value) || 4;
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const bots = catalogue.bots.map((b) => `<option value="bot:${b}">Bot: ${b}</option>`).join("");
  let html = "<legend>Seats</legend>";
  for (let s = 0; s < n; s++) {
    const me = s === 0 ? '<option value="me">Me</option>' : "";
    html += `<label>Seat ${s + 1} <select data-seat="${s}">${me}<option value="friend">A friend (invite link)</option>${bots}</select></label>`;
  }
  $("seats").innerHTML = html;
  document.querySelectorAll("#seats select").forEach((sel, s) => {
    sel.value = old[s] || (s === 0 ? "me" : "bot:heuristic");
  });
}

function changedOptions() {
  const options = {};
  document.querySelectorAll("#option-list [data-option]").forEach((el) => {
    if (el.value.trim() !== el.dataset.default) options[el.dataset.option] = el.value.trim();
  });
  return options;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  setMyName(name);
  const choices = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const seats = choices.map((c) => (c.startsWith("bot:") ? { bot: c.slice(4) } : { human: true }));
  const options = changedOptions();
  const body = { variant: $("variant").value, players: seats.length, options, seats, public: $("public").checked };
  const bot = choices.find((c) => c.startsWith("bot:"));
  localStorage.setItem(LAST, JSON.stringify({ variant: body.variant, players: body.players, options, bot: bot ? bot.slice(4) : "heuristic" }));
  try {
    const made = await api("POST", "/api/tables", body);
    const entry = { id: made.id, variant: body.variant, owner: made.owner, watch: made.watch,
      watch_link: made.watch_link, invites: made.invites.filter((i) => choices[i.seat] === "friend") };
    const mine = made.invites.find((i) => choices[i.seat] === "me");
    if (mine) {
      const joined = await api("POST", `/api/tables/${made.id}/join`, { seat: mine.seat, invite: mine.invite, name });
      Object.assign(entry, { seat: mine.seat, token: joined.token, name });
    }
    keepTable(entry);
    showPlayNow();
    showCreated(entry);
    showMine();
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

function showCreated(entry) {
  const box = $("created");
  const rows = entry.invites.map((i) => linkRow(`Invite for seat ${i.seat + 1}`, i.link));
  rows.push(linkRow("Spectators", entry.watch_link));
  box.innerHTML = `<h3>Table ${esc(entry.id)} is ready</h3>` +
    "<p>Send each friend the link of their seat (each link works once). The game starts when every seat is taken.</p>" +
    `<ul class="links">${rows.join("")}</ul>` +
    `<p><a class="button primary" id="open-table" href="/t/${esc(entry.id)}">Open the table</a></p>`;
  box.hidden = false;
  $("open-table").focus();
}

/** How to play the game chosen in the form, for the rules as the form has them now: the sheet
 * `pitch rules` prints and the glossary. */
async function howTo() {
  const players = Number($("players").value);
  const sheet = await api("POST", "/api/rules", { variant: $("variant").value, players: Number.isInteger(players) ? players : undefined, options: changedOptions() });
  return howToHtml(sheet, sheet.options);
}

async function main() {
  $("name").value = myName();
  catalogue = await api("GET", "/api/presets?rules=false");
  // the game as players call it, the preset's name as the detail
  $("variant").innerHTML = catalogue.presets.map((p) => `<option value="${esc(p.name)}" title="${esc(p.title)}">${esc(p.game || p.name)} (${esc(p.name)})</option>`).join("");
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted && catalogue.presets.some((p) => p.name === wanted)) $("variant").value = wanted;
  $("variant").addEventListener("change", showPreset);
  $("players").addEventListener("change", showSeats);
  $("create").addEventListener("submit", create);
  $("play-now").addEventListener("click", playNow);
  showPlayNow();
  document.addEventListener("click", (e) => {
    const target = e.target.closest("button");
    if (!target) return;
    if (target.classList.contains("copy")) copyLink(target);
    if (target.classList.contains("forget")) { forgetTable(target.dataset.id); target.closest("li").remove(); }
  });
  showPreset();
  setupHowTo(howTo);
  showMine();
  showPublic();
  showPublic("playing");
}

main().catch((e) => { document.body.insertAdjacentHTML("afterbegin", `<p class="error" role="alert">${esc(e.message)}</p>`); });
