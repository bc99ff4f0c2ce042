// One of the storefront's render threads (render-threads.ts). Plain JavaScript: it loads only the
// built renderer and Node, so it needs no TypeScript loader. The renderer's API calls come back
// to the main thread, which answers them with the shop's API as it answers a browser.
import { pathToFileURL } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'

const renderer = await import(pathToFileURL(workerData.entry).href)
const waiting = new Map()
let lastCall = 0

renderer.answerApiCallsWith(async (input, init) => {
  const request = new Request(input, init)
  const body = request.body ? await request.arrayBuffer() : undefined
  lastCall += 1
  const call = lastCall
  const answered = new Promise((resolve) => waiting.set(call, resolve))
  parentPort.postMessage(
    {
      kind: 'api',
      call,
      url: request.url,
      method: request.method,
      headers: [...request.headers],
      body,
    },
    body ? [body] : [],
  )
  const { status, headers, body: answer } = await answered
  return new Response(status === 204 || status === 304 ? null : answer, { status, headers })
})

parentPort.on('message', async (message) => {
  if (message.kind === 'api-answer') {
    waiting.get(message.call)?.(message)
    waiting.delete(message.call)
    return
  }
  try {
    const page = await renderer.renderPage(message.path, message.origin)
    parentPort.postMessage({ kind: 'rendered', job: message.job, page })
  } catch (error) {
    parentPort.postMessage({
      kind: 'rendered',
      job: message.job,
      error: String(error?.stack ?? error),
    })
  }
})
parentPort.postMessage({ kind: 'ready' })
