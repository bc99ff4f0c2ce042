import { createMiddleware } from 'hono/factory'

const JSON_TYPE = /^application\/json\s*(;|$)/i

// JSON only (415 otherwise): text/plain, url-encoded and multipart cross sites without a
// preflight, so any web page could post to the API on its visitors' behalf.
export const jsonBodiesOnly = createMiddleware(async (c, next) => {
  const type = c.req.header('content-type')
  const length = c.req.header('content-length')
  const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding')
  if (type ? !JSON_TYPE.test(type) : hasBody) {
    return c.json({ error: 'Send the body as application/json', field: 'Content-Type' }, 415)
  }
  await next()
})
