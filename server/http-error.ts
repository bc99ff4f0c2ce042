import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Throw from a handler: the app's error handler answers `{ error }` with this status. */
export function fail(status: ContentfulStatusCode, error: string, field?: string): never {
  throw new HTTPException(status, {
    res: Response.json(field ? { error, field } : { error }, { status }),
  })
}
