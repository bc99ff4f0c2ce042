import type { MiddlewareHandler } from 'hono'
import { describeRoute, type ResponsesWithResolver, resolver } from 'hono-openapi'
import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import { messageResponse } from '../../contract/rules'
import type { AppEnv } from '../context'

// What a route answers cannot be read from its handler, so each route says it beside itself:
// `.post('/login', aboutLogin, validate(loginBody), ...)`. The request body or query checked by
// `validate` is described from its own schema; app-wide answers are added in document.ts.
export interface Operation {
  summary: string
  auth?: 'user' | 'admin' | 'optional'
  /** A `contract/` schema for a JSON answer, or the sentence of an `{ error }` answer. */
  responses: Record<number, z.ZodType | string>
  html?: true
  /** A query the handler parses itself (every field optional in the document). */
  query?: z.ZodObject
  /** A body that is not JSON (a photo's bytes), described as it is. */
  requestBody?: OpenAPIV3_1.RequestBodyObject
  /** Successful answers that are not JSON: their content types. */
  binary?: Record<number, string[]>
}

export const ok = messageResponse
export const okWith = (fields: z.ZodRawShape) => messageResponse.extend(fields)
export const idOk = okWith({ id: z.number() })
export const notFound = (what: string) => ({ 404: `${what} not found` })
export const badId = 'id: must be a positive whole number'
export const tooMany = { 429: 'Too many requests: wait the seconds in Retry-After' }

const ERROR = { $ref: '#/components/schemas/Error' }
export const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR } },
})

export function describeOperation(operation: Operation): MiddlewareHandler<AppEnv> {
  const { summary, auth, query, requestBody } = operation
  return describeRoute({
    summary,
    ...(auth && { security: auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }] }),
    ...(query && { parameters: queryParameters(query) }),
    ...(requestBody && { requestBody }),
    responses: responsesOf(operation),
  })
}

function responsesOf({ responses: answers, binary, html, auth }: Operation) {
  const responses: ResponsesWithResolver = {}
  for (const [status, answer] of Object.entries(answers)) {
    // resolver: the schema becomes JSON Schema when the document is built, not at start-up.
    responses[status] =
      typeof answer === 'string'
        ? errorAnswer(answer)
        : {
            description: 'Success',
            content: {
              'application/json': { schema: resolver(answer, { options: { io: 'output' } }) },
            },
          }
  }
  for (const [status, types] of Object.entries(binary ?? {})) {
    const body = { schema: { type: 'string', contentMediaType: types[0] } } as const
    responses[status] = {
      description: 'Success',
      content: Object.fromEntries(types.map((type) => [type, body])),
    }
  }
  if (html) {
    responses['200'] = {
      description: 'An HTML page',
      content: { 'text/html': { schema: { type: 'string' } } },
    }
  }
  if (auth === 'user' || auth === 'admin') {
    // A route's own refusal with the same status (only buyers rate) is one more case of it.
    const withOwn = (status: number, refused: string) =>
      errorAnswer(typeof answers[status] === 'string' ? `${refused}. ${answers[status]}` : refused)
    responses['401'] = withOwn(401, 'No bearer token, or an expired or revoked one')
    responses['403'] = withOwn(
      403,
      auth === 'admin' ? 'Not an administrator, or a banned account' : 'A banned account',
    )
  }
  return responses
}

function queryParameters(query: z.ZodObject): OpenAPIV3_1.ParameterObject[] {
  const { properties = {} } = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' })
  return Object.entries(properties).map(([name, property]) => ({
    in: 'query',
    name,
    required: false,
    schema: property,
  })) as OpenAPIV3_1.ParameterObject[]
}
