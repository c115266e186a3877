// Firefox ESR for bench/mainthread.py, driven by puppeteer-core over WebDriver BiDi (Debian's
// firefox-esr, no browser download). One JSON command a line on stdin, one JSON answer a line
// on stdout:
//   {"op": "launch"}                        -> {"pid": the browser's process id}
//   {"op": "goto", "url": "..."}            -> {}      (a new page the first time)
//   {"op": "reload"}                        -> {}
//   {"op": "run", "fn": "<source of a function>", "arg": any}  -> {"value": what it resolves to}
//   {"op": "close"}                         -> {}      (the browser and its profile)
// A failure answers {"error": "..."}.

import readline from "node:readline";
import puppeteer from "puppeteer-core";

const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";
let browser = null;
let page = null;

const ops = {
  async launch() {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: true,
      protocolTimeout: 900_000,
    });
    page = null;
    return { pid: browser.process().pid };
  },
  async goto({ url }) {
    page ??= await browser.newPage();
    page.setDefaultTimeout(900_000);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    return {};
  },
  async reload() {
    await page.reload({ waitUntil: "domcontentloaded" });
    return {};
  },
  async run({ fn, arg }) {
    return { value: await page.evaluate(`(${fn})(${JSON.stringify(arg ?? null)})`) };
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
