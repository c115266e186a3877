"""The engine's command line: `python3 -m engine replay FILE.json [--json]`."""

import argparse
import json
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record and describe each update")
    p.add_argument("file", help="a record (JSON, see docs/records.md)")
    p.add_argument("--json", action="store_true", help="print the final state as one JSON object")
    p.set_defaults(run=cmd_replay)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except GameError as e:
        print(f"error: {args.file}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
