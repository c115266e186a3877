"""A zip of Python sources with each module as bytecode of Pyodide's own Python: run inside
Pyodide under Node by build.py (tools/bytecode.py says why).

    bytecode_compile.py <sources.zip> <out.zip>

Each `x.py` becomes `x.pyc`, without docstrings (nothing reads them in a page; a third of
the bytes) but with its asserts, as Python runs by default; other members are copied; the
members' dates, order and compression stay as they were."""

import ast
import importlib._bootstrap_external as external
import sys
import zipfile

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            if len(body) > 1:
                del body[0]
            else:
                body[0] = ast.copy_location(ast.Pass(), body[0])
    return tree


source, out = sys.argv[1:3]
with zipfile.ZipFile(source) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py"):
            tree = without_docstrings(ast.parse(data, info.filename))
            code = compile(tree, info.filename, "exec", dont_inherit=True)
            pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            pyc.external_attr = info.external_attr
            dst.writestr(pyc, bytes(external._code_to_timestamp_pyc(code, 0, 0)))
        else:
            dst.writestr(info, data)
