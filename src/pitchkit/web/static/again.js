// Playing again at the same table: when a game is over each player asks for another (bots at once),
// and the next game starts with the same seats and links once everyone at the table has; the host
// may choose its rules first.
import { api, esc } from "./api.js";

/** "Ann, Bob and seat 3 (open)". */
function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The options a game departs from its preset with, as words: "target 2, jokers 2". */
export function optionWords(options) {
  return Object.entries(options || {}).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(",") : v}`).join(", ");
}

/** The box under a finished game: "Play again" for a player who has not asked yet, who is waited
 * for, and the next game's rules when the host changed them. Empty while a game is played, and at
 * a table that plays one game (a tournament's). */
export function againHtml(ctx) {
  const { table, seat, name } = ctx;
  if (!table || table.status !== "over" || !table.rematch) return "";
  const me = seat !== null ? table.seats[seat] : null;
  const player = me && me.kind === "human" && !me.left;
  const asked = player && (table.again || []).includes(seat);
  const waiting = (table.waiting || []).filter((i) => i !== seat)
    .map((i) => (table.seats[i].kind === "open" ? `seat ${i + 1} (open)` : name(i)));
  const parts = [];
  if (table.next_rules) {
    const changed = optionWords(table.next_rules.options);
    parts.push(`<p class="next-rules">Next game: <strong>${esc(table.next_rules.rules)}</strong>${changed ? ` (${esc(changed)})` : ""}</p>`);
  }
  if (player && !asked) parts.push('<button type="button" id="again-btn" class="primary">Play again</button>');
  const said = [];
  if (asked) said.push("You are in.");
  if (waiting.length) said.push(`Waiting for ${listed(waiting)} to play again.`);
  else if (!player && (table.again || []).length === 0) said.push("Another game starts when a player asks for it.");
  if (said.length) parts.push(`<p class="muted" role="status">${esc(said.join(" "))}</p>`);
  return parts.join(" ");
}

let presetList = null;

/** The presets that seat ``players`` (the light catalogue, asked for once). */
async function presetsFor(players) {
  if (!presetList) presetList = api("GET", "/api/presets?rules=false").then((got) => got.presets);
  try {
    return (await presetList).filter((p) => p.players[0] <= players && players <= p.players[1]);
  } catch (e) {
    presetList = null;
    throw e;
  }
}

/** The host's form for the next game's rules (in the host panel once a game is over): the game,
 * its points to win, and any other option as ``name=value`` pairs. */
export function nextRulesHtml(table, presets) {
  if (!table || table.status !== "over" || !table.rematch) return "";
  const next = table.next_rules || { variant: table.variant, options: {} };
  const current = next.options && "target" in next.options ? next.options.target : (table.options || {}).target;
  const games = (presets || [{ name: table.variant, game: table.variant }]).map((p) =>
    `<option value="${esc(p.name)}"${p.name === next.variant ? " selected" : ""}>${esc(p.game || p.name)} (${esc(p.name)})</option>`).join("");
  const more = optionWords(Object.fromEntries(Object.entries(next.options || {}).filter(([k]) => k !== "target")))
    .replace(/(\S+) /g, "$1=");
  return '<form id="next-rules" class="next-rules-form"><fieldset><legend>Rules for the next game</legend>' +
    `<label>Game <select id="next-variant">${games}</select></label> ` +
    `<label>Points to win <input id="next-target" inputmode="numeric" size="4" value="${esc(current ?? "")}"></label> ` +
    `<label>Other changes <input id="next-more" placeholder="jokers=2, off-jack=true" value="${esc(more)}"></label> ` +
    '<button type="submit">Use these rules</button> <span id="next-rules-error" class="error" role="alert"></span></fieldset></form>';
}

/** The presets for the host's form, once (``redraw`` is called when they are here). */
export function loadPresets(players, redraw) {
  presetsFor(players).then(redraw).catch(() => {});
}

/** Send the host's form: the server checks every option and says what it refuses. */
export async function sendNextRules(tableId, owner) {
  const $ = (id) => document.getElementById(id);
  const options = {};
  const target = $("next-target").value.trim();
  if (target) options.target = target;
  for (const pair of $("next-more").value.split(",").map((p) => p.trim()).filter(Boolean)) {
    const at = pair.indexOf("=");
    if (at < 1) throw new Error(`"${pair}": write a change as name=value`);
    options[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return api("POST", `/api/tables/${encodeURIComponent(tableId)}/rules`, { owner, variant: $("next-variant").value, options });
}
