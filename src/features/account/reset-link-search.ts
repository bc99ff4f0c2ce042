// zod/mini: route search schemas run in the first load, where classic zod adds ~25 KB gzip.
import * as z from 'zod/mini'

/** The mailed link's query: `?token=…` and, from the profile, `&from=profile`. */
export const resetLinkSearch = z.object({
  token: z.catch(z.string(), ''),
  from: z.catch(z.optional(z.literal('profile')), undefined),
})
