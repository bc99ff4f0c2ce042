import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type OwnProcess, startProcess, stopProcess } from '../test/cluster/processes'
import { customer } from '../test/fixtures'

// `npm run backup` while shoppers sign up and pay on a real shop process (its embedded database in
// a worker thread, as in production), then `npm run restore` and a shop started on the copy.
const ADMIN_PASSWORD = 'backup-admin-123'
const root = mkdtempSync(join(tmpdir(), 'shop-backup-'))
const dataDir = join(root, 'data')
const copyDir = join(root, 'copy')
const archive = join(root, 'shop.tar.gz')
const running: OwnProcess[] = []

// The storefront's page template as `vite build` leaves it: the API is what is tested here.
const distDir = join(root, 'dist')
mkdirSync(join(distDir, '.vite'), { recursive: true })
writeFileSync(
  join(distDir, 'index.html'),
  '<html><head><!--head--><title>Shop</title><!--/head--></head><body><!--page--><!--state--></body></html>',
)
writeFileSync(
  join(distDir, '.vite/manifest.json'),
  '{"index.html":{"file":"assets/main.js","isEntry":true}}',
)

async function startShop(folder: string) {
  const shop = await startProcess({
    name: `shop on ${folder}`,
    script: 'server/index.ts',
    nodeFlags: ['--import', 'tsx'],
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: folder,
      DIST_DIR: distDir,
      ADMIN_PASSWORD,
      DATABASE_URL: undefined,
      // Many sign-ups from one address; per-account limits stay as in production.
      E2E: '1',
    },
    ready: /Instrument shop on http:\/\/localhost:(\d+)/,
  })
  running.push(shop)
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`http://127.0.0.1:${shop.port}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...(token && { Authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever JSON the API answered
    return { status: res.status, body: (await res.json().catch(() => undefined)) as any }
  }
  const login = async (userName: string, password: string) =>
    (await call('POST', '/auth/login', { userName, password })).body.token as string
  return { shop, call, login }
}

function command(name: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, file], {
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  )
}

afterAll(async () => {
  await Promise.all(running.map(stopProcess))
  rmSync(root, { recursive: true, force: true })
})

describe('npm run backup and npm run restore', () => {
  it('copies a running shop: every sale and account acknowledged before the backup is in the copy', async () => {
    const { shop, call, login } = await startShop(dataDir)
    const adminToken = await login('admin', ADMIN_PASSWORD)
    const name = 'Backup Test Guitar'
    const made = await call(
      'POST',
      '/instruments',
      {
        name,
        brand: 'Archive',
        price: 120.5,
        img: '/images/instruments/fender-player-stratocaster.svg',
        description: 'A guitar bought again and again while the shop is backed up.',
        stock: 100_000,
        status: 'New',
        category: 1,
      },
      adminToken,
    )
    expect(made.status).toBe(201)
    const list = (await call('GET', '/instruments')).body as { id: number; name: string }[]
    const guitar = list.find((i) => i.name === name)
    if (!guitar) throw new Error('the guitar was not created')
    // An uploaded photo as the photo store keeps it.
    mkdirSync(join(dataDir, 'photos'), { recursive: true })
    writeFileSync(join(dataDir, 'photos', 'kept-photo-320.webp'), 'photo bytes')

    const accounts: string[] = []
    const sales: { id: number; cost: number }[] = []
    let stopped = false
    let salesSeen: () => void = () => {}
    const fiveSales = new Promise<void>((resolve) => (salesSeen = resolve))
    async function shopper(n: number) {
      for (let round = 0; !stopped; round += 1) {
        const userName = `buyer${n}x${round}`
        const password = 'guitar123'
        const signUp = await call('POST', '/auth/register', {
          userName,
          email: `${userName}@example.com`,
          password,
          confirmpassword: password,
        })
        expect(signUp.status).toBe(200)
        accounts.push(userName)
        const token = await login(userName, password)
        for (let order = 0; order < 3 && !stopped; order += 1) {
          const paid = await call(
            'POST',
            '/payment',
            { id: 'pm_card_visa', items: [{ id: guitar?.id, count: 1 }], userInfo: customer },
            token,
          )
          expect(paid.status).toBe(201)
          sales.push({ id: paid.body.sale.id, cost: paid.body.sale.cost })
          if (sales.length >= 5) salesSeen()
        }
      }
    }
    const shoppers = Promise.all([1, 2, 3].map(shopper))
    // A shopper that fails ends the wait too.
    await Promise.race([fiveSales, shoppers])
    // Every answer received so far must be in the backup.
    const ackedBeforeBackup = { sales: sales.slice(), accounts: accounts.slice() }
    const backup = await command('backup', archive, { DATA_DIR: dataDir })
    const salesDuringBackup = sales.length
    stopped = true
    await shoppers
    expect(backup.output).toMatch(/Backup of the running shop written to/)
    expect(backup.code).toBe(0)
    // The shop kept selling while it was backed up.
    expect(salesDuringBackup).toBeGreaterThan(5)

    const restored = await command('restore', archive, { DATA_DIR: copyDir })
    expect(restored.code).toBe(0)
    const again = await command('restore', archive, { DATA_DIR: copyDir })
    expect(again.code).not.toBe(0)
    expect(again.output).toMatch(/is not empty/)
    expect(existsSync(join(copyDir, 'photos', 'kept-photo-320.webp'))).toBe(true)

    const copy = await startShop(copyDir)
    const copyAdmin = await copy.login('admin', ADMIN_PASSWORD)
    const copiedSales = new Map(
      (
        (await copy.call('GET', '/transactions', undefined, copyAdmin)).body as { id: number }[]
      ).map((sale) => [sale.id, sale]),
    )
    const copiedUsers = new Set(
      ((await copy.call('GET', '/users', undefined, copyAdmin)).body as { userName: string }[]).map(
        (user) => user.userName,
      ),
    )
    expect(ackedBeforeBackup.sales.length).toBeGreaterThanOrEqual(5)
    for (const sale of ackedBeforeBackup.sales) {
      expect(copiedSales.get(sale.id)).toMatchObject({ id: sale.id, cost: sale.cost })
    }
    for (const userName of ackedBeforeBackup.accounts) expect(copiedUsers).toContain(userName)
    // A shopper of the copy signs in with the password of the original.
    const first = ackedBeforeBackup.accounts[0]
    expect(first && (await copy.login(first, 'guitar123'))).toMatch(/\S+\.\S+\.\S+/)

    // A stopped shop's folder is copied as it lies.
    await stopProcess(shop)
    const atRest = await command('backup', join(root, 'at-rest.tar.gz'), { DATA_DIR: dataDir })
    expect(atRest.output).toMatch(/Backup of the stopped shop written to/)
    expect(atRest.code).toBe(0)
  }, 240_000)

  it('refuses on PostgreSQL and says what to use instead', async () => {
    const refused = await command('backup', join(root, 'pg.tar.gz'), {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop',
    })
    expect(refused.code).not.toBe(0)
    expect(refused.output).toMatch(/pg_dump/)
    expect(existsSync(join(root, 'pg.tar.gz'))).toBe(false)
  })
})
