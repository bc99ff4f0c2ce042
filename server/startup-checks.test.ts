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
