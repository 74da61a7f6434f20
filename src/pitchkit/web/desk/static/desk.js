// What the desk's pages share: requests with the director's password or a judge's PIN, the event's
// id from the address, and the tables and standings drawn as HTML.
import { api, esc } from "/static/api.js";

export { esc };
export const $ = (id) => document.getElementById(id);

/** The event's id: /desk/{id}, /desk/{id}/director, /desk/{id}/judge. */
export function eventId() { return location.pathname.split("/")[2] || ""; }

/** One JSON request with ``Authorization: Bearer secret``; an error throws the server's one line. */
export function call(method, path, body, secret) {
  return api(method, path, body, secret ? { Authorization: `Bearer ${secret}` } : {});
}

/** A secret kept for this event in this browser tab. */
export function kept(kind) { return sessionStorage.getItem(`pitchkit.desk.${kind}.${eventId()}`) || ""; }
export function keep(kind, value) { sessionStorage.setItem(`pitchkit.desk.${kind}.${eventId()}`, value); }
export function forget(kind) { sessionStorage.removeItem(`pitchkit.desk.${kind}.${eventId()}`); }

/** The events this browser's director holds (id and password each), kept across visits. */
const HELD = "pitchkit.desk.events";
export function heldEvents() {
  try { return JSON.parse(localStorage.getItem(HELD) || "[]").filter((e) => e && typeof e.id === "string"); } catch { return []; }
}
export function holdEvent(id, password) {
  localStorage.setItem(HELD, JSON.stringify([{ id, password }, ...heldEvents().filter((e) => e.id !== id)].slice(0, 50)));
}
export function dropEvent(id) { localStorage.setItem(HELD, JSON.stringify(heldEvents().filter((e) => e.id !== id))); }

/** Run a request of the console, then draw it again; what it says (or its error) goes in #notice. */
export async function act(run, draw) {
  $("notice").textContent = "";
  try {
    const said = await run();
    if (said) $("notice").textContent = said;
    await draw();
  } catch (e) {
    $("notice").textContent = e.message;
  }
}

/** What the misconduct ruling of a dealer who failed to offer the cut does (``deal_passes`` in the
 * misconduct offered and in the ruling); the others forfeit the hand, the other team scoring. */
const DEAL_PASSES = "the hand is not scored and the deal passes to the next seat";

/** The ruling form in #ruling, sent with ``secret()`` (a judge's PIN or the password): where the
 * event's rules offer them (``misconductKinds``), a misplay at Pitch and seed 004's misconduct at Euchre. */
export function rulingForm(secret, draw) {
  $("ruling").innerHTML = `<h2 id="ruling-h">Rulings</h2><form id="ruling-form" class="row">
    <label>Table <input id="ruling-table" type="number" min="1" required></label>
    <label>Seat <input id="ruling-seat" type="number" min="0" required></label>
    <label>Ruling <select id="ruling-kind"><option class="misplay" value="true">misplay, correctable: replay from the misplay</option>
      <option class="misplay" value="false">misplay, not correctable: sits out, loses the highest bid</option></select></label>
    <button type="submit">Record</button></form><div id="rulings"></div>`;
  $("ruling-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const kind = $("ruling-kind").value;
    const body = { table: Number($("ruling-table").value), seat: Number($("ruling-seat").value) };
    if (kind === "true" || kind === "false") body.correctable = kind === "true";
    else body.misconduct = kind;
    act(async () => {
      const g = await call("POST", `/api/desk/${eventId()}/rulings`, body, secret());
      if (body.misconduct && g.deal_passes) return `${body.misconduct} by ${g.player}: ${DEAL_PASSES}`;
      if (body.misconduct) return `${body.misconduct} by ${g.player}: the hand is forfeited (${g.delta.map((d) => (d < 0 ? d : `+${d}`)).join(", ")})`;
      return `misplay of ${g.player} recorded${g.disqualified ? ": disqualified" : ""}`;
    }, draw);
  });
}

/** Offer the misconduct rulings ``offered`` (seed 004's at Euchre: ``name``, ``points`` and
 * ``deal_passes``) and the misplays ``misplay`` (``correctable``: true, false; seed 000's at Pitch)
 * in the ruling form, once. */
