// bench:api's paced load (paced-load.ts): one request (a GET unless told otherwise) every 1000/rate ms, or at the same mean rate
// at random moments (`poisson`: visitors who arrive independently of each other, from a fixed
// seed so runs compare), whatever the answers do, each timed from the moment it was due, so a late generator or a slow server cannot hide a
// request's wait (no coordinated omission). A worker thread: the server's thread only serves.
import { Agent, request } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

const { origin, paths, rate, arrivals, sent } = workerData
const agent = new Agent({ keepAlive: true, maxSockets: 64 })
const interval = 1000 / rate
const dueAt = arrivalTimes(paths.length)
const latencies = []
let non2xx = 0
let errors = 0
let done = 0
const start = performance.now() + 20

function arrivalTimes(n) {
  if (arrivals !== 'poisson') return Array.from({ length: n }, (_, i) => i * interval)
  // mulberry32: a small seeded generator; the gaps between arrivals are exponential.
  let seed = 2026
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  let at = 0
  return Array.from({ length: n }, () => {
    const now = at
    at += -Math.log(1 - random()) * interval
    return now
  })
}

function send(i) {
  const due = start + dueAt[i]
  const options = sent ? { agent, method: sent.method, headers: sent.headers } : { agent }
  const req = request(`${origin}${paths[i]}`, options, (res) => {
    res.resume()
    res.on('end', () => {
      latencies.push(performance.now() - due)
      if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1
      finish()
    })
  })
  req.on('error', () => {
    errors += 1
    finish()
  })
  req.end(sent?.body)
}

function finish() {
  done += 1
  if (done === paths.length) {
    agent.destroy()
    parentPort.postMessage({ latencies, non2xx, errors })
  }
}

let next = 0
function tick() {
  const now = performance.now()
  while (next < paths.length && start + dueAt[next] <= now) send(next++)
  if (next < paths.length) setTimeout(tick, Math.max(0, start + dueAt[next] - performance.now()))
}
setTimeout(tick, 20)
