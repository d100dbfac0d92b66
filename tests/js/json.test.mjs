// A build's JSON fetched once per page (generator/browser/lib/json.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { jsonOnce } from "../../generator/browser/lib/json.js";

// A fetch that answers `replies` in turn and counts the calls.
function fetcher(...replies) {
  const asked = [];
  const fetch = async (url) => {
    asked.push(url);
    const [status, body] = replies.shift();
    return { ok: status === 200, status, json: async () => body };
  };
  return { fetch, asked };
}

test("two asks of one file fetch it once and share the answer", async () => {
  const { fetch, asked } = fetcher([200, { a: 1 }]);
  const [first, second] = await Promise.all([jsonOnce("http://x/un.json", fetch), jsonOnce("http://x/un.json", fetch)]);
  assert.deepEqual(first, { a: 1 });
  assert.equal(first, second);
  assert.deepEqual(asked, ["http://x/un.json"]);
});

test("a failed fetch is said, and the next ask fetches again", async () => {
  const { fetch, asked } = fetcher([404, null], [200, [1, 2]]);
  await assert.rejects(jsonOnce("http://x/deux.json", fetch), /réponse 404/);
  assert.deepEqual(await jsonOnce("http://x/deux.json", fetch), [1, 2]);
  assert.equal(asked.length, 2);
});
