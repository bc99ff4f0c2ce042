import type { APIRequestContext, Page } from '@playwright/test'
import { STRIPE_API_URL } from '../env'
import { expect, signInPage, type TestAccount, test } from '../fixtures'
import { blockStripeJs, standInStripeJs } from '../stand-ins/stripe-js'
import { cartButton, createInstrument, fillCustomer, salesOf, stockOf } from './cart-kit'

// Runs in the 'stripe' project: the shop built with VITE_STRIPE_PUBLISHABLE_KEY, Stripe.js and
// Stripe's API stood in at the network boundary.

test('pays through Stripe Elements', async ({ page, request, user, admin }) => {
  const guitar = await createInstrument(request, admin.token, { stock: 2, price: 200 })
  await standInStripeJs(page)
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
  await cartButton(page).click()
  await page.getByRole('link', { name: 'Pay with Stripe' }).click()

  await fillCustomer(page)
  await expect(page.getByLabel('Card number', { exact: true })).toHaveCount(0)
  const pay = page.getByRole('button', { name: 'Pay with Stripe $200' })
  await expect(pay).toBeDisabled()
  await page.getByLabel('Stripe card number').fill('4242424242424242')
  await expect(pay).toBeEnabled()
  await pay.click()
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  expect(await stockOf(request, guitar.id)).toBe(1)
})

test("says so when Stripe's script cannot load", async ({ page, request, user, admin }) => {
  const guitar = await createInstrument(request, admin.token, { stock: 2, price: 200 })
  await blockStripeJs(page)
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
  await page.goto('/checkout')
  await expect(page.getByText("Stripe's script is not available")).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pay with Stripe/ })).toBeDisabled()
})

test.describe('a card that asks for authentication (3-D Secure)', () => {
  async function payWith3ds(
    page: Page,
    request: APIRequestContext,
    user: TestAccount,
    token: string,
  ) {
    const guitar = await createInstrument(request, token, { stock: 1, price: 480 })
    await standInStripeJs(page)
    await signInPage(page, user)
    await page.goto(`/instruments/${guitar.id}`)
    await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
    await page.goto('/checkout')
    await fillCustomer(page)
    await page.getByLabel('Stripe card number').fill('4000002500003155')
    const started = page.waitForResponse(
      (res) => res.url().endsWith('/api/payment') && res.status() === 202,
    )
    await page.getByRole('button', { name: 'Pay with Stripe $480' }).click()
    const { paymentIntentId } = (await (await started).json()) as { paymentIntentId: string }
    const bankPage = page.getByRole('dialog', { name: '3D Secure 2 Test Page' })
    await expect(bankPage).toBeVisible()
    return { guitar, bankPage, paymentIntentId }
  }

  test('completed: paid, one sale', async ({ page, request, user, admin }) => {
    const { guitar, bankPage } = await payWith3ds(page, request, user, admin.token)
    await bankPage.getByRole('button', { name: 'Complete authentication' }).click()
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
    expect((await salesOf(request, user.token)).map((s) => s.status)).toEqual(['succeeded'])
    expect(await stockOf(request, guitar.id)).toBe(0)
  })

  test('failed: Stripe’s message beside Pay, nothing sold', async ({
    page,
    request,
    user,
    admin,
  }) => {
    const { guitar, bankPage } = await payWith3ds(page, request, user, admin.token)
    await bankPage.getByRole('button', { name: 'Fail authentication' }).click()
    await expect(
      page.getByRole('button', { name: 'Pay with Stripe $480' }),
    ).toHaveAccessibleDescription(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    )
    expect((await salesOf(request, user.token)).map((s) => s.status)).toEqual(['failed'])
    expect(await stockOf(request, guitar.id)).toBe(1)
  })

  test('the tab closes during authentication: the webhook settles the sale, then a refund', async ({
    page,
    request,
    user,
    admin,
  }) => {
    const { guitar, paymentIntentId } = await payWith3ds(page, request, user, admin.token)
    await page.close()
    expect((await salesOf(request, user.token)).map((s) => s.status)).toEqual(['pending'])

    // The shopper finishes on the bank's page; Stripe tells the shop by webhook.
    const bank = await request.post(
      `${STRIPE_API_URL}/test/payment_intents/${paymentIntentId}/authenticate`,
      { form: { outcome: 'complete' } },
    )
    expect(bank.ok()).toBeTruthy()
    expect((await salesOf(request, user.token)).map((s) => s.status)).toEqual(['succeeded'])
    expect(await stockOf(request, guitar.id)).toBe(0)

    // A refund made in Stripe's dashboard reaches the shop's records too.
    const refund = await request.post(`${STRIPE_API_URL}/v1/refunds`, {
      form: { payment_intent: paymentIntentId },
    })
    expect(refund.ok()).toBeTruthy()
    await expect
      .poll(async () => (await salesOf(request, user.token)).map((s) => s.status))
      .toEqual(['refunded'])
  })
})
