// Registers the service worker (sw.js, at the root of the site, wherever the site is served
// from): it keeps what the reader uses for offline reading, and the whole site only when the
// reader asks for it on the page « Consulter hors ligne » (bound here too).
// A first visit fetches nothing more: once the worker is up, it keeps the files this page
// already loaded (and, on a calculator page, the Python runtime its worker loaded).
import { ENGINE_READY } from "./moteur.js";
import { SITE_ROOT, onEachPage } from "./commun.js";
import { NEW_BUILD_CHECK_MS, ROOT } from "./lib/contrat.js";

const LONGEST_WAIT_MS = 30000; // a calculator that never starts must not stop offline use
const FIRST_RETRY_MS = 60000; // a copy that failed (network, deployment under way) is tried
const LAST_RETRY_MS = 3600000; // again, later and later while the page stays open

const supported = "serviceWorker" in navigator && "caches" in globalThis;
let refused = false; // the browser refused the worker

async function tellWorker(message) {
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage(message);
}

// This page and what it loaded, as the worker must keep them (this page was not yet in its
// hands: a first visit).
function keepThisPage(engine) {
  const here = (url) => url.startsWith(location.origin);
  const adresses = [location.href, ...performance.getEntriesByType("resource").map((e) => e.name)];
  tellWorker({ demande: "garder", adresses: adresses.filter(here), moteur: engine }).catch(() => {});
}

if (supported) {
  const root = SITE_ROOT;
  const hadController = Boolean(navigator.serviceWorker.controller);
  const onCalculator = Boolean(document.querySelector(ROOT));
  let registered = false;
  let retryMs = FIRST_RETRY_MS;
  // A new build's worker that fails to copy it is dropped (the build in control keeps its
  // cache): ask for it again later, since instant navigation never reloads this page.
  const retryFailedCopies = (registration) => {
    const watched = new WeakSet();
    const watch = (worker) => {
      if (!worker || watched.has(worker)) return;
      watched.add(worker);
      let copied = false;
      worker.addEventListener("statechange", () => {
        if (worker.state !== "redundant") copied ||= worker.state !== "installing";
        else if (!copied) {
          setTimeout(() => registration.update().catch(() => {}), retryMs);
          retryMs = Math.min(2 * retryMs, LAST_RETRY_MS);
        }
      });
    };
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
  };
  const register = () => {
    if (registered) return;
    registered = true;
    navigator.serviceWorker
      .register(new URL("sw.js", root), { scope: root.pathname })
      .then((registration) => {
        retryFailedCopies(registration);
        checkForNewBuilds(registration);
      })
      .then(() => hadController || keepThisPage(onCalculator))
      .catch(() => {
        refused = true; // private browsing, or a browser set to refuse: say so
        document.querySelectorAll(".srd-hors-ligne[data-bound]").forEach(showRefused);
      });
  };
  const afterLoad = (then) =>
    document.readyState === "complete" ? then() : addEventListener("load", then, { once: true });
  if (hadController) {
    register(); // already installed: only checks for a new build
  } else if (onCalculator) {
    // The runtime is kept once Python is up: never in the way of the reader's first answer.
    document.addEventListener(ENGINE_READY, () => afterLoad(register), { once: true });
    setTimeout(register, LONGEST_WAIT_MS);
  } else {
    afterLoad(register);
  }
  // A new build took over: reload, so this page and its scripts come from one build (the
  // old build's worker answers nothing of the new one meanwhile). Reloaded, not told: the
  // page swapped in by the next click would be the new build's under this one's scripts.
  // Not when the first worker takes this page of a first visit: it is that build's.
  let controlled = hadController;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) location.reload();
    controlled = true;
  });
}

