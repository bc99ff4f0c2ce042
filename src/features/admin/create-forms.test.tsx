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

/** The error a screen reader announces with the field. */
const errorFor = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent

async function openCreate(tab: string) {
  signInAsAdmin()
  serveBackOffice()
  const app = await renderApp(`/admin?tab=${tab}`)
  await app.user.click(await screen.findByRole('button', { name: 'Create' }))
  return app
}

/**
 * Answers a POST with `ok` (and what the server adds: a new category, 201 for a created
 * instrument or category), remembering the body and how long after `since` it came.
 */
function capturePost(path: string, ok: string) {
  const seen: { body?: unknown; at?: number } = {}
  server.use(
    http.post(path, async ({ request }) => {
      seen.body = await request.json()
      seen.at = performance.now()
      const category = { id: 9, name: 'Harps', isBanned: false }
      if (path === '/api/category') return HttpResponse.json({ ok, category }, { status: 201 })
      return HttpResponse.json({ ok }, { status: path === '/api/instruments' ? 201 : 200 })
    }),
  )
  return seen
}

describe("Instruments: 'Product creation form' (docs/product.md §2 and §5)", () => {
  it("flags every empty field '*', notes '(*) Inputs required' and disables Aceptar on an error", async () => {
    const { user } = await openCreate('instruments')
    const form = within(screen.getByRole('region', { name: 'Product creation form' }))
    expect(form.getByText('(*) Inputs required')).toBeInTheDocument()
    const labels = ['name', 'brand', 'category', 'price', 'stock', 'status', 'img', 'description']
    for (const label of labels) {
      expect(form.getByLabelText(new RegExp(`^${label}`)).closest('div')).toHaveTextContent('*')
    }
    await user.type(form.getByLabelText(/^name/), 'Telecaster')
    expect(form.getByText('name').parentElement?.textContent).toBe('name')

    await user.click(form.getByLabelText(/^brand/))
    await user.tab()
    expect(await form.findByText('Required')).toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Aceptar' })).toBeDisabled()
    // Leaving category (touched, still empty) for brand flags category in turn.
    await user.type(form.getByLabelText(/^brand/), 'Fender')
    expect(form.getAllByText('Required')).toHaveLength(1)
    expect(form.getByRole('button', { name: 'Aceptar' })).toBeDisabled()
    await user.selectOptions(form.getByLabelText(/^category/), 'Drums')
    await waitFor(() => expect(form.getByRole('button', { name: 'Aceptar' })).toBeEnabled())
  })

  it('offers the categories and New / Used, and sends the instrument after 400 ms', async () => {
    const success = vi.spyOn(toast, 'success')
    const { user } = await openCreate('instruments')
    const sent = capturePost('/api/instruments', 'Instrument created successfully')
    const form = within(screen.getByRole('region', { name: 'Product creation form' }))
    expect(
      within(form.getByLabelText(/^category/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a category', 'Guitars', 'Drums'])
    await user.type(form.getByLabelText(/^name/), 'Telecaster')
    await user.type(form.getByLabelText(/^brand/), 'Fender')
    await user.selectOptions(form.getByLabelText(/^category/), 'Guitars')
    await user.type(form.getByLabelText(/^price/), '999.5')
    await user.type(form.getByLabelText(/^stock/), '3')
    await user.type(form.getByLabelText(/^lowStockThreshold/), '2')
    await user.selectOptions(form.getByLabelText(/^status/), 'Used')
    await user.type(form.getByLabelText(/^img/), 'https://cdn.example.com/tele.png')
    await user.type(form.getByLabelText(/^description/), 'A twangy guitar')
    const clicked = performance.now()
    await user.click(form.getByRole('button', { name: 'Aceptar' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Instrument created successfully'))
    expect((sent.at ?? 0) - clicked).toBeGreaterThanOrEqual(395)
    expect(sent.body).toEqual({
      name: 'Telecaster',
      brand: 'Fender',
      category: 1,
      price: 999.5,
      stock: 3,
      lowStockThreshold: 2,
      status: 'Used',
      img: 'https://cdn.example.com/tele.png',
      description: 'A twangy guitar',
    })
    expect(screen.queryByRole('region', { name: 'Product creation form' })).toBeNull()
  })

  it("a blank price or stock is 'Required', not 0", async () => {
    const { user } = await openCreate('instruments')
    const form = within(screen.getByRole('region', { name: 'Product creation form' }))
    await user.click(form.getByLabelText(/^price/))
    await user.click(form.getByLabelText(/^stock/))
    await user.click(form.getByLabelText(/^name/))
    const errorOf = (label: RegExp) => errorFor(form.getByLabelText(label))
    expect(errorOf(/^price/)).toBe('Required')
    expect(errorOf(/^stock/)).toBe('Required')
  })

  it('Cancelar closes the form', async () => {
    const { user } = await openCreate('instruments')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByText('Product creation form')).toBeNull()
  })
})

describe('Users: the create form (docs/product.md §5, admin user form)', () => {
  it('checks userName, email, password, firstName and lastName once touched', async () => {
    const { user } = await openCreate('users')
    const form = within(screen.getByRole('region', { name: 'Create a user' }))
    expect(
      within(form.getByLabelText('role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['user', 'banned'])
    await user.type(form.getByLabelText('userName'), 'abc')
    await user.type(form.getByLabelText('email'), 'not-an-email')
    await user.type(form.getByLabelText('password'), 'password')
    await user.click(form.getByLabelText('firstName'))
    await user.click(form.getByLabelText('lastName'))
    await user.tab()
    const errorOf = (label: string) => errorFor(form.getByLabelText(label))
    expect(errorOf('userName')).toBe('Required')
    expect(errorOf('email')).toBe('Invalid email address')
    expect(errorOf('password')).toBe('Invalid Password')
    expect(errorOf('firstName')).toBe('Required')
    expect(errorOf('lastName')).toBe('Required')
    // Untouched optional fields show nothing.
    expect(errorOf('dni')).toBeUndefined()
  })

  it('sends the user after 400 ms with empty optional fields as null, and shows the server error', async () => {
    const error = vi.spyOn(toast, 'error')
    const { user } = await openCreate('users')
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json({ error: 'That userName is taken' }, { status: 400 }),
      ),
    )
    const form = within(screen.getByRole('region', { name: 'Create a user' }))
    await user.type(form.getByLabelText('firstName'), 'Eva')
    await user.type(form.getByLabelText('lastName'), 'Ruiz')
    await user.type(form.getByLabelText('email'), 'eva@example.com')
    await user.type(form.getByLabelText('userName'), 'evaruiz')
    await user.type(form.getByLabelText('password'), 'secret123')
    await user.selectOptions(form.getByLabelText('role'), 'banned')
    await user.click(form.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(error).toHaveBeenCalledWith('That userName is taken'))
    // A failure keeps the form and what was typed.
    expect(form.getByLabelText('userName')).toHaveValue('evaruiz')

    const sent = capturePost('/api/users', 'User created successfully')
    await user.click(form.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(sent.body).toBeDefined())
    expect(sent.body).toEqual({
      dni: null,
      firstName: 'Eva',
      lastName: 'Ruiz',
      contactNumber: null,
      email: 'eva@example.com',
      userName: 'evaruiz',
      password: 'secret123',
      buyerAddress: null,
      rol: 'banned',
    })
  })
})

describe("Categories: 'Registrar una nueva Category' (docs/product.md §5)", () => {
  it("requires the name ('Required') and sends it after 400 ms", async () => {
    const success = vi.spyOn(toast, 'success')
    const { user } = await openCreate('categories')
    const form = within(screen.getByRole('region', { name: 'Registrar una nueva Category' }))
    await user.click(form.getByRole('button', { name: 'Aceptar' }))
    expect(await form.findByText('Required')).toBeInTheDocument()
    const sent = capturePost('/api/category', 'Category created successfully')
    await user.type(form.getByLabelText('name'), 'Pianos')
    const clicked = performance.now()
    await user.click(form.getByRole('button', { name: 'Aceptar' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Category created successfully'))
    expect(sent.body).toEqual({ name: 'Pianos' })
    expect((sent.at ?? 0) - clicked).toBeGreaterThanOrEqual(395)
  })
})

describe("Admins: 'Registrar una nueva' (docs/product.md §2)", () => {
  it('has rol admin by default and sends the admin to /admins/register', async () => {
    const { user } = await openCreate('admins')
    const form = within(screen.getByRole('region', { name: 'Registrar una nueva' }))
    expect(form.getByLabelText('rol')).toHaveValue('admin')
    const sent = capturePost('/api/admins/register', 'Admin created successfully')
    await user.type(form.getByLabelText('firstName'), 'Max')
    await user.type(form.getByLabelText('lastName'), 'Power')
    await user.type(form.getByLabelText('email'), 'max@example.com')
    await user.type(form.getByLabelText('userName'), 'maxpower')
    await user.type(form.getByLabelText('password'), 'strong123')
    await user.click(form.getByRole('button', { name: 'Aceptar' }))
    await waitFor(() => expect(sent.body).toBeDefined())
    expect(sent.body).toEqual({
      firstName: 'Max',
      lastName: 'Power',
      email: 'max@example.com',
      userName: 'maxpower',
      password: 'strong123',
      rol: 'admin',
    })
  })
})
