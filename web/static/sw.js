// Outremer's service worker: precaches every file of the build, then serves the
// site from that cache, so that after one visit it starts and plays offline.
// build.py fills in the cache id (a hash of all assets) and the precache list
// (path -> sha256). A new build installs into a new cache; once it takes over,
// the old caches are deleted.

const CACHE = "outremer-" + "__CACHE_ID__";
const PRECACHE = __PRECACHE__;

const scope = self.registration.scope;
const key = (path) => new URL(path, scope).href;

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A copy of ``response`` with ``body`` to keep: its type and its security headers (the
// page's and the workers' content policy, which a copy served from here must carry too).
const KEPT_HEADERS = ["Content-Type", "Content-Security-Policy", "X-Frame-Options"];
function kept(response, body) {
  const headers = { "Content-Type": "application/octet-stream" };
  for (const name of KEPT_HEADERS) if (response.headers.has(name)) headers[name] = response.headers.get(name);
  return new Response(body, { status: response.status, headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(PRECACHE).map(async ([path, hash]) => {
      const url = key(path);
      if (await cache.match(url)) return;
      // A file the page has just fetched comes from the HTTP cache, left as it is (its
      // compiled wasm stays valid); one that is not this build's is asked again.
      let response = await fetch(url);
      let body = response.ok ? await response.arrayBuffer() : null;
      if (!body || (await sha256(body)) !== hash) {
        response = await fetch(url, { cache: "reload" });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        body = await response.arrayBuffer();
        if ((await sha256(body)) !== hash) throw new Error(`${path}: not the file of this build`);
      }
      await cache.put(url, kept(response, body));
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

// The browser may clear the cache storage at any time (space short, the person's choice):
// a page that has started asks for the copy to be made whole again, from the network.
let refilling = null;
function refill() {
  refilling = refilling || precache().then(() => true, (error) => {
    console.warn("the offline copy could not be refilled:", error);
    return false;
  }).finally(() => { refilling = null; });
  return refilling;
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        // outremer-snapshot belongs to the engine's worker (worker.js: quick start).
        if (name.startsWith("outremer-") && name !== CACHE && name !== "outremer-snapshot") {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The engine's worker asks the server itself for the wasm when it can (worker.js: the
  // browser then reuses the machine code it compiled); it comes back here if not.
  if (request.headers.get("x-outremer-fetch") === "network") return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      url.hash = "";
      if (request.mode === "navigate") {
        url.search = "";
        if (url.href.endsWith("/")) url.href += "index.html";
      }
      const hit = await cache.match(url.href);
      if (hit) return checked(cache, url.href, hit, event, request);
      try {
        return await fetch(request);
      } catch (error) {
        // A file of the copy gone missing on this device, and no server to ask.
        if (HASH_OF.has(url.href)) return damaged(url.href, request);
        throw error;
      }
    })(),
  );
});

// A copy damaged on this device (its bytes are not this build's) is thrown away and
// fetched again, instead of failing every start from then on. Each file is checked once
// in the life of this worker. The wasm (the one big file) goes out at once, keeping its
// compiled code, and is checked meanwhile: a damaged one is fetched again for the next start.
const HASH_OF = new Map(Object.entries(PRECACHE).map(([path, hash]) => [key(path), hash]));
const checkedOnce = new Set();

async function checked(cache, href, hit, event, request) {
  const hash = HASH_OF.get(href);
  if (!hash || checkedOnce.has(href)) return hit;
  const check = async (response) => {
    const body = await response.arrayBuffer();
    if ((await sha256(body)) === hash) {
      checkedOnce.add(href);
      return null;
    }
    console.warn(`${href}: the offline copy is damaged; fetched again`);
    await cache.delete(href);
    let fresh;
    try {
      fresh = await fetch(href, { cache: "reload" });
    } catch {
      return damaged(href, request);
    }
    const bytes = await fresh.arrayBuffer();
    const copy = () => kept(fresh, bytes);
    // Kept only if it is this build's (another build's file is served, not kept).
    if (fresh.ok && (await sha256(bytes)) === hash) await cache.put(href, copy());
    return copy();
  };
  if (href.endsWith(".wasm")) {
    event.waitUntil(check(hit.clone()).catch(() => {}));
    return hit;
  }
  return (await check(hit.clone())) || hit;
}

// A file of the offline copy that is damaged (or gone) while there is no connection: the pages
// are told, so that they say so rather than wait for good, and the file is left out of the copy,
// which the next page started online makes whole again (refill). What is answered in its place:
// for a page, a page that says so; for the page's first script, a script that says so; for the
// rest, a failed fetch (the page, told, explains it). Nothing kept on the device is touched.
const DAMAGED_NOTE = "The copy of Outremer kept on this device for offline play is damaged, and there is no "
  + "connection to repair it. It will be repaired the next time this device is online: open Outremer then. "
  + "Your saved games and the game in this link are not touched.";

async function damaged(href, request) {
  const path = href.slice(scope.length) || "index.html";
  console.warn(`${href}: the offline copy is damaged and cannot be fetched again now`);
  try {
    for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
      client.postMessage({ type: "offline-copy-damaged", path, note: DAMAGED_NOTE });
    }
  } catch {
    // No page to tell.
  }
  const page = request && request.mode === "navigate";
  if (page || href.endsWith(".html")) {
    return new Response(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">`
      + `<title>Outremer: the offline copy is damaged</title><body data-offline-copy="damaged">`
      + `<h1>The offline copy is damaged</h1><p id="boot-status">${DAMAGED_NOTE}</p></body></html>`,
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'none'" } },
    );
  }
  if (href.endsWith("/boot.js")) {
    return new Response(
      `document.documentElement.dataset.offlineCopy = "damaged";\n`
      + `addEventListener("DOMContentLoaded", () => {\n`
      + `  const title = document.getElementById("boot-title"), line = document.getElementById("boot-status");\n`
      + `  if (title) title.textContent = "The offline copy is damaged";\n`
      + `  if (line) line.textContent = ${JSON.stringify(DAMAGED_NOTE)};\n`
      + `});\n`,
      { status: 200, headers: { "Content-Type": "text/javascript; charset=utf-8" } },
    );
  }
  return Response.error();
}

// A new version waits until a page that has finished loading its engine says it may
// take over: a page still booting never gets files from two builds.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  // The answer (the copy is whole: true/false) goes back on the port sent with the message.
  if (event.data === "refill") event.waitUntil(refill().then((whole) => event.ports[0]?.postMessage(whole)));
});
