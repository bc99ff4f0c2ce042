import type { MiddlewareHandler } from 'hono'
import { resolver, uniqueSymbol } from 'hono-openapi'
import type { z } from 'zod'
import type { AppEnv } from '../context'
import { fail } from '../http-error'

type Target = 'json' | 'query'

// Parses the body (or query) with a contract schema. Bad input is a 400 that names the first
// bad field and its message, e.g. `{ "error": "email: Invalid email address", "field": "email" }`.
export function validate<T extends z.ZodType, Tg extends Target = 'json'>(
  schema: T,
  target: Tg = 'json' as Tg,
): MiddlewareHandler<
  AppEnv,
  string,
  { in: { [K in Tg]: z.input<T> }; out: { [K in Tg]: z.output<T> } }
> {
  const middleware: MiddlewareHandler = async (c, next) => {
    let input: unknown
    if (target === 'json') {
      input = await c.req.json().catch(() => fail(400, 'body: expected a JSON object', 'body'))
    } else {
      input = c.req.query()
    }
    c.req.addValidatedData(target, parseOrFail(schema, input, target) as object)
    await next()
  }
  // The mark hono-openapi looks for: the OpenAPI document describes a request with the very
  // schema that checks it (server/openapi/document.ts).
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } })
}

/**
 * As `validate(schema)`, but a request with no body at all reads as `{}`: the spec's client sends
 * some calls (DELETE /users) without one, and the answer should name the missing field.
 */
export function validateOptionalBody<T extends z.ZodType>(
  schema: T,
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  const withBody = validate(schema)
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const length = c.req.header('content-length')
    const noBody = !c.req.header('content-type') && (length === undefined || length === '0')
    if (!noBody) return withBody(c, next)
    c.req.addValidatedData('json', parseOrFail(schema, {}, 'json') as object)
    await next()
  }
  return Object.assign(middleware, { [uniqueSymbol]: { target: 'json', ...resolver(schema) } })
}

export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  return parseOrFail(schema, query, 'query')
}

function parseOrFail<T extends z.ZodType>(schema: T, input: unknown, target: string): z.output<T> {
  const parsed = schema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.join('.') || target
    fail(400, `${field}: ${issue?.message ?? 'invalid'}`, field)
  }
  return parsed.data
}
