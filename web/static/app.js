// Outremer — the page. It shows the table frame and a progress bar at once, boots the
// engine in a worker (worker.js), keeps the game in the link and in localStorage, and
// never lets a bad link cost the player the game they had.
//
// Nothing here knows a game's rules: the worker answers with the table already drawn
// (web/render.py), every legal action is an element carrying data-act="<index>", and a
// click (or Enter/Space) on one calls bridge.act(code, index, viewer). The page adds what
// every game shares: new game, hand-off between people, the computer's turns, undo, the
// history, the log, card details. What is kept on this device is store.js's.
//
// This module wires the page's modules together: engine.js (the worker), progress.js (its boot),
// table.js (a snapshot on the table), turns.js (playing), handoff.js, history.js, opening.js,
// front.js (the front door), newgame.js and notice.js (dialogs), learn.js (a lesson), detail.js
// (card details), link.js, offline.js; state.js holds the game on the page, page.js small helpers.

import { savedGames, savePace, showStorageState, askToPersist } from "./store.js";
import { composeButton, composeChanged, composePick } from "./compose.js";
import { engineIsUp, engineUp, startEngine } from "./engine.js";
import { bootDone, bootFailed, bootFinished, showProgress } from "./progress.js";
import { PACES, game, pace, timings } from "./state.js";
import { $, element } from "./page.js";
import { copyLink, fragment } from "./link.js";
import { closeDetail, showDetail } from "./detail.js";
import { hideNotice } from "./notice.js";
import { choosing, present, showPanel, togglePick } from "./table.js";
import { drawn } from "./parts.js";
import { takeOver } from "./handoff.js";
import { act, confirmPicks, drive, undo } from "./turns.js";
import { backToPresent, replay, slideTo, toStep } from "./history.js";
import { rematch } from "./opening.js";
import { learn, lessonContinue, lessonNext } from "./learn.js";
import { drawGameChoice, drawSeats, openNewGameDialog, startFromDialog } from "./newgame.js";
import { askToDelete, deleteKept, drawYourGames, keptGameOpened, quickPlay, route, showFront } from "./front.js";
import { registerServiceWorker } from "./offline.js";

const engine = startEngine();
engine.onprogress = showProgress;
// For the browser tests and the curious: the same door the page uses.
window.outremer = { engine, game, timings, savedGames, present, drawn };

function wire() {
  const paceSelect = $("pace");
  for (const [ms, label] of PACES) paceSelect.append(element("option", { value: String(ms), text: label }));
  paceSelect.value = String(pace());
  paceSelect.addEventListener("change", () => savePace(paceSelect.value));

  $("new-game").addEventListener("click", () => openNewGameDialog());
  $("notice-new").addEventListener("click", () => openNewGameDialog());
  $("copy-link").addEventListener("click", copyLink);
  $("undo").addEventListener("click", () => undo());
  $("handoff-go").addEventListener("click", () => takeOver(drive));
  $("history-first").addEventListener("click", () => toStep(0));
  $("history-back").addEventListener("click", () => toStep(game.snapshot.step - 1));
  $("history-forward").addEventListener("click", () => toStep(game.snapshot.step + 1));
  $("history-present").addEventListener("click", backToPresent);
  $("history-step").addEventListener("input", slideTo);
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
    engineIsUp();
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
