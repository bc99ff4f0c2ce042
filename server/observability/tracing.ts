import type { Attributes, Span, Tracer } from '@opentelemetry/api'

// Traces are off unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector. Off, nothing of
// OpenTelemetry is even loaded: every helper below runs the work alone
// (docs/decisions/2026-11-22-platform.md, "Watching it").
let tracing:
  | {
      api: typeof import('@opentelemetry/api')
      tracer: Tracer
      provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> }
    }
  | undefined

export interface TracingSettings {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined
  OTEL_SERVICE_NAME?: string | undefined
}

/** The OTLP/HTTP traces address under a collector's base address, as the OTLP spec builds it. */
export const tracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, '')}/v1/traces`

export async function startTracing(settings: TracingSettings) {
  const endpoint = settings.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!endpoint || tracing) return
  const [api, sdk, { OTLPTraceExporter }, { AsyncLocalStorageContextManager }, resources] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/resources'),
    ])
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': settings.OTEL_SERVICE_NAME ?? 'instrument-shop',
    }),
    // Sent in batches off the request path (JSON over HTTP, the exporter's default).
    spanProcessors: [
      new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl(endpoint) }) }),
    ],
  })
  // A request's span follows its awaits, so a statement or a Stripe call finds its parent.
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  api.trace.setGlobalTracerProvider(provider)
  tracing = { api, tracer: provider.getTracer('instrument-shop'), provider }
}

/** Sends what is still batched; at a stop, and in tests before they read the collector. */
export async function flushTracing() {
  await tracing?.provider.forceFlush()
}

export async function stopTracing() {
  const stopping = tracing
  tracing = undefined
  if (!stopping) return
  await stopping.provider.shutdown()
  stopping.api.trace.disable()
  stopping.api.context.disable()
}

interface SpanOptions {
  /** The span of an incoming request. */
  server?: boolean
  /** Only inside another span: a statement of a periodic job's claim is not worth a trace. */
  childOnly?: boolean
}

/** Runs `work` in a span named `name`; off, or childless where it must be a child, just runs it. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  if (!tracing) return work(undefined)
  const { api, tracer } = tracing
  if (options.childOnly && !api.trace.getActiveSpan()) return work(undefined)
  const kind = options.server ? api.SpanKind.SERVER : api.SpanKind.INTERNAL
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span)
    } catch (error) {
      span.recordException(error as Error)
      span.setStatus({ code: api.SpanStatusCode.ERROR })
      throw error
    } finally {
      span.end()
    }
  })
}

/** A span begun now and ended by the function it answers (for work that is no callback). */
export function startSpan(
  name: string,
  attributes: Attributes,
  options: SpanOptions = {},
): ((error?: unknown) => void) | undefined {
  if (!tracing) return undefined
  const { api, tracer } = tracing
  if (options.childOnly && !api.trace.getActiveSpan()) return undefined
  const span = tracer.startSpan(name, { attributes })
  return (error) => {
    if (error) {
      span.recordException(error as Error)
      span.setStatus({ code: api.SpanStatusCode.ERROR })
    }
    span.end()
  }
}

/** Marks a request's span failed (a 5xx answer, which Hono's error handler made from a throw). */
export function markFailed(span: Span | undefined) {
  if (span && tracing) span.setStatus({ code: tracing.api.SpanStatusCode.ERROR })
}

/** The current trace for a log line, so a line leads to its trace; nothing while traces are off. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = tracing?.api.trace.getActiveSpan()
  if (!span) return {}
  const { traceId, spanId } = span.spanContext()
  return { trace_id: traceId, span_id: spanId }
}
