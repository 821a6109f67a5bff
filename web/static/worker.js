// Outremer's engine worker: boots Pyodide from our own origin, loads the engine
// and answers the page. Only JSON strings cross the boundary.
//
// page -> worker   {id, op: "call", name, payload: argumentsJson}  a function of outremer.bridge
//                  {id, op: "frame", payload: snapshotJson}         the table's HTML
//                  {id, op: "render", name, payload: contextJson}   any table template
//                  {id, op: "show", name, payload: argumentsJson, logFrom}
//                                a bridge function whose snapshot comes back with its table
//                                rendered (render.table_json: {table, parts, size, log, ...})
//                  {id, op: "diagnostics"}  what the standard library's bytecode did
//                  {id, op: "timing", payload: "true" | "false"}  a benchmark's switch, off by default
// worker -> page   {type: "progress", stage, fraction, text}
//                  {type: "ready", status, timings}
//                  {type: "failed", message}
//                  {type: "reply", id, ok, value | error: {kind, message}, worked?: ms if timing}

const here = (path) => new URL(path, self.location).href;
const post = (message) => self.postMessage(message);
const started = performance.now();
const timings = {};
let reused = 0; // runtime files taken from this device's offline copy
const mark = (name) => { timings[name] = Math.round(performance.now() - started); };

// Share of the progress bar each stage ends at.
const STAGE_END = { runtime: 0.7, python: 0.86, packages: 0.96, engine: 1 };
const STAGE_START = { runtime: 0, python: 0.7, packages: 0.86, engine: 0.96 };

// Progress goes to the page at most every PROGRESS_MS within a stage: each message costs
// the page's thread some work, and on a two-core machine that thread competes with
// Python's start (a message per downloaded chunk slowed the start by ~0.5 s).
const PROGRESS_MS = 150;
let lastProgress = { stage: null, at: 0 };

function progress(stage, within, text) {
  const now = performance.now();
  if (stage === lastProgress.stage && within < 1 && now - lastProgress.at < PROGRESS_MS) return;
  lastProgress = { stage, at: now };
  const fraction = STAGE_START[stage] + (STAGE_END[stage] - STAGE_START[stage]) * Math.min(1, within);
  post({ type: "progress", stage, fraction, text });
}

// Our wheels and the standard library's bytecode, fetched while Python starts.
const preloaded = new Map();

// The big runtime files (the wasm, the standard library) are fetched by Pyodide itself,
// so that their download overlaps its start. The wasm must reach it as the browser's own,
// untouched response: the browser then compiles it while it downloads, and keeps the
// machine code beside its HTTP cache entry for the next visit (here about 1 s of a 4 s
// start). Reading a copy of its body to count the bytes cost ~0.5 s (the compiling then
// waits for the whole download), so a first visit's progress counts each file as it
// completes (resource timing), and on later visits the wasm is asked of the server, past
// the service worker, which still answers when the server cannot (offline, stopped).
const counted = new Map(); // url -> bytes, the runtime files a first visit downloads
const pastServiceWorker = new Set();
const BYPASS = { "x-outremer-fetch": "network" }; // sw.js lets these through
const networkFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const url = typeof input === "string" || input instanceof URL ? here(String(input)) : input.url;
  if (pastServiceWorker.has(url)) {
    // A server that does not answer within a few seconds counts as none (the body,
    // once it answers, may take as long as it needs).
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 4000);
    try {
      const response = await networkFetch(url, { ...init, headers: BYPASS, signal: controller.signal });
      if (response.ok) return response;
    } catch {
      // No server: the offline copy, below.
    } finally {
      clearTimeout(timer);
    }
  }
  return networkFetch(input, init);
};

const runtimeBytes = { received: 0, total: 0 };

// Counts each runtime file into the runtime stage's progress once it has arrived.
const seen = new Set(); // the runtime files that have arrived
function countDownloads() {
  if (!counted.size || typeof PerformanceObserver === "undefined") return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!counted.has(entry.name) || seen.has(entry.name)) continue;
      seen.add(entry.name);
      runtimeBytes.received += counted.get(entry.name);
      runtimeProgress();
    }
    if (seen.size === counted.size) observer.disconnect();
  });
  observer.observe({ type: "resource", buffered: true });
}

