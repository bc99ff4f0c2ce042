import { TextField } from '../../components/text-field'
import type { CheckoutFormApi } from './checkout-values'
import { formatCardNumber, formatExpiry } from './test-card'

/** The card in test-payment mode: a test card's number, expiry and CVC, said to be no real money. */
export function TestCardFields({
  form,
  onCardChange,
}: {
  form: CheckoutFormApi
  /** A changed number or expiry is a new card: an earlier decline no longer applies. */
  onCardChange: () => void
}) {
  const { errors } = form.formState
  return (
    <fieldset className="checkout-fieldset test-card">
      <legend>Test card (no real money)</legend>
      {/* Said in words before any card field: a shop that lost its Stripe key must not look live. */}
      <p className="test-mode-notice" role="note">
        Test mode: no real payment is taken
      </p>
      <p className="test-card-hint">
        This shop runs in test-payment mode. Use 4242 4242 4242 4242 for a paid order, 4000 0025
        0000 3155 for a card that asks for authentication or 4000 0000 0000 0002 for a declined
        card, any future expiry and any CVC.
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.card?.number?.message}
        {...form.register('card.number', {
          onChange: (event: { target: HTMLInputElement }) => {
            event.target.value = formatCardNumber(event.target.value)
            onCardChange()
          },
        })}
      />
      <div className="test-card-row">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/34"
          error={errors.card?.expiry?.message}
          {...form.register('card.expiry', {
            onChange: (event: { target: HTMLInputElement }) => {
              event.target.value = formatExpiry(event.target.value)
              onCardChange()
            },
          })}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.card?.cvc?.message}
          {...form.register('card.cvc')}
        />
      </div>
    </fieldset>
  )
}
