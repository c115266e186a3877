"""Fuzz the command line (`python3 -m engine`, engine/__main__.py) with malformed records and
options (issue 14): a few hundred seeded inputs made from genuine records of every game —
cut, bytes flipped, other text encodings, huge repeats, control and bidi characters, other
games' parts and codes, JSON types swapped, deep nesting, big numbers — each replayed (and
`simulate` given malformed options). Each is counted as refused (exit 1 or 2 and one line
"error: ..." of a readable length), accepted (exit 0) or crashed (anything else: a traceback,
another exit, more lines, a message hundreds of digits long), the counts are printed, and
nothing may crash. Most run in-process (main(argv)); a
few through the real `python3 -m engine` for the entry point itself."""

from __future__ import annotations

from collections import Counter
import contextlib
import io
import json
from pathlib import Path
import random
import subprocess
import sys
import traceback

from engine.__main__ import main
from engine.core.game import get_game
from engine.core.record import to_record
from engine.sim.play import play_out

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures"
KINDS = ("truncate", "flip", "reencode", "repeat", "control", "other", "swap", "nest", "bigint")
CONTROL = ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u200b", "\u200f", "\u202e", "\u2066", "\ufeff",
           "\x1b[2J"]
WEIRD = [None, -1, 0, 1, 2, 10**30, -0.5, 1e308, "", "x", "0", True, [], {}, [1, 2], {"a": 1}, 2**63,
         "ZZ" * 50, {"type": None}, [[0, {}]]]
BIG = ["1" + "0" * 5000, "9" * 400, "1e400", "-1e400", str(2**64), "-0", "123456789012345678901234567890"]


def records() -> dict:
    """One genuine record per game (the long ones cut to their first actions: a replay of
    them all takes long, and the start is where the checks are)."""
    def fixture(path, keep=60):
        record = json.loads((FIXTURES / path).read_text(encoding="utf-8"))
        if isinstance(record.get("actions"), list):
            record["actions"] = record["actions"][:keep]
        return record
    spy = get_game("spy")
    state = spy.new_game(None, [f"P{i}" for i in range(6)], "cli-fuzz")
    play_out(spy, state, ["random"] * 6, "cli-fuzz")
    return {
        "broker-old": fixture("broker-yard/example-classic.json"),     # the older format (hands, rounds)
        "broker": fixture("broker-yard/games/classic-4.record.json"),
        "ekonos": fixture("ekonos/games/three-random.record.json"),
        "grid": fixture("grid/example-3p.json"),
        "spy": to_record(state),
    }