// The size says what has arrived; the files are counted whole (see above), so it also names
// the largest file still on its way, which is what the wait is for while the bar moves on.
function runtimeProgress() {
  const { received, total } = runtimeBytes;
  if (received < total) {
    let waiting = null;
    for (const [url, bytes] of counted) if (!seen.has(url) && (!waiting || bytes > waiting[1])) waiting = [url, bytes];
    const file = waiting ? `; on its way: ${waiting[0].split("/").pop()}, ${mb(waiting[1])} MB` : "";
    progress("runtime", received / total, `${mb(received)} of ${mb(total)} MB arrived${file}`);
  } else if (!("runtime" in timings)) {
    mark("runtime");
    if (total) progress("runtime", 1, `${mb(total)} MB`);
    progress("python", 0, "");
  }
}

async function download(url) {
  const response = await networkFetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const mb = (n) => (n / 1e6).toFixed(1);

// The URLs among ``urls`` that this device's offline copy already holds.
async function cached(urls) {
  const found = new Set();
  if (!self.caches) return found;
  try {
    for (const name of await caches.keys()) {
      if (!name.startsWith("outremer-") || name === SNAPSHOTS) continue;
      const cache = await caches.open(name);
      for (const url of urls) if (await cache.match(url)) found.add(url);
    }
  } catch {
    // No access to the cache (private mode, storage off): download as on a first visit.
  }
  return found;
}

// Quick start. A fresh Python takes seconds to start (most of a later visit's wait), then
// imports jinja2 and the engine, and each game's first moves import and compile more. So
// on a first visit, whenever the page leaves the engine idle for a moment, the worker
// loads all of that ahead of need, a short step at a time (dispatch.warm_up), then saves a
// snapshot of Python's memory on this device; later visits restore it instead of starting
// Python (Pyodide's memory snapshots: about a third of a fresh start, everything already
// loaded). One snapshot is kept, for one build: another build's is neither used nor kept,
// and one that does not restore, or whose engine then fails, is thrown away (the next
// visit starts afresh).
const SNAPSHOTS = "outremer-snapshot"; // sw.js keeps this cache
const snapshotURL = (build) => here(`./pyodide/memory-${build}.snapshot`);
const IDLE_MS = 2000; // how long the page must have been quiet before a step is taken
let snapshotUsed = false;
let lastRequest = performance.now();

async function savedSnapshot(build) {
  try {
    if (!self.caches || !(await caches.has(SNAPSHOTS))) return null;
    const hit = await (await caches.open(SNAPSHOTS)).match(snapshotURL(build));
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    return bytes.length === Number(hit.headers.get("Content-Length")) ? bytes : null;
  } catch {
    return null;
  }
}

async function saveSnapshot(build, bytes) {
  try {
    await caches.delete(SNAPSHOTS);
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(snapshotURL(build), new Response(bytes, {
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(bytes.length) },
    }));
    return true;
  } catch (error) {
    console.warn("no quick start next time:", error);
    return false;
  }
}

async function forgetSnapshot() {
  try {
    if (self.caches) await caches.delete(SNAPSHOTS);
  } catch {
    // Nothing to forget.
  }
}

let pyodide = null;
let dispatch = null;
let render = null;
let bytecode = null; // outremer_web.stdlib_bytecode, once installed

// Started at once, side by side: what the build holds, and Pyodide's loader script.
const buildInfo = networkFetch(here("./build.json"), { cache: "no-cache" }).then((r) => r.json());
const pyodideModule = import("./pyodide/pyodide.mjs");
pyodideModule.catch(() => {}); // reported by boot(), which awaits it
buildInfo.catch(() => {});

