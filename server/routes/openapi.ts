import { Hono } from 'hono'
import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import type { AppEnv } from '../context'
import { describeOperation } from '../openapi/describe-operation'
import { docsPage } from '../openapi/docs-page'
import { describeApi } from '../openapi/document'

const aboutDocument = describeOperation({
  summary: 'This description (OpenAPI 3.1)',
  responses: { 200: z.object({}).loose() },
})

const aboutDocsPage = describeOperation({
  summary: 'This description as a readable page',
  html: true,
  responses: {},
})

// GET /openapi.json and GET /docs: the description of `api` itself, built on the first request
// (so every route mounted by then is in it) and kept.
export function openApiRoutes(api: Hono<AppEnv>) {
  let document: Promise<OpenAPIV3_1.Document> | undefined
  const described = () => {
    document ??= describeApi(api as unknown as Hono<never>)
    return document
  }
  return new Hono<AppEnv>()
    .get('/openapi.json', aboutDocument, async (c) => c.json(await described()))
    .get('/docs', aboutDocsPage, async (c) => c.html(docsPage(await described())))
}
