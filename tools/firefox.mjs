// Firefox ESR driven by puppeteer-core over WebDriver BiDi (Debian's firefox-esr, no browser
// download), for tools/browsers.py: the benchmarks (bench/mainthread.py) and the smoke test in
// Firefox (tests/site/browsers/). One JSON command a line on stdin, one JSON answer a line on
// stdout:
//   {"op": "launch", "prefs": {...}}        -> {"pid": the browser's process id}
//   {"op": "goto", "url": "..."}            -> {}      (a new page the first time)
//   {"op": "reload"}                        -> {}
//   {"op": "run", "fn": "<source of a function>", "arg": any, "frame": null or "<css of an iframe>"}
//                                           -> {"value": what it resolves to}
//   {"op": "errors"}                        -> {"errors": [...]}  (console errors and uncaught
//                                              errors of the page and its frames since the last ask)
//   {"op": "close"}                         -> {}      (the browser and its profile)
// A failure answers {"error": "..."}.

import readline from "node:readline";
import puppeteer from "puppeteer-core";

const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";
let browser = null;
let page = null;
let errors = [];

async function newPage() {
  page = await browser.newPage();
  page.setDefaultTimeout(900_000);
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught error: ${error.message || error}`));
}

const ops = {
  async launch({ prefs }) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: true,
      protocolTimeout: 900_000,
      extraPrefsFirefox: prefs || {},
    });
    page = null;
    return { pid: browser.process().pid };
  },
  async goto({ url }) {
    if (!page) await newPage();
    await page.goto(url, { waitUntil: "domcontentloaded" });
    return {};
  },
  async reload() {
    await page.reload({ waitUntil: "domcontentloaded" });
    return {};
  },
  async run({ fn, arg, frame }) {
    const where = frame ? await (await page.$(frame)).contentFrame() : page;
    return { value: await where.evaluate(`(${fn})(${JSON.stringify(arg ?? null)})`) };
  },
  async errors() {
    const seen = errors;
    errors = [];
    return { errors: seen };
  },
  async close() {
    if (browser) await browser.close();
    browser = page = null;
    return {};
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  let answer;
  try {
    answer = await ops[command.op](command);
  } catch (error) {
    answer = { error: String((error && error.stack) || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
if (browser) await browser.close();
