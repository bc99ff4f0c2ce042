// Placeholder until the accounts issue: the navigation bar's account items
// (anonymous: Sign In, Sign Up; signed in: Profile, Log out, Welcome + user name).
export function AccountNav() {
  return null
}
