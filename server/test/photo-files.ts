import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** A camera's JPEG: maker, model and where it was taken, in its EXIF. */
export function jpegWithGps(width = 1600, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: '#b0703c' } })
    .composite([{ input: Buffer.from(stripes(width, height)), top: 0, left: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'SnapMaster 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' },
    })
    .toBuffer()
}

const stripes = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
  `<rect x="${width / 4}" width="${width / 8}" height="${height}" fill="#222"/></svg>`

export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#3c70b0' } })
    .png()
    .toBuffer()

export const renamedPdf = () =>
  Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

export const gif = () =>
  Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A decompression bomb's header: a PNG that says it is width x height, in a few bytes. */
export function pngHeaderOf(width: number, height: number) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** `total` bytes made as they are read, counting how many the reader asked for. */
export function endlessBody(total: number) {
  const piece = new Uint8Array(64 * 1024).fill(0xff)
  const counter = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close()
      counter.pulled += piece.byteLength
      controller.enqueue(piece)
    },
  })
  return { stream, counter }
}
