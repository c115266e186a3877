#!/usr/bin/env bash
# The grid balance study of docs/games/grid.md: every run writes sim-out/grid/<name>/
# (report.md, report.html with charts, report.json). N per run is scaled by $SCALE.
set -euo pipefail
cd "$(dirname "$0")/.."
S=${SCALE:-1}
OUT=${OUT:-sim-out/grid}
n() { echo $(( $1 * S )); }
sim() { name=$1; shift; nice -n 10 python3 -m engine simulate --game grid --out "$OUT/$name" --seed 1 \
        --no-records "$@" > "$OUT/$name.txt" 2>&1 || echo "failed: $name"; }
mkdir -p "$OUT"
sim strong-2p      -n "$(n 400)" -p 2 --bots strong
sim strong-3p      -n "$(n 400)" -p 3 --bots strong
sim strong-4p      -n "$(n 300)" -p 4 --bots strong
sim mixed-3p       -n "$(n 300)" -p 3 --bots strong,normal,easy
sim normal-4p      -n "$(n 200)" -p 4 --bots normal
sim strong-vs-normal-4p -n "$(n 200)" -p 4 --bots strong,normal,normal,normal
