import { createLocalJWKSet } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGoogleVerifier } from '../accounts'
import { mailOutbox } from '../db/schema/mail'
import { readEnv } from '../env'
import { createTestApi } from '../test/harness'

let t: Awaited<ReturnType<typeof createTestApi>>
beforeAll(async () => {
  t = await createTestApi({
    env: readEnv({ DATA_DIR: 'memory://', SEED: '0', E2E: '1', GOOGLE_CLIENT_ID: 'e2e-client' }),
  })
})
afterAll(() => t.close())

describe('GET /test/outbox', () => {
  it('answers the newest mails to one address first, up to the limit', async () => {
    await t.db.insert(mailOutbox).values([
      { to: 'reader@example.com', subject: 'first', text: 'one' },
      { to: 'other@example.com', subject: 'other', text: 'x' },
      { to: 'reader@example.com', subject: 'second', text: 'two' },
      { to: 'reader@example.com', subject: 'third', text: 'three' },
    ])
    const res = await t.request('GET', '/test/outbox?to=Reader@example.com&limit=2')
    expect(res.status).toBe(200)
    expect(res.body.map((m: { subject: string }) => m.subject)).toEqual(['third', 'second'])
    expect(res.body[0]).toMatchObject({ to: 'reader@example.com', text: 'three' })
  })

  it('answers 400 naming a bad limit', async () => {
    const res = await t.request('GET', '/test/outbox?limit=zero')
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('limit')
  })
})

describe('Google stand-in', () => {
  it('signs a credential that verifies against its JWKS with the configured audience', async () => {
    const jwks = await t.request('GET', '/test/google-jwks')
    expect(jwks.status).toBe(200)
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' })
    expect(jwks.body.keys[0].d).toBeUndefined()
    const res = await t.request('POST', '/test/google-credential', {
      body: { email: 'lucia@example.com', given_name: 'Lucia' },
    })
    expect(res.status).toBe(200)
    const verifier = createGoogleVerifier({
      clientId: 'e2e-client',
      keys: createLocalJWKSet(jwks.body),
    })
    const identity = await verifier.verify(res.body.credential)
    expect(identity).toMatchObject({ email: 'lucia@example.com', userName: 'Lucia' })
    const again = await t.request('POST', '/test/google-credential', {
      body: { email: 'lucia@example.com' },
    })
    expect((await verifier.verify(again.body.credential)).sub).toBe(identity.sub)
  })

  it('uses the given aud, which a verifier for another client refuses', async () => {
    const jwks = await t.request('GET', '/test/google-jwks')
    const res = await t.request('POST', '/test/google-credential', {
      body: { email: 'lucia@example.com', aud: 'another-client' },
    })
    const verifier = createGoogleVerifier({
      clientId: 'e2e-client',
      keys: createLocalJWKSet(jwks.body),
    })
    await expect(verifier.verify(res.body.credential)).rejects.toThrow()
  })
})

describe('without E2E=1', () => {
  it('has no /test routes', async () => {
    const plain = await createTestApi()
    try {
      expect((await plain.request('GET', '/test/outbox')).status).toBe(404)
      expect((await plain.request('GET', '/test/google-jwks')).status).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
