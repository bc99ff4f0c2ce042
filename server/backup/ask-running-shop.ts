import { connect, type Socket } from 'node:net'
import type { Manifest } from './archive'
import { backupSocketOf, saveArchive } from './save'

/**
 * Asks the shop running on `dataDir` for a backup into `file` (shop-backups.ts answers). Undefined
 * when no shop answers there: none runs, or one stopped without removing its socket.
 */
export async function backupFromRunningShop(
  dataDir: string,
  file: string,
): Promise<Manifest | undefined> {
  const socket = await connected(backupSocketOf(dataDir))
  if (!socket) return undefined
  const chunks = socket[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let head = Buffer.alloc(0)
  while (!head.includes(NEWLINE)) {
    const next = await chunks.next()
    if (next.done) throw new Error('The shop closed the connection without an answer')
    head = Buffer.concat([head, next.value])
  }
  const end = head.indexOf(NEWLINE)
  const status = JSON.parse(head.subarray(0, end).toString()) as { ok?: true; error?: string }
  if (!status.ok) throw new Error(`The shop could not make the backup: ${status.error}`)
  const rest = head.subarray(end + 1)
  async function* archive() {
    if (rest.length > 0) yield rest
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value
  }
  return saveArchive(archive(), file)
}

const NEWLINE = 0x0a

function connected(path: string): Promise<Socket | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(path)
    socket.once('connect', () => resolve(socket))
    socket.once('error', (error: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? resolve(undefined) : reject(error),
    )
  })
}
