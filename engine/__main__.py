"""The engine's command line: `python3 -m engine replay FILE.json [--json]` and
`python3 -m engine simulate ...` (docs/bots.md)."""

import argparse
import json
import os
import sys

from .core.errors import GameError


def read_json(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise GameError("cannot_read", f"cannot read the file ({e.strerror})")
    except UnicodeDecodeError:
        raise GameError("bad_json", "the file is not UTF-8 text")
    except json.JSONDecodeError as e:
        raise GameError("bad_json", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}")
    except RecursionError:
        raise GameError("bad_json", "not valid JSON: nested too deeply")


def cmd_replay(args) -> int:
    from .broker import replay, summary
    from .broker.account import describe_round, describe_standing
    state = replay(read_json(args.file))
    if args.json:
        print(json.dumps(summary(state), ensure_ascii=False))
        return 0
    for entry in state["history"]:
        print("\n".join(describe_round(state, entry)))
    print("\n".join(describe_standing(state)))
    return 0


def add_simulate(sub) -> None:
    """The `simulate` subcommand (engine/sim, docs/bots.md)."""
    p = sub.add_parser("simulate", help="play many seeded bot games and write a report with charts")
    p.add_argument("-n", "--games", type=int, default=1000, help="how many games (default 1000)")
    p.add_argument("-p", "--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--bots", default="normal",
                   help="comma-separated bots per seat, repeated to fill the seats: easy, normal, "
                        "strong or strong:N (N sampled worlds); default normal")
    p.add_argument("--no-rotate", dest="rotate", action="store_false",
                   help="keep each bot in its seat (default: turn the seats by one per game)")
    p.add_argument("--mode", choices=["classic", "duel", "mass"], default=None)
    p.add_argument("--deal", choices=["3+5", "4+6"], default=None)
    p.add_argument("--summation", choices=["top3", "trump"], default=None)
    p.add_argument("--stop-loss", action="store_true", default=None)
    p.add_argument("--spread", type=int, default=None)
    p.add_argument("--zero-cancels", type=int, choices=[3, 4], default=None)
    p.add_argument("--packs", type=int, default=None)
    p.add_argument("--seed", default="1", help="base seed; game i is seeded 'sim<seed>-<i>'")
    p.add_argument("-j", "--jobs", type=int, default=None, help="processes (default: all cores)")
    p.add_argument("--out", default="sim-out", help="report directory (default sim-out/)")
    p.add_argument("--no-records", dest="records", action="store_false",
                   help="do not write each game's record to OUT/records/")
    p.set_defaults(run=cmd_simulate, file="simulate")


def cmd_simulate(args) -> int:
    from .sim import simulate
    options = {k: v for k, v in {"mode": args.mode, "deal": args.deal, "summation": args.summation,
                                 "stop_loss": args.stop_loss, "spread": args.spread,
                                 "zero_cancels": args.zero_cancels, "packs": args.packs}.items()
               if v is not None}
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        bots_ok = [__import__("engine.broker.bots", fromlist=["get_bot"]).get_bot(b) for b in bots]
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    del bots_ok

    def progress(done, total):
        if sys.stderr.isatty() and (done % 50 == 0 or done == total):
            print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr)

    command = "python3 -m engine simulate " + " ".join(sys.argv[2:]) if sys.argv[1:2] == ["simulate"] else ""
    rep = simulate(args.games, args.players, bots, options, seed=args.seed, out=args.out,
                   jobs=args.jobs, rotate=args.rotate, records=args.records, command=command,
                   progress=progress)
    with open(os.path.join(args.out, "report.md"), encoding="utf-8") as f:
        print(f.read(), end="")
    print(f"{rep['games_per_second']:.1f} games/s on {rep['config']['jobs']} process(es); "
          f"report: {os.path.join(args.out, 'report.html')}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record and describe each update")
    p.add_argument("file", help="a record (JSON, see docs/records.md)")
    p.add_argument("--json", action="store_true", help="print the final state as one JSON object")
    p.set_defaults(run=cmd_replay)
    add_simulate(sub)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except GameError as e:
        print(f"error: {args.file}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
