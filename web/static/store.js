// What Outremer keeps on this device: the game in progress and the computer's speed
// (localStorage). A browser may refuse it all (site data blocked, a page framed by another
// site) or refuse a write (storage full): the game then goes on, kept in its link, and the
// page says so calmly (#storage-notice) instead of failing.

const SAVE_KEY = "outremer.game.v1";
const PACE_KEY = "outremer.pace";

// localStorage itself, or null when the browser forbids it (reading the property throws).
const local = (() => {
  try {
    const storage = window.localStorage;
    storage.getItem(SAVE_KEY);
    return storage;
  } catch {
    return null;
  }
})();

export const storageBlocked = local === null;

// What could not be written, kept for this page's life instead (the speed chosen, the game).
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

const NOTICES = {
  blocked: "This browser does not let Outremer keep anything on this device, so your game is kept only in its link, "
    + "the address of this page. To come back to it later, copy the link (Copy link) before you close the page.",
  full: "Your last moves could not be saved on this device: its storage is full. The game saved before them is kept; "
    + "this one lives in its link (Copy link) until there is room again.",
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

export function savedGame() {
  try {
    const data = JSON.parse(read(SAVE_KEY) || "null");
    return data && typeof data.code === "string" && data.code ? data : null;
  } catch {
    return null;
  }
}

// The game in progress; a refused write leaves the last good save as it was, and says so.
export function saveGame(code, viewer) {
  const ok = write(SAVE_KEY, JSON.stringify({ code, viewer, saved: Date.now() }));
  const line = document.getElementById("storage-notice");
  if (storageBlocked) return;
  if (!ok) notice("full");
  else if (line && line.dataset.kind === "full") notice(null);
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

// Asks the browser not to clear the offline copy and the save when space runs short. Never
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
