// The files of a zip archive, read in JavaScript (python.js: the core engine, core.zip, into
// Python's working folder). Python's own unpacking (Pyodide's `unpackArchive`: a temporary
// file, `shutil`, `zipfile` and the cp437 codec it first imports) ran after Pyodide's start,
// on the start's path: 60-110 ms of a cold start under load. Read here, the archive is
// inflated while Pyodide starts, and only written into its file system after.
// Reads what build.py writes: no comment, no zip64, each member stored or deflated.

const END = 0x06054b50; // end of the central directory
const ENTRY = 0x02014b50; // an entry of the central directory
const names = new TextDecoder();

/** Resolves with [{name, bytes}] for each member of `buffer` (an ArrayBuffer). */
export function unzip(buffer) {
  const view = new DataView(buffer);
  const end = buffer.byteLength - 22;
  if (end < 0 || view.getUint32(end, true) !== END) throw new Error("not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== ENTRY) throw new Error("not a zip archive: a broken directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(new Uint8Array(buffer, at + 46, nameLength));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = new Uint8Array(buffer, start, size);
    if (method !== 0 && method !== 8) throw new Error(`${name}: not stored nor deflated (method ${method})`);
    files.push((method === 0 ? Promise.resolve(data) : inflate(data)).then((bytes) => ({ name, bytes })));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return Promise.all(files);
}

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Writes `files` ([{name, bytes}], unzip's) under `folder` of Pyodide's file system. */
export function writeFiles(FS, files, folder) {
  for (const { name, bytes } of files) {
    if (name.endsWith("/")) continue;
    const path = `${folder}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
}
