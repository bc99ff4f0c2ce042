import type { PHOTO_FORMATS } from '../../contract/photos'

export type PhotoKind = (typeof PHOTO_FORMATS)[number]

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte)
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to))

// Files people mistake for photos, named in the refusal so the admin knows what was sent.
const OTHER_KINDS: [string, (b: Uint8Array) => boolean][] = [
  ['a PDF document', (b) => ascii(b, 0, 5) === '%PDF-'],
  ['a GIF image', (b) => ascii(b, 0, 4) === 'GIF8'],
  ['a HEIC image', (b) => ascii(b, 4, 8) === 'ftyp' && /^hei|^mif1/.test(ascii(b, 8, 12))],
  ['an SVG drawing', (b) => /^\s*(<\?xml|<svg)/i.test(ascii(b, 0, 64))],
  [
    'a TIFF image',
    (b) => startsWith(b, [0x49, 0x49, 0x2a, 0]) || startsWith(b, [0x4d, 0x4d, 0, 0x2a]),
  ],
  ['a ZIP archive or office document', (b) => startsWith(b, [0x50, 0x4b, 3, 4])],
]

function isAvif(bytes: Uint8Array) {
  if (ascii(bytes, 4, 8) !== 'ftyp') return false
  const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), 64)
  // The major brand, or one of the compatible brands after the minor version.
  const brands = [ascii(bytes, 8, 12)]
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4))
  return brands.includes('avif') || brands.includes('avis')
}

/**
 * What a file is, from its first bytes: its name and the Content-Type the browser guessed from
 * the name say nothing (a PDF renamed photo.jpg arrives as image/jpeg).
 */
export function photoKind(bytes: Uint8Array): PhotoKind | { other: string } {
  if (bytes.length < 12) return { other: 'too short to be an image' }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (isAvif(bytes)) return 'avif'
  const other = OTHER_KINDS.find(([, matches]) => matches(bytes))
  return { other: other?.[0] ?? 'not an image this shop can read' }
}
