import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useCartLines } from '../cart/use-cart-lines'
import { CheckoutForm } from './checkout-form'
import { ResumeItems } from './resume-items'
import './checkout.css'

export function CheckoutPage() {
  const { lines, total, orderable, loading } = useCartLines()
  // The server's total once the country is priced: the summary and Pay say the same amount.
  const [quoted, setQuoted] = useState<number>()
  return (
    <section className="checkout-page">
      <h1>Checkout</h1>
      {lines.length === 0 ? (
        <div className="checkout-empty">
          <p>Your shopping cart is empty</p>
          <Link to="/" className="button button-primary">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className="checkout-layout">
          <CheckoutForm
            lines={lines}
            total={total}
            orderable={orderable && !loading}
            onQuotedTotal={setQuoted}
          />
          <ResumeItems lines={lines} total={quoted ?? total} />
        </div>
      )}
    </section>
  )
}
