import * as z from 'zod/mini'
import { sortOptions } from './sort-options'

/**
 * The home page's URL state (spec 4, browsing): page, sort, category and search name. A bad value
 * falls back to its default instead of breaking a shared link. zod/mini rather than the contract's
 * classic schema: this runs before the first paint, and classic zod would add ~25 KB gzip to it.
 */
export const homeSearchSchema = z.object({
  page: z.catch(z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1), 1),
  sort: z.catch(z._default(z.enum(sortOptions), 'default'), 'default'),
  category: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(100))), undefined),
  name: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(100))), undefined),
})
export type HomeSearch = z.output<typeof homeSearchSchema>

/** Values that are the default stay out of the URL, so `/` stays `/`. */
export const homeSearchDefaults = { page: 1, sort: 'default' } as const
