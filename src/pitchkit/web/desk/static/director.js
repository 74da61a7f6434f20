// The director's console: entrants, seating, the tables' invite links, judges, rulings, standings.
import { $, act as run, call, esc, eventId, every, forget, holdEvent, keep, kept, misconductKinds, rulingForm, sheetForm, sheetHtml, standingsHtml, statusLine, tablesHtml } from "./desk.js";

const id = eventId();
const base = `/api/desk/${id}`;
$("board-link").href = `/desk/${id}`;
$("judge-link").href = `/desk/${id}/judge`;
$("csv-link").href = `${base}/standings.csv`;

const fromLink = new URLSearchParams(location.hash.slice(1)).get("key");
if (fromLink) {
  keep("director", fromLink);
  history.replaceState(null, "", location.pathname);
}

const secret = () => kept("director");
const act = (step) => run(step, draw);

function links(t) {
  const rows = (t.links || []).map((l) => `<li><span>Seat ${l.seat}: ${esc(l.player)}</span>
    <input readonly value="${esc(l.link)}" aria-label="Invite link of ${esc(l.player)}" data-seat="${l.seat}">
    <button type="button" class="bot-seat" data-table="${t.table}" data-seat="${l.seat}">a bot plays</button></li>`).join("");
  const problem = t.problem ? `<p class="error">${esc(t.problem)}</p>` : "";
  return (rows ? `<details><summary>Invite links</summary><ul class="links">${rows}</ul></details>` : "") + problem + sheetHtml(t);
}

async function draw() {
  if (!secret()) { showLogin(); return; }
  let data;
  try {
    data = await call("GET", `${base}/director`, undefined, secret());
  } catch (e) {
    if (e.status === 403) { forget("director"); showLogin(e.message); return; }
    throw e;
  }
  holdEvent(id, secret());
  $("login").hidden = true;
  $("console").hidden = false;
  document.body.dataset.archived = data.archived ? "yes" : "no";
  $("archive").textContent = data.archived ? "Reopen the event" : "Archive the event";
  $("archive-state").textContent = data.archived ? "Archived: the event takes no change until you reopen it."
    : "Archiving closes the round's tables still playing and keeps the event as it is.";
  $("status").textContent = `${statusLine(data)} · results ${data.verify === "judge" ? "after a judge confirms every hand" : "verified by the engine"}`;
  document.body.dataset.status = data.status;
  document.body.dataset.stage = data.stage;
  $("entrant-list").textContent = data.entrants.length ? data.entrants.join(", ") : "No entrants yet.";
  $("add-form").hidden = data.stage !== "entry";
  const open = $("tables").querySelectorAll("details[open]");
  const keepOpen = new Set([...open].map((d) => d.closest("[data-table]").dataset.table));
  $("tables").innerHTML = tablesHtml(data, links);
  keepOpen.forEach((t) => { const d = $("tables").querySelector(`[data-table="${t}"] details`); if (d) d.open = true; });
  $("judge-list").textContent = data.judges.length ? `Judges: ${data.judges.join(", ")}` : "No judges yet.";
  // a ruling's hand is an index of the record (0 for the first); people read the sheet's row, 1 for the first
  $("rulings").innerHTML = data.rulings.map((g) => `<p>Round ${g.round}, table ${g.table}${g.hand == null ? "" : `, hand ${g.hand + 1}`}: ${esc(g.player)} · ${
    g.kind !== "misplay" ? esc(g.detail) : g.correctable ? "misplay, correctable" : "misplay, not correctable"}${g.disqualified ? " · disqualified" : ""}</p>`).join("");
  misconductKinds(data.misconduct, data.misplay);
  $("standings").innerHTML = standingsHtml(data);
}

function showLogin(message = "") {
  $("console").hidden = true;
  $("login").hidden = false;
  $("login-error").textContent = message;
}

$("login-form").addEventListener("submit", (event) => {
  event.preventDefault();
  keep("director", $("login-password").value);
  draw().catch((e) => { $("login-error").textContent = e.message; });
});
$("add-form").addEventListener("submit", (event) => {
  event.preventDefault();
  act(async () => {
    const r = await call("POST", `${base}/entrants`, { csv: $("csv").value }, secret());
    $("csv").value = "";
    return `${r.added} entrant(s) added`;
  });
});
$("seat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const bot = $("seat-bot").value;
  const body = bot === "physical" ? { physical: true } : bot ? { bot } : {};
  act(async () => `Round ${(await call("POST", `${base}/seat`, body, secret())).round} seated`);
});
$("archive").addEventListener("click", () => act(async () => {
  const r = await call("POST", `${base}/archive`, { archived: document.body.dataset.archived !== "yes" }, secret());
  return r.archived ? "the event is archived" : "the event is open again";
}));
$("advance").addEventListener("click", () => act(async () => (await call("POST", `${base}/advance`, {}, secret())).status));
$("tables").addEventListener("click", (event) => {
  const b = event.target.closest("button.bot-seat");
  if (!b) return;
  act(async () => {
    await call("POST", `${base}/tables/${b.dataset.table}/seats/${b.dataset.seat}`, { bot: "heuristic" }, secret());
    return `a bot plays seat ${b.dataset.seat} of table ${b.dataset.table}`;
  });
});
$("judge-form").addEventListener("submit", (event) => {
  event.preventDefault();
  act(async () => {
    const j = await call("POST", `${base}/judges`, { name: $("judge-name").value }, secret());
    $("new-pin").innerHTML = `PIN of ${esc(j.name)}: <strong id="pin-value">${esc(j.pin)}</strong> (shown only now)`;
    $("judge-name").value = "";
  });
});
sheetForm(secret, draw);
rulingForm(secret, draw);
$("print-sheets").addEventListener("click", () => act(async () => {
  // the sheets need the password, so they are fetched here and opened from memory, not by a link
  const reply = await fetch(`${base}/sheets?paper=${$("paper").value}`, { headers: { Authorization: `Bearer ${secret()}` } });
  if (!reply.ok) throw new Error((await reply.json()).error);
  window.open(URL.createObjectURL(new Blob([await reply.text()], { type: "text/html" })), "_blank");
  return "the score sheets and table cards are open in a new tab: print them from there";
}));
$("export").addEventListener("click", () => act(async () => {
  const data = await call("GET", `${base}/export`, undefined, secret());
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
  a.download = `event-${id}.json`;
  a.click();
}));

call("GET", "/api/presets?rules=false").then((c) => {
  $("seat-bot").innerHTML += c.bots.map((b) => `<option value="${b}">every seat played by the ${b} bot</option>`).join("");
}).catch(() => {});
every(2000, draw);
