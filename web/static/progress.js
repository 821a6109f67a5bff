// Outremer — the engine's boot progress: the bar, its stages, and the panel's last words.

import { $ } from "./page.js";

const STAGES = ["runtime", "python", "packages", "engine"];
const pageStarted = performance.now(); // the page's script began: the boot's time counts from here

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

export function showProgress(message) {
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

export function bootDone(ready, opening = false) {
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

export function bootFinished(seconds) {
  $("boot-title").textContent = "Engine ready";
  $("boot-status").textContent = `Engine ready in ${seconds} s.`;
  $("boot").classList.add("finished");
}

export function bootFailed(error) {
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
