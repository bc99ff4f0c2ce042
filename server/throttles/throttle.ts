import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { throttles } from '../db/schema/throttles'
import type { ThrottleRuleName, ThrottleRules } from './throttle-rules'

// Refuses a subject for a while after `limit` attempts in a window, each refusal twice the last.
// Counters are single-upsert rows, so every process sharing the database counts the same.
export function createThrottle(db: Database, rules: ThrottleRules, now = () => Date.now()) {
  const keyOf = (rule: ThrottleRuleName, subject: string) => `${rule}:${subject.toLowerCase()}`
  const secondsUntil = (date: Date | null | undefined, at: number) =>
    date && date.getTime() > at ? Math.ceil((date.getTime() - at) / 1000) : 0

  async function check(rule: ThrottleRuleName, subject: string): Promise<number> {
    const [row] = await db
      .select({ blockedUntil: throttles.blockedUntil })
      .from(throttles)
      .where(eq(throttles.key, keyOf(rule, subject)))
    return secondsUntil(row?.blockedUntil, now())
  }

  async function hit(rule: ThrottleRuleName, subject: string): Promise<number> {
    const { limit, windowMs, blockMs } = rules[rule]
    const maxBlockMs = 'maxBlockMs' in rules[rule] ? rules[rule].maxBlockMs : blockMs
    const at = new Date(now())
    const atSql = sql`${at.toISOString()}::timestamptz`
    const plusMs = (ms: SQL) => sql`${atSql} + (${ms}) * interval '1 millisecond'`
    const expired = sql`${throttles.windowEndsAt} <= ${atSql}`
    const hits = sql`(CASE WHEN ${expired} THEN 1 ELSE ${throttles.hits} + 1 END)`
    const blocks = sql`(CASE WHEN ${expired} THEN 0 ELSE ${throttles.blocks} END)`
    const reached = sql`${hits} >= ${limit}::int`
    const blockFor = sql`least(${blockMs}::float8 * power(2, ${blocks}), ${maxBlockMs}::float8)`
    const [counted] = await db
      .insert(throttles)
      .values({
        key: keyOf(rule, subject),
        hits: 1,
        windowEndsAt: new Date(at.getTime() + windowMs),
      })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          // At the limit the count steps back by one, so the first attempt after the refusal
          // reaches it again and starts the next, longer refusal.
          hits: sql`CASE WHEN ${reached} THEN ${limit - 1}::int ELSE ${hits} END`,
          blocks: sql`CASE WHEN ${reached} THEN ${blocks} + 1 ELSE ${blocks} END`,
          blockedUntil: sql`CASE WHEN ${reached} THEN ${plusMs(blockFor)} END`,
          windowEndsAt: sql`CASE
            WHEN ${reached} THEN ${plusMs(sql`${blockFor} + ${windowMs}::float8`)}
            WHEN ${expired} THEN ${plusMs(sql`${windowMs}::float8`)}
            ELSE ${throttles.windowEndsAt} END`,
        },
        setWhere: or(isNull(throttles.blockedUntil), lte(throttles.blockedUntil, at)),
      })
      .returning({ key: throttles.key })
    return counted ? 0 : check(rule, subject)
  }

  // An attempt counted before its outcome was known (a card payment) goes back when it turned
  // out fine. If it was the one that reached the limit, the refusal it started is lifted too.
  async function giveBack(rule: ThrottleRuleName, subject: string) {
    const at = new Date(now())
    const blocked = sql`coalesce(${throttles.blockedUntil} > ${at.toISOString()}::timestamptz, false)`
    await db
      .update(throttles)
      .set({
        // Reaching the limit already stepped the count back by one.
        hits: sql`CASE WHEN ${blocked} THEN ${throttles.hits} ELSE greatest(${throttles.hits} - 1, 0) END`,
        blocks: sql`CASE WHEN ${blocked} THEN greatest(${throttles.blocks} - 1, 0) ELSE ${throttles.blocks} END`,
        blockedUntil: sql`CASE WHEN ${blocked} THEN NULL ELSE ${throttles.blockedUntil} END`,
      })
      .where(and(eq(throttles.key, keyOf(rule, subject)), gt(throttles.windowEndsAt, at)))
  }

  return {
    check,
    hit,
    giveBack,
    /** The clock the limits count by (a test's own); counts kept outside this table use it too. */
    now,
    async clear(rule: ThrottleRuleName, subject: string) {
      await db.delete(throttles).where(eq(throttles.key, keyOf(rule, subject)))
    },
    async purge(): Promise<number> {
      const at = new Date(now())
      const gone = await db
        .delete(throttles)
        .where(
          and(
            lte(throttles.windowEndsAt, at),
            or(isNull(throttles.blockedUntil), lte(throttles.blockedUntil, at)),
          ),
        )
        .returning({ key: throttles.key })
      return gone.length
    },
  }
}

export type Throttle = ReturnType<typeof createThrottle>
