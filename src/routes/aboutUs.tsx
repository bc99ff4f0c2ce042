import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '../features/storefront/about-page'

export const Route = createFileRoute('/aboutUs')({
  component: AboutPage,
})
