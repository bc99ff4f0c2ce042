import { SignJWT } from 'jose'
import { HttpResponse, http } from 'msw'
import type { InstrumentDetail } from '../../contract/catalog'
import { fromCents, toCents } from '../../contract/money'
import type { Quote } from '../../contract/pricing'
import type { CartItem } from '../lib/cart-rules'
import { useCartStore } from '../stores/cart'
import { usePanelsStore } from '../stores/panels'
import { useSessionStore } from '../stores/session'
import { server } from './server'

// Shared by the cart, favourites and checkout component tests.

// A JWK, not bytes: under jsdom, byte arrays come from another realm and jose refuses them.
const secret = {
  kty: 'oct',
  k: Buffer.from('cart-tests-only-secret-0123456789').toString('base64url'),
}

export async function signIn(userName = 'ana_test') {
  const token = await new SignJWT({ user_rol: 'user', userName })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setExpirationTime('1h')
    .sign(secret)
  useSessionStore.getState().signIn({ token, userName })
}

/** Module state outlives a test: every test starts signed out with an empty cart. */
export function resetStores() {
  useSessionStore.setState({ session: null })
  usePanelsStore.setState({ open: null })
  useCartStore.getState().clear()
}

export function instrument(overrides: Partial<InstrumentDetail> = {}): InstrumentDetail {
  return {
    id: 7,
    name: 'Stratocaster',
    brand: 'Fender',
    price: 1200,
    img: '/img/strat.jpg',
    description: 'A solid-body electric guitar',
    stock: 2,
    status: 'New',
    categoryId: 1,
    category: { id: 1, name: 'Guitars', isBanned: false },
    categoryName: 'Guitars',
    isBanned: false,
    raiting: 0,
    raitingCount: 0,
    adminId: null,
    Raitings: [],
    ...overrides,
  }
}

export function cartLine(item: InstrumentDetail, count: number): CartItem {
  const { id, name, brand, price, img, status, stock } = item
  return { id, name, brand, price, img, status, stock, count }
}

/** The current server data of some instruments, plus the frame's own calls (home, nav). */
export function serveShop(...items: InstrumentDetail[]) {
  const listed = items.map(({ Raitings: _reviews, ...instrument }) => instrument)
  server.use(
    http.get('/api/instruments', ({ request }) =>
      new URL(request.url).searchParams.has('page')
        ? HttpResponse.json({ items: listed, total: listed.length, page: 1, pages: 1 })
        : HttpResponse.json(listed),
    ),
    http.get('/api/instruments/:id', ({ params }) => {
      const found = items.find((i) => i.id === Number(params.id))
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ error: 'Instrument not found' }, { status: 404 })
    }),
    http.get('/api/category', () => HttpResponse.json([])),
    http.get('/api/category/all', () => HttpResponse.json([])),
    http.get('/api/trolley', () => HttpResponse.json([])),
    http.post('/api/checkout/quote', async ({ request }) =>
      HttpResponse.json(unconfiguredQuote(items, (await request.json()) as AskedQuote)),
    ),
  )
}

interface AskedQuote {
  items: { id: number; quantity: number }[]
}

/** The quote of a shop that set no zone, rate or code: the instruments' prices, nothing added. */
export function unconfiguredQuote(items: InstrumentDetail[], body: AskedQuote): Quote {
  const lines = body.items.map(({ id, quantity }) => {
    const price = items.find((i) => i.id === id)?.price ?? 0
    const total = fromCents(toCents(price) * quantity)
    return { id, name: '', price, quantity, discount: 0, tax: 0, total }
  })
  const subtotal = fromCents(lines.reduce((sum, line) => sum + toCents(line.total), 0))
  return {
    lines,
    subtotal,
    discount: 0,
    shipping: 0,
    tax: 0,
    total: subtotal,
    taxIncluded: true,
    shippingMethods: [],
    shippingMethodId: null,
    discountCode: null,
  }
}
