import { redirect } from '@tanstack/react-router'
import { ApiError } from '../../api/http'

// A loader's 401 means the server ended the session (expired, revoked, deleted account): the
// client has already signed out, so treat it like the guard would and go to /.
export function signedOutRedirect(error: unknown): never {
  if (error instanceof ApiError && error.status === 401) throw redirect({ to: '/' })
  throw error
}
