// Placeholder until the accounts issue: the 'Sign In' panel, opened by the panels store.
export function LoginPanel() {
  return null
}
