#!/usr/bin/env bash
# The one command that runs every test on a fresh machine: it sets up its own virtual
# environment, the pinned npm packages and Debian's browsers, then runs pytest over tests/
# (engine tests in CPython, site tests in Chromium via Playwright, and a smoke test each in
# Firefox ESR and WebKitGTK).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

# the npm packages the site ships (pyodide, @pyscript/core), the JavaScript formatter the
# tests run (prettier), the driver of Firefox ESR for its smoke test and bench/mainthread.py
# (puppeteer-core: it downloads no browser), axe-core and lighthouse (bench/lighthouse.py),
# and esbuild, which bundles the page's modules in the build (tools/bundle.py), exactly as
# package-lock.json pins them
if ! node -e 'const l=require("./package-lock.json").packages;for(const n of ["pyodide","@pyscript/core","prettier","puppeteer-core","axe-core","lighthouse","esbuild"]){if(require("./node_modules/"+n+"/package.json").version!==l["node_modules/"+n].version)process.exit(1)}' 2>/dev/null; then
    npm ci --no-audit --no-fund --loglevel=error
fi

# the browsers of the site tests, Debian's (no driver downloads one): chromium for the tests
# (Playwright's own download cannot work here), firefox-esr and webkit2gtk-driver (WebKitGTK's
# MiniBrowser and WebKitWebDriver) for the smoke test in each engine (tests/site/browsers/),
# and xvfb, the display WebKit's test starts for itself. The missing ones are installed with
# one apt-get call when run as root; without root, install them yourself (or point $CHROMIUM
# at a Chromium binary, $FIREFOX at a Firefox).
missing=()
[ -n "${CHROMIUM:-}" ] || [ -x /usr/bin/chromium ] || missing+=(chromium)
[ -n "${FIREFOX:-}" ] || [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
[ -x /usr/bin/Xvfb ] || missing+=(xvfb)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "tests/run.sh: missing Debian packages: ${missing[*]};" \
             "run 'sudo apt-get install ${missing[*]}' (or set CHROMIUM=/path/to/chromium)" >&2
        exit 1
    fi
fi

# two workers (pytest-xdist): a browser test mostly waits for its page, so two run in the time
# of one; `-n 0` runs in one process (a debugger, -x on the first failure in order). Work
# stealing: each worker starts with half of the tests and one that runs out takes half of what
# the other still has queued. (xdist's default hands out chunks of ~150 tests in a row once and
# never takes them back: the worker given the first chunk, the long whole games and the first
# browser files, was still at it 10-15 minutes after the other had run everything else.)
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" --dist worksteal "$@"
