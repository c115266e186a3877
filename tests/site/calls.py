"""Every bridge call a page makes (site/js/shell/runtime.js `py.call`), counted in the page:
its name, when it began and ended, the bytes of its arguments' JSON and of its answer's; and
the page's clicks and redraws of #app (the page's whole content). Add WATCH to a context
before its pages open; CLEAR forgets what was counted, READ reads it. The tests count the
calls of a move (tests/site/test_one_call.py); bench/move_calls.py prints bytes and times."""

WATCH = """
(() => {
  const seen = (window.__calls = { calls: [], clicks: [], draws: [] });
  const bytes = (value) => new TextEncoder().encode(JSON.stringify(value) ?? "").length;
  const wrap = (holder) => {
    const py = holder.py;
    const call = py.call.bind(py);
    py.call = async (name, args = {}) => {
      const t0 = performance.now();
      const sent = bytes(args);
      let got = 0;
      try {
        const out = await call(name, args);
        got = bytes(out);
        return out;
      } finally {
        seen.calls.push({ name, t0, t1: performance.now(), sent, got });
      }
    };
  };
  let holder;
  Object.defineProperty(globalThis, "brokerYard", {
    configurable: true,
    get: () => holder,
    set: (value) => {
      holder = value;
      wrap(value);
    },
  });
  addEventListener("click", () => seen.clicks.push(performance.now()), true);
  const observe = () =>
    new MutationObserver(() => seen.draws.push(performance.now())).observe(document.getElementById("app"), {
      childList: true,
    });
  if (document.getElementById("app")) observe();
  else addEventListener("DOMContentLoaded", observe);
})();
"""
CLEAR = "() => { const c = window.__calls; c.calls = []; c.clicks = []; c.draws = []; }"
READ = "() => window.__calls"
