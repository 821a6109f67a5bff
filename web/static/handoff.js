// Outremer — hand-off (hot-seat): the device passed from one person to another, every hand
// hidden until the next person confirms.

import { engine } from "./engine.js";
import { $, status, turnStatus, whileBusy } from "./page.js";
import { game } from "./state.js";
import { logFrom, present } from "./table.js";

export async function handOff(seat, token) {
  // The table is drawn for nobody: no hand is on the page until the next person confirms.
  game.viewer = null;
  const answer = await engine.show("open_code", [game.code, null], logFrom(null, "handoff"));
  if (token !== game.token || !answer.ok) return;
  present(answer, "handoff");
  game.handoffTo = seat;
  const name = answer.seat_names[seat];
  $("handoff-title").textContent = `Pass the device to the ${name}`;
  $("handoff-text").textContent = `It is the ${name}'s move. Every hand is hidden until the ${name} is at the device.`;
  $("handoff-go").textContent = `I am the ${name}: show my cards`;
  $("handoff").hidden = false;
  $("table").inert = true;
  turnStatus(`Waiting for the ${name} to take the device.`);
  $("handoff-go").focus();
}

// ``then``: what runs the game on once the next person is seated (the page's entry gives it
// playing's drive, which itself hands off: this module does not import it).
export function takeOver(then) {
  return whileBusy(() => seatNext(then));
}

async function seatNext(then) {
  if (game.mode !== "handoff") return;
  const seat = game.handoffTo;
  const token = ++game.token;
  $("handoff").hidden = true;
  $("table").inert = false;
  game.viewer = seat;
  const answer = await engine.show("open_code", [game.code, seat], 0);
  if (token !== game.token) return;
  if (!answer.ok) return status(answer.error.message);
  present(answer, "play");
  $("table").focus({ preventScroll: true });
  then();
}

export function leaveHandOff() {
  $("handoff").hidden = true;
  $("table").inert = false;
}
