import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { SHOP_NODE_FLAGS } from '../../scripts/shop-node-flags.mjs'
import type { BenchQuestion } from './shop-server'

export interface ShopReady {
  origin: string
  label: string
  seeded: string
  detailId: number
  category: string
  idRange: string
  renderThreads: number
}

/**
 * The benches' shop (shop-server.ts) in a process of its own, with the shop's Node flags: the
 * bench only sends the load and asks the shop for what only its process can measure. `env`: the
 * server's settings (BENCH_POSTGRES_URL, BENCH_INSTRUMENTS).
 */
export function startShop(env: Record<string, string>) {
  const shop = fork(fileURLToPath(new URL('./shop-server.ts', import.meta.url)), {
    execArgv: [...SHOP_NODE_FLAGS, '--import', 'tsx'],
    env: { ...process.env, ...env },
  })
  const waiting = new Map<number, (message: { reply?: unknown; error?: string }) => void>()
  let asked = 0
  const ready = new Promise<ShopReady>((resolve, reject) => {
    shop.on(
      'message',
      (message: { ready?: ShopReady; id?: number; reply?: unknown; error?: string }) => {
        if (message.ready) resolve(message.ready)
        else waiting.get(message.id ?? -1)?.(message)
      },
    )
    shop.once('exit', (code) => reject(new Error(`the bench's shop exited (${code})`)))
  })
  const ask = <T>(question: BenchQuestion) =>
    new Promise<T>((resolve, reject) => {
      const id = ++asked
      waiting.set(id, ({ reply, error }) => {
        waiting.delete(id)
        if (error) reject(new Error(error))
        else resolve(reply as T)
      })
      shop.send({ ...question, id })
    })
  return { ready, ask, stop: () => shop.kill() }
}