// The browser asks for a new sw.js only when a page loads, and instant navigation loads
// none: this page asks at each page it shows, and every NEW_BUILD_CHECK_MS while it stays
// open. A new build installs (whole, for a reader who chose the full copy), then takes over.
function checkForNewBuilds(registration) {
  const check = () => registration.update().catch(() => {}); // offline: asked again later
  let shown = 0;
  onEachPage(() => shown++ && check()); // not the page just loaded: the browser asked
  setInterval(check, NEW_BUILD_CHECK_MS);
}

// --- the page « Consulter hors ligne » ----------------------------------------------------

const SILENT_COPY_MS = 15000; // a copy that says nothing for this long: ask (and resume it)
const megabytes = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
let silence = null;
const spelled = (bytes) => `${megabytes.format(bytes / 1e6)}\u00a0Mo`;

// What the reader sees, from the worker's state: { choisi, complet, enCours, faits, total,
// fini, erreur, retire }.
function showCopy(box, s) {
  const [keep, withdraw] = ["tout-garder", "retirer"].map((a) => box.querySelector(`[data-hors-ligne=${a}]`));
  const bar = box.querySelector("progress");
  keep.hidden = s.choisi && !s.erreur;
  withdraw.hidden = !s.choisi && !s.enCours;
  box.querySelector(".srd-hors-ligne-progression").hidden = !s.enCours;
  if (s.total) {
    bar.max = s.total;
    bar.value = s.faits;
    box.querySelector(".srd-hors-ligne-octets").textContent = `${spelled(s.faits)} sur ${spelled(s.total)}`;
  }
  const status = box.querySelector(".srd-hors-ligne-etat");
  const said = statusText(s);
  if (said !== null && status.textContent !== said) status.textContent = said;
}

function statusText(s) {
  if (s.retire) return "Copie retirée : rien de ce site n'est plus gardé sur cet appareil.";
  if (s.erreur) return "La copie s'est interrompue (réseau coupé ?). Elle reprendra à votre prochaine visite, ou dès que vous la relancez.";
  if (s.complet && s.choisi) return "Terminé : tout le site est disponible hors ligne sur cet appareil.";
  if (s.enCours) return "La copie se fait en arrière-plan ; vous pouvez continuer à lire.";
  if (s.choisi) return "Copie complète choisie : elle reprend.";
  return "";
}

function showRefused(box) {
  box.querySelector(".srd-hors-ligne-impossible").hidden = false;
  box.querySelector(".srd-hors-ligne-boutons").hidden = true;
}

function bindOfflinePage() {
  const box = document.querySelector(".srd-hors-ligne");
  if (!box || "bound" in box.dataset || !supported) return;
  box.dataset.bound = "";
  if (refused) return showRefused(box);
  box.querySelector(".srd-hors-ligne-impossible").hidden = true;
  box.querySelector(".srd-hors-ligne-boutons").hidden = false;
  box.querySelector("[data-hors-ligne=tout-garder]").addEventListener("click", () => {
    navigator.storage?.persist?.().catch(() => {}); // a copy the browser should not evict
    tellWorker({ demande: "tout-garder" });
  });
  box.querySelector("[data-hors-ligne=retirer]").addEventListener("click", () =>
    tellWorker({ demande: "retirer" }),
  );
  tellWorker({ demande: "etat" });
}

if (supported) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    const s = event.data?.horsLigne;
    const box = document.querySelector(".srd-hors-ligne[data-bound]");
    if (!s) return;
    if (box) showCopy(box, s);
    // The reader chose the full copy and it stopped (worker ended, network cut): resume.
    if (s.choisi && !s.complet && !s.enCours && !s.erreur) tellWorker({ demande: "tout-garder" });
    // The browser may stop a worker busy for minutes: asking starts it again, and it resumes.
    clearTimeout(silence);
    if (s.enCours) silence = setTimeout(() => tellWorker({ demande: "etat" }), SILENT_COPY_MS);
  });
  navigator.serviceWorker.startMessages();
  onEachPage(bindOfflinePage);
  tellWorker({ demande: "etat" }).catch(() => {});
}
