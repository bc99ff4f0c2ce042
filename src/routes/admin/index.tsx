import { createFileRoute } from '@tanstack/react-router'
import { requireAdmin } from '../../lib/guards'

// Placeholder until the back-office issue.
export const Route = createFileRoute('/admin/')({
  beforeLoad: requireAdmin,
  component: () => <h1>Admin</h1>,
})
