import { notFound, redirect } from '@tanstack/react-router'
import { currentRole } from '../stores/session'

/** A banned token is refused everywhere by the server, so it never counts as a session here. */
function signedIn() {
  const role = currentRole()
  return role === 'user' || role === 'admin'
}

export function requireSession() {
  if (!signedIn()) throw redirect({ to: '/' })
}

export function redirectSignedIn() {
  if (signedIn()) throw redirect({ to: '/' })
}

export function requireAdmin() {
  if (currentRole() !== 'admin') throw notFound()
}

export function redirectAdminHome() {
  // A plain href: the back office's search (its tab) has defaults that the route fills in.
  if (currentRole() === 'admin') throw redirect({ href: '/admin' })
}
