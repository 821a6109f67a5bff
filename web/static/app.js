// Outremer — the page. It shows the table frame and a progress bar at once, boots the
// engine in a worker (worker.js), keeps the game in the link and in localStorage, and
// never lets a bad link cost the player the game they had.
//
// Nothing here knows a game's rules: the worker answers with the table already drawn
// (web/render.py), every legal action is an element carrying data-act="<index>", and a
// click (or Enter/Space) on one calls bridge.act(code, index, viewer). The page adds what
// every game shares: new game, hand-off between people, the computer's turns, undo, the
// history, the log, card details. What is kept on this device is store.js's.

import {
  askToPersist, damagedGames, deleteGame, newGameId, savedGameById, savedGames, saveGame, savedPace, savePace, showStorageState,
} from "./store.js";
import { composeButton, composeChanged, composePick, fitCompose } from "./compose.js";
import { drawLesson, explain, joinFragment, lessonWords, presetCompose, splitFragment } from "./lesson.js";

const DEFAULT_GAME = { game: "levantine", seats: ["human", "heuristic"], options: {}, viewer: 0 };
// The games, their seats for every player count and their quick setups, written into the page
// by build.py (web/front.py): the front door and the new-game dialog need no engine.
const BAKED = (() => {
  try {
    return JSON.parse(document.getElementById("catalog-data").textContent);
  } catch {
    return null;
  }
})();
const STAGES = ["runtime", "python", "packages", "engine"];
const CONTROLLER_NAMES = {
  human: "Person", easy: "Computer — easy", heuristic: "Computer — quick", normal: "Computer — normal",
  hard: "Computer — hard", random: "Computer — random moves",
};
// A searching computer (normal, hard) thinks in slices, so that the page can stop it at once
// (undo, a new game, leaving the table); its move is shown no sooner than THINK_FLOOR after it
// was asked for, so that how long it thought, which may depend on its own cards, tells nothing
// (its searches take less than this nearly always: bench/ai_strength.py measures them).
const THINK_SLICE = 40;
const THINK_FLOOR = { normal: 1000, hard: 3000 };
const PACES = [[1000, "Slow"], [500, "Normal"], [150, "Fast"], [0, "Instant"]];

const $ = (id) => document.getElementById(id);
const pageStarted = performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// ------------------------------------------------------------------ the engine

