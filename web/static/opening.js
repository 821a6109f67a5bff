// Outremer — opening games: by their code, from a link, from this device, or new.

import { engine, engineReady } from "./engine.js";
import { leaveHandOff } from "./handoff.js";
import { stopReplay } from "./history.js";
import { fragment, latestGame, setLink } from "./link.js";
import { BAD_LINK, explainBadLink, hideNotice, showNotice } from "./notice.js";
import { $, setView, status, whileBusy } from "./page.js";
import { DEFAULT_GAME, game, humans } from "./state.js";
import { savedGameById, savedGames } from "./store.js";
import { present } from "./table.js";
import { drive } from "./turns.js";

// The seat the person at this device takes: the one they had, if a person plays it,
// else the first person's; none when two or more people share the device (hand-off).
function seatFor(snapshot, preferred) {
  const seats = snapshot.seats || [];
  if (humans(snapshot) > 1) return null;
  if (Number.isInteger(preferred) && seats[preferred] === "human") return preferred;
  const first = seats.indexOf("human");
  return first >= 0 ? first : null;
}

// Open a game by its code; every other way in (new game, link, a kept game) ends here.
// ``entry``: the kept game it is (its id and start), null for a new one, or a function of the
// opened game that finds it.
export async function enter(code, preferred, entry = null) {
  const first = await engine.call("open_code", code, null);
  if (!first.ok) return first;
  const found = typeof entry === "function" ? await entry(first) : entry;
  stopReplay();
  ++game.token;
  leaveHandOff();
  game.entry = found ? found.id : null;
  game.started = found ? found.started || found.saved || Date.now() : null;
  game.viewer = seatFor(first, found && Number.isInteger(found.viewer) ? found.viewer : preferred);
  game.logKey = null;
  game.lessonDone = null; // a lesson opened anew shows its end again
  const answer = await engine.show("open_code", [first.code, game.viewer], 0);
  if (!answer.ok) return answer;
  // From the front door, the game gets its own place in the history: Back leads to the door.
  if (fragment() === null) history.pushState(null, "", `${location.pathname}${location.search}`);
  present(answer, "play");
  drive();
  return answer;
}

// Which kept game a link is: the one this history entry was (a reload, Back), the one with this
// very code, or one that this link continues (its actions come first in the link's); else none.
async function keptGameOf(code, opened) {
  const here = history.state && history.state.entry ? savedGameById(history.state.entry) : null;
  if (here && here.game === opened.game) return here;
  const games = savedGames();
  const same = games.find((g) => g.code === code);
  if (same) return same;
  for (const kept of games) {
    if (kept.game !== opened.game || kept.step === null || !(kept.step <= opened.steps) || kept.over) continue;
    const then = await engine.call("rewind", code, kept.step, null);
    if (then.ok && then.code === kept.code) return kept;
  }
  return null;
}

export async function openFromLink(code) {
  const result = code === ""
    ? { ok: false, error: { kind: "empty", message: "The link holds no game." } }
    : await enter(code, game.viewer, (opened) => keptGameOf(code, opened));
  if (result.ok) {
    status("Game opened from the link.");
    return;
  }
  const keep = game.present ? null : latestGame();
  const back = game.present
    ? () => { setLink(game.present.code); hideNotice(); drive(); }
    : keep ? () => restore(keep) : null;
  showNotice({
    title: BAD_LINK,
    message: explainBadLink(result.error, code),
    detail: back
      ? "Your game in progress is kept on this device: go back to it, or start a new game."
      : "You can start a new game instead.",
    back,
  });
}

export async function restore(kept) {
  setView("table");
  const result = await enter(kept.code, kept.viewer, kept);
  if (result.ok) {
    status("Your game in progress was restored.");
    return result;
  }
  // The kept game is left as it is: only its owner deletes it, from Your games.
  const error = result.error || {};
  const link = `${location.origin}${location.pathname}${location.search}#${kept.code}`;
  showNotice({
    title: "Your saved game could not be restored",
    message: error.message || "The engine gave no reason.",
    detail: error.other_version
      ? `Its link, to open it with the version of Outremer that saved it: ${link}`
      : "It stays in Your games until you delete it. You can start a new game.",
  });
  return result;
}

export async function newGame(request = DEFAULT_GAME) {
  await engineReady();
  const started = await engine.call("new_game", JSON.stringify({ ...request, viewer: null }));
  if (!started.ok) {
    status(`A new game could not be started: ${started.error.message}`);
    return started;
  }
  const seats = started.seats;
  // A new game never takes another's place: it gets an entry of its own.
  const result = await enter(started.code, seats.filter((s) => s === "human").length === 1 ? seats.indexOf("human") : null);
  if (result.ok) {
    status("A new game has started.");
    if (game.mode === "play") $("table").focus({ preventScroll: true });
  }
  return result;
}

// The same game again: the same game, seats and options, from its start.
export async function rematch() {
  const s = game.present;
  if (!s) return;
  await whileBusy(() => newGame({ game: s.game, seats: s.seats, options: s.options || {} }));
  window.scrollTo({ top: 0, behavior: "instant" }); // the new game from its top, not the old one's summary
}
