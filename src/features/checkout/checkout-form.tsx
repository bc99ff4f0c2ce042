import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { toCents } from '../../../contract/money'
import { smallChargeRefusal } from '../../../contract/pricing'
import { ApiError } from '../../api/http'
import { sendPurchaseMail } from '../../api/mail'
import { paymentMutations, sendTestAuthentication } from '../../api/payment'
import { stripePublishableKey } from '../../lib/payment-provider'
import { notify } from '../../lib/toast'
import { useSessionStore } from '../../stores/session'
import type { CartLineView } from '../cart/use-cart-lines'
import type { CardSource } from './card-source'
import {
  type CheckoutInput,
  type CheckoutValues,
  EMPTY_CHECKOUT,
  withStripeCard,
  withTestCard,
} from './checkout-values'
import { CustomerFields } from './customer-fields'
import { orderKeyFor } from './order-key'
import { PaySection } from './pay-section'
import { PricingSection } from './pricing-section'
import { StripeCardSection } from './stripe-card-section'
import { type AuthenticationOutcome, TestAuthenticationDialog } from './test-authentication-dialog'
import { testPaymentMethod } from './test-card'
import { TestCardFields } from './test-card-fields'
import { useQuote } from './use-quote'

export function CheckoutForm({
  lines,
  total,
  orderable,
  onQuotedTotal,
}: {
  lines: CartLineView[]
  total: number
  orderable: boolean
  onQuotedTotal?: (total: number | undefined) => void
}) {
  const stripeKey = stripePublishableKey()
  const navigate = useNavigate()
  const [stripeCard, setStripeCard] = useState<CardSource | null>(null)
  // docs/product.md §8's decline stays beside Pay (not only in the passing toast) until the card changes.
  const [declined, setDeclined] = useState<string | null>(null)
  const [askAuthentication, setAskAuthentication] = useState<
    ((outcome: AuthenticationOutcome) => void) | null
  >(null)
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(stripeKey ? withStripeCard : withTestCard) as Resolver<
      CheckoutInput,
      unknown,
      CheckoutValues
    >,
    mode: 'onTouched',
    defaultValues: EMPTY_CHECKOUT,
  })
  const { isValid } = form.formState
  const [shippingMethodId, setShippingMethodId] = useState<number>()
  const [discountCode, setDiscountCode] = useState<string>()
  const priced = useQuote({
    lines,
    country: form.watch('cus_country') ?? '',
    shippingMethodId,
    discountCode,
  })
  const { quote } = priced
  const unserved = quote?.refusal !== undefined && 'country' in quote.refusal
  useEffect(() => onQuotedTotal?.(quote?.total), [quote?.total, onQuotedTotal])

  const pay = useMutation({
    ...paymentMutations.pay(),
    onSuccess: async ({ sale }) => {
      const mail = await sendPurchaseMail(sale.id).then(
        (answer) => ({ ok: true as const, message: answer.ok }),
        (error: Error) => ({ ok: false as const, message: error.message }),
      )
      form.reset(EMPTY_CHECKOUT)
      setStripeCard(null)
      // docs/product.md §9: the checkout success toast comes 400 ms later.
      setTimeout(() => {
        if (mail.ok) notify.success(mail.message)
        else notify.warning(`Order #${sale.id} is paid, but its e-mail failed: ${mail.message}`)
      }, 400)
      // The success page empties the cart and forgets the order's key.
      await navigate({ to: '/success', state: { order: sale } })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) setDeclined(error.message)
    },
  })
  const submit = ({ card, ...userInfo }: CheckoutValues) => {
    if (!canPay) return
    const items = lines.map(({ id, count }) => ({ id, count }))
    pay.mutate({
      paymentMethod: async () => {
        const id = stripeKey
          ? await stripeCard?.createPaymentMethod()
          : testPaymentMethod(card.number)
        if (!id) throw new Error('Enter a card')
        return id
      },
      items,
      // The quote's total: the server charges what it priced, and refuses an amount it did not.
      amount: quote?.total ?? total,
      token: useSessionStore.getState().session?.token,
      userInfo,
      ...(quote && {
        country: priced.country,
        shippingMethodId: quote.shippingMethodId ?? undefined,
        discountCode: quote.discountCode ?? undefined,
      }),
      idempotencyKey: orderKeyFor(items),
      authenticate: async (clientSecret) => {
        if (stripeCard) return stripeCard.handleNextAction(clientSecret)
        const outcome = await new Promise<AuthenticationOutcome>((answer) =>
          setAskAuthentication(() => answer),
        )
        setAskAuthentication(null)
        await sendTestAuthentication({ client_secret: clientSecret, outcome })
      },
    })
  }
  const changeStripeCard = (card: CardSource | null) => {
    setDeclined(null)
    setStripeCard(card)
  }

  const cardReady = stripeKey ? stripeCard?.complete === true : true
  // The server refuses it too: no card payment is that small (an order of 0 needs none).
  const blocked = quote ? smallChargeRefusal(toCents(quote.total)) : null
  const canPay =
    isValid && cardReady && orderable && !pay.isPending && !priced.pricing && !unserved && !blocked

  return (
    <form
      className="checkout-form"
      noValidate
      aria-busy={pay.isPending}
      onSubmit={form.handleSubmit(submit)}
    >
      <CustomerFields form={form} />
      {stripeKey ? (
        <StripeCardSection publishableKey={stripeKey} onChange={changeStripeCard} />
      ) : (
        <TestCardFields form={form} onCardChange={() => setDeclined(null)} />
      )}
      <PricingSection
        quote={quote}
        picked={shippingMethodId}
        onMethod={setShippingMethodId}
        onApply={setDiscountCode}
      />
      <PaySection
        total={quote?.total ?? total}
        canPay={canPay}
        paying={pay.isPending}
        declined={declined}
        blocked={blocked}
      />
      {askAuthentication && <TestAuthenticationDialog onAnswer={askAuthentication} />}
    </form>
  )
}
