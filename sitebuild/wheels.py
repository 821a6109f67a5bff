"""The wheels dist/pyodide/ ships and the lock file that names them: the engine (hatchling),
outremer_web (web/), and pure jinja2 and markupsafe, plus the standard-library bytecode."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

from .bytecode import STDLIB_BYTECODE, stdlib_bytecode, with_bytecode
from .common import CACHE, ROOT, WEB, log, run, sha256


def engine_wheel(workdir: Path) -> Path:
    """The engine as a pure wheel, built by hatchling without network access.

    Built from a copy of pyproject.toml, README.md and engine/, so that nothing is
    written into the work tree.
    """
    source = workdir / "source"
    source.mkdir()
    shutil.copy2(ROOT / "pyproject.toml", source)
    if (ROOT / "README.md").exists():
        shutil.copy2(ROOT / "README.md", source)
    else:
        log("warning: README.md is missing; the engine wheel gets a one-line description")
        (source / "README.md").write_text("# Outremer\n")
    shutil.copytree(ROOT / "engine", source / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = workdir / "engine-wheel"
    # cwd elsewhere: from the repository root, `-m build` would find this very file.
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(source)], cwd=workdir)
    (wheel,) = out.glob("outremer-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        binaries = [n for n in zf.namelist() if n.endswith((".so", ".pyd", ".dll"))]
    if binaries:
        raise SystemExit(f"build: the engine wheel is not pure: {binaries}")
    return wheel


def jinja2_wheel(version: str) -> Path:
    """jinja2's pure wheel from PyPI, cached."""
    folder = CACHE / "wheels"
    wheel = folder / f"jinja2-{version}-py3-none-any.whl"
    if not wheel.exists():
        log(f"downloading jinja2 {version}")
        folder.mkdir(parents=True, exist_ok=True)
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "-q",
                "--disable-pip-version-check",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.14",
                "--platform",
                "any",
                "--implementation",
                "py",
                f"jinja2=={version}",
                "-d",
                str(folder),
            ]
        )
    return wheel


def markupsafe_wheel(version: str) -> Path:
    """markupsafe built pure from its sdist (its C speedups disabled), cached."""
    folder = CACHE / "wheels"
    wheel = folder / f"markupsafe-{version}-py3-none-any.whl"
    if not wheel.exists():
        log(f"building markupsafe {version} pure from its sdist")
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "wheel",
                    "-q",
                    "--disable-pip-version-check",
                    "--no-cache-dir",
                    "--no-deps",
                    "--no-binary",
                    "markupsafe",
                    f"markupsafe=={version}",
                    "-w",
                    tmp,
                ],
                env={**os.environ, "CC": "/bin/false"},
            )
            built = list(Path(tmp).glob("*.whl"))
            pure = [w for w in built if w.name.lower() == wheel.name]
            if not pure:
                raise SystemExit(f"build: expected a pure markupsafe wheel, got {[w.name for w in built]}")
            shutil.copy2(pure[0], wheel)
    return wheel


def _wheel_zip(path: Path, files: dict[str, bytes]) -> None:
    """Write a reproducible zip (fixed times, sorted names)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, files[name])


def site_wheel(workdir: Path, version: str) -> Path:
    """outremer_web: the rendering module, the worker's dispatcher, the games' table
    modules (web/games/*.py) and the table templates."""
    package = "outremer_web"
    files: dict[str, bytes] = {
        f"{package}/__init__.py": b'"""Outremer in the browser: rendering and the worker\'s door to the engine."""\n',
        f"{package}/render.py": (WEB / "render.py").read_bytes(),
        f"{package}/dispatch.py": (WEB / "dispatch.py").read_bytes(),
        f"{package}/stdlib_bytecode.py": (WEB / "stdlib_bytecode.py").read_bytes(),
    }
    # One module per game (web/games/<game>.py: the context of its table template).
    for module in sorted((WEB / "games").glob("*.py")):
        files[f"{package}/games/{module.name}"] = module.read_bytes()
    for template in sorted((WEB / "templates" / "table").rglob("*")):
        if template.is_file():
            rel = template.relative_to(WEB).as_posix()
            files[f"{package}/{rel}"] = template.read_bytes()
    dist_info = f"{package}-{version}.dist-info"
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: outremer-web\nVersion: {version}\n"
        "Summary: Outremer's table rendering and worker glue, for Pyodide\n"
        "Requires-Dist: jinja2\nRequires-Dist: outremer\n"
    ).encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: outremer-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = []
    for name, data in sorted(files.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = workdir / f"{package}-{version}-py3-none-any.whl"
    _wheel_zip(wheel, files)
    return wheel


def wheel_entry(wheel: Path, name: str, version: str, imports: list[str], depends: list[str]) -> dict:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


def write_wheels_and_lock(staging: Path, versions: dict[str, str], version: str, stock_lock: dict) -> dict:
    """Every wheel into staging/pyodide/, the standard-library bytecode beside them, and our
    own pyodide-lock.json; returns the lock's packages."""
    pyo = staging / "pyodide"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        wheels = {
            "outremer": (engine_wheel(work), version, ["outremer"], []),
            "markupsafe": (
                with_bytecode(markupsafe_wheel(versions["markupsafe"])),
                versions["markupsafe"],
                ["markupsafe"],
                [],
            ),
            "jinja2": (with_bytecode(jinja2_wheel(versions["jinja2"])), versions["jinja2"], ["jinja2"], ["markupsafe"]),
            "outremer-web": (site_wheel(work, version), version, ["outremer_web"], ["outremer", "jinja2"]),
        }
        packages = {}
        for name, (wheel, wheel_version, imports, depends) in wheels.items():
            shutil.copy2(wheel, pyo / wheel.name)
            packages[name] = wheel_entry(pyo / wheel.name, name, wheel_version, imports, depends)
        bytecode = stdlib_bytecode([wheel for wheel, *_ in wheels.values()])
        if bytecode is not None:
            shutil.copy2(bytecode, staging / STDLIB_BYTECODE)
    lock = {"info": stock_lock["info"], "packages": packages}
    (pyo / "pyodide-lock.json").write_text(json.dumps(lock, indent=2, sort_keys=True) + "\n")
    return packages
