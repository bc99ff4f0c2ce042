import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { PHOTO_LIMITS, PHOTO_NAME } from '../../contract/photos'
import type { AppEnv } from '../context'
import { fail } from '../http-error'
import { requireAdmin } from '../middleware/auth'
import { makePhotoVariants, photoQueueFull, readLimited, typeOfName } from '../photos'

export const PHOTO_TOO_LARGE = `photo: the file is larger than ${PHOTO_LIMITS.bytes / 1024 / 1024} MB`
// Form and text types cross sites without a preflight (json-bodies.ts): a photo comes as bytes.
const PHOTO_BODY = /^(application\/octet-stream|image\/[\w.+-]+)\s*(;|$)/i
const STATUS = { 'not-a-photo': 415, 'too-many-pixels': 422, unreadable: 422 } as const

/** Mounted before app.ts's body checks: the one route whose body is neither JSON nor small. */
export const photoRoutes = new Hono<AppEnv>()

// A photo takes a second or two to make: by then one of the waiting ones has had its turn.
const QUEUE_RETRY_S = 5

function refuseWhileQueueFull() {
  if (!photoQueueFull()) return
  throw new HTTPException(429, {
    res: Response.json(
      { error: `Other photos are being processed: try again in ${QUEUE_RETRY_S} seconds` },
      { status: 429, headers: { 'Retry-After': String(QUEUE_RETRY_S) } },
    ),
  })
}

photoRoutes.post('/', requireAdmin, async (c) => {
  if (!PHOTO_BODY.test(c.req.header('content-type') ?? '')) {
    fail(415, 'Send the photo as its bytes, application/octet-stream or image/*', 'Content-Type')
  }
  refuseWhileQueueFull()
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > PHOTO_LIMITS.bytes) fail(413, PHOTO_TOO_LARGE, 'photo')
  const upload = await readLimited(c.req.raw.body, PHOTO_LIMITS.bytes)
  if (upload === 'too-large') fail(413, PHOTO_TOO_LARGE, 'photo')
  if (upload.length === 0) fail(400, 'photo: choose a file to upload', 'photo')
  // Others may have queued while this one was read.
  refuseWhileQueueFull()
  const result = await makePhotoVariants(upload)
  if (!result.made) fail(STATUS[result.problem], result.error, 'photo')
  const { photos } = c.get('deps')
  try {
    // Every variant or the URL is never answered; a half-stored photo is only unused files
    // under names no instrument points to.
    await Promise.all(
      result.variants.map((v) =>
        photos.put(v.name, { body: v.body, contentType: typeOfName(v.name) }),
      ),
    )
  } catch (error) {
    console.error(error)
    fail(503, 'The photo could not be stored right now, please try again')
  }
  return c.json({ ok: 'Photo uploaded', img: result.img }, 201)
})

photoRoutes.get('/:name', async (c) => {
  const name = c.req.param('name')
  const photo = PHOTO_NAME.test(name) ? await c.get('deps').photos.get(name) : undefined
  if (!photo) fail(404, 'Photo not found')
  // The name is the content's hash: the same URL never shows another picture.
  c.header('Cache-Control', 'public, max-age=31536000, immutable')
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Content-Type', photo.contentType)
  return c.body(photo.body as Uint8Array<ArrayBuffer>)
})
