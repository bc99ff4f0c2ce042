// A stand-in for Stripe's REST API at the network boundary (the e2e machine has no network):
// POST /v1/payment_intents answers like Stripe's test mode for its test payment methods;
// GET /v1/payment_intents lists every one it created, so a test can hold charges against sales.
import { createServer } from 'node:http'

const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 3996)
const declined = new Set(['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined'])
const byIdempotencyKey = new Map()
const created = []
let next = 1

createServer((req, res) => {
  let raw = ''
  req.on('data', (chunk) => {
    raw += chunk
  })
  req.on('end', () => {
    const reply = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.method === 'GET' && req.url === '/health') return reply(200, { ok: true })
    if (req.method === 'GET' && req.url?.startsWith('/v1/payment_intents')) {
      return reply(200, { object: 'list', data: created, has_more: false })
    }
    if (req.method !== 'POST' || req.url !== '/v1/payment_intents') {
      return reply(404, { error: { type: 'invalid_request_error', message: 'Unknown path' } })
    }
    const key = req.headers['idempotency-key']
    if (key && byIdempotencyKey.has(key)) return reply(...byIdempotencyKey.get(key))
    const form = new URLSearchParams(raw)
    const paymentMethod = form.get('payment_method') ?? ''
    const answer = declined.has(paymentMethod)
      ? [
          402,
          {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
        ]
      : [
          200,
          {
            id: `pi_standin_${next++}`,
            object: 'payment_intent',
            status: 'succeeded',
            amount: Number(form.get('amount')),
            currency: form.get('currency'),
            payment_method: paymentMethod,
          },
        ]
    if (key) byIdempotencyKey.set(key, answer)
    if (answer[0] === 200) created.push(answer[1])
    reply(...answer)
  })
})
  // PORT 0 picks a free port: the line below tells the caller which.
  .listen(port, '127.0.0.1', function () {
    console.log(`Stripe stand-in on ${this.address().port}`)
  })
