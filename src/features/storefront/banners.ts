export const banners = [
  {
    src: '/images/banners/banner-1.svg',
    alt: 'New season guitars: electric, acoustic and bass',
    category: 'Guitars',
  },
  {
    src: '/images/banners/banner-2.svg',
    alt: 'Drums and percussion for every stage',
    category: 'Drums',
  },
  {
    src: '/images/banners/banner-3.svg',
    alt: 'Keyboards and pianos, new and used',
    category: 'Keyboards',
  },
  {
    src: '/images/banners/banner-4.svg',
    alt: 'Wind and strings: free set-up on every instrument',
    category: 'Wind',
  },
] as const

/** The banner files' intrinsic size; the carousel keeps this ratio so nothing shifts. */
export const BANNER_SIZE = { width: 1200, height: 400 }
export const BANNER_INTERVAL_MS = 5000
