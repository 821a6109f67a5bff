#!/usr/bin/env node
// Run Python inside Pyodide (CPython compiled to WebAssembly) under node, offline.
//
//   node tools/pyodide_run.mjs [runner options] --pytest [pytest args...]
//   node tools/pyodide_run.mjs [runner options] path/to/script.py [args...]
//   node tools/pyodide_run.mjs [runner options] -m module [args...]
//
// Runner options (before the mode):
//   --mount DIR          make a host folder visible inside Pyodide at the same path
//                        (the repository, the current folder and a script's folder
//                        are made visible without asking)
//   --wheels DIR         pure wheels to install first (default .cache/pyodide-wheels)
//   --engine-wheels DIR  folder holding the engine wheel (default .cache/engine-wheel)
//   --no-engine          do not install the engine wheel
//   --no-bytecode-cache  compile everything afresh (by default Python 3.14 bytecode,
//                        and pytest's rewritten test modules, are kept under
//                        .cache/pyodide-pycache, next runs start faster)
//   --verbose            report boot and install times on stderr
//
// Everything comes from local files: the runtime from node_modules/pyodide, the
// wheels from the folders above (filled by `make test-pyodide`). Any attempt to
// fetch over the network fails loudly. Python sees OUTREMER_PYODIDE=1 in its
// environment and sys.platform == "emscripten". The exit code is pytest's, or the
// script's (SystemExit handled as CPython does).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");

const USAGE = `usage: node tools/pyodide_run.mjs [--mount DIR]... [--wheels DIR] [--engine-wheels DIR]
                                  [--no-engine] [--no-bytecode-cache] [--verbose]
                                  (--pytest [pytest args...] | -m module [args...] | script.py [args...])`;

function die(msg, code = 2) {
  process.stderr.write(`pyodide_run: ${msg}\n`);
  process.exit(code);
}

// ------------------------------------------------------------------ arguments
function parseArgs(argv) {
  const opts = {
    mounts: [],
    wheels: path.join(ROOT, ".cache", "pyodide-wheels"),
    engineWheels: path.join(ROOT, ".cache", "engine-wheel"),
    engine: true,
    pycache: path.join(ROOT, ".cache", "pyodide-pycache"),
    verbose: false,
    mode: null,
    target: null,
    args: [],
  };
  let i = 0;
  const value = (name) => {
    if (i + 1 >= argv.length) die(`${name} needs a value\n${USAGE}`);
    return argv[++i];
  };
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--mount") opts.mounts.push(path.resolve(value(a)));
    else if (a === "--wheels") opts.wheels = path.resolve(value(a));
    else if (a === "--engine-wheels") opts.engineWheels = path.resolve(value(a));
    else if (a === "--no-engine") opts.engine = false;
    else if (a === "--no-bytecode-cache") opts.pycache = "";
    else if (a === "--verbose") opts.verbose = true;
    else if (a === "-h" || a === "--help") {
      process.stdout.write(USAGE + "\n");
      process.exit(0);
    } else if (a === "--pytest") {
      opts.mode = "pytest";
      opts.args = argv.slice(i + 1);
      break;
    } else if (a === "-m") {
      opts.mode = "module";
      opts.target = value(a);
      opts.args = argv.slice(i + 1);
      break;
    } else if (a.startsWith("-")) {
      die(`unknown option ${a}\n${USAGE}`);
    } else {
      opts.mode = "script";
      opts.target = path.resolve(a);
      opts.args = argv.slice(i + 1);
      break;
    }
  }
  if (!opts.mode) die(USAGE);
  if (opts.mode === "script" && !fs.existsSync(opts.target)) die(`no such script: ${opts.target}`);
  return opts;
}

// ------------------------------------------------------------------ host helpers
function listWheels(dir, what) {
  if (!fs.existsSync(dir)) die(`${what}: ${dir} does not exist (run \`make test-pyodide\` once to fill it)`);
  const wheels = fs.readdirSync(dir).filter((f) => f.endsWith(".whl")).sort();
  for (const w of wheels) {
    // Pyodide can only take pure wheels from PyPI: refuse anything compiled.
    if (!/-py[23][^-]*-none-any\.whl$/.test(w)) die(`${what}: ${w} is not a pure-Python wheel`);
  }
  return wheels.map((w) => path.join(dir, w));
}

function isInside(child, parent) {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

// Pyodide's writers get raw bytes; write them straight to the host's fd, retrying
// when a non-blocking pipe is momentarily full.
function fdWriter(fd, stream) {
  return {
    isatty: Boolean(stream.isTTY),
    write(buf) {
      let off = 0;
      while (off < buf.length) {
        try {
          off += fs.writeSync(fd, buf, off, buf.length - off);
        } catch (e) {
          if (e.code !== "EAGAIN") throw e;
        }
      }
      return buf.length;
    },
    getTerminalSize: stream.isTTY ? () => ({ rows: stream.rows, columns: stream.columns }) : undefined,
  };
}

// Environment handed to Python: a small, explicit set of host variables.
function pythonEnv() {
  const env = {};
  const pass = /^(OUTREMER_.*|HYPOTHESIS_.*|PYTEST_ADDOPTS|PY_COLORS|NO_COLOR|FORCE_COLOR|COLUMNS|LINES|TERM|CI|PYTHONHASHSEED|PYTHONWARNINGS|PYTHONUTF8)$/;
  for (const [k, v] of Object.entries(process.env)) if (pass.test(k)) env[k] = v;
  env.OUTREMER_PYODIDE = "1";
  return env;
}

// No network: the runtime must come entirely from local files.
function blockNetwork() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input?.url ?? input);
    if (url.startsWith("file:")) return realFetch(input, init);
    throw new Error(`pyodide_run: network access refused (${url}); everything must be local`);
  };
}

