import { and, eq, gt, inArray } from 'drizzle-orm'
import { accounts, endedSessions } from '../../db/schema/accounts'
import { instruments } from '../../db/schema/catalog'
import { customer } from '../fixtures'
import type { createTestApi } from '../harness'

type TestApi = Awaited<ReturnType<typeof createTestApi>>
type Role = 'shopper' | 'banned' | 'admin'
const ROLS = { shopper: 'user', banned: 'banned', admin: 'admin' } as const

interface Held {
  id: number
  rol: string
  tokenVersion: number
  jti: string
  token: string
  userName: string
  email: string
  password: string
}

/**
 * The fuzzer's three accounts. A fuzzed request may log one out, ban it, change its password or
 * delete it; after every accepted write the ones that no longer work are made again, so each
 * request is sent as the identity it says.
 */
export async function fuzzIdentities(t: TestApi) {
  const held = new Map<Role, Held>()
  const make = async (role: Role) => {
    const made = await t.makeAccount({ rol: ROLS[role] })
    const claims = await t.deps.tokens.verify(made.token)
    held.set(role, { ...made, jti: claims.jti ?? '' })
    // A shopper with a paid sale reaches the review, order-mail and history paths too.
    if (role === 'shopper') await buySomething(t, made.token)
  }

  async function refresh() {
    const list = [...held.values()]
    const rows = await t.db
      .select()
      .from(accounts)
      .where(
        inArray(
          accounts.id,
          list.map((h) => h.id),
        ),
      )
    const ended = await t.db
      .select({ jti: endedSessions.jti })
      .from(endedSessions)
      .where(
        inArray(
          endedSessions.jti,
          list.map((h) => h.jti),
        ),
      )
    const endedJtis = new Set(ended.map((e) => e.jti))
    let remade = false
    for (const [role, h] of held) {
      const row = rows.find((r) => r.id === h.id)
      const works = row && row.rol === h.rol && row.tokenVersion === h.tokenVersion
      if (works && !endedJtis.has(h.jti)) continue
      await make(role)
      remade = true
    }
    return remade
  }

  for (const role of Object.keys(ROLS) as Role[]) await make(role)

  return {
    token: (role: Role) => held.get(role)?.token,
    refresh,
    /** The values `@@known:key@@` stands for in generated requests (`role.key` per account). */
    known() {
      const values: Record<string, string | number> = {
        'card.paid': 'pm_card_visa',
        'card.declined': 'pm_card_chargeDeclined',
        'card.authentication': 'pm_card_authenticationRequired',
      }
      for (const [role, h] of held) {
        Object.assign(values, {
          [`${role}.id`]: h.id,
          [`${role}.userName`]: h.userName,
          [`${role}.email`]: h.email,
          [`${role}.password`]: h.password,
        })
      }
      return values
    },
  }
}

export const vocabulary = {
  strings: ['userName', 'email', 'password', 'card.paid', 'card.declined', 'card.authentication'],
  ids: ['id'],
}

async function buySomething(t: TestApi, token: string) {
  const [stocked] = await t.db
    .select({ id: instruments.id })
    .from(instruments)
    .where(and(eq(instruments.isBanned, false), gt(instruments.stock, 0)))
    .limit(1)
  if (!stocked) return
  await t.request('POST', '/payment', {
    token,
    body: { id: 'pm_card_visa', items: [{ id: stocked.id, count: 1 }], userInfo: customer },
  })
}
