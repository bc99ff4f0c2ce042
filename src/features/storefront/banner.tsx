import { lazy, Suspense } from 'react'
import { BANNER_SIZE, banners } from './banners'

// The carousel library arrives after the first paint; until then the first banner stands still in
// the same box, so the page's largest image (LCP) never waits for JavaScript it does not need.
const BannerCarousel = lazy(() =>
  import('./banner-carousel').then((m) => ({ default: m.BannerCarousel })),
)

export function Banner() {
  return (
    <Suspense fallback={<BannerStill />}>
      <BannerCarousel />
    </Suspense>
  )
}

function BannerStill() {
  const first = banners[0]
  return (
    <section className="banner" aria-label="Featured">
      <div className="banner-viewport">
        <div className="banner-track">
          <div className="banner-slide">
            <img
              src={first.src}
              alt={first.alt}
              width={BANNER_SIZE.width}
              height={BANNER_SIZE.height}
              fetchPriority="high"
            />
          </div>
        </div>
      </div>
      <div className="banner-controls banner-controls-still" aria-hidden="true" />
    </section>
  )
}
