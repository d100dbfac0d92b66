// Service worker: after one visit, the whole site (pages, search, calculators and their
// Python runtime) is read from this build's cache, with or without a network.
// Written by generator/offline.py; VERSION changes with every build that changes a file.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `srd-${VERSION}`;

self.addEventListener("install", (event) => {
  // All of this build, or nothing: a half-filled cache is never used.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((file) => new URL(file, self.registration.scope))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Only one build in the cache: never a page of one build with a script of another.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("srd-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // Calculator pages carry their inputs in the query: the page is the same.
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      return hit || fetch(request);
    }),
  );
});
