// Outremer — the front door: the game chooser and Your games (kept on this device).

import { engineReady } from "./engine.js";
import { leaveHandOff } from "./handoff.js";
import { stopReplay } from "./history.js";
import { fragment } from "./link.js";
import { catalogEntry } from "./newgame.js";
import { hideNotice } from "./notice.js";
import { newGame, openFromLink, restore } from "./opening.js";
import { $, element, setView, status, turnStatus, whileBusy } from "./page.js";
import { DEFAULT_GAME, game } from "./state.js";
import { damagedGames, deleteGame, savedGameById, savedGames } from "./store.js";

// Where the address leads: the game in its link, else the front door.
export async function route() {
  const code = fragment();
  if (code !== null) {
    setView("table");
    return openFromLink(code);
  }
  showFront();
  return null;
}

export function showFront() {
  stopReplay();
  ++game.token; // the computer stops while the player is at the door
  leaveHandOff();
  hideNotice();
  if (fragment() !== null) history.pushState(null, "", `${location.pathname}${location.search}`);
  setView("front");
  turnStatus("");
  status("");
  drawYourGames();
}

function ago(time) {
  if (!time) return "at an unknown time";
  const minutes = Math.round((Date.now() - time) / 60000);
  if (!Number.isFinite(minutes)) return "at an unknown time";
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  if (hours < 48) return "yesterday";
  return `on ${new Date(time).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" })}`;
}

function seatsLine(kept) {
  const names = kept.seat_names || [];
  return (kept.seats || []).map((who, seat) => `${names[seat] || `Seat ${seat + 1}`}: ${who === "human" ? "person" : "computer"}`)
    .join(" · ");
}

function keptGameItem(kept) {
  const entry = catalogEntry(kept.game);
  const name = entry ? entry.name : "A saved game";
  const progress = kept.over
    ? `Finished${kept.result ? `. ${kept.result}` : "."}`
    : kept.step === null ? "In progress" : `${kept.step} action${kept.step === 1 ? "" : "s"} played`;
  const when = `Last played ${ago(kept.saved)}`;
  const titleId = `kept-${kept.id}`;
  const open = element("button", {
    type: "button", class: "primary", "data-command": "continue", "data-entry": kept.id,
    "aria-describedby": titleId, text: kept.over ? "See the end" : "Continue",
  });
  return element("li", { class: "kept-game", "data-entry": kept.id, "data-game": kept.game }, [
    element("h3", { id: titleId }, [name, element("span", { class: "kept-seats", text: seatsLine(kept) })]),
    element("p", { class: "kept-progress", text: progress }),
    element("p", { class: "kept-when" }, kept.saved
      ? [element("time", { datetime: new Date(kept.saved).toISOString(), text: when })] : [when]),
    element("div", { class: "kept-actions" }, [open, deleteButton(kept.id, titleId)]),
  ]);
}

function deleteButton(id, titleId) {
  return element("button", {
    type: "button", class: "secondary", "data-command": "delete", "data-entry": id,
    "aria-describedby": titleId, text: "Delete",
  });
}

// An entry kept under a game's key that cannot be read: said so, with Delete, and nothing else
// of the list depends on it.
function damagedGameItem(id) {
  const titleId = `kept-${id}`;
  return element("li", { class: "kept-game kept-damaged", "data-entry": id, "data-damaged": "" }, [
    element("h3", { id: titleId, text: "A saved game that cannot be read" }),
    element("p", { class: "kept-progress", text: "Its copy on this device is damaged, so it cannot be opened. "
      + "Deleting it touches no other game." }),
    element("div", { class: "kept-actions" }, [deleteButton(id, titleId)]),
  ]);
}

export function drawYourGames() {
  const items = savedGames().map((kept) => {
    try {
      return keptGameItem(kept);
    } catch {
      return damagedGameItem(kept.id);
    }
  }).concat(damagedGames().map((bad) => damagedGameItem(bad.id)));
  $("your-games").hidden = items.length === 0;
  $("your-games-list").replaceChildren(...items);
  $("your-games-count").textContent = items.length ? `(${items.length})` : "";
}

// Delete asks once more, in place: the game is gone for good once confirmed.
export function askToDelete(id) {
  const item = document.querySelector(`.kept-game[data-entry="${CSS.escape(id)}"]`);
  if (!item) return;
  const actions = item.querySelector(".kept-actions");
  const question = element("p", { class: "kept-confirm", id: `confirm-${id}`, text: "Delete this game for good? It cannot be brought back." });
  const yes = element("button", { type: "button", class: "danger", "data-command": "delete-confirmed", "data-entry": id, "aria-describedby": `confirm-${id}`, text: "Delete it" });
  const no = element("button", { type: "button", class: "secondary", "data-command": "delete-kept", "data-entry": id, text: "Keep it" });
  actions.replaceChildren(question, yes, no);
  no.focus();
}

export function deleteKept(id) {
  const items = [...document.querySelectorAll(".kept-game")];
  const at = items.findIndex((item) => item.dataset.entry === id);
  deleteGame(id);
  if (game.entry === id) game.entry = null;
  drawYourGames();
  status("The game was deleted from this device.");
  const left = [...document.querySelectorAll(".kept-game [data-command=continue]")];
  (left[Math.min(at, left.length - 1)] || $("front-title")).focus();
}

export function keptGameOpened(id) {
  const kept = savedGameById(id);
  if (!kept) return drawYourGames();
  return whileBusy(async () => {
    await engineReady();
    return restore(kept);
  });
}

export async function quickPlay(gameId) {
  const entry = catalogEntry(gameId);
  const quick = (entry && entry.quick) || DEFAULT_GAME;
  await whileBusy(() => newGame({ game: gameId, seats: quick.seats, options: quick.options || {} }));
}
