// Outremer — the page. It shows the table frame and a progress bar at once, boots the
// engine in a worker (worker.js), keeps the game in the link and in localStorage, and
// never lets a bad link cost the player the game they had.

const SAVE_KEY = "outremer.game.v1";
const DEFAULT_GAME = { game: "levantine", seats: ["human", "heuristic"], options: {}, viewer: 0 };
const STAGES = ["runtime", "python", "packages", "engine"];

const $ = (id) => document.getElementById(id);
const pageStarted = performance.now();

// ------------------------------------------------------------------ the engine

class Engine {
  constructor(url) {
    this.worker = new Worker(url, { type: "module" });
    this.pending = new Map();
    this.nextId = 1;
    this.onprogress = () => {};
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener("error", (event) => reject(new Error(event.message || "the engine's worker failed")));
      this.worker.addEventListener("message", (event) => {
        const message = event.data;
        if (message.type === "progress") this.onprogress(message);
        else if (message.type === "ready") resolve(message);
        else if (message.type === "failed") reject(new Error(message.message));
        else if (message.type === "reply") this.settle(message);
      });
    });
  }

  settle({ id, ok, value, error }) {
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    if (ok) waiter.resolve(value);
    else waiter.reject(Object.assign(new Error(error.message), { kind: error.kind }));
  }

  // Only strings cross to the worker: the operation, a name and a JSON payload.
  request(op, name, payload) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, name, payload });
    });
  }

  // A function of outremer.bridge: JSON-able arguments, a parsed JSON answer.
  async call(name, ...args) {
    try {
      return JSON.parse(await this.request("call", name, JSON.stringify(args)));
    } catch (error) {
      return { ok: false, error: { kind: error.kind || "internal", message: error.message } };
    }
  }

  frame(snapshot) {
    return this.request("frame", null, JSON.stringify(snapshot ?? null));
  }
}

// ------------------------------------------------------------------ boot progress

// While Python starts it reports nothing: the bar creeps towards the stage's end
// (never reaching it) so that the page visibly stays alive.
const CREEP = { stage: "python", from: 70, to: 86, halfLife: 1700 };
let creepTimer = null;

function creep(active) {
  clearInterval(creepTimer);
  creepTimer = null;
  if (!active) return;
  const started = performance.now();
  creepTimer = setInterval(() => {
    const gone = 1 - 0.5 ** ((performance.now() - started) / CREEP.halfLife);
    $("boot-progress").value = CREEP.from + (CREEP.to - CREEP.from) * 0.95 * gone;
  }, 200);
}

function showProgress({ stage, fraction, text }) {
  const bar = $("boot-progress");
  creep(stage === CREEP.stage && fraction < 1);
  bar.value = Math.round(fraction * 100);
  const index = STAGES.indexOf(stage);
  for (const item of document.querySelectorAll(".boot-stages li")) {
    const at = STAGES.indexOf(item.dataset.stage);
    item.classList.toggle("done", at < index || (at === index && fraction >= 1));
    item.classList.toggle("active", at === index && fraction < 1);
    if (at === index) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
  const label = document.querySelector(`.boot-stages li[data-stage="${stage}"]`);
  if (stage === "runtime") label.querySelector(".stage-detail").textContent = text ? `(${text})` : "";
  $("boot-status").textContent = label.firstChild.textContent.trim() + (text ? ` — ${text}` : "") + "…";
}

function bootDone(ready) {
  creep(false);
  const seconds = ((performance.now() - pageStarted) / 1000).toFixed(1);
  document.body.dataset.engine = "ready";
  window.outremerBoot = { ms: Math.round(performance.now() - pageStarted), worker: ready.timings, status: ready.status };
  for (const item of document.querySelectorAll(".boot-stages li")) {
    item.classList.add("done");
    item.classList.remove("active");
  }
  $("boot-progress").value = 100;
  $("boot-title").textContent = "Engine ready";
  $("boot-status").textContent = `Engine ready in ${seconds} s.`;
  $("boot").classList.add("finished");
}

function bootFailed(error) {
  creep(false);
  document.body.dataset.engine = "failed";
  $("boot-title").textContent = "The game engine could not start";
  $("boot-status").textContent = navigator.onLine
    ? `${error.message}. Reload the page to try again.`
    : "You seem to be offline, and this device has no copy of Outremer yet. Connect once, then it works offline.";
}

// ------------------------------------------------------------------ the game in the link

const game = { code: null, viewer: null, snapshot: null };

function saved() {
  try {
    const data = JSON.parse(localStorage.getItem(SAVE_KEY) || "null");
    return data && typeof data.code === "string" && data.code ? data : null;
  } catch {
    return null;
  }
}

function autosave() {
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify({ code: game.code, viewer: game.viewer, saved: Date.now() }));
  } catch {
    // Storage full or disabled: the link still holds the game.
  }
}

function fragment() {
  // null: no fragment at all; "": a bare "#", an empty link.
  const href = location.href;
  const at = href.indexOf("#");
  if (at < 0) return null;
  try {
    return decodeURIComponent(href.slice(at + 1)).trim();
  } catch {
    return href.slice(at + 1);
  }
}

function setLink(code) {
  history.replaceState(history.state, "", `${location.pathname}${location.search}#${code}`);
}

function clearLink() {
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
}

function status(text) {
  $("app-status").textContent = text;
}