export function misconductKinds(offered, misplay) {
  const select = $("ruling-kind");
  const names = [...(offered || []).map((m) => m.name), ...(misplay || []).map(String)].join(",");
  if (!select || select.dataset.misconduct === names) return;
  select.dataset.misconduct = names;
  for (const o of select.querySelectorAll("option.misplay")) o.hidden = o.disabled = !(misplay || []).includes(o.value === "true");
  const first = [...select.options].find((o) => !o.disabled);
  if (first && select.selectedOptions[0]?.disabled) select.value = first.value;
  select.querySelectorAll("option.misconduct").forEach((o) => o.remove());
  for (const m of offered || []) {
    const option = document.createElement("option");
    option.className = "misconduct";
    option.value = m.name;
    option.textContent = `${m.name}: ${m.deal_passes ? DEAL_PASSES : `the hand is forfeited, the other team receives ${m.points} points`}`;
    select.append(option);
  }
}

/** Call ``draw`` now and every ``ms`` milliseconds (a failed draw is shown, then tried again). */
export function every(ms, draw) {
  const run = async () => {
    try { await draw(); } catch (e) { if ($("notice")) $("notice").textContent = e.message; }
    setTimeout(run, ms);
  };
  run();
}

function clock(line) {
  if (!line.clock_ends || line.result) return "";
  const left = Math.round(line.clock_ends - Date.now() / 1000);
  if (left <= 0) return '<span class="clock stop">stop: the hand in progress is played out</span>';
  return `<span class="clock">${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left</span>`;
}

/** Each entrant of a table with its score: "Ann 9 · Bob 4". */
function scored(line, scores) {
  return esc(line.entrants.map((name, i) => `${name} ${scores[i] ?? ""}`).join(" · "));
}

function live(line) {
  if (line.result) {
    const r = line.result;
    return `<span class="result">${esc(r.winners.join(" & "))} won${r.stopped ? " at the stop" : ""}</span>` +
      `<br><span class="scores">${scored(line, r.scores)}</span>`;
  }
  const l = line.live;
  if (!l || l.status === "waiting") return '<span class="muted">waiting for players</span>';
  return `<span>hand ${l.hand ?? "-"}</span><br><span class="scores">${scored(line, l.scores || [])}</span>`;
}

/** The open round's tables; ``extra(line)`` adds HTML to each (the director's links, a judge's hands). */
export function tablesHtml(data, extra = () => "") {
  const r = data.round;
  if (!r) {
    const who = data.entrants.length ? `<p class="entrants">Entrants: ${esc(data.entrants.join(", "))}</p>` : "";
    return `<p class="muted">No round is seated yet.</p>${who}`;
  }
  const byes = r.byes.length ? `<p>Byes: ${esc(r.byes.join(", "))}</p>` : "";
  const tables = r.tables.map((t) => `<article class="desk-table" data-table="${t.table}" data-done="${t.result ? "yes" : "no"}">
    <h3>Table ${t.table}${t.section ? ` · section ${esc(t.section)}` : ""}</h3>
    <p class="who">${esc(t.entrants.join(" · "))}</p>
    <p class="state">${live(t)} ${clock(t)}</p>${extra(t)}</article>`).join("");
  return `<p>Round ${r.number} (${esc(r.stage)})${r.closed ? " · closed" : ""}</p><div class="desk-tables">${tables}</div>${byes}`;
}

