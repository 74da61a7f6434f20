// Teams that form during a hand (seven-point): whoever plays the high of trump and whoever plays
// the low are partners, everyone else the other team. Worked out from what one seat knows: the
// cards played, and its own cards.
import { SUITS, suitOf, trumpPower } from "./cards.js";

const RANKS = "23456789TJQKA";

/** Every trump of the deck under ``trump`` with the table's rules (``opts``: the table's options). */
function deckTrumps(trump, opts) {
  const cards = [...RANKS].map((r) => `${r}${trump}`);
  if (opts["off-jack"]) cards.push(`J${Object.keys(SUITS).find((s) => s !== trump && SUITS[s].red === SUITS[trump].red)}`);
  const jokers = Number(opts.jokers) || 0;
  if (jokers >= 1) cards.push("BJ");
  if (jokers >= 2) cards.push("LJ");
  return cards;
}

/**
 * The high and the low of trump as ``state`` shows them to its seat, and the teams once both are
 * certain: ``{high, low, teams}``, where ``high`` and ``low`` are ``{seat, card, sure, held}`` or
 * null (``held``: still in the seat's own hand) and ``teams`` is ``[[high & low seats], [the
 * rest]]`` or null. A card is certain to be the high when no trump that could beat it is unseen
 * (an unseen one may be in another hand) or every hand is played out; the same for the low. With
 * equal jokers, the first of the two played counts as the higher and the last as the lower, as in
 * the scoring. Null before trump is known.
 */
export function handTeams(state, opts) {
  if (!state || !state.trump) return null;
  const trump = state.trump;
  const offJack = Boolean(opts["off-jack"]);
  const equal = Boolean(opts["equal-jokers"]);
  const power = (c) => trumpPower(c, trump, equal);
  const isTrump = (c) => suitOf(c, trump, offJack) === trump;
  const played = [];
  for (const t of state.tricks || []) for (const [s, c] of t.plays) played.push([s, c]);
  for (const [s, c] of state.trick || []) played.push([s, c]);
  const trumps = played.filter(([, c]) => isTrump(c));
  const mine = (state.hand || []).filter(isTrump).map((c) => [state.seat, c]);
  const seen = new Set([...played.map(([, c]) => c), ...(state.hand || [])]);
  const unseen = deckTrumps(trump, opts).filter((c) => !seen.has(c));
  const over = (state.hand_sizes || []).every((n) => n === 0);

  let high = null;
  let low = null;
  for (const [seat, card] of trumps) {
    if (!high || power(card) > power(high.card)) high = { seat, card, held: false };
    if (!low || power(card) <= power(low.card)) low = { seat, card, held: false };
  }
  for (const [seat, card] of mine) {
    if (!high || power(card) > power(high.card)) high = { seat, card, held: true };
    if (!low || power(card) < power(low.card)) low = { seat, card, held: true };
  }
  if (high) {
    const p = power(high.card);
    high.sure = over || !unseen.some((c) => power(c) > p || (high.held && power(c) === p));
  }
  if (low) {
    const p = power(low.card);
    low.sure = over || !unseen.some((c) => power(c) < p || (low.held && power(c) === p));
  }
  let teams = null;
  if (high && low && high.sure && low.sure) {
    const makers = [...new Set([high.seat, low.seat])];
    teams = [makers, state.seats.filter((s) => !makers.includes(s))];
  }
  return { high, low, teams };
}
