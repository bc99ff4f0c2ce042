import * as v from 'valibot'
import { MAX_LENGTH, sortValues } from '../../../contract/limits'

// No control characters: the API refuses them, and a page whose data fails is rendered anew for
// every request.
const trimmedText = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(MAX_LENGTH.name),
  v.regex(/^\P{Cc}*$/u),
)

// The home page's URL state (docs/product.md §4); a bad value falls back to its default. Valibot, not zod:
// this runs in the first load, where zod adds 15 to 25 KB gzip.
export const homeSearchSchema = v.object({
  page: v.fallback(
    v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1)), 1),
    1,
  ),
  sort: v.fallback(v.optional(v.picklist(sortValues), 'default'), 'default'),
  category: v.fallback(v.optional(trimmedText), undefined),
  name: v.fallback(v.optional(trimmedText), undefined),
})
export type HomeSearch = v.InferOutput<typeof homeSearchSchema>

/** Values that are the default stay out of the URL, so `/` stays `/`. */
export const homeSearchDefaults = { page: 1, sort: 'default' } as const
