// Where things lie on the felt: the viewer at the bottom, the seats after it clockwise (left, across,
// right), evenly round an ellipse for 2 to 9 players; each played card in front of its seat.

/** The place of ``seat`` (as percentages of the felt: ``{x, y}``) for a table of ``players`` seen
 * from ``mine`` (a spectator, ``null``, sees seat 0 at the bottom). ``reach`` scales the distance
 * from the middle (1: the seats). */
export function spot(seat, mine, players, reach = 1) {
  const angle = angleOf(seat, mine, players);
  const x = 50 + 40 * reach * Math.cos(angle);
  const y = 50 + 38 * reach * Math.sin(angle);
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

/** The way from ``seat``'s place towards the middle of the felt (``{x, y}``, the larger part 1 or -1):
 * a card the seat plays lies that many ``--reach-x`` across and ``--reach-y`` down from the seat's
 * centre (style.css: half a seat and half a card), just clear of its box on the side of the middle, so
 * that it is nearer its own seat than any other however wide the felt is. */
export function inward(seat, mine, players) {
  const angle = angleOf(seat, mine, players);
  const [x, y] = [-Math.cos(angle), -Math.sin(angle)];
  const most = Math.max(Math.abs(x), Math.abs(y));
  return { x: Math.round((x / most) * 1000) / 1000, y: Math.round((y / most) * 1000) / 1000 };
}

function angleOf(seat, mine, players) {
  const bottom = mine === null || mine === undefined ? 0 : mine;
  const k = (seat - bottom + players) % players;
  // clockwise on screen from the bottom: the next seat to play sits on the viewer's left
  return Math.PI / 2 + (k * 2 * Math.PI) / players;
}

/** CSS custom properties placing an element at ``p`` (``--x``, ``--y``), or with another name. */
export function at(p, prefix = "") {
  return `--${prefix}x:${p.x}%;--${prefix}y:${p.y}%`;
}
