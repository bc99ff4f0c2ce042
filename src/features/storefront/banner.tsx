import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react'
import { BANNER_INTERVAL_MS, BANNER_SIZE, banners } from './banners'
import { ShopNowLink } from './shop-now-link'

type Carousel = ComponentType<{ advanceAtOnce?: boolean }>

// A still first banner until the carousel is needed, so the largest paint waits for no script.
// The swap waits for a press to end: a link replaced between press and click loses the click.
export function Banner() {
  const [carousel, setCarousel] = useState<{ Carousel: Carousel; timeIsUp: boolean } | null>(null)
  const loaded = useRef<Carousel | null>(null)
  const pressed = useRef(false)
  const timeIsUp = useRef(false)

  const swapWhenFree = useCallback(() => {
    const Carousel = loaded.current
    if (Carousel && !pressed.current) {
      setCarousel((now) => now ?? { Carousel, timeIsUp: timeIsUp.current })
    }
  }, [])
  const load = useCallback(
    () =>
      void import('./banner-carousel').then(({ BannerCarousel }) => {
        loaded.current = BannerCarousel
        swapWhenFree()
      }),
    [swapWhenFree],
  )

  useEffect(() => {
    const timer = setTimeout(() => {
      timeIsUp.current = true
      load()
    }, BANNER_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [load])

  const pressEnded = () => {
    pressed.current = false
    swapWhenFree()
  }
  if (carousel) return <carousel.Carousel advanceAtOnce={carousel.timeIsUp} />
  return (
    <BannerStill
      onReach={load}
      onPress={() => {
        pressed.current = true
        // A tap's click comes a moment after its pointerup; a press may end off the banner.
        window.addEventListener('pointerup', () => setTimeout(pressEnded, 500), { once: true })
      }}
      onPressEnd={() => setTimeout(pressEnded)}
    />
  )
}

function BannerStill(props: { onReach: () => void; onPress: () => void; onPressEnd: () => void }) {
  const first = banners[0]
  return (
    <section
      className="banner"
      aria-label="Featured"
      onPointerEnter={props.onReach}
      onTouchStart={props.onReach}
      onPointerDown={props.onPress}
      onClickCapture={props.onPressEnd}
      onPointerCancel={props.onPressEnd}
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
