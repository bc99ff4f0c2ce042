import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '../../server/db/client'
import { seedVariedCatalogue } from './generated-catalogue'

// bench:catalogue's memory rows: `npm start` as package.json writes it (PGlite in a data folder of
// its own, demo catalogue), then the same folder with more instruments, each start left idle for
// 60 s after a home page and a search, its resident memory read from /proc. Each size is also
// started with --no-memory-reducer (the shop's flag while the search kept a copy in memory), that
// flag's own figure.

const IDLE_S = 60
const AIM_MB: Record<number, number> = { 0: 250, 100000: 300 }
const REDUCER_FLAG = '--no-memory-reducer'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

const residentMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

async function untilReady(origin: string, shop: ChildProcess) {
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`npm start exited (${shop.exitCode})`)
    const ready = await fetch(`${origin}/api/ready`).then(
      (res) => res.ok,
      () => false,
    )
    if (ready) return
    await sleep(250)
  }
}

/** `npm start`'s command, or the same with the memory reducer turned off. */
function startCommand(withoutReducer: boolean) {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as { start: string }
  const [node, ...args] = scripts.start.split(' ')
  return { node: node as string, args: withoutReducer ? [REDUCER_FLAG, ...args] : args }
}

async function idleResident(dataDir: string, withoutReducer: boolean) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const { node, args } = startCommand(withoutReducer)
  const shop = spawn(node, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED: '1' },
    stdio: 'ignore',
  })
  try {
    await untilReady(origin, shop)
    for (const path of ['/', '/api/instruments?page=1&limit=10&name=fendr']) {
      await (await fetch(origin + path)).arrayBuffer()
    }
    await sleep(IDLE_S * 1000)
    return residentMb(shop.pid as number)
  } finally {
    const exited = new Promise((resolve) => shop.once('exit', resolve))
    shop.kill('SIGTERM')
    await exited
  }
}

/** One verdict line per catalogue size (0: the demo catalogue alone). */
export async function measureIdleMemory(sizes: number[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-idle-'))
  const lines: string[] = []
  let seeded = 0
  try {
    for (const size of sizes) {
      if (size > seeded) {
        console.log(`… adding ${size - seeded} instruments to the shop's PGlite folder`)
        const database = await openDatabase({ dataDir })
        await seedVariedCatalogue(database.db, size - seeded)
        await database.close()
        seeded = size
      }
      const what = size === 0 ? 'demo catalogue' : `demo catalogue + ${size.toLocaleString('en')}`
      console.log(`… npm start, ${what}, ${IDLE_S} s idle (as it is, then with ${REDUCER_FLAG})`)
      const mb = await idleResident(dataDir, false)
      const withFlag = await idleResident(dataDir, true)
      const aim = AIM_MB[size] ?? 300
      lines.push(
        `npm start idle ${IDLE_S} s, ${what}: resident ${mb} MB (aim <= ${aim} MB) -> ` +
          `${mb <= aim ? 'met' : 'NOT met'}; with ${REDUCER_FLAG}: ${withFlag} MB`,
      )
      console.log(lines.at(-1))
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}
