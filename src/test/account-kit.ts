import { SignJWT } from 'jose'
import { HttpResponse, http } from 'msw'
import type { Role } from '../../contract/auth'
import type { OwnAccount } from '../../contract/users'
import { notify } from '../lib/toast'
import { adminInstrumentRows, DEFAULT_LOW_STOCK } from '../mocks/admin-pages'
import { useCartStore } from '../stores/cart'
import { usePanelsStore } from '../stores/panels'
import { useSessionStore } from '../stores/session'
import { server } from './server'

// Shared by the account component tests: tokens shaped like the server's, and a tiny shop.

// A JWK, not bytes: under jsdom, byte arrays come from another realm and jose refuses them.
const secret = {
  kty: 'oct',
  k: Buffer.from('component-tests-only-secret-0123456789').toString('base64url'),
}

export function tokenFor(role: Role, userName = 'ana_test', expiresIn: string | number = '1h') {
  return new SignJWT({ user_rol: role, userName })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(secret)
}

export async function signInAs(role: Role, userName = 'ana_test') {
  useSessionStore.getState().signIn({ token: await tokenFor(role, userName), userName })
}

/** The stores outlive each test (module state); start every test from nobody signed in. */
export function resetStores() {
  useSessionStore.setState({ session: null })
  usePanelsStore.setState({ open: null })
  useCartStore.getState().clear()
  // Toasts live in a module-level store too: one test's toasts must not show in the next.
  notify.dismiss()
}

/** Two of one instrument in the cart, through the cart's own rules. */
export function putInCart() {
  const capo = { id: 3, name: 'Capo', brand: 'Kyser', price: 75, img: '', stock: 5 } as const
  useCartStore.getState().add({ ...capo, status: 'New' }, 2)
}

/** The signed-in person's own account (GET /users/token): address confirmed, with a password. */
export const anAccount: OwnAccount = {
  id: 1,
  dni: null,
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@example.com',
  contactNumber: '1134567890',
  userName: 'ana_test',
  buyerAddress: 'Calle 1',
  rol: 'user',
  adminId: null,
  emailVerified: true,
  hasPassword: true,
}

/** What the home page and the frame ask for, so a test can land on / after an action. */
export function serveShop() {
  server.use(
    // With ?page it is a storefront page; without, the whole list (the back office).
    http.get('/api/instruments', ({ request }) =>
      new URL(request.url).searchParams.has('page')
        ? HttpResponse.json({ items: [], total: 0, page: 1, pages: 1 })
        : HttpResponse.json([]),
    ),
    http.get('/api/category', () => HttpResponse.json([])),
    http.get('/api/category/all', () => HttpResponse.json([])),
    http.get('/api/trolley', () => HttpResponse.json([])),
    // An admin who lands on / goes on to the back office, whose first tab pages on the server.
    http.get('/api/admin/instruments', () => HttpResponse.json(adminInstrumentRows([], {}))),
    http.get('/api/admin/settings/stock', () =>
      HttpResponse.json({ lowStockThreshold: DEFAULT_LOW_STOCK }),
    ),
  )
}
