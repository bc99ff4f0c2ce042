import { createHash } from 'node:crypto'
import pLimit from 'p-limit'
import sharp, { type Metadata } from 'sharp'
import {
  LARGEST_PHOTO_WIDTH,
  PHOTO_LIMITS,
  PHOTO_PATH,
  type PhotoFormat,
  photoName,
  photoWidths,
} from '../../contract/photos'
import { photoKind } from './photo-kind'

export interface PhotoVariant {
  name: string
  format: PhotoFormat
  width: number
  body: Buffer
}

export type PhotoResult =
  | { made: true; img: string; variants: PhotoVariant[] }
  | { made: false; problem: 'not-a-photo' | 'too-many-pixels' | 'unreadable'; error: string }

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`
const SIZE_RULE = `at most ${megapixels(PHOTO_LIMITS.pixels)} and ${PHOTO_LIMITS.side.toLocaleString('en')} pixels a side`

// A 50-megapixel decode holds about 200 MB: one photo at a time, whoever uploads.
const oneAtATime = pLimit(1)

/** Uploads read and waiting for their turn: each holds up to 10 MB until it is made. */
export const PHOTOS_WAITING_MAX = 4

/** No room for one more upload to wait: it is refused before its body is read. */
export const photoQueueFull = () => oneAtATime.pendingCount >= PHOTOS_WAITING_MAX

/**
 * Checks an upload by its bytes and makes its variants: AVIF and WebP at each width, without the
 * original's metadata (camera, GPS: sharp writes none unless asked), turned upright first.
 */
export function makePhotoVariants(upload: Buffer): Promise<PhotoResult> {
  const kind = photoKind(upload)
  if (typeof kind !== 'string') {
    return Promise.resolve({
      made: false,
      problem: 'not-a-photo',
      error: `photo: the file is ${kind.other}, not a JPEG, PNG, WebP or AVIF photo`,
    })
  }
  return oneAtATime(() => fromCheckedKind(upload))
}

async function fromCheckedKind(upload: Buffer): Promise<PhotoResult> {
  const options = {
    limitInputPixels: PHOTO_LIMITS.pixels,
    autoOrient: true,
    failOn: 'error' as const,
  }
  let header: Metadata
  try {
    // Reads the header only: the size is known before a single pixel is decoded.
    header = await sharp(upload, { ...options, limitInputPixels: false }).metadata()
  } catch {
    return unreadable()
  }
  const { width, height } = header.autoOrient ?? header
  if (!width || !height) return unreadable()
  if (width * height > PHOTO_LIMITS.pixels || Math.max(width, height) > PHOTO_LIMITS.side) {
    return {
      made: false,
      problem: 'too-many-pixels',
      error: `photo: the image is ${width} x ${height} pixels; a photo may have ${SIZE_RULE}`,
    }
  }
  const largest = Math.min(width, LARGEST_PHOTO_WIDTH)
  const hash = createHash('sha256').update(upload).digest('hex').slice(0, 32)
  try {
    // Decoded once, at the largest width; every variant is made from that.
    const { data, info } = await sharp(upload, options)
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
    const variants: PhotoVariant[] = []
    for (const w of photoWidths(largest)) {
      for (const format of ['avif', 'webp'] as const) {
        const resized = sharp(data, raw).resize({ width: w })
        const body = await (format === 'avif'
          ? resized.avif({ quality: 55, effort: 3 })
          : resized.webp({ quality: 78 })
        ).toBuffer()
        variants.push({ name: photoName(hash, w, format), format, width: w, body })
      }
    }
    return { made: true, img: `${PHOTO_PATH}${photoName(hash, largest, 'webp')}`, variants }
  } catch {
    return unreadable()
  }
}

const unreadable = (): PhotoResult => ({
  made: false,
  problem: 'unreadable',
  error: 'photo: the file is damaged or cut short and cannot be read as an image',
})
