export interface CardSource {
  complete: boolean
  createPaymentMethod: () => Promise<string>
  handleNextAction: (clientSecret: string) => Promise<void>
}
