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
      const type = response.headers.get("Content-Type") || "application/octet-stream";
      await cache.put(url, new Response(body, { status: 200, headers: { "Content-Type": type } }));
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

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
      return hit || fetch(request);
    })(),
  );
});

// A new version waits until a page that has finished loading its engine says it may
// take over: a page still booting never gets files from two builds.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});
