// Local storage with a fallback: an embedded iframe may have no storage (or throw on
// access); then the hall still plays, in memory only.

const PREFIX = "by.v1.";
const memory = new Map();
let local = null;
try {
  local = globalThis.localStorage;
  local.setItem(PREFIX + "probe", "1");
  local.removeItem(PREFIX + "probe");
} catch {
  local = null;
}

export const persistent = () => local !== null;

/** The text kept under `key` exactly as stored (null: nothing). */
export function getText(key) {
  let text = memory.get(key) ?? null;
  if (local) {
    try {
      text = local.getItem(PREFIX + key) ?? text;
    } catch {
      /* keep memory */
    }
  }
  return text;
}

/** The keys kept under `prefix` (without it), in storage or in memory. */
export function keys(prefix) {
  const found = new Set([...memory.keys()].filter((k) => k.startsWith(prefix)));
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

export function set(key, value) {
  const text = JSON.stringify(value);
  memory.set(key, text);
  if (!local) return true;
  try {
    local.setItem(PREFIX + key, text);
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  memory.delete(key);
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

export function saveGame(game) {
  game.updated = new Date().toISOString();
  const ok = set(GAME + game.id, game);
  const ids = gameIds();
  if (!ids.includes(game.id)) set("games", [game.id, ...ids]);
  return ok;
}

export function deleteGame(id) {
  remove(GAME + id);
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
