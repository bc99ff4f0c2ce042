import { finished } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { CsvError, type Options, parse } from 'csv-parse'
import { z } from 'zod'
import { instrumentCreateBody, instrumentUpdateBody } from '../../contract/catalog'
import {
  type ImportProblem,
  INSTRUMENT_CSV_COLUMNS,
  type InstrumentCsvColumn,
  OPTIONAL_IMPORT_COLUMNS,
} from '../../contract/catalogue-csv'
import { idField } from '../../contract/rules'
import { restoreFormula } from './cells'

const blankIsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

// A row is a whole instrument, checked by the create API's rules; an id makes it an update of
// that instrument, and isBanned is the edit API's field.
export const instrumentCsvRow = instrumentCreateBody.extend({
  id: z.preprocess(blankIsMissing, idField.optional()),
  isBanned: z.preprocess(blankIsMissing, instrumentUpdateBody.shape.isBanned),
})
export type InstrumentCsvRow = z.output<typeof instrumentCsvRow>

export interface ReadRows {
  columns: InstrumentCsvColumn[]
  rows: { line: number; row: InstrumentCsvRow }[]
  problems: ImportProblem[]
}

const KNOWN = new Set<string>(INSTRUMENT_CSV_COLUMNS)
const LINE_BREAK = /\r\n|\r|\n/g

/** An import is one transaction: a larger file would hold the catalogue's rows too long. */
export const MAX_IMPORT_ROWS = 50_000

// Characters parsed between two turns of the event loop: parsed in one go, a large file holds the
// main thread, and every shopper's request waits for it; a slice takes a few milliseconds.
const PARSE_SLICE = 32 * 1024

type CsvRecord = { record: string[]; raw: string }

async function parseInTurns(text: string, options: Options): Promise<CsvRecord[]> {
  const records: CsvRecord[] = []
  let failure: unknown
  const parser = parse(options)
    .on('data', (record: CsvRecord) => records.push(record))
    .on('error', (error) => {
      failure = error
    })
  for (let at = 0; at < text.length && failure === undefined; at += PARSE_SLICE) {
    parser.write(text.slice(at, at + PARSE_SLICE))
    await nextTurn()
  }
  if (failure === undefined) {
    parser.end()
    await finished(parser).catch(() => {})
  }
  if (failure !== undefined) throw failure
  return records
}

/** The file's rows, each checked on its own; every problem found, with the line it starts on. */
export async function readInstrumentRows(text: string): Promise<ReadRows> {
  let records: CsvRecord[]
  try {
    // With raw, each record comes with its text: its line breaks give the next record's line.
    records = await parseInTurns(text, {
      bom: true,
      raw: true,
      relax_column_count: true,
      delimiter: delimiterOf(text),
    })
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const line = (error as CsvError & { lines?: number }).lines ?? 1
    return fileProblem(line, `the file is not readable CSV (${error.message})`)
  }
  let line = 1
  const lines = records.map(({ raw }) => {
    const start = line
    line += raw.match(LINE_BREAK)?.length ?? 0
    return start
  })
  const filled = records
    .map(({ record }, i) => ({ cells: record, line: lines[i] ?? 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''))
  const [head, ...body] = filled
  if (!head) return fileProblem(1, 'the file is empty: the first line names the columns')
  const header = head.cells.map((name) => name.trim())
  const problems = headerProblems(header, head.line)
  if (problems.length > 0) return { columns: [], rows: [], problems }
  if (body.length === 0)
    return fileProblem(head.line, 'the file has no instruments below its header')
  if (body.length > MAX_IMPORT_ROWS) {
    return fileProblem(
      head.line,
      `the file has ${body.length.toLocaleString('en')} instruments: at most ${MAX_IMPORT_ROWS.toLocaleString('en')} an import`,
    )
  }
  const columns = header as InstrumentCsvColumn[]
  const rows: ReadRows['rows'] = []
  const seenIds = new Map<number, number>()
  for (const { cells, line } of body) {
    if (cells.length !== columns.length) {
      problems.push({
        line,
        field: 'row',
        error: `has ${cells.length} cells where the header has ${columns.length}`,
      })
      continue
    }
    const fields = Object.fromEntries(columns.map((c, i) => [c, cellValue(c, cells[i] ?? '')]))
    const parsed = instrumentCsvRow.safeParse(fields)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ line, field: String(issue.path[0] ?? 'row'), error: issue.message })
      }
      continue
    }
    const { id } = parsed.data
    const earlier = id === undefined ? undefined : seenIds.get(id)
    if (earlier !== undefined) {
      problems.push({ line, field: 'id', error: `instrument ${id} is on line ${earlier} too` })
      continue
    }
    if (id !== undefined) seenIds.set(id, line)
    rows.push({ line, row: parsed.data })
  }
  return { columns, rows, problems }
}

// Excel writes the list separator of the machine's region: a semicolon where the decimal mark is
// a comma. The header names hold neither, so its first line tells which one the file uses.
function delimiterOf(text: string) {
  const header = text.slice(0, text.search(/\r|\n|$/))
  return header.includes(';') && !header.includes(',') ? ';' : ','
}

// A spreadsheet turns true and false into its own TRUE and FALSE when it saves the file again.
function cellValue(column: InstrumentCsvColumn, cell: string) {
  const value = restoreFormula(cell)
  return column === 'isBanned' ? value.trim().toLowerCase() : value
}

function headerProblems(header: string[], line: number): ImportProblem[] {
  const problems: ImportProblem[] = []
  header.forEach((name, i) => {
    if (!KNOWN.has(name)) {
      problems.push({
        line,
        field: name || `column ${i + 1}`,
        error: `is not a column of the catalogue (${INSTRUMENT_CSV_COLUMNS.join(', ')})`,
      })
    } else if (header.indexOf(name) !== i) {
      problems.push({ line, field: name, error: 'is named twice in the header' })
    }
  })
  for (const column of INSTRUMENT_CSV_COLUMNS) {
    if (!header.includes(column) && !OPTIONAL_IMPORT_COLUMNS.includes(column)) {
      problems.push({ line, field: column, error: 'is missing from the header' })
    }
  }
  return problems
}

function fileProblem(line: number, error: string): ReadRows {
  return { columns: [], rows: [], problems: [{ line, field: 'file', error }] }
}
