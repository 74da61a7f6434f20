// The words of Pitch and Euchre in plain language: the glossary of How to play, and the tooltips
// on those words where the table tells what happens. Each term: its name, what it means, the
// words that say it in the page's texts (a pattern), and for which rules it is worth explaining
// (``when``, from a table's ``options``; every game when absent). The patterns are case-sensitive, so
// that a player named "Jack" or "Trump" is not taken for the word; a point's name starts a line.

const pitch = (o) => (o["score-by"] || "points") === "points";
const euchre = (o) => o["score-by"] === "tricks";
const scores = (point) => (o) => pitch(o) && Array.isArray(o.points) && o.points.includes(point);

/** Every term, in the order How to play lists them. */
export const TERMS = [
  { id: "trump", term: "Trump", words: "\\btrumps?\\b",
    text: "The suit chosen for the hand. Any trump beats any card of another suit; the highest trump played wins the trick." },
  { id: "trick", term: "Trick", words: "\\btricks?\\b",
    text: "One card from each player in turn. The best card takes the trick, and whoever took it leads the next one." },
  { id: "lead", term: "Lead, follow suit", words: "\\bleads?\\b|\\bfollow\\b",
    text: "To lead is to play the first card of a trick. The others follow suit: they play a card of the suit led if they have one." },
  { id: "bid", term: "Bid", words: "\\bbid(?:s|der)?\\b", when: pitch,
    text: "How many points a player promises to take in the hand. Each bid must beat the one before; the highest bid wins." },
  { id: "pitch", term: "Pitch, pitcher", words: "\\bpitch(?:er|ers|es|ed)?\\b", when: pitch,
    text: "The pitcher is the player who won the bidding. Pitching is leading the first card, which in most games makes its suit trump." },
  { id: "set", term: "Set", words: "\\bset\\b", when: pitch,
    text: "A pitcher who takes fewer points than the bid is set: none of those points count, and the bid comes off the score." },
  { id: "high", term: "High", words: "^High(?= \\(|:)", when: scores("high"),
    text: "A point for the highest trump played in the hand." },
  { id: "low", term: "Low", words: "^Low(?= \\(|:)", when: scores("low"),
    text: "A point for the lowest trump played in the hand." },
  { id: "jack", term: "Jack", words: "^Jack(?= \\(|:)", when: scores("jack"),
    text: "A point for the jack of trump, if it was dealt: it goes to whoever takes it in a trick." },
  { id: "game", term: "Game", words: "^Game(?= \\(|:)|(?<=points for )game\\b", when: scores("game"),
    text: "A point for the side whose tricks hold the most card points: each ten counts 10, ace 4, king 3, queen 2, jack 1. A tie scores nobody." },
  { id: "jick", term: "Jick (off-jack)", words: "\\bjick\\b|\\boff-jack\\b|^Off-jack\\b", when: (o) => o["off-jack"] === true && !o.bowers,
    text: "The other jack of trump's colour (spades and clubs are black, hearts and diamonds red). It counts as a trump, just below the jack of trump." },
  { id: "joker", term: "Jokers", words: "\\b(?:big |little )?jokers?\\b|^(?:Big|Little) joker\\b", when: (o) => Number(o.jokers) > 0 && !o.benny,
    text: "Two extra cards that count as trumps, below the jacks and above the ten. Each is worth a point." },
  { id: "smudge", term: "Smudge", words: "\\b(?:over-)?smudge\\b|^(?:Over-s|S)mudge\\b", when: (o) => o["smudge-bids"] === true || scores("smudge")(o),
    text: "Taking every point of the hand, also called shooting the moon. Where it is a bid it promises exactly that; an over-smudge beats it." },
  { id: "run", term: "Run it", words: "\\b(?:run|runs|ran) it\\b", when: (o) => o["all-pass"] === "take-or-run",
    text: "When everyone else passes, the dealer may run it instead of playing for the lowest bid: everyone gets more cards and the bidding goes round again." },
  { id: "take", term: "Take it", words: "\\btakes? it\\b", when: (o) => o["all-pass"] === "take-or-run" || (o["dealer-steal"] && o["dealer-steal"] !== "none"),
    text: "The dealer takes the bid: for the lowest bid when everyone else passed, or, where the rules allow, by matching the high bid." },
  { id: "sell", term: "Sell", words: "\\bsells?\\b", when: (o) => o["all-pass"] === "take-or-run",
    text: "After running it, the dealer sells the bid: the high bidder of the second round becomes the pitcher." },
  { id: "stock", term: "Stock", words: "\\bstock\\b", when: pitch,
    text: "The cards left over after the deal, face down. Where the rules say so, players draw from it." },
  { id: "misdeal", term: "Misdeal", words: "\\bmisdeal\\b|\\bthrows? in\\b|^Misdeal\\b",
    text: "A deal that does not count: the cards are dealt again and nobody scores." },
  { id: "kitty", term: "Kitty, upcard", words: "\\bkitty\\b|\\bupcard\\b|\\bturned up\\b|\\b(?:orders?|picks?) up\\b", when: euchre,
    text: "The cards left after the deal are the kitty; its top card is turned up. Ordering it up makes its suit trump, and the dealer picks it up." },
  { id: "maker", term: "Maker", words: "\\bmakers?\\b", when: euchre,
    text: "The player who made trump. The maker's team must take at least three of the five tricks." },
  { id: "bower", term: "Bower", words: "\\b(?:right |left )?bowers?\\b", when: (o) => o.bowers === true,
    text: "The two highest trumps: the right bower is the jack of trump, the left bower the other jack of the same colour, which counts as a trump." },
  { id: "benny", term: "The Benny", words: "\\bBenny\\b", when: (o) => o.benny === true,
    text: "A joker that is the highest trump of all, above the right bower." },
  { id: "alone", term: "Going alone", words: "\\balone\\b", when: (o) => o["going-alone"] === true,
    text: "The maker plays without a partner, whose cards sit out the hand. Taking all five tricks alone scores more." },
  { id: "march", term: "March", words: "\\bmarch(?:ed)?\\b|^March\\b", when: euchre,
    text: "The makers take all five tricks." },
  { id: "euchre", term: "Euchred", words: "\\b(?:super |lone )?euchred?\\b|^(?:(?:Super|Lone) e|E)uchre\\b", when: euchre,
    text: "Makers who take fewer than three tricks are euchred: the defenders score instead." },
];
