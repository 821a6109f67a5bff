// Outremer — the engine's worker: requests and answers across the worker boundary (only
// strings cross it), and the wait for the engine before a game can be shown.

import { setView, turnStatus } from "./page.js";

class Engine {
  // The worker boot.js started early (with what it said meanwhile), or a new one.
  constructor(url, started = null) {
    this.worker = started ? started.worker : new Worker(url, { type: "module" });
    this.pending = new Map();
    this.worked = new Map(); // request id -> ms the worker spent on it (only while timing)
    this.nextId = 1;
    this.onprogress = () => {};
    this.ready = new Promise((resolve, reject) => {
      const failed = (event) => reject(new Error(event.message || "the engine's worker failed"));
      const heard = (event) => {
        const message = event.data;
        if (message.type === "progress") this.onprogress(message);
        else if (message.type === "ready") resolve(message);
        else if (message.type === "failed") reject(new Error(message.message));
        else if (message.type === "reply") this.settle(message);
        else if (message.type === "snapshot") document.body.dataset.quickStart = message.saved ? "saved" : "none";
      };
      this.worker.addEventListener("error", failed);
      this.worker.addEventListener("message", heard);
      if (started) {
        started.release();
        // Heard before this script ran: replayed once the page can show them.
        queueMicrotask(() => { for (const event of started.early) (event.type === "error" ? failed : heard)(event); });
      }
    });
  }

  settle({ id, ok, value, error, worked }) {
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    if (worked !== undefined) this.worked.set(id, worked);
    if (ok) waiter.resolve(value);
    else waiter.reject(Object.assign(new Error(error.message), { kind: error.kind }));
  }

  // Only strings cross to the worker: the operation, a name and a JSON payload.
  request(op, name, payload, extra = {}) {
    const id = this.nextId++;
    this.lastId = id;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, name, payload, ...extra });
    });
  }

  async parsed(op, name, args, extra) {
    try {
      const reply = this.request(op, name, JSON.stringify(args), extra);
      const id = this.lastId;
      const text = await reply;
      const parsing = performance.now();
      const answer = JSON.parse(text);
      if (this.worked.has(id) && answer && answer.timing) {
        // A benchmark's timing (switched on by timing()): the worker's time, and the page's parse.
        answer.timing.worker_ms = this.worked.get(id);
        answer.timing.parse_ms = performance.now() - parsing;
      }
      this.worked.delete(id);
      return answer;
    } catch (error) {
      return { ok: false, error: { kind: error.kind || "internal", message: error.message } };
    }
  }

  // A benchmark's switch (bench/site_bench.py click): while on, each answer carries "timing",
  // where its time went (the engine's step, the view, the table's context and template in
  // Python; the worker's whole answer; the page's parse). Off by default.
  timing(on) {
    return this.request("timing", null, String(Boolean(on)));
  }

  // What the engine's start did with the standard library's bytecode (for the tests).
  diagnostics() {
    return this.parsed("diagnostics", null, null);
  }

  // A function of outremer.bridge: JSON-able arguments, a parsed JSON answer.
  call(name, ...args) {
    return this.parsed("call", name, args);
  }

  // The same, with the snapshot's table drawn by the worker: answer.html = {table, log, ...}.
  show(name, args, logFrom = 0) {
    return this.parsed("show", name, args, { logFrom });
  }

  frame(snapshot) {
    return this.request("frame", null, JSON.stringify(snapshot ?? null));
  }
}

// The engine the page uses: started by the page's entry (app.js), taking over the worker
// boot.js started early.
export let engine = null;

export function startEngine() {
  engine = new Engine(new URL("./worker.js", import.meta.url), window.outremerWorker);
  return engine;
}

// Whether the engine is up (the page's entry says so once it is ready).
export let engineUp = false;

export function engineIsUp() {
  engineUp = true;
}

// Before a game can be shown the engine must be up: until then the page shows its progress.
export async function engineReady() {
  if (engineUp) return;
  setView("table");
  turnStatus("The game starts as soon as the engine is ready.");
  await engine.ready;
}
