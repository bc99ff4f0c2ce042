// autocannon's setupRequest for `npm run bench:api`'s suggestions row. A file, not a function:
// the load runs in a worker thread, which can only require it. Each request asks something new,
// as a shopper's keystrokes do: a prefix, a dropped or swapped letter, with or without a number.
const WORDS = [
  'fender',
  'gibson',
  'yamaha',
  'roland',
  'pearl',
  'ibanez',
  'selmer',
  'korg',
  'vintage',
  'classic',
  'studio',
  'stage',
  'deluxe',
  'junior',
  'custom',
  'stratos',
  'aurora',
  'falcon',
  'tempest',
  'atlas',
  'orion',
  'zephyr',
  'guitars',
  'basses',
  'drums',
  'keyboards',
  'strings',
]
let asked = 0

function typo(n) {
  const word = WORDS[n % WORDS.length]
  const at = Math.floor(n / WORDS.length)
  const i = at % (word.length - 1)
  if (at % 3 === 0) return word.slice(0, 2 + i)
  if (at % 3 === 1) return word.slice(0, i) + word.slice(i + 1)
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
}

// Every other query carries a model number: 1,000 requests ask about 800 different things.
const query = (n) => (n % 2 === 0 ? typo(n / 2) : `${typo((n - 1) / 2)} ${n % 10000}`)

module.exports = (request) => {
  asked += 1
  return { ...request, path: `/api/instruments/suggestions?q=${encodeURIComponent(query(asked))}` }
}