async function boot() {
  const build = await buildInfo;
  const snapshot = savedSnapshot(build.build);

  // 1. The runtime: the wasm and the standard library, downloaded on a first visit
  // while Pyodide starts (see self.fetch above); this device's copies afterwards.
  const runtime = Object.keys(build.preload).map((path) => here(path));
  const held = await cached(runtime);
  reused = held.size;
  for (const path of Object.keys(build.preload)) {
    if (held.has(here(path))) {
      if (path.endsWith(".wasm")) pastServiceWorker.add(here(path));
      continue;
    }
    counted.set(here(path), build.preload[path]);
    runtimeBytes.total += build.preload[path];
  }
  runtimeProgress();
  countDownloads();

  // 2. Python: restored from this device's snapshot, or started afresh (it reports
  // nothing while it starts, and keeps this thread busy: the page moves the bar
  // meanwhile). Our own small files are fetched meanwhile (the standard library's
  // bytecode only for a fresh start: a snapshot has it installed).
  const saved = await snapshot;
  const extras = Object.keys(build.files).filter((path) => path.startsWith("pyodide/")
    && (path.endsWith(".whl") || (path === build.stdlib_bytecode && !saved)));
  const extrasFetched = Promise.all(extras.map(async (path) => {
    const url = here(path);
    preloaded.set(url, await download(url));
  })).catch(() => {}); // a failed early fetch is tried again below
  if (saved) {
    try {
      return await start(build, extras, extrasFetched, saved);
    } catch (error) {
      console.warn("the saved snapshot did not restore, Python starts afresh:", error);
      await forgetSnapshot();
      snapshotUsed = false;
      pyodide = dispatch = render = bytecode = null;
    }
  }
  return start(build, extras, extrasFetched, null);
}

// Pyodide sizes the memory a snapshot is restored into by a setting its module ignores, then
// copies the snapshot in: one larger than the module's first memory (ours, with four games
// loaded) does not fit ("offset is out of bounds"; pyodide/pyodide#6254). So the module is
// made here, and before the snapshot is copied its memory is grown past the snapshot's size by
// one allocation (the copy then overwrites the allocator's state with the snapshot's).
function roomFor(saved, indexURL) {
  return async (settings) => {
    const create = (await import(indexURL + "pyodide.asm.mjs")).default;
    const module = await create(settings);
    // An allocation as large as the snapshot cannot fit in less memory than the snapshot's.
    if (saved.length > module.HEAP8.length) module._malloc(saved.length);
    return module;
  };
}

