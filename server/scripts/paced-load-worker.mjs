// bench:api's even load (paced-load.ts): one GET every 1000/rate ms, whatever the answers do,
// each timed from the moment it was due, so a late generator or a slow server cannot hide a
// request's wait (no coordinated omission). A worker thread: the server's thread only serves.
import { Agent, request } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

const { origin, paths, rate } = workerData
const agent = new Agent({ keepAlive: true, maxSockets: 64 })
const interval = 1000 / rate
const latencies = []
let non2xx = 0
let errors = 0
let done = 0
const start = performance.now() + 20

function send(i) {
  const due = start + i * interval
  const req = request(`${origin}${paths[i]}`, { agent }, (res) => {
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
  req.end()
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
  while (next < paths.length && start + next * interval <= now) send(next++)
  if (next < paths.length)
    setTimeout(tick, Math.max(0, start + next * interval - performance.now()))
}
setTimeout(tick, 20)