class Mutator:
    def __init__(self, recs: dict, seed: int):
        self.recs, self.rng = recs, random.Random(seed)

    def tweak(self, v):
        """One change deep inside a JSON value."""
        rng = self.rng
        if isinstance(v, list) and v and rng.random() < 0.8:
            out, i = list(v), rng.randrange(len(v))
            if rng.random() < 0.15:
                del out[i]
            else:
                out[i] = self.tweak(out[i])
            return out
        if isinstance(v, dict) and v and rng.random() < 0.85:
            out, k = dict(v), rng.choice(sorted(v))
            if rng.random() < 0.1:
                del out[k]
            else:
                out[k] = self.tweak(out[k])
            return out
        if type(v) is int and rng.random() < 0.6:
            return v + rng.choice([1, -1, 1000, -v - 1])
        return rng.choice(WEIRD)

    def with_text(self, record, text: str) -> bytes:
        """The record's JSON with one of its values written as `text` (a number JSON cannot
        hold, a deep array)."""
        mark = "\u0001MARK\u0001"
        key = self.rng.choice(["seed", "options", "players", "actions", "meta", "setup", "engine_version"])
        return dump({**record, key: mark}).replace(json.dumps(mark).encode(), text.encode(), 1)

    def make(self, kind: str, name: str) -> bytes:
        rng, record = self.rng, self.recs[name]
        text = dump(record)
        if kind == "truncate":
            return text[:rng.randrange(len(text))]
        if kind == "flip":
            b = bytearray(text)
            for _ in range(1 + rng.randrange(4)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            return bytes(b)
        if kind == "reencode":
            encoding = rng.choice(["utf-16", "utf-16-le", "utf-32", "utf-8-sig", "latin-1", "cp1251"])
            return json.dumps(record, ensure_ascii=False).encode(encoding, "replace")
        if kind == "repeat":
            what = rng.choice(["name", "actions", "players", "meta"])
            out = dict(record)
            if what == "name":
                out["players"] = [p * 100_000 if isinstance(p, str) else p for p in record["players"]]
            elif what == "actions":
                out["actions"] = (record.get("actions") or [[0, {}]]) * 200
            elif what == "players":
                out["players"] = [f"P{i}" for i in range(100_000)]
            else:
                out["meta"] = {"x": "y" * 3_000_000}
            return dump(out)
        if kind == "control":
            out = dict(record)
            out["players"] = [rng.choice(CONTROL) + p + rng.choice(CONTROL) if isinstance(p, str) else p
                              for p in record["players"]]
            return dump(out)
        if kind == "other":
            other = self.recs[rng.choice([k for k in self.recs if k != name])]
            part = rng.choice(["game", "options", "actions", "players", "code"])
            if part == "code":
                return rng.choice([b"r2.AAAA", b"i2.q1ZKV7JSiq", b"o2.xyz", b"#r2.", b"", b"null", b"[]"])
            return dump({**record, part: other.get(part)})
        if kind == "swap":
            return dump(self.tweak(record))
        if kind == "nest":
            depth = rng.choice([50, 1000, 100_000])
            return self.with_text(record, "[" * depth + "]" * depth)
        return self.with_text(record, rng.choice(BIG))


def dump(value) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


def run(argv) -> tuple[str, str]:
    """(outcome, detail) of `python3 -m engine ARGV` run in this process."""
    err, out = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = main(argv)
    except BaseException as e:  # noqa: BLE001 - a crash is what is counted
        where = traceback.extract_tb(e.__traceback__)[-1]
        return "crashed", f"{type(e).__name__}: {str(e)[:100]} ({Path(where.filename).name}:{where.lineno})"
    lines = err.getvalue().strip().splitlines()
    if code == 0:
        return "accepted", ""
    # exit 1: refused by the engine; 2: a bad option (simulate, as argparse's own)
    if code in (1, 2) and len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) < 400:
        return "refused", lines[0]
    return "crashed", f"exit {code}: {lines[:3]}"


def test_cli_fuzz(tmp_path):
    recs = records()
    mutate = Mutator(recs, seed=14)
    counts, crashes = Counter(), []
    path = tmp_path / "record.json"
    for n in range(324):
        kind, name = KINDS[n % len(KINDS)], sorted(recs)[n // len(KINDS) % len(recs)]
        path.write_bytes(mutate.make(kind, name))
        outcome, detail = run(["replay", str(path)] + (["--json"] if n % 3 == 0 else []))
        counts[("replay", outcome)] += 1
        if outcome == "crashed":
            crashes.append(("replay", kind, name, detail))
    # simulate's options: a value of another type, a big number, a deep one
    values = ['[1]', '{"a": 1}', 'null', 'true', '"x"', '1e400', "9" * 5000, "[" * 5000 + "]" * 5000,
              '"\u202e3+5"', "-1", "0", "3+5", '"4+6"', "1.5", "[[[]]]"]
    keys = ["deal", "mode", "spread", "stop_loss", "summation", "zero_cancels", "no_such_option"]
    for n in range(60):
        option = f"{keys[n % len(keys)]}={values[n * 7 % len(values)]}"
        argv = ["simulate", "-n", "1", "-p", "3", "-j", "1", "--no-records", "--out", str(tmp_path / "sim"),
                "-o", option]
        outcome, detail = run(argv)
        counts[("simulate", outcome)] += 1
        if outcome == "crashed":
            crashes.append(("simulate", option[:40], "broker-yard", detail))
    # the real entry point: a refusal is one line on stderr and exit 1, never a traceback
    for n in range(6):
        path.write_bytes(mutate.make(KINDS[n], "broker"))
        done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        outcome = "accepted" if done.returncode == 0 else "refused" if (
            done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1) else "crashed"
        counts[("python3 -m engine", outcome)] += 1
        if outcome == "crashed":
            crashes.append(("python3 -m engine", KINDS[n], "broker", done.stderr[-300:]))
    print(f"\ncli fuzz: {sum(counts.values())} inputs: "
          + ", ".join(f"{what} {outcome} {k}" for (what, outcome), k in sorted(counts.items())))
    for crash in crashes:
        print("  CRASH", crash)
    assert crashes == []
    assert counts[("replay", "refused")] > 200
