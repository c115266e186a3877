// A record file as the lobby imports it, checked before Python sees any of it. A file far
// larger than any game's record, or nested far deeper than a record's shape, would freeze the
// tab or overflow the stack (JSON.stringify on the way to Python, or Python's parser: a
// Pyodide fatal error) long before the engine could refuse it. These limits are the page's
// (what the browser keeps, what the bridge carries), so they are defined here, once; the
// number of seats is the game's own limit, from its catalog.

import { megabytes } from "../../shell/i18n.js";
import { seatLimits } from "../games.js";
import { nesting } from "../../net/codec.js";

export const LIMITS = {
  // the largest record the hall makes, a 40-seat mass start played to its end, is about
  // 31 KB; the browser keeps about 5 MB for every game of the site together
  bytes: 2 ** 20,
  // a record is at most 6 levels deep (record, actions, [seat, action], action, its parts)
  depth: 32,
};

const refusal = (code, params = {}) => Object.assign(new Error(code), { code, params });
const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** The record a file holds, or a refusal ({code, params}): a file over the size limit is not
 *  even read, a text nested too deeply is not parsed. */
export async function readRecordFile(file) {
  if (file.size > LIMITS.bytes) throw refusal("record_too_big", { limit: megabytes(LIMITS.bytes) });
  const text = await file.text();
  if (nesting(text, LIMITS.depth) > LIMITS.depth) throw refusal("record_too_deep", { limit: LIMITS.depth });
  try {
    return JSON.parse(text);
  } catch {
    throw refusal("bad_json");
  }
}

/** Refuses a record with more players than the game seats (its catalog's limit for the
 *  record's options); anything else about the record is the engine's to judge. */
export function checkSeats(record, catalog) {
  if (!plain(record) || !Array.isArray(record.players)) return;
  const options = Object.fromEntries(catalog.options.map((o) => [o.key, o.default]));
  if (plain(record.options)) Object.assign(options, record.options);
  const { max } = seatLimits(catalog, options);
  if (record.players.length > max)
    throw refusal("record_too_many_seats", { count: record.players.length, maximum: max });
}

/** The record with any seat marked remote made a seat of this device: an imported game has no
 *  host state (invites, links, codes), so nobody could ever play a remote seat of it.
 *  {record, moved: whether any seat was}. */
export function ownSeats(record) {
  const seats = plain(record) && plain(record.meta) ? record.meta.seats : null;
  if (!Array.isArray(seats) || !seats.some((s) => plain(s) && s.kind === "remote")) return { record, moved: false };
  const own = seats.map((s) => (plain(s) && s.kind === "remote" ? { ...s, kind: "human" } : s));
  return { record: { ...record, meta: { ...record.meta, seats: own } }, moved: true };
}
