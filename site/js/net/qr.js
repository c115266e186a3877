// QR codes (ISO/IEC 18004) for invites, order codes, round links and live offers/answers:
// byte mode, error correction L or M, versions 1–40, Reed–Solomon over GF(256), all eight
// masks tried with the standard's penalty rules. Rendered as one SVG <path> (no markup from
// text: the text only decides which modules are dark). Tables and the block layout follow the
// standard (cross-checked with Nayuki's reference implementation, MIT); tests/site/
// test_net_qr.py decodes what this makes with zxing-cpp.

const ECC_PER_BLOCK = {
  L: [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
};
const BLOCKS = {
  L: [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19,
    19, 20, 21, 22, 24, 25,
  ],
  M: [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31,
    33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
};
const FORMAT_BITS = { L: 1, M: 0 };

const rawModules = (v) => {
  let n = (16 * v + 128) * v + 64;
  if (v >= 2) {
    const align = Math.floor(v / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (v >= 7) n -= 36;
  }
  return n;
};
/** Data codewords (bytes) of version v at level ecl. */
export const dataCodewords = (v, ecl) => Math.floor(rawModules(v) / 8) - ECC_PER_BLOCK[ecl][v] * BLOCKS[ecl][v];
/** How many bytes byte mode carries at version v, level ecl. */
export const byteCapacity = (v, ecl) => Math.floor((dataCodewords(v, ecl) * 8 - 4 - (v < 10 ? 8 : 16)) / 8);

// ------------------------------------------------------------------ Reed–Solomon, GF(256)
function gfMul(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i -= 1) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function rsDivisor(degree) {
  const out = new Array(degree).fill(0);
  out[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      out[j] = gfMul(out[j], root);
      if (j + 1 < degree) out[j] ^= out[j + 1];
    }
    root = gfMul(root, 2);
  }
  return out;
}

function rsRemainder(data, divisor) {
  const out = new Array(divisor.length).fill(0);
  for (const b of data) {
    const factor = b ^ out.shift();
    out.push(0);
    divisor.forEach((d, i) => {
      out[i] ^= gfMul(d, factor);
    });
  }
  return out;
}

// ------------------------------------------------------------------ the symbol
class Grid {
  constructor(version) {
    this.version = version;
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => new Uint8Array(this.size));
    this.fixed = Array.from({ length: this.size }, () => new Uint8Array(this.size));
  }
  set(x, y, dark) {
    this.dark[y][x] = dark ? 1 : 0;
    this.fixed[y][x] = 1;
  }

  alignmentPositions() {
    const v = this.version;
    if (v === 1) return [];
    const n = Math.floor(v / 7) + 2;
    const step = Math.floor((v * 8 + n * 3 + 5) / (n * 4 - 4)) * 2;
    const out = [6];
    for (let pos = this.size - 7; out.length < n; pos -= step) out.splice(1, 0, pos);
    return out;
  }

  functionPatterns() {
    const n = this.size;
    for (let i = 0; i < n; i += 1) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [
      [3, 3],
      [n - 4, 3],
      [3, n - 4],
    ]) {
      for (let dy = -4; dy <= 4; dy += 1) {
        for (let dx = -4; dx <= 4; dx += 1) {
          const d = Math.max(Math.abs(dx), Math.abs(dy)),
            x = cx + dx,
            y = cy + dy;
          if (x >= 0 && x < n && y >= 0 && y < n) this.set(x, y, d !== 2 && d !== 4);
        }
      }
    }
    const pos = this.alignmentPositions(),
      last = pos.length - 1;
    pos.forEach((x, i) =>
      pos.forEach((y, j) => {
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        for (let dy = -2; dy <= 2; dy += 1) {
          for (let dx = -2; dx <= 2; dx += 1) this.set(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }),
    );
    this.formatBits("L", 0); // reserves the modules; drawn for real once the mask is chosen
    if (this.version >= 7) {
      let rem = this.version;
      for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
      const bits = (this.version << 12) | rem;
      for (let i = 0; i < 18; i += 1) {
        const bit = (bits >>> i) & 1,
          a = n - 11 + (i % 3),
          b = Math.floor(i / 3);
        this.set(a, b, bit);
        this.set(b, a, bit);
      }
    }
  }

  formatBits(ecl, mask) {
    const data = (FORMAT_BITS[ecl] << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i += 1) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const bit = (i) => (bits >>> i) & 1,
      n = this.size;
    for (let i = 0; i <= 5; i += 1) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i += 1) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i += 1) this.set(n - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i += 1) this.set(8, n - 15 + i, bit(i));
    this.set(8, n - 8, 1);
  }

  codewords(bytes) {
    const n = this.size;
    let i = 0;
    for (let right = n - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < n; vert += 1) {
        for (let j = 0; j < 2; j += 1) {
          const x = right - j,
            upward = ((right + 1) & 2) === 0,
            y = upward ? n - 1 - vert : vert;
          if (!this.fixed[y][x] && i < bytes.length * 8) {
            this.dark[y][x] = (bytes[i >>> 3] >>> (7 - (i & 7))) & 1;
            i += 1;
          }
        }
      }
    }
  }

  mask(m) {
    const test = [
      (x, y) => (x + y) % 2 === 0,
      (x, y) => y % 2 === 0,
      (x) => x % 3 === 0,
      (x, y) => (x + y) % 3 === 0,
      (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
      (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
      (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
      (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
    ][m];
    for (let y = 0; y < this.size; y += 1) {
      for (let x = 0; x < this.size; x += 1) if (!this.fixed[y][x] && test(x, y)) this.dark[y][x] ^= 1;
    }
  }

  /** The standard's penalty (lower is easier to read). */
  penalty() {
    const n = this.size,
      d = this.dark;
    let score = 0,
      darkCount = 0;
    const FINDER = [1, 0, 1, 1, 1, 0, 1];
    const line = (get) => {
      let run = 0,
        prev = -1;
      for (let i = 0; i < n; i += 1) {
        const c = get(i);
        if (c === prev) run += 1;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
          prev = c;
        }
        // 1:1:3:1:1 with four light modules on one side (outside the symbol counts as light)
        if (i + 7 <= n && FINDER.every((f, k) => get(i + k) === f)) {
          const lightBefore = [1, 2, 3, 4].every((k) => i - k < 0 || get(i - k) === 0);
          const lightAfter = [0, 1, 2, 3].every((k) => i + 7 + k >= n || get(i + 7 + k) === 0);
          if (lightBefore) score += 40;
          if (lightAfter) score += 40;
        }
      }
      if (run >= 5) score += run - 2;
    };
    for (let y = 0; y < n; y += 1) line((x) => d[y][x]);
    for (let x = 0; x < n; x += 1) line((y) => d[y][x]);
    for (let y = 0; y < n; y += 1) {
      for (let x = 0; x < n; x += 1) {
        darkCount += d[y][x];
        if (x + 1 < n && y + 1 < n && d[y][x] === d[y][x + 1] && d[y][x] === d[y + 1][x] && d[y][x] === d[y + 1][x + 1])
          score += 3;
      }
    }
    const total = n * n;
    score += (Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1) * 10;
    return score;
  }
}

function withEcc(data, version, ecl) {
  const blocks = BLOCKS[ecl][version],
    eccLen = ECC_PER_BLOCK[ecl][version];
  const raw = Math.floor(rawModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks),
    shortLen = Math.floor(raw / blocks);
  const divisor = rsDivisor(eccLen);
  const out = [],
    all = [];
  for (let i = 0, k = 0; i < blocks; i += 1) {
    const dat = data.slice(k, k + shortLen - eccLen + (i < shortBlocks ? 0 : 1));
    k += dat.length;
    const ecc = rsRemainder(dat, divisor);
    if (i < shortBlocks) dat.push(0);
    all.push(dat.concat(ecc));
  }
  for (let i = 0; i < all[0].length; i += 1) {
    all.forEach((block, j) => {
      if (i !== shortLen - eccLen || j >= shortBlocks) out.push(block[i]);
    });
  }
  return out;
}

/** The QR symbol of `text` (UTF-8, byte mode): {version, size, ecl, mask, dark: rows of 0/1}.
 *  The smallest version that fits at level `ecl` ("M" by default, "L" for more room); when
 *  the text does not fit at M it falls back to L. Throws RangeError beyond version 40-L. */
export function qrMatrix(text, { ecl = "M", minVersion = 1 } = {}) {
  const bytes = new TextEncoder().encode(String(text));
  let level = ecl,
    version = 0;
  for (const lv of ecl === "L" ? ["L"] : [ecl, "L"]) {
    for (let v = minVersion; v <= 40; v += 1)
      if (byteCapacity(v, lv) >= bytes.length) {
        version = v;
        break;
      }
    if (version) {
      level = lv;
      break;
    }
  }
  if (!version) throw new RangeError(`QR: ${bytes.length} bytes do not fit`);
  const bits = [];
  const put = (value, count) => {
    for (let i = count - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  put(4, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const capacity = dataCodewords(version, level) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));

  const grid = new Grid(version);
  grid.functionPatterns();
  grid.codewords(withEcc(data, version, level));
  let best = -1,
    bestScore = Infinity;
  for (let m = 0; m < 8; m += 1) {
    grid.mask(m);
    grid.formatBits(level, m);
    const score = grid.penalty();
    if (score < bestScore) {
      best = m;
      bestScore = score;
    }
    grid.mask(m); // XOR again: undone
  }
  grid.mask(best);
  grid.formatBits(level, best);
  return { version, size: grid.size, ecl: level, mask: best, dark: grid.dark.map((row) => Array.from(row)) };
}

/** An SVG element showing `text` as a QR code (4 modules of quiet zone, dark on white).
 *  `label` becomes its accessible name. */
export function qrSvg(text, { ecl = "M", label = "" } = {}) {
  const q = qrMatrix(text, { ecl });
  const NS = "http://www.w3.org/2000/svg",
    full = q.size + 8;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${full} ${full}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.dataset.version = String(q.version);
  if (label) svg.setAttribute("aria-label", label);
  const bg = document.createElementNS(NS, "rect");
  bg.setAttribute("width", String(full));
  bg.setAttribute("height", String(full));
  bg.setAttribute("fill", "#fff");
  let d = "";
  q.dark.forEach((row, y) => {
    for (let x = 0; x < q.size; x += 1) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < q.size && row[end + 1]) end += 1;
      d += `M${x + 4} ${y + 4}h${end - x + 1}v1h${-(end - x + 1)}z`;
      x = end;
    }
  });
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}
