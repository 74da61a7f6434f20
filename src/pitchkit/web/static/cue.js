// Telling a player it is their turn when they look elsewhere: a short chime (unless muted, which the
// browser remembers) and the tab's title.
const KEY = "pitchkit.sound";
let audio = null;

/** Whether the turn chime is on (it is unless the player muted it in this browser). */
export function soundOn() {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch (e) {
    return true;
  }
}

/** Turn the chime on or off, remembered in this browser. */
export function setSound(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch (e) { /* storage refused: the choice lasts for this page */ }
}

/** A soft two-note chime, made on the spot (no sound file to fetch). */
export function chime() {
  if (!soundOn()) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    [660, 880].forEach((hz, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.3);
    });
  } catch (e) { /* no audio in this browser: the title still says it */ }
}

/** The tab's title: "▶ Your turn · ..." while it is the player's turn. */
export function turnTitle(base, myTurn) {
  return myTurn ? `\u25b6 Your turn \u00b7 ${base}` : base;
}
