import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import { errorResponse } from '../../contract/rules'
import { type Operation, operations } from './operations'

type Document = OpenAPIV3_1.Document
type OperationObject = OpenAPIV3_1.OperationObject
type Responses = OpenAPIV3_1.ResponsesObject

export const API_PREFIX = '/api'
const ERROR = { $ref: '#/components/schemas/Error' }
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  return rest as OpenAPIV3_1.SchemaObject
}
const json = (schema: object) => ({ 'application/json': { schema } })
const errorAnswer = (description: string) => ({ description, content: json(ERROR) })

export const operationKey = (method: string, openApiPath: string) =>
  `${method.toUpperCase()} ${openApiPath.replace(/\{(\w+)\}/g, ':$1')}`

// Built from the registered routes: each request schema is the one its `validate` checks with,
// and `operations` adds the answers.
export async function describeApi(api: Hono<never>): Promise<Document> {
  const generated = (await generateSpecs(api as unknown as Hono, {
    includeEmptyPaths: true,
    excludeStaticFile: false,
    defaultValidationErrorResponse: errorAnswer(
      'Bad input: `error` names the first bad field and `field` is its name',
    ),
  })) as Document
  const paths: OpenAPIV3_1.PathsObject = {}
  for (const [path, item] of Object.entries(generated.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method]
      if (!operation) continue
      const described = operations[operationKey(method, path)]
      paths[`${API_PREFIX}${path}`] = {
        ...paths[`${API_PREFIX}${path}`],
        [method]: described ? describe(operation, described, method) : operation,
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Instrument Shop API',
      version: '1.0.0',
      description:
        'JSON in and out. A change answers `{ ok: "<message>", ...data }`; a failure answers a 4xx/5xx status with `{ error: "<message a person can read>" }`. Testing guide: docs/testing.md in the repository.',
    },
    paths,
    components: {
      ...generated.components,
      schemas: { ...generated.components?.schemas, Error: jsonSchema(errorResponse) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  }
}

function describe(
  generated: OperationObject,
  described: Operation,
  method: string,
): OperationObject {
  const [tag = 'api'] = operationTag(generated.operationId)
  const responses: Responses = { ...generated.responses }
  delete responses['200']
  for (const [status, answer] of Object.entries(described.responses)) {
    responses[status] =
      typeof answer === 'string'
        ? errorAnswer(answer)
        : { description: 'Success', content: json(jsonSchema(answer)) }
  }
  // Every route sits behind app.ts's body checks, whether or not it reads a body, but the photo
  // upload's, which says its own.
  responses['415'] ??= errorAnswer('A body or Content-Type that is not application/json')
  if (generated.requestBody || !['get', 'head'].includes(method)) {
    responses['413'] ??= errorAnswer('The request body is larger than 100 KB')
  }
  for (const [status, types] of Object.entries(described.binary ?? {})) {
    const body = { schema: { type: 'string', contentMediaType: types[0] } } as const
    responses[status] = {
      description: 'Success',
      content: Object.fromEntries(types.map((type) => [type, body])),
    }
  }
  responses['500'] = errorAnswer('Something went wrong on our side, please try again')
  if (described.html) {
    responses['200'] = {
      description: 'An HTML page',
      content: { 'text/html': { schema: { type: 'string' } } },
    }
  }
  if (described.auth === 'user' || described.auth === 'admin') {
    responses['401'] = errorAnswer('No bearer token, or an expired or revoked one')
    responses['403'] = errorAnswer(
      described.auth === 'admin' ? 'Not an administrator, or a banned account' : 'A banned account',
    )
  }
  const security: OpenAPIV3_1.SecurityRequirementObject[] | undefined =
    described.auth === undefined
      ? undefined
      : described.auth === 'optional'
        ? [{}, { bearer: [] }]
        : [{ bearer: [] }]
  return {
    ...generated,
    summary: described.summary,
    tags: [tag],
    ...(security && { security }),
    ...(described.query && { parameters: queryParameters(described.query) }),
    ...(described.requestBody && { requestBody: described.requestBody }),
    responses,
  }
}

const operationTag = (operationId = '') => [
  operationId
    .replace(/^[a-z]+/, '')
    .split(/(?=[A-Z])/)[0]
    ?.toLowerCase(),
]

function queryParameters(query: z.ZodObject): OpenAPIV3_1.ParameterObject[] {
  const schema = jsonSchema(query, 'input')
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    in: 'query',
    name,
    required: false,
    schema: property,
  })) as OpenAPIV3_1.ParameterObject[]
}
