import { describe, expect, it } from 'vitest'
import { readEnv } from './env'
import { startupRefusals } from './startup-checks'

const refusals = (settings: Record<string, string>) =>
  startupRefusals(readEnv({ DATA_DIR: 'memory://', ...settings }))

describe('startupRefusals', () => {
  it('lets a local shop start in test-payment mode with nothing set', () => {
    expect(refusals({})).toEqual([])
    expect(refusals({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' })).toEqual([])
  })

  it('refuses NODE_ENV=production without STRIPE_SECRET_KEY, naming it and PAYMENTS=test', () => {
    const [reason] = refusals({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' })
    expect(reason).toContain('STRIPE_SECRET_KEY')
    expect(reason).toContain('PAYMENTS=test')
    expect(reason).toContain('NODE_ENV=production')
  })

  it('refuses an https PUBLIC_URL without STRIPE_SECRET_KEY, even without NODE_ENV', () => {
    const reasons = refusals({ PUBLIC_URL: 'https://shop.example' })
    expect(reasons).toHaveLength(1)
    expect(reasons[0]).toContain('STRIPE_SECRET_KEY')
    expect(reasons[0]).toContain('an https PUBLIC_URL')
  })

  it('starts in production with a Stripe key, or with PAYMENTS=test asked for', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }
    expect(refusals({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toEqual([])
    expect(refusals({ ...production, PAYMENTS: 'test' })).toEqual([])
  })

  it('counts an empty STRIPE_SECRET_KEY as missing', () => {
    expect(refusals({ PUBLIC_URL: 'https://shop.example', STRIPE_SECRET_KEY: '' })).toHaveLength(1)
  })

  it('refuses NODE_ENV=production without PUBLIC_URL, naming it', () => {
    const reasons = refusals({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' })
    expect(reasons).toHaveLength(1)
    expect(reasons[0]).toMatch(/^PUBLIC_URL is not set/)
  })

  it('refuses PAYMENTS=test beside a Stripe key: which one is meant cannot be guessed', () => {
    expect(refusals({ PAYMENTS: 'test', STRIPE_SECRET_KEY: 'sk_test_x' })[0]).toContain(
      'remove one of them',
    )
  })

  it('refuses E2E=1 beside each production setting, naming every one present', () => {
    expect(refusals({ E2E: '1', PUBLIC_URL: 'http://localhost:3000' })).toEqual([])
    const cases: [Record<string, string>, string][] = [
      [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_SECRET_KEY'],
      [{ SMTP_URL: 'smtp://mail.example' }, 'SMTP_URL'],
      [{ PUBLIC_URL: 'https://shop.example', PAYMENTS: 'test' }, 'an https PUBLIC_URL'],
      [
        { NODE_ENV: 'production', PUBLIC_URL: 'http://shop.local', PAYMENTS: 'test' },
        'NODE_ENV=production',
      ],
    ]
    for (const [settings, named] of cases) {
      const reasons = refusals({ E2E: '1', ...settings })
      expect(reasons, named).toHaveLength(1)
      expect(reasons[0], named).toContain(`E2E=1`)
      expect(reasons[0], named).toContain(`beside ${named}`)
    }
    const all = refusals({
      E2E: '1',
      STRIPE_SECRET_KEY: 'sk_test_x',
      SMTP_URL: 'smtp://mail.example',
      PUBLIC_URL: 'https://shop.example',
      NODE_ENV: 'production',
    })
    expect(all.at(-1)).toContain(
      'beside STRIPE_SECRET_KEY, SMTP_URL, an https PUBLIC_URL, NODE_ENV=production',
    )
  })
})

describe('photo storage settings', () => {
  const s3 = {
    S3_BUCKET: 'photos',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  }

  it('starts with a whole S3 setting, or with none (photos in DATA_DIR)', () => {
    expect(refusals(s3)).toEqual([])
    expect(refusals({})).toEqual([])
  })

  it("takes the AWS SDK's names for the endpoint and keys beside S3_BUCKET", () => {
    const aws = {
      S3_BUCKET: 'photos',
      AWS_ENDPOINT_URL: 'http://127.0.0.1:9000',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    }
    expect(refusals(aws)).toEqual([])
    // Without S3_BUCKET they may be another tool's: the shop starts with its folder.
    expect(refusals({ ...aws, S3_BUCKET: '' })).toEqual([])
  })

  it('refuses a bucket without its endpoint or keys, naming what is missing (fail closed)', () => {
    const [reason] = refusals({ S3_BUCKET: 'photos' })
    expect(reason).toContain(
      'S3_BUCKET is set without S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    )
    const [noSecret] = refusals({ ...s3, S3_SECRET_ACCESS_KEY: '' })
    expect(noSecret).toContain('without S3_SECRET_ACCESS_KEY')
  })

  it('refuses an endpoint or keys without S3_BUCKET: the photos would not be shared', () => {
    const [reason] = refusals({ S3_ENDPOINT: 'http://127.0.0.1:9000' })
    expect(reason).toContain('S3_ENDPOINT set without S3_BUCKET')
  })
})
