import { createFileRoute } from '@tanstack/react-router'
import { FavoritesPage } from '../features/favourites/favorites-page'

export const Route = createFileRoute('/favorites')({ component: FavoritesPage })
