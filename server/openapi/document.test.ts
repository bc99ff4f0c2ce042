import { readFileSync } from 'node:fs'
import { validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerProblem } from '../../contract/answer-check'
import { seedIfEmpty } from '../seed/seed'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { operationKey } from './document'
import { describedApi, generatedFiles } from './generated'

const api = describedApi()
const served = async () => (await api.request('/openapi.json')).json()

describe('the OpenAPI description', () => {
  it('lists every route under /api, each with the description beside it in its route file', async () => {
    const document = await served()
    const routes = new Set(
      api.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
    )
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => operationKey(method, path.replace(/^\/api/, ''))),
    )
    expect(listed.sort()).toEqual([...routes].sort())
    const undescribed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { summary?: string }>)
        .filter(([, operation]) => !operation.summary)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    expect(undescribed).toEqual([])
    const login = document.paths['/api/auth/login'].post
    expect(login.summary).toBe('Log in with userName and password; the answer is the session')
    // The request schema is the one `validate` checks with (contract/auth.ts loginBody).
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'userName',
      'password',
    ])
    expect(document.paths['/api/payment'].post.security).toEqual([{ bearer: [] }])
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await served()
    expect(document.openapi).toBe('3.1.0')
    const result = await validate(document)
    expect(result.valid, JSON.stringify(result)).toBe(true)
  })

  it('is what contract/ holds for the client side (run `npm run openapi` after a change)', async () => {
    for (const [path, text] of Object.entries(await generatedFiles())) {
      expect(readFileSync(path, 'utf8'), path).toBe(text)
    }
  })

  it('is readable at /docs as a page without scripts', async () => {
    const res = await api.request('/docs')
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    const page = await res.text()
    expect(page).toContain('<code>POST /api/payment</code>')
    expect(page).toContain((await served()).paths['/api/payment'].post.summary)
    expect(page).not.toMatch(/<script|style=/)
  })
})

describe("the server's answers", () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  beforeAll(async () => {
    t = await createTestApi()
    await seedIfEmpty(t.db, { adminPassword: 'admin12345', demoPassword: 'demo12345' })
  })
  afterAll(() => t.close())

  const check = (method: string, path: string, res: { status: number; body: unknown }) =>
    expect(answerProblem(method, `/api${path}`, res.status, res.body)).toBeNull()

  it('match the description, read and write', async () => {
    const user = await t.makeAccount()
    const admin = await t.makeAccount({ rol: 'admin' })
    for (const path of ['/instruments', '/instruments?page=1', '/instruments/1', '/category/all']) {
      check('GET', path, await t.request('GET', path))
    }
    check('GET', '/instruments/999999', await t.request('GET', '/instruments/999999'))
    for (const path of ['/users/token', '/transactions/user', '/trolley']) {
      check('GET', path, await t.request('GET', path, { token: user.token }))
    }
    for (const path of ['/users', '/admins', '/admins/id', '/transactions']) {
      check('GET', path, await t.request('GET', path, { token: admin.token }))
    }
    check('GET', '/users', await t.request('GET', '/users', { token: user.token }))
    check(
      'POST',
      '/trolley',
      await t.request('POST', '/trolley', { token: user.token, body: { id: 1 } }),
    )
    const login = { userName: admin.userName, password: admin.password }
    check('POST', '/auth/login', await t.request('POST', '/auth/login', { body: login }))
    check('POST', '/auth/login', await t.request('POST', '/auth/login', { body: {} }))
    const items = [{ id: 1, count: 1 }]
    const paid = await t.request('POST', '/payment', {
      token: user.token,
      body: { id: 'pm_card_visa', items, userInfo: customer },
    })
    check('POST', '/payment', paid)
    const refused = { id: 'pm_card_chargeDeclined', items, userInfo: customer }
    check(
      'POST',
      '/payment',
      await t.request('POST', '/payment', { token: user.token, body: refused }),
    )
    const created = await t.request('POST', '/category', {
      token: admin.token,
      body: { name: 'Harps' },
    })
    check('POST', '/category', created)
  })

  it('are refused by the check when they differ from it', () => {
    expect(answerProblem('GET', '/api/instruments/1', 200, { id: 'one' })).toMatch(/instruments/)
    expect(answerProblem('GET', '/api/instruments/1', 418, {})).toMatch(/never answers 418/)
    expect(answerProblem('GET', '/api/nowhere', 200, {})).toMatch(/not in the API description/)
  })
})
