"""The engine's command line, for every game of the registry (docs/bots.md):

    python3 -m engine replay FILE.json [--json]
    python3 -m engine simulate --game NAME [-n N] [-p P] [--bots a,b] [--OPTION VALUE ...]
"""

import argparse
import json
import os
import sys

from .core.errors import GameError, short, shorten_text
from .core.game import GAMES, get_game

MAX_DIGITS = 100  # a whole number in a record or an option; Python itself stops at 4,300
MAX_GAMES, MAX_JOBS = 1_000_000, 256  # simulate: what a machine can run, not a typo's 10**12


def whole_number(text: str) -> int:
    """A JSON whole number, refused past MAX_DIGITS digits (past 4,300 Python would raise a
    ValueError of its own in the middle of reading)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise GameError("bad_json", f"a number of {digits} digits (at most {MAX_DIGITS}): {short(text)}",
                        digits=digits, limit=MAX_DIGITS)
    return int(text)


def not_a_number(text: str):
    raise GameError("bad_json", f"not valid JSON: {text} is not a number JSON knows")


def loads(text: str):
    """JSON as a record or an option may be written: whole numbers of at most MAX_DIGITS
    digits, no NaN or Infinity."""
    return json.loads(text, parse_int=whole_number, parse_constant=not_a_number)


def read_json(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            return loads(f.read())
    except OSError as e:
        raise GameError("cannot_read", f"cannot read the file ({e.strerror})")
    except UnicodeDecodeError:
        raise GameError("bad_json", "the file is not UTF-8 text")
    except json.JSONDecodeError as e:
        raise GameError("bad_json", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}")
    except RecursionError:
        raise GameError("bad_json", "not valid JSON: nested too deeply")


def bounded(low: int, high: int):
    """An argparse type: a whole number from low to high (a long typo shortened)."""
    def read(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if not digits.isdigit() or len(digits) > 12 or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, not {short(text)!r}")
        return int(text)
    return read


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line (no usage block), with any long
    value shortened; `--help` still shows the usage."""

    def error(self, message):
        print(f"error: {shorten_text(message)}", file=sys.stderr)
        sys.exit(2)


def cmd_replay(args) -> int:
    from .core.record import replay
    module, state = replay(read_json(args.file))
    if args.json:
        brief = module.summary(state) if hasattr(module, "summary") else \
            {"over": module.is_over(state), "result": module.result(state)}
        print(json.dumps(brief, ensure_ascii=False))
        return 0
    if hasattr(module, "describe"):
        print("\n".join(module.describe(state)))
    else:
        print(json.dumps(module.result(state), ensure_ascii=False))
    return 0


def option_flags(parser, catalog: dict) -> None:
    """One flag per option of the game's catalog: --name VALUE (a bool: --name / --no-name)."""
    group = parser.add_argument_group("options of this game (its catalog)")
    for spec in catalog["options"]:
        flag = "--" + spec["key"].replace("_", "-")
        if spec["kind"] == "bool":
            group.add_argument(flag, dest=f"opt_{spec['key']}", action=argparse.BooleanOptionalAction,
                               default=None)
        elif spec["kind"] == "int":
            group.add_argument(flag, dest=f"opt_{spec['key']}", default=None,
                               type=bounded(spec.get("min", -10**12), spec.get("max", 10**12)))
        else:
            values = spec["values"]
            group.add_argument(flag, dest=f"opt_{spec['key']}", default=None,
                               choices=[str(v) for v in values])


