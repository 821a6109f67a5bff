// What Outremer keeps on this device (localStorage): every game in progress, each under its
// own key ("outremer.saved.<id>"), and the computer's speed. A game is never replaced by
// another: a new game or a link opened gets its own entry, and an entry goes only when the
// player deletes it. A browser may refuse it all (site data blocked, a page framed by another
// site) or refuse a write (storage full): the game then goes on, kept in its link and for the
// page's life, and the page says so calmly (#storage-notice) instead of failing.

const GAME_PREFIX = "outremer.saved.";
const LEGACY_KEY = "outremer.game.v1"; // the one save slot of earlier versions
const PACE_KEY = "outremer.pace";

// localStorage itself, or null when the browser forbids it (reading the property throws).
const local = (() => {
  try {
    const storage = window.localStorage;
    storage.getItem(PACE_KEY);
    return storage;
  } catch {
    return null;
  }
})();

export const storageBlocked = local === null;

// What could not be written, kept for this page's life instead (the speed chosen, a game).
const memory = new Map();

function read(key) {
  if (memory.has(key)) return memory.get(key);
  try {
    return local ? local.getItem(key) : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (!local) throw new Error("no storage");
    local.setItem(key, value);
    memory.delete(key);
    return true;
  } catch {
    memory.set(key, value); // full (QuotaExceededError) or refused: what was stored stays
    return false;
  }
}

function remove(key) {
  memory.delete(key);
  try {
    if (local) local.removeItem(key);
  } catch {
    // Refused: nothing was kept there anyway.
  }
}

function keys() {
  const found = new Set(memory.keys());
  try {
    if (local) for (let i = 0; i < local.length; i++) found.add(local.key(i));
  } catch {
    // Refused: what this page keeps in memory is all there is.
  }
  return [...found];
}

const NOTICES = {
  blocked: "This browser does not let Outremer keep anything on this device, so your game is kept only in its link, "
    + "the address of this page. To come back to it later, copy the link (Copy link) before you close the page.",
  full: "Your last moves could not be saved on this device: its storage is full. The game saved before them is kept; "
    + "this one lives in its link (Copy link) until there is room again. Deleting a finished game in Your games makes room.",
};

function notice(kind) {
  const line = document.getElementById("storage-notice");
  if (!line) return;
  line.hidden = !kind;
  line.textContent = kind ? NOTICES[kind] : "";
  if (kind) line.dataset.kind = kind;
  else delete line.dataset.kind;
}

// Said at once when nothing can be kept (the page calls it when it starts).
export function showStorageState() {
  if (storageBlocked) notice("blocked");
}

function parse(text) {
  try {
    const data = JSON.parse(text || "null");
    return data && typeof data === "object" && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

const DAY = 24 * 60 * 60 * 1000;
const strings = (list) => (Array.isArray(list) ? list.map((x) => (typeof x === "string" ? x : "")) : []);

// A time this device could have written: a whole number of milliseconds, after 2020 and not more
// than a day ahead of the clock (a clock set back a little is no reason to doubt a save).
function when(time) {
  return Number.isSafeInteger(time) && time > Date.UTC(2020, 0, 1) && time <= Date.now() + DAY ? time : null;
}

// A kept entry as the page may use it, every field of the shape the page expects; null when it
// cannot be a game (it holds no code): that entry is listed as damaged, never fatal.
export function entryOf(data, id) {
  if (!data || typeof data.code !== "string" || !data.code.trim()) return null;
  const step = Number.isSafeInteger(data.step) && data.step >= 0 ? data.step : null;
  const viewer = Number.isSafeInteger(data.viewer) && data.viewer >= 0 ? data.viewer : null;
  return {
    id, code: data.code.trim(), game: typeof data.game === "string" ? data.game : "", viewer, step, over: data.over === true,
    result: typeof data.result === "string" ? data.result : "",
    seats: strings(data.seats), seat_names: strings(data.seat_names),
    saved: when(data.saved), started: when(data.started),
  };
}

// The one save of an earlier version becomes an entry of the list (once; it is removed only
// when its entry has been written). That version played Levantine only.
function adoptLegacy() {
  const old = entryOf({ game: "levantine", ...parse(read(LEGACY_KEY)) }, "earlier");
  if (!old) return;
  const key = GAME_PREFIX + "earlier";
  if (!read(key) && !write(key, JSON.stringify({ ...old, saved: old.saved || Date.now() }))) return;
  remove(LEGACY_KEY);
}

function keptEntries() {
  adoptLegacy();
  const found = [];
  for (const key of keys()) {
    if (typeof key !== "string" || !key.startsWith(GAME_PREFIX) || key === GAME_PREFIX) continue;
    const id = key.slice(GAME_PREFIX.length);
    found.push(entryOf(parse(read(key)), id) || { id, damaged: true });
  }
  return found;
}

// Every game kept on this device that can be read, the most recently played first.
export function savedGames() {
  return keptEntries().filter((e) => !e.damaged).sort((a, b) => (b.saved || 0) - (a.saved || 0));
}

// The entries kept under a game's key that cannot be read (a damaged or foreign entry): listed
// apart, to be deleted, so that they never stop the others.
export function damagedGames() {
  return keptEntries().filter((e) => e.damaged);
}

export function savedGameById(id) {
  if (!id) return null;
  return entryOf(parse(read(GAME_PREFIX + id)), id);
}

export function newGameId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Keep one game (``entry.id`` names it; the rest is what the list shows). A refused write
// leaves that game's last good save as it was, and says so.
export function saveGame(entry) {
  const ok = write(GAME_PREFIX + entry.id, JSON.stringify({ ...entry, saved: Date.now() }));
  const line = document.getElementById("storage-notice");
  if (storageBlocked) return;
  if (!ok) notice("full");
  else if (line && line.dataset.kind === "full") notice(null);
}

export function deleteGame(id) {
  remove(GAME_PREFIX + id);
}

// The computer's pause between moves: always one of ``choices`` (milliseconds), the one
// nearest the kept value (a kept 1e9 would stop the computer for good); ``fallback`` if none.
export function savedPace(choices, fallback) {
  const kept = read(PACE_KEY);
  const value = kept === null || kept.trim() === "" ? NaN : Number(kept);
  if (Number.isNaN(value)) return fallback;
  const near = Math.min(Math.max(value, Math.min(...choices)), Math.max(...choices));
  return choices.reduce((best, ms) => (Math.abs(ms - near) < Math.abs(best - near) ? ms : best), choices[0]);
}

export function savePace(ms) {
  write(PACE_KEY, String(ms));
}

// Asks the browser not to clear the offline copy and the saves when space runs short. Never
// awaited by the start: the answer (or a prompt) may take as long as it likes.
export function askToPersist() {
  try {
    if (storageBlocked || !navigator.storage || !navigator.storage.persist) return;
    navigator.storage.persisted()
      .then((already) => already || navigator.storage.persist())
      .catch(() => {});
  } catch {
    // Not offered by this browser.
  }
}
