// Local storage with a fallback: an embedded iframe may have no storage (or throw on
// access); then the hall still plays, in memory only.
//
// A write the storage refuses (full: QuotaExceededError) is kept in memory, and this page
// reads it from there, never the older stored copy, until a later write of the key goes
// through; `news` tells the page (unsaved.js says so, in the player's words). Two tabs of one
// browser on one game: a game carries the revision and the tab that wrote it (`rev`, `by`);
// a tab whose copy is older than the stored one — another tab saved the game since — does not
// overwrite it: it stops saving that game until it is opened again (a reload), and says so,
// told at once by the other tab's storage event, and at the latest by its own next save.

const PREFIX = "by.v1.";
const memory = new Map();
const unsaved = new Set(); // keys whose newest value is in memory only (the storage refused it)
const listeners = new Set();
/** `fn({unsaved: number of keys not stored, elsewhere: ids of games another tab changed})`,
 *  after every change of either. */
export const onNews = (fn) => listeners.add(fn);
const news = () => {
  for (const fn of listeners) fn({ unsaved: unsaved.size, elsewhere: [...elsewhere] });
};
let local = null;
try {
  local = globalThis.localStorage;
  local.setItem(PREFIX + "probe", "1");
  local.removeItem(PREFIX + "probe");
} catch {
  local = null;
}

export const persistent = () => local !== null;

// memory and unsaved are keyed by the whole storage key (PREFIX and all): `raw` serves other
// prefixes alike (the player's book of invites, by.net.*)
function readText(full) {
  let text = memory.get(full) ?? null;
  if (local && !unsaved.has(full)) {
    try {
      text = local.getItem(full) ?? text;
    } catch {
      /* keep memory */
    }
  }
  return text;
}

function writeText(full, text) {
  memory.set(full, text);
  if (!local) return true;
  try {
    local.setItem(full, text);
  } catch {
    // full (or refused): the newest value stays in memory, and is read from there
    unsaved.add(full);
    news();
    return false;
  }
  if (unsaved.delete(full)) news();
  return true;
}

/** A Storage-like view of the same store under whole keys, for code that names its own
 *  (net/playerbook.js's PlayerBook): a write the storage refuses is kept and read alike. */
export const raw = { getItem: readText, setItem: (k, v) => writeText(k, String(v)) };

/** The text kept under `key` exactly as stored (null: nothing). */
export const getText = (key) => readText(PREFIX + key);

/** The keys kept under `prefix` (without it), in storage or in memory. */
export function keys(prefix) {
  const found = new Set(
    [...memory.keys()].filter((k) => k.startsWith(PREFIX + prefix)).map((k) => k.slice(PREFIX.length)),
  );
  try {
    for (let i = 0; local && i < local.length; i++) {
      const key = local.key(i);
      if (key && key.startsWith(PREFIX + prefix)) found.add(key.slice(PREFIX.length));
    }
  } catch {
    /* memory only */
  }
  return [...found];
}

