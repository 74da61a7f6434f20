// Drawing the table from a seat's state: seats, auction, trick, prompt, actions and hand.
import { esc, linkRow } from "./api.js";
import { cardHtml, cardShort, groupHand, SUITS, suitOf } from "./cards.js";
import { at, inward, spot } from "./layout.js";
import { actionWords, bidLabel, choiceLabel, drawWords, firstPerson, suitWords } from "./words.js";


/** Seat names as the page shows them: "You" for the viewer's own seat; seats and bots numbered
 * from 1 (seat index 0 is "Seat 1", a bot there "Bot 1"). */
export function namer(table, mySeat) {
  return (seat) => {
    if (seat === mySeat) return "You";
    const s = table && table.seats[seat];
    if (!s) return `Seat ${seat + 1}`;
    if (s.kind === "bot") return `Bot ${seat + 1}`;
    return s.name || `Seat ${seat + 1}`;
  };
}

/** Which seats are on one side: fixed teams (seat s on team s % teams), else each seat alone. */
export function sides(players, teams) {
  if (!teams) return [...Array(players).keys()].map((s) => [s]);
  return [...Array(teams).keys()].map((t) => [...Array(players).keys()].filter((s) => s % teams === t));
}

function seatStatus(seat, playing = false) {
  if (!seat) return "";
  if (seat.kind === "open") return `<span class="tag away">${playing ? "open: a bot plays until someone joins" : "waiting for a player"}</span>`;
  if (seat.left) return '<span class="tag away">left: a bot plays for them</span>';
  if (seat.standin) return '<span class="tag away">away: a bot plays for them</span>';
  if (seat.kind === "human" && seat.connected === false) return '<span class="tag away">away</span>';
  return "";
}

/** The seats that play alone (a loner, a lone defender, a blind double loner), from the hand's
 * public log, and the partners who sit the hand out (Euchre). */
export function aloneSeats(ctx) {
  const { state, table } = ctx;
  const alone = new Set((state && state.log ? state.log : [])
    .filter((a) => a.choose === "alone" || a.choose === "blind").map((a) => a.seat));
  const teams = ctx.teams || 0;
  const out = new Set(teams ? [...Array(table.players).keys()]
    .filter((s) => !alone.has(s) && [...alone].some((a) => a % teams === s % teams)) : []);
  return { alone, out };
}

/** The players round the felt: each seat at its place (the viewer at the bottom, the partner across)
 * with its name, kind, connection, bid or contract, tricks taken, score, the dealer's chip and a
 * ring on the seat to act. */
