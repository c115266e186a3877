// Message catalogs and formatting for the chosen language. The hall's own catalog is
// site/i18n/<lang>.json; each game has its own, site/i18n/<game>/<lang>.json, whose keys all
// start with "<game>." and which loads when the game is first shown (`loadGame`).
// A catalog maps a key to a text with {placeholders}; a text may instead be an object of
// plural forms ({"one": ..., "few": ..., "many": ..., "other": ...}), the language's own
// (Intl.PluralRules: Russian one/few/many, Arabic zero/one/two/few/many/other), chosen by the
// number {count}, or by the placeholder its "by" names ({"by": "coins", "one": "{coins} coin", ...}).
// A list of items reads in the language's own pattern (`list`, Intl.ListFormat: "Ann, Bob and
// Cy", "Ann وBob وCy").
// While a game is open (`setGame`), a shared key it overrides ("<game>.curtain.show") reads
// in that game's words.
// A message about a seat speaks to its reader: a placeholder whose value is a `Seat` (`seatRef(i,
// name)`) reads as the seat's name, and when that seat is the reader's (`setReader`) the text is
// the key's "you" form `<key>.you_<placeholder>` ("You get a bonus" for "{player} gets a bonus").
// Numbers are the language's own, with one minus sign (U+2212) in every language; in
// right-to-left text each number is a left-to-right isolate, so "−60" keeps its sign in front,
// and a name (a seat's, a game's, any item of a list) an isolate of its own direction, so
// "¿Quién es el Espía?" keeps its marks where they belong.

import { h } from "./dom.js";
import * as store from "./store.js";
import { during } from "./settle.js";

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Español" },
  { code: "ru", name: "Русский" },
  { code: "ar", name: "العربية" },
];
const RTL = new Set(["ar"]);

let lang = "en";
let catalog = {};
let english = {};
const games = new Set(); // game catalogs merged into catalog and english
let active = null; // the open game
let paramNames = null; // the open game's translation of error parameters
let reader = null; // {seat, name}: the seat whose screen this is
// The language's formats, each made at its first use or while the page is idle (warm): the
// first Intl object of a page costs milliseconds (the locale's data), and a first draw needs
// few of them
const CURRENCY = { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 };
const FORMATS = {
  numbers: (code) => new Intl.NumberFormat(code),
  signed: (code) => new Intl.NumberFormat(code, { signDisplay: "exceptZero" }),
  money: (code) => new Intl.NumberFormat(code, CURRENCY),
  signedMoney: (code) => new Intl.NumberFormat(code, { ...CURRENCY, signDisplay: "exceptZero" }),
  compactMoney: (code) => new Intl.NumberFormat(code, { ...CURRENCY, notation: "compact", maximumFractionDigits: 1 }),
  plurals: (code) => new Intl.PluralRules(code),
  lists: (code) => new Intl.ListFormat(code, { style: "long", type: "conjunction" }),
  dates: (code) => new Intl.DateTimeFormat(code, { dateStyle: "medium", timeStyle: "short" }),
};
let made = {};
const format = (name) => (made[name] ??= FORMATS[name](lang));
const idle = globalThis.requestIdleCallback || setTimeout;

/** The rest are made while the page is idle, one to a task (a table's first draw, which waits
 *  for Python, made its number, money, list and plural formats in its own long task). Not
 *  the dates: only the lobby's saved games show one, and its format costs 3-19 ms alone. */
function warm(code) {
  const names = Object.keys(FORMATS).filter((name) => name !== "dates" && !made[name]);
  const next = () => {
    if (lang !== code || !names.length) return;
    format(names.shift());
    idle(next);
  };
  idle(next);
}
const listeners = new Set();

async function fetchCatalog(code, game = null) {
  const path = game ? `../../i18n/${game}/${code}.json` : `../../i18n/${code}.json`;
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`catalog ${game ? game + "/" : ""}${code}: HTTP ${response.status}`);
  return response.json();
}

/** Merge a game's catalog (and English, as the fallback) into the current language's. */
export async function loadGame(game) {
  if (games.has(game)) return;
  const [own, en] = await Promise.all([fetchCatalog(lang, game), lang === "en" ? null : fetchCatalog("en", game)]);
  Object.assign(catalog, own);
  Object.assign(english, en || own);
  games.add(game);
}

/** The game whose words the shared texts take now (null: the lobby); `params` translates an
 *  error's parameters (a colour's or company's id) into words. */
export function setGame(game, params = null) {
  active = game;
  paramNames = params;
}

