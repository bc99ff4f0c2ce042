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

const TIMEOUT_MS = 20_000

// The server renderer's API address, as ky's prefixUrl makes it: worked out once, not per call.
const SERVER_PREFIX = `${new URL(baseUrl, 'http://localhost').toString().replace(/\/$/, '')}/`

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
      timeout: TIMEOUT_MS,
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
  if (loaded && error instanceof loaded.HTTPError) return refusal(error.response)
  return unreachable()
}

async function refusal(response: Response): Promise<ApiError> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown; field?: unknown } | null
  if (response.status === 401) useSessionStore.getState().signOut()
  const message =
    typeof body?.error === 'string' ? body.error : `${response.status} ${response.statusText}`
  return new ApiError(
    message,
    response.status,
    typeof body?.field === 'string' ? body.field : undefined,
    body,
  )
}

const unreachable = () =>
  new ApiError('The shop cannot be reached right now. Check your connection and try again.', 0)

type Method = 'get' | 'post' | 'put' | 'delete'
interface CallOptions {
  json?: unknown
  /** Bytes sent as they are (a photo); the JSON-only API takes them on one route. */
  body?: Blob | string
  searchParams?: Record<string, string | number>
  headers?: Record<string, string>
  timeout?: number
}

export async function api<T>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
  // Replaced when built: the browser's bundle keeps only ky's path.
  if (import.meta.env.SSR) return callOnServer<T>(method, path, options)
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

// The server's renderer asks the API in its own process (answerApiCallsWith): ky's timeout,
// retries, hooks and request copies are for a network, and cost CPU on every call for nothing
// (docs/decisions/2026-11-24-server-rendering.md). The same request reaches the same routes, and
// an answer that never comes fails the render after as long as ky would have waited.
async function callOnServer<T>(method: Method, path: string, options: CallOptions): Promise<T> {
  const url = new URL(path.replace(/^\//, ''), SERVER_PREFIX)
  for (const [name, value] of Object.entries(options.searchParams ?? {})) {
    url.searchParams.append(name, String(value))
  }
  const headers = new Headers(options.headers)
  headers.set('accept', 'application/json')
  const token = useSessionStore.getState().session?.token
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
  let body = options.body
  if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    headers.set('content-type', 'application/json')
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const answer = await Promise.race([
    apiFetch(url, { method: method.toUpperCase(), headers, body }),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), options.timeout ?? TIMEOUT_MS)
    }),
  ])
    .catch(() => null)
    .finally(() => clearTimeout(timer))
  if (!answer) throw unreachable()
  if (!answer.ok) throw await refusal(answer)
  const text = answer.status === 204 ? '' : await answer.text()
  return (text === '' ? '' : JSON.parse(text)) as T
}
