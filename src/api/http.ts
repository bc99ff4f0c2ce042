import type { HTTPError, KyInstance } from 'ky'
import { useSessionStore } from '../stores/session'

/** A failed API call, with the server's `error` text (docs/architecture.md: `{ error }`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Query meta of an answer that depends on who asks: dropped when the session ends. */
export const accountScoped = { accountScoped: true } as const

const baseUrl = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

let apiFetch: typeof fetch = (input, init) => globalThis.fetch(input, init)

/** Server rendering: the API answers in the same process instead of over the network. */
export function answerApiCallsWith(fetchApi: typeof fetch) {
  apiFetch = fetchApi
}

let client: Promise<{ http: KyInstance; HTTPError: typeof HTTPError }> | undefined

/**
 * The one HTTP client: the API base, the session's bearer token, and every failure turned into
 * an ApiError carrying the server's message. A 401 ends the session (expired or revoked token).
 * ky is loaded with the first call: a page opens with its data from the server, not from here.
 */
function httpClient() {
  client ??= import('ky').then(({ default: ky, HTTPError: httpError }) => ({
    HTTPError: httpError,
    http: ky.create({
      prefixUrl: new URL(baseUrl, globalThis.location?.origin ?? 'http://localhost').toString(),
      retry: 0,
      timeout: 20_000,
      fetch: (input, init) => apiFetch(input, init),
      hooks: {
        beforeRequest: [
          (request) => {
            const token = useSessionStore.getState().session?.token
            if (token && !request.headers.has('Authorization')) {
              request.headers.set('Authorization', `Bearer ${token}`)
            }
          },
        ],
      },
    }),
  }))
  // Offline when it first loads: the next call tries again.
  client.catch(() => {
    client = undefined
  })
  return client
}

/** Turns anything a call threw into an ApiError a person can read. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error
  const loaded = await httpClient().catch(() => null)
  if (loaded && error instanceof loaded.HTTPError) {
    const body = (await error.response
      .clone()
      .json()
      .catch(() => null)) as { error?: unknown; field?: unknown } | null
    if (error.response.status === 401) useSessionStore.getState().signOut()
    const message =
      typeof body?.error === 'string'
        ? body.error
        : `${error.response.status} ${error.response.statusText}`
    return new ApiError(
      message,
      error.response.status,
      typeof body?.field === 'string' ? body.field : undefined,
    )
  }
  return new ApiError(
    'The shop cannot be reached right now. Check your connection and try again.',
    0,
  )
}

/** Calls the API and returns its JSON, throwing ApiError on failure. */
export async function api<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: {
    json?: unknown
    searchParams?: Record<string, string | number>
    headers?: Record<string, string>
  } = {},
): Promise<T> {
  try {
    const { http } = await httpClient()
    return await http(path.replace(/^\//, ''), { method, ...options }).json<T>()
  } catch (error) {
    throw await toApiError(error)
  }
}
