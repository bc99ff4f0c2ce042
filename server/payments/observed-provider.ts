import { timeProviderCall } from '../observability/metrics'
import { inSpan } from '../observability/tracing'
import type { PaymentService } from './payment-service'

type Call = 'create' | 'confirm' | 'retrieve' | 'cancel' | 'refund'

// Each call to the provider is timed by call and result, and a span under the request's: a slow
// or failing Stripe shows as itself, not as slow payments.
export function observedPayments<P extends PaymentService>(provider: P): P {
  const observe =
    <A extends unknown[], R>(call: Call, run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      inSpan(`${provider.name} ${call}`, { 'shop.payment.provider': provider.name }, async () => {
        const stop = timeProviderCall(provider.name, call)
        try {
          const answer = await run(...args)
          stop('ok')
          return answer
        } catch (error) {
          stop('error')
          throw error
        }
      })
  return {
    ...provider,
    create: observe('create', provider.create.bind(provider)),
    confirm: observe('confirm', provider.confirm.bind(provider)),
    retrieve: observe('retrieve', provider.retrieve.bind(provider)),
    cancel: observe('cancel', provider.cancel.bind(provider)),
    refund: observe('refund', provider.refund.bind(provider)),
  }
}
