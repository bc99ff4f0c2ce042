import { Hono } from 'hono'
import type { OpenAPIV3_1 } from 'openapi-types'
import type { AppEnv } from '../context'
import { docsPage } from '../openapi/docs-page'
import { describeApi } from '../openapi/document'

// GET /openapi.json and GET /docs: the description of `api` itself, built on the first request
// (so every route mounted by then is in it) and kept.
export function openApiRoutes(api: Hono<AppEnv>) {
  let document: Promise<OpenAPIV3_1.Document> | undefined
  const described = () => {
    document ??= describeApi(api as unknown as Hono<never>)
    return document
  }
  return new Hono<AppEnv>()
    .get('/openapi.json', async (c) => c.json(await described()))
    .get('/docs', async (c) => c.html(docsPage(await described())))
}
