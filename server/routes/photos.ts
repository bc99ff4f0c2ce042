import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { PHOTO_ACCEPT, PHOTO_LIMITS, PHOTO_NAME } from '../../contract/photos'
import { messageResponse } from '../../contract/rules'
import type { AppEnv } from '../context'
import { fail } from '../http-error'
import { requireAdmin } from '../middleware/auth'
import { describeOperation } from '../openapi/describe-operation'
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

const photoBytes = {
  schema: { type: 'string' as const, contentMediaType: 'application/octet-stream' },
}

const aboutPhotoUpload = describeOperation({
  summary:
    "Upload an instrument's photo as its bytes (JPEG, PNG, WebP or AVIF, at most 10 MB, 50 megapixels and 12,000 pixels a side). The kind is read from the bytes, never the name or Content-Type; metadata (camera, GPS) is dropped; AVIF and WebP variants are made at 160, 320, 640, 960 and 1280 px (never wider than the original). `img` is the URL to give the instrument",
  auth: 'admin',
  requestBody: {
    required: true,
    content: { 'application/octet-stream': photoBytes, 'image/*': photoBytes },
  },
  responses: {
    201: messageResponse.extend({ img: z.string() }),
    400: 'photo: no file was sent',
    413: 'photo: the file is larger than 10 MB (reading stops there)',
    415: `photo: the file is not a JPEG, PNG, WebP or AVIF photo (the answer names what it is), or the Content-Type is not application/octet-stream or image/* (${PHOTO_ACCEPT})`,
    422: 'photo: too many pixels (the answer gives its size), or a damaged file',
    429: 'Other photos are being processed (4 wait at most): try again after Retry-After',
    503: 'The photo could not be stored right now',
  },
})

photoRoutes.post('/', aboutPhotoUpload, requireAdmin, async (c) => {
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

const aboutPhoto = describeOperation({
  summary:
    "One variant of an uploaded photo, `{hash}-{width}.{avif|webp}`, cached for a year (the name is the content's hash)",
  binary: { 200: ['image/avif', 'image/webp'] },
  responses: { 404: 'Photo not found' },
})

photoRoutes.get('/:name', aboutPhoto, async (c) => {
  const name = c.req.param('name')
  const photo = PHOTO_NAME.test(name) ? await c.get('deps').photos.get(name) : undefined
  if (!photo) fail(404, 'Photo not found')
  // The name is the content's hash: the same URL never shows another picture.
  c.header('Cache-Control', 'public, max-age=31536000, immutable')
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Content-Type', photo.contentType)
  return c.body(photo.body as Uint8Array<ArrayBuffer>)
})
