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
const mark = (name) => { timings[name] = Math.round(performance.now() - started); };

// Share of the progress bar each stage ends at.
const STAGE_END = { runtime: 0.7, python: 0.86, packages: 0.96, engine: 1 };
const STAGE_START = { runtime: 0, python: 0.7, packages: 0.86, engine: 0.96 };

function progress(stage, within, text) {
  const fraction = STAGE_START[stage] + (STAGE_END[stage] - STAGE_START[stage]) * Math.min(1, within);
  post({ type: "progress", stage, fraction, text });
}

// Files fetched here with a progress bar are handed to Pyodide from memory when it
// asks for them, so nothing is downloaded twice.
const preloaded = new Map();
const networkFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = typeof input === "string" || input instanceof URL ? here(String(input)) : input.url;
  const hit = preloaded.get(url);
  if (hit) {
    preloaded.delete(url);
    return Promise.resolve(new Response(hit.bytes, { status: 200, headers: { "Content-Type": hit.type } }));
  }
  return networkFetch(input, init);
};

async function download(url, onBytes) {
  const response = await networkFetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const type = response.headers.get("Content-Type") || "application/octet-stream";
  const reader = response.body.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    onBytes(value.byteLength);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.byteLength; }
  return { bytes, type };
}

const mb = (n) => (n / 1e6).toFixed(1);

let pyodide = null;
let dispatch = null;
let render = null;

async function boot() {
  const build = await (await networkFetch(here("./build.json"), { cache: "no-cache" })).json();
  const indexURL = here("./pyodide/");

  // 1. The runtime: the wasm and the standard library, with a byte count.
  progress("runtime", 0, "");
  const total = build.preload_bytes;
  let received = 0;
  await Promise.all(
    Object.keys(build.preload).map(async (path) => {
      const url = here(path);
      preloaded.set(url, await download(url, (n) => {
        received += n;
        progress("runtime", received / total, `${mb(received)} of ${mb(total)} MB`);
      }));
    }),
  );
  mark("runtime");

  // 2. Python.
  // (Python reports nothing while it starts, and keeps this thread busy: the page
  // moves the bar meanwhile.)
  progress("python", 0, "");
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  pyodide = await loadPyodide({
    indexURL,
    lockFileURL: indexURL + "pyodide-lock.json",
    packageBaseUrl: indexURL,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  });
  mark("python");

  // 3. Our packages, listed (with their hashes) in our own pyodide-lock.json.
  const failures = [];
  let loaded = 0;
  progress("packages", 0, "");
  await pyodide.loadPackage(build.packages, {
    checkIntegrity: true,
    messageCallback: (message) => {
      if (message.startsWith("Loaded")) progress("packages", ++loaded / build.packages.length, "");
    },
    errorCallback: (message) => failures.push(message),
  });
  if (failures.length) throw new Error(`packages did not load: ${failures.join("; ")}`);
  mark("packages");

  // 4. The engine.
  progress("engine", 0, "");
  dispatch = pyodide.pyimport("outremer_web.dispatch");
  render = pyodide.pyimport("outremer_web.render");
  const status = JSON.parse(dispatch.boot());
  if (status.error && !status.engine) throw new Error(status.error);
  mark("engine");
  progress("engine", 1, "");
  post({ type: "ready", status, timings, build: build.build });
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
