import { mutationOptions } from '@tanstack/react-query'
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_TOO_LARGE,
  type ImportProblem,
  type ImportRefused,
  type ImportSummary,
} from '../../contract/catalogue-csv'
import { downloadApiFile, nameOfTheDay } from './download'
import { ApiError, api } from './http'
import { instrumentQueries } from './instruments'

/** The problems of a refused import, or none when the error was something else. */
export function importProblems(error: unknown): ImportProblem[] {
  if (!(error instanceof ApiError) || error.status !== 422) return []
  return (error.body as ImportRefused | undefined)?.problems ?? []
}

// Two minutes: the import checks and writes 10,000 rows in a few seconds, a slow link adds more.
// The file is read here, so a file over the limit is refused before it is sent.
const sendFile = async (path: string, file: Blob) => {
  if (file.size > CSV_IMPORT_MAX_BYTES) throw new ApiError(CSV_TOO_LARGE, 413, 'file')
  return api<ImportSummary>('post', path, {
    body: await file.text(),
    headers: { 'Content-Type': 'text/csv' },
    timeout: 120_000,
  })
}

export const catalogueCsvMutations = {
  check: () =>
    mutationOptions({
      mutationFn: (file: Blob) => sendFile('instruments/import/check', file),
      meta: { errorToast: false },
    }),
  run: () =>
    mutationOptions({
      mutationFn: (file: Blob) => sendFile('instruments/import', file),
      meta: { invalidates: [instrumentQueries.all()], errorToast: false },
    }),
}

/** Saves an export under the day's name, as a download of the browser's. */
export const downloadCsv = (what: 'instruments' | 'sales') =>
  downloadApiFile(`${what}/export.csv`, nameOfTheDay(what, 'csv'))
