// Outremer — a lesson's actions (Learn to play): starting one, its Next, and going on at its end.

import { engine, engineReady } from "./engine.js";
import { lessonWords } from "./lesson.js";
import { setLink } from "./link.js";
import { enter } from "./opening.js";
import { $, status, turnStatus, whileBusy } from "./page.js";
import { game } from "./state.js";
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

// Next: a text-only step read, or the other side's scripted move played.
export async function lessonNext(command) {
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
