import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { HashQueueFullError } from './accounts'
import type { AppEnv, Deps } from './context'
import { jsonBodiesOnly } from './middleware/json-bodies'
import { Refused } from './refusal'
import { adminsRoutes } from './routes/admins'
import { auditRoutes } from './routes/audit'
import { authRoutes } from './routes/auth'
import { backOfficeRoutes } from './routes/back-office'
import { instrumentCsvRoutes, saleCsvRoutes } from './routes/catalogue-csv'
import { categoriesRoutes } from './routes/categories'
import { e2eRoutes } from './routes/e2e'
import { favouritesRoutes } from './routes/favourites'
import { healthRoutes } from './routes/health'
import { instrumentSearchRoutes } from './routes/instrument-search'
import { instrumentsRoutes } from './routes/instruments'
import { mailRoutes } from './routes/mail'
import { openApiRoutes } from './routes/openapi'
import { ordersRoutes } from './routes/orders'
import { paymentRoutes } from './routes/payment'
import { photoRoutes } from './routes/photos'
import { checkoutRoutes, pricingAdminRoutes } from './routes/pricing'
import { refusalAnswer } from './routes/refusal-answer'
import { reviewsRoutes } from './routes/reviews'
import { salesRoutes } from './routes/sales'
import { salesOverTimeRoutes } from './routes/sales-over-time'
import { alertLinkRoutes, instrumentAlertRoutes } from './routes/stock-alerts'
import { usersRoutes } from './routes/users'

export const MAX_BODY_BYTES = 100 * 1024

// A shopper's own alert is no catalogue write: anyone signed in could otherwise keep every page
// of every process a cache miss with a loop of them.
const shoppersOwn = /\/instruments\/[^/]+\/alerts$/

const clearsStorefrontPages: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)
  if (write && c.res.status < 400 && !shoppersOwn.test(c.req.path)) c.get('deps').pageCache.clear()
}

export function createApi(deps: Deps) {
  const api = new Hono<AppEnv>()
  api.use(async (c, next) => {
    c.set('deps', deps)
    await next()
    // Answers carry accounts, sales and sessions: no browser or proxy keeps them.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })
  // Only writes that change what a storefront page shows (the catalogue, bans, stock sold) drop
  // the pages: never a read, a login, or a shopper's alert, favourite or review (a page is at
  // most 5 s old, deps.ts, so a new rating shows soon without one shopper clearing every page).
  for (const path of ['/instruments/*', '/category/*', '/payment/*']) {
    api.use(path, clearsStorefrontPages)
  }
  // Before the body checks below: a photo is bytes, up to 10 MB, and its route reads it itself.
  api.route('/photos', photoRoutes)
  // Before them too: a catalogue CSV is a file of up to 10 MB, read by its route.
  api.route('/instruments', instrumentCsvRoutes)
  api.route('/sales', saleCsvRoutes)
  // Every body of the API is a small form; a larger one is refused before it is read or parsed.
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: 'The request is too large' }, 413),
    }),
  )
  api.use(jsonBodiesOnly)
  api.route('/', healthRoutes)
  api.route('/auth', authRoutes)
  api.route('/mail', mailRoutes)
  api.route('/users', usersRoutes)
  api.route('/admins', adminsRoutes)
  api.route('/instruments', instrumentSearchRoutes)
  api.route('/instruments', instrumentsRoutes)
  api.route('/instruments', instrumentAlertRoutes)
  api.route('/alerts', alertLinkRoutes)
  api.route('/category', categoriesRoutes)
  api.route('/trolley', favouritesRoutes)
  api.route('/raiting', reviewsRoutes)
  api.route('/transactions', salesRoutes)
  // Before /sales/{id}: 'over-time' is not an order's id.
  api.route('/sales/over-time', salesOverTimeRoutes)
  api.route('/sales', ordersRoutes)
  api.route('/admin', pricingAdminRoutes)
  api.route('/admin', backOfficeRoutes)
  api.route('/audit', auditRoutes)
  api.route('/checkout', checkoutRoutes)
  api.route('/payment', paymentRoutes)
  if (deps.env.E2E === '1') api.route('/test', e2eRoutes)
  api.route('/', openApiRoutes(api))

  api.notFound((c) => c.json({ error: `No such API path: ${c.req.method} ${c.req.path}` }, 404))
  api.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse()
    // A domain's refusal thrown out of a transaction it undid (a name taken meanwhile).
    if (error instanceof Refused) {
      const { status, body, headers } = refusalAnswer(error.refusal)
      return c.json(body, status, headers)
    }
    if (error instanceof HashQueueFullError) {
      c.header('Retry-After', '5')
      return c.json({ error: 'The server is busy, please try again in a moment' }, 503)
    }
    console.error(error)
    return c.json({ error: 'Something went wrong on our side, please try again' }, 500)
  })
  return api
}

export type Api = ReturnType<typeof createApi>
