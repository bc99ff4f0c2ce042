import { z } from 'zod'

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Password of the demo shoppers seeded on an empty database; random and printed once without it. */
  DEMO_PASSWORD: z.string().min(8).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Signs Stripe's webhook events (whsec_…); without it POST /api/payment/webhook answers 503. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  /** Most units a payment awaiting 3-D Secure keeps from other buyers (payments/holds.ts). */
  MAX_HELD_UNITS: z.coerce.number().int().min(1).default(10),
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Given to the browser in each page (src/lib/shop-config.ts): read at start, not at build. */
  VITE_STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  VITE_GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Instrument Shop <shop@instrument-shop.local>'),
  PUBLIC_URL: z.string().url().optional(),
  // 1 behind a reverse proxy: the rate limits count the client by the last X-Forwarded-For
  // address. Otherwise that header is ignored (anyone can write it) and the socket's address counts.
  TRUST_PROXY: z.enum(['0', '1']).optional(),
  E2E: z.enum(['0', '1']).optional(),
  /** 0: nothing; 1: admin and catalogue (demo shoppers too on the embedded database); demo: with the demo shoppers on PostgreSQL too. */
  SEED: z.enum(['0', '1', 'demo']).default('1'),
  NODE_ENV: z.string().optional(),
  /** test: a production shop without STRIPE_SECRET_KEY runs in test-payment mode on purpose (startup-checks.ts). */
  PAYMENTS: z.enum(['test']).optional(),
  /** Photos in S3-compatible object storage instead of DATA_DIR/photos (server/photos/store.ts). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Scheduled backups of the embedded database and photos into this folder (server/backup/). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How often: a number and m, h or d (`6h`). */
  BACKUP_EVERY: z
    .string()
    .regex(/^\d+[mhd]$/, 'a number and m, h or d, such as 6h')
    .default('1d'),
  /** How many of the newest scheduled backups BACKUP_DIR keeps. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** Threads that render storefront pages (server/storefront/render-threads.ts); 0: the main one. */
  RENDER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** Bearer token of GET /metrics (server/observability/metrics-route.ts); unset: no /metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A collector's OTLP/HTTP base address: traces are exported there (server/observability/tracing.ts). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('instrument-shop'),
})

export type Env = z.infer<typeof envSchema>

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse({ ...source, ...s3SettingsOf(source) })
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${fields}`)
  }
  return parsed.data
}

// The AWS SDK's own names work too beside S3_BUCKET (alone they may be for another tool: a shell
// with AWS keys set still starts a shop that keeps its photos in DATA_DIR).
function s3SettingsOf(source: NodeJS.ProcessEnv) {
  const bucket = source.S3_BUCKET || undefined
  const either = (ours: string, sdks: (string | undefined)[]) =>
    source[ours] || (bucket ? sdks.find(Boolean) : undefined)
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: either('S3_ENDPOINT', [source.AWS_ENDPOINT_URL_S3, source.AWS_ENDPOINT_URL]),
    S3_REGION: either('S3_REGION', [source.AWS_REGION]),
    S3_ACCESS_KEY_ID: either('S3_ACCESS_KEY_ID', [source.AWS_ACCESS_KEY_ID]),
    S3_SECRET_ACCESS_KEY: either('S3_SECRET_ACCESS_KEY', [source.AWS_SECRET_ACCESS_KEY]),
  }
}
