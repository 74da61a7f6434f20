// The table's chat (docs/protocol.md, chat): its lines, a line to send, the quick reactions, and the
// host's settings (chat on or off, spectators may chat, muted seats). Every line is shown as text
// (textContent), never as HTML: a line holding markup shows its characters and runs nothing.
import { api, esc, knownTable, myName } from "./api.js";

/** The quick reactions the server knows, in the page's words. */
export const REACTIONS = { nice: "Nice!", sorry: "Sorry, partner", gg: "Good game" };
const LIMIT = 300;
const KEEP = 200;

const $ = (id) => document.getElementById(id);
const chat = { send: null, open: null, tableId: "", ids: new Set(), unread: 0, lastSent: "", shown: "", ctx: null };

/** Wire the chat panel: ``send`` sends a websocket message, ``open`` says whether the websocket is
 * open, ``tableId`` names the table. */
export function initChat({ send, open, tableId }) {
  chat.send = send;
  chat.open = open;
  chat.tableId = tableId;
  const box = $("chat-box");
  if (window.matchMedia("(min-width: 761px)").matches) box.open = true;  // a phone keeps it folded below the hand
  box.addEventListener("toggle", () => { if (box.open) setUnread(0); });
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (!text) return;
    chat.lastSent = text;
    input.value = "";
    count();
    say({ type: "chat", text });
  });
  $("chat-text").addEventListener("input", count);
  $("chat-box").addEventListener("click", (e) => {
    const button = e.target.closest("button");
    if (!button) return;
    if (button.dataset.react) say({ type: "react", reaction: button.dataset.react });
    if (button.dataset.chatMute) hostChange({ muted: muteToggled(Number(button.dataset.chatMute)) });
  });
  $("chat-box").addEventListener("change", (e) => {
    if (e.target.id === "chat-on") hostChange({ on: e.target.checked });
    if (e.target.id === "chat-spectators") hostChange({ spectators: e.target.checked });
  });
}

function say(message) {
  note("");
  const ctx = chat.ctx;
  // a spectator chats under the name this browser remembers, if any
  if (ctx && ctx.seat === null && myName()) message.name = myName();
  if (!chat.open()) {
    note("Not sent: the connection to the table is down.");
    return;
  }
  chat.send(message);
}

function count() {
  const n = $("chat-text").value.length;
  $("chat-count").textContent = `${n}/${LIMIT}`;
}

function note(text) { $("chat-note").textContent = text; }

function setUnread(n) {
  chat.unread = n;
  const badge = $("chat-unread");
  badge.hidden = !n;
  badge.textContent = n ? `${n} new` : "";
}

/** A ``chat`` message (new lines, or the recent ones after a snapshot) or a refused line (an
 * ``error`` about chat); true when the message was the chat's. */
export function chatMessage(m) {
  if (m.type === "error" && m.about === "chat") {
    note(m.message);
    const input = $("chat-text");
    if (!input.value && chat.lastSent) { input.value = chat.lastSent; count(); }
    return true;
  }
  if (m.type !== "chat") return false;
  const list = $("chat-lines");
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  let fresh = 0;
  for (const line of m.lines || []) {
    if (chat.ids.has(line.id)) continue;
    chat.ids.add(line.id);
    list.append(lineItem(line));
    if (!m.recent && line.seat !== (chat.ctx ? chat.ctx.seat ?? -1 : -1)) fresh += 1;
  }
  [...list.children].sort((a, b) => a.dataset.id - b.dataset.id).forEach((li) => list.append(li));
  while (list.children.length > KEEP) list.firstElementChild.remove();
  if (atEnd || !m.recent) list.scrollTop = list.scrollHeight;
  if (fresh && !$("chat-box").open) setUnread(chat.unread + fresh);
  $("chat-empty").hidden = list.children.length > 0;
  return true;
}

/** One line as an element; its name and text set as text. */
function lineItem(line) {
  const li = document.createElement("li");
  li.dataset.id = String(line.id);
  li.dataset.seat = String(line.seat);
  const who = document.createElement("b");
  who.textContent = line.seat < 0 ? `${line.name} (watching)` : line.name;
  const said = document.createElement("span");
  if (line.kind === "reaction") {
    said.className = "reaction";
    said.textContent = REACTIONS[line.text] || line.text;
  } else {
    said.textContent = line.text;
  }
  li.append(who, ": ", said);
  if (line.at) li.title = new Date(line.at * 1000).toLocaleTimeString();
  return li;
}

function muteToggled(seat) {
  const muted = new Set(chat.ctx.table.chat.muted);
  if (muted.has(seat)) muted.delete(seat); else muted.add(seat);
  return [...muted].sort((a, b) => a - b);
}

async function hostChange(body) {
  note("");
  try {
    await api("POST", `/api/tables/${encodeURIComponent(chat.tableId)}/chat`, { owner: knownTable(chat.tableId).owner, ...body });
  } catch (err) {
    note(err.message);
  }
}

/** What this seat (or spectator) may do in the chat, or why not: ``""`` when it may chat. */
function why(ctx) {
  const rules = ctx.table.chat || { on: true, spectators: false, muted: [] };
  if (rules.tournament) return "No chat at a tournament table: table talk is a misconduct.";
  if (ctx.table.status === "closed") return "The table is closed.";
  if (!rules.on) return "The host has switched chat off.";
  if (ctx.seat === null && !rules.spectators) return "Spectators read the chat; the host has not let them write.";
  if (ctx.seat !== null && rules.muted.includes(ctx.seat)) return "The host has muted you.";
  return "";
}

/** The host's settings: chat on, spectators may chat, a mute per person. */
function hostHtml(ctx) {
  const entry = knownTable(chat.tableId);
  const rules = ctx.table.chat;
  if (!entry.owner || !rules || rules.tournament || ctx.table.status === "closed") return "";
  const mutes = ctx.table.seats.map((s, i) => {
    if (i === ctx.seat || s.kind !== "human") return "";
    const muted = rules.muted.includes(i);
    return `<button type="button" data-chat-mute="${i}" aria-pressed="${muted}">${muted ? "Unmute" : "Mute"} ${esc(ctx.name(i))}</button>`;
  }).join("");
  return `<fieldset><legend>Host</legend><label class="check"><input type="checkbox" id="chat-on"${rules.on ? " checked" : ""}> Chat on</label>` +
    `<label class="check"><input type="checkbox" id="chat-spectators"${rules.spectators ? " checked" : ""}> Spectators may chat</label>` +
    `${mutes ? `<p class="chat-mutes">${mutes}</p>` : ""}</fieldset>`;
}

/** Draw the chat's settings for ``ctx`` (the table page's context): who may write, the host's part. */
export function drawChat(ctx) {
  chat.ctx = ctx;
  if (!ctx.table) return;
  const reason = why(ctx);
  if ($("chat-why").textContent !== reason) $("chat-why").textContent = reason;
  $("chat-why").hidden = !reason;
  const blocked = Boolean(reason);
  $("chat-form").hidden = blocked;
  $("chat-react").hidden = blocked;
  const host = hostHtml(ctx);
  if (host !== chat.shown) {
    chat.shown = host;
    $("chat-host").innerHTML = host;
  }
  $("chat-host").hidden = !host;
}
