// Cards: names for screen readers, short labels, SVG faces drawn by code, trump grouping and sorting.

export const SUITS = {
  S: { name: "spades", sym: "\u2660", red: false },
  H: { name: "hearts", sym: "\u2665", red: true },
  C: { name: "clubs", sym: "\u2663", red: false },
  D: { name: "diamonds", sym: "\u2666", red: true },
};
const RANK_LABEL = { T: "10" };
const RANK_NAME = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
  T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const ORDER = "23456789TJQKA";
const JOKERS = { BJ: "big joker", LJ: "little joker" };
const JOKERS_SHORT = { BJ: "Big joker", LJ: "Little joker" };
// the jokers' names at the page's table (nameCards): a page shows one table, or one game's replay
let jokerNames = JOKERS;
let jokerShort = JOKERS_SHORT;

/** Name the cards by the rules of the page's table (``options``: every rule by option name, as a
 * table or a replay gives them): where the rules have the Benny (euchre-uk) the big joker is the
 * Benny in every word the page shows; elsewhere it is the big joker. */
export function nameCards(options) {
  const benny = Boolean(options && options.benny === true);
  jokerNames = benny ? { ...JOKERS, BJ: "the Benny" } : JOKERS;
  jokerShort = benny ? { ...JOKERS_SHORT, BJ: "the Benny" } : JOKERS_SHORT;
}

/** "king of spades", "big joker" (at euchre-uk "the Benny"). */
export function cardName(card) {
  return jokerNames[card] || `${RANK_NAME[card[0]]} of ${SUITS[card[1]].name}`;
}

/** "K♠", "10♥", "Big joker" (at euchre-uk "the Benny"). */
export function cardShort(card) {
  return jokerShort[card] || `${RANK_LABEL[card[0]] || card[0]}${SUITS[card[1]].sym}`;
}

/** The colour partner of a suit (the off-jack's suit). */
function sameColour(suit) { return { S: "C", C: "S", H: "D", D: "H" }[suit]; }

/** The suit a card belongs to under ``trump``: jokers and the off-jack belong to trump. */
export function suitOf(card, trump, offJack) {
  if (card in JOKERS) return trump || "J";
  if (trump && offJack && card[0] === "J" && card[1] === sameColour(trump)) return trump;
  return card[1];
}

/** A trump's power, as the engine ranks trumps: A K Q J, the off-jack, the big then the little
 * joker (equal with ``equalJokers``), 10 down to 2. Only for cards of the trump suit. */
export function trumpPower(card, trump, equalJokers = false) {
  if (card === "BJ") return equalJokers ? 11 : 12;
  if (card === "LJ") return 11;
  if (card[0] === "J" && card[1] !== trump) return 13;
  return ORDER.indexOf(card[0]) + (ORDER.indexOf(card[0]) >= ORDER.indexOf("J") ? 5 : 2);
}

/** Rank for sorting within a suit group, highest first (trump order: A K Q J off-jack jokers 10 ...;
 * with ``bowers`` (Euchre) the Benny, the right and the left bower above the ace). */
function rankKey(card, trump, inTrump, bowers = false) {
  if (inTrump && bowers && (card in JOKERS || card[0] === "J")) return card in JOKERS ? 22 : card[1] === trump ? 21 : 20;
  if (inTrump) return trumpPower(card, trump);
  return card === "BJ" ? 14 : card === "LJ" ? 13 : ORDER.indexOf(card[0]);
}

/** Cards grouped by suit, trumps first, each group highest first: [[suit, [cards]], ...]. */
export function groupHand(cards, trump, offJack, bowers = false) {
  const groups = new Map();
  const order = trump ? [trump, ...Object.keys(SUITS).filter((s) => s !== trump), "J"] : [...Object.keys(SUITS), "J"];
  for (const s of order) groups.set(s, []);
  for (const c of cards) groups.get(suitOf(c, trump, offJack)).push(c);
  for (const [s, list] of groups) list.sort((a, b) => rankKey(b, trump, s === trump, bowers) - rankKey(a, trump, s === trump, bowers));
  return [...groups.entries()].filter(([, list]) => list.length);
}

/** An SVG card face (decorative: the button around it carries the name). */
export function cardSvg(card) {
  if (card in JOKERS) {
    const colour = card === "BJ" ? "#b3123b" : "#1d2433";
    return `<svg viewBox="0 0 50 70" aria-hidden="true" focusable="false"><rect x="1" y="1" width="48" height="68" rx="5" class="face"/>` +
      `<text x="5" y="14" class="idx" fill="${colour}">${card === "BJ" ? "B" : "L"}</text>` +
      `<text x="25" y="44" text-anchor="middle" class="pip" fill="${colour}">\u2605</text>` +
      `<text x="25" y="62" text-anchor="middle" class="jk" fill="${colour}">JOKER</text></svg>`;
  }
  const suit = SUITS[card[1]];
  const colour = suit.red ? "#b3123b" : "#1d2433";
  const rank = RANK_LABEL[card[0]] || card[0];
  return `<svg viewBox="0 0 50 70" aria-hidden="true" focusable="false"><rect x="1" y="1" width="48" height="68" rx="5" class="face"/>` +
    `<text x="5" y="15" class="idx" fill="${colour}">${rank}</text>` +
    `<text x="5" y="27" class="sm" fill="${colour}">${suit.sym}</text>` +
    `<text x="27" y="52" text-anchor="middle" class="pip" fill="${colour}">${suit.sym}</text></svg>`;
}

/** A card as a button (``attrs``: extra attributes) or, without ``button``, a labelled figure. */
export function cardHtml(card, { button = false, attrs = "", cls = "" } = {}) {
  const label = cardName(card);
  if (button) {
    return `<button type="button" class="card ${cls}" data-card="${card}" aria-label="${label}" ${attrs}>${cardSvg(card)}</button>`;
  }
  return `<span class="card ${cls}" data-card="${card}" role="img" aria-label="${label}">${cardSvg(card)}</span>`;
}
