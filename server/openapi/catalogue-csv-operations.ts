import {
  CSV_IMPORT_MAX_BYTES,
  INSTRUMENT_CSV_COLUMNS,
  importRefused,
  importSummary,
  SALE_CSV_COLUMNS,
} from '../../contract/catalogue-csv'
import type { Operation } from './operations'

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

// The catalogue in bulk (server/routes/catalogue-csv.ts): CSV out, streamed, and CSV in.
export const catalogueCsvOperations: Record<string, Operation> = {
  'GET /instruments/export.csv': {
    summary: `Every instrument, bans included, as a CSV download (streamed, read from the database a page at a time), columns ${INSTRUMENT_CSV_COLUMNS.join(', ')}; category by name. A cell that would start a spreadsheet formula (=, +, -, @, tab, carriage return) starts with ' instead; the import takes it off`,
    auth: 'admin',
    binary: { 200: ['text/csv'] },
    responses: {},
  },
  'GET /sales/export.csv': {
    summary: `Every sale line with its sale as a CSV download (streamed), columns ${SALE_CSV_COLUMNS.join(', ')}; money in dollars, times in ISO 8601 UTC; formulas neutralised as in the instruments export`,
    auth: 'admin',
    binary: { 200: ['text/csv'] },
    responses: {},
  },
  'POST /instruments/import/check': {
    summary:
      'The dry run of an import: checks every row with the instrument create/edit rules and says how many instruments it would add, update and leave unchanged; nothing is written. A 422 lists every problem with its line and column',
    auth: 'admin',
    requestBody: importBody,
    responses: { 200: importSummary, ...importErrors },
  },
  'POST /instruments/import': {
    summary:
      'Import the catalogue from CSV, all or nothing: every row is checked first, and one bad row refuses the whole file (422, each problem with its line and column, nothing changed); then one short transaction writes it. An instrument or category deleted between the check and the write is a 409 (nothing changed). A restock from 0 mails the back-in-stock alerts; one audit row (instrument.import) records the counts and ids',
    auth: 'admin',
    requestBody: importBody,
    responses: {
      200: importSummary,
      ...importErrors,
      409: importRefused,
    },
  },
}
