// Outremer — history and replay: the game shown after any of its actions, and played again.

import { engine } from "./engine.js";
import { leaveHandOff } from "./handoff.js";
import { $, sleep, status, turnStatus } from "./page.js";
import { game, humans, pace } from "./state.js";
import { present } from "./table.js";
import { drive } from "./turns.js";

let historyTimer = null;

// The game shown after action ``step`` (the present stays where it is; the computer waits).
export async function toStep(step, replaying = false) {
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

export async function backToPresent() {
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

export function stopReplay() {
  replaying = null;
  $("replay-pause").hidden = true;
}

export async function replay() {
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

// The history's slider: the step shown once it rests for a moment.
export function slideTo(event) {
  clearTimeout(historyTimer);
  ++game.token; // a step shown meanwhile must not pull the slider back
  const step = Number(event.target.value);
  historyTimer = setTimeout(() => toStep(step), 40);
}
