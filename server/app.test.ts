import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi } from './test/harness'

describe('the API frame', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  beforeAll(async () => {
    t = await createTestApi()
  })
  afterAll(() => t.close())

  it('answers an unknown path with a JSON 404', async () => {
    const res = await t.request('GET', '/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body.error).toContain('/no-such-thing')
  })
})