def add_simulate(sub, game: str) -> None:
    """The `simulate` subcommand (engine/sim, docs/bots.md); its option flags are `game`'s."""
    p = sub.add_parser("simulate", help="play many seeded bot games and write a report with charts")
    first = next(iter(GAMES))
    p.add_argument("--game", default=first, choices=list(GAMES),
                   help=f"which game (default: the registry's first, {first})")
    p.add_argument("-n", "--games", type=bounded(1, MAX_GAMES), default=1000, help="how many games (default 1000)")
    p.add_argument("-p", "--players", type=bounded(1, 10**6), default=4,
                   help="players per game (default 4; at most the game's limit, docs/records.md)")
    p.add_argument("--bots", default=None,
                   help="comma-separated bots per seat, repeated to fill the seats: the game's "
                        "levels or random (a game may take more: broker-yard and ekonos strong:N); "
                        "default: the middle level")
    p.add_argument("--no-rotate", dest="rotate", action="store_false",
                   help="keep each bot in its seat (default: turn the seats by one per game)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                   help="any option of the game, VALUE as JSON (e.g. -o zero_cancels=3)")
    p.add_argument("--seed", default="1", help="base seed; game i is seeded 'sim<seed>-<i>'")
    p.add_argument("-j", "--jobs", type=bounded(1, MAX_JOBS), default=None, help="processes (default: all cores)")
    p.add_argument("--out", default="sim-out", help="report directory (default sim-out/)")
    p.add_argument("--no-records", dest="records", action="store_false",
                   help="do not write each game's record to OUT/records/")
    try:
        option_flags(p, get_game(game).catalog())
    except GameError:
        pass
    p.set_defaults(run=cmd_simulate, file="simulate")


def parse_option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ValueError(f"an option is KEY=VALUE, not {short(text)!r}")
    try:
        return key, loads(value)
    except (json.JSONDecodeError, RecursionError):
        return key, value


def cmd_simulate(args) -> int:
    from .sim import simulate
    module = get_game(args.game)
    options = {k[4:]: v for k, v in vars(args).items() if k.startswith("opt_") and v is not None}
    for spec in module.catalog()["options"]:  # choices come as text: back to the catalog's values
        if spec["kind"] == "choice" and spec["key"] in options:
            options[spec["key"]] = next(v for v in spec["values"] if str(v) == options[spec["key"]])
    try:
        options.update(parse_option(o) for o in args.option)
        levels = module.catalog()["bots"]
        bots = [b.strip() for b in (args.bots or levels[len(levels) // 2]).split(",") if b.strip()]

        def progress(done, total):
            if sys.stderr.isatty() and (done % 50 == 0 or done == total):
                print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr)

        command = "python3 -m engine " + " ".join(sys.argv[1:]) if sys.argv[1:2] == ["simulate"] else ""
        rep = simulate(args.games, args.players, bots, options, seed=args.seed, out=args.out,
                       jobs=args.jobs, rotate=args.rotate, records=args.records, command=command,
                       progress=progress, game=module.GAME)
    except ValueError as e:
        print(f"error: {shorten_text(str(e))}", file=sys.stderr)
        return 2
    with open(os.path.join(args.out, "report.md"), encoding="utf-8") as f:
        print(f.read(), end="")
    print(f"{rep['games_per_second']:.1f} games/s on {rep['config']['jobs']} process(es); "
          f"report: {os.path.join(args.out, 'report.html')}")
    return 0


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # the simulate flags depend on the game: find --game before building the parser
    game = next((argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--game"),
                next((a.split("=", 1)[1] for a in argv if a.startswith("--game=")), next(iter(GAMES))))
    parser = Parser(prog="python3 -m engine", description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record and describe it")
    p.add_argument("file", help="a record (JSON, see docs/records.md)")
    p.add_argument("--json", action="store_true", help="print the final state in brief, as JSON")
    p.set_defaults(run=cmd_replay)
    add_simulate(sub, game)
    args = parser.parse_args(argv)
    try:
        status = args.run(args)
        sys.stdout.flush()  # a reader gone shows here, not as an error at the interpreter's exit
        return status
    except GameError as e:
        print(f"error: {args.file}: {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader stopped early (`| head`): what it read is all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 0
    except OSError as e:  # simulate's report directory cannot be made or written
        where = short(e.filename or getattr(args, "out", "") or "")
        print(f"error: {args.file}: cannot write {where} ({e.strerror})", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