function rowsHtml(rows) {
  if (!rows || !rows.length) return '<p class="muted">No standings yet.</p>';
  const cols = Object.keys(rows[0]);
  return `<table><thead><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join("")}</tr></thead><tbody>${
    rows.map((r) => `<tr>${cols.map((c) => `<td>${esc(r[c] ?? "")}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
}

/** The standings: one table, or one a section. */
export function standingsHtml(data) {
  const champion = data.champion ? `<p class="champion">Champion: ${esc(data.champion)}</p>` : "";
  if (data.sections) {
    return champion + Object.entries(data.sections).map(([name, rows]) =>
      `<h3>Section ${esc(name)}</h3>${rowsHtml(rows)}`).join("");
  }
  return champion + rowsHtml(data.standings);
}

/** One line on the event: its format, rules and where it stands. */
export function statusLine(data) {
  return `${data.format} · ${data.rules} · ${data.entrants.length} entrant(s) · ${data.status}`;
}

/** A physical table's score sheet: each hand in words with the judge's initials; ``confirm``: a
 * judge's console, which offers to confirm the hand that waits. */
export function sheetHtml(t, confirm = false) {
  const s = t.sheet;
  if (!s) return "";
  const rows = s.hands.map((h) => `<li data-hand="${h.hand}">Hand ${h.hand + 1}: ${esc(h.words)}${
    h.judge ? ` · confirmed by ${esc(h.judge)}` : " · waits for a judge"}</li>`).join("");
  const next = s.next_dealer === null ? "the table names the first dealer" : `seat ${s.next_dealer} deals next`;
  const button = confirm && s.waiting ? `<p><label class="check"><input type="checkbox" class="stopped" data-table="${t.table}"> the match clock stopped this game</label>
    <button type="button" class="confirm-sheet primary" data-table="${t.table}">Confirm hand ${s.hands.length}</button></p>` : "";
  return `<div class="sheet"><p class="muted">Score sheet · ${esc(next)}</p>${rows ? `<ol class="sheet-hands">${rows}</ol>` : ""}${button}</div>`;
}

/** The form in #sheet-entry that enters a physical table's next hand, as written on its score sheet. */
export function sheetForm(secret, draw) {
  $("sheet-entry").innerHTML = `<h2 id="sheet-h">A physical table's hand</h2>
    <p class="muted">As on the score sheet; the engine checks it, then a judge confirms it with a PIN.</p>
    <form id="sheet-form" class="sheet-form">
    <label>Table <input id="sheet-table" type="number" min="1" required></label>
    <label>Dealer (the first hand) <input id="sheet-dealer" type="number" min="0"></label>
    <label>The hand <select id="sheet-kind"><option value="hand">played</option><option value="misdeal">a misdeal</option>
      <option value="misplay">ended by a misplay ruling</option><option value="pitch out of turn">ended by a pitch out of turn penalty</option></select></label>
    <label>Bids in turn from the dealer's left <input id="sheet-bids" placeholder="pass,3,pass,pass"></label>
    <label>Trump <select id="sheet-trump"><option value="">-</option><option value="S">spades</option><option value="H">hearts</option>
      <option value="D">diamonds</option><option value="C">clubs</option></select></label>
    <label>Points taken (POINT=SEAT[:CARD]) <input id="sheet-awards" placeholder="high=2:AS low=0 jack=2 game=2"></label>
    <label>Card points by seat <input id="sheet-points" placeholder="4,0,23,0"></label>
    <label>The bid <select id="sheet-made"><option value="">(the engine says)</option><option value="made">made</option><option value="set">set</option></select></label>
    <label>Offender's seat (a ruling) <input id="sheet-seat" type="number" min="0"></label>
    <button type="submit" class="primary">Enter the hand</button></form>`;
  $("sheet-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const number = (id) => ($(id).value === "" ? null : Number($(id).value));
    const kind = $("sheet-kind").value;
    const body = { dealer: number("sheet-dealer"), bids: $("sheet-bids").value };
    if (kind === "misdeal") body.misdeal = true;
    else if (kind !== "hand") Object.assign(body, { ruling: kind, seat: number("sheet-seat") });
    else {
      Object.assign(body, { trump: $("sheet-trump").value || null, awards: $("sheet-awards").value,
        points: $("sheet-points").value });
      if ($("sheet-made").value) body.made = $("sheet-made").value === "made";
    }
    act(async () => {
      const table = $("sheet-table").value;
      const r = await call("POST", `/api/desk/${eventId()}/tables/${table}/sheet`, body, secret());
      $("sheet-form").querySelectorAll("input:not(#sheet-table)").forEach((i) => { i.value = ""; });
      return `table ${r.table} hand ${r.hand + 1}: ${r.words}; waiting for a judge`;
    }, draw);
  });
}
