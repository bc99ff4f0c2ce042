// No zod here: the storefront's first load builds its srcset from these.

/** What an administrator may upload as an instrument's photo. */
export const PHOTO_LIMITS = {
  bytes: 10 * 1024 * 1024,
  /** A 48-megapixel phone photo passes; a decompression bomb's 30,000 x 30,000 does not. */
  pixels: 50_000_000,
  /** Longest side, so a 1 x 50,000,000 strip is not a 50,000,000-pixel-wide variant. */
  side: 12_000,
} as const

export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'

/**
 * Widths of the variants, in pixels: thumbnails (cart, favourites) take 160, cards 320 to 640,
 * the product page 640 to 1280 (560 CSS px at up to 2x). A narrower original is never enlarged:
 * it gets the widths below its own, and its own width as the largest.
 */
export const PHOTO_WIDTHS = [160, 320, 640, 960, 1280] as const
export const LARGEST_PHOTO_WIDTH = Math.max(...PHOTO_WIDTHS)

export const photoWidths = (largest: number): number[] => [
  ...PHOTO_WIDTHS.filter((w) => w < largest),
  largest,
]

export const PHOTO_PATH = '/api/photos/'
// `<content hash>-<largest width>.webp`: the URL an uploaded photo's instrument keeps in `img`.
const UPLOADED = /^\/api\/photos\/([0-9a-f]{32})-(\d{1,5})\.webp$/

export type PhotoFormat = 'avif' | 'webp'
/** A stored variant's name: nothing else is ever looked up in the photo store. */
export const PHOTO_NAME = /^[0-9a-f]{32}-\d{1,5}\.(avif|webp)$/
export const photoName = (hash: string, width: number, format: PhotoFormat) =>
  `${hash}-${width}.${format}`

/** The variants of an uploaded photo's URL; undefined for any other picture URL. */
export function uploadedPhoto(img: string): { hash: string; widths: number[] } | undefined {
  const found = UPLOADED.exec(img)
  if (!found?.[1] || !found[2]) return undefined
  const largest = Number(found[2])
  if (largest < 1 || largest > LARGEST_PHOTO_WIDTH) return undefined
  return { hash: found[1], widths: photoWidths(largest) }
}

/** A srcset of every variant of one format, for <picture>'s sources. */
export function photoSrcset(photo: { hash: string; widths: number[] }, format: PhotoFormat) {
  return photo.widths
    .map((w) => `${PHOTO_PATH}${photoName(photo.hash, w, format)} ${w}w`)
    .join(', ')
}
