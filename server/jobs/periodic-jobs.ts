import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { jobRuns } from '../db/schema/cluster'
import { countJobRun } from '../observability/metrics'
import { inSpan } from '../observability/tracing'

// Runs once per interval across every process sharing the database: the process that finds
// the job's last start old enough claims it in one statement and runs it.
export function createPeriodicJobs(db: Database) {
  const jobs: { name: string; intervalMs: number; run: () => Promise<unknown> }[] = []
  const timers: NodeJS.Timeout[] = []
  const running = new Set<Promise<void>>()

  async function runIfDue(job: (typeof jobs)[number]) {
    try {
      if (!(await claim(db, job.name, job.intervalMs))) return
      await inSpan(`job ${job.name}`, { 'shop.job': job.name }, job.run)
      countJobRun(job.name, 'ok')
    } catch (error) {
      countJobRun(job.name, 'failed')
      console.error(`The periodic job "${job.name}" failed`, error)
    }
  }

  function track(job: (typeof jobs)[number]) {
    const done = runIfDue(job).finally(() => running.delete(done))
    running.add(done)
    return done
  }
  const runDue = () => Promise.all(jobs.map(track)).then(() => undefined)

  return {
    every(name: string, intervalMs: number, run: () => Promise<unknown>) {
      jobs.push({ name, intervalMs, run })
    },
    async start() {
      await runDue()
      for (const job of jobs) timers.push(setInterval(() => track(job), job.intervalMs).unref())
    },
    runDue,
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await Promise.allSettled([...running])
    },
  }
}

export type PeriodicJobs = ReturnType<typeof createPeriodicJobs>

// True for the one process that marks the job started: the last start must be at least 90% of an
// interval ago, so timers that fire a little early on another process do not run it twice.
async function claim(db: Database, name: string, intervalMs: number): Promise<boolean> {
  const dueBefore = sql`now() - ${Math.round(intervalMs * 0.9)} * interval '1 millisecond'`
  const claimed = await db
    .insert(jobRuns)
    .values({ name, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { startedAt: sql`now()` },
      setWhere: sql`${jobRuns.startedAt} <= ${dueBefore}`,
    })
    .returning({ name: jobRuns.name })
  return claimed.length > 0
}
