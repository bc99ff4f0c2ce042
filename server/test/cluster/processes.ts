import { type ChildProcess, spawn } from 'node:child_process'

export interface OwnProcess {
  name: string
  child: ChildProcess
  output: () => string
  port: number
  exited: Promise<number | null>
}

export function startProcess(opts: {
  name: string
  script: string
  nodeFlags?: string[]
  env: Record<string, string | undefined>
  ready: RegExp
  timeoutMs?: number
}): Promise<OwnProcess> {
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), opts.script], {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  const output = () => printed
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${opts.name} did not start in time:\n${printed}`)),
      opts.timeoutMs ?? 150_000,
    )
    const read = (chunk: Buffer) => {
      printed += chunk.toString()
      const port = printed.match(opts.ready)?.[1]
      if (!port) return
      clearTimeout(timer)
      resolve({ name: opts.name, child, output, port: Number(port), exited })
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`${opts.name} exited with ${code} before it was ready:\n${printed}`))
    })
  })
}

/** SIGTERM to this one process (by its PID, never by name), then its exit code. */
export async function stopProcess(own: OwnProcess): Promise<number | null> {
  if (own.child.exitCode === null && own.child.signalCode === null) own.child.kill('SIGTERM')
  return own.exited
}
