"""The fuzzers the net tests share, in the page (window.fuzz): seeded, so every run feeds the
same inputs. `FUZZ_JS` makes line noise and forgeries of links and codes (test_net_fuzz.py
feeds them to the net modules); `CASES_JS` adds the other ways a text goes wrong on its way
to a paste box or the address bar, one kind after another (test_net_fuzz_pages.py feeds them
to the hall's pages). Both need window.net = {codec, links, ...} (the build's modules)."""

from __future__ import annotations

FUZZ_JS = """
window.fuzz = (() => {
  let seed = 12345;
  const rand = () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const int = (n) => Math.floor(rand() * n);
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const ODD = B64 + ".#:/?=&%+ \\n\\t~é€😀\\u0000\\u202e";
  const noise = (s) => {
    const n = 1 + (rand() < 0.3 ? int(3) : 0);
    for (let k = 0; k < n; k++) {
      const i = int(s.length);
      switch (int(9)) {
        case 0: case 1: s = s.slice(0, i) + pick(B64) + s.slice(i + 1); break;   // substitute
        case 2: s = s.slice(0, i) + s.slice(i + 1); break;                       // drop
        case 3: s = s.slice(0, i) + pick(ODD) + s.slice(i); break;                // insert
        case 4: s = s.slice(0, i); break;                                         // truncate
        case 5: s = s.slice(0, i) + s.slice(i - int(20), i) + s.slice(i); break;  // duplicate
        case 6: s = s.slice(0, i) + (s[i + 1] || "") + (s[i] || "") + s.slice(i + 2); break; // swap
        case 7: s = s.slice(0, i) + (s[i] || "").toUpperCase() + s.slice(i + 1); break;
        case 8:
          s = pick(["o1.", "r1.", "i1.", "r2.", "i2.", "o3.", "r3.", "i3.", "f3.", "o0.", "x2.", "", "#", "https://h/#"])
            + s.slice(int(4));
          break;
      }
    }
    return s;
  };
  const WEIRD = [null, -1, 0, 1, 2, 1e300, -0.5, "", "x", "0", true, [], {}, [1, 2], {a: 1},
                 "AAAA", 2 ** 53, "ZZZZZZZZZZZZ", NaN];
  // change one thing deep inside a JSON value
  const tweak = (v, depth = 0) => {
    if (Array.isArray(v) && v.length && rand() < 0.8) {
      const i = int(v.length); const out = v.slice();
      if (rand() < 0.15) out.splice(i, 1); else out[i] = tweak(out[i], depth + 1);
      return out;
    }
    if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length && rand() < 0.85) {
      const k = pick(Object.keys(v)); const out = {...v};
      if (rand() < 0.1) delete out[k]; else out[k] = tweak(out[k], depth + 1);
      return out;
    }
    if (typeof v === "string" && v.length > 8 && rand() < 0.7) {
      const b = net.codec.b64decode(v);
      if (b && b.length && rand() < 0.6) { b[int(b.length)] ^= 1 << int(8); return net.codec.b64encode(b); }
      return noise(v);
    }
    if (typeof v === "number" && rand() < 0.6) return v + pick([1, -1, 1000, -v - 1]);
    return pick(WEIRD);
  };
  const forge = async (code, letter) => {
    const {version} = net.codec.peek(code);   // the code's own version (they differ by kind)
    const {value} = await net.codec.decode(code, {[letter]: version});
    return net.codec.encode(letter, version, tweak(value));
  };
  const mutants = async (codes, letter, n) => {
    const out = [];
    for (let k = 0; k < n; k++) {
      const code = pick(codes);
      out.push(rand() < 0.55 ? [noise(code), false] : [await forge(code, letter), true]);
    }
    return out;
  };
  return {mutants, rand, int, pick, noise, tweak};
})();
"""

