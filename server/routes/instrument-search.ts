import { Hono } from 'hono'
import { z } from 'zod'
import { suggestion, suggestionsQuery } from '../../contract/catalog'
import { SUGGESTIONS_FROM } from '../../contract/limits'
import { suggestInstruments } from '../catalogue'
import type { AppEnv } from '../context'
import { validate } from '../middleware/validate'
import { describeOperation } from '../openapi/describe-operation'

// Mounted before the instruments' routes: their `/:id` would take `suggestions` for an id.
export const instrumentSearchRoutes = new Hono<AppEnv>()

const aboutSuggestions = describeOperation({
  summary:
    'Up to 6 instruments a shopper may see for the search box, best first, typos forgiven (none below 2 characters)',
  responses: { 200: z.array(suggestion) },
})

// Not cached: each keystroke asks something new, and the search's index answers in a few
// milliseconds (npm run bench:catalogue).
instrumentSearchRoutes.get(
  '/suggestions',
  aboutSuggestions,
  validate(suggestionsQuery, 'query'),
  async (c) => {
    const { q } = c.req.valid('query')
    if (q.length < SUGGESTIONS_FROM) return c.json([])
    return c.json(await suggestInstruments(c.get('deps').db, q))
  },
)
