import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi } from '../test/harness'

/** The per-address limits read the client's address from the socket, or from a trusted proxy. */
describe('clientKey', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  beforeAll(async () => {
    t = await createTestApi({}, { productionLimits: true })
  })
  afterAll(() => t.close())

  // The sign-up limit is 10 per address; an empty body is refused after it is counted.
  const signUps = async (n: number, opts: { address: string; forwardedFor?: string }) => {
    const statuses: number[] = []
    for (let i = 0; i < n; i += 1) {
      const headers = opts.forwardedFor ? { 'X-Forwarded-For': opts.forwardedFor } : undefined
      const res = await t.request('POST', '/auth/register', {
        body: {},
        address: opts.address,
        ...(headers && { headers }),
      })
      statuses.push(res.status)
    }
    return statuses
  }

  it('ignores X-Forwarded-For by default: a new header value does not reset the limit', async () => {
    await signUps(10, { address: '10.0.0.1', forwardedFor: '1.1.1.1' })
    expect(await signUps(1, { address: '10.0.0.1', forwardedFor: '2.2.2.2' })).toEqual([429])
  })

  it('counts each socket address apart', async () => {
    expect(await signUps(1, { address: '10.0.0.2' })).toEqual([400])
  })

  it('counts every address of an IPv6 /64 as one client, and a mapped IPv4 as itself', async () => {
    for (let i = 1; i <= 10; i += 1)
      await signUps(1, { address: `2001:db8:7:7::${i.toString(16)}` })
    expect(await signUps(1, { address: '2001:db8:7:7:dead:beef:0:1' })).toEqual([429])
    expect(await signUps(1, { address: '2001:db8:7:8::1' })).toEqual([400])
    await signUps(10, { address: '::ffff:10.0.0.3' })
    expect(await signUps(1, { address: '10.0.0.3' })).toEqual([429])
  })

  it('with TRUST_PROXY=1 counts the address the proxy appended, not the socket', async () => {
    t.deps.env.TRUST_PROXY = '1'
    try {
      await signUps(10, { address: '10.0.0.9', forwardedFor: 'forged, 3.3.3.3' })
      expect(await signUps(1, { address: '10.0.0.9', forwardedFor: 'other, 3.3.3.3' })).toEqual([
        429,
      ])
      expect(await signUps(1, { address: '10.0.0.9', forwardedFor: '4.4.4.4' })).toEqual([400])
    } finally {
      t.deps.env.TRUST_PROXY = undefined
    }
  })
})
