import { z } from 'zod'
import { PHOTO_ACCEPT } from '../../contract/photos'
import { messageResponse } from '../../contract/rules'
import type { Operation } from './operations'

const photoBytes = {
  schema: { type: 'string' as const, contentMediaType: 'application/octet-stream' },
}

// The one route whose body is not JSON: a photo's bytes (server/routes/photos.ts).
export const photoOperations: Record<string, Operation> = {
  'POST /photos': {
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
  },
  'GET /photos/:name': {
    summary:
      "One variant of an uploaded photo, `{hash}-{width}.{avif|webp}`, cached for a year (the name is the content's hash)",
    binary: { 200: ['image/avif', 'image/webp'] },
    responses: { 404: 'Photo not found' },
  },
}
