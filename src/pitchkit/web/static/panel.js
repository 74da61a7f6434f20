// The table's header and side panel: its rule values, the scores (teams, bidding out, the teams a
// hand forms), and a hint with its reason.
import { esc } from "./api.js";
import { cardShort, SUITS } from "./cards.js";
import { bidLabel, hintWords, suitWords } from "./words.js";

/** The rule values the page draws by, from the table's ``options`` (every rule by option name). */
export function drawingOptions(options) {
  const o = options || {};
  return {
    offJack: o["off-jack"] === true,
    bowers: o.bowers === true,
    benny: o.benny === true,
    teams: Number(o.teams) || 0,
    dynamic: o["dynamic-teams"] === true,
    // card points for *game*, where the rules score points (not tricks, as in Euchre)
    showGame: Array.isArray(o.points) && o.points.includes("game") && (o["score-by"] || "points") === "points",
    target: o.target === null || o.target === undefined ? NaN : Number(o.target),
    within: o["bidder-only-within"] === null || o["bidder-only-within"] === undefined ? NaN : Number(o["bidder-only-within"]),
  };
}

const show = (v) => (Array.isArray(v) ? v.join(", ") : v === null ? "none" : String(v));

/** The options whose value differs from the table's preset (``preset``: its entry in ``GET
 * /api/presets``; until it has loaded, those ``table.rules`` names after "modified:"), each with
 * the preset's value and its plain help. The number of players is shown on its own. */
export function changedOptions(table, preset) {
  const options = table.options || {};
  const named = preset
    ? preset.rules.filter((r) => r.option !== "players" && r.option in options && JSON.stringify(r.value) !== JSON.stringify(options[r.option])).map((r) => r.option)
    : ((table.rules || "").split(", modified: ")[1] || "").split(", ").filter(Boolean);
  return named.map((option) => {
    const row = preset ? preset.rules.find((r) => r.option === option) : null;
    return { option, value: show(options[option]), was: row ? show(row.value) : null, help: row ? row.help : "" };
  });
}

/** "pct (target 15) · 4 players · watching". */
export function titleText(c, changed) {
  const mods = changed.length ? ` (${changed.map((o) => `${o.option} ${o.value}`).join(", ")})` : "";
  return `${c.table.variant}${mods} \u00b7 ${c.table.players} players${c.seat === null ? " \u00b7 watching" : ""}`;
}

/** The rules panel's first lines: what this table changes from its preset. */
export function changedHtml(variant, changed) {
  if (!changed.length) return `<p class="muted">The ${esc(variant)} rules, unchanged.</p>`;
  const items = changed.map((o) => `<li><b>${esc(o.option)}</b>: ${esc(o.value)}${o.was !== null ? ` (${esc(variant)}: ${esc(o.was)})` : ""}${o.help ? ` \u2014 ${esc(o.help)}` : ""}</li>`).join("");
  return `<p>This table changes the ${esc(variant)} rules:</p><ul class="changed">${items}</ul>`;
}

function teamLine(c, who) { return who.map(c.name).join(" & "); }

/** Seven-point's teams of the hand in progress, as far as the viewer knows them. */
export function handTeamsHtml(c) {
  const t = c.handTeams;
  if (!t) return c.opts.dynamic ? '<p class="hand-teams muted">Teams form when high and low of trump are played.</p>' : "";
  const part = (what, x) => {
    if (!x) return `${what}: no trump yet`;
    const whose = x.held ? "yours, in your hand" : c.name(x.seat);
    return x.sure ? `${what} ${cardShort(x.card)}: ${whose}` : `${what} so far ${cardShort(x.card)} (${whose}), may still change`;
  };
  const teams = t.teams
    ? `<p class="hand-teams"><b>This hand's teams:</b> <span data-team="0">${esc(teamLine(c, t.teams[0]))}</span> against <span data-team="1">${esc(teamLine(c, t.teams[1]) || "nobody")}</span></p>`
    : '<p class="hand-teams"><b>This hand\'s teams</b> are known once high and low are certain.</p>';
  return `${teams}<p class="muted">${esc(part("High", t.high))}; ${esc(part("Low", t.low))}.</p>`;
}

/** The scores: one line per side, the bidding-out state near the end, the winner, the hand's teams. */
export function scoresHtml(c) {
  const { target, within } = c.opts;
  const rows = c.groups.map((g) => `<tr><th scope="row">${esc(teamLine(c, g))}</th><td>${c.table.scores[g[0]]}</td></tr>`).join("");
  const bidOut = Number.isFinite(target) && Number.isFinite(within) && c.table.status === "playing" &&
    c.groups.every((g) => c.table.scores[g[0]] >= target - within)
    ? `<p class="must-bid-out">Every side is within ${within} of ${target}: only the bidder can go out (must bid out).</p>` : "";
  const status = c.table.status === "over"
    ? `<p class="winner">Game over: ${esc((c.table.winner || []).map(c.name).join(" & "))} won.</p>` : "";
  return `<h2>Scores</h2><table class="scores"><tbody>${rows}</tbody></table>${bidOut}${status}${handTeamsHtml(c)}`;
}

/** "+1.1", "\u22120.4", "0.0". */
function signed(x) {
  const r = Math.round(x * 10) / 10;
  return r > 0 ? `+${r.toFixed(1)}` : r < 0 ? `\u2212${(-r).toFixed(1)}` : "0.0";
}

/** A hint: what the bot would do, why, and the estimates behind it. */
export function hintHtml(m, state = null) {
  const a = m.action;
  const what = hintWords(a, state);
  let table = "";
  if (m.bids && m.bids.length) {
    const rows = m.bids.map((b) => `<tr${"bid" in a && a.bid === b.bid ? ' class="chosen"' : ""}><th scope="row">${esc(bidLabel(b.bid))}</th><td>${SUITS[b.trump] ? esc(suitWords(b.trump)) : esc(b.trump)}</td><td>${Math.round(b.make * 100)}%</td><td>${signed(b.expected)}</td></tr>`).join("");
    table = `<table class="odds"><caption>Every bid, from deals that fit your cards</caption><thead><tr><th scope="col">Bid</th><th scope="col">Trump</th><th scope="col">Makes</th><th scope="col">Expected</th></tr></thead><tbody>${rows}</tbody></table>`;
  } else if (m.cards && m.cards.length) {
    const rows = m.cards.slice(0, 5).map((x) => `<tr${a.play === x.play ? ' class="chosen"' : ""}><th scope="row">${esc(cardShort(x.play))}</th><td>${signed(x.value)}</td></tr>`).join("");
    table = `<table class="odds"><caption>Your best cards, by their average value</caption><thead><tr><th scope="col">Card</th><th scope="col">Value</th></tr></thead><tbody>${rows}</tbody></table>`;
  }
  const why = m.reason ? `: ${esc(m.reason)}` : "";
  return `<p class="reason"><b>${esc(what)}</b>${why}.</p>${table}`;
}
