import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose'

export interface GoogleIdentity {
  sub: string
  email: string
  userName: string
}

export interface GoogleVerifier {
  readonly configured: boolean
  verify(credential: string): Promise<GoogleIdentity>
}

// Checks a Google ID token's signature against Google's key set, its issuer and its audience
// (our client id). `keys` is swappable so tests sign credentials with a key of their own.
export function createGoogleVerifier(opts: {
  clientId: string | undefined
  keys: JWTVerifyGetKey | string
}): GoogleVerifier {
  const keys = typeof opts.keys === 'string' ? createRemoteJWKSet(new URL(opts.keys)) : opts.keys
  return {
    configured: Boolean(opts.clientId),
    async verify(credential) {
      if (!opts.clientId) throw new Error('Google sign-in is not configured')
      const { payload } = await jwtVerify(credential, keys, {
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: opts.clientId,
      })
      const email = typeof payload.email === 'string' ? payload.email : ''
      // Only an address Google has verified may sign in to (or be linked with) a shop account.
      if (!payload.sub || !email || payload.email_verified !== true) {
        throw new Error('Google did not confirm an e-mail address')
      }
      const given = typeof payload.given_name === 'string' ? payload.given_name : ''
      const name = typeof payload.name === 'string' ? payload.name : ''
      return { sub: payload.sub, email, userName: given || name || email.split('@')[0] || email }
    },
  }
}