class Engine {
  // The worker boot.js started early (with what it said meanwhile), or a new one.
  constructor(url, started = null) {
    this.worker = started ? started.worker : new Worker(url, { type: "module" });
    this.pending = new Map();
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

  settle({ id, ok, value, error }) {
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    if (ok) waiter.resolve(value);
    else waiter.reject(Object.assign(new Error(error.message), { kind: error.kind }));
  }

  // Only strings cross to the worker: the operation, a name and a JSON payload.
  request(op, name, payload, extra = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, name, payload, ...extra });
    });
  }

  async parsed(op, name, args, extra) {
    try {
      return JSON.parse(await this.request(op, name, JSON.stringify(args), extra));
    } catch (error) {
      return { ok: false, error: { kind: error.kind || "internal", message: error.message } };
    }
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

// ------------------------------------------------------------------ boot progress

// While the runtime downloads (its files are counted as each arrives) and while Python
// starts (it reports nothing), the bar creeps towards the stage's end, never reaching it,
// so that the page visibly stays alive. Slowly: every update is work for this thread,
// which shares the machine with Python's start.
const CREEPS = {
  runtime: { from: 0, to: 70, halfLife: 2500 },
  python: { from: 70, to: 86, halfLife: 1700 },
};
const CREEP_EVERY_MS = 500;
let creepTimer = null;

function creep(stage) {
  clearInterval(creepTimer);
  creepTimer = null;
  const plan = CREEPS[stage];
  if (!plan) return;
  const started = performance.now();
  creepTimer = setInterval(() => {
    const gone = 1 - 0.5 ** ((performance.now() - started) / plan.halfLife);
    const bar = $("boot-progress");
    bar.value = Math.max(Number(bar.value) || 0, Math.round(plan.from + (plan.to - plan.from) * 0.95 * gone));
  }, CREEP_EVERY_MS);
}

// The newest progress message is drawn once per frame, and only what changed.
let progressShown = { stage: null, status: null, detail: "" };
let progressWanted = null;
let runtimeDetail = ""; // the download's size, kept once the next stage has begun

function showProgress(message) {
  if (message.stage === "runtime") runtimeDetail = message.text ? `(${message.text})` : "";
  const first = progressWanted === null;
  progressWanted = message;
  if (first) requestAnimationFrame(drawProgress);
}

function drawProgress() {
  const { stage, fraction, text } = progressWanted;
  progressWanted = null;
  if (document.body.dataset.engine !== "loading") return; // ready or failed meanwhile
  const bar = $("boot-progress");
  bar.value = Math.max(Number(bar.value) || 0, Math.round(fraction * 100));
  const label = document.querySelector(`.boot-stages li[data-stage="${stage}"]`);
  if (stage !== progressShown.stage || fraction >= 1) {
    creep(fraction < 1 ? stage : null);
    const index = STAGES.indexOf(stage);
    for (const item of document.querySelectorAll(".boot-stages li")) {
      const at = STAGES.indexOf(item.dataset.stage);
      item.classList.toggle("done", at < index || (at === index && fraction >= 1));
      item.classList.toggle("active", at === index && fraction < 1);
      if (at === index) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
    progressShown.stage = stage;
  }
  if (runtimeDetail !== progressShown.detail) {
    document.querySelector('.boot-stages li[data-stage="runtime"] .stage-detail').textContent = runtimeDetail;
    progressShown.detail = runtimeDetail;
  }
  const status = label.firstChild.textContent.trim() + (text ? ` — ${text}` : "") + "…";
  if (status !== progressShown.status) $("boot-status").textContent = status;
  progressShown.status = status;
}

function bootDone(ready, opening = false) {
  creep(false);
  const seconds = ((performance.now() - pageStarted) / 1000).toFixed(1);
  document.body.dataset.engine = "ready";
  window.outremerBoot = {
    ms: Math.round(performance.now() - pageStarted),
    sinceNavigation: Math.round(performance.now()),
    worker: ready.timings,
    reused: ready.reused,
    workerStartedAt: Math.round(ready.origin - performance.timeOrigin),
    status: ready.status,
    snapshot: ready.snapshot,
  };
  if (ready.snapshot) document.body.dataset.quickStart = "restored";
  for (const item of document.querySelectorAll(".boot-stages li")) {
    item.classList.add("done");
    item.classList.remove("active");
  }
  $("boot-progress").value = 100;
  $("boot-title").textContent = opening ? "Opening the game" : "Engine ready";
  $("boot-status").textContent = `Engine ready in ${seconds} s.${opening ? " Opening the game from the link…" : ""}`;
  // While a link's game is opened (its actions replayed), the panel says so over the
  // placeholder table; it goes once the game is on the table (or a notice says why not).
  if (!opening) bootFinished(seconds);
}

function bootFinished(seconds) {
  $("boot-title").textContent = "Engine ready";
  $("boot-status").textContent = `Engine ready in ${seconds} s.`;
  $("boot").classList.add("finished");
}

function bootFailed(error) {
  creep(false);
  document.body.dataset.engine = "failed";
  const damaged = (window.outremerDamaged || [])[0];
  if (damaged) {
    $("boot-title").textContent = "The offline copy is damaged";
    $("boot-status").textContent = damaged.note;
    return;
  }
  $("boot-title").textContent = "The game engine could not start";
  $("boot-status").textContent = navigator.onLine
    ? `${error.message}. Reload the page to try again.`
    : "You seem to be offline, and this device has no copy of Outremer yet. Connect once, then it works offline.";
}

// ------------------------------------------------------------------ the game on the page

// code: the game (its share code); viewer: the seat of the person at this device (null
// while a hand-off screen shows, or when only computers play); mode: "play", "handoff"
// or "history"; token: bumped to stop whatever the page was driving (the computer's turns).
// entry: the id this game is kept under on the device (store.js); started: when it began.
const game = {
  code: null, viewer: null, snapshot: null, mode: "play", token: 0, busy: false,
  logCount: 0, logKey: null, present: null, entry: null, started: null,
  // A lesson (lesson.js): the code whose steps are shown, how many of its text-only steps the
  // learner has read (kept in the link), and the code at whose end the learner chose to go on.
  lessonCode: null, lessonRead: 0, lessonDone: null,
};
const timings = { clicks: [] };

const humans = (snapshot) => (snapshot.seats || []).filter((who) => who === "human").length;

// The game on the table, kept under its own entry (made the first time it is kept).
function autosave() {
  const s = game.present;
  if (!s) return;
  if (!game.entry) {
    game.entry = newGameId();
    game.started = Date.now();
  }
  saveGame({
    id: game.entry, code: s.code, viewer: game.viewer, game: s.game, seats: s.seats, seat_names: s.seat_names,
    step: s.steps, over: Boolean(s.over), result: (s.result && s.result.text) || "", started: game.started || Date.now(),
  });
}

// The game kept most recently, for "Back to your game" after a bad link.
const latestGame = () => savedGames()[0] || null;
const pace = () => savedPace(PACES.map(([ms]) => ms), 500);

// The game's code in the link (a lesson adds how many steps were read: "#<code>.<read>").
function fragment() {
  const raw = rawFragment();
  return raw === null ? null : splitFragment(raw).code;
}

function rawFragment() {
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

// The address follows the game; the history entry remembers which kept game it is (so a
// reload, or Back to it, continues that entry rather than starting another).
function setLink(code) {
  const state = { entry: game.entry };
  const wanted = joinFragment(code, game.lessonCode === code ? game.lessonRead : 0);
  if (rawFragment() !== wanted || !history.state || history.state.entry !== game.entry) {
    history.replaceState(state, "", `${location.pathname}${location.search}#${wanted}`);
  }
}

function clearLink() {
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
}

function status(text) {
  $("app-status").textContent = text;
}

// The status line; ``heard`` for words already on show in the lesson's box: announced, not
// drawn a second time.
function turnStatus(text, thinking = false, heard = false) {
  const line = $("turn-status");
  if (line.textContent !== text) line.textContent = text;
  line.classList.toggle("thinking", thinking);
  line.classList.toggle("sr-only", heard);
  document.body.dataset.thinking = thinking ? "yes" : "no";
}

// Where the next request's log should start: the lines already shown, unless the page
// now shows the game to another seat, or the past (then the log is drawn anew).
function logFrom(viewer, mode = game.mode) {
  const key = `${viewer}|${mode}`;
  return key === game.logKey && mode !== "history" ? game.logCount : 0;
}

function putLog(html, viewer, mode) {
  const list = $("log");
  if (html.log_from === 0) {
    // The whole log drawn anew (another seat, the past): not read out line by line.
    list.removeAttribute("aria-live");
    list.innerHTML = html.log;
    setTimeout(() => list.setAttribute("aria-live", "polite"), 50);
  } else if (html.log) list.insertAdjacentHTML("beforeend", html.log);
  game.logCount = html.log_count;
  game.logKey = `${viewer}|${mode}`;
  list.scrollTop = list.scrollHeight;
}

// Put an answer with its drawn table on the page.
function present(answer, mode = game.mode) {
  const snapshot = answer;
  const focused = document.activeElement;
  const hadFocus = focused && $("table").contains(focused);
  const focusedAction = hadFocus ? focused.dataset.action : null;

  // Card details shown to one seat are not left on the screen for another.
  const previous = game.snapshot;
  if (!previous || previous.viewer !== snapshot.viewer || mode === "handoff") clearDetail();
  game.snapshot = snapshot;
  game.code = snapshot.code;
  game.mode = mode;
  if (mode !== "history" && snapshot.code !== game.lessonCode) {
    // A lesson's step: from the link when it is this game's (a reload), else its first.
    const link = splitFragment(rawFragment() || "");
    game.lessonCode = snapshot.code;
    game.lessonRead = snapshot.lesson && link.code === snapshot.code ? link.read : 0;
  }
  if (mode !== "history") {
    game.present = snapshot;
    autosave();
    setLink(snapshot.code);
  }
  setView("table");
  hideNotice();
  $("copy-link").disabled = false;
  // A frame of the table that scrolls on its own (a map, a column of panels: data-keep-scroll)
  // stays where the person left it when the table is drawn again.
  const kept = new Map();
  for (const el of $("table").querySelectorAll("[data-keep-scroll]")) kept.set(el.dataset.keepScroll, [el.scrollLeft, el.scrollTop]);
  // So does the panel chosen among several on a narrow screen (data-panels), while its key holds.
  const shown = new Map();
  for (const el of $("table").querySelectorAll("[data-panels]")) shown.set(el.dataset.panels, el.dataset.show);
  $("table").innerHTML = snapshot.html.table;
  for (const el of $("table").querySelectorAll("[data-keep-scroll]")) {
    const at = kept.get(el.dataset.keepScroll);
    if (at) { el.scrollLeft = at[0]; el.scrollTop = at[1]; }
  }
  for (const el of $("table").querySelectorAll("[data-panels]")) {
    const chosen = shown.get(el.dataset.panels);
    if (chosen && el.querySelector(`[data-show-panel="${CSS.escape(chosen)}"]`)) showPanel(el, chosen);
  }
  fitCompose($("table"), mode === "play" ? snapshot.legal || [] : []);
  if (snapshot.choose && mode === "play") {
    for (const button of $("table").querySelectorAll("[data-act]")) {
      if (choosing(button)) button.setAttribute("aria-pressed", "false");
    }
  }
  putLog(snapshot.html, snapshot.viewer, mode);
  showLesson();
  document.body.dataset.game = "on";
  document.body.dataset.mode = mode;
  document.body.dataset.over = snapshot.over ? "yes" : "no";
  updateControls();
  closeDetail();
  forgetGoneDetail();
  bringIntoFrame($("table"));
  // The end of a game: its summary is brought into view, once.
  const ended = snapshot.over && mode === "play" && !(previous && previous.over && previous.code === snapshot.code);
  const summary = ended && $("table").querySelector(".result");
  if (summary) {
    summary.scrollIntoView({ block: "start" });
    summary.querySelector(".result-title").focus({ preventScroll: true });
  } else if (hadFocus) {
    // The same action again if it is still offered, else the first card or area to act on;
    // never a button of the action bar, whose next Enter could end a phase.
    const again = focusedAction && $("table").querySelector(`[data-action="${CSS.escape(focusedAction)}"]`);
    const first = $("table").querySelector("[data-act]:not(.action-bar [data-act])");
    const next = again || first || $("table");
    next.focus({ preventScroll: true });
    const box = next.getBoundingClientRect();
    // A frame that keeps its scroll (the map, the column of panels) stays where the person left it.
    if (next !== $("table") && !next.closest("[data-keep-scroll]") && (box.top < 0 || box.bottom > window.innerHeight)) {
      next.scrollIntoView({ block: "nearest" });
    }
  }
}

function updateControls() {
  const s = game.snapshot;
  const controls = $("controls");
  controls.hidden = !s;
  if (!s) return;
  const present = game.present || s;
  const canUndo = game.mode === "play" && game.viewer !== null && !present.over
    && present.undo_to !== null && present.undo_to !== undefined;
  $("undo").disabled = !canUndo || game.busy;
  const slider = $("history-step");
  slider.max = String(present.steps);
  slider.value = String(s.step);
  slider.disabled = present.steps === 0;
  slider.setAttribute("aria-valuetext", `action ${s.step} of ${present.steps}`);
  $("history-first").disabled = s.step === 0;
  $("history-back").disabled = s.step === 0;
  $("history-forward").disabled = s.step >= present.steps;
  $("history-present").hidden = game.mode !== "history";
  $("history-label").textContent = game.mode === "history"
    ? `Action ${s.step} of ${present.steps}`
    : `${present.steps} action${present.steps === 1 ? "" : "s"}`;
  $("rules-link").href = `rules/${s.game}.html`;
  const speed = String(pace());
  if ($("pace").value !== speed && [...$("pace").options].some((o) => o.value === speed)) $("pace").value = speed;
}

// Run the game on from where it stands: computers' turns, then a person's (with a
// hand-off screen when the device passes from one person to another).
async function drive() {
  const token = ++game.token;
  for (;;) {
    const s = game.snapshot;
    if (!s || token !== game.token || game.mode !== "play") return;
    if (s.over) {
      turnStatus(s.result && s.result.text ? `Game over. ${s.result.text}` : "Game over.");
      return;
    }
    if (lessonHolds(s)) {
      // The lesson leads: the learner's click, Next or Continue; the computer waits.
      turnStatus(lessonWords(game.lessonStep), false, true);
      return;
    }
    const name = s.seat_names[s.to_act];
    if (s.to_act_kind !== "human") {
      const floor = THINK_FLOOR[s.to_act_kind] || 0;
      const asked = performance.now();
      turnStatus(`The ${name} (computer) is thinking…` + (floor ? ` (about ${floor / 1000} s)` : ""), true);
      await sleep(pace());
      if (token !== game.token) return;
      let answer;
      for (;;) {
        answer = await engine.show("ai_think", [s.code, game.viewer, THINK_SLICE], logFrom(game.viewer));
        if (token !== game.token) return; // stopped: no further slice is asked for
        if (!answer.ok || !answer.thinking) break;
        turnStatus(`The ${name} (computer) is thinking… ${Math.round((100 * answer.done) / answer.of)}%`, true);
      }
      const early = asked + floor - performance.now();
      if (early > 0) await sleep(early);
      if (token !== game.token) return;
      if (!answer.ok) {
        turnStatus("");
        status(`The computer player could not move: ${answer.error.message}`);
        return;
      }
      present(answer);
      continue;
    }
    if (game.viewer === s.to_act) {
      if (s.window && s.legal.length === 1 && humans(s) === 1) {
        // A response window with no card to answer with: the one answer is given for the
        // player, after the same pause as a computer's (with two or more people at the device,
        // each is handed it and answers with one click, so the hand-off tells nothing).
        turnStatus(`${s.view.prompt} You have no card to answer with.`, true);
        document.body.dataset.busy = "yes";
        await sleep(pace());
        if (!game.busy) delete document.body.dataset.busy;
        if (token !== game.token || game.mode !== "play") return;
        return act(s.legal[0].index);
      }
      turnStatus(humans(s) > 1 ? `${name}: your move.` : "Your move.");
      return;
    }
    if (humans(s) > 1 || game.viewer !== null) {
      await handOff(s.to_act, token);
      return;
    }
    // One person, not yet seated: seat them.
    game.viewer = s.to_act;
    const answer = await engine.show("open_code", [s.code, game.viewer], 0);
    if (token !== game.token || !answer.ok) return;
    present(answer);
  }
}

// ------------------------------------------------------------------ hand-off (hot-seat)

async function handOff(seat, token) {
  // The table is drawn for nobody: no hand is on the page until the next person confirms.
  game.viewer = null;
  const answer = await engine.show("open_code", [game.code, null], logFrom(null, "handoff"));
  if (token !== game.token || !answer.ok) return;
  present(answer, "handoff");
  game.handoffTo = seat;
  const name = answer.seat_names[seat];
  $("handoff-title").textContent = `Pass the device to the ${name}`;
  $("handoff-text").textContent = `It is the ${name}'s move. Every hand is hidden until the ${name} is at the device.`;
  $("handoff-go").textContent = `I am the ${name}: show my cards`;
  $("handoff").hidden = false;
  $("table").inert = true;
  turnStatus(`Waiting for the ${name} to take the device.`);
  $("handoff-go").focus();
}

function takeOver() {
  return whileBusy(seatNext);
}

async function seatNext() {
  if (game.mode !== "handoff") return;
  const seat = game.handoffTo;
  const token = ++game.token;
  $("handoff").hidden = true;
  $("table").inert = false;
  game.viewer = seat;
  const answer = await engine.show("open_code", [game.code, seat], 0);
  if (token !== game.token) return;
  if (!answer.ok) return status(answer.error.message);
  present(answer, "play");
  $("table").focus({ preventScroll: true });
  drive();
}

function leaveHandOff() {
  $("handoff").hidden = true;
  $("table").inert = false;
}

// ------------------------------------------------------------------ a lesson (Learn to play)

// Whether a lesson leads the game on the table: its steps are shown (until the learner, at its
// end, chooses to go on).
function lessonHolds(s) {
  return Boolean(s && s.lesson && game.mode === "play" && game.lessonDone !== s.code && game.lessonStep);
}

// The lesson's step drawn in the status bar, and what it shows outlined on the table.
function showLesson(focus = false) {
  const s = game.snapshot;
  const done = Boolean(s && s.lesson && game.lessonDone === s.code);
  game.lessonStep = game.mode === "play" ? drawLesson($("table"), game.lessonRead, done) : null;
  if (!game.lessonStep || done) {
    delete document.body.dataset.lesson;
    return;
  }
  document.body.dataset.lesson = game.lessonStep.kind;
  presetCompose($("table"), game.lessonStep, (s && s.legal) || []);
  if (focus) {
    const next = game.lessonStep.element.querySelector("button");
    (next || $("table").querySelector(".lesson-mark[data-act]") || $("table")).focus({ preventScroll: true });
  }
}

async function learn(gameId) {
  await whileBusy(async () => {
    await engineReady();
    const started = await engine.call("new_lesson", gameId);
    if (!started.ok) {
      status(`The lesson could not be started: ${started.error.message}`);
      return;
    }
    const result = await enter(started.code, 0);
    if (result.ok) {
      window.scrollTo({ top: 0, behavior: "instant" }); // the table from its top, not the front door's place
      status("The lesson has started.");
      showLesson(true);
    }
  });
}

// Next: a text-only step read, or the other side's scripted move played.
async function lessonNext(command) {
  if (game.busy || !lessonHolds(game.snapshot)) return;
  if (command === "lesson-read") {
    game.lessonRead = game.lessonStep.read + 1;
    setLink(game.code);
    showLesson(true);
    turnStatus(lessonWords(game.lessonStep), false, true);
    return;
  }
  await play("lesson_next", [game.code, game.viewer], "next");
  showLesson(true);
}

// The end of a lesson: the game goes on against the computer, or between people at this device.
async function lessonContinue(how) {
  const s = game.snapshot;
  if (!s || !s.lesson || !s.lesson.finished) return;
  if (how === "hotseat") {
    await whileBusy(async () => {
      const answer = await engine.call("lesson_continue", s.code, "hotseat", game.viewer);
      if (!answer.ok) return status(answer.error.message);
      const result = await enter(answer.code, null);
      if (result.ok) status("The game goes on between people at this device.");
    });
    return;
  }
  game.lessonDone = s.code;
  showLesson();
  delete document.body.dataset.lesson;
  status("The game goes on against the computer.");
  $("table").focus({ preventScroll: true });
  drive();
}

// ------------------------------------------------------------------ playing

async function act(index, element) {
  if (game.busy || game.mode !== "play" || !game.snapshot) return;
  await play("act", [game.code, index, game.viewer], element && element.dataset.action);
}

// The person's move sent to the engine (one action, or a confirmed multiple choice), the
// table redrawn, and the time from click to painted table kept for the benchmark.
async function play(name, args, what) {
  const clicked = performance.now();
  game.busy = true;
  document.body.dataset.busy = "yes";
  ++game.token; // nothing else drives while the person acts
  try {
    const answer = await engine.show(name, args, logFrom(game.viewer));
    if (!answer.ok) {
      status(`Not possible: ${answer.error.message}`);
      if (lessonHolds(game.snapshot)) explain($("table"), answer.error.message);
      return;
    }
    present(answer);
    const dom = performance.now() - clicked;
    await nextPaint();
    timings.clicks.push({ dom: Math.round(dom * 10) / 10, paint: Math.round((performance.now() - clicked) * 10) / 10, action: what });
  } finally {
    game.busy = false;
    delete document.body.dataset.busy;
    updateControls();
  }
  drive();
}

// A multiple choice (snapshot.choose, e.g. the cards to discard down to the hand limit): the
// player picks them on the table, then confirms once; they go to the engine together.
function choosing(target) {
  const choose = game.snapshot && game.snapshot.choose;
  return Boolean(choose && game.mode === "play" && target.dataset.action
    && target.dataset.action.startsWith(`${choose.verb} `));
}

function togglePick(target) {
  const on = target.getAttribute("aria-pressed") !== "true";
  const picked = $("table").querySelectorAll('[data-act][aria-pressed="true"]').length;
  if (on && picked >= game.snapshot.choose.count) {
    status(`Already ${picked} chosen: unpick one first, or confirm.`);
    return;
  }
  target.setAttribute("aria-pressed", on ? "true" : "false");
  const card = target.closest("li");
  if (card) card.classList.toggle("is-picked", on);
  drawPicks();
}

function drawPicks() {
  const choose = game.snapshot && game.snapshot.choose;
  const confirm = $("table").querySelector("[data-command='confirm-picks']");
  if (!choose || !confirm) return;
  const picked = $("table").querySelectorAll('[data-act][aria-pressed="true"]').length;
  confirm.disabled = picked !== choose.count;
  confirm.querySelector(".picks-count").textContent = `${picked} of ${choose.count}`;
}

async function confirmPicks() {
  if (game.busy || game.mode !== "play" || !game.snapshot || !game.snapshot.choose) return;
  const texts = [...$("table").querySelectorAll('[data-act][aria-pressed="true"]')].map((b) => b.dataset.action);
  if (texts.length !== game.snapshot.choose.count) return;
  await play("act_many", [game.code, texts, game.viewer], texts.join(", "));
}

// Undo: the person's last decision taken back (the Undo button, or an element on the table with
// data-command="undo"). With ``then``, the text of an action to take in its place once it is
// back (Third Crusade: another Order behind the screen while the Region of the one chosen is
// being chosen), taken at once if it is then legal: one click, and the record keeps only it.
async function undo(then) {
  if (game.busy || game.mode !== "play" || game.viewer === null) return;
  ++game.token;
  game.busy = true; // a second click meanwhile must not take back one more decision
  document.body.dataset.busy = "yes";
  let answer;
  try {
    answer = await engine.show("undo", [game.code, game.viewer], logFrom(game.viewer));
  } finally {
    game.busy = false;
    delete document.body.dataset.busy;
  }
  if (!answer.ok) {
    status(answer.error.message);
    drive();
    return;
  }
  present(answer);
  const instead = then && (answer.legal || []).find((a) => a.text === then);
  if (instead) return act(instead.index);
  status("Taken back.");
  drive();
}

// ------------------------------------------------------------------ history

let historyTimer = null;

async function toStep(step, replaying = false) {
  if (!replaying) stopReplay();
  const now = game.present;
  if (!now) return;
  step = Math.max(0, Math.min(now.steps, step));
  if (step === now.steps && game.mode !== "history") return;
  const token = ++game.token; // the computer waits while the past is shown
  leaveHandOff();
  const viewer = humans(now) > 1 ? null : game.viewer;
  const answer = await engine.show("at_step", [now.code, step, viewer], 0);
  if (token !== game.token) return; // asked for another step meanwhile
  if (!answer.ok) return status(answer.error.message);
  present(answer, "history");
  turnStatus(`Showing the game after action ${step} of ${now.steps}.`);
}

async function backToPresent() {
  stopReplay();
  if (!game.present) return;
  const token = ++game.token;
  const viewer = humans(game.present) > 1 ? null : game.viewer;
  const answer = await engine.show("open_code", [game.code, viewer], 0);
  if (token !== game.token || !answer.ok) return;
  present(answer, "play");
  drive();
}

// The whole game again, one action after another at the computer's pace; pausable, and
// stopped by any other move through the history, or by leaving the table.
let replaying = null;

function stopReplay() {
  replaying = null;
  $("replay-pause").hidden = true;
}

async function replay() {
  if (!game.present) return;
  const run = { paused: false };
  replaying = run;
  const pause = $("replay-pause");
  pause.hidden = false;
  pause.textContent = "Pause the replay";
  pause.onclick = () => {
    run.paused = !run.paused;
    pause.textContent = run.paused ? "Resume the replay" : "Pause the replay";
  };
  const last = game.present.steps;
  for (let step = 0; step <= last; step++) {
    while (run.paused && replaying === run) await sleep(150);
    if (replaying !== run) return;
    await toStep(step, true);
    if (replaying !== run) return;
    if (step === 0) window.scrollTo({ top: 0, behavior: "instant" }); // the replay's controls and the table in view
    await sleep(Math.max(350, pace()));
  }
  if (replaying === run) backToPresent();
}

async function rematch() {
  const s = game.present;
  if (!s) return;
  await whileBusy(() => newGame({ game: s.game, seats: s.seats, options: s.options || {} }));
  window.scrollTo({ top: 0, behavior: "instant" }); // the new game from its top, not the old one's summary
}

// ------------------------------------------------------------------ card details

function showDetail(element, open) {
  const panel = $("card-detail");
  $("detail-title").textContent = element.dataset.detailTitle;
  $("detail-meta").textContent = element.dataset.detailMeta || "";
  $("detail-text").textContent = element.dataset.detailText || "";
  $("detail-why").textContent = element.dataset.detailWhy ? `Not playable now: ${element.dataset.detailWhy}` : "";
  $("detail-why").hidden = !element.dataset.detailWhy;
  panel.dataset.filled = "yes";
  if (open) panel.dataset.open = "yes";
}

// Several panels where the screen has room for one (data-panels="<key>", each panel
// data-panel="<name>", each switch data-show-panel="<name>"): the one shown is data-show; the
// page's style shows them all where there is room. The choice is kept while the key holds.
function showPanel(container, name) {
  container.dataset.show = name;
  for (const button of container.querySelectorAll("[data-show-panel]")) {
    button.setAttribute("aria-pressed", String(button.dataset.showPanel === name));
  }
}

// A card's details stay only while the card is still to be seen (on the table, in the log):
// an unrelated step that took it away takes its details away too.
function forgetGoneDetail() {
  const panel = $("card-detail");
  if (!panel.dataset.filled) return;
  const title = $("detail-title").textContent;
  const meta = $("detail-meta").textContent;
  for (const el of document.querySelectorAll("#table [data-detail-title], #log [data-detail-title]")) {
    if (el.dataset.detailTitle === title && (el.dataset.detailMeta || "") === meta) return;
  }
  clearDetail();
}

// Where something happens now (a Battle, a March: data-focus="yes") is brought into view inside
// its own scrolling frame (the map's), never by scrolling the page.
function bringIntoFrame(root) {
  const target = root.querySelector('[data-focus="yes"]');
  if (!target) return;
  for (let frame = target.parentElement; frame && frame !== root; frame = frame.parentElement) {
    const style = getComputedStyle(frame);
    const scrolls = /(auto|scroll)/.test(style.overflowY + style.overflowX);
    if (!scrolls || (frame.scrollHeight <= frame.clientHeight && frame.scrollWidth <= frame.clientWidth)) continue;
    const f = frame.getBoundingClientRect();
    const t = target.getBoundingClientRect();
    if (t.top >= f.top && t.bottom <= f.bottom && t.left >= f.left && t.right <= f.right) return;
    frame.scrollTo({
      top: frame.scrollTop + (t.top - f.top) - (f.height - t.height) / 2,
      left: frame.scrollLeft + (t.left - f.left) - (f.width - t.width) / 2,
      behavior: "instant",
    });
    return;
  }
}

function clearDetail() {
  const panel = $("card-detail");
  $("detail-title").textContent = "Card details";
  $("detail-meta").textContent = "";
  $("detail-text").textContent = "Point at a card, or tab to it, or tap it, to read it here.";
  $("detail-why").textContent = "";
  $("detail-why").hidden = true;
  delete panel.dataset.filled;
  closeDetail();
}

function closeDetail() {
  delete $("card-detail").dataset.open;
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

// ------------------------------------------------------------------ opening games

// The seat the person at this device takes: the one they had, if a person plays it,
// else the first person's; none when two or more people share the device (hand-off).
function seatFor(snapshot, preferred) {
  const seats = snapshot.seats || [];
  if (humans(snapshot) > 1) return null;
  if (Number.isInteger(preferred) && seats[preferred] === "human") return preferred;
  const first = seats.indexOf("human");
  return first >= 0 ? first : null;
}

// Open a game by its code; every other way in (new game, link, a kept game) ends here.
// ``entry``: the kept game it is (its id and start), null for a new one, or a function of the
// opened game that finds it.
async function enter(code, preferred, entry = null) {
  const first = await engine.call("open_code", code, null);
  if (!first.ok) return first;
  const found = typeof entry === "function" ? await entry(first) : entry;
  stopReplay();
  ++game.token;
  leaveHandOff();
  game.entry = found ? found.id : null;
  game.started = found ? found.started || found.saved || Date.now() : null;
  game.viewer = seatFor(first, found && Number.isInteger(found.viewer) ? found.viewer : preferred);
  game.logKey = null;
  game.lessonDone = null; // a lesson opened anew shows its end again
  const answer = await engine.show("open_code", [first.code, game.viewer], 0);
  if (!answer.ok) return answer;
  // From the front door, the game gets its own place in the history: Back leads to the door.
  if (fragment() === null) history.pushState(null, "", `${location.pathname}${location.search}`);
  present(answer, "play");
  drive();
  return answer;
}

// Which kept game a link is: the one this history entry was (a reload, Back), the one with this
// very code, or one that this link continues (its actions come first in the link's); else none.
async function keptGameOf(code, opened) {
  const here = history.state && history.state.entry ? savedGameById(history.state.entry) : null;
  if (here && here.game === opened.game) return here;
  const games = savedGames();
  const same = games.find((g) => g.code === code);
  if (same) return same;
  for (const kept of games) {
    if (kept.game !== opened.game || kept.step === null || !(kept.step <= opened.steps) || kept.over) continue;
    const then = await engine.call("rewind", code, kept.step, null);
    if (then.ok && then.code === kept.code) return kept;
  }
  return null;
}

async function openFromLink(code) {
  const result = code === ""
    ? { ok: false, error: { kind: "empty", message: "The link holds no game." } }
    : await enter(code, game.viewer, (opened) => keptGameOf(code, opened));
  if (result.ok) {
    status("Game opened from the link.");
    return;
  }
  const keep = game.present ? null : latestGame();
  const back = game.present
    ? () => { setLink(game.present.code); hideNotice(); drive(); }
    : keep ? () => restore(keep) : null;
  showNotice({
    title: BAD_LINK,
    message: explainBadLink(result.error, code),
    detail: back
      ? "Your game in progress is kept on this device: go back to it, or start a new game."
      : "You can start a new game instead.",
    back,
  });
}

async function restore(kept) {
  setView("table");
  const result = await enter(kept.code, kept.viewer, kept);
  if (result.ok) {
    status("Your game in progress was restored.");
    return result;
  }
  // The kept game is left as it is: only its owner deletes it, from Your games.
  const error = result.error || {};
  const link = `${location.origin}${location.pathname}${location.search}#${kept.code}`;
  showNotice({
    title: "Your saved game could not be restored",
    message: error.message || "The engine gave no reason.",
    detail: error.other_version
      ? `Its link, to open it with the version of Outremer that saved it: ${link}`
      : "It stays in Your games until you delete it. You can start a new game.",
  });
  return result;
}

async function newGame(request = DEFAULT_GAME) {
  await engineReady();
  const started = await engine.call("new_game", JSON.stringify({ ...request, viewer: null }));
  if (!started.ok) {
    status(`A new game could not be started: ${started.error.message}`);
    return started;
  }
  const seats = started.seats;
  // A new game never takes another's place: it gets an entry of its own.
  const result = await enter(started.code, seats.filter((s) => s === "human").length === 1 ? seats.indexOf("human") : null);
  if (result.ok) {
    status("A new game has started.");
    if (game.mode === "play") $("table").focus({ preventScroll: true });
  }
  return result;
}

async function route() {
  const code = fragment();
  if (code !== null) {
    setView("table");
    return openFromLink(code);
  }
  showFront();
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

// ------------------------------------------------------------------ the front door

// "front": the game chooser and Your games; "table": a game (or the engine loading for one).
// boot.js sets it before the page is drawn, from whether the address holds a game.
function setView(view) {
  document.documentElement.dataset.view = view;
}

function showFront() {
  stopReplay();
  ++game.token; // the computer stops while the player is at the door
  leaveHandOff();
  hideNotice();
  if (fragment() !== null) history.pushState(null, "", `${location.pathname}${location.search}`);
  setView("front");
  turnStatus("");
  status("");
  drawYourGames();
}

let engineUp = false;

// Before a game can be shown the engine must be up: until then the page shows its progress.
async function engineReady() {
  if (engineUp) return;
  setView("table");
  turnStatus("The game starts as soon as the engine is ready.");
  await engine.ready;
}

const catalogEntry = (id) => (BAKED ? BAKED.games : catalog || []).find((g) => g.id === id) || null;

function ago(time) {
  if (!time) return "at an unknown time";
  const minutes = Math.round((Date.now() - time) / 60000);
  if (!Number.isFinite(minutes)) return "at an unknown time";
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  if (hours < 48) return "yesterday";
  return `on ${new Date(time).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" })}`;
}

function seatsLine(kept) {
  const names = kept.seat_names || [];
  return (kept.seats || []).map((who, seat) => `${names[seat] || `Seat ${seat + 1}`}: ${who === "human" ? "person" : "computer"}`)
    .join(" · ");
}

function keptGameItem(kept) {
  const entry = catalogEntry(kept.game);
  const name = entry ? entry.name : "A saved game";
  const progress = kept.over
    ? `Finished${kept.result ? `. ${kept.result}` : "."}`
    : kept.step === null ? "In progress" : `${kept.step} action${kept.step === 1 ? "" : "s"} played`;
  const when = `Last played ${ago(kept.saved)}`;
  const titleId = `kept-${kept.id}`;
  const open = element("button", {
    type: "button", class: "primary", "data-command": "continue", "data-entry": kept.id,
    "aria-describedby": titleId, text: kept.over ? "See the end" : "Continue",
  });
  return element("li", { class: "kept-game", "data-entry": kept.id, "data-game": kept.game }, [
    element("h3", { id: titleId }, [name, element("span", { class: "kept-seats", text: seatsLine(kept) })]),
    element("p", { class: "kept-progress", text: progress }),
    element("p", { class: "kept-when" }, kept.saved
      ? [element("time", { datetime: new Date(kept.saved).toISOString(), text: when })] : [when]),
    element("div", { class: "kept-actions" }, [open, deleteButton(kept.id, titleId)]),
  ]);
}

function deleteButton(id, titleId) {
  return element("button", {
    type: "button", class: "secondary", "data-command": "delete", "data-entry": id,
    "aria-describedby": titleId, text: "Delete",
  });
}

// An entry kept under a game's key that cannot be read: said so, with Delete, and nothing else
// of the list depends on it.
function damagedGameItem(id) {
  const titleId = `kept-${id}`;
  return element("li", { class: "kept-game kept-damaged", "data-entry": id, "data-damaged": "" }, [
    element("h3", { id: titleId, text: "A saved game that cannot be read" }),
    element("p", { class: "kept-progress", text: "Its copy on this device is damaged, so it cannot be opened. "
      + "Deleting it touches no other game." }),
    element("div", { class: "kept-actions" }, [deleteButton(id, titleId)]),
  ]);
}

function drawYourGames() {
  const items = savedGames().map((kept) => {
    try {
      return keptGameItem(kept);
    } catch {
      return damagedGameItem(kept.id);
    }
  }).concat(damagedGames().map((bad) => damagedGameItem(bad.id)));
  $("your-games").hidden = items.length === 0;
  $("your-games-list").replaceChildren(...items);
  $("your-games-count").textContent = items.length ? `(${items.length})` : "";
}

// Delete asks once more, in place: the game is gone for good once confirmed.
function askToDelete(id) {
  const item = document.querySelector(`.kept-game[data-entry="${CSS.escape(id)}"]`);
  if (!item) return;
  const actions = item.querySelector(".kept-actions");
  const question = element("p", { class: "kept-confirm", id: `confirm-${id}`, text: "Delete this game for good? It cannot be brought back." });
  const yes = element("button", { type: "button", class: "danger", "data-command": "delete-confirmed", "data-entry": id, "aria-describedby": `confirm-${id}`, text: "Delete it" });
  const no = element("button", { type: "button", class: "secondary", "data-command": "delete-kept", "data-entry": id, text: "Keep it" });
  actions.replaceChildren(question, yes, no);
  no.focus();
}

function deleteKept(id) {
  const items = [...document.querySelectorAll(".kept-game")];
  const at = items.findIndex((item) => item.dataset.entry === id);
  deleteGame(id);
  if (game.entry === id) game.entry = null;
  drawYourGames();
  status("The game was deleted from this device.");
  const left = [...document.querySelectorAll(".kept-game [data-command=continue]")];
  (left[Math.min(at, left.length - 1)] || $("front-title")).focus();
}

function keptGameOpened(id) {
  const kept = savedGameById(id);
  if (!kept) return drawYourGames();
  return whileBusy(async () => {
    await engineReady();
    return restore(kept);
  });
}

async function quickPlay(gameId) {
  const entry = catalogEntry(gameId);
  const quick = (entry && entry.quick) || DEFAULT_GAME;
  await whileBusy(() => newGame({ game: gameId, seats: quick.seats, options: quick.options || {} }));
}

// ------------------------------------------------------------------ the new-game dialog

let catalog = null;
const seatNames = new Map();

async function loadCatalog() {
  if (!catalog && BAKED) catalog = BAKED.games;
  if (!catalog) {
    const answer = await engine.call("catalog");
    catalog = answer.ok ? answer.games : [];
  }
  return catalog;
}

// Seat names come from the engine, for the number of players chosen.
async function namesFor(gameId, count) {
  const key = `${gameId}/${count}`;
  const baked = catalog.find((g) => g.id === gameId)?.seat_names_by_count?.[String(count)];
  if (baked) return baked;
  if (!seatNames.has(key)) {
    const probe = await engine.call("new_game", JSON.stringify({ game: gameId, seats: Array(count).fill("human"), seed: 1 }));
    const entry = catalog.find((g) => g.id === gameId);
    seatNames.set(key, probe.ok ? probe.seat_names : entry.seat_names.slice(0, count));
  }
  return seatNames.get(key);
}

function element(tag, props = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") el.textContent = value;
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value);
  }
  el.append(...children);
  return el;
}

async function drawSeats() {
  const form = $("new-game-form");
  const gameId = form.elements.game.value;
  const entry = catalog.find((g) => g.id === gameId);
  const count = Number(form.elements.players.value);
  showOptionsFor(count);
  const names = await namesFor(gameId, count);
  const list = $("seat-list");
  const previous = [...list.querySelectorAll("select")].map((s) => s.value);
  list.replaceChildren();
  names.forEach((name, seat) => {
    const id = `seat-${seat}-controller`;
    const select = element("select", { id, name: `seat-${seat}` },
      (entry.menu || entry.controllers).map((c) => element("option", { value: c, text: CONTROLLER_NAMES[c] || c })));
    select.value = previous[seat] || (seat === 0 || count === 1 ? "human" : "heuristic");
    list.append(element("li", {}, [element("label", { for: id, text: name }), select]));
  });
}

async function drawGameChoice() {
  const form = $("new-game-form");
  const gameId = form.elements.game.value;
  const entry = catalog.find((g) => g.id === gameId);
  const players = form.elements.players;
  players.replaceChildren();
  for (let n = entry.min_seats; n <= entry.max_seats; n++) {
    players.append(element("option", { value: String(n), text: `${n} player${n === 1 ? "" : "s"}` }));
  }
  players.value = String(Math.max(entry.min_seats, Math.min(entry.max_seats, 2)));
  $("players-field").hidden = entry.min_seats === entry.max_seats;
  const options = $("option-list");
  options.replaceChildren();
  for (const option of entry.options) {
    const id = `option-${option.id}`;
    const boolean = option.choices.length === 2 && option.choices.includes(false) && option.choices.includes(true);
    let input;
    if (boolean) {
      input = element("input", { type: "checkbox", id, name: id, checked: option.default === true });
    } else {
      const names = option.names || option.choices.map(String);
      input = element("select", { id, name: id }, option.choices.map((c, i) => element("option", { value: JSON.stringify(c), text: names[i] })));
      input.value = JSON.stringify(option.default);
    }
    const help = option.help ? [element("span", { class: "option-help", text: option.help })] : [];
    const item = element("li", { class: boolean ? "option-check" : "" }, [input, element("label", { for: id, text: option.label }), ...help]);
    item.dataset.players = (option.players || []).join(" ");
    options.append(item);
  }
  await drawSeats();
}

// Only the options that concern the chosen number of players are shown (the others keep their
// default, which the engine ignores at that count).
function showOptionsFor(count) {
  let shown = 0;
  for (const item of $("option-list").children) {
    const players = item.dataset.players ? item.dataset.players.split(" ").map(Number) : [];
    item.hidden = players.length > 0 && !players.includes(count);
    if (!item.hidden) shown += 1;
  }
  $("options-field").hidden = shown === 0;
}

async function openNewGameDialog(preset = null) {
  await loadCatalog();
  const form = $("new-game-form");
  const chooser = form.elements.game;
  const wanted = typeof preset === "string" ? preset : null;
  if (!chooser.options.length) {
    for (const entry of catalog) chooser.append(element("option", { value: entry.id, text: entry.name }));
    chooser.value = wanted || (game.snapshot ? game.snapshot.game : DEFAULT_GAME.game);
    await drawGameChoice();
  } else if (wanted && chooser.value !== wanted) {
    chooser.value = wanted;
    await drawGameChoice();
  }
  $("new-game-error").textContent = "";
  $("new-game-dialog").showModal();
}

async function startFromDialog(event) {
  event.preventDefault();
  await whileBusy(() => startGame());
}

// The page says it is busy (body[data-busy]) from a click until the table it leads to is drawn.
async function whileBusy(work) {
  document.body.dataset.busy = "yes";
  try {
    return await work();
  } finally {
    delete document.body.dataset.busy;
  }
}

async function startGame() {
  const form = $("new-game-form");
  const gameId = form.elements.game.value;
  const entry = catalog.find((g) => g.id === gameId);
  const count = Number(form.elements.players.value);
  const seats = Array.from({ length: count }, (_, seat) => form.elements[`seat-${seat}`].value);
  const options = {};
  for (const option of entry.options) {
    const input = form.elements[`option-${option.id}`];
    options[option.id] = input.type === "checkbox" ? input.checked : JSON.parse(input.value);
  }
  const seed = form.elements.seed.value.trim();
  const request = { game: gameId, seats, options, ...(seed ? { seed } : {}) };
  const result = await newGame(request);
  if (result && result.ok) $("new-game-dialog").close();
  else $("new-game-error").textContent = result && result.error ? result.error.message : "The game could not be started.";
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
    const ready = await navigator.serviceWorker.ready;
    document.body.dataset.offline = "ready";
    if (!hadController) status("Outremer is saved on this device: it now works offline.");
    // The browser may have cleared the offline copy since: it is made whole again.
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => { document.body.dataset.offlineCopy = event.data ? "whole" : "partial"; };
    ready.active.postMessage("refill", [channel.port2]);
  } catch (error) {
    console.warn("offline copy not installed:", error);
  }
}

// ------------------------------------------------------------------ wiring

const engine = new Engine(new URL("./worker.js", import.meta.url), window.outremerWorker);
engine.onprogress = showProgress;
// For the browser tests and the curious: the same door the page uses.
window.outremer = { engine, game, timings, savedGames, present };

function wire() {
  const paceSelect = $("pace");
  for (const [ms, label] of PACES) paceSelect.append(element("option", { value: String(ms), text: label }));
  paceSelect.value = String(pace());
  paceSelect.addEventListener("change", () => savePace(paceSelect.value));

  $("new-game").addEventListener("click", () => openNewGameDialog());
  $("notice-new").addEventListener("click", () => openNewGameDialog());
  $("copy-link").addEventListener("click", copyLink);
  $("undo").addEventListener("click", () => undo());
  $("handoff-go").addEventListener("click", takeOver);
  $("history-first").addEventListener("click", () => toStep(0));
  $("history-back").addEventListener("click", () => toStep(game.snapshot.step - 1));
  $("history-forward").addEventListener("click", () => toStep(game.snapshot.step + 1));
  $("history-present").addEventListener("click", backToPresent);
  $("history-step").addEventListener("input", (event) => {
    clearTimeout(historyTimer);
    ++game.token; // a step shown meanwhile must not pull the slider back
    const step = Number(event.target.value);
    historyTimer = setTimeout(() => toStep(step), 40);
  });
  $("new-game-form").addEventListener("submit", startFromDialog);
  $("new-game-cancel").addEventListener("click", () => $("new-game-dialog").close());
  $("new-game-form").elements.game.addEventListener("change", drawGameChoice);
  $("new-game-form").elements.players.addEventListener("change", drawSeats);
  $("detail-close").addEventListener("click", closeDetail);

  // Every legal action, for every game: an element carrying data-act.
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-act]");
    if (target && $("table").contains(target)) {
      event.preventDefault();
      if (choosing(target)) togglePick(target);
      else act(Number(target.dataset.act), target);
      return;
    }
    if (composePick(event.target, (game.mode === "play" && game.snapshot?.legal) || [])) {
      event.preventDefault();
      return;
    }
    const switcher = event.target.closest("[data-show-panel]");
    if (switcher && $("table").contains(switcher)) {
      showPanel(switcher.closest("[data-panels]"), switcher.dataset.showPanel);
      return;
    }
    const command = event.target.closest("[data-command]");
    if (command) {
      const what = command.dataset.command;
      const { entry, game: gameId } = command.dataset;
      if (command.tagName === "A") event.preventDefault();
      if (what === "new-game") openNewGameDialog();
      else if (what === "history-start") toStep(0);
      else if (what === "replay") replay();
      else if (what === "rematch") rematch();
      else if (what === "front") showFront();
      else if (what === "quick-play") quickPlay(gameId);
      else if (what === "learn") learn(gameId);
      else if (what === "lesson-read" || what === "lesson-next") lessonNext(what);
      else if (what === "lesson-continue") lessonContinue(command.dataset.how);
      else if (what === "set-up") openNewGameDialog(gameId);
      else if (what === "continue") keptGameOpened(entry);
      else if (what === "delete") askToDelete(entry);
      else if (what === "delete-confirmed") deleteKept(entry);
      else if (what === "delete-kept") drawYourGames();
      else if (what === "confirm-picks") confirmPicks();
      else if (what === "undo" && $("table").contains(command)) undo(command.dataset.then);
      return;
    }
    const detail = event.target.closest("[data-detail-title]");
    if (detail) showDetail(detail, true);
    else if (!event.target.closest("#card-detail")) closeDetail();
  });
  // A composer's choices (table/_compose.html): kept legal as they change; Enter plays them.
  const composed = (event) => composeChanged(event.target, (game.mode === "play" && game.snapshot?.legal) || []);
  document.addEventListener("input", composed);
  document.addEventListener("change", composed);
  document.addEventListener("submit", (event) => {
    const button = composeButton(event.target);
    if (!button) return;
    event.preventDefault();
    if (!button.disabled && $("table").contains(button)) act(Number(button.dataset.act), button);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeDetail();
    if ((event.key === "Enter" || event.key === " ") && event.target.closest
        && event.target.closest("[data-compose-pick]")) {
      event.preventDefault();
      composePick(event.target, (game.mode === "play" && game.snapshot?.legal) || []);
      return;
    }
    const command = event.target.closest && event.target.closest("[role=button][data-command]");
    if (command && command.tagName !== "BUTTON" && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      command.click(); // a table element acting as a button (e.g. another Order: undo, then choose it)
      return;
    }
    const target = event.target.closest && event.target.closest("[data-act]");
    if (!target || target.tagName === "BUTTON") return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (choosing(target)) togglePick(target);
      else act(Number(target.dataset.act), target);
    }
  });
  document.addEventListener("mouseover", (event) => {
    const detail = event.target.closest && event.target.closest("[data-detail-title]");
    if (detail) showDetail(detail, false);
  });
  document.addEventListener("focusin", (event) => {
    const detail = event.target.closest && event.target.closest("[data-detail-title]");
    if (detail) showDetail(detail, false);
  });
}

wire();
showStorageState();
if (fragment() === null) showFront();
window.addEventListener("hashchange", () => {
  if (!engineUp) return; // opened once the engine is up
  const front = document.documentElement.dataset.view === "front";
  if (fragment() !== game.code || front) route();
  else hideNotice(); // back from a bad link to the game on the table
});

engine.ready.then(
  async (ready) => {
    const opening = fragment() !== null && !game.snapshot;
    bootDone(ready, opening);
    engineUp = true;
    registerServiceWorker();
    askToPersist();
    if (opening) {
      try {
        await route();
      } finally {
        bootFinished((window.outremerBoot.ms / 1000).toFixed(1));
      }
    } else if (!game.snapshot) {
      // The same template, rendered by Python in the worker, replaces the build-time frame.
      $("table").innerHTML = await engine.frame(null);
    }
  },
  (error) => {
    bootFailed(error);
    registerServiceWorker();
  },
);
