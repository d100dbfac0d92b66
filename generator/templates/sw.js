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
      // Every file of the site is static: a query is a calculator's inputs or a cache
      // buster (Pagefind's « ?ts= »), never another file. The cache holds one build only.
      const hit = await cache.match(request, { ignoreSearch: true });
      return hit || fetch(request);
    }),
  );
});
