import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { SMTPServer } from 'smtp-server'
import { SHOP_NODE_FLAGS } from '../../../scripts/shop-node-flags.mjs'
import { type OwnProcess, startProcess, stopProcess } from './processes'

export const ADMIN_PASSWORD = 'cluster-admin-123'

export interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered
  body: any
}

// `count` shop processes on one new PostgreSQL database behind a proxy played by the test
// (TRUST_PROXY=1: `from` is the shopper); Stripe and SMTP stand-ins record charges and mail.
export async function startShopCluster(count: number) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    throw new Error(
      'npm run test:cluster needs TEST_DATABASE_URL=postgres://… (a PostgreSQL where it may create a database)',
    )
  }
  const name = `shop_cluster_${process.pid}_${Date.now()}`
  const server = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await server.unsafe(`CREATE DATABASE "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} })

  const own: OwnProcess[] = []
  const dataDirs: string[] = []
  const mailbox = await startMailbox()
  async function stop() {
    await Promise.all(own.map(stopProcess))
    await new Promise<void>((resolve) => mailbox.server.close(() => resolve()))
    await sql.end({ timeout: 5 })
    await server.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await server.end({ timeout: 5 })
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  }

  try {
    const stripe = await startProcess({
      name: 'Stripe stand-in',
      script: 'e2e/stand-ins/stripe-api.mjs',
      env: { STRIPE_STAND_IN_PORT: '0' },
      ready: /Stripe stand-in on (\d+)/,
    })
    own.push(stripe)
    const starting = Array.from({ length: count }, (_, n) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'shop-cluster-'))
      dataDirs.push(dataDir)
      return startProcess({
        name: `shop ${n + 1}`,
        script: 'scripts/start.mjs',
        nodeFlags: SHOP_NODE_FLAGS,
        env: {
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          ADMIN_PASSWORD,
          TRUST_PROXY: '1',
          STRIPE_SECRET_KEY: 'sk_test_cluster',
          STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
          SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
          JWT_SECRET: undefined,
          DEMO_PASSWORD: undefined,
          // On PostgreSQL the demo shoppers come only when asked for; the test counts who seeded.
          SEED: 'demo',
          E2E: undefined,
        },
        ready: /Instrument shop on http:\/\/localhost:(\d+)/,
      })
    })
    const started = await Promise.allSettled(starting)
    for (const result of started) if (result.status === 'fulfilled') own.push(result.value)
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const shops = own.slice(1)

    async function charges(): Promise<{ id: string; amount: number; status: string }[]> {
      const res = await fetch(`http://127.0.0.1:${stripe.port}/v1/payment_intents`)
      return (await res.json()).data
    }
    return { shops, sql, stop, charges, received: mailbox.received }
  } catch (error) {
    await stop()
    throw error
  }
}

export type ShopCluster = Awaited<ReturnType<typeof startShopCluster>>

export async function call(
  shop: OwnProcess,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'X-Forwarded-For': opts.from ?? '198.51.100.1',
    ...opts.headers,
  }
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`
  const res = await fetch(`http://127.0.0.1:${shop.port}/api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

async function startMailbox() {
  const received: { to: string; subject: string }[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString()
      })
      stream.on('end', () => {
        const subject = raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? ''
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, subject })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { server, port, received }
}
