import { notFound, redirect } from '@tanstack/react-router'
import { currentRole } from '../stores/session'

// Spec 4, access guards. Used in route `beforeLoad`s; the server checks the same rules again.

/** A banned token is refused everywhere by the server, so it never counts as a session here. */
function signedIn() {
  const role = currentRole()
  return role === 'user' || role === 'admin'
}

/** Checkout, profile, edit and success need a session, else `/`. */
export function requireSession() {
  if (!signedIn()) throw redirect({ to: '/' })
}

/** Login and sign-up send a signed-in person to `/`. */
export function redirectSignedIn() {
  if (signedIn()) throw redirect({ to: '/' })
}

/** `/admin` is for admins only; anyone else sees the not-found page. */
export function requireAdmin() {
  if (currentRole() !== 'admin') throw notFound()
}

/** An admin opening the storefront home goes to the back office. */
export function redirectAdminHome() {
  // A plain href: the back office's search (its tab) has defaults that the route fills in.
  if (currentRole() === 'admin') throw redirect({ href: '/admin' })
}
