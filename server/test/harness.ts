import { randomBytes } from 'node:crypto'
import { asc } from 'drizzle-orm'
import postgres from 'postgres'
import {
  createGoogleVerifier,
  createTokenService,
  type GoogleVerifier,
  hashPassword,
} from '../accounts'
import { createApi } from '../app'
import { createPageCache } from '../cache/page-cache'
import type { Deps } from '../context'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { mailOutbox } from '../db/schema/mail'
import { readEnv } from '../env'
import { createTestPayment } from '../payments'
import { memoryPhotoStore } from '../photos'
import { createThrottle } from '../throttles/throttle'
import { throttleRules } from '../throttles/throttle-rules'

/**
 * A fresh API on a fresh database for one test file: in-memory PGlite, or a new schema of a real
 * PostgreSQL when TEST_DATABASE_URL is set (the same suite runs on both).
 */
export async function createTestApi(
  overrides: Partial<Deps> = {},
  opts: { productionLimits?: boolean; now?: () => number } = {},
) {
  const handle = await openTestDatabase()
  const env = readEnv({ DATA_DIR: 'memory://', SEED: '0' })
  const google: GoogleVerifier = createGoogleVerifier({
    clientId: undefined,
    keys: 'https://example.invalid/jwks',
  })
  const deps: Deps = {
    db: handle.db,
    env,
    tokens: createTokenService(randomBytes(32)),
    payment: createTestPayment(),
    google,
    // Every test request comes from one address, as an e2e run does: per-address limits raised,
    // per-account and per-recipient ones as in production.
    throttle: createThrottle(
      handle.db,
      throttleRules({ E2E: opts.productionLimits ? '0' : '1' }),
      opts.now,
    ),
    pageCache: createPageCache({ ttlMs: 5_000, maxEntries: 100 }),
    photos: memoryPhotoStore(),
    ...overrides,
  }
  const api = createApi(deps)

  async function request(
    method: string,
    path: string,
    opts: {
      body?: unknown
      token?: string
      headers?: Record<string, string>
      /** The client's address (the socket's), for the per-address limits. */
      address?: string
    } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`
    const res = await api.request(
      path,
      { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
      { incoming: { socket: { remoteAddress: opts.address ?? '127.0.0.1' } } },
    )
    const text = await res.text()
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered
    let body: any
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    return { status: res.status, body, headers: res.headers }
  }

  let accountCounter = 0
  // scrypt is slow on purpose; tests that make many accounts share one hash per password.
  const hashes = new Map<string, Promise<string>>()
  const cachedHash = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password))
    return hashes.get(password) as Promise<string>
  }
  /** Makes an account directly in the database and returns it with a signed token. */
  async function makeAccount(
    opts: {
      rol?: 'user' | 'admin' | 'banned'
      kind?: 'user' | 'admin'
      userName?: string
      password?: string
      /** The address proved by its verification link (a fresh sign-up's is not). */
      verified?: boolean
    } = {},
  ) {
    accountCounter += 1
    const rol = opts.rol ?? 'user'
    const kind = opts.kind ?? (rol === 'admin' ? 'admin' : 'user')
    const userName = opts.userName ?? `${kind}${accountCounter}${randomBytes(2).toString('hex')}`
    const password = opts.password ?? 'secret123'
    const [row] = await deps.db
      .insert(accounts)
      .values({
        kind,
        rol,
        userName,
        email: `${userName}@example.com`,
        firstName: 'Test',
        lastName: 'Person',
        passwordHash: await cachedHash(password),
        emailVerifiedAt: opts.verified ? new Date() : null,
      })
      .returning()
    if (!row) throw new Error('account not created')
    const token = await deps.tokens.sign({
      sub: String(row.id),
      userName,
      user_rol: rol,
      ver: row.tokenVersion,
    })
    return { ...row, password, token }
  }

  /** Every mail the API wrote to the outbox, oldest first. */
  const outbox = () => deps.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))

  return { api, deps, db: deps.db, outbox, request, makeAccount, close: handle.close }
}

let databaseCounter = 0
/** In-memory PGlite, or a new database on the PostgreSQL of TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return openDatabase({ dataDir: 'memory://' })
  // One database per test file keeps parallel files apart on one PostgreSQL server.
  const name = `shop_test_${process.pid}_${Date.now()}_${databaseCounter++}`
  const server = postgres(url, { max: 1, onnotice: () => {} })
  await server.unsafe(`CREATE DATABASE "${name}"`)
  await server.end({ timeout: 5 })
  const own = new URL(url)
  own.pathname = `/${name}`
  return openDatabase({ databaseUrl: own.toString(), dataDir: 'memory://' })
}
