import { stringify } from 'csv-stringify/sync'
import { neutraliseFormula } from './cells'

/** Rows read per query: a page of the export is one query and one chunk of the answer. */
export const EXPORT_BATCH = 1000

// Excel reads a CSV as the machine's legacy code page unless it starts with a byte order mark;
// the import skips it.
const BOM = '\uFEFF'

/**
 * Reads a table in pages of `EXPORT_BATCH` by its key, each page after the last key seen: no
 * OFFSET that rereads what came before, and never more than one page in memory.
 */
export async function* keysetPages<Row, Key>(
  readPage: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row[]> {
  let after: Key | undefined
  for (;;) {
    const page = await readPage(after, EXPORT_BATCH)
    if (page.length > 0) yield page
    const last = page.at(-1)
    if (!last || page.length < EXPORT_BATCH) return
    after = keyOf(last)
  }
}

/**
 * A CSV answer body that reads the next page only when the client has taken the last one
 * (a pull stream with no read-ahead beyond one chunk), so 100,000 rows cost one page of memory.
 */
export function csvStream(
  columns: readonly string[],
  pages: AsyncIterable<(string | number | boolean | null)[][]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = pages[Symbol.asyncIterator]()
  const line = (rows: (string | number | boolean | null)[][]) =>
    encoder.encode(
      stringify(
        rows.map((row) => row.map((cell) => neutraliseFormula(cell === null ? '' : String(cell)))),
      ),
    )
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(BOM))
        controller.enqueue(line([[...columns]]))
        return
      }
      try {
        const { done, value } = await iterator.next()
        if (done) controller.close()
        else controller.enqueue(line(value))
      } catch (error) {
        // The status line is sent: the download ends short and the browser reports it failed.
        console.error(error)
        controller.error(error)
      }
    },
    async cancel() {
      await iterator.return?.(undefined)
    },
  })
}
