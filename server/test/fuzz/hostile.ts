import fc from 'fast-check'

// What an attacker or a broken client sends instead of what the description asks for.

const pollution = () => JSON.parse('{"__proto__":{"rol":"admin","isAdmin":true,"polluted":1}}')

/** One field's worth of trouble: wrong types, edge numbers, long and strange text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    [],
    {},
    '',
    ' ',
    '1e3',
    '7',
    ' 7 ',
    '0x10',
    'NaN',
    -1,
    0,
    -0,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    -2147483649,
    '\u0000',
    'a\u0001b',
    'line\nbreak',
    'ad\u200bmin',
    '\u202egnp.exe',
    '\ud800',
    '🎻'.repeat(30),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '__proto__',
  ),
  fc.constantFrom(101, 255, 4097, 5001, 30_000).map((n) => 'x'.repeat(n)),
  fc.constant(null).map(pollution),
  fc.constant(null).map(() => ({ constructor: { prototype: { rol: 'admin' } } })),
  fc.integer({ min: 20, max: 300 }).map((depth) => nest(depth)),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
)

function nest(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}

/** The valid value with one field replaced by a hostile one, or left out. */
export function mutateOne(value: unknown, pick: number, replacement: unknown, drop: boolean) {
  const copy = structuredClone(value)
  const spots: [Record<string, unknown> | unknown[], string | number][] = []
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    const entries: [string | number, unknown][] = Array.isArray(node)
      ? node.map((child, i) => [i, child])
      : Object.entries(node)
    for (const [key, child] of entries) {
      spots.push([node as Record<string, unknown>, key])
      walk(child)
    }
  }
  walk(copy)
  const spot = spots[pick % Math.max(spots.length, 1)]
  if (!spot) return replacement
  const [parent, key] = spot
  if (drop && !Array.isArray(parent)) delete parent[key as string]
  else (parent as Record<string | number, unknown>)[key] = replacement
  return copy
}

export interface RawBody {
  text: string
  contentType?: string
}

/** Whole bodies that are not the JSON object asked for, given the valid body's JSON text. */
export const hostileBody = (validText: string): fc.Arbitrary<RawBody> => {
  const json = (text: string): RawBody => ({ text, contentType: 'application/json' })
  const inner = validText.startsWith('{') && validText.length > 2 ? `,${validText.slice(1)}` : '}'
  return fc.oneof(
    fc.constantFrom(
      json(''),
      json('null'),
      json('[]'),
      json('"text"'),
      json('12'),
      json('{'),
      json("{'a':1}"),
      json(`${validText}garbage`),
      json(validText.slice(0, Math.max(1, validText.length - 2))),
      json(`\ufeff${validText}`),
      json(`{"__proto__":{"rol":"admin","polluted":1}${inner}`),
      json(`{"constructor":{"prototype":{"polluted":1}}${inner}`),
      json(`${'['.repeat(5000)}${']'.repeat(5000)}`),
      json(`{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`),
      json(`{"pad":"${'x'.repeat(110 * 1024)}"}`),
      { text: validText, contentType: 'text/plain' },
      { text: validText, contentType: 'application/x-www-form-urlencoded' },
      { text: validText, contentType: 'multipart/form-data; boundary=x' },
      { text: validText, contentType: 'application/jsonx' },
      { text: validText, contentType: 'application/json-patch+json' },
      { text: validText },
    ),
    fc.string({ unit: 'binary', maxLength: 60 }).map(json),
  )
}

/** Query strings a browser would never build. */
export const hostileQuery: fc.Arbitrary<string> = fc.constantFrom(
  'page=abc',
  'page=0',
  'page=-1',
  'page=1e3',
  'page=99999999999999999999',
  'page=1&page=2',
  'page[]=1',
  'limit=100000',
  'sort=%00',
  'name=%zz',
  `name=${'x'.repeat(5000)}`,
  'name=%F0%9F%8E%BB%E2%80%AE',
  '__proto__[rol]=admin',
  'constructor[prototype][x]=1',
  'to=%00&limit=-5',
)

/** Path segments where an id belongs. */
export const hostileSegment: fc.Arbitrary<string> = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '%00',
  '%20',
  '99999999999999999999',
  '9007199254740993',
  'x'.repeat(3000),
  '..%2F..%2Fetc',
  '__proto__',
)

/** Authorization headers that prove nothing: malformed, unsigned or signed by someone else. */
export const forgedAuthorization: fc.Arbitrary<string> = fc.constantFrom(
  'Bearer',
  'Bearer ',
  'Bearer x',
  'Bearer null',
  'Basic YWRtaW46YWRtaW4=',
  `Bearer ${'a'.repeat(20_000)}`,
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidXNlcl9yb2wiOiJhZG1pbiJ9.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidXNlck5hbWUiOiJhZG1pbiIsInVzZXJfcm9sIjoiYWRtaW4iLCJqdGkiOiJ4IiwidmVyIjowLCJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl',
)

/** Extra headers: odd idempotency keys, spoofed addresses, strange accepts. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constant({}),
  fc.constantFrom<Record<string, string>>(
    { 'Idempotency-Key': 'x'.repeat(5000) },
    { 'Idempotency-Key': '' },
    { 'Idempotency-Key': '\u00e9\u00e9' },
    { 'X-Forwarded-For': '10.0.0.1, 1.2.3.4' },
    { 'X-Request-Id': 'x'.repeat(2000) },
    { Accept: 'text/html' },
    { 'Stripe-Signature': 't=1,v1=00' },
    { 'Content-Type': 'text/plain' },
  ),
  fc.record({ 'Idempotency-Key': fc.string({ unit: 'grapheme-ascii', maxLength: 80 }) }),
)
