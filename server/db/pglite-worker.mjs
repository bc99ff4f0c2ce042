// The shop's PGlite database, in a thread of its own (pglite-thread.ts has why). Plain JavaScript:
// it loads only PGlite, so it needs no TypeScript loader. Every message names an operation and
// an id; the answer carries the same id.
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

const keepText = (value) => value
const transactions = new Map()
const ROLLBACK = Symbol('rollback')
let pg

// A parser is a function and cannot cross threads: the caller names the types it keeps as the
// text PostgreSQL sent (what drizzle asks for dates and intervals).
const optionsOf = ({ rowMode, textTypes }) => ({
  rowMode,
  parsers: Object.fromEntries((textTypes ?? []).map((type) => [type, keepText])),
})

// A DatabaseError's fields (code, constraint, detail…) are its own properties, which a thread's
// message would drop from an Error; only plain values cross (its query's options hold functions).
const plainError = (error) => {
  if (!(error instanceof Error)) return { message: String(error) }
  const plain = (value) =>
    value === null || !['object', 'function', 'symbol'].includes(typeof value)
  const fields = Object.entries(error).filter(([, value]) => plain(value))
  return { ...Object.fromEntries(fields), name: error.name, message: error.message }
}

const answer = (id, result) => parentPort.postMessage({ id, result })
const fail = (id, error) => parentPort.postMessage({ id, error: plainError(error) })

async function query({ id, tx, sql, params, ...options }) {
  const on = tx === undefined ? pg : transactions.get(tx)?.tx
  if (!on) throw new Error(`Transaction ${tx} is over`)
  const { rows, fields, affectedRows } = await on.query(sql, params, optionsOf(options))
  answer(id, { rows, fields, affectedRows })
}

// The transaction stays open, holding PGlite as its own, until the main thread ends it.
function begin({ id }) {
  let began = false
  pg.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        began = true
        transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) })
        answer(id, id)
      }),
  )
    .catch((error) => {
      if (error !== ROLLBACK) throw error
    })
    .then(
      () => transactions.get(id)?.done?.(),
      (error) => (began ? transactions.get(id)?.failed?.(error) : fail(id, error)),
    )
    .finally(() => transactions.delete(id))
}

function end({ id, tx, commit }) {
  const open = transactions.get(tx)
  if (!open) throw new Error(`Transaction ${tx} is over`)
  open.done = () => answer(id)
  open.failed = (error) => fail(id, error)
  open.end(commit)
}

async function listen({ id, channel }) {
  await pg.listen(channel, (payload) => parentPort.postMessage({ channel, payload }))
  answer(id)
}

async function close({ id }) {
  await pg.close()
  answer(id)
}

// A backup's copy of the database folder (server/backup/): taken between two transactions (PGlite's
// transaction lock, which every statement takes, is held meanwhile) and after a checkpoint, so the
// copy holds every committed transaction and needs no recovery to open. The photos are linked in
// the same pause: the copy names no photo the unused-photo job deleted meanwhile.
async function snapshot({ id, database, photos }) {
  await pg.transaction(async (tx) => {
    await tx.exec('CHECKPOINT')
    cpSync(workerData.dataDir, database, { recursive: true })
    if (photos) linkPhotos(photos.from, photos.to)
  })
  answer(id)
}

// Photos are written aside and renamed, never changed in place: a hard link is a copy that costs
// nothing (on another disk it is copied).
function linkPhotos(from, to) {
  mkdirSync(to, { recursive: true })
  if (!existsSync(from)) return
  const names = readdirSync(from, { withFileTypes: true }).filter(
    (entry) => entry.isFile() && !entry.name.startsWith('.'),
  )
  for (const { name } of names) {
    try {
      linkSync(join(from, name), join(to, name))
    } catch {
      copyFileSync(join(from, name), join(to, name))
    }
  }
}

const operations = { query, begin, end, listen, close, snapshot }

parentPort.on('message', (message) => {
  try {
    Promise.resolve(operations[message.op](message)).catch((error) => fail(message.id, error))
  } catch (error) {
    fail(message.id, error)
  }
})

try {
  // pg_trgm: the shopper's search forgives typos (migration 0008 creates it, as on PostgreSQL).
  // A buffer pool of 16 MB, not PostgreSQL's 128: PGlite's memory never shrinks, so the pool once
  // filled stays resident, and a page outside it is a read of a file the operating system caches
  // anyway (or of memory://'s own). docs/decisions/2026-11-29-search-in-the-database.md
  pg = await PGlite.create(workerData.dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  })
  parentPort.postMessage({ ready: true })
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) })
}
