// Outremer — a lesson's actions (Learn to play): starting one, its Next, and going on at its end.

import { engine, engineReady } from "./engine.js";
import { lessonWords } from "./lesson.js";
import { setLink } from "./link.js";
import { enter } from "./opening.js";
import { $, sleep, status, turnStatus, whileBusy } from "./page.js";
import { game, pace } from "./state.js";
import { lessonHolds, showLesson } from "./table.js";
import { drive, play } from "./turns.js";

export async function learn(gameId) {
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

// Next: a text-only step read, or the other side's scripted moves played. A step may hold
// several of its moves in a row (data-run): one Next plays them all, one at a time, each drawn
// with the computer's pause (Computer speed) before the next, so that the learner sees every
// move while the step's text stays on show; the run stops at the step's end or the learner's turn.
let playing = false;

export async function lessonNext(command) {
  if (game.busy || playing || !lessonHolds(game.snapshot)) return;
  if (command === "lesson-read") {
    game.lessonRead = game.lessonStep.read + 1;
    setLink(game.code);
    showLesson(true);
    turnStatus(lessonWords(game.lessonStep), false, true);
    return;
  }
  const step = game.lessonStep.element.dataset.step;
  let left = Number(game.lessonStep.element.dataset.run) || 1;
  playing = true;
  try {
    for (;;) {
      const before = game.code;
      await play("lesson_next", [game.code, game.viewer], "next");
      showLesson(true);
      left -= 1;
      const now = game.lessonStep;
      if (left <= 0 || game.code === before || !now || now.kind !== "next" || now.element.dataset.step !== step) break;
      // The move is drawn; the next of the run follows after the pause (nothing else acts meanwhile).
      const shown = game.code;
      game.busy = true;
      document.body.dataset.busy = "yes";
      try {
        await sleep(pace());
      } finally {
        game.busy = false;
        delete document.body.dataset.busy;
      }
      if (game.mode !== "play" || game.code !== shown || !lessonHolds(game.snapshot)) break;
    }
  } finally {
    playing = false;
  }
}

// The end of a lesson: the game goes on against the computer, or between people at this device.
export async function lessonContinue(how) {
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
