import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_TOO_LARGE,
  type ImportProblem,
  type ImportRefused,
  INSTRUMENT_CSV_COLUMNS,
  importRefused,
  importSummary,
  SALE_CSV_COLUMNS,
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
import { describeOperation } from '../openapi/describe-operation'
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

const aboutInstrumentExport = describeOperation({
  summary: `Every instrument, bans included, as a CSV download (streamed, read from the database a page at a time), columns ${INSTRUMENT_CSV_COLUMNS.join(', ')}; category by name. A cell that would start a spreadsheet formula (=, +, -, @, tab, carriage return) starts with ' instead; the import takes it off`,
  auth: 'admin',
  binary: { 200: ['text/csv'] },
  responses: {},
})

instrumentCsvRoutes.get('/export.csv', aboutInstrumentExport, requireAdmin, (c) =>
  csvAnswer(c, 'instruments', instrumentsCsv(c.get('deps').db)),
)

const aboutSaleExport = describeOperation({
  summary: `Every sale line with its sale as a CSV download (streamed), columns ${SALE_CSV_COLUMNS.join(', ')}; money in dollars, times in ISO 8601 UTC; formulas neutralised as in the instruments export`,
  auth: 'admin',
  binary: { 200: ['text/csv'] },
  responses: {},
})

saleCsvRoutes.get('/export.csv', aboutSaleExport, requireAdmin, (c) =>
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

const csvFile = { schema: { type: 'string' as const, contentMediaType: 'text/csv' } }
const importBody = {
  required: true,
  description: `A CSV file (UTF-8, at most ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB) whose first line names its columns: ${INSTRUMENT_CSV_COLUMNS.join(', ')} (id, isBanned and lowStockThreshold may be left out). A row with an id updates that instrument, one without adds an instrument. category is a category's name (any case) or its id. A cell the export marked with a leading ' before =, +, -, @, tab or carriage return loses that one quote`,
  content: { 'text/csv': csvFile },
}
const importErrors = {
  400: 'file: no file, or not UTF-8 text',
  413: `file: the CSV is larger than ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  415: 'Content-Type: send the file as text/csv',
  422: importRefused,
}

const aboutImportCheck = describeOperation({
  summary:
    'The dry run of an import: checks every row with the instrument create/edit rules and says how many instruments it would add, update and leave unchanged; nothing is written. A 422 lists every problem with its line and column',
  auth: 'admin',
  requestBody: importBody,
  responses: { 200: importSummary, ...importErrors },
})

// The dry run: every row checked as the import would, nothing written.
instrumentCsvRoutes.post('/import/check', aboutImportCheck, requireAdmin, async (c) => {
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

const aboutImport = describeOperation({
  summary:
    'Import the catalogue from CSV, all or nothing: every row is checked first, and one bad row refuses the whole file (422, each problem with its line and column, nothing changed); then one short transaction writes it. An instrument or category deleted between the check and the write is a 409 (nothing changed). A restock from 0 mails the back-in-stock alerts; one audit row (instrument.import) records the counts and ids',
  auth: 'admin',
  requestBody: importBody,
  responses: {
    200: importSummary,
    ...importErrors,
    409: importRefused,
  },
})

// All or nothing. Every row is checked before the transaction, which only writes: on the
// embedded database (one connection) every shopper's request waits while a transaction is open.
// What changed between the two is a 409, and the transaction rolls back.
instrumentCsvRoutes.post('/import', aboutImport, requireAdmin, async (c) => {
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
