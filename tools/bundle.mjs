// The page's ES modules bundled for a build (tools/bundle.py runs this; esbuild is pinned in
// package.json): a start receives a few shared files instead of one per module.
//
//   node tools/bundle.mjs '{"src": "<folder with js/>", "out": "<folder>", "pages": [...], "worker": [...]}'
//
// `pages` are the modules the pages name in their <script> tags, `worker` those the Python
// worker is started with (paths under js/). Writes into out/js/:
// - each page module, and each module a page imports dynamically (a table, a game's lobby
//   part, ...), at its own path: what it imports with it is in shared files, js/bundle/*.js,
//   split by esbuild so that nothing loads before it is needed;
// - every other module of the page's at its own path too, as a few lines that re-export it
//   from the shared file holding it: whoever imports a module by its address (the tests do)
//   gets the page's own instance of it, not a second one; but for the net layer's modules,
//   which stand alone (below): they are shipped as they are besides;
// - the worker's modules are not written: the worker has a module map of its own, and they
//   are shipped as they are (bundle.py).
// Prints {"entries": [...], "stubs": [...], "worker": [...]} (paths under js/).

import * as esbuild from "esbuild";
import fs from "node:fs";
import path from "node:path";

const { src, out, pages, worker } = JSON.parse(process.argv[2]);
const JS = path.join(src, "js");
// a path esbuild names (relative to src) as one under js/
const rel = (file) => path.relative(JS, path.resolve(src, file)).split(path.sep).join("/");
// a module outside js/ (Pyodide's, which the worker imports) is the runtime's, never bundled
const outside = {
  name: "outside",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, ({ path: p, resolveDir }) =>
      path.relative(JS, path.resolve(resolveDir, p)).startsWith("..") ? { path: p, external: true } : undefined,
    );
  },
};
const common = {
  bundle: true,
  format: "esm",
  target: "es2022",
  logLevel: "warning",
  absWorkingDir: src,
  plugins: [outside],
};

async function graph(entries) {
  const result = await esbuild.build({
    ...common,
    entryPoints: entries.map((e) => path.join(JS, e)),
    splitting: true,
    write: false,
    metafile: true,
    outdir: path.join(out, "probe"),
  });
  return result.metafile.inputs;
}

// the page's modules, and those it imports dynamically: each a point where the bundle splits
const inputs = await graph(pages);
const dynamic = new Set(
  Object.values(inputs).flatMap((i) => i.imports.filter((m) => m.kind === "dynamic-import").map((m) => rel(m.path))),
);
// a game's lobby part and table: imported by a pattern (games.js), one file per game
for (const game of fs.readdirSync(path.join(JS, "games")))
  for (const file of ["lobby.js", "index.js"])
    if (fs.existsSync(path.join(JS, "games", game, file))) dynamic.add(`games/${game}/${file}`);
const entries = [...new Set([...pages, ...dynamic])];
const workerModules = Object.keys(await graph(worker)).map(rel);
const all = await graph(entries);
const imports = Object.fromEntries(
  Object.entries(all).map(([m, i]) => [
    rel(m),
    i.imports.filter((d) => d.kind === "import-statement" && !d.external).map((d) => rel(d.path)),
  ]),
);
function closure(m, seen = new Set()) {
  if (!seen.has(m)) for (const d of imports[m] ?? []) closure(d, seen.add(m));
  return seen.add(m);
}
// The net layer stands alone (it imports nothing of the page's and keeps no state but caches):
// a page of its own, a tool or a test loads it as it is, without the rest of the page
const STANDALONE = "net/";
const standalone = (m) => [...closure(m)].every((d) => d.startsWith(STANDALONE));
const stubbed = Object.keys(imports).filter(
  (m) => !entries.includes(m) && !workerModules.includes(m) && !standalone(m),
);

// each stubbed module's exports, by name
const names = await esbuild.build({
  ...common,
  bundle: false,
  entryPoints: stubbed.map((m) => path.join(JS, m)),
  write: false,
  metafile: true,
  outdir: path.join(out, "probe"),
  outbase: JS,
});
const exportsOf = {};
for (const output of Object.values(names.metafile.outputs)) exportsOf[rel(output.entryPoint)] = output.exports;

