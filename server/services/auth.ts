import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { jwtVerify, SignJWT } from 'jose'
import type { Role } from '../../contract/auth'

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

// scrypt with N=2^15 takes tens of milliseconds: slow for a guesser, fine for a login.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }

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
  userName: string
  user_rol: Role
  /** The account's token version when signed; a later password change, ban or deletion raises it. */
  ver: number
}

const TOKEN_LIFETIME = '12h'

export function createTokenService(secret: Uint8Array) {
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ userName: claims.userName, user_rol: claims.user_rol, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(secret)
    },
    /** Throws on a bad signature, another algorithm (`none` included) or an expired token. */
    async verify(token: string): Promise<TokenClaims> {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
        throw new Error('token without subject or version')
      }
      return payload as unknown as TokenClaims
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>

/**
 * JWT_SECRET when set; otherwise a random secret kept in the data directory so tokens outlive
 * a restart. There is never a fixed default.
 */
export function loadJwtSecret(jwtSecret: string | undefined, dataDir: string): Uint8Array {
  if (jwtSecret) return new TextEncoder().encode(jwtSecret)
  if (dataDir.startsWith('memory://')) return randomBytes(32)
  const file = join(dataDir, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 })
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
