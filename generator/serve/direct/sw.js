// `serve` sends this worker instead of the site's: while writing, every page comes from
// the last build, never from an offline copy. It removes that copy, then itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("srd-")).map((n) => caches.delete(n))))
      .then(() => self.registration.unregister()),
  );
});