async function show(snapshot) {
  game.code = snapshot.code;
  game.viewer = snapshot.viewer ?? game.viewer;
  game.snapshot = snapshot;
  setLink(snapshot.code);
  autosave();
  hideNotice();
  $("copy-link").disabled = false;
  $("table").innerHTML = await engine.frame(snapshot);
  appendLog(snapshot.log || []);
  document.body.dataset.game = "on";
}

let logShown = 0;
function appendLog(entries) {
  const list = $("log");
  if (entries.length < logShown) { list.replaceChildren(); logShown = 0; }
  for (const entry of entries.slice(logShown)) {
    const item = document.createElement("li");
    item.textContent = typeof entry === "string" ? entry : entry.text ?? JSON.stringify(entry);
    list.append(item);
  }
  logShown = entries.length;
}

// ------------------------------------------------------------------ notices

const BAD_LINK = "This link does not hold a game that can be opened";

function showNotice({ title, message, detail = "", back = null }) {
  $("notice-title").textContent = title;
  $("notice-message").textContent = message;
  $("notice-detail").textContent = detail;
  const backButton = $("notice-back");
  backButton.hidden = !back;
  backButton.onclick = back;
  const notice = $("notice");
  notice.hidden = false;
  document.body.dataset.notice = "on";
  notice.focus();
}

function hideNotice() {
  $("notice").hidden = true;
  delete document.body.dataset.notice;
}

function explainBadLink(error, code) {
  if (code === "") return "The link ends where its game code should begin: part of it was probably lost when it was copied.";
  if (error && error.message) return error.message;
  return "The link may have been cut short or changed, or it was made by another version of Outremer.";
}

// The seat the player sits in: the one they had, if a person plays it, else the first person's.
function seatFor(snapshot, preferred) {
  const seats = snapshot.seats || [];
  if (Number.isInteger(preferred) && seats[preferred] === "human") return preferred;
  const first = seats.indexOf("human");
  return first >= 0 ? first : null;
}

async function openCode(code, preferred) {
  const first = await engine.call("open_code", code, null);
  if (!first.ok) return first;
  const viewer = seatFor(first, preferred);
  return viewer === null ? first : engine.call("open_code", code, viewer);
}

async function openFromLink(code) {
  const result = code === ""
    ? { ok: false, error: { kind: "empty", message: "The link holds no game." } }
    : await openCode(code, game.viewer ?? (saved() || {}).viewer);
  if (result.ok) {
    await show(result);
    status("Game opened from the link.");
    return;
  }
  const keep = saved();
  showNotice({
    title: BAD_LINK,
    message: explainBadLink(result.error, code),
    detail: keep
      ? "Your game in progress is kept on this device: go back to it, or start a new game."
      : "You can start a new game instead.",
    back: keep ? () => restore(keep) : null,
  });
}

async function restore(save) {
  const result = await openCode(save.code, save.viewer);
  if (result.ok) {
    await show(result);
    status("Your game in progress was restored.");
    return;
  }
  showNotice({
    title: "Your saved game could not be restored",
    message: "It was probably saved by an older version of Outremer. You can start a new game.",
    detail: result.error && result.error.message ? `The engine says: ${result.error.message}` : "",
  });
}

async function newGame(request = DEFAULT_GAME) {
  const result = await engine.call("new_game", JSON.stringify(request));
  if (result.ok) {
    logShown = 0;
    $("log").replaceChildren();
    await show(result);
    status("A new game has started.");
    $("table").focus();
    return;
  }
  clearLink();
  hideNotice();
  status(`A new game could not be started: ${result.error.message}`);
}

async function route() {
  const code = fragment();
  if (code !== null) return openFromLink(code);
  const keep = saved();
  if (keep) return restore(keep);
  return null;
}

async function copyLink() {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    status("Link copied. Remember: whoever opens it can see the whole game, hidden cards included.");
  } catch {
    window.prompt("Copy this link (it holds the whole game, hidden cards included):", link);
  }
}

// ------------------------------------------------------------------ offline

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const hadController = Boolean(navigator.serviceWorker.controller);
    const registration = await navigator.serviceWorker.register("./sw.js");
    // This page has its engine loaded and fetches nothing more: a new version that
    // has finished installing may take over now (it is used from the next visit on).
    const promote = (worker) => worker && worker.postMessage("skip-waiting");
    promote(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) promote(worker);
      });
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (hadController) status("A new version of Outremer is installed; it will be used the next time you open it.");
    });
    await navigator.serviceWorker.ready;
    document.body.dataset.offline = "ready";
    if (!hadController) status("Outremer is saved on this device: it now works offline.");
  } catch (error) {
    console.warn("offline copy not installed:", error);
  }
}

// ------------------------------------------------------------------ start

const engine = new Engine(new URL("./worker.js", import.meta.url));
engine.onprogress = showProgress;
// For the browser tests and the curious: the same door the page uses.
window.outremer = { engine, game };

$("new-game").addEventListener("click", () => newGame());
$("notice-new").addEventListener("click", () => newGame());
$("copy-link").addEventListener("click", copyLink);

engine.ready.then(
  async (ready) => {
    bootDone(ready);
    registerServiceWorker();
    // The same template, rendered by Python in the worker, replaces the build-time frame.
    if (!game.snapshot) $("table").innerHTML = await engine.frame(null);
    await route();
    window.addEventListener("hashchange", () => {
      if (fragment() !== game.code) route();
    });
  },
  (error) => {
    bootFailed(error);
    registerServiceWorker();
  },
);