// One more entry re-exports every stubbed module's bindings under a name of its own: esbuild
// then exports each from the shared file that holds it, and this entry's output says which
// (it is read below and not shipped).
const alias = (i, name) => `m${i}$${name}`;
const registry = stubbed
  .map((m, i) => {
    const list = exportsOf[m].map((name) => `${name} as ${alias(i, name)}`);
    return (
      `import ${JSON.stringify("./" + m)};\n` +
      (list.length ? `export { ${list.join(", ")} } from ${JSON.stringify("./" + m)};\n` : "")
    );
  })
  .join("");
const REGISTRY = "bundle/registry";
const result = await esbuild.build({
  ...common,
  entryPoints: [
    ...entries.map((e) => ({ in: path.join(JS, e), out: e.replace(/\.js$/, "") })),
    { in: "registry:", out: REGISTRY },
  ],
  splitting: true,
  metafile: true,
  // V8's explicit compile hint: each function of a file is compiled as the file is loaded
  // (before Python is up), not lazily at its first call (the frame's first draw, one long
  // task of a phone's, compiled the table's functions in it). Other engines ignore it
  banner: { js: "//# allFunctionsCalledOnLoad" },
  outdir: path.join(out, "js"),
  entryNames: "[dir]/[name]",
  chunkNames: "bundle/[name]-[hash]",
  plugins: [
    outside,
    {
      name: "registry",
      setup(build) {
        build.onResolve({ filter: /^registry:$/ }, () => ({ path: "registry", namespace: "registry" }));
        build.onLoad({ filter: /.*/, namespace: "registry" }, () => ({
          contents: registry,
          resolveDir: JS,
          loader: "js",
        }));
      },
    },
  ],
});

// A module that finds files by `import.meta.url` must be in a file as deep as itself
const depth = (file) => file.split("/").length;
for (const [file, output] of Object.entries(result.metafile.outputs))
  for (const input of Object.keys(output.inputs))
    if (
      !input.startsWith("registry:") &&
      fs.readFileSync(path.resolve(src, input), "utf8").includes("import.meta.url") &&
      depth(rel(input)) !== depth(path.relative(path.join(out, "js"), path.resolve(src, file)))
    )
      throw new Error(`bundle.mjs: ${rel(input)} finds files by import.meta.url but is bundled into ${file}`);

// the registry's output: `import { a as b, ... } from "./chunk.js";` ... `export { b as m3$x, ... };`
const registryFile = path.join(out, "js", REGISTRY + ".js");
const text = fs.readFileSync(registryFile, "utf8");
fs.rmSync(registryFile);
const local = new Map(); // the registry's local name -> [chunk, its exported name]
for (const [, list, from] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)";/g))
  for (const item of list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, as] = item.split(/\s+as\s+/);
    local.set(as ?? name, [from, name]);
  }
const where = new Map(); // alias -> [chunk, its exported name]
for (const [, list] of text.matchAll(/export\s*\{([^}]*)\};/g))
  for (const item of list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, as] = item.split(/\s+as\s+/);
    if (!local.has(name)) throw new Error(`bundle.mjs: cannot read the registry's export ${item}`);
    where.set(as ?? name, local.get(name));
  }
// the shared file that holds each module's code (its side effects, if it exports nothing)
const holder = {};
for (const [file, output] of Object.entries(result.metafile.outputs))
  for (const input of Object.keys(output.inputs)) holder[rel(input)] = path.resolve(src, file);

stubbed.forEach((m, i) => {
  const target = path.join(out, "js", m);
  const from = (file) => {
    const to = path.relative(path.dirname(target), file).split(path.sep).join("/");
    return JSON.stringify(to.startsWith(".") ? to : "./" + to);
  };
  const byFile = new Map();
  for (const name of exportsOf[m]) {
    const [chunk, exported] = where.get(alias(i, name));
    const file = path.resolve(path.dirname(registryFile), chunk);
    byFile.set(file, [...(byFile.get(file) ?? []), exported === name ? name : `${exported} as ${name}`]);
  }
  const lines = [`// ${m}: the page's own instance, from the bundle (built by tools/bundle.mjs)`];
  if (holder[m]) lines.push(`import ${from(holder[m])};`);
  for (const [file, list] of byFile) lines.push(`export { ${list.join(", ")} } from ${from(file)};`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, lines.join("\n") + "\n");
});
fs.rmSync(path.join(out, "probe"), { recursive: true, force: true });
console.log(JSON.stringify({ entries, stubs: stubbed, worker: workerModules }));