// ------------------------------------------------------------------ Python side
const PY_DRIVER = String.raw`
import os, sys, importlib, traceback

def _outremer_exit_code(exc):
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    try:
        print(code, file=sys.stderr)
    except Exception:
        pass
    return 1

def _outremer_flush():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass

def _outremer_install(wheels, pycache):
    """Unpack pure wheels into site-packages. Every file gets its wheel's mtime, so
    bytecode cached from an earlier run stays valid until the wheel changes."""
    import shutil, site, zipfile
    target = site.getsitepackages()[0]
    for wheel in wheels:
        mtime = os.stat(wheel).st_mtime
        with zipfile.ZipFile(wheel) as zf:
            for info in zf.infolist():
                parts = info.filename.split("/")
                if info.is_dir() or ".." in parts or not parts[0]:
                    continue
                if parts[0].endswith(".data"):
                    if len(parts) < 3 or parts[1] not in ("purelib", "platlib"):
                        continue  # scripts, headers, data: nothing to import
                    parts = parts[2:]
                dest = os.path.join(target, *parts)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with zf.open(info) as src, open(dest, "wb") as out:
                    shutil.copyfileobj(src, out)
                os.utime(dest, (mtime, mtime))
    importlib.invalidate_caches()
    if pycache:
        # 3.14 bytecode (and pytest's rewritten modules) go here, never into the
        # host's own __pycache__ folders.
        try:
            os.makedirs(pycache, exist_ok=True)
        except OSError as exc:
            print(f"pyodide_run: no bytecode cache ({exc})", file=sys.stderr)
        else:
            sys.pycache_prefix = pycache
            sys.dont_write_bytecode = False

def _outremer_run(mode, target, args):
    importlib.invalidate_caches()
    args = list(args)
    try:
        if mode == "pytest":
            sys.argv = ["pytest", *args]
            sys.path.insert(0, os.getcwd())  # as "python -m pytest" does
            import pytest
            return int(pytest.main(args))
        import runpy
        if mode == "module":
            sys.argv = [target, *args]
            sys.path.insert(0, os.getcwd())
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:
            sys.argv = [target, *args]
            sys.path.insert(0, os.path.dirname(target))
            runpy.run_path(target, run_name="__main__")
        return 0
    except SystemExit as exc:
        return _outremer_exit_code(exc)
    except BaseException as exc:
        tb = exc.__traceback__  # start the traceback at the user's code, as CPython does
        while tb is not None and tb.tb_frame.f_code.co_filename in ("<exec>", "<frozen runpy>"):
            tb = tb.tb_next
        traceback.print_exception(type(exc), exc, tb)
        return 1
    finally:
        _outremer_flush()
`;

// ------------------------------------------------------------------ main
async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const note = (msg) => opts.verbose && process.stderr.write(`pyodide_run: ${msg} (${((performance.now() - t0) / 1000).toFixed(2)} s)\n`);

  if (!fs.existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
    die(`${PYODIDE_DIR} is missing: run \`npm ci\` (or \`make test-pyodide\`)`);
  }
  const wheels = listWheels(opts.wheels, "--wheels");
  if (opts.engine) {
    const engine = listWheels(opts.engineWheels, "--engine-wheels").filter((w) => /\/outremer-[^/]*\.whl$/.test(w));
    if (engine.length !== 1) die(`expected exactly one outremer wheel in ${opts.engineWheels}, found ${engine.length}`);
    wheels.push(engine[0]);
  }

  blockNetwork();
  const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
  const local = PYODIDE_DIR + path.sep;
  const pyodide = await loadPyodide({
    indexURL: local,
    lockFileURL: path.join(PYODIDE_DIR, "pyodide-lock.json"),
    packageBaseUrl: local,
    packageCacheDir: local,
    env: pythonEnv(),
    stdout: (line) => process.stdout.write(line + "\n"), // only used during boot
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  pyodide.setStdout(fdWriter(1, process.stdout));
  pyodide.setStderr(fdWriter(2, process.stderr));
  note(`Pyodide ${pyodide.version} loaded`);

  // Host folders, each at its own absolute path, so paths and tracebacks match the host.
  const FS = pyodide.FS;
  const mounted = [];
  const mount = (dir, required) => {
    if (mounted.some((m) => isInside(dir, m))) return;
    try {
      FS.mkdirTree(path.dirname(dir));
      pyodide.mountNodeFS(dir, dir);
      mounted.push(dir);
    } catch (e) {
      if (required) die(`cannot mount ${dir}: ${e.message ?? e}`);
      process.stderr.write(`pyodide_run: warning: cannot mount ${dir}: ${e.message ?? e}\n`);
    }
  };
  mount(ROOT, true); // tests/, bench/ and the project's pytest configuration
  for (const m of opts.mounts) mount(m, true);
  for (const w of wheels) mount(path.dirname(w), true);
  if (opts.mode === "script") mount(path.dirname(opts.target), true);
  const cwd = process.cwd();
  if (cwd !== path.parse(cwd).root) mount(cwd, false);
  FS.chdir(mounted.some((m) => isInside(cwd, m)) ? cwd : ROOT);

  pyodide.runPython(PY_DRIVER);
  const install = pyodide.globals.get("_outremer_install");
  try {
    install(pyodide.toPy(wheels), opts.pycache);
  } finally {
    install.destroy();
  }
  note(`${wheels.length} wheels installed`);

  const run = pyodide.globals.get("_outremer_run");
  let code;
  try {
    code = run(opts.mode, opts.target, pyodide.toPy(opts.args));
  } finally {
    run.destroy();
  }
  note(`finished with exit code ${code}`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`pyodide_run: ${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
