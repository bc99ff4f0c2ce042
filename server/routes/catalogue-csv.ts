import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_TOO_LARGE,
  type ImportProblem,
  type ImportRefused,
} from '../../contract/catalogue-csv'
import {
  applyImport,
  ImportConflict,
  instrumentsCsv,
  planImport,
  readInstrumentRows,
  salesCsv,
} from '../catalogue-csv'
import type { AppEnv } from '../context'
import { isForeignKeyViolation } from '../db/errors'
import { fail } from '../http-error'
import { requireAdmin } from '../middleware/auth'
import { readLimited } from '../photos'
import { shopOrigin } from '../shop-origin'

// Mounted before app.ts's body checks (JSON only, 100 KB): the import's body is a CSV file of up
// to 10 MB, read here with its own limit. Under /instruments, so a successful import drops the
// cached storefront pages as every catalogue write does (app.ts clearsStorefrontPages).
export const instrumentCsvRoutes = new Hono<AppEnv>()
export const saleCsvRoutes = new Hono<AppEnv>()

const CSV_BODY = /^text\/csv\s*(;|$)/i

function csvAnswer(c: Context<AppEnv>, name: string, body: ReadableStream<Uint8Array>) {
  const day = new Date().toISOString().slice(0, 10)
  c.header('Content-Type', 'text/csv; charset=utf-8')
  c.header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`)
  return c.body(body)
}

instrumentCsvRoutes.get('/export.csv', requireAdmin, (c) =>
  csvAnswer(c, 'instruments', instrumentsCsv(c.get('deps').db)),
)

saleCsvRoutes.get('/export.csv', requireAdmin, (c) =>
  csvAnswer(c, 'sales', salesCsv(c.get('deps').db)),
)

async function readCsvFile(c: Context<AppEnv>) {
  if (!CSV_BODY.test(c.req.header('content-type') ?? '')) {
    fail(415, 'Send the file as text/csv', 'Content-Type')
  }
  if (Number(c.req.header('content-length') ?? 0) > CSV_IMPORT_MAX_BYTES) {
    fail(413, CSV_TOO_LARGE, 'file')
  }
  const bytes = await readLimited(c.req.raw.body, CSV_IMPORT_MAX_BYTES)
  if (bytes === 'too-large') fail(413, CSV_TOO_LARGE, 'file')
  if (bytes.length === 0) fail(400, 'file: choose a CSV file to import', 'file')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    fail(400, 'file: the file is not UTF-8 text; save the CSV as UTF-8', 'file')
  }
  return readInstrumentRows(text)
}

// The rows the file reader refused and those the database refused (unknown category or id) are
// listed together, so one dry run shows every problem of the file.
function refuseAny(problems: ImportProblem[], outcome: string, status: 409 | 422 = 422) {
  if (problems.length === 0) return
  const rows = new Set(problems.map((p) => p.line)).size
  const body: ImportRefused = {
    error: `${outcome}: ${rows === 1 ? 'one line has' : `${rows} lines have`} problems`,
    field: 'file',
    problems: problems.sort((a, b) => a.line - b.line),
  }
  throw new HTTPException(status, { res: Response.json(body, { status }) })
}

const counted = (n: { created: number; updated: number; unchanged: number }) =>
  `${n.created} new, ${n.updated} updated, ${n.unchanged} unchanged`

// The dry run: every row checked as the import would, nothing written.
instrumentCsvRoutes.post('/import/check', requireAdmin, async (c) => {
  const read = await readCsvFile(c)
  const plan = await planImport(c.get('deps').db, read)
  refuseAny([...read.problems, ...plan.problems], 'The file cannot be imported')
  const counts = {
    created: plan.creates.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
  }
  return c.json({ ok: `Ready to import: ${counted(counts)}`, ...counts })
})

const MOVED = 'Nothing was imported: the catalogue changed while the file was being imported'

// All or nothing. Every row is checked before the transaction, which only writes: on the
// embedded database (one connection) every shopper's request waits while a transaction is open.
// What changed between the two is a 409, and the transaction rolls back.
instrumentCsvRoutes.post('/import', requireAdmin, async (c) => {
  const read = await readCsvFile(c)
  const { db, env } = c.get('deps')
  const plan = await planImport(db, read)
  refuseAny([...read.problems, ...plan.problems], 'Nothing was imported')
  try {
    const counts = await db.transaction((tx) =>
      applyImport(tx, plan, c.get('account'), shopOrigin(env)),
    )
    return c.json({ ok: `Catalogue imported: ${counted(counts)}`, ...counts })
  } catch (error) {
    if (error instanceof ImportConflict) refuseAny(error.problems, MOVED, 409)
    if (isForeignKeyViolation(error)) {
      fail(409, `${MOVED} (a category it names was deleted); check the file again`, 'category')
    }
    throw error
  }
})