export function seatsHtml(ctx) {
  const { table, state, seat: mine, name } = ctx;
  const n = table.players;
  const { alone, out: resting } = aloneSeats(ctx);
  const start = mine === null ? 0 : (mine + 1) % n;
  const taken = Array(n).fill(0);
  for (const t of state ? state.tricks : []) taken[t.winner] += 1;
  const out = [];
  for (let k = 0; k < n; k++) {
    const s = (start + k) % n;
    const badges = [];
    if (state && state.pitcher === s) {
      badges.push(byTricks(ctx) ? `<span class="badge pitcher" title="maker">Maker${alone.has(s) ? " \u00b7 alone" : ""}</span>`
        : `<span class="badge pitcher" title="pitcher">Pitcher${state.bid !== null ? ` \u00b7 ${esc(state.bid)}` : ""}</span>`);
    }
    if (alone.has(s) && state.pitcher !== s) badges.push('<span class="badge" title="defends alone">Defends alone</span>');
    if (resting.has(s)) badges.push('<span class="badge" title="sits this hand out">Sits out</span>');
    const bids = state ? state.bids.filter(([b]) => b === s) : [];
    const bid = bids.length && state.phase === "auction" ? `<span class="bid">${esc(bidLabel(bids[bids.length - 1][1]))}</span>` : "";
    const turn = state && state.to_act === s && state.phase !== "done";
    const count = state ? state.hand_sizes[s] : 0;
    const ht = ctx.handTeams;
    for (const [what, x] of ht ? [["High", ht.high], ["Low", ht.low]] : []) {
      if (x && x.sure && x.seat === s) badges.push(`<span class="badge" title="${what.toLowerCase()} of trump">${what} ${esc(cardShort(x.card))}</span>`);
    }
    if (state && state.phase === "play" && (state.tricks.length || taken[s])) {
      badges.push(`<span class="badge tricks" title="tricks taken this hand">${taken[s]} trick${taken[s] === 1 ? "" : "s"}</span>`);
    }
    let team = ctx.teams ? `team ${"ABCDEFGHI"[s % ctx.teams]}` : "";
    if (ht && ht.teams) team = ht.teams[0].includes(s) ? "high & low team" : "the other team";
    const info = table.seats[s] || {};
    const kind = s === mine ? "" : info.kind === "bot" ? `${info.bot} bot` : info.kind === "human" ? "person" : "";
    // a crowded table (more than five) keeps each seat to the team and the cards held
    const meta = [["m-kind", n > 5 ? "" : kind], ["m-team", team], ["m-cards", `${count} card${count === 1 ? "" : "s"}`],
      ["m-score", n > 5 ? "" : `score ${table.scores[s]}`]].filter(([, text]) => text);
    const dealer = state && state.dealer === s ? '<span class="chip" title="dealer"><span aria-hidden="true">D</span><span class="sr">dealer</span></span>' : "";
    const place = ctx.placed ? ` style="${at(spot(s, mine, n))}"` : "";
    out.push(`<div class="seat${turn ? " turn" : ""}${s === mine ? " mine" : ""}" data-seat="${s}" role="listitem"${place}>` +
      `<div class="who">${turn ? '<span class="sr">to act: </span>\u25b6 ' : ""}${esc(name(s))}</div>${dealer}` +
      `<div class="meta">${meta.map(([cls, text]) => `<span class="${cls}">${cls === "m-kind" && info.kind === "bot" ? `<span class="m-bot">${esc(info.bot)} </span>bot` : esc(text)}</span>`).join("")}</div>` +
      `<div class="badges">${badges.join("")}${bid}${seatStatus(info, table.status === "playing")}</div></div>`);
  }
  return out.join("");
}

const GAME_VALUE = { T: 10, A: 4, K: 3, Q: 2, J: 1 };

/** Card points for *game* taken so far by each seat (the winner of each finished trick). */
export function cardPoints(tricks, players) {
  const won = Array(players).fill(0);
  for (const t of tricks) for (const [, c] of t.plays) won[t.winner] += GAME_VALUE[c[0]] && c.length === 2 && c !== "BJ" && c !== "LJ" ? GAME_VALUE[c[0]] : 0;
  return won;
}

/** The hand's headline: hand number, trump, contract, stock, card points taken so far. */
export function infoText(ctx) {
  const { table, state, name } = ctx;
  if (!state) return table.status === "waiting" ? "Waiting for every seat to be taken." : "";
  // a finished hand kept on show behind its summary has its own number (the table counts the next)
  const parts = [`Hand ${state.number || table.hand}`, `${name(state.dealer)} dealt`];
  if (state.trump) parts.push(`trump ${suitWords(state.trump)}`);
  else if (state.upcard) parts.push(`${cardShort(state.upcard)} turned up`);
  if (byTricks(ctx)) {
    if (state.pitcher !== null) parts.push(`${name(state.pitcher)} made trump${aloneSeats(ctx).alone.has(state.pitcher) ? " alone" : ""}`);
  } else {
    if (state.pitcher !== null && state.bid !== null) parts.push(`${name(state.pitcher)} bid ${state.bid}${state.ran ? " (ran it)" : ""}`);
    if (state.stock_size) parts.push(`${state.stock_size} cards in the stock`);
  }
  if (ctx.showGame && state.tricks.length) {
    const won = cardPoints(state.tricks, table.players);
    parts.push(`card points for game: ${ctx.groups.map((g) => `${g.map(name).join(" & ")} ${g.reduce((t, s) => t + won[s], 0)}`).join(", ")}`);
  }
  return parts.join(" \u00b7 ");
}

/** Whether the table's hands are scored by the makers' tricks (Euchre) rather than by points. */
export function byTricks(ctx) { return (ctx.options || {})["score-by"] === "tricks"; }

/** The auction (at Euchre the making of trump) in words. */
export function phaseWords(ctx, phase) { return phase === "auction" && byTricks(ctx) ? "making trump" : phase; }

