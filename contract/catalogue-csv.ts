import { z } from 'zod'
import { errorResponse, messageResponse } from './rules'
import { SALE_PRICE_PARTS } from './sales'

// The catalogue in bulk: the CSV columns, the import's limit and its answers. The
// rules each row meets are the instrument create/edit API's own (contract/catalog.ts).

/** The export's columns, in order; an import takes them in any order. */
export const INSTRUMENT_CSV_COLUMNS = [
  'id',
  'name',
  'brand',
  'price',
  'img',
  'description',
  'stock',
  'status',
  'category',
  'isBanned',
  'lowStockThreshold',
] as const
export type InstrumentCsvColumn = (typeof INSTRUMENT_CSV_COLUMNS)[number]

/**
 * An import may leave these out: no id makes every row new; without isBanned or
 * lowStockThreshold an updated row keeps its own and a new one gets the default.
 */
export const OPTIONAL_IMPORT_COLUMNS: readonly InstrumentCsvColumn[] = [
  'id',
  'isBanned',
  'lowStockThreshold',
]

/** One row a sale line: the sale's fields repeat on each of its lines. */
export const SALE_CSV_COLUMNS = [
  'saleId',
  'createdAt',
  'status',
  'fulfilment',
  'cost',
  'refunded',
  'cus_name',
  'cus_email',
  'cus_phone',
  'cus_address',
  'cus_city',
  'cus_country',
  'cus_zip',
  'instrumentId',
  'name',
  'brand',
  'price',
  'count',
  'refundedUnits',
  // The sale's price (the same on each of its lines) and the line's share, appended so older
  // readers of the file keep their columns.
  ...SALE_PRICE_PARTS,
  'lineDiscount',
  'lineTax',
] as const

/** 10 MB: some 30,000 instruments of usual length; a larger catalogue goes in several files. */
export const CSV_IMPORT_MAX_BYTES = 10 * 1024 * 1024
export const CSV_TOO_LARGE = 'file: the CSV is larger than 10 MB; split it into several files'

export const importProblem = z.object({
  /** The file's line where the row starts (the header is line 1). */
  line: z.number(),
  /** The column, or `row` or `file` when the problem is not one cell's. */
  field: z.string(),
  error: z.string(),
})
export type ImportProblem = z.infer<typeof importProblem>

/** The dry run's answer (what the import would do) and the import's (what it did). */
export const importSummary = messageResponse.extend({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
})
export type ImportSummary = z.infer<typeof importSummary>

/** A file with bad rows is refused whole; every problem found is listed. */
export const importRefused = errorResponse.extend({ problems: z.array(importProblem) })
export type ImportRefused = z.infer<typeof importRefused>
