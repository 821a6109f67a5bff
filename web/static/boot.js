// Which view the page opens on, before it is drawn: a game when the address holds one,
// else the front door (app.js switches between them later).
document.documentElement.dataset.view = location.href.includes("#") ? "table" : "front";

// Starts the engine's worker as soon as the page's head is read, before the page's own
// script (app.js, a module, which runs once the whole page is parsed) takes it over.
// Messages that arrive before then are kept for it.
(() => {
  try {
    const worker = new Worker(new URL("./worker.js", document.currentScript.src), { type: "module" });
    const early = [];
    const keep = (event) => early.push(event);
    worker.addEventListener("message", keep);
    worker.addEventListener("error", keep);
    window.outremerWorker = { worker, early, release: () => {
      worker.removeEventListener("message", keep);
      worker.removeEventListener("error", keep);
    } };
  } catch (error) {
    window.outremerWorker = null; // app.js starts the worker itself
  }
})();
