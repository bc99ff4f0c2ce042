import fc from 'fast-check'
import type { OpenAPIV3_1 } from 'openapi-types'
import {
  forgedAuthorization,
  hostileBody,
  hostileHeaders,
  hostileQuery,
  hostileSegment,
  hostileValue,
  mutateOne,
  type RawBody,
} from './hostile'
import { Known, type Schema, schemaArbitrary, type Vocabulary } from './schema-arbitrary'

export const IDENTITIES = ['none', 'shopper', 'banned', 'admin'] as const
export type Identity = (typeof IDENTITIES)[number] | 'forged'
export const SUBJECTS = ['shopper', 'banned', 'admin'] as const
export type Subject = (typeof SUBJECTS)[number]
export type Kind = 'valid' | 'almost' | 'hostile'

/** One generated request; `@@known:key@@` marks a value resolved when it is sent. */
export interface RequestCase {
  operation: string
  kind: Kind
  method: string
  url: string
  identity: Identity
  /** The account whose name, e-mail, password and id the `@@known` values are. */
  subject: Subject
  authorization?: string
  headers: Record<string, string>
  body?: RawBody
}

export interface Operation {
  key: string
  method: string
  path: string
  described: OpenAPIV3_1.OperationObject
}

/** Every operation of the served description: nothing listed by hand. */
export function operationsOf(document: OpenAPIV3_1.Document): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, described]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        described: described as OpenAPIV3_1.OperationObject,
      })),
  )
}

const marker = (value: unknown) => (value instanceof Known ? `@@known:${value.key}@@` : value)
const toJson = (value: unknown) => JSON.stringify(value, (_key, v) => marker(v)) ?? ''
const toText = (value: unknown) =>
  value instanceof Known ? marker(value) : encodeURIComponent(String(value))

/** Valid, almost valid (one field broken or left out) and hostile requests for one operation. */
export function requestArbitrary(
  operation: Operation,
  document: OpenAPIV3_1.Document,
  vocabulary: Vocabulary,
): fc.Arbitrary<RequestCase> {
  const resolve = (ref: string) =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown>)?.[part],
        document,
      ) as Schema
  const drawn = (schema: Schema, familiar = false) =>
    schemaArbitrary(schema, resolve, vocabulary, familiar)
  const parameters = (operation.described.parameters ?? []) as OpenAPIV3_1.ParameterObject[]
  const inPath = parameters.filter((p) => p.in === 'path')
  const inQuery = parameters.filter((p) => p.in === 'query')
  const idLike = fc.oneof(
    fc.integer({ min: 1, max: 60 }).map(String),
    fc.constantFrom(...vocabulary.ids).map((key) => `@@known:${key}@@`),
  )
  const segment = (p: OpenAPIV3_1.ParameterObject): fc.Arbitrary<string> =>
    fc.oneof(
      idLike,
      // An empty segment would be another path, not this operation.
      drawn((p.schema ?? {}) as Schema)
        .map((value) => String(toText(value)))
        .filter((text) => text !== ''),
    )
  const pathArb = fc
    .tuple(...inPath.map(segment))
    .map((values) => fillPath(operation.path, inPath, values))
  const queryArb = fc
    .record(Object.fromEntries(inQuery.map((p) => [p.name, drawn((p.schema ?? {}) as Schema)])), {
      requiredKeys: inQuery.filter((p) => p.required).map((p) => p.name),
    })
    .map((query) =>
      Object.entries(query)
        .map(([name, value]) => `${encodeURIComponent(name)}=${toText(value)}`)
        .join('&'),
    )
  const bodySchema = (operation.described.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)
    ?.content?.['application/json']?.schema as Schema | undefined
  const bodyArb: fc.Arbitrary<unknown> = bodySchema
    ? fc.oneof(drawn(bodySchema), drawn(bodySchema, true))
    : fc.constant(undefined)
  const identityArb = fc.constantFrom<Identity>(...IDENTITIES)
  const base = fc.record({
    path: pathArb,
    query: queryArb,
    body: bodyArb,
    identity: identityArb,
    subject: fc.constantFrom(...SUBJECTS),
  })

  const build = (
    kind: Kind,
    b: { path: string; query: string; body: unknown; identity: Identity; subject: Subject },
    extra: Partial<RequestCase> = {},
  ): RequestCase => ({
    operation: operation.key,
    kind,
    method: operation.method,
    url: b.query ? `${b.path}?${b.query}` : b.path,
    identity: b.identity,
    subject: b.subject,
    headers: {},
    ...(b.body !== undefined && {
      body: { text: toJson(b.body), contentType: 'application/json' },
    }),
    ...extra,
  })

  const valid = base.map((b) => build('valid', b))
  const almost = fc
    .tuple(base, fc.nat(), hostileValue, fc.boolean())
    .map(([b, pick, replacement, drop]) =>
      build('almost', {
        ...b,
        body: b.body === undefined ? b.body : mutateOne(b.body, pick, replacement, drop),
      }),
    )
  const hostile = fc.oneof(
    base.chain((b) =>
      hostileBody(toJson(b.body ?? {})).map((body) => build('hostile', b, { body })),
    ),
    fc
      .tuple(base, hostileQuery)
      .map(([b, query]) =>
        build('hostile', { ...b, query: b.query ? `${b.query}&${query}` : query }),
      ),
    fc
      .tuple(base, fc.tuple(...inPath.map(() => hostileSegment)))
      .map(([b, values]) =>
        build('hostile', { ...b, path: fillPath(operation.path, inPath, values) }),
      ),
    fc
      .tuple(base, forgedAuthorization)
      .map(([b, authorization]) =>
        build('hostile', { ...b, identity: 'forged' }, { authorization }),
      ),
    fc.tuple(base, hostileHeaders).map(([b, headers]) => build('hostile', b, { headers })),
  )
  return fc.oneof(valid, almost, hostile)
}

function fillPath(path: string, params: OpenAPIV3_1.ParameterObject[], values: string[]) {
  return params.reduce((filled, p, i) => filled.replace(`{${p.name}}`, values[i] ?? ''), path)
}

/** The request with every `@@known:key@@` replaced by the identities' current values. */
export function resolveKnown(
  text: string,
  known: (key: string) => string | number | undefined,
  encode: (text: string) => string = (t) => t,
) {
  return text
    .replace(/"@@known:([\w.]+)@@"/g, (_m, key: string) => JSON.stringify(known(key) ?? null))
    .replace(/@@known:([\w.]+)@@/g, (_m, key: string) => encode(String(known(key) ?? '')))
}
