// Outremer — the game in the link and on this device: the link's fragment, the game kept
// under its own entry (store.js), and copying the link.

import { joinFragment, splitFragment } from "./lesson.js";
import { status } from "./page.js";
import { game } from "./state.js";
import { newGameId, savedGames, saveGame } from "./store.js";

// The game on the table, kept under its own entry (made the first time it is kept).
export function autosave() {
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
export const latestGame = () => savedGames()[0] || null;

// The game's code in the link (a lesson adds how many steps were read: "#<code>.<read>").
export function fragment() {
  const raw = rawFragment();
  return raw === null ? null : splitFragment(raw).code;
}

export function rawFragment() {
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
export function setLink(code) {
  const state = { entry: game.entry };
  const wanted = joinFragment(code, game.lessonCode === code ? game.lessonRead : 0);
  if (rawFragment() !== wanted || !history.state || history.state.entry !== game.entry) {
    history.replaceState(state, "", `${location.pathname}${location.search}#${wanted}`);
  }
}

function clearLink() {
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
}

export async function copyLink() {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    status("Link copied. Remember: whoever opens it can see the whole game, hidden cards included.");
  } catch {
    window.prompt("Copy this link (it holds the whole game, hidden cards included):", link);
  }
}
