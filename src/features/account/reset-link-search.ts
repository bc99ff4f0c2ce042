// Valibot: route search schemas run in the first load, where zod adds 15 to 25 KB gzip.
import * as v from 'valibot'

export const resetLinkSearch = v.object({
  token: v.fallback(v.string(), ''),
  from: v.fallback(v.optional(v.literal('profile')), undefined),
})
