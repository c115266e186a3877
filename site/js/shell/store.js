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

export function get(key, fallback = null) {
  let text = memory.get(key) ?? null;
  if (local) {
    try {
      text = local.getItem(PREFIX + key) ?? text;
    } catch {
      /* keep memory */
    }
  }
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
// the truth (its actions include the current step's); the summary only feeds the lobby.

export function gameIds() {
  const ids = get("games", []);
  return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
}

export function loadGame(id) {
  const game = get("game." + id);
  // a game has its record, or is still being dealt (`pre`: a fair deal's exchange)
  if (!game || typeof game !== "object" || !(game.record || (game.pre && game.game))) return null;
  if (!game.game) game.game = game.record.game || "broker-yard"; // kept before the hall had games
  return game;
}

export function saveGame(game) {
  game.updated = new Date().toISOString();
  const ok = set("game." + game.id, game);
  const ids = gameIds();
  if (!ids.includes(game.id)) set("games", [game.id, ...ids]);
  return ok;
}

export function deleteGame(id) {
  remove("game." + id);
  set(
    "games",
    gameIds().filter((x) => x !== id),
  );
}

export function allGames() {
  return gameIds()
    .map(loadGame)
    .filter(Boolean)
    .sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
}
