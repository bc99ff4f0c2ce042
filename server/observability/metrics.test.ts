import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPeriodicJobs } from '../jobs/periodic-jobs'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'
import { observedShop, parseMetrics } from './observed-shop-kit'

const METRICS_TOKEN = 'scraper-token-0123456789abcdef'

describe('GET /metrics', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let shop: ReturnType<typeof observedShop>
  const { open, addInstrument } = paymentShop({
    category: 'Cellos',
    name: 'Cello',
    brand: 'Stentor',
    price: 450,
    stock: 3,
  })

  beforeAll(async () => {
    t = await createTestApi()
    shop = observedShop(t, { metricsToken: METRICS_TOKEN })
  })
  afterAll(() => t.close())

  const scrape = async () => {
    const res = await shop.request('GET', '/metrics', { token: METRICS_TOKEN })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('text/plain')
    return res.text()
  }

  it('after a purchase shows requests by route, statements, the page cache, the outbox, jobs, payments and Node', async () => {
    const buyer = await open(t)
    const cello = await addInstrument()
    expect((await shop.pay(buyer.token, cello.id)).status).toBe(201)
    const declined = await addInstrument()
    expect((await shop.pay(buyer.token, declined.id, 'pm_card_chargeDeclined')).status).toBe(402)
    // The same page twice: loaded once, then answered from the cache.
    for (let i = 0; i < 2; i++) {
      expect((await shop.request('GET', '/api/instruments?page=1')).status).toBe(200)
    }
    expect((await shop.request('GET', '/api/instruments/987654')).status).toBe(404)
    expect((await shop.request('GET', '/api/no-such-thing/987654')).status).toBe(404)
    expect((await shop.request('GET', '/favicon-987654.png')).status).toBe(404)
    const jobs = createPeriodicJobs(t.db)
    jobs.every('metrics test job', 60_000, async () => {})
    jobs.every('metrics failing job', 60_000, async () => {
      throw new Error('the job broke')
    })
    await jobs.runDue()

    const text = await scrape()
    const m = parseMetrics(text)
    const payment = { route: '/api/payment', method: 'POST' }
    expect(m.value('shop_http_requests_total', { ...payment, status: '201' })).toBe(1)
    expect(m.value('shop_http_requests_total', { ...payment, status: '402' })).toBe(1)
    expect(m.value('shop_http_request_duration_seconds_count', payment)).toBe(2)
    expect(m.has('shop_http_request_duration_seconds_bucket', { ...payment, le: '0.5' })).toBe(true)
    // Templates, never the addresses asked for; what matched no route shares one label.
    const byId = { route: '/api/instruments/:id', method: 'GET', status: '404' }
    expect(m.value('shop_http_requests_total', byId)).toBe(1)
    expect(m.value('shop_http_requests_total', { route: 'unmatched', status: '404' })).toBe(2)
    expect(text).not.toContain('987654')

    expect(
      m.value('shop_db_statement_duration_seconds_count', { operation: 'INSERT' }),
    ).toBeGreaterThan(0)
    expect(
      m.value('shop_db_statement_duration_seconds_count', { operation: 'SELECT' }),
    ).toBeGreaterThan(0)
    expect(m.value('shop_page_cache_lookups_total', { result: 'miss' })).toBe(1)
    expect(m.value('shop_page_cache_lookups_total', { result: 'hit' })).toBe(1)
    // Without SMTP_URL the order mail stays in the outbox.
    expect(m.value('shop_mail_outbox_unsent')).toBe(1)
    expect(m.has('shop_mail_outbox_oldest_unsent_age_seconds')).toBe(true)
    expect(m.value('shop_periodic_job_runs_total', { job: 'metrics test job', result: 'ok' })).toBe(
      1,
    )
    expect(
      m.value('shop_periodic_job_runs_total', { job: 'metrics failing job', result: 'failed' }),
    ).toBe(1)
    expect(m.value('shop_payments_total', { outcome: 'paid' })).toBe(1)
    expect(m.value('shop_payments_total', { outcome: 'failed' })).toBe(1)
    const confirms = { provider: 'Test card', call: 'confirm', result: 'ok' }
    expect(m.value('shop_payment_provider_call_duration_seconds_count', confirms)).toBe(2)
    for (const family of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${family} `)
    }
    expect(m.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
  })

  it('counts a mail handed to SMTP out of the outbox', async () => {
    const before = parseMetrics(await scrape()).value('shop_mail_outbox_unsent')
    await t.db.execute('UPDATE mail_outbox SET sent_at = now()')
    const m = parseMetrics(await scrape())
    expect(before).toBeGreaterThan(0)
    expect(m.value('shop_mail_outbox_unsent')).toBe(0)
    expect(m.value('shop_mail_outbox_oldest_unsent_age_seconds')).toBe(0)
  })

  it('answers 401 without the token or with a wrong one, and shows nothing', async () => {
    for (const token of [undefined, 'wrong', `${METRICS_TOKEN}x`, METRICS_TOKEN.slice(0, -1)]) {
      const res = await shop.request('GET', '/metrics', { token })
      expect(res.status).toBe(401)
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer')
      expect(await res.text()).not.toContain('shop_http_requests_total')
    }
    const basic = await shop.request('GET', '/metrics', {
      headers: { Authorization: `Basic ${METRICS_TOKEN}` },
    })
    expect(basic.status).toBe(401)
  })

  it('is not there at all without METRICS_TOKEN', async () => {
    const bare = observedShop(t)
    const res = await bare.request('GET', '/metrics', { token: METRICS_TOKEN })
    expect(res.status).toBe(404)
  })
})
