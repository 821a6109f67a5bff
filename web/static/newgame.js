// Outremer — the new-game dialog: the game, its players and their seats, its options.

import { engine } from "./engine.js";
import { newGame } from "./opening.js";
import { $, element, whileBusy } from "./page.js";
import { BAKED, DEFAULT_GAME, game } from "./state.js";

const CONTROLLER_NAMES = {
  human: "Person", easy: "Computer — easy", heuristic: "Computer — quick", normal: "Computer — normal",
  hard: "Computer — hard", random: "Computer — random moves",
};

let catalog = null;
const seatNames = new Map();

async function loadCatalog() {
  if (!catalog && BAKED) catalog = BAKED.games;
  if (!catalog) {
    const answer = await engine.call("catalog");
    catalog = answer.ok ? answer.games : [];
  }
  return catalog;
}

// Seat names come from the engine, for the number of players chosen.
async function namesFor(gameId, count) {
  const key = `${gameId}/${count}`;
  const baked = catalog.find((g) => g.id === gameId)?.seat_names_by_count?.[String(count)];
  if (baked) return baked;
  if (!seatNames.has(key)) {
    const probe = await engine.call("new_game", JSON.stringify({ game: gameId, seats: Array(count).fill("human"), seed: 1 }));
    const entry = catalog.find((g) => g.id === gameId);
    seatNames.set(key, probe.ok ? probe.seat_names : entry.seat_names.slice(0, count));
  }
  return seatNames.get(key);
}

export async function drawSeats() {
  const form = $("new-game-form");
  const gameId = form.elements.game.value;
  const entry = catalog.find((g) => g.id === gameId);
  const count = Number(form.elements.players.value);
  showOptionsFor(count);
  const names = await namesFor(gameId, count);
  const list = $("seat-list");
  const previous = [...list.querySelectorAll("select")].map((s) => s.value);
  list.replaceChildren();
  names.forEach((name, seat) => {
    const id = `seat-${seat}-controller`;
    const select = element("select", { id, name: `seat-${seat}` },
      (entry.menu || entry.controllers).map((c) => element("option", { value: c, text: CONTROLLER_NAMES[c] || c })));
    select.value = previous[seat] || (seat === 0 || count === 1 ? "human" : "heuristic");
    list.append(element("li", {}, [element("label", { for: id, text: name }), select]));
  });
}

export async function drawGameChoice() {
  const form = $("new-game-form");
  const gameId = form.elements.game.value;
  const entry = catalog.find((g) => g.id === gameId);
  const players = form.elements.players;
  players.replaceChildren();
  for (let n = entry.min_seats; n <= entry.max_seats; n++) {
    players.append(element("option", { value: String(n), text: `${n} player${n === 1 ? "" : "s"}` }));
  }
  players.value = String(Math.max(entry.min_seats, Math.min(entry.max_seats, 2)));
  $("players-field").hidden = entry.min_seats === entry.max_seats;
  const options = $("option-list");
  options.replaceChildren();
  for (const option of entry.options) {
    const id = `option-${option.id}`;
    const boolean = option.choices.length === 2 && option.choices.includes(false) && option.choices.includes(true);
    let input;
    if (boolean) {
      input = element("input", { type: "checkbox", id, name: id, checked: option.default === true });
    } else {
      const names = option.names || option.choices.map(String);
      input = element("select", { id, name: id }, option.choices.map((c, i) => element("option", { value: JSON.stringify(c), text: names[i] })));
      input.value = JSON.stringify(option.default);
    }
    const help = option.help ? [element("span", { class: "option-help", text: option.help })] : [];
    const item = element("li", { class: boolean ? "option-check" : "" }, [input, element("label", { for: id, text: option.label }), ...help]);
    item.dataset.players = (option.players || []).join(" ");
    options.append(item);
  }
  await drawSeats();
}

// Only the options that concern the chosen number of players are shown (the others keep their
// default, which the engine ignores at that count).
function showOptionsFor(count) {
  let shown = 0;
  for (const item of $("option-list").children) {
    const players = item.dataset.players ? item.dataset.players.split(" ").map(Number) : [];
    item.hidden = players.length > 0 && !players.includes(count);
    if (!item.hidden) shown += 1;
  }
  $("options-field").hidden = shown === 0;
}

export async function openNewGameDialog(preset = null) {
  await loadCatalog();
  const form = $("new-game-form");
  const chooser = form.elements.game;
  const wanted = typeof preset === "string" ? preset : null;
  if (!chooser.options.length) {
    for (const entry of catalog) chooser.append(element("option", { value: entry.id, text: entry.name }));
    chooser.value = wanted || (game.snapshot ? game.snapshot.game : DEFAULT_GAME.game);
    await drawGameChoice();
  } else if (wanted && chooser.value !== wanted) {
    chooser.value = wanted;
    await drawGameChoice();
  }
  $("new-game-error").textContent = "";
  $("new-game-dialog").showModal();
}

export async function startFromDialog(event) {
  event.preventDefault();
  await whileBusy(() => startGame());
}

async function startGame() {
  const form = $("new-game-form");
  const gameId = form.elements.game.value;
  const entry = catalog.find((g) => g.id === gameId);
  const count = Number(form.elements.players.value);
  const seats = Array.from({ length: count }, (_, seat) => form.elements[`seat-${seat}`].value);
  const options = {};
  for (const option of entry.options) {
    const input = form.elements[`option-${option.id}`];
    options[option.id] = input.type === "checkbox" ? input.checked : JSON.parse(input.value);
  }
  const seed = form.elements.seed.value.trim();
  const request = { game: gameId, seats, options, ...(seed ? { seed } : {}) };
  const result = await newGame(request);
  if (result && result.ok) $("new-game-dialog").close();
  else $("new-game-error").textContent = result && result.error ? result.error.message : "The game could not be started.";
}

export const catalogEntry = (id) => (BAKED ? BAKED.games : catalog || []).find((g) => g.id === id) || null;
