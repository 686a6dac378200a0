/* pokertd's service worker for the public screens (issue 27, docs/screens-offline.md).

   Served at <root>/sw.js by pokertd.web.offline with this release's cache version filled in;
   the TV, player, lobby and wall-screen (/screen/<name>) pages register it with their own page
   as the scope, so it controls those pages and nothing else. It keeps, in one cache per release:
     - those pages' HTML (network first: the cache answers only when the network does not),
     - the static files they load, the tournament's QR code, the icon, /lobby.json and the
       wall screens' images (/screen-images/<name>).
   It never keeps an /api/ answer nor any other page: nothing a session is needed for. The
   last view the page was pushed is kept by the page itself (static/live-offline.js). */
"use strict";

const VERSION = "__POKERTD_CACHE_VERSION__";
const PREFIX = "pokertd-screens-";
const CACHE = PREFIX + VERSION;
/* the app's root path ("" or "/poker"): this script is served at <root>/sw.js */
const ROOT = new URL(self.location.href).pathname.replace(/\/sw\.js$/, "");
const KEPT = [
  /^\/t\/[^/]+\/(tv|player)$/,
  /^\/t\/[^/]+\/qr\.svg$/,
  /^\/lobby(\.json)?$/,
  /^\/screen\/[^/]+$/,
  /^\/screen-images\/[^/]+$/,
  /^\/static\/[^?]+$/,
  /^\/favicon\.ico$/,
];

/** Whether a request is one this worker keeps: a GET of this origin under the root, on
 *  the list above (never /api/, never a staff page). */
function kept(request) {
  if (request.method !== "GET") return false;
  const u = new URL(request.url);
  if (u.origin !== self.location.origin || !u.pathname.startsWith(ROOT + "/")) return false;
  const path = u.pathname.slice(ROOT.length);
  return KEPT.some((re) => re.test(path));
}

self.addEventListener("install", () => { self.skipWaiting(); });

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // a new release: the caches of every other version go
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok && answer.type === "basic") await cache.put(request, answer.clone());
    return answer;
  } catch (e) {
    const found = await cache.match(request);
    if (!found) throw e;
    // marked, so a page knows these figures are not fresh (the lobby's clocks)
    const headers = new Headers(found.headers);
    headers.set("X-Pokertd-Offline", "1");
    return new Response(found.body, { status: found.status, statusText: found.statusText, headers });
  }
}

self.addEventListener("fetch", (event) => {
  if (!kept(event.request)) return;  // everything else: the browser's own way, never cached
  event.respondWith(networkFirst(event.request));
});

/* A page asks to keep itself and what it loaded ({"keep": [urls]}): the first load of a
   page runs before this worker controls it, so its files were not seen by the fetch above. */
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of urls) {
      const request = new Request(url, { credentials: "same-origin" });
      if (!kept(request)) continue;
      try {
        const answer = await fetch(request);
        if (answer.ok && answer.type === "basic") await cache.put(request, answer);
      } catch (e) { /* offline already: keep what is there */ }
    }
    if (event.source) event.source.postMessage({ kept: CACHE });
  })());
});
