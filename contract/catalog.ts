import { z } from 'zod'
import { type SortValue, sortValues } from './limits'
import { idField, MAX_LENGTH, numberField, required, text } from './rules'

export { type SortValue, sortValues }

export const category = z.object({ id: z.number(), name: z.string(), isBanned: z.boolean() })
export type Category = z.infer<typeof category>

export const categoryCreateBody = z.object({ name: required() })
export type CategoryCreateBody = z.input<typeof categoryCreateBody>
export const categoryUpdateBody = z.object({
  id: idField,
  name: required(),
  isBanned: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
})
export type CategoryUpdateBody = z.input<typeof categoryUpdateBody>

export const review = z.object({
  id: z.number(),
  userName: z.string(),
  createdAt: z.string(),
  star: z.number(),
  comment: z.string(),
})
export type Review = z.infer<typeof review>

export const instrument = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  price: z.number(),
  img: z.string(),
  description: z.string(),
  stock: z.number(),
  status: z.enum(['New', 'Used']),
  categoryId: z.number(),
  category: category,
  categoryName: z.string(),
  isBanned: z.boolean(),
  /** Average stars, 0 when no one rated it (spelling is the spec's). */
  raiting: z.number(),
  raitingCount: z.number(),
  adminId: z.number().nullable(),
})
export type Instrument = z.infer<typeof instrument>

export const instrumentDetail = instrument.extend({ Raitings: z.array(review) })
export type InstrumentDetail = z.infer<typeof instrumentDetail>

export const searchText = text(MAX_LENGTH.name).trim()

export const instrumentPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(10),
  sort: z.enum(sortValues).catch('default'),
  // A search is refused rather than dropped: silently showing everything hides the mistake.
  category: searchText.optional(),
  name: searchText.optional(),
})
export type InstrumentPageQuery = z.infer<typeof instrumentPageQuery>

export const instrumentPage = z.object({
  items: z.array(instrument),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
})
export type InstrumentPage = z.infer<typeof instrumentPage>

/** A blank form field ('' or null) is missing, not 0: coercion alone would turn it into 0. */
const blankIsMissing = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value
const money = z.preprocess(
  blankIsMissing,
  numberField('Required').pipe(z.number().nonnegative().max(1_000_000)),
)
const stock = z.preprocess(
  blankIsMissing,
  numberField('Required').pipe(z.number().int().nonnegative().max(1_000_000)),
)

/** Stock at or below it counts as low; blank or null: the shop's default (docs/product.md §4). */
const lowStockThreshold = z
  .preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z.union([
      z.null(),
      numberField('must be a whole number').pipe(
        z.number().int('must be a whole number').min(0).max(1_000_000),
      ),
    ]),
  )
  .optional()

export const instrumentCreateBody = z.object({
  name: required(),
  brand: required(),
  price: money,
  img: required('Required', MAX_LENGTH.url),
  description: text(MAX_LENGTH.description, { multiline: true }).trim().min(1, 'Required'),
  stock,
  status: z.enum(['New', 'Used'], { message: 'Required' }),
  category: z.union([z.number().int().positive(), required()]),
  lowStockThreshold,
})
export type InstrumentCreateBody = z.input<typeof instrumentCreateBody>

export const instrumentUpdateBody = instrumentCreateBody.partial().extend({
  id: idField,
  isBanned: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional(),
  categoryId: idField.optional(),
})
export type InstrumentUpdateBody = z.input<typeof instrumentUpdateBody>

export const RATING_COMMENT_MESSAGE =
  'The comment must have more than 30 characters and less than 300'
export const raitingBody = z.object({
  instrumentId: idField,
  comment: text(1000, { multiline: true })
    .trim()
    .min(30, RATING_COMMENT_MESSAGE)
    .max(300, RATING_COMMENT_MESSAGE),
  star: numberField().pipe(z.number().int().min(1).max(5)).default(1),
  saleItemId: idField.optional(),
})
export type RaitingBody = z.input<typeof raitingBody>

export const favourite = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  description: z.string(),
  price: z.number(),
  img: z.string(),
  stock: z.number(),
  status: z.enum(['New', 'Used']),
})
export type Favourite = z.infer<typeof favourite>

// The home search box's suggestions (GET /instruments/suggestions?q=); below SUGGESTIONS_FROM
// characters (contract/limits.ts) the server answers none.
export const suggestionsQuery = z.object({ q: searchText.min(1, 'Required') })
export const suggestion = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  price: z.number(),
  img: z.string(),
})
export type Suggestion = z.infer<typeof suggestion>
