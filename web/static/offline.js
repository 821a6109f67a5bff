// Outremer — the offline copy: the service worker registered, and what it says.

import { status } from "./page.js";

export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const hadController = Boolean(navigator.serviceWorker.controller);
    const registration = await navigator.serviceWorker.register("./sw.js");
    // This page has its engine loaded and fetches nothing more: a new version that
    // has finished installing may take over now (it is used from the next visit on).
    const promote = (worker) => worker && worker.postMessage("skip-waiting");
    promote(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) promote(worker);
      });
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (hadController) status("A new version of Outremer is installed; it will be used the next time you open it.");
    });
    const ready = await navigator.serviceWorker.ready;
    document.body.dataset.offline = "ready";
    if (!hadController) status("Outremer is saved on this device: it now works offline.");
    // The browser may have cleared the offline copy since: it is made whole again.
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => { document.body.dataset.offlineCopy = event.data ? "whole" : "partial"; };
    ready.active.postMessage("refill", [channel.port2]);
  } catch (error) {
    console.warn("offline copy not installed:", error);
  }
}
