// The host's controls on the table page (the browser that created the table keeps its owner
// secret): seat a bot, give a seat to a person with a fresh invite, remove a player, close the
// table; and a player's own: leave the seat to a bot, take it back.
import { api, esc, keepTable, knownTable, linkRow } from "./api.js";

/** The host's panel: one line per seat with what may be done to it, and "Close the table". */
export function hostHtml(ctx, entry, bots) {
  const { table, name, seat: mine } = ctx;
  // between games (a table that plays again) the host may still change seats
  if (!entry || !entry.owner || !table || (table.status === "over" && !table.rematch) || table.status === "closed") return "";
  const kinds = (bots && bots.length ? bots : ["heuristic"]).map((b) => `<option value="${esc(b)}"${b === "heuristic" ? " selected" : ""}>${esc(b)}</option>`).join("");
  const rows = table.seats.map((s, i) => {
    if (i === mine) return "";
    const who = s.kind === "open" ? `Seat ${i + 1}: open` : `Seat ${i + 1}: ${name(i)}`;
    const buttons = [];
    const away = s.kind === "human" && (s.connected === false || s.left || s.standin);
    if (s.kind === "open" || away) buttons.push(hostButton("bot", i, "Seat a bot"));
    if (s.kind === "bot") buttons.push(hostButton("open", i, "Give the seat to a person"));
    if (s.kind === "human") buttons.push(hostButton("remove", i, `Remove ${name(i)}`));
    const state = s.kind === "human" ? (s.left ? "left the seat" : s.connected === false ? "away" : "at the table") : s.kind === "bot" ? `${s.bot} bot` : "waiting for a player";
    return `<li data-host-seat="${i}"><span>${esc(who)}</span> <span class="muted">${esc(state)}</span> ${buttons.join(" ")}</li>`;
  }).join("");
  const invites = (entry.invites || []).filter((v) => table.seats[v.seat] && table.seats[v.seat].kind === "open")
    .map((v) => linkRow(`Invite for seat ${v.seat + 1}`, v.link)).join("");
  return `<p><label>Bot for a seat <select id="host-bot">${kinds}</select></label></p><ul class="host-seats">${rows}</ul>` +
    `${invites ? `<ul class="links">${invites}</ul>` : ""}<p><button type="button" class="danger" data-host="close">Close the table</button></p>`;
}

function hostButton(what, seat, label) {
  return `<button type="button" data-host="${what}" data-seat="${seat}">${esc(label)}</button>`;
}

/** Carry out a host's button (``data-host``): the server's answer comes back as the table's update;
 * a new invite is kept with the table. Returns a line to show, or throws the server's refusal. */
export async function hostAct(button, tableId, names) {
  const entry = knownTable(tableId);
  const what = button.dataset.host;
  const seat = Number(button.dataset.seat);
  const path = `/api/tables/${encodeURIComponent(tableId)}`;
  if (what === "close") {
    if (!window.confirm("Close this table for everyone? Nobody can play on at it.")) return "";
    await api("POST", `${path}/close`, { owner: entry.owner });
    return "You closed the table.";
  }
  if (what === "remove" && !window.confirm(`Remove ${names(seat)} from the table? A bot takes the seat.`)) return "";
  const bot = what === "open" ? null : (document.getElementById("host-bot") || {}).value || "heuristic";
  const got = await api("POST", `${path}/seats/${seat}`, { owner: entry.owner, bot, remove: what === "remove" });
  if (got.invite) {
    const link = `${location.origin}/t/${encodeURIComponent(tableId)}?seat=${seat}&invite=${encodeURIComponent(got.invite)}`;
    const invites = (entry.invites || []).filter((v) => v.seat !== seat);
    keepTable({ id: tableId, invites: [...invites, { seat, invite: got.invite, link }] });
    return `Seat ${seat + 1} is open: send its new invite link (under Host).`;
  }
  return what === "remove" ? `${names(seat)} was removed: a bot plays the seat.` : `A bot sits in seat ${seat + 1}.`;
}

/** A player's own seat control: leave it to a bot, or take it back. */
export function leaveHtml(ctx) {
  const { table, seat } = ctx;
  if (seat === null || !table || !(table.status === "playing" || (table.status === "over" && table.rematch))) return "";
  const me = table.seats[seat];
  if (!me || me.kind !== "human") return "";
  if (table.status === "over" && !me.left) return "";
  return me.left
    ? '<button type="button" id="back-btn" class="primary">Take my seat back</button>'
    : '<button type="button" id="leave-btn">Leave the seat</button>';
}
