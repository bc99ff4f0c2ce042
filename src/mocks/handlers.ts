import { decodeJwt } from 'jose'
import { loginBody, signUpBody, VERIFY_LINK_INVALID, verifyEmailBody } from '../../contract/auth'
import { instrumentPageQuery } from '../../contract/catalog'
import { toCents } from '../../contract/money'
import { smallChargeRefusal } from '../../contract/pricing'
import { idBody } from '../../contract/rules'
import { paymentBody } from '../../contract/sales'
import { stockRefusal } from '../../contract/stock'
import { AUTHENTICATION_FAILED, testCardOutcome } from '../../contract/test-cards'
import {
  type AccountDataExport,
  deleteAccountBody,
  ERASED_CUSTOMER,
  profileUpdateBody,
} from '../../contract/users'
import { categoryShown } from '../../contract/visibility'
import { auditHandlers } from './audit-handlers'
import { backOfficeHandlers } from './back-office-handlers'
import { http } from './http'
import { createMockShop, type MockShop } from './mock-shop'
import { orderHandlers } from './order-handlers'
import { parse } from './parse-body'
import { pricingHandlers } from './pricing-handlers'
import { salesOverTimeHandlers } from './sales-over-time-handlers'
import { searchAndAlertHandlers } from './stock-alert-handlers'

const SENT = 'We have sent you an email'

