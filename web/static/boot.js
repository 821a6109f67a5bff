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

// A file of the offline copy found damaged while there is no connection (sw.js): the page says
// so, instead of waiting on "Loading" for good. Heard here, before the page's own script, which
// may be the damaged file.
(() => {
  if (!navigator.serviceWorker) return;
  window.outremerDamaged = [];
  const tell = (note) => {
    document.documentElement.dataset.offlineCopy = "damaged";
    const title = document.getElementById("boot-title");
    const line = document.getElementById("boot-status");
    if (title && document.body.dataset.engine !== "ready") title.textContent = "The offline copy is damaged";
    if (line && document.body.dataset.engine !== "ready") line.textContent = note;
  };
  navigator.serviceWorker.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || message.type !== "offline-copy-damaged") return;
    window.outremerDamaged.push(message);
    if (document.readyState === "loading") addEventListener("DOMContentLoaded", () => tell(message.note));
    else tell(message.note);
  });
})();
