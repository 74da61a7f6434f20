// The judges' console: each table's finished hands to confirm with the judge's PIN, and rulings.
import { $, act as run, call, esc, eventId, every, forget, keep, kept, misconductKinds, rulingForm, sheetForm, sheetHtml } from "./desk.js";

const base = `/api/desk/${eventId()}`;
const pin = () => kept("judge");
const act = (step) => run(step, draw);

function hands(t) {
  if (t.sheet) return sheetHtml(t, true);
  if (!t.hands.length) return '<p class="muted">No hand finished yet.</p>';
  return `<table><thead><tr><th>hand</th><th>dealer</th><th>bid</th><th>points</th><th>scores</th><th><span class="sr">confirm</span></th></tr></thead><tbody>${
    t.hands.map((h) => `<tr data-hand="${h.hand}"><td>${h.hand}</td><td>${h.dealer}</td>
      <td>${h.misdeal ? "misdeal" : h.ruling ? esc(h.ruling) : `${esc(h.bid ?? "trump")} by seat ${h.pitcher ?? "-"} ${esc(h.trump ?? "")}`}</td>
      <td>${esc(h.points.map(([p, s]) => `${p}: seat ${s}`).join(", "))}</td><td>${esc((h.scores || []).join(" / "))}</td>
      <td>${h.confirmed_by ? `confirmed by ${esc(h.confirmed_by)}`
        : `<button type="button" class="confirm" data-table="${t.table}" data-hand="${h.hand}">Confirm</button>`}</td></tr>`).join("")}</tbody></table>`;
}

async function draw() {
  if (!pin()) return;
  let data;
  try {
    data = await call("GET", `${base}/judge`, undefined, pin());
  } catch (e) {
    if (e.status === 403) { forget("judge"); $("console").hidden = true; $("login").hidden = false; $("login-error").textContent = e.message; return; }
    throw e;
  }
  $("login").hidden = true;
  $("console").hidden = false;
  $("status").textContent = `Judge ${data.judge} · ${data.status} · ${data.verify === "judge" ? "results wait for your confirmations" : "your sign-off is optional"}`;
  // a redraw keeps what the judge ticked ("the match clock stopped this game")
  const ticked = new Set([...$("tables").querySelectorAll("input.stopped:checked")].map((i) => i.dataset.table));
  $("tables").innerHTML = data.tables.map((t) => `<section class="panel desk-table" data-table="${t.table}">
    <h2>Table ${t.table}: ${esc(t.entrants.join(" · "))}</h2><p class="muted">Seats: ${esc(t.seats.map((s, i) => `${i} ${s}`).join(", "))}</p>
    ${hands(t)}</section>`).join("") || '<p class="panel muted">No round is open.</p>';
  $("tables").querySelectorAll("input.stopped").forEach((i) => { i.checked = ticked.has(i.dataset.table); });
  misconductKinds(data.misconduct, data.misplay);
}

$("login-form").addEventListener("submit", (event) => {
  event.preventDefault();
  keep("judge", $("pin").value.trim());
  draw().catch((e) => { $("login-error").textContent = e.message; });
});
$("tables").addEventListener("click", (event) => {
  const s = event.target.closest("button.confirm-sheet");
  if (s) {
    const stopped = $("tables").querySelector(`input.stopped[data-table="${s.dataset.table}"]`);
    act(async () => {
      const r = await call("POST", `${base}/tables/${s.dataset.table}/sheet/confirm`, { stopped: Boolean(stopped && stopped.checked) }, pin());
      return `hand ${r.hand + 1} of table ${r.table} confirmed by ${r.judge}${r.result ? ": the table's result is entered" : ""}`;
    });
    return;
  }
  const b = event.target.closest("button.confirm");
  if (!b) return;
  act(async () => {
    await call("POST", `${base}/confirm`, { table: Number(b.dataset.table), hand: Number(b.dataset.hand) }, pin());
    return `hand ${b.dataset.hand} of table ${b.dataset.table} confirmed`;
  });
});
sheetForm(pin, draw);
rulingForm(pin, draw);
every(2000, draw);
