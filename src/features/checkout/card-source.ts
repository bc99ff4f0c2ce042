/** What the checkout needs from a card input, whichever provider draws it. */
export interface CardSource {
  /** The card is filled in and valid. */
  complete: boolean
  /** The provider's payment-method id for this card (`pm_…`). */
  createPaymentMethod: () => Promise<string>
  /** Runs the bank's authentication (3-D Secure) for a payment that needs it. */
  handleNextAction: (clientSecret: string) => Promise<void>
}
