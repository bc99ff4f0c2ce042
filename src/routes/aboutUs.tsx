import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '../features/storefront/about-page'
import { pageHead } from '../seo/page-head'

export const Route = createFileRoute('/aboutUs')({
  head: ({ match }) =>
    pageHead({
      origin: match.context.origin,
      path: '/aboutUs',
      title: 'About us | Instrument Shop',
      description:
        'Who we are: the team of the Instrument Shop in Córdoba, Argentina, and how to reach us.',
    }),
  component: AboutPage,
})