/** The auction so far, as it happens. */
export function auctionHtml(ctx) {
  const { state, name } = ctx;
  if (!state || !state.bids.length || state.phase !== "auction") return "";
  return `<h2 class="sr">${byTricks(ctx) ? "Making trump" : "Auction"}</h2><ol class="bids">${state.bids.map(([s, b]) => `<li><b>${esc(name(s))}</b> ${esc(b === "pass" ? "pass" : b)}</li>`).join("")}</ol>`;
}

/** The cards on the table with who played them; ``shown.winner`` marks a finished trick. On the
 * felt (``ctx.placed``) each card lies in front of its seat, and a card not in ``ctx.landed`` (the
 * cards already drawn there) flies in from its seat. */
export function trickHtml(ctx, shown) {
  const plays = shown ? shown.plays : (ctx.state ? ctx.state.trick : []);
  if (!plays.length) return upcardHtml(ctx.state);
  const n = ctx.table ? ctx.table.players : 0;
  const items = plays.map(([s, c]) => {
    const win = shown && shown.winner === s;
    const fly = ctx.placed && !(shown && shown.peek) && !(ctx.landed && ctx.landed.has(c));
    const toward = inward(s, ctx.seat, n);
    const place = ctx.placed ? ` style="${at(spot(s, ctx.seat, n))};--ux:${toward.x};--uy:${toward.y}"` : "";
    return `<figure class="played${win ? " winner" : ""}${fly ? " fly" : ""}" data-seat="${s}" data-played="${c}"${place}>${cardHtml(c)}<figcaption>${esc(ctx.name(s))}${win ? " \u2605" : ""}</figcaption></figure>`;
  }).join("");
  let caption = "";
  if (shown && shown.peek) caption = `<p class="trick-winner">Last trick: ${esc(ctx.name(shown.winner))} took it</p>`;
  else if (shown && shown.winner !== null && shown.winner !== undefined) caption = `<p class="trick-winner">${esc(ctx.name(shown.winner))} ${shown.winner === ctx.seat ? "win" : "wins"} the trick</p>`;
  else if (shown && shown.last) caption = '<p class="trick-winner">The last trick of the hand</p>';
  return `<div class="plays">${items}</div>${caption}`;
}

/** The card turned up for making trump, while trump is being made (Euchre). */
function upcardHtml(state) {
  if (!state || !state.upcard || state.phase === "play" || state.phase === "done") return "";
  return `<div class="plays"><figure class="played upcard">${cardHtml(state.upcard)}<figcaption>turned up</figcaption></figure></div>`;
}

/** Why a card that is not in the legal list may not be played now. */
export function whyNot(ctx, card) {
  const { state, seat } = ctx;
  if (!state || seat === null) return "not your cards";
  if (state.to_act !== seat) return `wait: it is ${ctx.name(state.to_act)}'s turn`;
  if (state.phase !== "play") return `cards are played after the ${state.phase}`;
  if (!state.trick.length) {
    return state.tricks.length === 0 && state.pitcher === seat ? "the first lead must be trump" : "this card may not lead now";
  }
  const led = suitOf(state.trick[0][1], state.trump, ctx.offJack);
  if (led === state.trump) return `you must follow trump (${SUITS[led].name})`;
  if (suitOf(card, state.trump, ctx.offJack) === led) return "this card may not be played now";
  return `you must follow ${SUITS[led] ? SUITS[led].name : "the suit led"} (or trump)`;
}

function legalOf(ctx, key) { return (ctx.state && ctx.state.legal ? ctx.state.legal : []).filter((a) => key in a); }

