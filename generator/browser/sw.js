// Service worker: keeps what the reader uses (pages read, the search index chunks asked
// for, the calculators' Python runtime) in this build's cache, so it still works offline;
// copies the whole site only when the reader asks for it (page « Consulter hors ligne »).
// Written by generator/pipeline/offline.py: MANIFEST lists every file of the build with its SHA-256;
// VERSION changes with every build that changes a file; ENGINE lists the files a
// calculator's runtime loads (from its worker, where the page cannot see them).
const VERSION = "__VERSION__";
const MANIFEST = "__MANIFEST__";
const MANIFEST_SHA256 = "__MANIFEST_SHA256__";
const ENGINE = "__ENGINE__".split(" ").filter(Boolean);
const CACHE = `srd-${VERSION}`;
// The reader's choice of a full copy: its own cache, outside any build's, kept across builds.
const CHOICE = "choix-hors-ligne";
const PARALLEL = 6; // files downloaded, or checked, at once
const PROGRESS_EVERY_MS = 500; // how often a full copy under way tells the pages

const address = (file) => new URL(file, self.registration.scope).href;
const CHOSEN = address("hors-ligne/choisi"); // the key of the choice (never a real file)
const isBuildCache = (name) => name.startsWith("srd-");

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

// `response` rebuilt from its bytes if they are the expected ones, else null (`expected`:
// a full SHA-256, or the first digits of one that the checked manifest gives). The new
// response holds exactly the checked bytes (and no redirect flag, which a page answered
// from the cache must not carry).
async function checked(response, expected) {
  const body = await response.arrayBuffer();
  if (!expected || !(await sha256(body)).startsWith(expected)) return null;
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

// From the server, never from the browser's HTTP cache: a file fetched before this build
// was deployed may still be fresh there, with the previous build's bytes. A proxy or a
// deployment under way can still answer with another build's bytes: the hash says so.
async function download(file, expected) {
  const response = await fetch(new Request(address(file), { cache: "reload" }));
  if (!response.ok) throw new Error(`${file}\u00a0: réponse ${response.status}`);
  const copy = await checked(response, expected);
  if (!copy) {
    const error = new Error(`${file}\u00a0: ce n'est pas le fichier de la construction ${VERSION}`);
    throw Object.assign(error, { otherBuild: true });
  }
  return copy;
}

async function stored(cache, file, expected) {
  const response = await cache.match(address(file));
  return response ? checked(response, expected) : null;
}

async function olderCaches() {
  const names = (await caches.keys()).filter((n) => isBuildCache(n) && n !== CACHE);
  return Promise.all(names.map((name) => caches.open(name)));
}

// This build's manifest, checked: downloaded once, then kept in this build's cache under a
// key of its own (at its own address there, it means « full copy complete »), so that this
// worker started again does not download it again.
const MANIFEST_KEPT = address("hors-ligne/manifeste"); // never a real file
let manifest = null; // promise of { bytes, files: [[file, { sha256, taille }]…], digests }

function ownManifest() {
  manifest ??= readManifest().catch((error) => {
    // The network failed: asked again next time. Another build's manifest came: this
    // worker can check nothing the server now sends, and does not download it again.
    if (!error.otherBuild) manifest = null;
    throw error;
  });
  return manifest;
}

async function readManifest() {
  // caches.match: a worker that fails to install leaves no cache behind.
  const kept = await caches.match(MANIFEST_KEPT, { cacheName: CACHE });
  let response = kept && (await checked(kept, MANIFEST_SHA256));
  if (!response) {
    response = await download(MANIFEST, MANIFEST_SHA256);
    await (await caches.open(CACHE)).put(MANIFEST_KEPT, response.clone());
  }
  const bytes = await response.arrayBuffer();
  const files = Object.entries(JSON.parse(new TextDecoder().decode(bytes)).fichiers);
  const digests = new Map(files.map(([file, { sha256: digest }]) => [address(file), digest]));
  return { bytes, files, digests };
}

// --- the full copy, on the reader's demand -----------------------------------------------

let copying = null; // the full copy under way in this worker, if any
let progress = { faits: 0, total: 0 }; // bytes
let stopped = false; // the reader withdrew the copy meanwhile

// A file already in this build's cache (an earlier attempt, or kept as the reader went),
// or unchanged since an older build (same bytes, checked), is not downloaded again.
async function copy(cache, others, file, expected) {
  if (stopped) throw new Error("copie hors ligne retirée");
  if (await stored(cache, file, expected)) return;
  for (const other of others) {
    const unchanged = await stored(other, file, expected);
    if (unchanged) return cache.put(address(file), unchanged);
  }
  await cache.put(address(file), await download(file, expected));
}

// All of this build, checked against its manifest, or an error: the build in control
// keeps its own cache meanwhile.
async function fill(report = () => {}) {
  const { bytes, files } = await ownManifest();
  const cache = await caches.open(CACHE);
  const others = await olderCaches();
  progress = { faits: 0, total: files.reduce((sum, [, { taille }]) => sum + taille, 0) };
  await eachAtOnce(files, async ([file, { sha256: expected, taille }]) => {
    await copy(cache, others, file, expected);
    progress.faits += taille;
    report();
  });
  const wrong = [];
  await eachAtOnce(files, async ([file, { sha256: expected }]) => {
    if (!(await stored(cache, file, expected))) wrong.push(file);
  });
  if (wrong.length) {
    throw new Error(`construction ${VERSION}\u00a0: ${wrong.length} fichiers mal copiés, dont ${wrong[0]}`);
  }
  await cache.put(address(MANIFEST), new Response(bytes)); // last: the copy is complete
}

// caches.match, not caches.open: asking must not create the cache it asks about.
const chosen = async () => Boolean(await caches.match(CHOSEN, { cacheName: CHOICE }));
const complete = async () => Boolean(await caches.match(address(MANIFEST), { cacheName: CACHE }));

async function state(extra = {}) {
  const [choisi, complet] = await Promise.all([chosen(), complete()]);
  return { choisi, complet, enCours: Boolean(copying), ...progress, ...extra };
}

async function tell(extra) {
  const message = { horsLigne: await state(extra) };
  const clients = await self.clients.matchAll({ includeUncontrolled: true });
  // Withdrawn meanwhile: a late progress report must not follow « Copie retirée ».
  if (stopped && !extra?.retire) return;
  for (const client of clients) client.postMessage(message);
}

function throttled(task) {
  let last = 0;
  return () => {
    if (Date.now() - last < PROGRESS_EVERY_MS) return;
    last = Date.now();
    task();
  };
}

async function copyAll() {
  await (await caches.open(CHOICE)).put(CHOSEN, new Response("oui"));
  if (copying) return copying;
  stopped = false;
  copying = fill(throttled(() => tell())).then(
    () => ({ fini: true }),
    (error) => ({ erreur: String(error.message || error) }),
  );
  await tell();
  const outcome = await copying;
  copying = null; // before telling: the copy is over
  if (!stopped) await tell(outcome); // withdrawn: withdraw() tells, once all is deleted
}

// Withdrawn: no copy at all any more, of any build (what the reader reads next is kept again).
async function withdraw() {
  stopped = true;
  await caches.delete(CHOICE);
  if (copying) await copying;
  await Promise.all((await caches.keys()).filter(isBuildCache).map((n) => caches.delete(n)));
  progress = { faits: 0, total: 0 };
  await tell({ retire: true });
}

// --- what the reader uses, kept as they go -----------------------------------------------

// The key of a file in the cache: every file of the site is static, so a query is a
// calculator's inputs or a cache buster (Pagefind's « ?ts= »), never another file.
function key(url) {
  const bare = new URL(url);
  bare.search = "";
  bare.hash = "";
  return bare.href;
}

const keepable = (response) => response.status === 200 && response.type === "basic" && !response.redirected;

// The files of this build as the reader asks for them, by the address where it keeps them;
// null when its manifest cannot be had (the server sends another build's, or none).
const listedFiles = () => ownManifest().then(({ digests }) => digests, () => null);

// Whether the server still sends this build: its sw.js carries this build's version.
async function serverSendsThisBuild() {
  try {
    const response = await fetch(address("sw.js"), { cache: "no-store" });
    return (await response.text()).includes(`const VERSION = "${VERSION}";`);
  } catch {
    return false;
  }
}

// `response` if it holds this build's bytes (rebuilt from the checked bytes), else null.
// A file the manifest lists is checked against it; another one (the sitemap, an address
// the manifest writes otherwise) is this build's only while the server sends this build.
async function ofThisBuild(url, response) {
  const expected = (await listedFiles())?.get(key(url));
  if (expected) return checked(response, expected);
  return (await serverSendsThisBuild()) ? response : null;
}

// Only this build's bytes: once a newer build is deployed, what this worker fetches comes
// from it until it takes over, and must not enter this build's cache (nor be served from
// there with this build's scripts). A file not in the manifest is not kept either.
async function keep(cache, url, response) {
  if (!keepable(response)) return;
  const expected = (await ownManifest()).digests.get(key(url));
  const copy = expected && (await checked(response, expected));
  if (copy) await cache.put(key(url), copy);
}

// Files the page loaded before this worker was in control (its first visit): from the
// browser's HTTP cache when it still holds them, the network otherwise.
async function keepAll(urls) {
  const cache = await caches.open(CACHE);
  await eachAtOnce(
    urls.filter((url) => url.startsWith(self.registration.scope)),
    async (url) => {
      if (await cache.match(key(url))) return;
      try {
        await keep(cache, url, await fetch(url));
      } catch {
        // offline meanwhile: kept at the next visit
      }
    },
  );
}

// A new build keeps, of an older build's cache, the files it has not changed (checked
// against its manifest); a first visit has nothing to keep, and fetches nothing.
async function carryOver() {
  const others = await olderCaches();
  if (!others.length) return;
  const { digests } = await ownManifest();
  const cache = await caches.open(CACHE);
  for (const other of others) {
    for (const request of await other.keys()) {
      const digest = digests.get(request.url);
      const unchanged = digest && (await stored(other, request.url, digest));
      if (unchanged) await cache.put(request.url, unchanged);
    }
  }
}

// --- what a page asks for: this build's bytes, or nothing ---------------------------------

let updating = null; // the check for a newer build this worker started, if any

// Said in place of a page of another build, by this worker (no byte of either build): the
// new build installs meanwhile, and the page reloads once it has taken over (or at once,
// if it took over before this page could listen).
const NEWER_BUILD_PAGE = `<!doctype html>
<html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Nouvelle version du site</title>
<main style="font-family: sans-serif; max-width: 36em; margin: 3em auto; padding: 0 1em">
<h1>Nouvelle version du site</h1>
<p role="status">Le site vient d'être mis à jour\u00a0: sa nouvelle version s'installe sur cet
appareil, et cette page se rechargera d'elle-même.</p>
<p>Si rien ne change, la publication n'est peut-être pas finie\u00a0: <a href="">rechargez la
page</a> dans un moment.</p>
</main>
<script>
const workers = navigator.serviceWorker;
workers.addEventListener("controllerchange", () => location.reload());
workers.getRegistration().then((r) => r?.active && r.active !== workers.controller && location.reload());
</script>`;

// The server sends another build: none of it reaches a page of this build (it would run it
// with this build's scripts). The browser is asked to install that build now; once it takes
// over, the pages reload (hors-ligne.js), each then whole from one build.
function otherBuild(request) {
  updating ??= self.registration
    .update()
    .catch(() => {}) // offline meanwhile, or that build's sw.js not up: asked again later
    .finally(() => {
      updating = null;
    });
  if (request.mode !== "navigate") return new Response(null, { status: 503, statusText: "Service Unavailable" });
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
  return new Response(NEWER_BUILD_PAGE, { status: 503, headers });
}

const withStatus = (response, status) => new Response(response.body, { status, headers: response.headers });

// A navigation to an address the site does not have: this build's page « introuvable »
// (404.html, kept at its address as the full copy keeps it), with the status 404. `sent`:
// the server's answer, kept when it is that page (hosts send 404.html).
async function notFound(cache, sent) {
  const file = address("404.html");
  const kept = await cache.match(file);
  if (kept) return withStatus(kept, 404);
  const expected = sent && (await listedFiles())?.get(file);
  const page = expected && (await checked(sent, expected));
  if (!page) return null;
  await cache.put(file, withStatus(page.clone(), 200));
  return withStatus(page, 404);
}

// Offline: an address this build does not list gets its page « introuvable » (if kept),
// a page's address without its last « / » the page, as the server would redirect it; one
// it lists but did not keep gets the browser's own page, as any page out of reach.
async function unreachable(cache, request, error) {
  const files = request.mode === "navigate" && (await listedFiles());
  if (!files || files.has(key(request.url))) throw error;
  const page = new URL(request.url);
  page.pathname += "/";
  if (files.has(key(page.href))) return Response.redirect(page.href, 301);
  const missing = await notFound(cache);
  if (missing) return missing;
  throw error;
}

// The page « introuvable », kept with the first page this worker answers (not at a first
// visit, whose cost is counted): an unknown address offline gets it, not the browser's page.
async function keepNotFound(cache) {
  const file = address("404.html");
  if (!(await cache.match(file))) await keep(cache, file, await fetch(file));
}

async function answer(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  if (request.mode === "navigate") event.waitUntil(keepNotFound(cache).catch(() => {}));
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    return unreachable(cache, request, error);
  }
  if (request.mode === "navigate" && response.status === 404) {
    const page = await notFound(cache, response.clone());
    if (page) return page;
    return (await serverSendsThisBuild()) ? response : otherBuild(request); // a host's own page
  }
  if (!keepable(response)) return response; // redirects, errors: nothing of a build in them
  const sent = response.clone(); // as the server sent it: keep() takes only that (keepable)
  const copy = await ofThisBuild(request.url, response);
  if (!copy) return otherBuild(request);
  // Kept before it is answered: a page shown is a page kept, even if the network goes next.
  const listed = copy !== response; // rebuilt from bytes checked against the manifest
  if (listed) await keep(cache, request.url, sent).catch(() => {});
  return copy;
}

// --- life cycle ---------------------------------------------------------------------------

self.addEventListener("install", (event) => {
  // On failure this worker is dropped, the previous build stays in control with its own
  // cache, and hors-ligne.js asks again later. A reader who chose the full copy gets this
  // build's in full before it takes over.
  event.waitUntil(
    chosen()
      .then((full) => (full ? fill() : carryOver()))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Only one build in the cache: never a page of one build with a script of another.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => isBuildCache(n) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const { demande, adresses, moteur } = event.data || {};
  if (demande === "etat") {
    event.waitUntil(state().then((s) => event.source.postMessage({ horsLigne: s })));
  } else if (demande === "tout-garder") {
    event.waitUntil(copyAll());
  } else if (demande === "retirer") {
    event.waitUntil(withdraw());
  } else if (demande === "garder") {
    event.waitUntil(keepAll([...(adresses || []), ...(moteur ? ENGINE.map(address) : [])]));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(answer(event));
});
