// Actions, bids, awards and results in plain words.
import { cardShort, SUITS } from "./cards.js";

const CHOICES = {
  run: "Run it", sell: "Sell", misdeal: "Call a misdeal", alone: "Go alone", partner: "Play with your partner",
  blind: "Blind double loner", look: "Look at your cards", farmer: "Farmer's hand",
};
const CHOICE_DONE = {
  run: "runs it", sell: "sells the bid", misdeal: "calls a misdeal", alone: "goes alone", partner: "plays with the partner",
  blind: "calls a blind double loner", look: "looks", farmer: "calls a farmer's hand",
};
const POINTS = {
  high: "High", low: "Low", jack: "Jack", "off-jack": "Off-jack", "big-joker": "Big joker",
  "little-joker": "Little joker", ace: "Ace", ten: "Ten", two: "Two", three: "Three", game: "Game",
  smudge: "Smudge", made: "Made", march: "March", "alone-march": "March alone", "blind-march": "Blind march",
  euchre: "Euchre", "super-euchre": "Super euchre", "lone-euchre": "Lone euchre",
};

/** A bid's label on its button: "Pass", "Bid 3", "Smudge". */
export function bidLabel(bid) {
  if (bid === "pass") return "Pass";
  if (typeof bid === "number") return `Bid ${bid}`;
  return bid.charAt(0).toUpperCase() + bid.slice(1);
}

/** A choice's label on its button; where an ``upcard`` is turned (Euchre) a misdeal is a hand thrown
 * in, and going alone once someone in the ``log`` went alone is defending alone. */
export function choiceLabel(choice, { upcard = null, log = [] } = {}) {
  if (choice === "misdeal" && upcard) return "Throw in your hand";
  if (choice === "alone" && lonerIn(log || [])) return "Defend alone";
  return CHOICES[choice] || choice;
}

/** Whether someone in ``actions`` went alone (or called a blind double loner). */
function lonerIn(actions) { return actions.some((x) => x.choose === "alone" || x.choose === "blind"); }

/** A suit's name with its symbol. */
export function suitWords(suit) { return `${SUITS[suit].sym} ${SUITS[suit].name}`; }

/** What one action did, after the actor's name: "bids 3", "plays K♠", "discards 3 cards"; with the
 * hand's ``upcard`` and ``dealer`` (Euchre), making the upcard's suit trump "orders up 10♠", or "picks
 * up 10♠" said of the dealer. A Benny turned up (euchre-uk) stands for the suit the dealer names
 * first, the first naming of trump in the hand's ``log`` (the actions so far): "names ♠ spades for
 * the Benny", then "orders up the Benny". */
export function actionWords(a, { upcard = null, dealer = null, log = [] } = {}) {
  if ("bid" in a) return a.bid === "pass" ? "passes" : `bids ${a.bid}`;
  if ("play" in a) return `plays ${cardShort(a.play)}`;
  if ("trump" in a && upcard) {
    const benny = !SUITS[upcard.slice(-1)];
    const naming = benny ? log.find((x) => "trump" in x) : null;
    if (benny && (!naming || naming === a)) return `names ${suitWords(a.trump)} for the Benny`;
    if (a.trump === (benny ? naming.trump : upcard.slice(-1))) {
      return `${a.seat === dealer ? "picks" : "orders"} up ${benny ? "the Benny" : cardShort(upcard)}`;
    }
  }
  if ("trump" in a) return `names ${suitWords(a.trump)} trump`;
  if ("discard" in a) {
    const n = Array.isArray(a.discard) ? a.discard.length : a.discard;
    const list = Array.isArray(a.discard) && n ? `: ${a.discard.map(cardShort).join(" ")}` : "";
    return `discards ${n} card${n === 1 ? "" : "s"}${list}`;
  }
  if ("pass" in a) {
    const n = Array.isArray(a.pass) ? a.pass.length : a.pass;
    const list = Array.isArray(a.pass) ? ` (${a.pass.map(cardShort).join(" ")})` : "";
    return `passes ${n} card${n === 1 ? "" : "s"} to the partner${list}`;
  }
  if ("choose" in a && a.choose === "misdeal" && upcard) return "throws in the hand";
  if ("choose" in a && a.choose === "alone" && lonerIn(log.includes(a) ? log.slice(0, log.indexOf(a)) : log)) {
    return "defends alone";
  }
  if ("choose" in a) return CHOICE_DONE[a.choose] || a.choose;
  return JSON.stringify(a);
}

