// Service worker: after one visit, the whole site (pages, search, calculators and their
// Python runtime) is read from this build's cache, with or without a network.
// Written by generator/offline.py: MANIFEST lists every file of the build with its SHA-256;
// VERSION changes with every build that changes a file.
const VERSION = "__VERSION__";
const MANIFEST = "__MANIFEST__";
const MANIFEST_SHA256 = "__MANIFEST_SHA256__";
const CACHE = `srd-${VERSION}`;
const PARALLEL = 6; // files downloaded, or checked, at once

const address = (file) => new URL(file, self.registration.scope).href;

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function eachAtOnce(items, task) {
  const queue = [...items];
  const worker = async () => {
    while (queue.length) await task(queue.shift());
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

// `response` rebuilt from its bytes if they are the expected ones, else null. The new
// response holds exactly the checked bytes (and no redirect flag, which a page answered
// from the cache must not carry).
async function checked(response, expected) {
  const body = await response.arrayBuffer();
  if ((await sha256(body)) !== expected) return null;
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

// From the server, never from the browser's HTTP cache: a file fetched before this build
// was deployed may still be fresh there, with the previous build's bytes. A proxy or a
// deployment under way can still answer with another build's bytes: the hash says so.
async function download(file, expected) {
  const response = await fetch(new Request(address(file), { cache: "reload" }));
  if (!response.ok) throw new Error(`${file} : réponse ${response.status}`);
  const copy = await checked(response, expected);
  if (!copy) throw new Error(`${file} : ce n'est pas le fichier de la construction ${VERSION}`);
  return copy;
}

async function stored(cache, file, expected) {
  const response = await cache.match(address(file));
  return response ? checked(response, expected) : null;
}

// A file already in this build's cache (an earlier attempt), or unchanged since the build
// in control (same bytes, checked), is not downloaded again.
async function copy(cache, others, file, expected) {
  if (await stored(cache, file, expected)) return;
  for (const other of others) {
    const unchanged = await stored(other, file, expected);
    if (unchanged) return cache.put(address(file), unchanged);
  }
  await cache.put(address(file), await download(file, expected));
}

// All of this build, checked against its manifest, or an error: the build in control
// keeps its own cache meanwhile.
async function fill() {
  const manifest = await download(MANIFEST, MANIFEST_SHA256);
  const files = Object.entries((await manifest.clone().json()).fichiers);
  const cache = await caches.open(CACHE);
  const names = (await caches.keys()).filter((n) => n.startsWith("srd-") && n !== CACHE);
  const others = await Promise.all(names.map((name) => caches.open(name)));
  await eachAtOnce(files, ([file, { sha256: expected }]) => copy(cache, others, file, expected));
  const wrong = [];
  await eachAtOnce(files, async ([file, { sha256: expected }]) => {
    if (!(await stored(cache, file, expected))) wrong.push(file);
  });
  if (wrong.length) {
    throw new Error(`construction ${VERSION} : ${wrong.length} fichiers mal copiés, dont ${wrong[0]}`);
  }
  await cache.put(address(MANIFEST), manifest); // last: the copy is complete
}

self.addEventListener("install", (event) => {
  // On failure this worker is dropped, the previous build stays in control with its own
  // cache, and hors-ligne.js asks again later.
  event.waitUntil(fill().then(() => self.skipWaiting()));
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
