import { createFileRoute } from '@tanstack/react-router'
import { ResetRequestPage } from '../../../features/account/reset-request-page'

// Open to everyone: a forgotten password is asked for here too, not only from the profile.
export const Route = createFileRoute('/user/profile/resetpassword')({
  component: ResetRequestPage,
})
