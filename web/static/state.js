// Outremer — the page's game state: the game on the page, its timings, the default game, the
// catalogue baked into the page, and the computer's pace.

import { savedPace } from "./store.js";

export const DEFAULT_GAME = { game: "levantine", seats: ["human", "heuristic"], options: {}, viewer: 0 };
// The games, their seats for every player count and their quick setups, written into the page
// by build.py (web/front.py): the front door and the new-game dialog need no engine.
export const BAKED = (() => {
  try {
    return JSON.parse(document.getElementById("catalog-data").textContent);
  } catch {
    return null;
  }
})();
export const PACES = [[1000, "Slow"], [500, "Normal"], [150, "Fast"], [0, "Instant"]];

// code: the game (its share code); viewer: the seat of the person at this device (null
// while a hand-off screen shows, or when only computers play); mode: "play", "handoff"
// or "history"; token: bumped to stop whatever the page was driving (the computer's turns).
// entry: the id this game is kept under on the device (store.js); started: when it began.
export const game = {
  code: null, viewer: null, snapshot: null, mode: "play", token: 0, busy: false,
  logCount: 0, logKey: null, present: null, entry: null, started: null,
  // A lesson (lesson.js): the code whose steps are shown, how many of its text-only steps the
  // learner has read (kept in the link), and the code at whose end the learner chose to go on.
  lessonCode: null, lessonRead: 0, lessonDone: null,
};
export const timings = { clicks: [] };

export const humans = (snapshot) => (snapshot.seats || []).filter((who) => who === "human").length;
export const pace = () => savedPace(PACES.map(([ms]) => ms), 500);