/** The language to start in: the one chosen before, else the browser's, else English. */
export function preferred() {
  const chosen = store.get("lang");
  if (LANGUAGES.some((l) => l.code === chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.some((l) => l.code === code)) return code;
  }
  return "en";
}

export const current = () => lang;
export const activeGame = () => active;
export const isRtl = () => RTL.has(lang);
export const isRtlCode = (code) => RTL.has(code);
export const onChange = (fn) => listeners.add(fn);

export function setLanguage(code, remember = false) {
  return during(() => loadLanguage(code, remember));
}

async function loadLanguage(code, remember) {
  if (!LANGUAGES.some((l) => l.code === code)) code = "en";
  // A page's first Intl object costs the main thread ~40 ms (the engine loads the language's
  // data): made in a task of its own while the catalogs download, it is not part of the
  // lobby's first draw (the longest task of a start on a phone: Lighthouse's blocking time)
  setTimeout(() => new Intl.NumberFormat(code));
  const loaded = [...games];
  const [hallEnglish, hall, own] = await Promise.all([
    fetchCatalog("en"),
    code === "en" ? null : fetchCatalog(code),
    Promise.all(loaded.map((g) => Promise.all([fetchCatalog(code, g), code === "en" ? null : fetchCatalog("en", g)]))),
  ]);
  english = Object.assign({}, hallEnglish, ...own.map(([mine, en]) => en || mine));
  catalog = code === "en" ? english : Object.assign({}, hall, ...own.map(([mine]) => mine));
  lang = code;
  made = {};
  if (remember) store.set("lang", code);
  const root = document.documentElement;
  root.lang = code;
  root.dir = RTL.has(code) ? "rtl" : "ltr";
  for (const fn of listeners) fn(code);
  warm(code);
}

export function has(key) {
  return key in catalog || key in english;
}

// ---------------------------------------------------------------- seats and their reader
/** A seat named in a message: its number and name (reads as the name). */
export class Seat {
  constructor(seat, name) {
    this.seat = seat;
    this.name = String(name);
  }
  toString() {
    return this.name;
  }
}
export const seatRef = (i, name) => new Seat(i, name);

/** The seat whose screen this is: the seat this page plays (a remote player's, the one person
 *  at a table), on a shared device the seat shown now; null where nobody's is (the lobby, a
 *  hot-seat curtain, a host with no seat of their own): then every seat reads in the third
 *  person. */
export function setReader(i, name = null) {
  reader = i == null ? null : { seat: i, name: name == null ? null : String(name) };
}
export const readerSeat = () => (reader ? reader.seat : null);
const isReader = (value) => value instanceof Seat && reader != null && value.seat === reader.seat;

// ---------------------------------------------------------------- texts
/** The catalog's text for `key` (the open game's own if it overrides the hall's), or undefined. */
function lookup(key) {
  const own = active && `${active}.${key}`;
  return (own && (catalog[own] ?? english[own])) ?? catalog[key] ?? english[key];
}

/** The text to fill: the "you" form when a seat placeholder names the reader, the plural form
 *  its number asks for ({count}, or the placeholder the forms' "by" names); null when the
 *  catalog has no such key. */
function template(key, params) {
  let text;
  for (const [name, value] of Object.entries(params)) {
    if (isReader(value)) text ??= lookup(`${key}.you_${name}`);
  }
  text ??= lookup(key);
  if (text == null) return null;
  if (typeof text === "object") {
    const form = format("plurals").select(Number(params[text.by ?? "count"] ?? 0));
    text = text[form] ?? text.other ?? "";
  }
  return text;
}

// A name in a text string keeps its own direction inside right-to-left text (FSI…PDI); a text
// that holds isolates already (a list, a figure) is left as it is.
const ISOLATES = /[\u2066-\u2069]/;
const nameText = (name) => (RTL.has(lang) && !ISOLATES.test(name) ? `\u2068${name}\u2069` : name);
// the placeholders that carry a name (a seat's, a game's, a thread's) rather than words
const NAMES = new Set(["name", "names", "who", "target", "winner", "player", "by", "game", "same", "thread"]);

function filled(value, placeholder) {
  if (typeof value === "number") return num(value);
  if (value instanceof Seat) return nameText(value.name);
  return NAMES.has(placeholder) ? nameText(String(value)) : String(value);
}

/** The text for `key` with its {placeholders} filled (numbers formatted for the language). */
export function t(key, params = {}) {
  const text = template(key, params);
  if (text == null) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? filled(params[name], name) : whole));
}

