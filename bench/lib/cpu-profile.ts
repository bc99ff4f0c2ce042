import { Session } from 'node:inspector/promises'

// bench:api's CPU profile: where the main thread's time goes while it serves some requests,
// own time only (a flame graph's widest leaves), by function and by package.

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[]
  samples?: number[]
  timeDeltas?: number[]
  startTime: number
  endTime: number
}

export interface SelfTime {
  name: string
  ms: number
  share: string
}

/** V8's sampling profile of this thread while `work` runs, a sample every `intervalUs`. */
export async function recordCpuProfile(work: () => Promise<void>, intervalUs: number) {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: intervalUs })
  await session.post('Profiler.start')
  await work()
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile }
  session.disconnect()
  return profile
}

/** Runs `work` under V8's sampling profiler: the `top` functions and packages by self time. */
export async function profileSelfTime(work: () => Promise<void>, top = 15) {
  const profile = await recordCpuProfile(work, 250)
  const fn = (frame: CallFrame) =>
    `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url, frame.lineNumber)}`.trim()
  return {
    functions: summarise(profile, top, fn),
    packages: summarise(profile, top, (frame) => packageOf(frame)),
    wallMs: Math.round((profile.endTime - profile.startTime) / 1000),
  }
}

function summarise(profile: Profile, top: number, keyOf: (frame: CallFrame) => string) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const totals = new Map<string, number>()
  let all = 0
  // A sample's time is the gap to the next one: the stack sampled held the thread until then.
  for (let i = 0; i < samples.length; i++) {
    const frame = frames.get(samples[i] as number)
    const us = deltas[i + 1] ?? 0
    if (!frame || frame.functionName === '(idle)') continue
    const key = keyOf(frame)
    totals.set(key, (totals.get(key) ?? 0) + us)
    all += us
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, us]): SelfTime => ({
        name: name.slice(0, 90),
        ms: Math.round(us / 100) / 10,
        share: `${((100 * us) / (all || 1)).toFixed(1)}%`,
      }),
    )
}

const afterModules = (file: string) => file.slice(file.lastIndexOf('node_modules/') + 13)

function shortUrl(url: string, line: number) {
  if (!url) return ''
  const file = url.replace(/^file:\/\//, '')
  const short = file.includes('node_modules/')
    ? afterModules(file)
    : file.split('/').slice(-2).join('/')
  return `${short}:${line + 1}`
}

function packageOf({ url, functionName }: CallFrame) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  if (url.startsWith('wasm')) return 'PGlite (WebAssembly)'
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`
  if (!url.includes('/')) return `node:${url.split(':')[0]}`
  const file = url.replace(/^file:\/\//, '')
  if (file.includes('node_modules/')) {
    const [scope, name] = afterModules(file).split('/')
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? file)
  }
  if (file.includes('-server/')) return 'the page renderer (entry-server.js)'
  if (file.includes('/bench/')) return `bench/${file.split('/bench/')[1]}`
  return file.includes('/server/') ? `server/${file.split('/server/')[1]}` : file
}
