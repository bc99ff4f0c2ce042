import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { jwtVerify, SignJWT } from 'jose'
import pLimit from 'p-limit'
import type { Role } from '../../contract/auth'
import type { Database } from '../db/client'
import { sharedSetting } from '../db/settings'

const scryptUnlimited = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

// scrypt with N=2^15 takes tens of milliseconds: slow for a guesser, fine for a login.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }

// Two hashes at a time and a short queue: a flood of logins waits or is told the server is busy
// instead of slowing every login, a real person's included.
const hashing = pLimit(2)
export const MAX_WAITING_HASHES = 32

export class HashQueueFullError extends Error {
  constructor() {
    super('Too many password checks waiting')
  }
}

const scryptAsync: typeof scryptUnlimited = (...args) => {
  if (hashing.pendingCount >= MAX_WAITING_HASHES) return Promise.reject(new HashQueueFullError())
  return hashing(() => scryptUnlimited(...args))
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, 32, SCRYPT)
  return `scrypt$${SCRYPT.N}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false
  const [algo, n, salt, key] = stored.split('$')
  if (algo !== 'scrypt' || !n || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    ...SCRYPT,
    N: Number(n),
  })
  return timingSafeEqual(actual, expected)
}

export interface TokenClaims {
  sub: string
  jti?: string
  userName: string
  user_rol: Role
  ver: number
  exp?: number
  /** When the token was issued (seconds): a deletion without a password needs a fresh sign-in. */
  iat?: number
}

const TOKEN_LIFETIME = '12h'

export function createTokenService(secret: Uint8Array) {
  return {
    /**
     * A signature of `text` for one purpose (e.g. the device cookie), keyed by the same secret
     * as the tokens: no second secret to keep, and no purpose's signature passes for another's.
     */
    mac(purpose: string, text: string): string {
      return createHmac('sha256', secret).update(`${purpose}\n${text}`).digest('base64url')
    },
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ userName: claims.userName, user_rol: claims.user_rol, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(secret)
    },
    /** Throws on a bad signature, another algorithm (`none` included) or an expired token. */
    async verify(token: string): Promise<TokenClaims> {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.ver !== 'number' ||
        typeof payload.jti !== 'string'
      ) {
        throw new Error('token without subject, version or session id')
      }
      return payload as unknown as TokenClaims
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>

// JWT_SECRET, else a random secret kept in the database so tokens outlive restarts and every
// process signs alike; an older data-directory secret is adopted. Never a fixed default.
export async function loadJwtSecret(
  db: Database,
  env: { JWT_SECRET?: string | undefined; DATA_DIR: string },
): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET)
  const oldFile = join(env.DATA_DIR, 'jwt-secret')
  const secret = await sharedSetting(db, 'jwt_secret', () =>
    existsSync(oldFile) ? readFileSync(oldFile, 'utf8').trim() : randomBytes(48).toString('base64'),
  )
  return new TextEncoder().encode(secret)
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
