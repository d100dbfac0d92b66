// The reader's localStorage, as « Mes listes » (listes.js) and « Mes personnages »
// (personnages.js) use it. Reading never writes: a full storage still shows and exports
// what it holds, and only a write fails, telling whether the storage is full or missing
// (private browsing, storage disabled or blocked). Each page says it in its own words.

export class StorageRefused extends Error {
  constructor(full) {
    super(full ? "stockage plein" : "stockage indisponible");
    this.full = full;
  }
}

// The quota error by its standard name, and by the one older Firefox gave it.
const QUOTA = new Set(["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"]);

// The text kept under `key`, or null. Throws StorageRefused when there is no storage.
export function readStored(key) {
  try {
    return globalThis.localStorage.getItem(key);
  } catch {
    throw new StorageRefused(false);
  }
}

// Keeps `text` under `key` whole, or nothing: throws StorageRefused (full or missing).
export function writeStored(key, text) {
  try {
    globalThis.localStorage.setItem(key, text);
  } catch (error) {
    throw new StorageRefused(QUOTA.has(error?.name));
  }
}