// Steps 2 to 4: Python (from ``saved``, a snapshot, when given), our packages, the engine.
async function start(build, extras, extrasFetched, saved) {
  const indexURL = here("./pyodide/");
  const { loadPyodide } = await pyodideModule;
  const options = {
    indexURL,
    lockFileURL: indexURL + "pyodide-lock.json",
    packageBaseUrl: indexURL,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  };
  if (saved) {
    pyodide = await loadPyodide({ ...options, _loadSnapshot: saved, createPyodideModule: roomFor(saved, indexURL) });
    snapshotUsed = true;
  } else {
    pyodide = await loadPyodide({ ...options, _makeSnapshot: Boolean(self.caches) });
  }
  if (!("runtime" in timings)) {
    // All downloaded (Python could not start without): its last count may not have
    // been heard yet, this thread being busy with Python meanwhile.
    runtimeBytes.received = runtimeBytes.total;
    runtimeProgress();
  }
  mark("python");

  // 3. Our packages: pure wheels, checked against the build's hashes and unpacked into
  // site-packages (no dependency resolution needed: the build lists exactly these);
  // then the standard library's bytecode (web/stdlib_bytecode.py), before anything
  // imports those modules.
  progress("packages", 0, "");
  await extrasFetched;
  const take = async (path) => {
    const url = here(path);
    const bytes = preloaded.get(url) || (await download(url));
    preloaded.delete(url);
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex !== build.files[path].sha256) throw new Error(`${path} is not the file of this build`);
    return bytes;
  };
  const wheels = extras.filter((path) => path.endsWith(".whl"));
  for (const [n, path] of wheels.entries()) {
    pyodide.unpackArchive(await take(path), "wheel");
    progress("packages", (n + 1) / wheels.length, "");
  }
  // Only site-packages' finder forgets what it listed: importlib.invalidate_caches()
  // would also re-read the standard library's zip (~0.1 s).
  pyodide.runPython(
    "import site, sys\n"
    + "for path in site.getsitepackages():\n"
    + "    finder = sys.path_importer_cache.get(path)\n"
    + "    if finder is not None: finder.invalidate_caches()\n",
  );
  if (snapshotUsed) {
    bytecode = pyodide.pyimport("outremer_web.stdlib_bytecode"); // installed before the snapshot
  } else if (build.stdlib_bytecode) {
    try {
      pyodide.FS.writeFile("/tmp/stdlib-bytecode.bin", await take(build.stdlib_bytecode));
      bytecode = pyodide.pyimport("outremer_web.stdlib_bytecode");
      bytecode.install("/tmp/stdlib-bytecode.bin").destroy();
    } catch (error) {
      console.warn("the standard library's bytecode was not used:", error);
    }
  }
  mark("packages");

  // 4. The engine.
  progress("engine", 0, "");
  dispatch = pyodide.pyimport("outremer_web.dispatch");
  render = pyodide.pyimport("outremer_web.render");
  const status = JSON.parse(dispatch.boot());
  if (status.error && !status.engine) throw new Error(status.error);
  // A restored Python would otherwise draw the same "random" numbers on every visit.
  if (snapshotUsed) pyodide.runPython("import random; random.seed()");
  mark("engine");
  progress("engine", 1, "");
  post({ type: "ready", status, timings, reused, snapshot: snapshotUsed, origin: performance.timeOrigin, build: build.build });
  lastRequest = performance.now();
  if (!snapshotUsed && self.caches) prepareQuickStart(build.build);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Resolves once the page has sent nothing for IDLE_MS. (A request that arrives during a
// step waits for that step only: each is a fraction of a second.)
async function quiet() {
  await sleep(0); // a request that came during the last step is answered first
  const wait = () => lastRequest + IDLE_MS - performance.now();
  while (wait() > 0) await sleep(wait());
}

async function prepareQuickStart(build) {
  let bytes = null;
  try {
    for (const step of JSON.parse(dispatch.warm_up_steps())) {
      await quiet();
      dispatch.warm_up(step);
    }
    await quiet();
    dispatch.warm_up("forget"); // the games played meanwhile too: none is kept in the snapshot
    bytes = pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn("no quick start next time:", error);
  }
  post({ type: "snapshot", saved: bytes !== null && (await saveSnapshot(build, bytes)) });
}

const booted = boot().then(
  () => true,
  (error) => {
    console.error(error);
    post({ type: "failed", message: String(error && error.message ? error.message : error) });
    return false;
  },
);

function answer(op, name, payload, logFrom) {
  if (typeof payload !== "string") throw new TypeError("the payload must be a JSON string");
  switch (op) {
    case "call": return dispatch.call(String(name), payload);
    case "frame": return render.frame_json(payload);
    case "render": return render.render_json(String(name), payload);
    case "show": return dispatch.show(String(name), payload, Number(logFrom) || 0);
    case "diagnostics": return JSON.stringify({ stdlib_bytecode: bytecode ? JSON.parse(bytecode.report_json()) : null });
    case "timing": timed = payload === "true"; return dispatch.set_timing(timed);
    default: throw new TypeError(`unknown operation ${op}`);
  }
}
let timed = false; // unless a benchmark switches it on (op "timing"), no reply says how long it took

self.onmessage = async (event) => {
  const { id, op, name, payload, logFrom } = event.data || {};
  if (!(await booted)) {
    post({ type: "reply", id, ok: false, error: { kind: "unavailable", message: "the engine did not start" } });
    return;
  }
  try {
    const began = performance.now(), value = answer(op, name, payload, logFrom);
    post({ type: "reply", id, ok: true, value, ...(timed ? { worked: performance.now() - began } : {}) });
  } catch (error) {
    // Python itself failed (a refused move is an answer, a malformed request a TypeError).
    // Should a restored snapshot be the cause, the next visit must not restore it again.
    if (snapshotUsed && !(error instanceof TypeError)) forgetSnapshot();
    post({ type: "reply", id, ok: false, error: { kind: "internal", message: String(error && error.message ? error.message : error) } });
  } finally {
    lastRequest = performance.now();
  }
};
