import { createFileRoute } from '@tanstack/react-router'
import { SignUpPage } from '../features/account/sign-up-page'
import { redirectSignedIn } from '../lib/guards'

export const Route = createFileRoute('/signup')({
  beforeLoad: redirectSignedIn,
  component: SignUpPage,
})
