// autocannon's setupRequest for `npm run bench:api`'s rows with a different URL in every request.
// A file, not a function: the load runs in a worker thread, which can only require it. The row's
// URL names what changes: QUERY becomes something a shopper types (a prefix, a dropped or
// swapped letter, with or without a number), ID an instrument a shopper may see, from the range
// bench/api.ts puts in BENCH_INSTRUMENT_IDS (`first-last`; every 50th from the first is hidden).
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

const [first, last] = (process.env.BENCH_INSTRUMENT_IDS ?? '1-10000').split('-').map(Number)
// A stride prime to the range's length walks it without repeating.
function instrumentId(n) {
  const span = last - first + 1
  let id = first + ((n * 7919) % span)
  if ((id - first) % 50 === 0) id = id === last ? id - 1 : id + 1
  return id
}

module.exports = (request) => {
  asked += 1
  const path = request.path
    .replace('QUERY', encodeURIComponent(query(asked)))
    .replace('ID', String(instrumentId(asked)))
  return { ...request, path }
}
