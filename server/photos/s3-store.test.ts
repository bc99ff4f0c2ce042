import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnv } from '../env'
import { createTestApi } from '../test/harness'
import { startLocalS3 } from '../test/local-s3'
import { jpegWithGps } from '../test/photo-files'
import { createPhotoStore } from './store'

// With S3_BUCKET set, photos live in S3-compatible object storage, so every process
// of the shop serves the ones any of them stored.

let s3: Awaited<ReturnType<typeof startLocalS3>>
beforeAll(async () => {
  s3 = await startLocalS3()
})
afterAll(() => s3?.stop())

const storeOf = () => createPhotoStore(readEnv(s3.settings))

describe('the S3 photo store', () => {
  it('is the store chosen when S3_BUCKET is set', async () => {
    expect((await storeOf()).kind).toBe('s3')
  })

  it('keeps a photo one process stored for another, with its type', async () => {
    const body = new Uint8Array([1, 2, 3, 4])
    await (await storeOf()).put('round-trip.webp', { body, contentType: 'image/webp' })
    const found = await (await storeOf()).get('round-trip.webp')
    expect(found?.contentType).toBe('image/webp')
    expect([...(found?.body ?? [])]).toEqual([1, 2, 3, 4])
  })

  it('answers nothing, not an error, for a name never stored', async () => {
    expect(await (await storeOf()).get('never-stored.avif')).toBeUndefined()
  })

  it('serves through one shop process the photo uploaded through another', async () => {
    const first = await createTestApi({ photos: await storeOf() })
    const second = await createTestApi({ photos: await storeOf() })
    try {
      const admin = await first.makeAccount({ rol: 'admin' })
      const uploaded = await first.api.request('/photos', {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'image/jpeg' },
        body: await jpegWithGps(800, 600),
      })
      expect(uploaded.status).toBe(201)
      const { img } = (await uploaded.json()) as { img: string }
      const served = await second.api.request(img.replace(/^\/api/, ''))
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100)
    } finally {
      await first.close()
      await second.close()
    }
  })
})
