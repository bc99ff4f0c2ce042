import { createOpenApiHttp } from 'openapi-msw'
import type { paths } from '../../contract/openapi-paths'

/**
 * MSW's `http`, typed by the API description (contract/openapi-paths.ts): a handler for a path the
 * API lacks, or an answer with a status or body it never gives, does not compile. `*` matches any
 * origin, so the same handlers serve the browser, Node and Playwright.
 */
export const http = createOpenApiHttp<paths>({ baseUrl: '*' })
