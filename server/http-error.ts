import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export function fail(status: ContentfulStatusCode, error: string, field?: string): never {
  throw new HTTPException(status, {
    res: Response.json(field ? { error, field } : { error }, { status }),
  })
}
