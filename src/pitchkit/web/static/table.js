// The table page: joins or resumes a seat (or watches), follows the table over its websocket and
// paces what arrives so that each trick can be read; every state comes whole from the server.
import { api, copyLink, esc, keepTable, knownTable, myName, setMyName } from "./api.js";
import { cardShort, nameCards } from "./cards.js";
import { changedHtml, changedOptions, drawingOptions, hintHtml, scoresHtml, titleText } from "./panel.js";
import {
  actionsHtml, auctionHtml, handHtml, infoText, invitesHtml, logLines, namer, promptText, seatsHtml, sides,
  trickHtml,
} from "./render.js";
import { historyHtml, summaryHtml } from "./summary.js";
import { chime, setSound, soundOn, turnTitle } from "./cue.js";
import { hostAct, hostHtml, leaveHtml } from "./host.js";
import { chatMessage, drawChat, initChat } from "./chat.js";
import { againHtml, loadPresets, nextRulesHtml, sendNextRules } from "./again.js";
import { at, spot } from "./layout.js";
import { handTeams } from "./teams.js";
import { hintWords } from "./words.js";
import { howToHtml, setupHowTo, termsHtml } from "./learn.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const PACE = params.get("pace") === "fast" ? { step: 0, trick: 0 } : { step: reduced ? 150 : 350, trick: 1600 };

const page = {
  token: null, watch: params.get("watch"), ws: null, version: -1, retries: 0, fatal: false,
  table: null, state: null, seat: null, shown: null, selected: new Set(), hint: null, pending: false,
  queue: [], busy: false, history: [], rules: null, lastSummary: null, preset: null, hintShown: null,
  presence: null, peek: false, landed: new Set(), wasMyTurn: false, bots: [], presets: null,
};

/** The table with each person's connection as last heard of: the table's changes are shown at the
 * page's pace, who is connected at once (``page.presence``: the seats of the newest message). */
function present(table) {
  if (!table || !page.presence) return table;
  const seats = table.seats.map((s, i) => {
    const now = page.presence[i];
    return now && now.kind === s.kind && "connected" in now ? { ...s, connected: now.connected } : s;
  });
  return { ...table, seats };
}

function ctx() {
  const table = present(page.table);
  const name = namer(table, page.seat);
  const players = table ? table.players : 0;
  const options = table ? table.options || {} : {};
  const opts = drawingOptions(options);
  // a closed table takes no action: its last state is shown without anyone to act; a player who
  // left the seat has no choice to make while the bot plays it
  const closed = table && table.status === "closed" && page.state;
  const left = table && page.seat !== null && table.seats[page.seat] && table.seats[page.seat].left && page.state;
  const state = closed ? { ...page.state, to_act: null, legal: [] } : left ? { ...page.state, legal: [] } : page.state;
  return {
    table, state, seat: page.seat, name, offJack: opts.offJack, teams: opts.teams, opts, options, left: Boolean(left),
    selected: page.selected, hint: page.hint, groups: sides(players, opts.teams), showGame: opts.showGame,
    handTeams: opts.dynamic ? handTeams(page.state, options) : null, placed: true, landed: page.landed,
  };
}

// a pause for reading (a finished trick, bots' actions one by one); an answer to this seat's own
// action ends it at once, so that what the player did is never held behind it
let wake = null;
// a page far behind the table (a watcher while bots play on) catches up without pausing
const behind = () => page.queue.length > 6;
const pause = (ms) => (behind() ? Promise.resolve() : new Promise((done) => {
  const timer = setTimeout(() => { wake = null; done(); }, ms);
  wake = () => { clearTimeout(timer); wake = null; done(); };
}));

