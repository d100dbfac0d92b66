// Whole numbers drawn at random, each as likely, from the browser's random source
// (crypto.getRandomValues) or, for the tests, from any source of 32-bit words.

export const cryptoWord = () => crypto.getRandomValues(new Uint32Array(1))[0];

// An integer from 0 to n − 1 (1 ≤ n ≤ 2 ** 32): a word is drawn again while it falls in
// the last, incomplete run of n values (rejection), so that no value is favoured.
export function drawnBelow(n, word = cryptoWord) {
  const limit = Math.floor(2 ** 32 / n) * n;
  let drawn = word();
  while (drawn >= limit) drawn = word();
  return drawn % n;
}

// An integer from `lowest` to `highest`, both included.
export const drawnBetween = (lowest, highest, word = cryptoWord) => lowest + drawnBelow(highest - lowest + 1, word);
