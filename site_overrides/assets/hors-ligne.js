// Registers the service worker that keeps the whole site available offline (sw.js, at
// the root of the site, wherever the site is served from).
// Its first install downloads the whole site: it waits until this page is loaded and, on a
// calculator page, until Python is up, so that the reader's first answer never waits for it.
const ENGINE_READY = "srd:moteur-pret"; // sent by calc.js
const LONGEST_WAIT_MS = 30000; // a calculator that never starts must not stop offline use
const FIRST_RETRY_MS = 60000; // a copy that failed (network, deployment under way) is tried
const LAST_RETRY_MS = 3600000; // again, later and later while the page stays open

if ("serviceWorker" in navigator) {
  const root = new URL("../", import.meta.url);
  const hadController = Boolean(navigator.serviceWorker.controller);
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
      .then(retryFailedCopies)
      .catch(() => {});
  };
  const afterLoad = (then) =>
    document.readyState === "complete" ? then() : addEventListener("load", then, { once: true });
  if (hadController) {
    register(); // already installed: only checks for a new build
  } else if (document.querySelector(".srd-calc")) {
    document.addEventListener(ENGINE_READY, () => afterLoad(register), { once: true });
    setTimeout(register, LONGEST_WAIT_MS);
  } else {
    afterLoad(register);
  }
  // A new build took over: reload, so this page and its scripts come from one build.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) location.reload();
  });
}
