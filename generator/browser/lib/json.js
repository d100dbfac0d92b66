// A JSON file of the build, fetched once per page load whoever asks for it first: the
// index of the finder, the cards, the house-rules context… (the service worker keeps it).
import { NBSP } from "./texte.js";

const fetched = new Map();

export function jsonOnce(url, fetcher = globalThis.fetch) {
  const key = String(url);
  if (!fetched.has(key)) {
    const reply = fetcher(key).then((answer) => {
      if (!answer.ok) throw new Error(`${key}${NBSP}: réponse ${answer.status}`);
      return answer.json();
    });
    // A failed fetch is not kept: the next ask tries again (back online, say).
    reply.catch(() => fetched.delete(key));
    fetched.set(key, reply);
  }
  return fetched.get(key);
}
