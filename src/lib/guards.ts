import { notFound, redirect } from '@tanstack/react-router'
import { usePanelsStore } from '../stores/panels'
import { currentRole } from '../stores/session'
import { rememberReturnPath } from './return-path'

/** A banned token is refused everywhere by the server, so it never counts as a session here. */
function signedIn() {
  const role = currentRole()
  return role === 'user' || role === 'admin'
}

// Home with the Sign In panel open; signing in there (or with Google) comes back here.
export function requireSession({ location }: { location: { href: string } }) {
  if (signedIn()) return
  rememberReturnPath(location.href)
  usePanelsStore.getState().openPanel('login')
  throw redirect({ to: '/' })
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
