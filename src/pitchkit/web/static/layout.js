// Where things lie on the felt: the viewer at the bottom, the seats after it clockwise (left, across,
// right), evenly round an ellipse for 2 to 9 players; each played card in front of its seat.

/** The place of ``seat`` (as percentages of the felt: ``{x, y}``) for a table of ``players`` seen
 * from ``mine`` (a spectator, ``null``, sees seat 0 at the bottom). ``reach`` scales the distance
 * from the middle: 1 for the seats, less for the cards they play. */
export function spot(seat, mine, players, reach = 1) {
  const bottom = mine === null || mine === undefined ? 0 : mine;
  const k = (seat - bottom + players) % players;
  // clockwise on screen from the bottom: the next seat to play sits on the viewer's left
  const angle = Math.PI / 2 + (k * 2 * Math.PI) / players;
  const x = 50 + 40 * reach * Math.cos(angle);
  const y = 50 + 38 * reach * Math.sin(angle);
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

/** CSS custom properties placing an element at ``p`` (``--x``, ``--y``), or with another name. */
export function at(p, prefix = "") {
  return `--${prefix}x:${p.x}%;--${prefix}y:${p.y}%`;
}

/** How far the cards a seat plays lie from the middle, relative to the seat. */
export const CARD_REACH = 0.38;
