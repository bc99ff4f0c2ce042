import type { InstrumentDetail } from '../../contract/catalog'

export const SHOP_NAME = 'Instrument Shop'
export const SHOP_DESCRIPTION =
  'Instrument Shop: guitars, basses, drums, keyboards, wind and strings, new and used.'
const DEFAULT_IMAGE = '/images/banners/banner-1.svg'
// Search engines cut descriptions at about this length.
const DESCRIPTION_LENGTH = 160

interface PageHeadInput {
  origin: string
  path: string
  title: string
  description: string
  image?: string
  type?: 'website' | 'product'
}

export function pageHead({ origin, path, title, description, image, type }: PageHeadInput) {
  const url = absolute(origin, path)
  const text = shorten(description)
  return {
    meta: [
      { title },
      { name: 'description', content: text },
      { property: 'og:site_name', content: SHOP_NAME },
      { property: 'og:type', content: type ?? 'website' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: text },
      { property: 'og:url', content: url },
      { property: 'og:image', content: absolute(origin, previewImage(image ?? DEFAULT_IMAGE)) },
      { name: 'twitter:card', content: 'summary_large_image' },
    ],
    links: [{ rel: 'canonical', href: url }],
  }
}

/** schema.org `Product` with its offer, so a search result can show price and stock. */
export function productJsonLd(instrument: InstrumentDetail, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: instrument.name,
    description: instrument.description,
    image: absolute(origin, instrument.img),
    sku: String(instrument.id),
    category: instrument.categoryName,
    brand: { '@type': 'Brand', name: instrument.brand },
    itemCondition: `https://schema.org/${instrument.status === 'New' ? 'New' : 'Used'}Condition`,
    offers: {
      '@type': 'Offer',
      url: absolute(origin, `/instruments/${instrument.id}`),
      price: instrument.price.toFixed(2),
      priceCurrency: 'USD',
      availability: `https://schema.org/${instrument.stock > 0 ? 'InStock' : 'OutOfStock'}`,
    },
    ...(instrument.raitingCount > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: instrument.raiting.toFixed(1),
        reviewCount: instrument.raitingCount,
      },
    }),
  }
}

// Link previews show no SVG: the shop's own pictures have raster twins (scripts/preview-images.mjs).
export function previewImage(image: string) {
  const own = /^\/images\/(banners|instruments)\/([\w-]+)\.svg$/.exec(image)
  if (!own) return image
  return `/images/previews/${own[1]}/${own[2]}.${own[1] === 'banners' ? 'jpg' : 'png'}`
}

function absolute(origin: string, path: string) {
  return new URL(path, origin || 'http://localhost').href
}

function shorten(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= DESCRIPTION_LENGTH) return flat
  return `${flat.slice(0, DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, '')}…`
}

export function notFoundHead() {
  return {
    meta: [{ title: 'Page not found | Instrument Shop' }, { name: 'robots', content: 'noindex' }],
  }
}