// ?timing=1 (benchmarks/web_page.py): for each of this seat's actions, when it was clicked, marked
// on screen, answered by the server, drawn and painted; every draw and long task (start, duration)
const timing = params.has("timing") ? { acts: [], draws: [], longTasks: [], pending: null } : null;
if (timing) {
  window.pitchTiming = timing;
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => timing.longTasks.push([e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no long task timing in this browser */ }
}
const afterPaint = (then) => requestAnimationFrame(() => setTimeout(then, 0));

function setConn(text, kind) {
  const el = $("conn");
  el.textContent = text;
  el.dataset.kind = kind;
}

function notice(text) { $("notice").textContent = text || ""; }

// -- connection ---------------------------------------------------------------------------------

function connect() {
  if (!performance.getEntriesByName("pitch-ws-start").length) performance.mark("pitch-ws-start");
  const query = page.token ? `token=${encodeURIComponent(page.token)}` : page.watch ? `watch=${encodeURIComponent(page.watch)}` : "";
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`);
  page.ws = ws;
  ws.onopen = () => {
    if (!performance.getEntriesByName("pitch-ws-open").length) performance.mark("pitch-ws-open");
    page.retries = 0;
    setConn("connected", "ok");
    if (page.version >= 0) ws.send(JSON.stringify({ type: "sync", version: page.version }));
  };
  ws.onmessage = (e) => onMessage(JSON.parse(e.data));
  ws.onclose = (e) => {
    if (page.ws !== ws) return;
    page.pending = false;
    unmarkSent();
    if (e.code === 4403 || e.code === 4404) {
      page.fatal = true;
      // a seat's token refused (the host gave the seat away): forget it, so that a new invite link
      // to this table asks for a name again
      if (e.code === 4403 && page.token) keepTable({ id: tableId, token: null, seat: null });
      setConn(e.code === 4404 ? "no such table" : "not allowed", "bad");
      notice(e.reason || "This table cannot be opened with this link.");
      return;
    }
    page.retries += 1;
    setConn(`reconnecting (${page.retries})…`, "warn");
    setTimeout(connect, Math.min(4000, 250 * 2 ** Math.min(page.retries, 4)));
  };
}

function send(message) {
  if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(JSON.stringify(message));
}

function act(action) {
  if (page.pending) return;
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {  // a click would be lost without a word
    notice("Not sent: the connection to the table is down. Choose again once it says connected.");
    return;
  }
  page.pending = true;
  document.body.dataset.pending = "1";
  if (action.play) {
    const card = $("hand").querySelector(`button.card[data-card="${action.play}"]`);
    if (card) card.classList.add("sending");
  }
  notice("");
  if (timing) {
    const t = { click: performance.now(), version: page.version };
    timing.pending = t;
    afterPaint(() => { t.marked = performance.now(); });
  }
  send({ type: "act", action, version: page.version });
}

/** The click marked as sent was not taken (refused, or the connection closed): unmark it (a redraw
 * leaves unchanged parts as they are). */
function unmarkSent() {
  document.querySelectorAll("#me .sending").forEach((el) => el.classList.remove("sending"));
}

function onMessage(m) {
  if (chatMessage(m)) return;  // chat lines and their refusals are the chat panel's
  if (typeof m.version === "number" && m.type !== "error" && m.type !== "hint") page.version = Math.max(page.version, m.version);
  if (m.type === "snapshot" || m.type === "update") {
    if (!performance.getEntriesByName("pitch-first-state").length) performance.mark("pitch-first-state");
    if (timing && timing.pending && !timing.pending.received && m.version > timing.pending.version) timing.pending.received = performance.now();
    page.presence = m.table.seats;
    page.queue.push(m);
    if (page.pending && wake) wake();
    pump();
  } else if (m.type === "presence") {
    // someone connected or left: only the seats change; a pending click, the cards chosen and
    // the hint on show stay as they are
    page.presence = m.seats;
    draw();
  } else if (m.type === "error") {
    page.pending = false;
    delete document.body.dataset.pending;
    unmarkSent();
    notice(m.message);
  } else if (m.type === "closed") {
    if (page.table) page.table = { ...page.table, status: "closed" };
    draw();
    notice(`This table is closed: ${m.reason}.`);
  } else if (m.type === "hint") {
    const a = m.action;
    page.hint = a.play || JSON.stringify(a);
    page.hintShown = m;
    notice(`Hint (${m.bot_action ? "solved deals" : m.bot}): ${hintWords(a, page.state)}`);
    draw();
  }
}

// -- pacing -------------------------------------------------------------------------------------

function seatNotice(seat, prev) {
  if (!seat || !page.table) return;
  const who = namer(page.table, page.seat)(seat.seat);
  const before = page.table.seats[seat.seat] || {};
  const me = seat.seat === page.seat;
  if (seat.left && !before.left) notice(me ? "You left your seat: a bot plays it until you take it back." : `${who} left the seat: a bot plays for them.`);
  else if (seat.standin && !before.standin) notice(me ? "You were away: a bot played for you." : `${who} is away: a bot plays for them.`);
  else if (!seat.standin && before.standin) notice(me ? "You are back in your seat." : `${who} is back.`);
  else if (seat.kind === "human" && before.kind === "open" && prev) notice(`${seat.name || who} took seat ${seat.seat + 1}.`);
}

async function pump() {
  if (page.busy) return;
  page.busy = true;
  try {
    while (page.queue.length) await handle(page.queue.shift());
  } finally {
    page.busy = false;
  }
}

async function handle(m) {
  const prev = page.state;
  const events = m.events || [];
  let over = null;
  const lastTrick = prev ? prev.trick.slice() : [];
  let othersActed = false;
  for (const ev of events) {
    if (ev.kind === "action" && !over) {
      if ("play" in ev.action) lastTrick.push([ev.action.seat, ev.action.play]);
      if (ev.action.seat !== page.seat) othersActed = true;
    }
    if (ev.kind === "hand_over") over = ev;
    if (ev.kind === "standin" || ev.kind === "seat") seatNotice(ev.seat, prev);
  }
  const mySeatChanged = page.seat !== (m.seat ?? null);
  const newGame = events.find((ev) => ev.kind === "start" && ev.game > 1);
  if (newGame) startOver(m.table, newGame);
  page.table = m.table;
  nameCards(m.table.options);
  page.seat = m.seat ?? null;
  page.state = m.state || null;
  page.pending = false;
  page.hint = null;
  page.hintShown = null;
  const pickable = new Set();
  for (const a of (page.state && page.state.to_act === page.seat && page.state.legal) || []) {
    if (a.discard) a.discard.choose_from.forEach((c) => pickable.add(c));
    if (Array.isArray(a.pass)) a.pass.forEach((c) => pickable.add(c));
  }
  if (mySeatChanged || !prev || !page.state || prev.phase !== page.state.phase) page.selected.clear();
  for (const c of [...page.selected]) if (!pickable.has(c)) page.selected.delete(c);
  if (page.rules === null) loadRules();
  if (over) {
    page.history[over.hand] = over.result.scores;
    page.peek = false;
    // the finished hand stays on the table, its log whole, until the summary is closed
    const next = page.state;
    if (prev) page.state = finishedState(prev, events, over);
    page.shown = { plays: lastTrick, winner: null, last: true };
    draw();
    await showSummary(over);
    page.state = next;
    page.shown = null;
    draw();
  } else if (m.type === "update" && prev && page.state && page.state.tricks.length > prev.tricks.length) {
    const done = page.state.tricks[page.state.tricks.length - 1];
    page.peek = false;
    page.shown = { plays: done.plays, winner: done.winner };
    draw();
    await pause(PACE.trick * 0.75);
    gather(done.winner);
    await pause(PACE.trick * 0.25);
    page.shown = null;
    draw();
  } else {
    draw();
    if (othersActed && page.queue.length) await pause(PACE.step);
  }
}

/** The next game at the table has started: the last game's scores, summary and rules go, and the
 * players are told who deals. */
function startOver(table, start) {
  page.history = [];
  page.lastSummary = null;
  page.peek = false;
  page.rules = null;  // asked for again: the host may have changed them
  $("last-box").hidden = true;
  if ($("summary").open) $("summary").close();
  notice(`Game ${start.game} begins: ${namer(table, page.seat)(start.dealer)} deals.`);
}

/** The hand that ``over`` finished as it stood after its last action: ``prev`` (the state before
 * this message) with the message's actions of that hand added, nobody to act. */
function finishedState(prev, events, over) {
  const acts = [];
  for (const ev of events) {
    if (ev.kind === "hand_over") break;
    if (ev.kind === "action") acts.push(ev.action);
  }
  const played = new Set(acts.filter((a) => "play" in a).map((a) => a.play));
  const sizes = prev.hand_sizes.slice();
  for (const a of acts) if ("play" in a) sizes[a.seat] -= 1;
  return {
    ...prev, phase: "done", to_act: null, legal: [], trick: [], tricks: over.tricks || prev.tricks, number: over.hand + 1,
    log: [...prev.log, ...acts], hand_sizes: sizes, hand: prev.hand ? prev.hand.filter((c) => !played.has(c)) : prev.hand,
  };
}

/** The finished trick on show moves to the seat that won it (no movement under reduced motion). */
function gather(winner) {
  const trick = $("trick");
  if (reduced || !PACE.trick || !page.table) return;
  trick.setAttribute("style", at(spot(winner, page.seat, page.table.players), "w"));
  trick.classList.add("gather");
}

function showSummary(over) {
  const c = ctx();
  const gameOver = page.table.status === "over" ? page.table : null;
  const html = summaryHtml(over, c, { gameOver });
  page.lastSummary = html;
  $("last").innerHTML = html.replace(' id="summary-h"', "");
  $("last-box").hidden = false;
  $("replay-link").href = `/replay?table=${encodeURIComponent(tableId)}&game=${page.table.game || 1}`;
  // a player who left the seat to a bot watches: the summary is in the side panel, nothing in the way
  if (ctx().left && !gameOver) return pause(Math.max(PACE.trick * 2, 300));
  const dialog = $("summary");
  const game = page.table.game || 1;
  const replay = `<a class="button" href="/replay?table=${encodeURIComponent(tableId)}&amp;game=${game}">Replay the game</a>`;
  const player = page.seat !== null && page.table.seats[page.seat] && page.table.seats[page.seat].kind === "human";
  // the same table plays again (same seats, same links) when every player asks; a tournament's
  // table plays one game, and a spectator goes back to the lobby
  const again = page.table.rematch && player
    ? '<button type="button" class="primary" data-again="1">Play again</button>'
    : `<a class="button primary" href="/?variant=${encodeURIComponent(page.table.variant)}">New game</a>`;
  const close = gameOver
    ? `<p>${again} ${replay} <button type="button" class="close">Look at the table</button></p>`
    : `<p><button type="button" class="close primary">${page.seat === null ? "Close" : "Next hand"}</button></p>`;
  dialog.innerHTML = html + close;
  return new Promise((done) => {
    const finish = () => { dialog.removeEventListener("close", finish); if (dialog.open) dialog.close(); done(); };
    dialog.addEventListener("close", finish);
    dialog.querySelectorAll("button.close").forEach((b) => b.addEventListener("click", finish));
    const again = dialog.querySelector("button[data-again]");
    if (again) again.addEventListener("click", () => { send({ type: "again" }); finish(); });
    dialog.showModal();
    dialog.querySelector("button[data-again], button.close, a.button").focus();
    // the game's end holds nothing up: who asks to play again shows at once, and the next game
    // closes the summary when it starts
    if (gameOver) done();
    // a spectator watches: the summary goes by itself
    if (page.seat === null && !gameOver) setTimeout(finish, behind() ? 0 : Math.max(PACE.trick * 2, 300));
  });
}

// -- drawing ------------------------------------------------------------------------------------

const shownHtml = new Map();

/** Set an element's content only when it changed: an update redraws just what it changes (most
 * change one or two parts), so the rest keeps its elements, focus and layout. */
function put(id, content, text = false) {
  if (shownHtml.get(id) === content) return false;
  shownHtml.set(id, content);
  if (text) $(id).textContent = content;
  else $(id).innerHTML = content;
  return true;
}

function draw() {
  const started = performance.now();
  const c = ctx();
  if (!c.table) return;
  const focusKey = document.activeElement && document.activeElement.closest("#me") ? focusId(document.activeElement) : null;
  $("board").hidden = false;
  drawChat(c);
  put("title", titleText(c, changedOptions(c.table, page.preset)), true);
  $("felt").toggleAttribute("data-many", c.table.players > 5);
  put("seats", seatsHtml(c));
  put("info", termsHtml(infoText(c), c.options));
  put("auction", auctionHtml(c));
  const tricks = c.state ? c.state.tricks : [];
  const last = tricks.length ? tricks[tricks.length - 1] : null;
  if (!last) page.peek = false;
  const shown = page.shown || (page.peek && last ? { ...last, peek: true } : null);
  if (put("trick", trickHtml(c, shown))) {
    $("trick").classList.remove("gather");
    page.landed = new Set([...$("trick").querySelectorAll("figure.played")].map((f) => f.dataset.played));
  }
  $("last-trick-btn").hidden = !last || Boolean(page.shown);
  $("last-trick-btn").setAttribute("aria-pressed", String(page.peek));
  $("last-trick-btn").textContent = page.peek ? "Hide last trick" : "Last trick";
  put("prompt", termsHtml(promptText(c), c.options));
  put("actions", actionsHtml(c));
  const invites = invitesHtml(c.table, knownTable(tableId));
  $("invites").hidden = !invites;
  put("invites", invites);
  put("hand", handHtml(c));
  put("scores", scoresHtml(c));
  const seen = new Set();  // a word of the glossary is marked where it first appears in the log
  put("log", logLines(c).map((l) => `<li>${termsHtml(l, c.options, seen)}</li>`).join(""));
  put("history", historyHtml(page.history.filter(Boolean), c));
  $("hint-box").hidden = !page.hintShown;
  put("hint-box", page.hintShown ? hintHtml(page.hintShown, page.state) : "");
  const myTurn = c.state && c.seat !== null && c.state.to_act === c.seat && c.state.phase !== "done" && !c.left;
  const entry = knownTable(tableId);
  const host = hostHtml(c, entry, page.bots);
  $("host-box").hidden = !host;
  put("host", host);
  const next = entry.owner ? nextRulesHtml(c.table, page.presets) : "";
  if (next && !page.presets) loadPresets(c.table.players, (list) => { page.presets = list; draw(); });
  put("host-next", next);
  const again = againHtml(c);
  $("again").hidden = !again;
  put("again", again);
  put("seat-ctl", leaveHtml(c));
  $("hint-btn").disabled = !myTurn;
  $("hint-btn").hidden = c.seat === null;
  document.body.classList.toggle("my-turn", Boolean(myTurn));
  document.title = turnTitle(`pitchkit \u00b7 ${$("title").textContent}`, Boolean(myTurn));
  if (myTurn && !page.wasMyTurn) chime();
  page.wasMyTurn = Boolean(myTurn);
  $("sound-btn").setAttribute("aria-pressed", String(soundOn()));
  $("sound-btn").textContent = soundOn() ? "Sound on" : "Sound off";
  document.body.dataset.version = String(c.table.version);
  document.body.dataset.status = c.table.status;
  if (page.pending) document.body.dataset.pending = "1"; else delete document.body.dataset.pending;
  restoreFocus(focusKey, myTurn);
  if (!performance.getEntriesByName("pitch-drawn").length) performance.mark("pitch-drawn");
  if (timing) {
    timing.draws.push([started, performance.now() - started]);
    const t = timing.pending;
    if (t && t.received && c.table.version > t.version) {
      t.drawn = performance.now();
      timing.pending = null;
      timing.acts.push(t);
      afterPaint(() => { t.painted = performance.now(); });
    }
  }
}

function focusId(el) {
  if (el.dataset.card) return `[data-card="${el.dataset.card}"]`;
  if (el.id) return `#${el.id}`;
  if (el.dataset.act) return `[data-act='${el.dataset.act}']`;
  return null;
}

function restoreFocus(key, myTurn) {
  if ($("summary").open) return;
  const active = document.activeElement;
  if (key) {
    const el = $("me").querySelector(key);
    if (el) { el.focus(); return; }
  }
  const lost = !active || active === document.body || !document.contains(active);
  if ((key || lost) && myTurn) {
    const first = $("me").querySelector("button.act:not([aria-disabled]), button.card.legal");
    if (first) first.focus();
  }
}

// -- input --------------------------------------------------------------------------------------

function onClick(e) {
  const card = e.target.closest("button.card");
  const button = e.target.closest("button");
  if (card && $("hand").contains(card)) return clickCard(card);
  if (!button) return;
  if (button.dataset.act) {
    if (!page.pending) button.classList.add("sending");
    return act(JSON.parse(button.dataset.act));
  }
  if (button.id === "discard-go" && !button.hasAttribute("aria-disabled")) return act({ discard: [...page.selected] });
  if (button.id === "pass-go" && !button.hasAttribute("aria-disabled")) return act({ pass: [...page.selected] });
  if (button.id === "hint-btn") { notice("Asking for a hint…"); send({ type: "hint" }); }
  if (button.id === "last-trick-btn") togglePeek();
  if (button.id === "leave-btn") send({ type: "leave" });
  if (button.id === "again-btn") { button.classList.add("sending"); send({ type: "again" }); }
  if (button.id === "back-btn") send({ type: "back" });
  if (button.dataset.host) {
    hostAct(button, tableId, namer(page.table, page.seat)).then((said) => { if (said) notice(said); draw(); })
      .catch((err) => notice(err.message));
  }
  if (button.id === "sound-btn") { setSound(!soundOn()); draw(); }
  if (button.classList.contains("copy")) copyLink(button);
}


/** Show the last finished trick again (until the next one closes), or put it away. */
function togglePeek(on = !page.peek) {
  page.peek = on;
  draw();
}

function onKey(e) {
  if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey || $("summary").open || $("howto").open) return;
  if (e.key === "l" || e.key === "L") togglePeek();
  else if (e.key === "Escape" && page.peek) togglePeek(false);
}

