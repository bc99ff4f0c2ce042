import { describe, expect, it } from 'vitest'
import { Refused } from '../refusal'
import { refusalAnswer } from '../routes/refusal-answer'
import { failIfTaken } from './accounts'

/** What Drizzle throws: its own error with the driver's error as `cause`. */
const wrapped = (driverError: Record<string, unknown>) =>
  new Error('Failed query: insert into "accounts" …', {
    cause: Object.assign(new Error('duplicate key value violates unique constraint'), driverError),
  })

async function answerOf(error: unknown) {
  try {
    failIfTaken(error)
  } catch (thrown) {
    if (!(thrown instanceof Refused)) return thrown
    const { status, body } = refusalAnswer(thrown.refusal)
    return { status, body }
  }
}

describe('failIfTaken', () => {
  it('answers 400 for the constraint as postgres-js names it (constraint_name)', async () => {
    const error = wrapped({ code: '23505', constraint_name: 'accounts_email_key' })
    expect(await answerOf(error)).toEqual({
      status: 400,
      body: { error: 'That email already has an account', field: 'email' },
    })
  })

  it('answers 400 for the constraint as PGlite names it (constraint)', async () => {
    const error = wrapped({ code: '23505', constraint: 'accounts_user_name_key' })
    expect(await answerOf(error)).toMatchObject({ status: 400, body: { field: 'userName' } })
  })

  it('rethrows anything else unchanged', async () => {
    const other = wrapped({ code: '23505', constraint_name: 'sales_pkey' })
    expect(await answerOf(other)).toBe(other)
  })
})
