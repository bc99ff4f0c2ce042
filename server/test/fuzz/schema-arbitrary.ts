import fc from 'fast-check'

/** The part of JSON Schema (2020-12, as the API description writes it) that the fuzzer reads. */
export interface Schema {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
}

/**
 * A value only known when the request is sent (an identity's name, e-mail or id: identities are
 * made again whenever a request changes them), resolved by the test just before sending, for the
 * identity the request is about (its subject, so a login's name and password are one account's).
 */
export class Known {
  constructor(readonly key: string) {}
}

export interface Vocabulary {
  /** Keys of known strings (userName, email, password of the subject; payment method ids). */
  strings: string[]
  /** Keys of known ids (the subject's account id). */
  ids: string[]
}

type Resolve = (ref: string) => Schema

// Valid values: what the schema allows, biased towards what reaches the handlers' logic (small
// ids that exist after the seed, the identities' own names) rather than a uniform draw that would
// only ever find nothing.
export function schemaArbitrary(
  schema: Schema,
  resolve: Resolve,
  vocabulary: Vocabulary,
  /** Mostly the identities' own values: reaches a login's or a payment's success. */
  familiar = false,
): fc.Arbitrary<unknown> {
  // `name` is the property's: a field named like a known value (password, email) draws that one.
  const of = (s: Schema, name = ''): fc.Arbitrary<unknown> => {
    if (s.$ref) return of(resolve(s.$ref), name)
    if ('const' in s) return fc.constant(s.const)
    if (s.enum) return fc.constantFrom(...s.enum)
    const choices = s.anyOf ?? s.oneOf
    if (choices) return fc.oneof(...choices.map((choice) => of(choice, name)))
    if (s.allOf?.[0]) return of({ ...s, allOf: undefined, ...s.allOf[0] }, name)
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
    if (types.length > 1) return fc.oneof(...types.map((type) => of({ ...s, type }, name)))
    switch (types[0]) {
      case 'null':
        return fc.constant(null)
      case 'boolean':
        return fc.boolean()
      case 'integer':
      case 'number':
        return numberArbitrary(s, types[0] === 'integer', knownFor(vocabulary.ids, name), familiar)
      case 'string':
        return stringArbitrary(s, knownFor(vocabulary.strings, name), familiar)
      case 'array':
        return fc.array(of(s.items ?? {}), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 4, Math.max(s.minItems ?? 0, 4)),
        })
      case 'object':
        return objectArbitrary(s, of)
      default:
        return s.properties ? objectArbitrary(s, of) : fc.jsonValue({ maxDepth: 2 })
    }
  }
  return of(schema)
}

// The known values whose key is like the field's name ('password' for currentPassword, 'email'
// for cus_email), or all of them for a field named like none.
function knownFor(keys: string[], name: string): fc.Arbitrary<Known> {
  const field = name.toLowerCase()
  const tail = (key: string) => key.split('.').pop()?.toLowerCase() ?? key
  const like = keys.filter(
    (key) => field.length > 1 && (field.includes(tail(key)) || tail(key).includes(field)),
  )
  return fc.constantFrom(...(like.length > 0 ? like : keys)).map((key) => new Known(key))
}

function objectArbitrary(s: Schema, of: (s: Schema, name: string) => fc.Arbitrary<unknown>) {
  const properties = s.properties ?? {}
  const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, of(v, k)]))
  const record = fc.record(model, {
    requiredKeys: (s.required ?? []).filter((k) => k in properties),
  })
  // A `confirmX` field repeats `x` (confirmpassword): a form's cross-field rule, which the
  // schema cannot say, would otherwise refuse every generated sign-up.
  const confirms = Object.keys(properties).flatMap((key) => {
    const repeated = Object.keys(properties).find(
      (k) => `confirm${k}`.toLowerCase() === key.toLowerCase(),
    )
    return repeated ? [[key, repeated] as const] : []
  })
  if (confirms.length === 0) return record
  return record.map((value: Record<string, unknown>) => {
    for (const [confirm, repeated] of confirms) {
      if (repeated in value) value[confirm] = value[repeated]
    }
    return value
  })
}

function numberArbitrary(
  s: Schema,
  integer: boolean,
  known: fc.Arbitrary<Known>,
  familiar: boolean,
) {
  const low = s.minimum ?? (s.exclusiveMinimum === undefined ? -1e6 : s.exclusiveMinimum + 1)
  const high = s.maximum ?? (s.exclusiveMaximum === undefined ? 1e6 : s.exclusiveMaximum - 1)
  const min = Math.max(low, Number.MIN_SAFE_INTEGER)
  const max = Math.min(high, Number.MAX_SAFE_INTEGER)
  const small = fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 60), min, 0) })
  const wide = integer
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
  // Counts of 1 to 3 fit the seeded stock; ids up to 60 exist after the seed.
  const few = fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 3), min, 1) })
  return fc.oneof(
    { arbitrary: few, weight: familiar ? 4 : 2 },
    { arbitrary: small, weight: familiar ? 4 : 2 },
    wide,
    known,
  )
}

function stringArbitrary(
  s: Schema,
  known: fc.Arbitrary<Known>,
  familiar: boolean,
): fc.Arbitrary<unknown> {
  const minLength = s.minLength ?? 0
  const maxLength = Math.min(s.maxLength ?? 40, Math.max(minLength, 40))
  const fits = (text: string) => text.length >= minLength && text.length <= (s.maxLength ?? 1e9)
  if (s.pattern) return patternArbitrary(s.pattern, fits, known, familiar)
  const plain = fc.string({ unit: 'grapheme-ascii', minLength, maxLength })
  // Ids sent as text ("7") where a field takes text: only where a numeral fits the length.
  const numeral = fc.integer({ min: 1, max: 60 }).map(String)
  const numerals = minLength <= 1 && (s.maxLength ?? 2) >= 2 ? [numeral] : []
  // Phone numbers want digits (ten at least, a rule the schema cannot say).
  const digits = fc.stringMatching(/^\d{3} \d{3} \d{4}$/)
  const digitStrings = minLength <= 12 && (s.maxLength ?? 12) >= 12 ? [digits] : []
  return fc.oneof(
    { arbitrary: plain, weight: familiar ? 1 : 3 },
    ...numerals,
    ...digitStrings.map((arbitrary) => ({ arbitrary, weight: familiar ? 2 : 1 })),
    { arbitrary: known, weight: familiar ? 5 : 2 },
  )
}

// fast-check draws strings from most regular expressions but not from lookaheads (the password
// rule has two): those are drawn without them and kept only when the whole pattern matches.
function patternArbitrary(
  pattern: string,
  fits: (text: string) => boolean,
  known: fc.Arbitrary<Known>,
  familiar: boolean,
) {
  const regex = new RegExp(pattern)
  let drawn: fc.Arbitrary<string>
  try {
    drawn = fc.stringMatching(regex)
  } catch {
    drawn = fc.stringMatching(new RegExp(pattern.replace(/\(\?[=!][^)]*\)/g, '')))
  }
  const matching = drawn.filter((text) => regex.test(text) && fits(text))
  return fc.oneof({ arbitrary: matching, weight: familiar ? 1 : 4 }, known)
}