function clickCard(card) {
  const c = card.dataset.card;
  if (card.getAttribute("aria-disabled") === "true") {
    const label = cardShort(c);
    notice(`${label[0].toUpperCase()}${label.slice(1)}: ${card.dataset.why}`);
    return;
  }
  if (page.pending) return;  // a choice is on its way: the cards it names stay chosen
  const legal = (page.state && page.state.legal) || [];
  if (legal.some((a) => a.play === c)) return act({ play: c });
  const single = legal.find((a) => Array.isArray(a.pass) && a.pass.length === 1 && a.pass[0] === c);
  if (single) return act({ pass: [c] });
  if (page.selected.has(c)) page.selected.delete(c); else page.selected.add(c);
  draw();
}

// -- start --------------------------------------------------------------------------------------

async function loadRules() {
  page.rules = "";
  try {
    // this table's preset alone, with its rule rows (not the whole catalogue)
    const [sheet, catalogue, record] = await Promise.all([
      api("GET", `/api/tables/${encodeURIComponent(tableId)}/rules`),
      api("GET", `/api/presets/${encodeURIComponent(page.table.variant)}`).catch(() => ({ preset: null, bots: [] })),
      api("GET", `/api/tables/${encodeURIComponent(tableId)}/record`)]);
    page.preset = catalogue.preset;
    page.bots = catalogue.bots || [];
    $("rules").innerHTML = howToHtml(sheet, page.table.options, changedHtml(page.table.variant, changedOptions(page.table, page.preset)));
    record.forEach((h, i) => { if (!page.history[i]) page.history[i] = i + 1 < record.length ? record[i + 1].scores : page.table.scores; });
    draw();
  } catch (e) {
    $("rules").textContent = e.message;
  }
}