/** Buttons for every legal action that is not a card: bids, choices, trump, and the discard's confirm. */
export function actionsHtml(ctx) {
  const { state } = ctx;
  if (!state || ctx.seat === null || state.to_act !== ctx.seat) return "";
  const buttons = [];
  const high = state.bids.reduce((m, [, b]) => (typeof b === "number" && b > m ? b : m), 0);
  // everyone passed to a dealer who may take it or run it: the lowest bid is taking it
  const taking = legalOf(ctx, "choose").some((a) => a.choose === "run");
  const lowest = Math.min(...legalOf(ctx, "bid").map((a) => a.bid).filter((b) => typeof b === "number"));
  for (const a of legalOf(ctx, "bid")) {
    const steal = typeof a.bid === "number" && state.dealer === ctx.seat && (a.bid === high || (taking && a.bid === lowest));
    buttons.push(`<button type="button" class="act${ctx.hint === JSON.stringify(a) ? " hinted" : ""}" data-act='${esc(JSON.stringify(a))}'>${esc(bidLabel(a.bid))}${steal ? " (take it)" : ""}</button>`);
  }
  for (const a of legalOf(ctx, "choose")) {
    buttons.push(`<button type="button" class="act" data-act='${esc(JSON.stringify(a))}'>${esc(choiceLabel(a.choose, state))}</button>`);
  }
  for (const a of legalOf(ctx, "trump")) {
    const orderUp = state.upcard && state.upcard.slice(-1) === a.trump && state.phase === "auction";
    const verb = state.dealer === ctx.seat ? "Pick up " : "Order up ";
    buttons.push(`<button type="button" class="act suit-${a.trump}" data-act='${esc(JSON.stringify(a))}'>${orderUp ? verb : ""}${esc(suitWords(a.trump))}</button>`);
  }
  const discard = legalOf(ctx, "discard")[0];
  if (discard) {
    const [lo, hi] = discard.discard.count;
    const n = ctx.selected.size;
    const ok = n >= lo && n <= hi;
    buttons.push(`<button type="button" class="act primary" id="discard-go"${ok ? "" : ' aria-disabled="true"'}>Discard ${n} card${n === 1 ? "" : "s"}</button>` +
      `<span class="muted"> choose ${lo === hi ? lo : `${lo} to ${hi}`}</span>`);
  }
  const passes = legalOf(ctx, "pass");
  if (passes.length && passes[0].pass.length > 1) {
    const need = passes[0].pass.length;
    buttons.push(`<button type="button" class="act primary" id="pass-go"${ctx.selected.size === need ? "" : ' aria-disabled="true"'}>Pass ${need} cards to your partner</button>`);
  }
  return buttons.join(" ");
}

/** Making trump with the upcard, the viewer's turn: order it up (the dealer: pick it up) in round one,
 * name another suit in round two; "or pass" where passing is allowed. */
function makingWords(ctx) {
  const { state, seat } = ctx;
  const or = legalOf(ctx, "bid").length ? " or pass" : "";
  const named = state.log.find((a) => "trump" in a);  // a Benny turned up stands for the suit named first
  const suit = SUITS[state.upcard.slice(-1)] ? state.upcard.slice(-1) : named && named.trump;
  if (!suit) return "name the suit the Benny stands for";
  if (legalOf(ctx, "trump").some((a) => a.trump === suit)) {
    const card = named && !SUITS[state.upcard.slice(-1)] ? "the Benny" : cardShort(state.upcard);
    return `${state.dealer === seat ? "pick up" : "order up"} ${card}${or}`;
  }
  return `name trump${or}`;
}

/** While a table waits for players, the invite links this browser keeps for the seats still open
 * (``entry``: the table as the lobby kept it when it created the table), to send again. */
export function invitesHtml(table, entry) {
  if (!table || table.status !== "waiting" || !entry || !Array.isArray(entry.invites)) return "";
  const open = entry.invites.filter((i) => table.seats[i.seat] && table.seats[i.seat].kind === "open");
  if (!open.length) return "";
  const rows = open.map((i) => linkRow(`Invite for seat ${i.seat + 1}`, i.link));
  return `<p>Send each friend the link of their seat (each link works once):</p><ul class="links">${rows.join("")}</ul>`;
}

