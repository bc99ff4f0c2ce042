import { createFileRoute } from '@tanstack/react-router'
import { FavoritesPage } from '../features/favourites/favorites-page'
import { pageHead } from '../seo/page-head'

export const Route = createFileRoute('/favorites')({
  head: ({ match }) =>
    pageHead({
      origin: match.context.origin,
      path: '/favorites',
      title: 'Favorites | Instrument Shop',
      description: 'The instruments you saved at the Instrument Shop, ready to compare and buy.',
    }),
  component: FavoritesPage,
})
