import { notFound, redirect } from '@tanstack/react-router'
import { currentRole } from '../stores/session'

// Spec 4, access guards. Used in route `beforeLoad`s; the server checks the same rules again.

/** Checkout, profile, edit and success need a session, else `/`. */
export function requireSession() {
  if (!currentRole()) throw redirect({ to: '/' })
}

/** Login and sign-up send a signed-in person to `/`. */
export function redirectSignedIn() {
  if (currentRole()) throw redirect({ to: '/' })
}

/** `/admin` is for admins only; anyone else sees the not-found page. */
export function requireAdmin() {
  if (currentRole() !== 'admin') throw notFound()
}

/** An admin opening the storefront home goes to the back office. */
export function redirectAdminHome() {
  if (currentRole() === 'admin') throw redirect({ to: '/admin' })
}
