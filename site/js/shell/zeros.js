// Python's memory snapshot kept without its long runs of zeros. Three quarters of its 31.5 MB
// are zero bytes. Kept whole, it was copied over and over on its way into the cache, and
// WebKit's tab grew by 110 MB while it was kept (issue 28: a phone low on memory must not lose
// the tab). Packed, it is 11.5 MB; a restore unpacks it straight into Python's memory
// (python.js restoreFrom).
//
// The packed form: three 32-bit words (MAGIC, the whole length, the number of parts), then
// each part's offset and length, then the parts' bytes one after the other. A part starts and
// ends on a 4-byte word; the words between two parts are zeros.

const MAGIC = 0x305a5942; // "BYZ0" read as little-endian bytes
const GAP = 64; // words: a run of 256 zero bytes or more is left out, a shorter one kept

/** `bytes` (a Uint8Array starting on a 4-byte boundary of its buffer, as a new one does)
 *  packed: a new Uint8Array. */
export function pack(bytes) {
  const aligned = bytes.length & ~3; // the bytes in whole words
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, aligned >>> 2);
  const parts = []; // offset, length (bytes), one pair a part
  const n = words.length;
  let i = 0;
  while (i < n) {
    while (i < n && words[i] === 0) i++;
    if (i === n) break;
    const start = i;
    let end = i; // past the part's last word that is not zero
    for (let zeros = 0; i < n && zeros < GAP; i++) {
      if (words[i] === 0) zeros++;
      else {
        zeros = 0;
        end = i + 1;
      }
    }
    parts.push(start * 4, (end - start) * 4);
    i = end;
  }
  if (aligned < bytes.length) parts.push(aligned, bytes.length - aligned); // a tail shorter than a word
  let size = 0;
  for (let p = 1; p < parts.length; p += 2) size += parts[p];
  const count = parts.length / 2;
  const head = 3 + parts.length;
  const packed = new Uint8Array(head * 4 + size);
  const table = new DataView(packed.buffer);
  [MAGIC, bytes.length, count, ...parts].forEach((value, index) => table.setUint32(index * 4, value, true));
  let at = head * 4;
  for (let p = 0; p < parts.length; p += 2) {
    packed.set(bytes.subarray(parts[p], parts[p] + parts[p + 1]), at);
    at += parts[p + 1];
  }
  return packed;
}

/** The whole length `packed` holds, and its parts (offset in the whole, length, offset in the
 *  packed form; three numbers a part); throws when `packed` is not a packed form whose parts lie
 *  in order inside the whole and fill the form exactly. */
function layout(packed) {
  const table = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const word = (index) => table.getUint32(index * 4, true);
  if (packed.length < 12 || word(0) !== MAGIC) throw new Error("not a packed snapshot");
  const length = word(1);
  const count = word(2);
  const head = 3 + 2 * count;
  if (head * 4 > packed.length) throw new Error("a packed snapshot cut short");
  const parts = [];
  let at = head * 4;
  let after = 0; // the end of the part before
  for (let p = 0; p < count; p++) {
    const offset = word(3 + 2 * p);
    const size = word(4 + 2 * p);
    if (offset < after || offset + size > length || at + size > packed.length)
      throw new Error("a packed snapshot whose parts do not fit");
    parts.push(offset, size, at);
    at += size;
    after = offset + size;
  }
  if (at !== packed.length) throw new Error("a packed snapshot with bytes past its parts");
  return { length, parts };
}

/** The length of the bytes `packed` holds; throws as `unpack` does. */
export function packedLength(packed) {
  return layout(packed).length;
}

/** The bytes `packed` holds from `from` on, written over `target` from its start, as many as
 *  either holds (zeros where no part is): `target`, or throws when `packed` is not a packed form
 *  whose parts lie in order inside the whole and fill it exactly. */
export function unpackInto(packed, target, from = 0) {
  const { length, parts } = layout(packed);
  const end = Math.min(length, from + target.length);
  let done = from; // written up to here
  for (let p = 0; p < parts.length && done < end; p += 3) {
    const [offset, size, at] = parts.slice(p, p + 3);
    const first = Math.max(offset, done);
    const last = Math.min(offset + size, end);
    if (last <= first) continue;
    target.fill(0, done - from, first - from);
    target.set(packed.subarray(at + first - offset, at + last - offset), first - from);
    done = last;
  }
  if (done < end) target.fill(0, done - from, end - from);
  return target;
}

/** The bytes `packed` holds: a new Uint8Array; throws as `unpackInto` does. */
export function unpack(packed) {
  return unpackInto(packed, new Uint8Array(packedLength(packed)));
}