/** The mock backend: every call the app makes, answered from an in-memory shop. */
export function mockShopHandlers(shop: MockShop = createMockShop()) {
  const caller = (request: Request) => {
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '')
    try {
      const id = Number(token && decodeJwt(token).sub)
      return shop.accounts.find((a) => a.id === id) ?? null
    } catch {
      return null
    }
  }
  const loggedOut = { error: 'You need to log in' }
  const adminsOnly = { error: 'Only administrators may do this' }
  const findInstrument = (id: unknown) => shop.instruments.find((i) => i.id === Number(id))

  return [
    ...searchAndAlertHandlers(shop, caller),
    // Before /api/sales/{id}: 'over-time' is not an order's id.
    ...salesOverTimeHandlers(shop, caller),
    ...orderHandlers(shop, caller),
    ...backOfficeHandlers(shop, caller),
    ...auditHandlers(caller),
    ...pricingHandlers(shop, caller),
    http.get('/api/instruments', ({ request, response }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      const isAdmin = caller(request)?.rol === 'admin'
      const named = (name?: string) => (i: { name: string }) =>
        !name || i.name.toLowerCase().includes(name.trim().toLowerCase())
      if (query.page === undefined) {
        const list = shop.instruments.filter(
          (i) => (isAdmin || shop.visible(i)) && named(query.name)(i),
        )
        return response(200).json(list)
      }
      const { page, limit, sort, category, name } = instrumentPageQuery.parse(query)
      const rows = shop.instruments
        .filter(shop.visible)
        .filter(named(name))
        .filter(
          (i) =>
            !category ||
            category.toLowerCase() === 'all' ||
            i.categoryName.toLowerCase() === category.toLowerCase(),
        )
      const by = {
        default: (a: (typeof rows)[0], b: (typeof rows)[0]) => a.id - b.id,
        asce: (a: (typeof rows)[0], b: (typeof rows)[0]) => a.name.localeCompare(b.name),
        desce: (a: (typeof rows)[0], b: (typeof rows)[0]) => b.name.localeCompare(a.name),
        'low-price': (a: (typeof rows)[0], b: (typeof rows)[0]) => a.price - b.price,
        'high-price': (a: (typeof rows)[0], b: (typeof rows)[0]) => b.price - a.price,
      }[sort]
      const items = rows.sort(by).slice((page - 1) * limit, page * limit)
      return response(200).json({
        items,
        total: rows.length,
        page,
        pages: Math.ceil(rows.length / limit),
      })
    }),
    http.get('/api/instruments/{id}', ({ params, request, response }) => {
      const found = findInstrument(params.id)
      if (!found || (!shop.visible(found) && caller(request)?.rol !== 'admin')) {
        return response(404).json({ error: 'Instrument not found' })
      }
      return response(200).json({ ...found, Raitings: [] })
    }),
    http.get('/api/category/all', ({ response }) => response(200).json(shop.categories)),
    http.get('/api/category', ({ response }) =>
      response(200).json(shop.categories.filter(categoryShown)),
    ),

    http.post('/api/auth/login', async ({ request, response }) => {
      const body = await parse(loginBody, request)
      if (body.error) return response(400).json(body.error)
      const account = shop.accounts.find(
        (a) => a.userName === body.data.userName && a.password === body.data.password,
      )
      if (!account) return response(401).json({ error: 'Wrong userName or password' })
      return response(200).json({
        ok: 'Logged in successfully',
        token: shop.tokenFor(account),
        userName: account.userName,
        emailVerified: account.emailVerified,
      })
    }),
    http.post('/api/auth/logout', ({ response }) => response(200).json({ ok: 'Logged out' })),
    http.post('/api/auth/login/google', ({ response }) =>
      response(503).json({ error: 'Google sign-in is not configured' }),
    ),
    http.post('/api/auth/register', async ({ request, response }) => {
      const body = await parse(signUpBody, request)
      if (body.error) return response(400).json(body.error)
      const { userName, email, password } = body.data
      if (shop.accounts.some((a) => a.userName === userName || a.email === email)) {
        return response(400).json({
          error: 'This userName or email is already taken',
          field: 'userName',
        })
      }
      shop.accounts.push({
        id: shop.nextId(shop.accounts),
        ...{ userName, email, password, rol: 'user', dni: null, adminId: null },
        emailVerified: false,
        ...{ firstName: null, lastName: null, contactNumber: null, buyerAddress: null },
      })
      return response(200).json({ ok: 'User created successfully' })
    }),
    http.get('/api/users/token', ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      const { password: _, ...ownAccount } = account
      return response(200).json({ ...ownAccount, hasPassword: true })
    }),
    http.get('/api/users/me/export', ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      const { password: _, ...own } = account
      const orders = shop.sales.filter((s) => s.userId === account.id)
      const addresses = new Map(
        orders.map(
          ({ cus_name, cus_email, cus_phone, cus_address, cus_city, cus_country, cus_zip }) => {
            const address = {
              cus_name,
              cus_email,
              cus_phone,
              cus_address,
              cus_city,
              cus_country,
              cus_zip,
            }
            return [JSON.stringify(address), address]
          },
        ),
      )
      const now = new Date().toISOString()
      const data: AccountDataExport = {
        exportedAt: now,
        profile: { ...own, hasPassword: true, createdAt: now },
        addresses: [...addresses.values()],
        orders,
        reviews: [],
        favourites: shop
          .favouritesOf(account)
          .map((f) => ({ instrumentId: f.id, instrument: f.name, createdAt: now })),
        stockAlerts: [],
        consents: { emailVerifiedAt: account.emailVerified ? now : null, newsletterSince: null },
      }
      return response(200).json(data, {
        headers: {
          'Content-Disposition': `attachment; filename="instrument-shop-data-${now.slice(0, 10)}.json"`,
        },
      })
    }),
    // No mail leaves the mock: its confirmation link is `/user/verify-email?token=verify-<id>`.
    http.post('/api/auth/verify-email', async ({ request, response }) => {
      const body = await parse(verifyEmailBody, request)
      if (body.error) return response(400).json(body.error)
      const account = shop.accounts.find((a) => `verify-${a.id}` === body.data.token)
      if (!account) return response(400).json({ error: VERIFY_LINK_INVALID, field: 'token' })
      account.emailVerified = true
      return response(200).json({ ok: 'Your e-mail address is confirmed' })
    }),
    http.post('/api/auth/verify-email/resend', ({ request, response }) => {
      if (!caller(request)) return response(401).json(loggedOut)
      return response(200).json({ ok: SENT })
    }),
    http.put('/api/users', async ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      const body = await parse(profileUpdateBody, request)
      if (body.error) return response(400).json(body.error)
      Object.assign(account, body.data)
      return response(200).json({ ok: 'Your information was updated successfully' })
    }),
    http.delete('/api/users', async ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      const body = await parse(deleteAccountBody, request)
      if (body.error) return response(400).json(body.error)
      if (body.data.currentPassword !== account.password) {
        const error = body.data.currentPassword
          ? 'Your current password is not this one'
          : 'Enter your current password'
        return response(400).json({ error, field: 'currentPassword' })
      }
      shop.accounts.splice(shop.accounts.indexOf(account), 1)
      // As the server: the books keep the orders, not who placed them.
      for (const sale of shop.sales.filter((s) => s.userId === account.id)) {
        Object.assign(sale, ERASED_CUSTOMER, { userId: null })
      }
      return response(200).json({ ok: 'Your account was deleted' })
    }),
    http.post('/api/users/resetpass', ({ response }) =>
      response(200).json({ ok: 'Your password was changed' }),
    ),
    ...(['sign', 'profile', 'resetpassword', 'resetpasswordadmin', 'passwordreseted'] as const).map(
      (mail) => http.post(`/api/mail/${mail}`, ({ response }) => response(200).json({ ok: SENT })),
    ),
    http.post('/api/mail/news', ({ response }) =>
      response(200).json({ ok: 'Thank you for subscribing to our newsletter' }),
    ),
    http.post('/api/mail/purchase', ({ response }) =>
      response(200).json({ ok: 'We have sent you an email with your order details.' }),
    ),

    http.get('/api/trolley', ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      return response(200).json(shop.favouritesOf(account))
    }),
    http.post('/api/trolley', async ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      const body = await parse(idBody, request)
      if (body.error) return response(400).json(body.error)
      if (!findInstrument(body.data.id))
        return response(404).json({ error: 'Instrument not found' })
      shop.setFavourite(account, body.data.id, true)
      return response(200).json({ ok: 'Added to favorites', id: body.data.id })
    }),
    http.delete('/api/trolley', async ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      const body = await parse(idBody, request)
      if (body.error) return response(400).json(body.error)
      shop.setFavourite(account, body.data.id, false)
      return response(200).json({ ok: 'Removed from favorites', id: body.data.id })
    }),

    http.post('/api/payment', async ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      const body = await parse(paymentBody, request)
      if (body.error) return response(400).json(body.error)
      const lines = body.data.items.map(({ id, count }) => [findInstrument(id), count] as const)
      for (const [instrument, count] of lines) {
        if (!instrument || !shop.visible(instrument)) {
          return response(400).json({ error: 'An instrument is not available', field: 'items' })
        }
        const error = stockRefusal(instrument, count)
        if (error) return response(409).json({ error })
      }
      // Priced as the quote prices it; a refused code or an unserved country charges nothing.
      const price = shop.pricing.price(shop.instruments, account.id, {
        items: body.data.items.map(({ id, count }) => ({ id, quantity: count })),
        country: body.data.country ?? body.data.userInfo.cus_country,
        shippingMethodId: body.data.shippingMethodId,
        discountCode: body.data.discountCode,
      })
      const refusal = price.quote.refusal
      if (refusal) return response(409).json({ error: refusal.reason })
      const totalCents = toCents(price.quote.total)
      const tooSmall = smallChargeRefusal(totalCents)
      if (tooSmall) return response(409).json({ error: tooSmall })
      // The mock has no 3-D Secure dialog: a card that asks for it fails its authentication. An
      // order that costs nothing is paid without the card.
      const outcome = totalCents === 0 ? { pays: true } : testCardOutcome(body.data.id)
      if (!('pays' in outcome)) {
        const error = 'declined' in outcome ? outcome.declined : AUTHENTICATION_FAILED
        return response(402).json({ error })
      }
      const sale = shop.recordSale(account, body.data.userInfo, lines as never, price)
      return response(201).json({ ok: 'Payment successful', sale })
    }),
    http.get('/api/transactions/user', ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      return response(200).json(shop.sales.filter((s) => s.userId === account.id))
    }),
    http.get('/api/transactions', ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      if (account.rol !== 'admin') return response(403).json(adminsOnly)
      return response(200).json(shop.sales)
    }),
    ...(['/api/users', '/api/admins'] as const).map((path) =>
      http.get(path, ({ request, response }) => {
        const account = caller(request)
        if (!account) return response(401).json(loggedOut)
        if (account.rol !== 'admin') return response(403).json(adminsOnly)
        const kind = path === '/api/admins' ? ['admin'] : ['user', 'banned']
        return response(200).json(
          shop.accounts
            .filter((a) => kind.includes(a.rol))
            .map(({ password: _, emailVerified: __, ...a }) => a),
        )
      }),
    ),
    http.get('/api/admins/id', ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut)
      if (account.rol !== 'admin') return response(403).json(adminsOnly)
      const { password: _, emailVerified: __, ...publicAccount } = account
      return response(200).json(publicAccount)
    }),
    http.post('/api/raiting', ({ response }) =>
      response(201).json({ ok: 'Thanks for rating this instrument', raiting: 5, raitingCount: 1 }),
    ),
  ]
}
