// A stand-in for Stripe's REST API at the network boundary (the e2e machine has no network). Its
// PaymentIntents behave like Stripe's test mode for its test payment methods, and it sends signed
// webhook events to the shop (STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET) as Stripe does.
// /test/… paths stand for what happens outside the shop: the bank's authentication page, a
// refund in Stripe's dashboard, a slow bank. GET /v1/payment_intents lists every one it created,
// so a test can hold charges against sales.
import { createHmac, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'

const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 3996)
const webhookUrl = process.env.STRIPE_WEBHOOK_URL
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? ''

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'
const DECLINES = {
  pm_card_chargeDeclined: ['generic_decline', 'Your card was declined.'],
  pm_card_visa_chargeDeclined: ['generic_decline', 'Your card was declined.'],
  pm_card_chargeDeclinedInsufficientFunds: [
    'insufficient_funds',
    'Your card has insufficient funds.',
  ],
}

const intents = new Map()
const byIdempotencyKey = new Map()
/** payment method → milliseconds its bank takes to answer */
const slowBanks = new Map()
let next = 1

async function sendEvent(type, object) {
  if (!webhookUrl) return
  const payload = JSON.stringify({
    id: `evt_standin_${next++}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    // Stripe's test mode: the shop's sk_test_ key expects it.
    livemode: false,
    data: { object },
  })
  const timestamp = Math.floor(Date.now() / 1000)
  const signature = createHmac('sha256', webhookSecret)
    .update(`${timestamp}.${payload}`)
    .digest('hex')
  const res = await fetch(webhookUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': `t=${timestamp},v1=${signature}`,
    },
    body: payload,
  }).catch((error) => ({ ok: false, status: String(error) }))
  if (!res.ok) console.error(`Webhook ${type} was refused: ${res.status}`)
}

/** Stripe sends events after it answers; the shop must not depend on their order. */
const later = (type, object) => setImmediate(() => sendEvent(type, object))

function succeed(intent) {
  intent.status = 'succeeded'
  intent.last_payment_error = null
}

function fail(intent, code, message) {
  intent.status = 'requires_payment_method'
  intent.last_payment_error = { type: 'card_error', code, message }
}

async function confirm(intent, paymentMethod) {
  const delay = slowBanks.get(paymentMethod)
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
  intent.payment_method = paymentMethod
  const decline = DECLINES[paymentMethod]
  if (decline) {
    fail(intent, 'card_declined', decline[1])
    later('payment_intent.payment_failed', intent)
    return [
      402,
      {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: decline[0],
          message: decline[1],
          payment_intent: intent,
        },
      },
    ]
  }
  if (paymentMethod === 'pm_card_authenticationRequired') {
    intent.status = 'requires_action'
    intent.next_action = { type: 'use_stripe_sdk' }
    return [200, intent]
  }
  succeed(intent)
  later('payment_intent.succeeded', intent)
  return [200, intent]
}

function create(form) {
  const id = `pi_standin_${randomBytes(6).toString('hex')}`
  const metadata = {}
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key)
    if (match) metadata[match[1]] = value
  }
  const intent = {
    id,
    object: 'payment_intent',
    status: 'requires_payment_method',
    amount: Number(form.get('amount')),
    currency: form.get('currency'),
    client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    metadata,
    last_payment_error: null,
  }
  intents.set(id, intent)
  return intent
}

async function authenticate(intent, outcome) {
  if (intent.status !== 'requires_action') return [400, { error: { message: 'Not waiting' } }]
  intent.next_action = null
  if (outcome === 'complete') succeed(intent)
  else fail(intent, 'payment_intent_authentication_failure', AUTHENTICATION_FAILED)
  // Delivered before answering: a test that closed the tab reads the shop right after.
  await sendEvent(
    intent.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    intent,
  )
  return [200, intent]
}

async function route(method, path, form) {
  if (method === 'GET' && path === '/health') return [200, { ok: true }]
  const notFound = [404, { error: { type: 'invalid_request_error', message: `No such ${path}` } }]
  if (method === 'GET' && path === '/v1/payment_intents') {
    return [200, { object: 'list', data: [...intents.values()], has_more: false }]
  }
  if (method === 'POST' && path === '/v1/payment_intents') {
    const intent = create(form)
    if (form.get('confirm') === 'true') return confirm(intent, form.get('payment_method'))
    return [200, intent]
  }
  if (method === 'POST' && path === '/test/slow-bank') {
    slowBanks.set(form.get('payment_method'), Number(form.get('ms')))
    return [200, { ok: true }]
  }
  if (method === 'POST' && path === '/v1/test/authenticate') {
    // What Stripe.js's 3-D Secure page does, reached from the browser.
    const intent = [...intents.values()].find((i) => i.client_secret === form.get('client_secret'))
    return intent ? authenticate(intent, form.get('outcome')) : notFound
  }
  if (method === 'POST' && path === '/v1/refunds') return refund(form)
  const match = /^\/(v1|test)\/payment_intents\/([^/]+)(?:\/(\w+))?$/.exec(path)
  const intent = match && intents.get(match[2])
  if (!intent) return notFound
  const action = `${method} ${match[1]} ${match[3] ?? ''}`
  if (action === 'GET v1 ') return [200, intent]
  if (action === 'POST v1 confirm') {
    if (intent.status !== 'requires_payment_method') return unexpectedState(intent)
    return confirm(intent, form.get('payment_method'))
  }
  if (action === 'POST v1 cancel') {
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      return unexpectedState(intent)
    intent.status = 'canceled'
    return [200, intent]
  }
  if (action === 'POST test authenticate') return authenticate(intent, form.get('outcome'))
  return notFound
}

function unexpectedState(intent) {
  return [
    400,
    {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}.`,
      },
    },
  ]
}

