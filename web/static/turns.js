// Outremer — playing: the game run on from where it stands (the computer's turns, a person's
// move, a multiple choice confirmed, undo).

import { engine } from "./engine.js";
import { handOff } from "./handoff.js";
import { explain, lessonWords } from "./lesson.js";
import { $, nextPaint, sleep, status, turnStatus } from "./page.js";
import { game, humans, pace, timings } from "./state.js";
import { drawn } from "./parts.js";
import { lessonHolds, logFrom, present, presented, updateControls } from "./table.js";

// A searching computer (normal, hard) thinks in slices, so that the page can stop it at once
// (undo, a new game, leaving the table); its move is shown no sooner than THINK_FLOOR after it
// was asked for, so that how long it thought, which may depend on its own cards, tells nothing
// (its searches take less than this nearly always: bench/ai_strength.py measures them).
const THINK_SLICE = 40;
const THINK_FLOOR = { normal: 1000, hard: 3000 };

// Run the game on from where it stands: computers' turns, then a person's (with a
// hand-off screen when the device passes from one person to another).
export async function drive() {
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

export async function act(index, element) {
  if (game.busy || game.mode !== "play" || !game.snapshot) return;
  await play("act", [game.code, index, game.viewer], element && element.dataset.action);
}

// The person's move sent to the engine (one action, or a confirmed multiple choice), the
// table redrawn, and the time from click to painted table kept for the benchmark.
export async function play(name, args, what) {
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
    const answered = performance.now();
    present(answer);
    const dom = performance.now() - clicked;
    await nextPaint();
    const paint = performance.now() - clicked;
    const click = { dom: Math.round(dom * 10) / 10, paint: Math.round(paint * 10) / 10, action: what };
    if (answer.timing) Object.assign(click, { parts: clickParts(answer.timing, answered - clicked, dom, paint), drawn: { ...drawn } });
    timings.clicks.push(click);
  } finally {
    game.busy = false;
    delete document.body.dataset.busy;
    updateControls();
  }
  drive();
}

// Where a click's time went, in ms, when a benchmark has switched the engine's timing on
// (engine.timing): the parts add up to the whole, from the click to the table painted.
function clickParts(t, answered, dom, paint) {
  const python = t.engine_ms + t.legal_ms + t.view_ms + (t.context_ms || 0) + (t.template_ms || 0);
  const round = (ms) => Math.round(ms * 100) / 100;
  return {
    engine: round(t.engine_ms), // the action played (and the share code written)
    legal: round(t.legal_ms), // the legal actions listed with their labels
    view: round(t.view_ms), // the seat's view, its log and the rest of the snapshot
    context: round(t.context_ms || 0), // the table's template context (web/games/<game>.py)
    template: round(t.template_ms || 0), // Jinja2: the table's HTML and SVG, the new log lines
    json: round(t.worker_ms - python), // the worker's rest: JSON in and out of Python, the call
    transfer: round(answered - t.worker_ms), // the page to the worker and back, the page's parse
    html: round(presented.html), // the table's elements built from its HTML (innerHTML)
    dom: round(dom - answered - presented.html), // the rest of present: scrolls kept, focus (and
    // the layout it forces), the lesson, the controls
    paint: round(paint - dom), // style, layout and paint, to the next frame
  };
}

export async function confirmPicks() {
  if (game.busy || game.mode !== "play" || !game.snapshot || !game.snapshot.choose) return;
  const texts = [...$("table").querySelectorAll('[data-act][aria-pressed="true"]')].map((b) => b.dataset.action);
  if (texts.length !== game.snapshot.choose.count) return;
  await play("act_many", [game.code, texts, game.viewer], texts.join(", "));
}

// Undo: the person's last decision taken back (the Undo button, or an element on the table with
// data-command="undo"). With ``then``, the text of an action to take in its place once it is
// back (Third Crusade: another Order behind the screen while the Region of the one chosen is
// being chosen), taken at once if it is then legal: one click, and the record keeps only it.
export async function undo(then) {
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
