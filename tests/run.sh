#!/usr/bin/env bash
# The one command that runs every test on a fresh machine: it sets up its own virtual
# environment and installs what the tests need, then runs pytest over tests/.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

exec .venv/bin/python -m pytest "$@"