CASES_JS = r"""
window.fuzz.cases = (() => {
  const {rand, int, pick, noise, tweak} = window.fuzz;
  const C = () => window.net.codec;
  const utf8 = new TextEncoder();
  // a save string around any JSON text (the page's own encode only takes a value)
  const rawEncode = async (letter, version, json) => {
    const prefix = `${letter}${version}.`;
    const packed = await C().deflateRaw(utf8.encode(json));
    const body = new Uint8Array(packed.length + 4);
    body.set(packed);
    new DataView(body.buffer).setUint32(packed.length, C().crc32(utf8.encode(prefix), packed));
    return prefix + C().b64encode(body);
  };
  const parts = (code) => {
    const s = C().extract(code);
    const m = /^([a-z])([0-9]+)\.(.*)$/.exec(s);
    return m && {letter: m[1], version: Number(m[2]), body: m[3], s};
  };
  const decoded = async (code) => {
    const p = parts(code);
    return (await C().decode(code, {[p.letter]: p.version})).value;
  };
  // the value with one leaf deep inside replaced by `leaf` (a forgery's change)
  const tweakWith = (v, leaf) => {
    if (Array.isArray(v) && v.length && rand() < 0.7) {
      const out = v.slice(), i = int(v.length);
      out[i] = tweakWith(out[i], leaf);
      return out;
    }
    if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length && rand() < 0.8) {
      const k = pick(Object.keys(v));
      return {...v, [k]: tweakWith(v[k], leaf)};
    }
    return leaf;
  };
  // ... or by any JSON text (a number JSON.stringify cannot write, a deep array)
  const withText = (v, text) => {
    const mark = JSON.stringify("\u0001MARK\u0001");
    return JSON.stringify(tweakWith(v, "\u0001MARK\u0001")).replace(mark, text);
  };
  const CONTROL = ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u200b", "\u200e", "\u200f",
                   "\u202a", "\u202e", "\u2066", "\u2069", "\ufeff", "\ufffd", "\r\n", "\t"];
  const BIG = ["1e400", "-1e400", "123456789012345678901234567890", "9007199254740993", "-0", "1e-400",
               "1" + "0".repeat(400), "18446744073709551616"];
  const encodeAgain = async (code, text) => {
    const p = parts(code);
    return rawEncode(p.letter, p.version, text);
  };
  const KINDS = {
    truncate: async (code) => code.slice(0, int(code.length)),
    flip: async (code) => {             // a bit of the deflated body flipped (the CRC sees it)
      const p = parts(code);
      const b = C().b64decode(p.body);
      if (!b || !b.length) return noise(code);
      b[int(b.length)] ^= 1 << int(8);
      return `${p.letter}${p.version}.${C().b64encode(b)}`;
    },
    noise: async (code) => noise(code),
    reencode: async (code) => {         // the same code written another way
      const s = parts(code).s;
      switch (int(7)) {
        case 0: return encodeURIComponent(code);
        case 1: return s.replace(/-/g, "+").replace(/_/g, "/");            // base64, not base64url
        case 2: return s + "=".repeat(1 + int(2));                          // padding
        case 3: return s.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
        case 4: return s.toUpperCase();
        case 5: return encodeAgain(code, JSON.stringify(await decoded(code), null, 1 + int(3)));
        default: return s.match(/.{1,20}/g).join(pick(["\n", " ", "\r\n", "\t"]));   // a chat app's breaks
      }
    },
    repeat: async (code) => {           // huge: the code many times, or one field
      if (rand() < 0.5) return code.repeat(pick([2, 3, 40, 1000]));
      const long = "x".repeat(pick([3000, 40000, 70000]));
      return encodeAgain(code, JSON.stringify(tweakWith(await decoded(code), long)));
    },
    control: async (code) => {          // control and bidi characters, in the text or in its JSON
      if (rand() < 0.5) {
        let s = code;
        for (let k = 1 + int(3); k > 0; k--) {
          const i = int(s.length);
          s = s.slice(0, i) + pick(CONTROL) + s.slice(i);
        }
        return s;
      }
      const name = pick(CONTROL) + "Ann" + pick(CONTROL);
      return encodeAgain(code, JSON.stringify(tweakWith(await decoded(code), name)));
    },
    other: async (code, others) => pick(others),   // another kind of code, another game's
    swap: async (code) => {             // JSON types swapped deep inside (a forgery)
      const p = parts(code);
      return C().encode(p.letter, p.version, tweak(await decoded(code)));
    },
    nest: async (code) => {
      const depth = pick([50, 1000, 20000, 30000]);
      return encodeAgain(code, withText(await decoded(code), "[".repeat(depth) + "]".repeat(depth)));
    },
    bigint: async (code) => encodeAgain(code, withText(await decoded(code), pick(BIG))),
  };
  /** n inputs [kind, text] made from `bases` (genuine codes), each kind in turn; `others`
   *  are codes of other kinds and games. */
  return async (bases, n, others) => {
    const kinds = Object.keys(KINDS), out = [];
    for (let k = 0; k < n; k++) {
      const kind = kinds[k % kinds.length];
      out.push([kind, await KINDS[kind](pick(bases), others)]);
    }
    return out;
  };
})();
"""
