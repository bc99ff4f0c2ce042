import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import { errorResponse } from '../../contract/rules'
import { errorAnswer } from './describe-operation'

type Document = OpenAPIV3_1.Document
type OperationObject = OpenAPIV3_1.OperationObject

export const API_PREFIX = '/api'
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })
  return rest as OpenAPIV3_1.SchemaObject
}

export const operationKey = (method: string, openApiPath: string) =>
  `${method.toUpperCase()} ${openApiPath.replace(/\{(\w+)\}/g, ':$1')}`

// Built from the registered routes: each request schema is the one its `validate` checks with,
// and each route's `describeOperation` (beside it in its file) adds its summary and answers.
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
      paths[`${API_PREFIX}${path}`] = {
        ...paths[`${API_PREFIX}${path}`],
        [method]: withAppAnswers(operation, method),
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

// What every route answers because of app.ts rather than itself, and the tag of its path.
function withAppAnswers(operation: OperationObject, method: string): OperationObject {
  const { operationId, summary, responses: own, ...rest } = operation
  const [tag = 'api'] = operationTag(operationId)
  const responses = { ...own }
  // Every route sits behind app.ts's body checks, whether or not it reads a body, but the photo
  // upload's, which says its own.
  responses['415'] ??= errorAnswer('A body or Content-Type that is not application/json')
  if (operation.requestBody || !['get', 'head'].includes(method)) {
    responses['413'] ??= errorAnswer('The request body is larger than 100 KB')
  }
  responses['500'] = errorAnswer('Something went wrong on our side, please try again')
  return { operationId, summary, tags: [tag], ...rest, responses }
}

const operationTag = (operationId = '') => [
  operationId
    .replace(/^[a-z]+/, '')
    .split(/(?=[A-Z])/)[0]
    ?.toLowerCase(),
]
