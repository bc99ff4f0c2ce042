import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import { sessionResponse } from '../../contract/auth'
import {
  category,
  favourite,
  instrument,
  instrumentDetail,
  instrumentPage,
  instrumentPageQuery,
  suggestion,
} from '../../contract/catalog'
import { order, orderChanged, refundMade } from '../../contract/orders'
import { messageResponse } from '../../contract/rules'
import { paymentAction, paymentResponse, sale } from '../../contract/sales'
import { stockAlertState } from '../../contract/stock-alerts'
import { account, ownAccount } from '../../contract/users'
import { auditOperations } from './audit-operations'
import { backOfficeOperations } from './back-office-operations'
import { catalogueCsvOperations } from './catalogue-csv-operations'
import { photoOperations } from './photo-operations'
import { salesOverTimeOperations } from './sales-over-time-operations'

// What each route answers, for the OpenAPI document; request schemas come from `validate`.
// Keys are Hono's `METHOD /path` below /api; a test fails when a route has no entry.
export interface Operation {
  summary: string
  auth?: 'user' | 'admin' | 'optional'
  responses: Record<number, z.ZodType | string>
  html?: true
  query?: z.ZodObject
  /** A body that is not JSON (a photo's bytes), described as it is. */
  requestBody?: OpenAPIV3_1.RequestBodyObject
  /** Successful answers that are not JSON: their content types. */
  binary?: Record<number, string[]>
}

const ok = messageResponse
const okWith = (fields: z.ZodRawShape) => messageResponse.extend(fields)
const idOk = okWith({ id: z.number() })
const notFound = (what: string) => ({ 404: `${what} not found` })
const badId = 'id: must be a positive whole number'
const moveRefused = "The order's state does not allow it: the answer names the state"
const tooMany = { 429: 'Too many requests: wait the seconds in Retry-After' }

export const outboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** Null until the worker has handed it to SMTP (always null without SMTP_URL). */
  sentAt: z.string().nullable(),
})

