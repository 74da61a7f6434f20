// The lobby's lists: your games (the tables this browser keeps, with their replays, and what your
// seats did there, counted by the server), the public tables waiting for players, and the public
// games in play to watch.
import { api, esc, myTables } from "./api.js";
import { termsHtml } from "./learn.js";

/** A table's game as players call it, with the preset as the detail: "Ten-Point Pitch (ten-point)". */
export function gameLabel(t) {
  const name = t.game_name || t.variant || "table";
  return t.variant && t.variant !== name ? `${name} (${t.variant})` : name;
}

const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What your seats did, one line per family: games finished and won, Pitch's bids made and set,
 * Euchre's trumps made and euchres (the words of the glossary marked). */
export function statsHtml(total) {
  const line = (family, name, t, bids, set, options) => {
    const games = `${count(t.games, "game")} finished, ${t.won} won${t.unfinished ? `, ${t.unfinished} in play` : ""}`;
    const made = t[bids] ? `${t.made} made of ${t[bids]}, ${t[set]} ${set}` : "none yet";
    const what = family === "pitch" ? "your bids" : "trump you made";
    return `<li data-family="${family}"><b>${name}</b>: ${games} \u00b7 ${termsHtml(`${what}: ${made}`, options)}</li>`;
  };
  const lines = [];
  if (total.pitch) lines.push(line("pitch", "Pitch", total.pitch, "bids", "set", { "score-by": "points" }));
  if (total.euchre) lines.push(line("euchre", "Euchre", total.euchre, "makes", "euchred", { "score-by": "tricks" }));
  if (!lines.length) return "";
  return `<h3 id="stats-h">Your seats in these games</h3><ul class="stats" aria-labelledby="stats-h">${lines.join("")}</ul>`;
}

/** One of your tables: its game, your seat (from 1) or watching, its status, your result, a link
 * to its replay once a game there has finished, and Forget. */
function mineLine(t, live, counts) {
  const status = live ? live.status : "not found";
  const role = t.token ? `seat ${Number(t.seat) + 1} as ${esc(t.name || "")}` : "watching";
  const family = counts && (counts.pitch || counts.euchre);
  const result = family && family.games ? ` \u00b7 ${family.won ? "you won" : "you lost"}` : "";
  const finished = status === "over" || status === "closed" || Boolean(family && family.games);
  // a table that played again has a replay per finished game
  const games = family ? family.games : 0;
  const link = (n, text) => `<a class="replay" href="/replay?table=${encodeURIComponent(t.id)}${n ? `&amp;game=${n}` : ""}">${text}</a>`;
  const replay = !finished ? "" : games > 1
    ? ` Replays: ${Array.from({ length: games }, (_, i) => link(i + 1, `game ${i + 1}`)).join(" \u00b7 ")}`
    : ` ${link(games === 1 ? 1 : 0, "Replay")}`;
  return `<li data-id="${esc(t.id)}" data-status="${esc(status)}"><a href="/t/${encodeURIComponent(t.id)}">${esc(gameLabel({ variant: t.variant || (live && live.variant), game_name: live && live.game_name }))}</a>` +
    ` <span class="muted">${role} \u00b7 ${esc(status)}${result}</span>${replay}` +
    ` <button type="button" class="forget" data-id="${esc(t.id)}">Forget</button></li>`;
}

/** Your games: the tables this browser keeps, newest first, and the stats of the seats it holds
 * tokens for (the server counts them, each seat proved by its token). */
export async function showMine() {
  const list = myTables();
  if (!list.length) return;
  let status = {};
  let stats = { tables: [], total: {} };
  const seats = list.filter((t) => t.token).map((t) => ({ id: t.id, token: t.token }));
  const [tables, counted] = await Promise.all([
    api("GET", `/api/tables?ids=${list.map((t) => encodeURIComponent(t.id)).join(",")}`).catch(() => ({ tables: [] })),
    seats.length ? api("POST", "/api/stats", { tables: seats }).catch(() => null) : null]);
  status = Object.fromEntries(tables.tables.map((t) => [t.id, t]));
  if (counted) stats = counted;
  const byId = Object.fromEntries(stats.tables.filter((s) => !s.error).map((s) => [s.id, s]));
  document.getElementById("mine").innerHTML = `<ul class="tables">${list.map((t) => mineLine(t, status[t.id], byId[t.id])).join("")}</ul>`;
  const box = document.getElementById("my-stats");
  box.innerHTML = statsHtml(stats.total || {});
  box.hidden = !box.innerHTML;
}

function publicLine(t) {
  return `<li data-id="${esc(t.id)}"><a href="/t/${encodeURIComponent(t.id)}">${esc(gameLabel(t))} \u00b7 ${t.players} players</a>` +
    ` <span class="muted">${esc(t.status)}</span></li>`;
}

/** The public tables waiting for players (``status`` waiting) or in play (``playing``), newest first. */
export async function showPublic(status = "waiting") {
  const box = document.getElementById(status === "playing" ? "watch-list" : "public-list");
  if (!box) return;
  const none = status === "playing" ? "No public game is being played now." : "No public tables are waiting.";
  try {
    const got = await api("GET", `/api/tables?status=${status}`);
    box.innerHTML = got.tables.length
      ? `<ul class="tables">${got.tables.map(publicLine).join("")}</ul>`
      : `<p class="muted">${none}</p>`;
  } catch (e) {
    box.textContent = e.message;
  }
}
