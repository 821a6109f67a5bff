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
      if (!hit) return fetch(request);
      return checked(cache, url.href, hit, event);
    })(),
  );
});

// A copy damaged on this device (its bytes are not this build's) is thrown away and
// fetched again, instead of failing every start from then on. Each file is checked once
// in the life of this worker. The wasm (the one big file) goes out at once, keeping its
// compiled code, and is checked meanwhile: a damaged one is fetched again for the next start.
const HASH_OF = new Map(Object.entries(PRECACHE).map(([path, hash]) => [key(path), hash]));
const checkedOnce = new Set();

async function checked(cache, href, hit, event) {
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
    const fresh = await fetch(href, { cache: "reload" });
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

// A new version waits until a page that has finished loading its engine says it may
// take over: a page still booting never gets files from two builds.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  // The answer (the copy is whole: true/false) goes back on the port sent with the message.
  if (event.data === "refill") event.waitUntil(refill().then((whole) => event.ports[0]?.postMessage(whole)));
});
