import { z } from 'zod'

/** The mailed link's query: `?token=…` and, from the profile, `&from=profile`. */
export const resetLinkSearch = z.object({
  token: z.string().catch(''),
  from: z.literal('profile').optional().catch(undefined),
})
