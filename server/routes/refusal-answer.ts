import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Refusal } from '../refusal'

export interface RefusalAnswer {
  status: ContentfulStatusCode
  body: { error: string; field?: string }
  headers?: Record<string, string>
}

// The one place a domain's refusal becomes an HTTP status (README, "Card payments").
export function refusalAnswer(refusal: Refusal): RefusalAnswer {
  switch (refusal.kind) {
    case 'invalid':
      return { status: 400, body: { error: refusal.error, field: refusal.field } }
    case 'not_found':
      return { status: 404, body: { error: refusal.error } }
    case 'conflict':
    case 'not_allowed':
      return { status: 409, body: { error: refusal.error } }
    case 'key_reused':
      return { status: 422, body: { error: refusal.error } }
    case 'too_many_holds':
      return {
        status: 429,
        body: { error: refusal.error },
        headers: { 'Retry-After': String(refusal.retryAfterSeconds) },
      }
  }
}
