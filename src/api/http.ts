import type { HTTPError, KyInstance } from 'ky'
import { useSessionStore } from '../stores/session'

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    /** The whole error answer, for answers that say more than one message (an import's rows). */
    readonly body?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const accountScoped = { accountScoped: true } as const

const baseUrl = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

let apiFetch: typeof fetch = (input, init) => globalThis.fetch(input, init)

export function answerApiCallsWith(fetchApi: typeof fetch) {
  apiFetch = fetchApi
}

let client: Promise<{ http: KyInstance; HTTPError: typeof HTTPError }> | undefined

// The one HTTP client: a 401 ends the session (expired or revoked token). ky loads with the
// first call: a page opens with the server's data, not from here.
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
      body,
    )
  }
  return new ApiError(
    'The shop cannot be reached right now. Check your connection and try again.',
    0,
  )
}

export async function api<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: {
    json?: unknown
    /** Bytes sent as they are (a photo); the JSON-only API takes them on one route. */
    body?: Blob | string
    searchParams?: Record<string, string | number>
    headers?: Record<string, string>
    timeout?: number
  } = {},
): Promise<T> {
  try {
    const { http } = await httpClient()
    return await http(path.replace(/^\//, ''), { method, ...options }).json<T>()
  } catch (error) {
    throw await toApiError(error)
  }
}

/** A file the API answers (a CSV export), whole, with no time limit: a large one takes a while. */
export async function apiFile(path: string): Promise<Blob> {
  try {
    const { http } = await httpClient()
    return await http(path.replace(/^\//, ''), { timeout: false }).blob()
  } catch (error) {
    throw await toApiError(error)
  }
}
