import type { Page } from '@playwright/test'

/**
 * A stand-in for Stripe.js served by Playwright's routing (there is no network here). It
 * implements the part of Stripe's browser API that Elements' CardElement and
 * `createPaymentMethod` use; the card field is a plain input instead of Stripe's iframe.
 * 4000 0000 0000 0002 becomes Stripe's declined test method, any other complete card the Visa one.
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
        return { paymentMethod: { id: d === '4000000000000002' ? 'pm_card_chargeDeclined' : 'pm_card_visa' } }
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
}

/** Makes Stripe.js fail to load, as when the provider is unreachable. */
export async function blockStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'))
}
