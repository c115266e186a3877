// Message catalogs (site/i18n/<lang>.json) and formatting for the chosen language.
// A catalog maps a key to a text with {placeholders}; a text may instead be an object of
// plural forms ({"one": ..., "few": ..., "many": ..., "other": ...}) chosen by {count}.

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
let numbers, moneyFormat, signedFormat, plurals, dates;
const listeners = new Set();

async function fetchCatalog(code) {
  const response = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));
  if (!response.ok) throw new Error(`catalog ${code}: HTTP ${response.status}`);
  return response.json();
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
export const isRtl = () => RTL.has(lang);
export const isRtlCode = (code) => RTL.has(code);
export const onChange = (fn) => listeners.add(fn);

export async function setLanguage(code, remember = false) {
  if (!LANGUAGES.some((l) => l.code === code)) code = "en";
  if (!Object.keys(english).length) english = await fetchCatalog("en");
  catalog = code === "en" ? english : await fetchCatalog(code);
  lang = code;
  numbers = new Intl.NumberFormat(code);
  signedFormat = new Intl.NumberFormat(code, { signDisplay: "exceptZero" });
  moneyFormat = new Intl.NumberFormat(code, {
    style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0,
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
  let text = catalog[key] ?? english[key];
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
export function date(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dates.format(d);
}

/** An engine error ({code, params}) in the chosen language. */
export function errorText(error) {
  const code = error && error.code;
  const params = { ...(error && error.params) };
  for (const key of ["colour", "other"]) {
    if (typeof params[key] === "string" && has(`colour.${params[key]}`)) params[key] = t(`colour.${params[key]}`);
  }
  if (code && has(`error.${code}`)) return t(`error.${code}`, params);
  return t("error.unknown", { code: code || "?" });
}
