import { formatPrice } from '../../../contract/money'
import { paymentProviderName } from '../../lib/payment-provider'

/** Pay with the total, and beside it why it cannot pay yet, the bank's refusal, or that it is paying. */
export function PaySection({
  total,
  canPay,
  paying,
  declined,
  blocked,
}: {
  total: number
  canPay: boolean
  paying: boolean
  declined: string | null
  /** Why Pay stays closed whatever the fields hold (a total no card can pay). */
  blocked: string | null
}) {
  return (
    <>
      <button
        type="submit"
        className="button button-primary pay-button"
        // Focusable while it cannot pay: Tab reaches it and its reason; a press shows what is missing.
        aria-disabled={!canPay}
        aria-describedby={declined ? 'payment-declined' : canPay ? undefined : 'pay-hint'}
      >
        {paying && <span className="spinner" aria-hidden="true" />}
        Pay with {paymentProviderName()} {formatPrice(total)}
      </button>
      {!canPay && !paying && !declined && (
        <p id="pay-hint" className="pay-hint">
          {blocked ?? 'Pay opens once every field above is filled in and valid.'}
        </p>
      )}
      {declined && (
        <p id="payment-declined" className="field-error payment-declined">
          {declined}
        </p>
      )}
      {paying && (
        <p role="status" className="paying-status">
          Paying…
        </p>
      )}
    </>
  )
}
