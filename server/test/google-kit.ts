import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose'
import { createGoogleVerifier } from '../accounts'

/**
 * Google stood in for tests: a verifier that trusts a key of the test's own, and credentials
 * (ID tokens) signed with it. `claims` override the verified e-mail, subject and name.
 */
export async function googleStandIn() {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }
  const google = createGoogleVerifier({
    clientId: 'test-client',
    keys: createLocalJWKSet({ keys: [jwk] }),
  })
  const credential = (claims: Record<string, unknown> = {}) =>
    new SignJWT({ email_verified: true, given_name: 'Owner', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience('test-client')
      .setSubject((claims.sub as string) ?? 'google-owner')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey)
  return { google, credential }
}

/** The `name=value` of each cookie an answer sets, ready for a request's Cookie header. */
export function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}
