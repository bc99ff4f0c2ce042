import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_WIDTHS, uploadedPhoto } from '../../contract/photos'
import { makePhotoVariants, memoryPhotoStore, type PhotoStore } from '../photos'
import { createTestApi } from '../test/harness'
import { endlessBody, gif, jpegWithGps, pngHeaderOf, pngOf, renamedPdf } from '../test/photo-files'

// An admin uploads a photo; the server trusts its bytes only, keeps no camera or GPS
// data, makes AVIF and WebP at each width, and stores nothing of a file it refuses.

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: Awaited<ReturnType<typeof t.makeAccount>>
const stored: string[] = []

function countingStore(): PhotoStore {
  const store = memoryPhotoStore()
  return {
    ...store,
    put: (name, photo) => {
      stored.push(name)
      return store.put(name, photo)
    },
  }
}

beforeAll(async () => {
  t = await createTestApi({ photos: countingStore() })
  admin = await t.makeAccount({ rol: 'admin' })
})
afterAll(() => t.close())

function upload(
  body: BodyInit,
  opts: { token?: string; type?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    'Content-Type': opts.type ?? 'image/jpeg',
    ...opts.headers,
  }
  const token = opts.token ?? admin.token
  if (token) headers.Authorization = `Bearer ${token}`
  return t.api.request('/photos', { method: 'POST', headers, body, duplex: 'half' } as RequestInit)
}

async function refusedWithNothingStored(res: Response, status: number, words: RegExp) {
  const before = stored.length
  const body = (await res.json()) as { error: string; field?: string }
  expect(res.status).toBe(status)
  expect(body.error).toMatch(words)
  expect(body.field).toBe('photo')
  expect(stored.length).toBe(before)
}

describe('POST /photos while others are being made', () => {
  it('keeps at most 4 waiting: one more upload is a 429 with Retry-After, then room again', async () => {
    const photo = await pngOf(2000, 1500)
    // One being made and five waiting (more than the 4 allowed, so the queue is still full when
    // the first is done).
    const making = Array.from({ length: 6 }, () => makePhotoVariants(photo))
    const refused = await upload(photo, { type: 'image/png' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('5')
    await Promise.all(making)
    expect((await upload(photo, { type: 'image/png' })).status).toBe(201)
  })
})

describe('POST /photos', () => {
  it('refuses a PDF renamed .jpg, whatever its Content-Type says, and stores nothing', async () => {
    const res = await upload(renamedPdf(), { type: 'image/jpeg' })
    await refusedWithNothingStored(res, 415, /PDF document, not a JPEG, PNG, WebP or AVIF/)
  })

  it('refuses a kind of image the shop does not take (GIF)', async () => {
    await refusedWithNothingStored(await upload(gif()), 415, /GIF image/)
  })

  it('refuses a 40 MB file that says its size, reading none of it', async () => {
    const { stream, counter } = endlessBody(40 * 1024 * 1024)
    const res = await upload(stream, { headers: { 'Content-Length': String(40 * 1024 * 1024) } })
    await refusedWithNothingStored(res, 413, /larger than 10 MB/)
    expect(counter.pulled).toBeLessThan(1024 * 1024)
  })

  it('refuses a 40 MB file sent in chunks, stopping at 10 MB', async () => {
    const { stream, counter } = endlessBody(40 * 1024 * 1024)
    await refusedWithNothingStored(await upload(stream), 413, /larger than 10 MB/)
    expect(counter.pulled).toBeLessThan(11 * 1024 * 1024)
  })

  it('refuses a 30,000 x 30,000 pixel image by its header, before decoding it', async () => {
    const res = await upload(pngHeaderOf(30_000, 30_000), { type: 'image/png' })
    await refusedWithNothingStored(res, 422, /30000 x 30000 pixels.*at most 50 megapixels/)
  })

  it('refuses a strip too long on one side', async () => {
    const res = await upload(pngHeaderOf(40_000, 10), { type: 'image/png' })
    await refusedWithNothingStored(res, 422, /12,000 pixels a side/)
  })

  it('refuses a JPEG cut short', async () => {
    const jpeg = await jpegWithGps()
    const res = await upload(jpeg.subarray(0, 2000))
    await refusedWithNothingStored(res, 422, /damaged or cut short/)
  })

  it('refuses an empty body, a form body, a shopper and nobody', async () => {
    await refusedWithNothingStored(await upload(new Uint8Array(0)), 400, /choose a file/)
    const form = await upload(renamedPdf(), { type: 'multipart/form-data; boundary=x' })
    expect(form.status).toBe(415)
    const shopper = await t.makeAccount()
    expect((await upload(await jpegWithGps(), { token: shopper.token })).status).toBe(403)
    expect((await upload(await jpegWithGps(), { token: '' })).status).toBe(401)
  })

  it('makes AVIF and WebP at each width from a camera JPEG, without its EXIF and GPS', async () => {
    const jpeg = await jpegWithGps(1600, 1200)
    expect((await sharp(jpeg).metadata()).exif?.includes(Buffer.from('SnapMaster'))).toBe(true)
    const res = await upload(jpeg)
    expect(res.status).toBe(201)
    const { img } = (await res.json()) as { img: string }
    const photo = uploadedPhoto(img)
    expect(photo?.widths).toEqual([...PHOTO_WIDTHS])
    for (const width of PHOTO_WIDTHS) {
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
      ] as const) {
        const served = await t.api.request(`/photos/${photo?.hash}-${width}.${format}`)
        expect(served.status).toBe(200)
        expect(served.headers.get('content-type')).toBe(type)
        expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp')
        expect(meta.width).toBe(width)
        expect(meta.height).toBe((width * 3) / 4)
        expect(meta.exif).toBeUndefined()
        expect(meta.xmp).toBeUndefined()
      }
    }
  })

  it('never enlarges a small PNG: its own width is the largest', async () => {
    const res = await upload(await pngOf(500, 400), { type: 'application/octet-stream' })
    expect(res.status).toBe(201)
    const { img } = (await res.json()) as { img: string }
    expect(img).toMatch(/-500\.webp$/)
    expect(uploadedPhoto(img)?.widths).toEqual([160, 320, 500])
  })

  it('takes a WebP and an AVIF upload', async () => {
    for (const image of [
      await sharp(await pngOf(300, 300))
        .webp()
        .toBuffer(),
      await sharp(await pngOf(300, 300))
        .avif()
        .toBuffer(),
    ]) {
      expect((await upload(image, { type: 'application/octet-stream' })).status).toBe(201)
    }
  })
})

describe('GET /photos/{name}', () => {
  it('is a 404 for a name that is not a stored variant', async () => {
    for (const name of [`${'0'.repeat(32)}-160.webp`, '..%2F..%2Fpackage.json', 'x.avif']) {
      expect((await t.api.request(`/photos/${name}`)).status).toBe(404)
    }
  })
})
