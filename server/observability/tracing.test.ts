import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'
import { observedShop } from './observed-shop-kit'
import { flushTracing, startTracing, stopTracing } from './tracing'

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[]
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpSpan['attributes'] }
    scopeSpans: { spans: OtlpSpan[] }[]
  }[]
}

/** OTLP/HTTP's JSON encoding: what the exporter POSTs to /v1/traces. */
function startCollector() {
  const exports: { path: string; contentType: string; body: OtlpExport }[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      exports.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      })
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  const listening = new Promise<Server>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server)),
  )
  const spans = () =>
    exports.flatMap((e) =>
      e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    )
  return { listening, exports, spans }
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value
  return value?.stringValue ?? value?.intValue
}

const SPAN_KIND_SERVER = 2

describe('traces', () => {
  const collector = startCollector()
  let server: Server
  let t: Awaited<ReturnType<typeof createTestApi>>
  const { open, addInstrument } = paymentShop({
    category: 'Violas',
    name: 'Viola',
    brand: 'Yamaha',
    price: 380,
    stock: 2,
  })

  beforeAll(async () => {
    server = await collector.listening
    const { port } = server.address() as AddressInfo
    await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` })
    t = await createTestApi()
  })
  afterAll(async () => {
    await stopTracing()
    await t.close()
    await new Promise((resolve) => server.close(resolve))
  })

  it('exports a checkout: the request span with its route, and its statements and provider calls under it', async () => {
    const shop = observedShop(t)
    const buyer = await open(t)
    const viola = await addInstrument()
    expect((await shop.pay(buyer.token, viola.id)).status).toBe(201)
    await flushTracing()

    expect(collector.exports.map((e) => e.path)).toContain('/v1/traces')
    expect(collector.exports[0]?.contentType).toContain('application/json')
    const service = collector.exports[0]?.body.resourceSpans[0]?.resource.attributes.find(
      (a) => a.key === 'service.name',
    )
    expect(service?.value.stringValue).toBe('instrument-shop')

    const spans = collector.spans()
    const request = spans.find((s) => s.name === 'POST /api/payment')
    if (!request) throw new Error(`no request span among ${spans.map((s) => s.name).join(', ')}`)
    expect(request.kind).toBe(SPAN_KIND_SERVER)
    expect(request.parentSpanId ?? '').toBe('')
    expect(attribute(request, 'http.route')).toBe('/api/payment')
    expect(Number(attribute(request, 'http.response.status_code'))).toBe(201)

    const children = spans.filter(
      (s) => s.traceId === request.traceId && s.parentSpanId === request.spanId,
    )
    const statements = children.filter((s) => attribute(s, 'db.system.name') === 'postgresql')
    expect(statements.map((s) => s.name)).toEqual(
      expect.arrayContaining(['SELECT', 'INSERT', 'UPDATE']),
    )
    expect(String(attribute(statements[0] as OtlpSpan, 'db.query.text'))).toMatch(/^\s*\w+/)
    const provider = children.filter((s) => attribute(s, 'shop.payment.provider') === 'Test card')
    expect(provider.map((s) => s.name)).toEqual(['Test card create', 'Test card confirm'])

    // The request's log line names its trace.
    const line = shop.logLines.find((l) => l.path === '/api/payment')
    expect(line?.trace_id).toBe(request.traceId)
    expect(line?.span_id).toBe(request.spanId)
  })
})
