import type { Env } from './env'

type StartupSettings = Pick<
  Env,
  | 'NODE_ENV'
  | 'PUBLIC_URL'
  | 'STRIPE_SECRET_KEY'
  | 'PAYMENTS'
  | 'E2E'
  | 'SMTP_URL'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>

const isHttps = (url: string | undefined) => url?.startsWith('https://') ?? false

// Settings that fail open are refused before the shop opens: a production shop that lost its
// Stripe key would otherwise take test cards as payment (orders marked paid, mails sent, no
// money), and the test hooks of E2E=1 would hand every reset link to anyone. Each reason names
// the settings to change.
export function startupRefusals(env: StartupSettings): string[] {
  const reasons: string[] = []
  const production = env.NODE_ENV === 'production' || isHttps(env.PUBLIC_URL)
  const why = env.NODE_ENV === 'production' ? 'NODE_ENV=production' : 'an https PUBLIC_URL'
  if (production && !env.STRIPE_SECRET_KEY && env.PAYMENTS !== 'test') {
    reasons.push(
      `STRIPE_SECRET_KEY is not set, and with ${why} the shop would take test cards as payment. ` +
        'Set STRIPE_SECRET_KEY, or PAYMENTS=test to run in test-payment mode on purpose.',
    )
  }
  if (production && !env.PUBLIC_URL) {
    reasons.push(
      `PUBLIC_URL is not set: with ${why} the links in mails, pages and the sitemap need the ` +
        "shop's public address (PUBLIC_URL=https://shop.example.com).",
    )
  }
  if (env.PAYMENTS === 'test' && env.STRIPE_SECRET_KEY) {
    reasons.push(
      'PAYMENTS=test asks for test-payment mode, but STRIPE_SECRET_KEY is set: remove one of them.',
    )
  }
  if (env.E2E === '1') {
    const beside = [
      env.STRIPE_SECRET_KEY && 'STRIPE_SECRET_KEY',
      env.SMTP_URL && 'SMTP_URL',
      isHttps(env.PUBLIC_URL) && 'an https PUBLIC_URL',
      env.NODE_ENV === 'production' && 'NODE_ENV=production',
    ].filter((setting): setting is string => Boolean(setting))
    if (beside.length > 0) {
      reasons.push(
        `E2E=1 opens unauthenticated test hooks (every mail, reset links included) and does not ` +
          `start beside ${beside.join(', ')}: remove E2E=1, or those settings.`,
      )
    }
  }
  const s3 = photoStorageRefusal(env)
  if (s3) reasons.push(s3)
  return reasons
}

// Half an S3 setting would put each process's photos in its own folder, where the others never
// find them, or fail at the first upload: neither is found out until a shopper sees a blank card.
function photoStorageRefusal(env: StartupSettings): string | undefined {
  const s3 = {
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
  }
  const given = Object.keys(s3).filter((key) => s3[key as keyof typeof s3])
  if (!env.S3_BUCKET) {
    return given.length > 0
      ? `${given.join(', ')} set without S3_BUCKET: photos would stay in DATA_DIR. Set S3_BUCKET, or remove them.`
      : undefined
  }
  const missing = Object.keys(s3).filter((key) => !s3[key as keyof typeof s3])
  return missing.length > 0
    ? `S3_BUCKET is set without ${missing.join(', ')}: photos could not be stored. Set them (the AWS_* names work too), or remove S3_BUCKET.`
    : undefined
}

/** Stops the process with the reasons when the settings fail open (scripts/start.mjs, index.ts). */
export function refuseUnsafeSettings(env: StartupSettings): void {
  const reasons = startupRefusals(env)
  if (reasons.length === 0) return
  for (const reason of reasons) console.error(`Refusing to start: ${reason}`)
  process.exit(1)
}
