// Outremer — the table: a snapshot drawn on the page (its log, its controls, the frames that
// keep their scroll, the panel chosen, where something happens brought into its frame), the
// lesson's step drawn over it, and a multiple choice picked on it.

import { fitCompose } from "./compose.js";
import { clearDetail, closeDetail, forgetGoneDetail } from "./detail.js";
import { drawLesson, presetCompose, splitFragment } from "./lesson.js";
import { autosave, rawFragment, setLink } from "./link.js";
import { hideNotice } from "./notice.js";
import { $, setView, status } from "./page.js";
import { drawTable, touched } from "./parts.js";
import { game, pace } from "./state.js";

// Where the next request's log should start: the lines already shown, unless the page
// now shows the game to another seat, or the past (then the log is drawn anew).
export function logFrom(viewer, mode = game.mode) {
  const key = `${viewer}|${mode}`;
  return key === game.logKey && mode !== "history" ? game.logCount : 0;
}

// The new log lines put in; it is scrolled to its end once the table is in place (present's
// last step, with the other reads of the layout).
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
}

// How long the last present() took to build the table's elements from its HTML, the parts that
// changed or the whole (ms; for the click benchmark's parts, static/turns.js).
export const presented = { html: 0 };

// Put an answer with its drawn table on the page.
export function present(answer, mode = game.mode) {
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
  // stays where the person left it when the table is drawn again, while its key holds (read here,
  // while the layout is still that of the table on screen).
  const kept = new Map();
  for (const el of $("table").querySelectorAll("[data-keep-scroll]")) kept.set(el.dataset.keepScroll, { el, left: el.scrollLeft, top: el.scrollTop });
  // So does the panel chosen among several on a narrow screen (data-panels), while its key holds.
  const shown = new Map();
  for (const el of $("table").querySelectorAll("[data-panels]")) shown.set(el.dataset.panels, el.dataset.show);
  const building = performance.now();
  // Only the parts of the table that changed are drawn again (static/parts.js), while the same
  // seat is shown in the same mode.
  drawTable($("table"), snapshot.html, `${snapshot.game}|${snapshot.viewer}|${mode}`, Boolean(snapshot.timing));
  presented.html = performance.now() - building;
  // A refused click's explanation (lesson.js explain) is not left over a part kept as it was.
  for (const why of $("table").querySelectorAll(".lesson-why:not([hidden])")) { why.hidden = true; why.textContent = ""; }
  for (const el of $("table").querySelectorAll("[data-panels]")) {
    const chosen = shown.get(el.dataset.panels);
    const name = chosen && el.querySelector(`[data-show-panel="${CSS.escape(chosen)}"]`) ? chosen : el.dataset.show;
    if (name) showPanel(el, name);
  }
  fitCompose($("table"), mode === "play" ? snapshot.legal || [] : []);
  if (snapshot.choose && mode === "play") {
    for (const button of $("table").querySelectorAll("[data-act]")) {
      if (!choosing(button)) continue;
      button.setAttribute("aria-pressed", "false");
      const card = button.closest("li");
      if (card) card.classList.remove("is-picked");
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
  // What needs the new layout comes last, once everything is written (each read of the layout
  // after a write costs a layout of the page): the frames' scroll, the log's end, where something
  // happens, the focus.
  keepScroll($("table"), kept);
  // A frame that scrolls and keeps no scroll of its own (a board wider than a phone) shows from its
  // start when any of it was drawn again, as when it was one part, drawn anew whenever it changed.
  for (const el of touched) if (!el.hasAttribute("data-keep-scroll") && (el.scrollLeft || el.scrollTop)) el.scrollTo(0, 0);
  $("log").scrollTop = $("log").scrollHeight;
  bringIntoFrame($("table"));
  // The end of a game: its summary is brought into view, once.
  const ended = snapshot.over && mode === "play" && !(previous && previous.over && previous.code === snapshot.code);
  const summary = ended && $("table").querySelector(".result");
  if (summary) {
    summary.scrollIntoView({ block: "start" });
    summary.querySelector(".result-title").focus({ preventScroll: true });
  } else if (hadFocus && !focused.isConnected) {
    // The focused element was drawn again (a part that changed, or the whole table): the same
    // action again if it is still offered, else the first card or area to act on; never a button
    // of the action bar, whose next Enter could end a phase. (Where it was not, it keeps the focus.)
    const again = focusedAction && $("table").querySelector(`[data-action="${CSS.escape(focusedAction)}"]`);
    const first = $("table").querySelector("[data-act]:not(.action-bar [data-act])");
    const next = again || first || $("table");
    next.focus({ preventScroll: true });
    // A frame that keeps its scroll (the map, the column of panels) stays where the person left it.
    if (next !== $("table") && !next.closest("[data-keep-scroll]")) {
      const box = next.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) next.scrollIntoView({ block: "nearest" });
    }
  }
}

// The frames that keep their scroll (``kept``: by key, each frame and its scroll before the table
// was drawn again) where the person left them. A frame kept as it was, under the same key, is
// where it was (nothing to write: a write would wait for the new layout); a frame drawn anew takes
// the scroll of its key; a frame whose key changed (something else is done now) shows from its
// top, as a frame drawn anew would.
function keepScroll(root, kept) {
  const before = new Map([...kept.values()].map((at) => [at.el, at]));
  for (const el of root.querySelectorAll("[data-keep-scroll]")) {
    const at = kept.get(el.dataset.keepScroll);
    if (at && at.el === el) continue;
    const was = before.get(el) || { left: 0, top: 0 };
    const left = at ? at.left : 0;
    const top = at ? at.top : 0;
    if (was.left !== left) el.scrollLeft = left;
    if (was.top !== top) el.scrollTop = top;
  }
}

export function updateControls() {
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

// Whether a lesson leads the game on the table: its steps are shown (until the learner, at its
// end, chooses to go on).
export function lessonHolds(s) {
  return Boolean(s && s.lesson && game.mode === "play" && game.lessonDone !== s.code && game.lessonStep);
}

// The lesson's step drawn in the status bar, and what it shows outlined on the table.
export function showLesson(focus = false) {
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
// Several panels where the screen has room for one (data-panels="<key>", each panel
// data-panel="<name>", each switch data-show-panel="<name>"): the one shown is data-show; the
// page's style shows them all where there is room. The choice is kept while the key holds.
export function showPanel(container, name) {
  if (container.dataset.show !== name) container.dataset.show = name;
  for (const button of container.querySelectorAll("[data-show-panel]")) {
    const pressed = String(button.dataset.showPanel === name);
    if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
  }
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

// A multiple choice (snapshot.choose, e.g. the cards to discard down to the hand limit): the
// player picks them on the table, then confirms once; they go to the engine together.
export function choosing(target) {
  const choose = game.snapshot && game.snapshot.choose;
  return Boolean(choose && game.mode === "play" && target.dataset.action
    && target.dataset.action.startsWith(`${choose.verb} `));
}

export function togglePick(target) {
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