// As Stripe's refunds API: a part (`amount`) or the rest, never more than is left; the charge's
// event lists its refunds, each with the metadata it was given.
async function refund(form) {
  const intent = intents.get(form.get('payment_intent'))
  if (intent?.status !== 'succeeded') {
    return [400, { error: { type: 'invalid_request_error', message: 'Nothing to refund' } }]
  }
  intent.refunds ??= []
  const refunded = intent.refunds.reduce((sum, r) => sum + r.amount, 0)
  const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount - refunded
  if (!(amount > 0) || refunded + amount > intent.amount) {
    const message = `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${(intent.amount - refunded) / 100})`
    return [
      400,
      { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message } },
    ]
  }
  const metadata = {}
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key)
    if (match) metadata[match[1]] = value
  }
  const made = {
    id: `re_${next++}`,
    object: 'refund',
    amount,
    payment_intent: intent.id,
    status: 'succeeded',
    created: Math.floor(Date.now() / 1000),
    metadata,
  }
  intent.refunds.push(made)
  const total = refunded + amount
  later('charge.refunded', {
    id: `ch_${intent.id}`,
    object: 'charge',
    payment_intent: intent.id,
    amount: intent.amount,
    currency: intent.currency,
    amount_refunded: total,
    refunded: total === intent.amount,
    refunds: { object: 'list', data: [...intent.refunds], has_more: false },
  })
  return [200, made]
}

createServer((req, res) => {
  let raw = ''
  req.on('data', (chunk) => {
    raw += chunk
  })
  req.on('end', async () => {
    const reply = (status, body) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        // The browser reaches /v1/test/authenticate through Playwright's routing of api.stripe.com.
        'Access-Control-Allow-Origin': '*',
      })
      res.end(JSON.stringify(body))
    }
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const key = req.headers['idempotency-key']
    const remembered = key && byIdempotencyKey.get(`${req.method} ${url.pathname} ${key}`)
    if (remembered) return reply(...(await remembered))
    const answer = route(req.method, url.pathname, new URLSearchParams(raw))
    if (key) byIdempotencyKey.set(`${req.method} ${url.pathname} ${key}`, answer)
    reply(...(await answer))
  })
})
  // PORT 0 picks a free port: the line below tells the caller which.
  .listen(port, '127.0.0.1', function () {
    console.log(`Stripe stand-in on ${this.address().port}`)
  })
