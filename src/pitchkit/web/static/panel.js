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
 * /api/presets/{name}``; until it has loaded, those ``table.rules`` names after "modified:"), each with
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

/** The game as players call it, with what the table changes: "Ten-Point Pitch (target 31) · 4
 * players · watching". */
export function titleText(c, changed) {
  const mods = changed.length ? ` (${changed.map((o) => `${o.option} ${o.value}`).join(", ")})` : "";
  return `${c.table.game_name || c.table.variant}${mods} \u00b7 ${c.table.players} players${c.seat === null ? " \u00b7 watching" : ""}`;
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

/** A hint: what to do, why, and the choices it compared (passing worth 0), the one it recommends
 * marked; a hint from a server before ``choices`` shows its ``bids`` or ``cards``. */
export function hintHtml(m, state = null) {
  const a = m.action;
  const what = hintWords(a, state);
  const why = m.reason ? `: ${esc(m.reason)}` : "";
  const table = m.choices && m.choices.length ? choicesTable(m, state) : estimatesTable(m);
  return `<p class="reason"><b>${esc(what)}</b>${why}.</p>${table}`;
}

const sameAction = (x, y) => JSON.stringify(x) === JSON.stringify(y);
const percent = (x) => (typeof x === "number" ? `${Math.round(x * 100)}%` : "\u2014");
const trumpCell = (t) => (!t ? "\u2014" : SUITS[t] ? esc(suitWords(t)) : esc(t));

/** A row of an odds table, marked when it is the hint's ``action``. */
function oddsRow(chosen, head, cells) {
  const mark = chosen ? ' class="chosen" aria-current="true"' : "";
  return `<tr${mark}><th scope="row">${esc(head)}</th>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
}

function oddsTable(caption, heads, rows) {
  const cols = heads.map((h) => `<th scope="col">${esc(h)}</th>`).join("");
  return `<table class="odds"><caption>${esc(caption)}</caption><thead><tr>${cols}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** The hint's ``choices``, best first: bids with passing (worth 0), the suits to name, the calls
 * with the upcard, or the best few cards (and the one recommended). */
function choicesTable(m, state) {
  const rows = m.choices;
  const first = rows.find((r) => !("bid" in r.action && r.action.bid === "pass")) || rows[0];
  const mine = (r) => sameAction(r.action, m.action);
  if ("play" in first.action) {
    const shown = rows.filter((r, i) => i < 5 || mine(r));
    return oddsTable("Your best cards, by their average value", ["Card", "Value"],
      shown.map((r) => oddsRow(mine(r), cardShort(r.action.play), [signed(r.value)])));
  }
  if (m.making) {
    return oddsTable("The call against passing (worth 0), from deals that fit your cards",
      ["Call", "Makes", "March", "Expected"],
      rows.map((r) => oddsRow(mine(r), "trump" in r.action ? hintWords(r.action, state) : bidLabel("pass"),
        [percent(r.make), percent(r.march), signed(r.value)])));
  }
  if ("trump" in first.action) {
    return oddsTable("Each trump for your bid, from deals that fit your cards", ["Trump", "Makes", "Expected"],
      rows.map((r) => oddsRow(mine(r), suitWords(r.action.trump), [percent(r.make), signed(r.value)])));
  }
  return oddsTable("Every bid against passing (worth 0), from deals that fit your cards",
    ["Bid", "Trump", "Makes", "Expected"],
    rows.map((r) => oddsRow(mine(r), "bid" in r.action ? bidLabel(r.action.bid) : hintWords(r.action, state),
      [trumpCell(r.trump), percent(r.make), signed(r.value)])));
}

/** The estimates of a hint without ``choices``: every bid, or the best few cards. */
function estimatesTable(m) {
  const a = m.action;
  if (m.bids && m.bids.length) {
    return oddsTable("Every bid, from deals that fit your cards", ["Bid", "Trump", "Makes", "Expected"],
      m.bids.map((b) => oddsRow("bid" in a && a.bid === b.bid, bidLabel(b.bid),
        [trumpCell(b.trump), percent(b.make), signed(b.expected)])));
  }
  if (m.cards && m.cards.length) {
    return oddsTable("Your best cards, by their average value", ["Card", "Value"],
      m.cards.slice(0, 5).map((x) => oddsRow(a.play === x.play, cardShort(x.play), [signed(x.value)])));
  }
  return "";
}
