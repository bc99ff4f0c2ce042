import { Worker } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'

// PGlite is PostgreSQL compiled to WebAssembly: each query runs synchronously on the thread that
// asks. On the main thread it held up every other request meanwhile (70% of a search's time,
// a third of a rendered page's), and the machine's second core stayed idle. Here it runs in a
// thread of its own, behind the few methods drizzle and the shop call: queries (in a
// transaction or not), LISTEN, close. PGlite still takes one statement at a time, so what the
// database sees is unchanged; the main thread parses, routes and renders meanwhile
// (docs/decisions/2026-11-25-cheap-misses.md).

interface QueryOptions {
  rowMode?: 'array' | 'object'
  parsers?: Record<number, unknown>
}
interface Results {
  rows: unknown[]
  fields: { name: string; dataTypeID: number }[]
  affectedRows?: number
}
interface Queryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>
}

/** The part of PGlite's interface the shop uses, answered by the database's thread. */
export interface PgliteClient extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  listen(channel: string, onMessage: (payload: string) => void): Promise<unknown>
  /** Copies the database folder (and links the photos) between two transactions: the worker has why. */
  snapshot(into: SnapshotFolders): Promise<void>
  close(): Promise<void>
}

export interface SnapshotFolders {
  database: string
  photos?: { from: string; to: string }
}

type Answer = { id: number; result?: unknown; error?: Record<string, unknown> }

// An Error again, with the fields the shop reads (code, constraint) as its own properties.
function errorOf(fields: Record<string, unknown>) {
  return Object.assign(new Error(String(fields.message)), fields)
}

export async function openPgliteThread(dataDir: string): Promise<PgliteClient> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir },
  })
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const listeners = new Map<string, ((payload: string) => void)[]>()
  let lastId = 0
  let stopped: Error | undefined

  // An idle database thread does not keep the process alive; a query waiting for it does.
  const settle = () => (waiting.size > 0 ? worker.ref() : worker.unref())

  function ask<T>(op: string, message: Record<string, unknown> = {}): Promise<T> {
    if (stopped) return Promise.reject(stopped)
    lastId += 1
    const id = lastId
    const answered = new Promise<T>((resolve, reject) =>
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    )
    try {
      worker.postMessage({ ...message, op, id })
    } catch (error) {
      // A value that cannot cross threads (a function among the parameters): this query fails.
      waiting.delete(id)
      return Promise.reject(error)
    }
    settle()
    return answered
  }

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { ready: boolean; error?: Record<string, unknown> }) =>
      m.ready ? resolve() : reject(errorOf(m.error ?? {})),
    )
    worker.once('error', reject)
    worker.once('exit', (code) =>
      reject(new Error(`The database thread stopped (exit code ${code})`)),
    )
  })
  await ready
  worker.on('message', (m: Answer | { channel: string; payload: string }) => {
    if ('channel' in m) {
      for (const onMessage of listeners.get(m.channel) ?? []) onMessage(m.payload)
      return
    }
    const asked = waiting.get(m.id)
    waiting.delete(m.id)
    settle()
    if (m.error) asked?.reject(errorOf(m.error))
    else asked?.resolve(m.result)
  })
  const stop = (error: Error) => {
    stopped = error
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }
  worker.on('error', stop)
  worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)))
  settle()

  const queryOn =
    (tx?: number) =>
    (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      ask<Results>('query', {
        tx,
        sql,
        params,
        rowMode: options.rowMode,
        // A parser cannot cross threads; drizzle's keep the text of the types they name.
        textTypes: Object.keys(options.parsers ?? {}).map(Number),
      })

  return {
    query: queryOn(),
    async transaction(work) {
      const tx = await ask<number>('begin')
      let result: Awaited<ReturnType<typeof work>>
      try {
        result = await work({ query: queryOn(tx) })
      } catch (error) {
        await ask('end', { tx, commit: false })
        throw error
      }
      await ask('end', { tx, commit: true })
      return result
    },
    async listen(channel, onMessage) {
      const known = listeners.get(channel)
      if (known) return known.push(onMessage)
      listeners.set(channel, [onMessage])
      return ask('listen', { channel })
    },
    snapshot: (into) => ask('snapshot', { ...into }),
    async close() {
      await ask('close')
      await worker.terminate()
    },
  }
}

/** drizzle's PGlite driver takes a PGlite; of it, it calls only `query` and `transaction`. */
export const asPglite = (client: PgliteClient) => client as unknown as PGlite
