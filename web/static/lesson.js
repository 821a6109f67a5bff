// Outremer — a lesson (Learn to play) on the page, for every game.
//
// The engine says where the learner is (the snapshot's "lesson": outremer.core.lesson.for_page)
// and the table's status bar holds its steps (table/_lesson.html): the text-only steps met
// before the next action, then the step that holds it (a step may take several actions; its
// data-do is the next of them), and once the script is played out, the end. This module shows one of them (``read``: how many of the text-only ones the learner has
// read, kept in the link after the code: "#<code>.<read>"), outlines on the table what that step
// shows (its CSS selectors), ties those elements to the step's words for screen readers, and says
// what the page must do: wait for the learner's click, offer Next, or the end.

import { composeChanged } from "./compose.js";

const MARK = "lesson-mark";

// The link's fragment split into the game's code and the lesson's ``read`` ("CODE.2").
export function splitFragment(text) {
  const match = /^(.*)\.(\d{1,3})$/.exec(text || "");
  return match ? { code: match[1], read: Number(match[2]) } : { code: text, read: 0 };
}

export function joinFragment(code, read) {
  return read > 0 ? `${code}.${read}` : code;
}

function steps(root) {
  return [...root.querySelectorAll(".lesson .lesson-step")];
}

// The step elements, the one shown after ``read`` text-only steps (never past the last), and
// what it asks: "act" (the learner's click), "next" (the other side's move, on Next), "text"
// (Next reads on) or "end". None when the table holds no lesson.
export function lessonStep(root, read) {
  const all = steps(root);
  if (!all.length) return null;
  const at = Math.max(0, Math.min(read, all.length - 1));
  return { element: all[at], read: at, kind: all[at].dataset.kind, last: at === all.length - 1 };
}

function clearMarks(root) {
  for (const el of root.querySelectorAll(`.${MARK}`)) {
    el.classList.remove(MARK);
    const described = (el.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && !id.startsWith("lesson-say"));
    if (described.length) el.setAttribute("aria-describedby", described.join(" "));
    else el.removeAttribute("aria-describedby");
  }
}

function visible(el) {
  if (el.closest("[hidden]")) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

// Show the step after ``read`` text-only steps, and outline what it shows (only elements of the
// table that can be seen) and, on the learner's step, the button that takes its action; returns the step (see lessonStep), with ``marked``: how many elements
// were outlined. A hidden lesson (the learner chose to continue) shows nothing.
export function drawLesson(root, read, hidden = false) {
  clearMarks(root);
  const panel = root.querySelector(".lesson");
  const step = lessonStep(root, read);
  if (!panel || !step) return null;
  panel.hidden = hidden;
  if (hidden) return { ...step, marked: 0 };
  for (const el of steps(root)) el.hidden = el !== step.element;
  let selectors = [];
  try {
    selectors = JSON.parse(step.element.dataset.show || "[]");
  } catch {
    selectors = [];
  }
  // The learner's own step: its button is ringed too, whatever else the step shows.
  if (step.element.dataset.kind === "act" && step.element.dataset.do) {
    selectors.push(`[data-action="${CSS.escape(step.element.dataset.do)}"]`);
  }
  const say = step.element.querySelector(".lesson-say");
  let marked = 0;
  for (const selector of selectors) {
    let found = [];
    try {
      found = [...root.querySelectorAll(selector)];
    } catch {
      found = []; // a selector the browser cannot read marks nothing (the lesson's test says so)
    }
    for (const el of found) {
      if (el.closest(".lesson") || !visible(el)) continue;
      el.classList.add(MARK);
      if (say && say.id) {
        const described = (el.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
        if (!described.includes(say.id)) el.setAttribute("aria-describedby", [...described, say.id].join(" "));
      }
      marked += 1;
    }
  }
  return { ...step, marked };
}

// What the status line announces for the step on show.
export function lessonWords(step) {
  if (!step) return "";
  const count = step.element.querySelector(".lesson-count");
  const say = step.element.querySelector(".lesson-say");
  const ask = step.element.querySelector(".lesson-ask");
  const sentence = (text) => (/[.!?:)]$/.test(text) ? text : `${text}.`);
  return [count, say, ask].filter(Boolean).map((el) => sentence(el.textContent.trim().replace(/\s+/g, " "))).join(" ");
}

// A refused click explained in the lesson's own box (the other buttons stay as they are): the
// engine's words, less the step's text when it begins with it (it is on show just above).
export function explain(root, message) {
  const why = root.querySelector(".lesson .lesson-why");
  if (!why) return false;
  const shown = root.querySelector(".lesson .lesson-step:not([hidden]) .lesson-say");
  const said = shown ? shown.textContent.trim() : "";
  why.textContent = said && message.startsWith(said) ? `Not now. ${message.slice(said.length).trim()}` : message;
  why.hidden = false;
  return true;
}

// The learner's step whose action a composer builds (a form of table/_compose.html: a move of
// several pieces, a secret commitment) rather than a button: the form's fields are set to the
// step's choices, so that its button takes the step's action and the learner sees each choice
// in place. True when the form now composes that action.
export function presetCompose(root, step, legal) {
  if (!step || step.kind !== "act") return false;
  const action = step.element.dataset.do || "";
  const [verb, ...args] = action.split(" ");
  const form = root.querySelector(`form[data-compose="${CSS.escape(verb)}"]`);
  if (!form || !legal.some((a) => a.text === action)) return false;
  const fields = [...form.querySelectorAll("[data-arg]")];
  for (const field of fields) {
    const value = args[Number(field.dataset.arg)];
    if (value !== undefined) field.value = value;
  }
  if (fields.length) composeChanged(fields[0], legal);
  const go = form.querySelector(".compose-go");
  return Boolean(go) && go.dataset.action === action;
}
