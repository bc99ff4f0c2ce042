import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'
import { serveBackOffice, signInAsAdmin } from './admin-test-data'

// Whole-app renders under a busy parallel run: room beyond the 5 s default.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  useSessionStore.getState().signOut()
  vi.restoreAllMocks()
})

async function openEdit(tab: string, row: string) {
  signInAsAdmin()
  serveBackOffice()
  const app = await renderApp(`/admin?tab=${tab}`)
  await app.user.click(await screen.findByRole('button', { name: `Edit ${row}` }))
  // An instrument's row leaves its description out: the modal opens once the whole one is read.
  await screen.findByRole('dialog', { name: /^Datos/ })
  return app
}

function capturePut(path: string, ok: string) {
  const seen: { body?: unknown } = {}
  server.use(
    http.put(path, async ({ request }) => {
      seen.body = await request.json()
      return HttpResponse.json({ ok })
    }),
  )
  return seen
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

describe("the generic edit modal 'Datos' + kind (docs/product.md §2)", () => {
  it('User: id, dni, email, userName read-only; rol a dropdown; dni and contactNumber on a digit keypad', async () => {
    await openEdit('users', 'anagomez')
    const modal = within(screen.getByRole('dialog', { name: 'Datos User' }))
    for (const label of ['id', 'dni', 'email', 'userName']) {
      expect(modal.getByLabelText(label)).toHaveAttribute('readonly')
    }
    for (const label of ['firstName', 'lastName', 'buyerAddress']) {
      expect(modal.getByLabelText(label)).not.toHaveAttribute('readonly')
    }
    expect(options(modal.getByLabelText('rol'))).toEqual(['user', 'banned'])
    for (const label of ['dni', 'contactNumber']) {
      // Text, not a number input: Chromium shows a seeded '+34 612 345 678' as empty in one.
      expect(modal.getByLabelText(label)).toHaveAttribute('type', 'tel')
      expect(modal.getByLabelText(label)).toHaveAttribute('inputmode', 'numeric')
    }
    expect(modal.getByLabelText('firstName')).toHaveValue('Ana')
    expect(modal.getByRole('button', { name: 'Actualizar' })).toBeInTheDocument()
    expect(modal.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
    expect(modal.getByRole('button', { name: 'Close' })).toBeInTheDocument()
  })

  it('Instrument: status, category and isBanned dropdowns; price, stock, adminId numeric', async () => {
    await openEdit('instruments', 'Stratocaster')
    const modal = within(screen.getByRole('dialog', { name: 'Datos Instrument' }))
    expect(options(modal.getByLabelText('status'))).toEqual(['New', 'Used'])
    expect(options(modal.getByLabelText('category'))).toEqual(['Guitars', 'Drums'])
    expect(modal.getByLabelText('category')).toHaveValue('1')
    expect(options(modal.getByLabelText('isBanned'))).toEqual(['false', 'true'])
    for (const label of ['price', 'stock', 'lowStockThreshold', 'adminId']) {
      expect(modal.getByLabelText(label)).toHaveAttribute('type', 'number')
    }
    expect(modal.getByLabelText('name')).toHaveAttribute('type', 'text')
    expect(modal.getByLabelText('description')).toHaveValue('A guitar')
    // Blank: the shop's default threshold applies.
    expect(modal.getByLabelText('lowStockThreshold')).toHaveValue(null)
  })

  it("asks 'Seguro que deseas actualizar' first, sends empty dni-like fields as null, shows the server message", async () => {
    const success = vi.spyOn(toast, 'success')
    const { user } = await openEdit('users', 'anagomez')
    const sent = capturePut('/api/users/admin', 'The user was updated successfully')
    const modal = within(screen.getByRole('dialog', { name: 'Datos User' }))
    await user.clear(modal.getByLabelText('firstName'))
    await user.clear(modal.getByLabelText('contactNumber'))
    await user.selectOptions(modal.getByLabelText('rol'), 'banned')
    await user.click(modal.getByRole('button', { name: 'Actualizar' }))
    const confirm = within(
      await screen.findByRole('alertdialog', { name: 'Seguro que deseas actualizar User' }),
    )
    expect(sent.body).toBeUndefined()
    await user.click(confirm.getByRole('button', { name: 'Actualizar' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('The user was updated successfully'))
    expect(sent.body).toEqual({
      id: 5,
      firstName: null,
      lastName: 'Gómez',
      contactNumber: null,
      buyerAddress: 'Calle 1',
      rol: 'banned',
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Datos User' })).toBeNull())
  })

  it('a soft ban of an instrument sends isBanned true and refreshes the list', async () => {
    let listCalls = 0
    const { user } = await openEdit('instruments', 'Stratocaster')
    server.use(
      http.get('/api/admin/instruments', () => {
        listCalls += 1
        return HttpResponse.json({
          items: [],
          total: 0,
          totalCapped: false,
          all: 0,
          page: 1,
          pages: 0,
          pageSize: 25,
        })
      }),
    )
    const sent = capturePut('/api/instruments', 'Instrument updated successfully')
    const modal = within(screen.getByRole('dialog', { name: 'Datos Instrument' }))
    await user.selectOptions(modal.getByLabelText('isBanned'), 'true')
    await user.click(modal.getByRole('button', { name: 'Actualizar' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Actualizar' }),
    )
    await waitFor(() => expect(listCalls).toBeGreaterThan(0))
    expect(sent.body).toMatchObject({ id: 11, isBanned: true, categoryId: 1, price: 1299 })
    expect(await screen.findByText('No hay Instrumentos')).toBeInTheDocument()
  })

  it("shows errors as 'field : message' and sends nothing", async () => {
    const { user } = await openEdit('categories', 'Guitars')
    const modal = within(screen.getByRole('dialog', { name: 'Datos Category' }))
    await user.clear(modal.getByLabelText('name'))
    await user.click(modal.getByRole('button', { name: 'Actualizar' }))
    expect(await modal.findByText('name : Required')).toBeInTheDocument()
    expect(modal.getByLabelText('name')).toHaveAccessibleDescription('name : Required')
    expect(modal.getByLabelText('name')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it("a cleared price is 'price : Required', not 0", async () => {
    const { user } = await openEdit('instruments', 'Stratocaster')
    const modal = within(screen.getByRole('dialog', { name: 'Datos Instrument' }))
    await user.clear(modal.getByLabelText('price'))
    await user.click(modal.getByRole('button', { name: 'Actualizar' }))
    expect(await modal.findByText('price : Required')).toBeInTheDocument()
  })

  it("a refused edit shows the server's error and keeps the modal", async () => {
    const error = vi.spyOn(toast, 'error')
    const { user } = await openEdit('admins', 'admin')
    server.use(
      http.put('/api/admins', () =>
        HttpResponse.json({ error: 'The last admin cannot be banned' }, { status: 400 }),
      ),
    )
    const modal = within(screen.getByRole('dialog', { name: 'Datos Admin' }))
    expect(options(modal.getByLabelText('rol'))).toEqual(['admin', 'banned'])
    await user.selectOptions(modal.getByLabelText('rol'), 'banned')
    await user.click(modal.getByRole('button', { name: 'Actualizar' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Actualizar' }),
    )
    await waitFor(() => expect(error).toHaveBeenCalledWith('The last admin cannot be banned'))
    expect(screen.getByRole('dialog', { name: 'Datos Admin' })).toBeInTheDocument()
  })

  it('Escape closes the confirmation first, then the modal', async () => {
    const { user } = await openEdit('categories', 'Drums')
    await user.click(screen.getByRole('button', { name: 'Actualizar' }))
    await screen.findByRole('alertdialog')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Datos Category' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Datos Category' })).toBeNull()
  })
})
