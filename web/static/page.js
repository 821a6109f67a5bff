// Outremer — the page's small shared helpers: an element by id, a new element, the status
// lines, the view shown (front door or table), and the page's busy mark.

export const $ = (id) => document.getElementById(id);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function status(text) {
  $("app-status").textContent = text;
}

// The status line; ``heard`` for words already on show in the lesson's box: announced, not
// drawn a second time.
export function turnStatus(text, thinking = false, heard = false) {
  const line = $("turn-status");
  if (line.textContent !== text) line.textContent = text;
  line.classList.toggle("thinking", thinking);
  line.classList.toggle("sr-only", heard);
  document.body.dataset.thinking = thinking ? "yes" : "no";
}

// "front": the game chooser and Your games; "table": a game (or the engine loading for one).
// boot.js sets it before the page is drawn, from whether the address holds a game.
export function setView(view) {
  document.documentElement.dataset.view = view;
}

export function element(tag, props = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") el.textContent = value;
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value);
  }
  el.append(...children);
  return el;
}

// The page says it is busy (body[data-busy]) from a click until the table it leads to is drawn.
export async function whileBusy(work) {
  document.body.dataset.busy = "yes";
  try {
    return await work();
  } finally {
    delete document.body.dataset.busy;
  }
}