/** What the viewer is asked to do, or whom everyone waits for. */
export function promptText(ctx) {
  const { state, table, seat } = ctx;
  if (table.status === "over") return "The game is over.";
  if (table.status === "closed") return "This table is closed: the tournament desk stopped its game.";
  if (!state) return table.status === "waiting" ? "Waiting for players to join." : "";
  if (ctx.left) return "You left your seat: a bot plays it until you take it back.";
  if (state.phase === "done") return "The hand is over.";
  if (seat === null || state.to_act !== seat) return `Waiting for ${ctx.name(state.to_act)} (${phaseWords(ctx, state.phase)}).`;
  const has = (k) => legalOf(ctx, k).length > 0;
  if (has("discard")) {
    const [lo, hi] = legalOf(ctx, "discard")[0].discard.count;
    const n = `${lo === hi ? lo : `${lo} to ${hi}`} card${hi === 1 ? "" : "s"}`;
    // with the upcard turned and no trump yet, a farmer's hand exchanges cards with the kitty
    if (state.upcard && !state.trump) return `Your turn: choose ${n} to give to the kitty for as many of its own, then confirm.`;
    return `Your turn: choose ${n} to discard${state.upcard ? " face down" : ""}, then confirm.`;
  }
  if (has("pass")) return "Your turn: choose the card(s) to pass to your partner.";
  if (has("trump") && state.upcard) return `Your turn: ${makingWords(ctx)}.`;
  if (has("trump")) return "Your turn: name trump.";
  if (has("choose") && !has("bid")) return `Your turn: ${legalOf(ctx, "choose").map((a) => choiceLabel(a.choose, state).toLowerCase()).join(" or ")}.`;
  if (has("bid") || has("choose")) return "Your turn: bid or pass.";
  if (has("play")) return state.trick.length ? "Your turn: play a card." : "Your turn: lead a card.";
  return "Your turn.";
}

/** The viewer's cards, grouped by suit with trumps first; only legal choices are live. */
export function handHtml(ctx) {
  const { state } = ctx;
  if (!state || !state.hand) return "";
  const myTurn = state.to_act === ctx.seat;
  const plays = new Set(legalOf(ctx, "play").map((a) => a.play));
  const discard = legalOf(ctx, "discard")[0];
  const pickable = new Set(discard ? discard.discard.choose_from : []);
  const passes = legalOf(ctx, "pass");
  for (const p of passes) for (const c of p.pass) pickable.add(c);
  const groups = groupHand(state.hand, state.trump, ctx.offJack, Boolean(ctx.opts && ctx.opts.bowers));
  const html = groups.map(([suit, cards]) => {
    const jokers = ctx.opts && ctx.opts.benny ? "The Benny" : "Jokers";
    const label = suit === state.trump ? `Trump ${suitWords(suit)}` : suit === "J" ? jokers : suitWords(suit);
    const buttons = cards.map((c) => {
      let attrs;
      let cls = "";
      if (myTurn && (plays.has(c) || pickable.has(c))) {
        cls = "legal";
        attrs = pickable.has(c) ? `aria-pressed="${ctx.selected.has(c)}"` : "";
        if (ctx.hint === c) cls += " hinted";
      } else {
        const reason = myTurn && pickable.size ? "not one of the cards you may choose" : whyNot(ctx, c);
        cls = myTurn ? "illegal" : "idle";
        attrs = `aria-disabled="true" title="${esc(reason)}" data-why="${esc(reason)}"`;
      }
      return cardHtml(c, { button: true, attrs, cls });
    }).join("");
    return `<div class="group${suit === state.trump ? " trump" : ""}" role="group" aria-label="${esc(label)}"><span class="glabel">${esc(label)}</span><div class="cards">${buttons}</div></div>`;
  }).join("");
  const notes = [];
  if (state.discards && state.discards.length) notes.push(`You discarded ${state.discards.map(cardShort).join(" ")}.`);
  if (state.passed && state.passed.length) notes.push(`You passed ${state.passed.map(cardShort).join(" ")}.`);
  if (state.received && state.received.length) notes.push(`You received ${state.received.map(cardShort).join(" ")}.`);
  return `<h2 class="sr">Your cards</h2>${html}${notes.length ? `<p class="muted">${esc(notes.join(" "))}</p>` : ""}`;
}


/** The hand so far in words, with each trick's winner. */
export function logLines(ctx) {
  const { state, name } = ctx;
  if (!state) return [];
  const lines = [];
  let trick = 0;
  let inTrick = 0;
  const says = (seat, words) => `${name(seat)} ${seat === ctx.seat ? firstPerson(words) : words}`;
  const draws = state.draws || [];
  state.log.forEach((a, i) => {
    lines.push(says(a.seat, actionWords(a, state)));
    for (const d of draws) if (d.after === i + 1) lines.push(says(d.seat, drawWords(d, state)));
    if ("play" in a) {
      inTrick += 1;
      const done = state.tricks[trick];
      if (done && inTrick === done.plays.length) {
        lines.push(`\u2192 ${name(done.winner)} ${done.winner === ctx.seat ? "win" : "wins"} the trick`);
        trick += 1;
        inTrick = 0;
      }
    }
  });
  return lines;
}
