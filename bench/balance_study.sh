#!/usr/bin/env bash
# The balance study of docs/balance.md: every run writes sim-out/balance/<name>/ (report.md,
# report.html with charts, report.json, records/). N per run is scaled by $SCALE (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
S=${SCALE:-1}
n() { echo $(( $1 * S )); }
sim() { name=$1; shift; python3 -m engine simulate --out "sim-out/balance/$name" --seed 1 "$@" \
        > "sim-out/balance/$name.txt" 2>&1 || echo "failed: $name"; }
mkdir -p sim-out/balance
sim classic        -n "$(n 600)" -p 4 --bots normal
sim classic-mixed  -n "$(n 600)" -p 4 --bots normal,easy
sim classic-3+5    -n "$(n 300)" -p 4 --bots normal --deal 3+5
sim duel           -n "$(n 600)" -p 2 --bots normal --mode duel
sim trump          -n "$(n 600)" -p 4 --bots normal --summation trump
sim stoploss-30    -n "$(n 600)" -p 4 --bots normal --stop-loss --spread 30
sim stoploss-60    -n "$(n 300)" -p 4 --bots normal --stop-loss --spread 60
sim mass-10        -n "$(n 200)" -p 10 --bots normal,easy --mode mass
sim mass-50        -n "$(n 60)"  -p 50 --bots normal,easy --mode mass
sim mass-200       -n "$(n 20)"  -p 200 --bots normal,easy --mode mass
sim mass-50-z3     -n "$(n 60)"  -p 50 --bots normal,easy --mode mass -o zero_cancels=3
sim mass-50-sl30   -n "$(n 60)"  -p 50 --bots normal,easy --mode mass --stop-loss --spread 30
sim mass-50-sl60   -n "$(n 60)"  -p 50 --bots normal,easy --mode mass --stop-loss --spread 60
sim mass-200-sl30  -n "$(n 20)"  -p 200 --bots normal,easy --mode mass --stop-loss --spread 30
# the lobby's mass-start default (stop-loss, spread 30), with more games
sim mass-50-default  -n "$(n 300)" -p 50  --bots normal,easy --mode mass --stop-loss --spread 30
sim mass-200-default -n "$(n 300)" -p 200 --bots normal,easy --mode mass --stop-loss --spread 30
