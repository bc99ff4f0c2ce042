/** What the checkout needs from a card input, whichever provider draws it. */
export interface CardSource {
  /** The card is filled in and valid. */
  complete: boolean
  /** The provider's payment-method id for this card (`pm_…`). */
  createPaymentMethod: () => Promise<string>
}
