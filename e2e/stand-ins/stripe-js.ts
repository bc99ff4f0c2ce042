import type { Page } from '@playwright/test'
import { STRIPE_API_URL } from '../env'

/**
 * A stand-in for Stripe.js served by Playwright's routing (there is no network here). It
 * implements the part of Stripe's browser API that Elements' CardElement and
 * `createPaymentMethod` use; the card field is a plain input instead of Stripe's iframe.
 * Stripe's test card numbers become their test payment methods (any other complete card the Visa
 * one); `handleNextAction` shows a stand-in of Stripe's 3-D Secure test page, whose buttons reach
 * the stand-in API through api.stripe.com (routed by `standInStripeJs`).
 */
const STRIPE_JS = `
(() => {
  function createCardElement() {
    const handlers = {}
    let input = null
    const emit = (event, payload) => (handlers[event] || []).forEach((cb) => cb(payload))
    const digits = () => (input ? input.value.replace(/\\D/g, '') : '')
    return {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target
        input = document.createElement('input')
        input.setAttribute('aria-label', 'Stripe card number')
        input.setAttribute('inputmode', 'numeric')
        input.addEventListener('input', () => {
          const d = digits()
          emit('change', { elementType: 'card', empty: d.length === 0, complete: d.length >= 16, error: undefined, brand: 'visa', value: {} })
        })
        input.addEventListener('focus', () => emit('focus', { elementType: 'card' }))
        input.addEventListener('blur', () => emit('blur', { elementType: 'card' }))
        host.appendChild(input)
        setTimeout(() => emit('ready', { elementType: 'card' }), 0)
      },
      on(event, cb) { (handlers[event] = handlers[event] || []).push(cb); return this },
      off(event, cb) { handlers[event] = (handlers[event] || []).filter((h) => h !== cb); return this },
      once(event, cb) { return this.on(event, cb) },
      update() {},
      focus() { input && input.focus() },
      blur() { input && input.blur() },
      clear() { if (input) { input.value = ''; emit('change', { elementType: 'card', empty: true, complete: false }) } },
      unmount() { input && input.remove() },
      destroy() { input && input.remove(); input = null },
      _digits: digits,
    }
  }
  window.Stripe = function Stripe() {
    let card = null
    return {
      elements() {
        return {
          create(type) { card = createCardElement(); return card },
          getElement() { return card },
          update() {},
        }
      },
      async createPaymentMethod(options) {
        const element = (options && (options.card || (options.elements && card))) || card
        const d = element ? element._digits() : ''
        if (d.length < 16) return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } }
        const methods = {
          '4000000000000002': 'pm_card_chargeDeclined',
          '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
          '4000002500003155': 'pm_card_authenticationRequired',
        }
        return { paymentMethod: { id: methods[d] || 'pm_card_visa' } }
      },
      handleNextAction({ clientSecret }) {
        return new Promise((resolve) => {
          const page = document.createElement('div')
          page.setAttribute('role', 'dialog')
          page.setAttribute('aria-label', '3D Secure 2 Test Page')
          page.style.cssText = 'position:fixed;inset:20%;z-index:99999;background:#fff;border:1px solid #000;padding:1rem'
          const answer = (outcome) => async () => {
            const res = await fetch('https://api.stripe.com/v1/test/authenticate', {
              method: 'POST',
              body: new URLSearchParams({ client_secret: clientSecret, outcome }),
            })
            const intent = await res.json()
            page.remove()
            resolve(intent.status === 'succeeded' ? { paymentIntent: intent } : { error: intent.last_payment_error })
          }
          for (const [label, outcome] of [['Complete authentication', 'complete'], ['Fail authentication', 'fail']]) {
            const button = document.createElement('button')
            button.type = 'button'
            button.textContent = label
            button.addEventListener('click', answer(outcome))
            page.appendChild(button)
          }
          document.body.appendChild(page)
        })
      },
      // Elements checks that these exist; card payments here go through createPaymentMethod.
      async createToken() { return { error: { type: 'invalid_request_error', message: 'Not in the stand-in' } } },
      async confirmCardPayment() { return { error: { type: 'invalid_request_error', message: 'Not in the stand-in' } } },
      registerAppInfo() {},
      _registerWrapper() {},
    }
  }
})()
`

export async function standInStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS }),
  )
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url())
    await route.fulfill({
      response: await route.fetch({ url: `${STRIPE_API_URL}${url.pathname}` }),
    })
  })
}

/** Makes Stripe.js fail to load, as when the provider is unreachable. */
export async function blockStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'))
}
