// The end of a hand in words, the game's end, and the score history.
import { esc } from "./api.js";
import { cardShort } from "./cards.js";
import { handTeams } from "./teams.js";
import { awardWords, madeWords, unawardedWords } from "./words.js";
import { termsHtml } from "./learn.js";

/** Each trick of a finished hand: who took it, with what, and every card played to it. */
export function tricksHtml(tricks, name) {
  if (!tricks || !tricks.length) return "";
  const items = tricks.map((t) => {
    const won = t.plays.find(([s]) => s === t.winner);
    const cards = t.plays.map(([s, c]) => `${name(s)} ${cardShort(c)}`).join(", ");
    return `<li data-winner="${t.winner}" data-card="${won ? won[1] : ""}">${esc(name(t.winner))} took it with ${won ? esc(cardShort(won[1])) : "?"} (${esc(cards)})</li>`;
  }).join("");
  return `<details class="tricks-box"><summary>Who won each trick</summary><ol class="tricks">${items}</ol></details>`;
}

/** The teams a finished hand formed (seven-point), in words. */
function formedTeams(over, ctx) {
  if (!ctx.options || ctx.options["dynamic-teams"] !== true || !over.tricks || !over.tricks.length) return null;
  const seats = [...new Set(over.tricks.flatMap((t) => t.plays.map(([s]) => s)))].sort((a, b) => a - b);
  const t = handTeams({ trump: over.result.trump, tricks: over.tricks, trick: [], hand: [], hand_sizes: [0], seats }, ctx.options);
  return t && t.teams && t.teams[1].length ? t.teams : null;
}

/** The summary of a finished hand (``over``: the hand_over event) for the dialog and the side panel. */
export function summaryHtml(over, ctx, { gameOver = null } = {}) {
  const r = over.result;
  const name = ctx.name;
  // where a hand is scored by tricks (Euchre) it counts each seat's tricks, else each side's card points
  const tricks = (ctx.options || {})["score-by"] === "tricks";
  // a trick-scored hand's award goes to a side: "Euchre: Bob & Bot 3, 2 points", not to one of them
  const side = (seat) => (ctx.groups.find((g) => g.includes(seat)) || [seat]).map(name).join(" & ");
  const awards = (r.awards || []).map((a) => `<li data-point="${esc(a.point)}" data-seat="${a.seat}" data-card="${esc(a.card || "")}" data-scored="${a.scored === false ? "false" : "true"}">${termsHtml(awardWords(a, tricks ? side : name), ctx.options)}</li>`).join("");
  const missed = (r.unawarded || []).map((m) => `<li class="unawarded" data-unawarded="${esc(m.point)}">${termsHtml(unawardedWords(m), ctx.options)}</li>`).join("");
  const formed = formedTeams(over, ctx);
  const sides = formed || ctx.groups;
  const counts = tricks ? r.tricks : r.card_points;
  const taken = (g) => (tricks ? g.reduce((t, s) => t + (counts[s] || 0), 0) : counts[g[0]]);
  // card points are worth telling only where they decide a point (game), or tricks where they score
  const points = counts && counts.some((p) => p) && (tricks || ctx.showGame)
    ? `<p>${tricks ? "Tricks taken" : "Card points for game"}: ${sides.map((g) => `${esc(g.map(name).join(" & "))}: ${taken(g)}`).join(", ")}.</p>` : "";
  const teams = formed ? `<p class="hand-teams">Teams this hand: ${esc(formed[0].map(name).join(" & "))} (high and low) against ${esc(formed[1].map(name).join(" & "))}.</p>` : "";
  const rows = ctx.groups.map((g) => {
    const d = r.delta ? r.delta[g[0]] : 0;
    return `<tr><th scope="row">${esc(g.map(name).join(" & "))}</th><td class="${d < 0 ? "neg" : ""}">${d > 0 ? "+" : ""}${d}</td><td>${r.scores[g[0]]}</td></tr>`;
  }).join("");
  let end = "";
  if (gameOver) {
    const winners = (gameOver.winner || []).map(name).join(" & ");
    const plural = gameOver.winner && (gameOver.winner.length > 1 || gameOver.winner[0] === ctx.seat);
    end = `<p class="winner">Game over: ${esc(winners || "nobody")} ${plural ? "win" : "wins"}${gameOver.reason ? ` (${esc(gameOver.reason)})` : ""}.</p>`;
  }
  return `<h2 id="summary-h">Hand ${over.hand + 1} is over</h2><p class="made">${termsHtml(madeWords(r, name, { tricks }), ctx.options)}</p>` +
    `${teams}<h3>Points</h3><ul class="awards">${awards || (missed ? "" : "<li>No points were awarded.</li>")}${missed}</ul>${points}` +
    `${tricksHtml(over.tricks, name)}<table class="deltas"><thead><tr><th scope="col">Who</th><th scope="col">This hand</th><th scope="col">Score</th></tr></thead><tbody>${rows}</tbody></table>${end}`;
}

const COLOURS = ["#ffd466", "#7fd1ff", "#ff9ecb", "#b7f07a", "#ffb36b", "#c9a7ff", "#7ff0d9", "#ff7f7f", "#e0e0e0"];

/** A line chart and a table of the scores after each hand (``history[i]``: scores after hand i). */
export function historyHtml(history, ctx) {
  if (!history.length) return '<p class="muted">No hand has finished yet.</p>';
  const groups = ctx.groups;
  const all = history.flatMap((h) => groups.map((g) => h[g[0]]));
  const lo = Math.min(0, ...all);
  const hi = Math.max(1, ...all);
  const w = 300;
  const h = 120;
  const x = (i) => (history.length === 1 ? w / 2 : 10 + (i * (w - 20)) / (history.length - 1));
  const y = (v) => h - 10 - ((v - lo) * (h - 20)) / (hi - lo);
  const lines = groups.map((g, k) => `<polyline fill="none" stroke="${COLOURS[k % COLOURS.length]}" stroke-width="2" points="${history.map((s, i) => `${x(i).toFixed(1)},${y(s[g[0]]).toFixed(1)}`).join(" ")}"/>`).join("");
  const legend = groups.map((g, k) => `<span class="key" style="--c:${COLOURS[k % COLOURS.length]}">${esc(g.map(ctx.name).join(" & "))}</span>`).join(" ");
  const head = groups.map((g) => `<th scope="col">${esc(g.map(ctx.name).join(" & "))}</th>`).join("");
  const body = history.map((s, i) => `<tr><th scope="row">${i + 1}</th>${groups.map((g) => `<td>${s[g[0]]}</td>`).join("")}</tr>`).join("");
  return `<svg class="chart" viewBox="0 0 ${w} ${h}" aria-hidden="true"><line x1="0" x2="${w}" y1="${y(0)}" y2="${y(0)}" class="axis"/>${lines}</svg>` +
    `<p class="legend">${legend}</p><table class="history"><thead><tr><th scope="col">Hand</th>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
