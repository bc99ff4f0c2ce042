import { lazy, Suspense, useEffect, useState } from 'react'
import { BANNER_INTERVAL_MS, BANNER_SIZE, banners } from './banners'
import { ShopNowLink } from './shop-now-link'

const BannerCarousel = lazy(() =>
  import('./banner-carousel').then((m) => ({ default: m.BannerCarousel })),
)

// The first banner stands still until the carousel is needed: the carousel library stays out
// of the first load and the largest paint never waits for JavaScript.
export function Banner() {
  const [carousel, setCarousel] = useState<'not yet' | 'reached for' | 'time is up'>('not yet')
  useEffect(() => {
    const timer = setTimeout(
      () => setCarousel((now) => (now === 'not yet' ? 'time is up' : now)),
      BANNER_INTERVAL_MS,
    )
    return () => clearTimeout(timer)
  }, [])
  if (carousel === 'not yet') return <BannerStill onReach={() => setCarousel('reached for')} />
  return (
    <Suspense fallback={<BannerStill />}>
      <BannerCarousel advanceAtOnce={carousel === 'time is up'} />
    </Suspense>
  )
}

function BannerStill({ onReach }: { onReach?: () => void }) {
  const first = banners[0]
  return (
    <section
      className="banner"
      aria-label="Featured"
      onPointerEnter={onReach}
      onTouchStart={onReach}
    >
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
            <ShopNowLink category={first.category} />
          </div>
        </div>
      </div>
      <div className="banner-controls banner-controls-still" aria-hidden="true" />
    </section>
  )
}