async function join(seat, invite) {
  $("join").hidden = false;
  $("join-name").value = myName();
  $("join-name").focus();
  await new Promise((done) => {
    $("join-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const name = $("join-name").value.trim();
      try {
        const got = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { seat, invite, name });
        setMyName(name);
        keepTable({ id: tableId, seat, token: got.token, name });
        history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}${params.get("pace") ? `?pace=${params.get("pace")}` : ""}`);
        $("join").hidden = true;
        done();
      } catch (err) {
        $("join-error").textContent = err.message;
      }
    });
  });
}

/** The host's rules for the next game: sent, and the server's refusal said under the form. */
function onSubmit(e) {
  if (e.target.id !== "next-rules") return;
  e.preventDefault();
  $("next-rules-error").textContent = "";
  Promise.resolve().then(() => sendNextRules(tableId, knownTable(tableId).owner))
    .then(() => notice("The next game's rules are set: everyone is asked again."))
    .catch((err) => { $("next-rules-error").textContent = err.message; });
}

async function main() {
  document.addEventListener("click", onClick);
  document.addEventListener("submit", onSubmit);
  // a different game keeps its own points to win: the field empties (the game's own) when it changes
  document.addEventListener("change", (e) => { if (e.target.id === "next-variant") $("next-target").value = ""; });
  document.addEventListener("keydown", onKey);
  initChat({ send, open: () => Boolean(page.ws && page.ws.readyState === WebSocket.OPEN), tableId });
  setupHowTo();
  const invite = params.get("invite");
  if (invite) {
    const known = knownTable(tableId);
    if (!known.token) await join(Number(params.get("seat")), invite);
  }
  const known = knownTable(tableId);
  page.token = known.token || null;
  if (!page.token) {
    page.watch = page.watch || known.watch || null;
    keepTable({ id: tableId, watch: page.watch });
  }
  connect();
}

main();
