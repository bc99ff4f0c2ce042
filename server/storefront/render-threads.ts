import { Worker } from 'node:worker_threads'
import type { RenderedPage } from '../../src/entry-server'

/** What the storefront's routes need of a renderer: in this thread or in render threads. */
export interface PageRendering {
  renderPage(path: string, origin: string): Promise<RenderedPage | null>
}

interface Job {
  resolve: (page: RenderedPage | null) => void
  reject: (error: Error) => void
  thread: Thread
}
interface Thread {
  worker: Worker
  jobs: number
}
interface ApiCall {
  call: number
  url: string
  method: string
  headers: [string, string][]
  body?: ArrayBuffer
}

// A render is JavaScript alone (React, the router, the query cache), on the thread that also
// answers the API. Render threads take that work off it, and let a second core render at the same
// time (docs/decisions/2026-11-24-server-rendering.md). The renderer's API calls come back here and
// are answered by the shop's API, as a browser's are: the same rules, no socket.
export function startRenderThreads(
  entry: string,
  threads: number,
  answerApi: (request: Request) => Promise<Response>,
): PageRendering {
  const jobs = new Map<number, Job>()
  const pool: Thread[] = []
  let lastJob = 0

  async function answer(worker: Worker, { call, url, method, headers, body }: ApiCall) {
    try {
      const res = await answerApi(new Request(url, { method, headers, body }))
      const answered = await res.arrayBuffer()
      worker.postMessage(
        { kind: 'api-answer', call, status: res.status, headers: [...res.headers], body: answered },
        [answered],
      )
    } catch (error) {
      console.error('A render thread asked the API', error)
      worker.postMessage({ kind: 'api-answer', call, status: 500, headers: [], body: undefined })
    }
  }

  function start() {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), {
      workerData: { entry },
    })
    const thread: Thread = { worker, jobs: 0 }
    let ready = false
    pool.push(thread)
    // The server keeps the process alive, not its render threads (tests, scripts end at will).
    worker.unref()
    worker.on('message', (message) => {
      if (message.kind === 'ready') ready = true
      else if (message.kind === 'api') void answer(worker, message)
      else if (message.kind === 'rendered') {
        const job = jobs.get(message.job)
        jobs.delete(message.job)
        thread.jobs -= 1
        if (message.error) job?.reject(new Error(message.error))
        else job?.resolve(message.page)
      }
    })
    worker.on('error', (error) => console.error('A render thread failed', error))
    worker.on('exit', () => {
      pool.splice(pool.indexOf(thread), 1)
      for (const [id, job] of jobs) {
        if (job.thread !== thread) continue
        jobs.delete(id)
        job.reject(new Error('The render thread stopped'))
      }
      // One that never started (a broken build) is not started again and again.
      if (ready) start()
    })
  }
  for (let n = 0; n < threads; n++) start()

  return {
    renderPage(path, origin) {
      if (pool.length === 0) return Promise.reject(new Error('No render thread is running'))
      const thread = pool.reduce((least, t) => (t.jobs < least.jobs ? t : least))
      lastJob += 1
      const job = lastJob
      thread.jobs += 1
      return new Promise((resolve, reject) => {
        jobs.set(job, { resolve, reject, thread })
        thread.worker.postMessage({ kind: 'render', job, path, origin })
      })
    },
  }
}
