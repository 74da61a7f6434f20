// Stepping through a finished game (a table's record, or a record file) with every hand visible.
import { api, esc } from "./api.js";
import { cardHtml, cardShort, nameCards } from "./cards.js";
import { drawingOptions } from "./panel.js";
import { byTricks, sides, trickHtml } from "./render.js";
import { summaryHtml } from "./summary.js";
import { actionWords, suitWords } from "./words.js";

const $ = (id) => document.getElementById(id);
const view = { data: null, names: [], hand: 0, step: 0 };

function name(seat) { return view.names[seat] || `Seat ${seat + 1}`; }

function draw() {
  const hand = view.data.hands[view.hand];
  const step = hand.steps[view.step];
  const options = view.data.options || {};
  const ctx = { name, seat: null, groups: sides(view.data.players, Number(options.teams) || 0), options, showGame: drawingOptions(options).showGame };
  $("where").textContent = `Hand ${view.hand + 1} of ${view.data.hands.length}, step ${view.step} of ${hand.steps.length - 1}` +
    (step.action ? `: ${name(step.action.seat)} ${actionWords(step.action, { upcard: step.upcard, dealer: hand.dealer, log: hand.steps.slice(1, view.step + 1).map((x) => x.action) })}` : ": the deal");
  const parts = [`${name(hand.dealer)} dealt`];
  if (step.trump) parts.push(`trump ${suitWords(step.trump)}`);
  else if (step.upcard) parts.push(`${cardShort(step.upcard)} turned up`);
  if (byTricks(ctx) && step.pitcher !== null) parts.push(`${name(step.pitcher)} made trump`);
  else if (step.pitcher !== null && step.bid !== null) parts.push(`${name(step.pitcher)} bid ${step.bid}`);
  $("info").textContent = parts.join(" \u00b7 ");
  const acts = hand.steps.slice(1, view.step + 1).map((x) => x.action);
  $("seat-hands").innerHTML = step.hands.map((cards, s) => `<div class="seat${step.to_act === s ? " turn" : ""}">` +
    `<div class="who">${esc(name(s))}</div><div class="cards">${cards.map((c) => cardHtml(c)).join("") || '<span class="muted">no cards</span>'}</div>` +
    `${step.discards[s].length ? `<p class="muted discarded">${esc(discardWords(acts, s, options))}</p>` : ""}</div>`).join("");
  const last = step.tricks[step.tricks.length - 1];
  const shown = !step.trick.length && last && step.action && "play" in step.action ? last : null;
  $("trick").innerHTML = trickHtml({ name, seat: null, state: step }, shown);
  const end = view.step === hand.steps.length - 1 && hand.result.complete;
  $("result").innerHTML = end ? summaryHtml({ hand: view.hand, result: hand.result, tricks: step.tricks }, ctx) : "";
  $("hand-pick").value = String(view.hand);
}

/** What a seat has discarded so far, one count per discard: "discarded 4", and the bidder's second
 * discard "then 10 after taking the rest of the stock" where the rules give the bidder the stock. */
function discardWords(acts, seat, options) {
  const counts = acts.filter((a) => a && a.seat === seat && "discard" in a).map((a) => a.discard.length);
  const cards = (n) => `${n} card${n === 1 ? "" : "s"}`;
  const later = counts.slice(1).map((n) => `then ${cards(n)}${options["bidder-takes-stock"] ? " after taking the rest of the stock" : ""}`);
  return [`discarded ${cards(counts[0] || 0)}`, ...later].join(", ");
}

function go(step) {
  const steps = view.data.hands[view.hand].steps.length;
  view.step = Math.max(0, Math.min(steps - 1, step));
  draw();
}

function show(data) {
  view.data = data;
  nameCards(data.options);
  $("load").hidden = true;
  $("replay").hidden = false;
  $("title").textContent = `Replay \u00b7 ${data.rules}`;
  $("hand-pick").innerHTML = data.hands.map((_, i) => `<option value="${i}">Hand ${i + 1}</option>`).join("");
  go(0);
}

async function load(record) {
  try {
    show(await api("POST", "/api/replay", record));
  } catch (e) {
    $("load-error").textContent = e.message;
  }
}

function main() {
  $("hand-pick").addEventListener("change", (e) => { view.hand = Number(e.target.value); go(0); });
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(view.step - 1));
  $("next").addEventListener("click", () => go(view.step + 1));
  $("last").addEventListener("click", () => go(Infinity));
  document.addEventListener("keydown", (e) => {
    if (!view.data || e.target.matches("input, select")) return;
    if (e.key === "ArrowRight") go(view.step + 1);
    if (e.key === "ArrowLeft") go(view.step - 1);
  });
  $("file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      await load(JSON.parse(await file.text()));
    } catch (err) {
      $("load-error").textContent = `not a JSON record: ${err.message}`;
    }
  });
  const query = new URLSearchParams(location.search);
  const table = query.get("table");
  // a table that played again keeps each game's record: ?game=N (by default the last one)
  const game = /^\d+$/.test(query.get("game") || "") ? `?game=${query.get("game")}` : "";
  if (table) {
    Promise.all([api("GET", `/api/tables/${encodeURIComponent(table)}/record${game}`), api("GET", `/api/tables/${encodeURIComponent(table)}`)])
      .then(([record, info]) => {
        view.names = info.seats.map((s) => (s.kind === "bot" ? `Bot ${s.seat + 1}` : s.name || `Seat ${s.seat + 1}`));
        if (!record.length) throw new Error("no hand of this table has finished yet");
        return load(record);
      })
      .catch((e) => { $("load-error").textContent = e.message; });
  }
}

main();
