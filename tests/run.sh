#!/usr/bin/env bash
# The one command that runs every test on a fresh machine: it sets up its own virtual
# environment, the pinned npm packages and Debian's Chromium, then runs pytest over tests/
# (engine tests in CPython, site tests in Chromium via Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

# the npm packages the site ships (pyodide, @pyscript/core), the JavaScript formatter the
# tests run (prettier) and the driver bench/mainthread.py takes Firefox ESR with
# (puppeteer-core: it downloads no browser), exactly as package-lock.json pins them
if ! node -e 'const l=require("./package-lock.json").packages;for(const n of ["pyodide","@pyscript/core","prettier","puppeteer-core","axe-core"]){if(require("./node_modules/"+n+"/package.json").version!==l["node_modules/"+n].version)process.exit(1)}' 2>/dev/null; then
    npm ci --no-audit --no-fund --loglevel=error
fi

# the browser for the site tests: Debian's chromium (Playwright's own download cannot work
# here). Without root, install it yourself or point $CHROMIUM at a Chromium binary.
if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends chromium >/dev/null
    else
        echo "tests/run.sh: /usr/bin/chromium is missing; run 'sudo apt-get install chromium'" \
             "or set CHROMIUM=/path/to/chromium" >&2
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
