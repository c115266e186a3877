// What this browser keeps as a player of games hosted elsewhere: its invites and its code
// counters (net/playerbook.js PlayerBook), in local storage when it can; and its device key pair,
// which binds a seat to this browser (net/device.js: IndexedDB, the private key never readable).

import { PlayerBook } from "../../net/playerbook.js";
import { storedDevice } from "../../net/device.js";

function localStorageOrMemory() {
  try {
    const s = globalThis.localStorage;
    s.setItem("by.net.probe", "1");
    s.removeItem("by.net.probe");
    return s;
  } catch {
    const m = new Map();
    return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)) };
  }
}

export const book = new PlayerBook(localStorageOrMemory(), "by.net.", storedDevice());