export const operations: Record<string, Operation> = {
  'POST /auth/login': {
    summary: 'Log in with userName and password; the answer is the session',
    responses: { 200: sessionResponse, 401: 'Wrong userName or password', ...tooMany },
  },
  'POST /auth/login/google': {
    summary: 'Log in with a Google ID token; name and e-mail come from the verified token',
    responses: {
      200: sessionResponse,
      401: 'Google could not confirm this sign-in',
      409: 'The e-mail belongs to another Google account or to an administrator',
      503: 'Google sign-in is not configured',
      ...tooMany,
    },
  },
  'POST /auth/logout': {
    summary: "End this bearer token's session on the server; the person's other sessions go on",
    auth: 'user',
    responses: { 200: ok, 401: 'No usable token' },
  },
  'POST /auth/verify-email': {
    summary: "Confirm the account's e-mail address with the token of the mailed link",
    responses: { 200: ok, 400: 'token: the link is invalid, used or expired', ...tooMany },
  },
  'POST /auth/verify-email/resend': {
    summary: "Mail a new confirmation link to the signed-in account's own address",
    auth: 'user',
    responses: { 200: ok, ...tooMany },
  },
  'GET /health': {
    summary: 'The process answers',
    responses: { 200: ok },
  },
  'GET /ready': {
    summary: 'The database is reachable and every migration applied (503 otherwise)',
    responses: { 200: okWith({ migrations: z.number() }), 503: 'Not ready' },
  },
  'POST /auth/register': {
    summary: 'Sign up a shopper (always the user role)',
    responses: { 200: ok, ...tooMany },
  },
  'POST /mail/sign': {
    summary: 'Kept for the spec: mails nobody (the sign-up itself writes the welcome mail)',
    responses: { 200: ok, ...tooMany },
  },
  'POST /mail/profile': {
    summary: 'The "profile updated" mail to the signed-in person',
    auth: 'user',
    responses: { 200: ok, ...tooMany },
  },
  'POST /mail/news': {
    summary: 'Subscribe an address to the newsletter',
    responses: { 200: ok, ...tooMany },
  },
  'POST /mail/resetpassword': {
    summary:
      'Mail a one-time password-reset link (the same answer whether or not the address has an account)',
    responses: { 200: ok, ...tooMany },
  },
  'POST /mail/resetpasswordadmin': {
    summary: "Mail a reset link that opens the back office's reset page",
    responses: { 200: ok, ...tooMany },
  },
  'POST /mail/passwordreseted': {
    summary:
      'Kept for the spec: mails nobody (the server mails that notice after a real password change)',
    responses: { 200: ok, ...tooMany },
  },
  'POST /mail/purchase': {
    summary: "Mail the order summary of one of the caller's own sales to its cus_email",
    auth: 'user',
    responses: { 200: ok, ...notFound('Sale'), ...tooMany },
  },
  'GET /users/token': {
    summary: 'The signed-in account, with whether its e-mail is verified and it has a password',
    auth: 'user',
    responses: { 200: ownAccount },
  },
  'GET /users': {
    summary: 'Every shopper account',
    auth: 'admin',
    responses: { 200: z.array(account) },
  },
  'POST /users': {
    summary: 'Create a shopper account (role user or banned)',
    auth: 'admin',
    responses: { 200: ok },
  },
  'PUT /users': {
    summary: 'Edit the own profile',
    auth: 'user',
    responses: { 200: ok },
  },
  'PUT /users/admin': {
    summary: 'Edit a shopper account, or ban it',
    auth: 'admin',
    responses: { 200: ok, ...notFound('User') },
  },
  'DELETE /users': {
    summary:
      'Delete the own account (sales history is kept): needs currentPassword, or for an account without a password a sign-in in the last 5 minutes',
    auth: 'user',
    responses: {
      200: ok,
      400: 'currentPassword: missing or wrong',
      403: 'Sign in again: the account has no password and the sign-in is older than 5 minutes',
      ...tooMany,
    },
  },
  'DELETE /users/:id': {
    summary: 'Delete a shopper account',
    auth: 'admin',
    responses: { 200: ok, 400: badId, ...notFound('User') },
  },
  'POST /users/resetpass': {
    summary:
      'Change a password: with the one-time token of the reset mail, or with the bearer token of that account',
    auth: 'optional',
    responses: { 200: ok, 403: 'You can only change the password of your own account', ...tooMany },
  },
  'GET /admins': {
    summary: 'Every admin account',
    auth: 'admin',
    responses: { 200: z.array(account) },
  },
  'GET /admins/id': { summary: 'The signed-in admin', auth: 'admin', responses: { 200: account } },
  'PUT /admins': {
    summary: 'Edit an admin account, or ban it',
    auth: 'admin',
    responses: { 200: ok, ...notFound('Admin') },
  },
  'POST /admins/register': {
    summary: 'Create an admin account',
    auth: 'admin',
    responses: { 200: ok },
  },
  'DELETE /admins': {
    summary: 'Delete another admin account',
    auth: 'admin',
    responses: { 200: ok, ...notFound('Admin') },
  },
  'GET /instruments': {
    summary:
      'Without page: the whole list (name: a substring of the name, any case), at most 30 a minute from one address. With page: one page of what a shopper may see, sorted and filtered; with name, the search (typos forgiven, at most 200 matches ranked and counted)',
    auth: 'optional',
    query: instrumentPageQuery,
    responses: {
      200: z.union([z.array(instrument), instrumentPage]),
      429: 'The whole list asked too often from this address: wait the seconds in Retry-After',
    },
  },
  'GET /instruments/suggestions': {
    summary:
      'Up to 6 instruments a shopper may see for the search box, best first, typos forgiven (none below 2 characters)',
    responses: { 200: z.array(suggestion) },
  },
  'GET /instruments/:id/alerts': {
    summary: 'Whether the signed-in shopper will hear when this instrument is back in stock',
    auth: 'user',
    responses: { 200: stockAlertState, 400: badId },
  },
  'POST /instruments/:id/alerts': {
    summary:
      "Notify me when it's back: signed in (bearer, no body) in one tap; a guest sends email and confirms from the mailed link",
    auth: 'optional',
    responses: {
      200: okWith({ subscribed: z.boolean().optional() }),
      400: 'email: Required (a guest) or Invalid email address',
      401: 'The bearer token no longer works',
      ...notFound('Instrument'),
      409: 'This instrument is in stock',
      ...tooMany,
    },
  },
  'DELETE /instruments/:id/alerts': {
    summary: "Stop the signed-in shopper's back-in-stock alert for this instrument",
    auth: 'user',
    responses: { 200: okWith({ subscribed: z.boolean() }), 400: badId },
  },
  'POST /alerts/confirm': {
    summary: "Confirm a guest's back-in-stock alert with the token of the mailed link",
    responses: { 200: ok, 400: 'token: the link is invalid, expired or already used' },
  },
  'POST /alerts/unsubscribe': {
    summary: 'End a back-in-stock alert with the token of the link in its mail; no sign-in',
    responses: { 200: ok, 404: 'This alert was already stopped' },
  },
  'GET /instruments/:id': {
    summary: 'One instrument with its reviews (Raitings)',
    auth: 'optional',
    responses: { 200: instrumentDetail, 400: badId, ...notFound('Instrument') },
  },
  'POST /instruments': {
    summary: 'Create an instrument',
    auth: 'admin',
    responses: { 201: okWith({ instrument: instrument.optional() }) },
  },
  'PUT /instruments': {
    summary: 'Edit an instrument, or ban it',
    auth: 'admin',
    responses: { 200: okWith({ instrument: instrument.optional() }), ...notFound('Instrument') },
  },
  'DELETE /instruments': {
    summary: 'Delete an instrument (sales keep their copy of it)',
    auth: 'admin',
    responses: { 200: idOk, ...notFound('Instrument') },
  },
  'GET /category/all': {
    summary: 'Every category, banned ones included',
    responses: { 200: z.array(category) },
  },
  'GET /category': {
    summary: "The storefront filter's categories (those a shopper may see)",
    responses: { 200: z.array(category) },
  },
  'POST /category': {
    summary: 'Create a category',
    auth: 'admin',
    responses: { 201: okWith({ category }) },
  },
  'PUT /category': {
    summary: 'Rename a category, or ban it',
    auth: 'admin',
    responses: { 200: okWith({ category }), ...notFound('Category') },
  },
  'DELETE /category': {
    summary: 'Delete a category without instruments',
    auth: 'admin',
    responses: { 200: idOk, ...notFound('Category') },
  },
  'GET /trolley': {
    summary: 'The favourites of the signed-in shopper',
    auth: 'user',
    responses: { 200: z.array(favourite) },
  },
  'POST /trolley': {
    summary: 'Add an instrument to the favourites',
    auth: 'user',
    responses: { 200: idOk, ...notFound('Instrument') },
  },
  'DELETE /trolley': {
    summary: 'Remove an instrument from the favourites',
    auth: 'user',
    responses: { 200: idOk },
  },
  'POST /raiting': {
    summary: 'Rate a bought instrument, once per purchase',
    auth: 'user',
    responses: {
      201: okWith({ raiting: z.number(), raitingCount: z.number() }),
      403: 'Only buyers of this instrument can rate it',
      ...notFound('Instrument'),
    },
  },
  'GET /transactions': { summary: 'Every sale', auth: 'admin', responses: { 200: z.array(sale) } },
  'GET /transactions/user': {
    summary: "The signed-in shopper's purchases",
    auth: 'user',
    responses: { 200: z.array(sale) },
  },
  'GET /sales/:id': {
    summary:
      "One order: lines, total, payment, refunds, shipment with its tracking link and the timeline. An admin reads any order; a shopper only their own (another's is 404)",
    auth: 'user',
    responses: { 200: order, ...notFound('Order'), 400: badId },
  },
  'POST /sales/:id/shipment': {
    summary:
      'Ship a paid order: carrier, tracking number, optional tracking link. The buyer is mailed. 409 names the state when it cannot ship',
    auth: 'admin',
    responses: { 200: orderChanged, ...notFound('Order'), 409: moveRefused },
  },
  'POST /sales/:id/delivered': {
    summary: 'Mark a shipped order delivered. 409 names the state when it cannot',
    auth: 'admin',
    responses: { 200: orderChanged, ...notFound('Order'), 400: badId, 409: moveRefused },
  },
  'POST /sales/:id/cancel': {
    summary:
      'Cancel an order before it ships: what is left of the payment is refunded through the provider, every unit goes back in stock, the buyer is mailed. An Idempotency-Key header makes a retry safe: the same key and body replay the outcome, another body is a 409. 202 when the provider has (or may have) refunded but the shop has not finished recording it: it completes on its own',
    auth: 'admin',
    responses: {
      200: orderChanged,
      202: orderChanged,
      ...notFound('Order'),
      409: 'The state allows no cancel, or the Idempotency-Key was used for another request',
      502: 'The payment provider did not make the refund (nothing changed)',
    },
  },
  'POST /sales/:id/refunds': {
    summary:
      "Refund lines (units at the price paid), an amount (goodwill, in the unit of price), or lines for an amount, through the payment provider with an idempotency key; restock puts the lines' units back. Never more than is left, even for two admins at once. The buyer is mailed. An Idempotency-Key header makes a retry safe: the same key and body replay the outcome, another body is a 409. 202 when the provider has (or may have) refunded but the shop has not finished recording it: it completes on its own",
    auth: 'admin',
    responses: {
      201: refundMade,
      202: orderChanged,
      ...notFound('Order'),
      409: 'The state allows no refund, more than is left to refund, or the Idempotency-Key was used for another request',
      502: 'The payment provider did not make the refund (nothing changed)',
    },
  },
  'POST /payment': {
    summary:
      'Pay for the cart: prices from the database, the stock reserved, the card charged, the sale settled. 202 when the bank asks for authentication (3-D Secure): finish with POST /payment/confirm. An account holds one reservation awaiting authentication: a new order cancels the earlier one at the provider and gives its units back. An Idempotency-Key header makes a retry safe (it replays the same 202)',
    auth: 'user',
    responses: {
      201: paymentResponse,
      202: paymentAction,
      402: 'The card was refused (the provider\'s text, e.g. "Your card was declined.")',
      409: 'More than the stock ("Only 2 left of …", "… is sold out"), this order is still being processed, or another payment of the account is still being charged ("Another payment of yours is still being processed: …")',
      422: 'This Idempotency-Key was already used for a different order',
      429: 'Too many failed payments, or too many reservations awaiting authentication, for this account or address: wait the seconds in Retry-After',
      502: 'The card payment is not available right now, please try again',
      504: 'This payment is still being processed; your purchase history shows when it is paid',
    },
  },
  'POST /payment/confirm': {
    summary: 'Finish a payment after the customer authenticated it (3-D Secure)',
    auth: 'user',
    responses: {
      201: paymentResponse,
      402: "The authentication failed or the card was refused (the provider's text)",
      409: 'The payment still needs your authentication',
      404: 'No such payment',
    },
  },
  'POST /payment/test-authentication': {
    summary:
      "Test-payment mode only: the stand-in for the bank's authentication page (complete or fail a 3-D Secure payment)",
    auth: 'user',
    responses: {
      200: ok,
      404: 'Only the test-payment mode authenticates here',
      409: 'This payment is not waiting for authentication',
    },
  },
  'POST /payment/webhook': {
    summary: "Stripe's signed events (Stripe-Signature header, STRIPE_WEBHOOK_SECRET)",
    responses: {
      200: z.object({ received: z.boolean() }),
      400: 'The Stripe-Signature header does not match this body',
      503: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)',
    },
  },
  'GET /openapi.json': {
    summary: 'This description (OpenAPI 3.1)',
    responses: { 200: z.object({}).loose() },
  },
  'GET /docs': { summary: 'This description as a readable page', html: true, responses: {} },
  'GET /test/outbox': {
    summary: 'E2E=1 only: the newest mails first (to: one address, any case)',
    responses: { 200: z.array(outboxMail) },
  },
  'GET /test/google-jwks': {
    summary: "E2E=1 only: the Google stand-in's public key set",
    responses: { 200: z.object({ keys: z.array(z.object({}).loose()) }) },
  },
  'POST /test/google-credential': {
    summary: 'E2E=1 only: a Google-like ID token for an address, signed by the stand-in',
    responses: { 200: z.object({ credential: z.string() }) },
  },
  ...auditOperations,
  ...backOfficeOperations,
  ...catalogueCsvOperations,
  ...photoOperations,
  ...salesOverTimeOperations,
}