/** Cards a seat took from the pack, as everyone sees it (``d``: an entry of the state's ``draws``):
 * "takes 3 cards from the stock", "takes the rest of the stock: 7 cards", "picks up 9♦". */
export function drawWords(d, { upcard = null } = {}) {
  if (d.upcard && upcard) return `picks up ${cardShort(upcard)}`;
  const pile = upcard ? "kitty" : "stock";
  const cards = `${d.count} card${d.count === 1 ? "" : "s"}`;
  return d.rest ? `takes the rest of the ${pile}: ${cards}` : `takes ${cards} from the ${pile}`;
}

const VERBS = {
  passes: "pass", bids: "bid", plays: "play", names: "name", discards: "discard", runs: "run", sells: "sell", calls: "call",
  goes: "go", looks: "look", orders: "order", picks: "pick", throws: "throw", defends: "defend", takes: "take",
};

/** "plays K♠" said of oneself: "play K♠". */
export function firstPerson(words) {
  const [verb, ...rest] = words.split(" ");
  return [VERBS[verb] || verb, ...rest].join(" ");
}

/** A hint's action as an instruction, with the hand's ``state`` (its upcard, dealer and log): "play
 * K♠", "Bid 3", "name ♠ spades trump", "order up 9♥", "go alone". */
export function hintWords(a, state = {}) {
  if ("bid" in a) return bidLabel(a.bid);
  return firstPerson(actionWords(a, state || {}));
}

/** One award in words: "High (A♥): Ann", with its value and whether it scored; a point named
 * after its card (a joker) does not name the card again. */
export function awardWords(award, name) {
  const point = POINTS[award.point] || award.point;
  const label = award.card ? cardShort(award.card) : "";
  const card = label && label.toLowerCase() !== point.toLowerCase() ? ` (${label})` : "";
  const who = award.seat === null || award.seat === undefined ? "nobody" : name(award.seat);
  const value = award.value && award.value !== 1 ? `, ${award.value} points` : "";
  const scored = award.scored === false ? " \u2014 not scored" : "";
  return `${point}${card}: ${who}${value}${scored}`;
}

const UNAWARDED = {
  tied: "tied: nobody scores it", "no-trump": "no trump was played: nobody scores it",
  "one-trump": "only one trump was played: nobody scores it", "not-in-play": "not in play: nobody scores it",
};

/** A point of the rules that went to nobody, in words: "Jack: not in play: nobody scores it". */
export function unawardedWords(missed) {
  return `${POINTS[missed.point] || missed.point}: ${UNAWARDED[missed.why] || "nobody scores it"}`;
}

/** "made" or "set" for a result with a bid; ``tricks``: a hand scored by the makers' tricks (Euchre),
 * where the makers make trump and make it or are euchred. */
export function madeWords(result, name, { tricks = false } = {}) {
  if (result.misdeal && tricks) return "The hand is thrown in: it is not scored and the cards are dealt again.";
  if (result.misdeal) return "Misdeal: the hand is dealt again.";
  // a hand scored by tricks names its maker; a Pitch hand its pitcher and bid
  const maker = tricks ? result.maker : result.pitcher;
  const known = maker !== null && maker !== undefined;
  if (result.ruling) {
    const before = !known ? "" : tricks ? ` ${name(maker)} had made trump.` : ` ${name(maker)} had bid ${result.bid}.`;
    return `A judge's ruling ended the hand: ${result.ruling}.${before}`;
  }
  if (!known) return tricks ? "Nobody made trump." : "No bid was made.";
  const you = name(maker) === "You";
  if (tricks && result.trump) {
    const alone = result.alone ? " alone" : "";
    return `${name(maker)} made ${suitWords(result.trump)} trump${alone} and ${result.made ? "made it" : you ? "were euchred" : "was euchred"}.`;
  }
  return `${name(maker)} bid ${result.bid}${result.trump ? ` in ${suitWords(result.trump)}` : ""}` +
    ` and ${result.made ? "made it" : you ? "were set" : "was set"}.`;
}