export function get(key, fallback = null) {
  const text = getText(key);
  if (text == null) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

export const set = (key, value) => writeText(PREFIX + key, JSON.stringify(value));

export function remove(key) {
  memory.delete(PREFIX + key);
  if (unsaved.delete(PREFIX + key)) news();
  try {
    local && local.removeItem(PREFIX + key);
  } catch {
    /* ignore */
  }
}

// ---------------------------------------------------------------- games
// Each game is kept as {id, game, record, summary, ui, net, created, updated}: the record is
// the truth (its actions include the current step's); the summary only feeds the lobby. The
// index `games` lists their ids.
const GAME = "game.";

export function gameIds() {
  const ids = get("games", []);
  return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
}

export function loadGame(id) {
  const game = get(GAME + id);
  // a game has its record, or is still being dealt (`pre`: a fair deal's exchange)
  if (!game || typeof game !== "object" || !(game.record || (game.pre && game.game))) return null;
  if (!game.game) game.game = game.record.game || "broker-yard"; // kept before the hall had games
  return game;
}

// this page's own name among the tabs of the browser
const TAB = Math.random().toString(36).slice(2, 10);
const elsewhere = new Set(); // games another tab changed while this one had them open
let held = null; // the game this tab has open (openGame)

/** The game `id` as stored, to be shown and played in this tab: from now on another tab's
 *  change to it stops this tab saving it (a game another tab changed before is this tab's
 *  again: what it reads now is the newest). */
export function openGame(id) {
  if (elsewhere.delete(id)) news();
  held = id;
  return loadGame(id);
}

/** This tab no longer shows the game `id`. */
export function letGo(id) {
  if (held === id) held = null;
}

// game id -> {text, rev} this tab last wrote: a save finding its own text stored reads the
// revision from here instead of parsing the whole game (issue 28: a bot's step saved the game,
// some 20 KB of JSON in a grid game, and parsed the copy before it, as garbage, at every step)
const written = new Map();

/** The game `id` as stored, read only for its revision and writer: {by, rev} or null. */
function storedRev(id) {
  const text = getText(GAME + id);
  const ours = written.get(id);
  if (ours && text === ours.text) return { by: TAB, rev: ours.rev };
  try {
    return text == null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export function saveGame(game) {
  const kept = storedRev(game.id);
  if (elsewhere.has(game.id) || (kept && kept.by !== TAB && (kept.rev || 0) > (game.rev || 0))) {
    // another tab saved this game since this one read it: its state is not overwritten
    elsewhere.add(game.id);
    news();
    return false;
  }
  game.rev = Math.max(game.rev || 0, (kept && kept.rev) || 0) + 1;
  game.by = TAB;
  game.updated = new Date().toISOString();
  const text = JSON.stringify(game);
  const ok = writeText(PREFIX + GAME + game.id, text);
  written.set(game.id, { text, rev: game.rev });
  const ids = gameIds();
  if (!ids.includes(game.id)) set("games", [game.id, ...ids]);
  return ok;
}

// another tab wrote (or deleted) the game this one has open
addEventListener("storage", (e) => {
  if (held && e.storageArea === local && e.key === PREFIX + GAME + held && !elsewhere.has(held)) {
    elsewhere.add(held);
    news();
  }
});

export function deleteGame(id) {
  remove(GAME + id);
  remove(`pins.${id}`); // its seats' PINs at a shared device (hall/table/seatpin.js)
  set(
    "games",
    gameIds().filter((x) => x !== id),
  );
}

/** Every game entry the index lists, as kept: {id, text, value} (value: the parsed text, or
 *  undefined when it is not JSON). Whether an entry is sound is the hall's to judge. */
export function gameEntries() {
  return gameIds().flatMap((id) => {
    const text = getText(GAME + id);
    if (text == null) return [];
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    return [{ id, text, value }];
  });
}

/** The index (`games`) checked against the entries in storage. One that cannot be read, holds
 *  something other than ids, or misses entries that are there is rebuilt from the entries:
 *  its own order first, then the ones it missed, newest first. Returns how many games the
 *  rebuilt index lists, or null when nothing was missing from it (ids of entries gone, as a
 *  delete cut short leaves them, are dropped quietly: nothing is lost by that). */
export function repairIndex() {
  const text = getText("games");
  let ids;
  try {
    ids = JSON.parse(text);
  } catch {
    ids = undefined;
  }
  const stored = new Set(keys(GAME).map((k) => k.slice(GAME.length)));
  const listed = Array.isArray(ids) ? [...new Set(ids.filter((id) => typeof id === "string"))] : [];
  const kept = listed.filter((id) => stored.has(id));
  const known = new Set(kept);
  const missed = [...stored].filter((id) => !known.has(id));
  if (Array.isArray(ids) && listed.length === ids.length && !missed.length) {
    if (kept.length !== ids.length) set("games", kept);
    return null;
  }
  if (text == null && !stored.size) return null; // nothing kept yet
  const updated = (id) => String((get(GAME + id) || {}).updated || "");
  missed.sort((a, b) => updated(b).localeCompare(updated(a)));
  set("games", [...kept, ...missed]);
  return kept.length + missed.length;
}

export function allGames() {
  return gameIds()
    .map(loadGame)
    .filter(Boolean)
    .sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
}
