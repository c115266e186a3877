// Whether the page has come to rest: no Python call in flight, no page being drawn, no bot or
// deadline about to move the table. `<html data-settled>` says so, and "broker:settled" fires
// each time the page comes to rest. Whoever reads the page from outside (the browser tests, a
// screen reader's script) reads it then, never between a redraw and the next one.
//
//   const reply = await during(() => py.call(...));   // counts while it runs
//   const stop = blocker(() => botDue && !occupied()); // the page is about to change by itself
//
// A page is at rest only once it has stayed so for a moment (QUIET_MS): work that goes on
// after a short pause (a timer of 0 ms between two calls) is not taken for rest.

const QUIET_MS = 10;
// a safety net: what a blocker reads may change without any work or input to say so (it runs
// only while there is a blocker: without one, whatever changes the answer looks itself, and a
// timer every 100 ms on a page at rest was main-thread work for nothing)
const LOOK_MS = 100;
const FRAME_MS = 100; // atFrame's wait at most (a hidden page draws no frames)
let safety = null;

let pending = 0;
const blockers = new Set();
let timer = null;
const root = document.documentElement;

function check() {
  timer = null;
  let rest = pending === 0;
  for (const blocks of blockers) if (rest && blocks()) rest = false;
  if (rest && !root.dataset.settled) {
    root.dataset.settled = "1";
    dispatchEvent(new Event("broker:settled"));
  } else if (!rest) delete root.dataset.settled;
}

/** Look again once the page has been quiet for a moment (something that counts changed). */
export function look() {
  clearTimeout(timer);
  timer = setTimeout(check, QUIET_MS);
}

function unsettle() {
  delete root.dataset.settled;
  look();
}

/** Runs `work()` (async); the page is not at rest until it ends. */
export async function during(work) {
  pending += 1;
  unsettle();
  try {
    return await work();
  } finally {
    pending -= 1;
    look();
  }
}

/** Counts from now until the returned function is called (a start that ends elsewhere). */
export function hold() {
  pending += 1;
  unsettle();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    pending -= 1;
    look();
  };
}

/** `blocks()` says whether the page is about to change by itself (a bot's move is due); the
 *  page is not at rest while it does. Returns the function that removes it. */
export function blocker(blocks) {
  blockers.add(blocks);
  safety ??= setInterval(look, LOOK_MS);
  look();
  return () => {
    blockers.delete(blocks);
    if (!blockers.size) {
      clearInterval(safety);
      safety = null;
    }
    look();
  };
}

/** Runs `work()` at the next frame, before it is painted: what reads the layout of something
 *  just drawn reads it where the browser lays the page out anyway, instead of making the task
 *  that drew it lay the page out as well. (A page that draws no frames, hidden, runs it after
 *  FRAME_MS.) The page is not at rest until it has run. */
export function atFrame(work) {
  inFrames(1, work);
}

/** Runs `work()` at the frame after the next: what a click shows at once (a tab chosen) is
 *  painted in the next frame, before the work it starts (the tab's panel drawn). The page is
 *  not at rest until it has run. The two frames are counted as they come: WebKitGTK, a bot's
 *  game going on, drew its next frame 100-130 ms after a click, after atFrame's wait, and a
 *  second atFrame then ran in that same frame, the tab painted only after the panel's draw
 *  (docs/site.md, round 22). */
export function afterFrame(work) {
  inFrames(2, work);
}

/** `work()` at the `count`th frame from now, or after `count` times FRAME_MS if the page draws
 *  no frames (hidden), whichever comes first; held (the page not at rest) until it has run. */
function inFrames(count, work) {
  const done = hold();
  let frames = 0;
  let waiting = true;
  const run = () => {
    if (!waiting) return;
    waiting = false;
    try {
      work();
    } finally {
      done();
    }
  };
  const frame = () => (++frames < count ? requestAnimationFrame(frame) : run());
  requestAnimationFrame(frame);
  setTimeout(run, count * FRAME_MS);
}

// A person's input (a click, a key, a change) starts work in its handler: the page is not at
// rest until that work, if any, has begun and ended.
for (const type of ["pointerdown", "mousedown", "keydown", "click", "input", "change", "submit"])
  addEventListener(type, unsettle, true);
