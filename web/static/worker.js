// Outremer's engine worker: boots Pyodide from our own origin, loads the engine
// and answers the page. Only JSON strings cross the boundary.
//
// page -> worker   {id, op: "call", name, payload: argumentsJson}  a function of outremer.bridge
//                  {id, op: "frame", payload: snapshotJson}         the table's HTML
//                  {id, op: "render", name, payload: contextJson}   any table template
//                  {id, op: "show", name, payload: argumentsJson, logFrom}
//                                a bridge function whose snapshot comes back with its table
//                                rendered (render.table_json: {table, log, log_from, log_count})
// worker -> page   {type: "progress", stage, fraction, text}
//                  {type: "ready", status, timings}
//                  {type: "failed", message}
//                  {type: "reply", id, ok, value | error: {kind, message}}

const here = (path) => new URL(path, self.location).href;
const post = (message) => self.postMessage(message);
const started = performance.now();
const timings = {};
let reused = 0; // runtime files taken from this device's offline copy
const mark = (name) => { timings[name] = Math.round(performance.now() - started); };

// Share of the progress bar each stage ends at.
const STAGE_END = { runtime: 0.7, python: 0.86, packages: 0.96, engine: 1 };
const STAGE_START = { runtime: 0, python: 0.7, packages: 0.86, engine: 0.96 };

function progress(stage, within, text) {
  const fraction = STAGE_START[stage] + (STAGE_END[stage] - STAGE_START[stage]) * Math.min(1, within);
  post({ type: "progress", stage, fraction, text });
}

// Our wheels, fetched while Python starts, are handed to it from memory when it asks.
const preloaded = new Map();
// The big runtime files (the wasm, the standard library) are asked of the server first,
// past the service worker: the browser's HTTP cache then answers (a cheap revalidation)
// and keeps the machine code it compiled from the wasm, which a response relayed by the
// service worker does not get. With no server (offline, stopped), the service worker's
// copy answers. (sw.js lets requests carrying this header through.)
const RUNTIME = new Set();
const BYPASS = { "x-outremer-fetch": "network" };
const networkFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = typeof input === "string" || input instanceof URL ? here(String(input)) : input.url;
  const hit = preloaded.get(url);
  if (hit) {
    preloaded.delete(url);
    return Promise.resolve(new Response(hit.bytes, { status: 200, headers: { "Content-Type": hit.type } }));
  }
  if (RUNTIME.has(url)) return runtimeFetch(url, init);
  return networkFetch(input, init);
};

async function runtimeFetch(url, init = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 4000);
  try {
    const response = await networkFetch(url, { ...init, headers: BYPASS, signal: controller.signal });
    if (response.ok) return response;
  } catch {
    // No server: the offline copy below.
  } finally {
    clearTimeout(timer);
  }
  return networkFetch(url, init);
}

async function download(url, onBytes, keep = true) {
  const response = await networkFetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const type = response.headers.get("Content-Type") || "application/octet-stream";
  const reader = response.body.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (keep) chunks.push(value);
    length += value.byteLength;
    onBytes(value.byteLength);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.byteLength; }
  return { bytes, type };
}

const mb = (n) => (n / 1e6).toFixed(1);

// The URLs among ``urls`` that this device's offline copy already holds.
async function cached(urls) {
  const found = new Set();
  if (!self.caches) return found;
  try {
    for (const name of await caches.keys()) {
      if (!name.startsWith("outremer-")) continue;
      const cache = await caches.open(name);
      for (const url of urls) if (await cache.match(url)) found.add(url);
    }
  } catch {
    // No access to the cache (private mode, storage off): download as on a first visit.
  }
  return found;
}

let pyodide = null;
let dispatch = null;
let render = null;

// Started at once, side by side: what the build holds, and Pyodide's loader script.
const buildInfo = networkFetch(here("./build.json"), { cache: "no-cache" }).then((r) => r.json());
const pyodideModule = import("./pyodide/pyodide.mjs");
pyodideModule.catch(() => {}); // reported by boot(), which awaits it
buildInfo.catch(() => {});

async function boot() {
  const build = await buildInfo;
  const indexURL = here("./pyodide/");

  // 1. The runtime: the wasm and the standard library. Pyodide fetches them itself (see
  // runtimeFetch); on a first visit they are downloaded here beforehand, with a byte count.
  progress("runtime", 0, "");
  for (const path of Object.keys(build.preload)) RUNTIME.add(here(path));
  const held = await cached(Object.keys(build.preload).map((path) => here(path)));
  const wanted = Object.keys(build.preload).filter((path) => !held.has(here(path)));
  const total = wanted.reduce((sum, path) => sum + build.preload[path], 0);
  reused = held.size;
  let received = 0;
  // A first visit downloads them here, with a byte count (into the HTTP cache, from
  // which Pyodide then takes them).
  await Promise.all(
    wanted.map((path) => download(here(path), (n) => {
      received += n;
      progress("runtime", received / total, `${mb(received)} of ${mb(total)} MB`);
    }, false)),
  );
  mark("runtime");

  // 2. Python.
  // (Python reports nothing while it starts, and keeps this thread busy: the page
  // moves the bar meanwhile.)
  progress("python", 0, "");
  // Our wheels are small: fetched while Python starts, handed over when it asks.
  const wheels = Object.keys(build.files).filter((path) => path.startsWith("pyodide/") && path.endsWith(".whl"));
  const wheelsFetched = Promise.all(wheels.map(async (path) => {
    const url = here(path);
    preloaded.set(url, await download(url, () => {}));
  })).catch(() => {}); // a failed early fetch is tried again below
  const { loadPyodide } = await pyodideModule;
  pyodide = await loadPyodide({
    indexURL,
    lockFileURL: indexURL + "pyodide-lock.json",
    packageBaseUrl: indexURL,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  });
  mark("python");

  // 3. Our packages: pure wheels, checked against the build's hashes and unpacked into
  // site-packages (no dependency resolution needed: the build lists exactly these).
  progress("packages", 0, "");
  await wheelsFetched;
  for (const [n, path] of wheels.entries()) {
    const url = here(path);
    const entry = preloaded.get(url) || (await download(url, () => {}));
    preloaded.delete(url);
    const digest = await crypto.subtle.digest("SHA-256", entry.bytes);
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex !== build.files[path].sha256) throw new Error(`${path} is not the file of this build`);
    pyodide.unpackArchive(entry.bytes, "wheel");
    progress("packages", (n + 1) / wheels.length, "");
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  mark("packages");

  // 4. The engine.
  progress("engine", 0, "");
  dispatch = pyodide.pyimport("outremer_web.dispatch");
  render = pyodide.pyimport("outremer_web.render");
  const status = JSON.parse(dispatch.boot());
  if (status.error && !status.engine) throw new Error(status.error);
  mark("engine");
  progress("engine", 1, "");
  post({ type: "ready", status, timings, reused, origin: performance.timeOrigin, build: build.build });
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
    default: throw new TypeError(`unknown operation ${op}`);
  }
}

self.onmessage = async (event) => {
  const { id, op, name, payload, logFrom } = event.data || {};
  if (!(await booted)) {
    post({ type: "reply", id, ok: false, error: { kind: "unavailable", message: "the engine did not start" } });
    return;
  }
  try {
    post({ type: "reply", id, ok: true, value: answer(op, name, payload, logFrom) });
  } catch (error) {
    post({ type: "reply", id, ok: false, error: { kind: "internal", message: String(error && error.message ? error.message : error) } });
  }
};
