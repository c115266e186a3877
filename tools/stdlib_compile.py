"""Pyodide's standard library as the site ships it: run inside Pyodide itself (under Node, by
build.py through tools/pyodide_run.mjs), so the bytecode is its own Python's.

    stdlib_compile.py <Pyodide's python_stdlib.zip> <out.zip> <config.json>

config: {"imports": [modules the site's Python imports], "trimmed": [top-level names left out]}

Why, and what is left out: tools/stdlib.py. The modules a start imports (Python's and
Pyodide's own, and the site's imports with everything they import) become a `.pyc` without
its source (zipimport loads it unchecked); the rest stay sources. Prints a JSON summary."""

import importlib._bootstrap_external as external
import json
import sys
import zipfile

source, out, config = sys.argv[1:4]
config = json.loads(open(config).read())
trimmed = set(config["trimmed"])
ZIPPED = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"

for name in config["imports"]:
    top = name.split(".")[0]
    if top in sys.stdlib_module_names and top not in trimmed:
        __import__(name)

# the zip members of every module imported by now: sources to replace by bytecode
started = {module.__file__[len(ZIPPED):] for module in list(sys.modules.values())
           if (getattr(module, "__file__", None) or "").startswith(ZIPPED)}

compiled = kept = left_out = 0
with zipfile.ZipFile(source) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        if info.filename.split("/")[0].removesuffix(".py") in trimmed:
            left_out += 1
            continue
        data = src.read(info)
        if info.filename in started:
            # without docstrings (as `python -OO` runs the standard library), but for Pyodide's
            # own packages, whose docstrings it attaches to JavaScript's objects at run time
            keep_docs = info.filename.split("/")[0] in ("_pyodide", "pyodide")
            code = compile(data, info.filename, "exec", dont_inherit=True, optimize=0 if keep_docs else 2)
            pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            pyc.external_attr = info.external_attr
            dst.writestr(pyc, bytes(external._code_to_timestamp_pyc(code, 0, 0)))
            compiled += 1
        else:
            dst.writestr(info, data)
            kept += 1
print(json.dumps({"python": sys.version.split()[0], "compiled": compiled, "sources": kept, "left_out": left_out}))