/** The same as a list of strings and nodes for h(): a seat's name is a <bdi class="who">, a node
 *  given as a parameter is put in its place (a copy when it is used twice). */
export function rich(key, params = {}) {
  const text = template(key, params);
  if (text == null) return [key];
  const out = [];
  const used = new Set();
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (!(m[1] in params)) continue;
    const value = params[m[1]];
    out.push(text.slice(last, m.index));
    if (value instanceof Seat) out.push(h("bdi", { class: "who", "data-seat": value.seat }, value.name));
    else if (value instanceof Node) out.push(used.has(value) ? value.cloneNode(true) : value);
    else out.push(filled(value, m[1]));
    if (value instanceof Node) used.add(value);
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((x) => x !== "");
}

// ---------------------------------------------------------------- lists
const item = (x) => (x instanceof Seat ? nameText(x.name) : typeof x === "number" ? num(x) : nameText(String(x)));

/** Several items (names, seats, numbers, words) as one text in the language's list pattern:
 *  "Ann, Bob and Cy", "Ann, Bob y Cy", "Аня, Боря и Вика", "Ann وBob وCy". */
export const list = (items) => format("lists").format([...items].map(item));

/** The same for h(): a node given (a name's <bdi>) keeps its place, a seat reads as a <bdi>. */
export function richList(items) {
  const given = [...items];
  let i = 0;
  return format("lists")
    .formatToParts(given.map((x) => (x instanceof Node ? "x" : item(x))))
    .map((part) => {
      if (part.type !== "element") return part.value;
      const x = given[i++];
      if (x instanceof Seat) return h("bdi", { class: "who", "data-seat": x.seat }, x.name);
      return x instanceof Node ? x : part.value;
    });
}

// ---------------------------------------------------------------- numbers
/** Text that reads left to right as one unit inside right-to-left text ("×2 (+80)"): a
 *  left-to-right isolate (LRI…PDI) there, as it is elsewhere. */
export const ltr = (text) => (RTL.has(lang) ? `\u2066${text}\u2069` : text);

// The language's format without the bidi marks some carry (inside an isolate they would flip
// the sign), with the real minus sign, as one left-to-right unit.
const figure = (text) => ltr(text.replace(/[\u061c\u200e\u200f]/g, "").replace(/-/g, "\u2212"));

export const num = (n) => figure(format("numbers").format(n));
/** "+30", "−60", "0". */
export const signed = (n) => figure(format("signed").format(n));
export const money = (n) => figure(format("money").format(n));
export const signedMoney = (n) => figure(format("signedMoney").format(n));
/** From a million on, money reads compactly in the language's words ("$56.2M", "56,2 млн $"). */
export const COMPACT_FROM = 1e6;
export const compactMoney = (n) => (Math.abs(n) >= COMPACT_FROM ? figure(format("compactMoney").format(n)) : money(n));
/** Money as a node: compact from a million on, the exact figure on hover and on focus (a
 *  title and a focusable label that reads it). */
export function amount(n) {
  if (Math.abs(n) < COMPACT_FROM) return h("span", { class: "amount" }, money(n));
  const exact = money(n);
  return h(
    "span",
    // data-focus: a redraw (a bot's move, a tab drawn again) gives the focus back to the figure
    {
      class: "amount amount-compact",
      title: exact,
      tabindex: 0,
      "aria-label": exact,
      "data-exact": exact,
      "data-focus": `amount:${exact}`,
    },
    compactMoney(n),
  );
}
/** A size in bytes, in megabytes in the language's own words ("1 MB", "1 МБ"). */
export const megabytes = (bytes) =>
  new Intl.NumberFormat(lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 2 ** 20);
/** A change from one figure to another ("100 → 120"), the arrow in the reading direction. */
export const fromTo = (from, to) => t("common.from_to", { from, to });
export function date(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : format("dates").format(d);
}

/** An engine error ({code, params}) in the chosen language, in the open game's words. */
export function errorText(error) {
  const code = error && error.code;
  let params = { ...(error && error.params) };
  if (paramNames) params = paramNames(params);
  // the engine names a seat by its name: the reader's own reads as "you"
  if (reader && reader.name != null && params.player === reader.name) params.player = seatRef(reader.seat, reader.name);
  if (typeof params.game === "string" && has(`game.${params.game}.name`)) params.game = t(`game.${params.game}.name`);
  if (code && (has(`error.${code}`) || (active && has(`${active}.error.${code}`)))) return t(`error.${code}`, params);
  return t("error.unknown", { code: code || "?" });
}
