import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditEvent, AuditPage } from '../../../contract/audit-trail'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'
import { serveBackOffice, signInAsAdmin } from './admin-test-data'

// Whole-app renders under a busy parallel run: room beyond the 5 s default.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => useSessionStore.getState().signOut())

const priceEdit: AuditEvent = {
  id: 3,
  at: '2026-11-25T10:30:00.000Z',
  adminId: 1,
  adminName: 'admin',
  kind: 'instrument.update',
  entity: 'instrument',
  entityId: '11',
  before: { price: 1299, isBanned: false },
  after: { price: 999, isBanned: true },
}
const ban: AuditEvent = {
  id: 2,
  at: '2026-11-24T09:00:00.000Z',
  adminId: 1,
  adminName: 'admin',
  kind: 'user.ban',
  entity: 'user',
  entityId: '5',
  before: { rol: 'user' },
  after: { rol: 'banned' },
}
const deleted: AuditEvent = {
  id: 1,
  at: '2026-11-20T08:00:00.000Z',
  adminId: null,
  adminName: 'gone',
  kind: 'category.delete',
  entity: 'category',
  entityId: '7',
  before: { id: 7, name: 'Harps' },
  after: null,
}

/** Answers the trail as the server would: 2 a page here, filtered by kind; remembers each query. */
function serveTrail(rows = [priceEdit, ban, deleted]) {
  const asked: URLSearchParams[] = []
  server.use(
    http.get('/api/audit', ({ request }) => {
      const query = new URL(request.url).searchParams
      asked.push(query)
      const kind = query.get('kind')
      const matching = rows.filter((row) => !kind || row.kind === kind)
      const page = Number(query.get('page') ?? 1)
      const body: AuditPage = {
        items: matching.slice((page - 1) * 2, page * 2),
        total: matching.length,
        page,
        pages: Math.max(1, Math.ceil(matching.length / 2)),
        pageSize: Number(query.get('pageSize')),
      }
      return HttpResponse.json(body)
    }),
  )
  return asked
}

async function openAudit() {
  signInAsAdmin()
  serveBackOffice()
  const asked = serveTrail()
  const app = await renderApp('/admin?tab=audit')
  await screen.findByRole('table', { name: 'Audit trail, newest first' })
  return { ...app, asked }
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Audit trail, newest first' }))
    .getAllByRole('row')
    .slice(1)

describe('the Audit tab', () => {
  it('comes after the six tabs of the spec, in their order', async () => {
    await openAudit()
    const nav = screen.getByRole('navigation', { name: 'Back office' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      ...['Instruments', 'Users', 'Categories', 'Admins', 'Historyshops', 'Profile', 'Audit'],
      ...['Shipping', 'Taxes', 'Discounts'],
    ])
    expect(within(nav).getByRole('link', { name: 'Audit' })).toHaveAttribute('aria-current', 'page')
  })

  it('lists time, admin, kind, entity and id, and the fields before and after', async () => {
    await openAudit()
    const [edit, banned] = rows()
    if (!edit || !banned) throw new Error('rows missing')
    const cell = (row: HTMLElement, label: string) =>
      row.querySelector(`td[data-label="${label}"]`)?.textContent
    expect(cell(edit, 'Time')).toContain('2026')
    expect(cell(edit, 'Admin')).toBe('admin #1')
    expect(cell(edit, 'Kind')).toBe('Instrument edited')
    expect(cell(edit, 'Entity')).toBe('instrument #11')
    expect(cell(edit, 'Before')).toBe('price1299isBannedfalse')
    expect(cell(edit, 'After')).toBe('price999isBannedtrue')
    expect(within(edit).getByText('999').previousSibling?.textContent).toBe('price')
    expect(cell(banned, 'Kind')).toBe('User banned')
    expect(screen.getByText('Page 1 of 2 · 3 entries')).toBeInTheDocument()
  })

  it('pages on the server', async () => {
    const { user, asked } = await openAudit()
    expect(asked.at(-1)?.get('page')).toBe('1')
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Page 2 of 2 · 3 entries')).toBeInTheDocument()
    expect(asked.at(-1)?.get('page')).toBe('2')
    const [only] = rows()
    expect(only?.textContent).toContain('Category deleted')
    // A deleted category has no after; the admin since deleted is still named.
    expect(only?.querySelector('td[data-label="After"]')?.textContent).toBe('—')
    expect(only?.querySelector('td[data-label="Admin"]')?.textContent).toBe('gone')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('filters by admin, kind and period through the server, from page 1', async () => {
    const { user, asked } = await openAudit()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Page 2 of 2 · 3 entries')
    await user.selectOptions(screen.getByLabelText('Kind'), 'User banned')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(asked.at(-1)?.get('kind')).toBe('user.ban')
    expect(asked.at(-1)?.get('page')).toBe('1')
    await user.selectOptions(screen.getByLabelText('Admin'), 'admin')
    await waitFor(() => expect(asked.at(-1)?.get('adminId')).toBe('1'))
    await user.type(screen.getByLabelText('From'), '2026-11-01')
    await user.type(screen.getByLabelText('To'), '2026-11-30')
    await waitFor(() => expect(asked.at(-1)?.get('to')).toBeTruthy())
    const last = asked.at(-1)
    // The admin's own days, sent as moments.
    expect(last?.get('from')).toBe(new Date('2026-11-01T00:00:00').toISOString())
    expect(last?.get('to')).toBe(new Date('2026-11-30T23:59:59.999').toISOString())
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(asked.at(-1)?.has('kind')).toBe(false)
  })

  it('says when nothing was recorded, and shows a refused filter', async () => {
    signInAsAdmin()
    serveBackOffice()
    serveTrail([])
    const { user } = await renderApp('/admin?tab=audit')
    expect(await screen.findByText('No admin has changed anything yet')).toBeInTheDocument()
    server.use(
      http.get('/api/audit', () =>
        HttpResponse.json({ error: 'to: must be after from', field: 'to' }, { status: 400 }),
      ),
    )
    await user.type(screen.getByLabelText('From'), '2026-11-30')
    expect(await screen.findByRole('alert')).toHaveTextContent('to: must be after from')
  })
})
