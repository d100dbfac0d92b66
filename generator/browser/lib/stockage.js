// The reader's storage: localStorage (« Mes listes », « Mes personnages », « Règles
// maison »), or sessionStorage when asked. Reading never writes: a full storage still shows
// and exports what it holds, and only a write fails, telling whether the storage is full or
// missing (private browsing, storage disabled or blocked). No page here: the storage is
// whatever `globalThis[area]` is (a test gives its own).

// The one error of the storage, and why: « plein » (a write found it full), « indisponible »
// (no storage), « illisible » (what is kept cannot be read: a page that finds it so says it).
export class StorageRefused extends Error {
  constructor(why) {
    super(`stockage ${why}`);
    this.why = why;
  }
}

// The quota error by its standard name, and by the one older Firefox gave it.
const QUOTA = new Set(["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"]);

export const store = {
  // The text kept under `key`, or null. Throws StorageRefused when there is no storage.
  read(key, area = "localStorage") {
    try {
      return globalThis[area].getItem(key);
    } catch {
      throw new StorageRefused("indisponible");
    }
  },
  // Keeps `text` under `key` whole, or nothing: throws StorageRefused (full or missing).
  write(key, text, area = "localStorage") {
    try {
      globalThis[area].setItem(key, text);
    } catch (error) {
      throw new StorageRefused(QUOTA.has(error?.name) ? "plein" : "indisponible");
    }
  },
};

export const STORAGE_DOWN =
  "Le stockage de ce navigateur est indisponible (navigation privée, stockage désactivé ou bloqué)";
export const STORAGE_FULL = "Le stockage de ce navigateur est plein";
export const STORAGE_UNREADABLE = "Ce que ce navigateur garde est illisible";

// What a refused storage says, the start of a sentence each page ends in its own words;
// `unreadable` names what could not be read.
export const storageSays = (error, unreadable = STORAGE_UNREADABLE) =>
  error.why === "plein" ? STORAGE_FULL : error.why === "illisible" ? unreadable : STORAGE_DOWN;
