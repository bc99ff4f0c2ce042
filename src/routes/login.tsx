import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../features/account/login-page'
import { redirectSignedIn } from '../lib/guards'

export const Route = createFileRoute('/login')({
  beforeLoad: redirectSignedIn,
  component: LoginPage,
})
