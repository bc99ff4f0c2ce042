import type postgres from 'postgres'
import type { PgliteClient } from '../db/pglite-thread'
import { timeStatementMetric } from './metrics'
import { startSpan } from './tracing'

// Every statement the shop runs goes through the driver's query call (a Drizzle logger sees a
// statement but never its end): it is timed, and a span when a request or job is traced.

const OPERATIONS = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'WITH', 'SET', 'BEGIN'])
const operationOf = (text: string) => {
  const word = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? ''
  return OPERATIONS.has(word) ? word : 'OTHER'
}

/** Starts one statement's clock (and span); the answer ends both. */
function startStatement(text: string): (error?: unknown) => void {
  const operation = operationOf(text)
  const stopTimer = timeStatementMetric(operation)
  const endSpan = startSpan(
    operation,
    {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      // Drizzle sends values as parameters: the text holds no shopper's data.
      'db.query.text': text.slice(0, 2000),
    },
    { childOnly: true },
  )
  return (error) => {
    stopTimer()
    endSpan?.(error)
  }
}

async function timed<T>(text: string, run: () => Promise<T>): Promise<T> {
  const done = startStatement(text)
  try {
    const answer = await run()
    done()
    return answer
  } catch (error) {
    done(error)
    throw error
  }
}

type Queryable = Pick<PgliteClient, 'query'>

/** The database thread's client, its statements (in a transaction or not) timed. */
export function timedPglite(client: PgliteClient): PgliteClient {
  const timedQueries = (target: Queryable): Queryable => ({
    query: (text, params, options) => timed(text, () => target.query(text, params, options)),
  })
  return {
    ...client,
    ...timedQueries(client),
    transaction: (work) => client.transaction((tx) => work(timedQueries(tx))),
  }
}

// postgres.js runs a query when it is awaited, and Drizzle may still ask for `.values()` before:
// the query itself is handed back, and only its own resolve and reject are wrapped to stop the clock.
type PendingQuery = { resolve: (rows: unknown) => void; reject: (error: unknown) => void }

function timedQuery<Q>(query: Q, text: string): Q {
  const pending = query as unknown as PendingQuery
  const done = startStatement(text)
  const { resolve, reject } = pending
  pending.resolve = (rows) => {
    done()
    resolve(rows)
  }
  pending.reject = (error) => {
    done(error)
    reject(error)
  }
  return query
}

/** A postgres.js client whose statements, in transactions and savepoints too, are timed. */
export function timedPostgres<S extends postgres.Sql | postgres.TransactionSql>(sql: S): S {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (text: string, ...rest: unknown[]) =>
          timedQuery((target.unsafe as (...args: unknown[]) => unknown)(text, ...rest), text)
      }
      if (property === 'begin' || property === 'savepoint') {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: postgres.TransactionSql) => unknown
          return open(...args, (tx: postgres.TransactionSql) => work(timedPostgres(tx)))
        }
      }
      return Reflect.get(target, property, receiver)
    },
  })
}
