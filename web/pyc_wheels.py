"""Add Python bytecode to pure wheels, for the Python that runs in the browser.

Run *inside Pyodide* (its Python, 3.14, is the one whose bytecode we need) by build.py:

    node tools/pyodide_run.mjs --no-engine --wheels <empty> web/pyc_wheels.py IN.whl OUT.whl [...]

Each ``.py`` of a wheel gets ``__pycache__/<name>.<tag>.pyc`` beside it, an *unchecked
hash-based* pyc (PEP 552): Python loads it without looking at the source's time, so it
holds however the wheel is unpacked; the source stays for tracebacks. The browser then
imports jinja2 and the engine without compiling them on every visit.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]  # private: the stubs omit it

OPTIMIZE = 2  # no docstrings, no asserts: smaller wheels; nothing here reads its docstrings
SOURCELESS = "--sourceless" in sys.argv


def pyc_name(name: str) -> str:
    if SOURCELESS:  # the legacy place of a sourceless module: beside where its .py was
        return name + "c"
    folder, _, file = name.rpartition("/")
    stem = file[:-3]
    prefix = f"{folder}/" if folder else ""
    return f"{prefix}__pycache__/{stem}.{sys.implementation.cache_tag}.pyc"


def with_bytecode(source_wheel: str, target_wheel: str) -> int:
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(source_wheel) as zf:
        for info in zf.infolist():
            if not info.is_dir():
                files[info.filename] = zf.read(info)
    record_name = next(n for n in files if n.endswith(".dist-info/RECORD"))
    added = 0
    for name, data in list(files.items()):
        if not name.endswith(".py") or ".dist-info/" in name:
            continue
        code = compile(data, name, "exec", dont_inherit=True, optimize=OPTIMIZE)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        files[pyc_name(name)] = bytes(pyc)
        if SOURCELESS:
            del files[name]
        added += 1
    record = []
    for name in sorted(files):
        if name == record_name:
            continue
        digest = base64.urlsafe_b64encode(hashlib.sha256(files[name]).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(files[name])}")
    record.append(f"{record_name},,")
    files[record_name] = ("\n".join(record) + "\n").encode()
    with zipfile.ZipFile(target_wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, files[name])
    return added


def main(argv: list[str]) -> int:
    argv = [a for a in argv if a != "--sourceless"]
    if len(argv) % 2:
        print("usage: pyc_wheels.py IN.whl OUT.whl [IN.whl OUT.whl ...]", file=sys.stderr)
        return 2
    for source, target in zip(argv[::2], argv[1::2], strict=False):
        print(f"{target}: {with_bytecode(source, target)} modules compiled for {sys.implementation.cache_tag}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
