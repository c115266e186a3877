// Message catalogs and formatting for the chosen language. The hall's own catalog is
// site/i18n/<lang>.json; each game has its own, site/i18n/<game>/<lang>.json, whose keys all
// start with "<game>." and which loads when the game is first shown (`loadGame`).
// A catalog maps a key to a text with {placeholders}; a text may instead be an object of
// plural forms ({"one": ..., "few": ..., "many": ..., "other": ...}) chosen by {count}.
// While a game is open (`setGame`), a shared key it overrides ("<game>.curtain.show") reads
// in that game's words.

import * as store from "./store.js";

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
let numbers, moneyFormat, signedFormat, plurals, dates;
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

export async function setLanguage(code, remember = false) {
  if (!LANGUAGES.some((l) => l.code === code)) code = "en";
  const loaded = [...games];
  const hallEnglish = await fetchCatalog("en");
  const hall = code === "en" ? hallEnglish : await fetchCatalog(code);
  const own = await Promise.all(
    loaded.map((g) => Promise.all([fetchCatalog(code, g), code === "en" ? null : fetchCatalog("en", g)])),
  );
  english = Object.assign({}, hallEnglish, ...own.map(([mine, en]) => en || mine));
  catalog = code === "en" ? english : Object.assign({}, hall, ...own.map(([mine]) => mine));
  lang = code;
  numbers = new Intl.NumberFormat(code);
  signedFormat = new Intl.NumberFormat(code, { signDisplay: "exceptZero" });
  moneyFormat = new Intl.NumberFormat(code, {
    style: "currency",
    currency: "USD",
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
  });
  plurals = new Intl.PluralRules(code);
  dates = new Intl.DateTimeFormat(code, { dateStyle: "medium", timeStyle: "short" });
  if (remember) store.set("lang", code);
  const root = document.documentElement;
  root.lang = code;
  root.dir = RTL.has(code) ? "rtl" : "ltr";
  for (const fn of listeners) fn(code);
}

export function has(key) {
  return key in catalog || key in english;
}

/** The text for `key` with its {placeholders} filled (numbers formatted for the language). */
export function t(key, params = {}) {
  const own = active && `${active}.${key}`;
  let text = (own && (catalog[own] ?? english[own])) ?? catalog[key] ?? english[key];
  if (text == null) return key;
  if (typeof text === "object") {
    const form = plurals.select(Number(params.count ?? 0));
    text = text[form] ?? text.other ?? "";
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

export const num = (n) => numbers.format(n);
export const signed = (n) => signedFormat.format(n);
export const money = (n) => moneyFormat.format(n);
export const signedMoney = (n) => (n > 0 ? "+" : "") + moneyFormat.format(n);
/** A size in bytes, in megabytes in the language's own words ("1 MB", "1 МБ"). */
export const megabytes = (bytes) =>
  new Intl.NumberFormat(lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 2 ** 20);
export function date(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dates.format(d);
}

/** An engine error ({code, params}) in the chosen language, in the open game's words. */
export function errorText(error) {
  const code = error && error.code;
  let params = { ...(error && error.params) };
  if (paramNames) params = paramNames(params);
  if (typeof params.game === "string" && has(`game.${params.game}.name`)) params.game = t(`game.${params.game}.name`);
  if (code && (has(`error.${code}`) || (active && has(`${active}.error.${code}`)))) return t(`error.${code}`, params);
  return t("error.unknown", { code: code || "?" });
}
