// An optional PIN per seat at a shared device (pass-and-play), for a game whose table asks for
// it (`seatPins`: the spy game, issue 31): anybody can pick another name in the menu's player
// switch and press "I am Ana: show my screen", so a seat may choose a PIN at its first reveal,
// asked at every later one. Kept on this device beside the game: whether each seat has chosen
// (null: no PIN) and a SHA-256 of the game, the seat and the PIN — a lock against a glance
// across the table, not against someone who reads this browser's storage. A forgotten PIN
// can be reset by whoever holds the device: what keeps that honest is that every curtain of
// the game says so afterwards.

import * as store from "../../shell/store.js";
import { during } from "../../shell/settle.js";

// store.deleteGame removes them with the game
const key = (id) => `pins.${id}`;

/** "new": the seat has never been shown (it may choose a PIN now); "set": it has one; "none". */
export function pinState(id, seat) {
  const pins = store.get(key(id), {});
  if (!(seat in pins)) return "new";
  return pins[seat] ? "set" : "none";
}

async function digest(id, seat, pin) {
  const bytes = new TextEncoder().encode(`${id}\n${seat}\n${pin}`);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The seat's first reveal: its PIN (an empty one: none, and it is not offered again). */
export async function choosePin(id, seat, pin) {
  const hash = pin ? await during(() => digest(id, seat, pin)) : null;
  store.set(key(id), { ...store.get(key(id), {}), [seat]: hash });
}

/** Is `pin` the seat's? */
export async function pinMatches(id, seat, pin) {
  const want = store.get(key(id), {})[seat];
  return !!pin && want === (await during(() => digest(id, seat, pin)));
}

/** A forgotten PIN: the seat chooses again at its next reveal, and the reset is counted. */
export function resetPin(id, seat) {
  const pins = { ...store.get(key(id), {}) };
  delete pins[seat];
  const resets = { ...(pins.resets || {}) };
  resets[seat] = (resets[seat] || 0) + 1;
  store.set(key(id), { ...pins, resets });
}

/** The seats whose PIN was reset on this device in this game. */
export const pinResets = (id) => Object.keys(store.get(key(id), {}).resets || {}).map(Number);
