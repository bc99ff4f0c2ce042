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

// docs/product.md §8: each entity's delete confirmation and outcome texts.
const cases = [
  {
    kind: 'Instrument',
    tab: 'instruments',
    row: 'Stratocaster',
    call: http.delete,
    path: '/api/instruments',
    body: { id: 11 },
    success: ['Eliminado!', { description: 'El instrumento ha sido eliminado' }],
    failure: ['Error', { description: 'Algo salio mal' }],
  },
  {
    kind: 'User',
    tab: 'users',
    row: 'anagomez',
    call: http.delete,
    path: '/api/users/5',
    body: null,
    success: ['Deleted!', { description: 'El User se elimino con exito.' }],
    failure: ['Error!', { description: 'Algo salio mal.' }],
  },
  {
    kind: 'Admin',
    tab: 'admins',
    row: 'admin',
    call: http.delete,
    path: '/api/admins',
    body: { id: 1 },
    success: ['Deleted!', { description: 'The admin was succesfully deleted' }],
    failure: ['Error!', { description: 'Something went wrong' }],
  },
  {
    kind: 'Category',
    tab: 'categories',
    row: 'Drums',
    call: http.delete,
    path: '/api/category',
    body: { id: 2 },
    success: ['Se ha eliminado una Category', { description: undefined }],
    failure: ['Algo salio mal.', { description: 'This category still has instruments' }],
  },
] as const

async function confirmDelete(tab: string, row: string, kind: string) {
  signInAsAdmin()
  serveBackOffice()
  const { user } = await renderApp(`/admin?tab=${tab}`)
  await user.click(await screen.findByRole('button', { name: `Delete ${row}` }))
  const dialog = within(
    screen.getByRole('alertdialog', { name: `Seguro que deseas eliminar ${kind}` }),
  )
  expect(dialog.getByText('Se borrará de forma permanente')).toBeInTheDocument()
  await user.click(dialog.getByRole('button', { name: 'Eliminar' }))
}

describe.each(cases)('deleting a $kind', (c) => {
  it('asks first, sends the id and shows the success texts', async () => {
    const success = vi.spyOn(toast, 'success')
    let sent: unknown = 'nothing'
    server.use(
      c.call(c.path, async ({ request }) => {
        sent = c.body === null ? null : await request.json()
        // Instruments and categories answer the deleted id too (their DELETE routes' descriptions).
        const id = c.kind === 'Instrument' || c.kind === 'Category' ? c.body : {}
        return HttpResponse.json({ ok: 'done', ...id })
      }),
    )
    await confirmDelete(c.tab, c.row, c.kind)
    await waitFor(() => expect(success).toHaveBeenCalledWith(...c.success))
    expect(sent).toEqual(c.body)
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('shows the failure texts when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error')
    server.use(
      c.call(c.path, () =>
        HttpResponse.json({ error: 'This category still has instruments' }, { status: 400 }),
      ),
    )
    await confirmDelete(c.tab, c.row, c.kind)
    await waitFor(() => expect(error).toHaveBeenCalledWith(...c.failure))
  })

  it('Cancelar deletes nothing', async () => {
    signInAsAdmin()
    serveBackOffice()
    const { user } = await renderApp(`/admin?tab=${c.tab}`)
    await user.click(await screen.findByRole('button', { name: `Delete ${c.row}` }))
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
