// What this browser keeps as a player of games hosted elsewhere: its invites and its code
// counters (net/playerbook.js PlayerBook), in local storage when it can (through store.js, so
// that a full storage keeps the newest in memory and the page says so, and the code is made
// anyway); and its device key pair, which binds a seat to this browser (net/device.js:
// IndexedDB, the private key never readable).

import { PlayerBook } from "../../net/playerbook.js";
import { storedDevice } from "../../net/device.js";
import { raw } from "../../shell/store.js";

export const book = new PlayerBook(raw, "by.net.", storedDevice());
