import { Dialog } from '../../components/dialog'

export type AuthenticationOutcome = 'complete' | 'fail'

// Test-payment mode's stand-in for the bank's 3-D Secure page, with the buttons of Stripe's own
// test page. Closing it is a failed authentication, as closing Stripe's is.
export function TestAuthenticationDialog({
  onAnswer,
}: {
  onAnswer: (outcome: AuthenticationOutcome) => void
}) {
  return (
    <Dialog
      open
      title="Authenticate your payment"
      onClose={() => onAnswer('fail')}
      actions={
        <>
          <button type="button" className="button" onClick={() => onAnswer('fail')}>
            Fail authentication
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => onAnswer('complete')}
          >
            Complete authentication
          </button>
        </>
      }
    >
      <p>
        Your bank asks you to confirm this payment. This is test-payment mode: no bank is asked and
        no real money moves.
      </p>
    </Dialog>
  )
}
