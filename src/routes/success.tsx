import { createFileRoute } from '@tanstack/react-router'
import { SuccessPage } from '../features/checkout/success-page'
import { requireSession } from '../lib/guards'

export const Route = createFileRoute('/success')({
  beforeLoad: requireSession,
  component: SuccessPage,
})
