import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { LineIcon } from '../../components/line-icon'
import { BANNER_INTERVAL_MS, BANNER_SIZE, banners } from './banners'
import { ShopNowLink } from './shop-now-link'

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

// docs/product.md §2: autoplay, loop, 5 s; pauses on hover, focus or its button; still under reduced motion.
export function BannerCarousel({ advanceAtOnce = false }: { advanceAtOnce?: boolean }) {
  const [reduced] = useState(prefersReducedMotion)
  const [autoplay] = useState(() =>
    Autoplay({
      delay: BANNER_INTERVAL_MS,
      playOnInit: !reduced,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  )
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: reduced ? 10 : 25 }, [
    autoplay,
  ])
  const [selected, setSelected] = useState(0)
  const [paused, setPaused] = useState(reduced)
  const held = useRef({ hover: false, focus: false })

  // Before the first move below: a move unheard would leave the shown slide inert.
  useEffect(() => {
    if (!embla) return
    const onSelect = () => setSelected(embla.selectedScrollSnap())
    embla.on('select', onSelect)
    onSelect()
    return () => {
      embla.off('select', onSelect)
    }
  }, [embla])

  // Mounted when the still first banner's time was up: its first move is due now.
  useEffect(() => {
    if (embla && advanceAtOnce && !reduced) embla.scrollNext()
  }, [embla, advanceAtOnce, reduced])

  const sync = useCallback(
    (userPaused: boolean) => {
      const { hover, focus } = held.current
      if (userPaused || hover || focus) autoplay.stop()
      else autoplay.play()
    },
    [autoplay],
  )
  const hold = (key: 'hover' | 'focus', value: boolean) => {
    held.current[key] = value
    sync(paused)
  }
  // Mounted under a pointer that reached for the still banner: no mouseenter will come.
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    if (embla && section.current?.matches(':hover')) {
      held.current.hover = true
      autoplay.stop()
    }
  }, [embla, autoplay])

  return (
    <section
      ref={section}
      className="banner"
      aria-roledescription="carousel"
      aria-label="Featured"
      onMouseEnter={() => hold('hover', true)}
      onMouseLeave={() => hold('hover', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false)
      }}
    >
      <div className="banner-viewport" ref={viewportRef}>
        <div className="banner-track">
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names slides with role=group
            <div
              key={banner.src}
              className="banner-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${banners.length}`}
              aria-hidden={index !== selected}
              // Hidden slides' links must not take focus either.
              inert={index !== selected}
            >
              <img
                src={banner.src}
                alt={banner.alt}
                width={BANNER_SIZE.width}
                height={BANNER_SIZE.height}
                // The first slide is the page's largest paint: fetch it first, never lazily.
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'low'}
                decoding={index === 0 ? 'sync' : 'async'}
              />
              <ShopNowLink category={banner.category} />
            </div>
          ))}
        </div>
      </div>
      <div className="banner-controls">
        <button
          type="button"
          className="banner-button"
          aria-label="Previous slide"
          onClick={() => embla?.scrollPrev()}
        >
          <LineIcon d="M15 5l-7 7 7 7" weight={2.5} />
        </button>
        <div className="banner-dots">
          {banners.map((banner, index) => (
            <button
              key={banner.src}
              type="button"
              className="banner-dot"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className="banner-button"
          aria-label="Next slide"
          onClick={() => embla?.scrollNext()}
        >
          <LineIcon d="M9 5l7 7-7 7" weight={2.5} />
        </button>
        <button
          type="button"
          className="banner-button"
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          onClick={() => {
            setPaused(!paused)
            sync(!paused)
          }}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d={paused ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zM13 5h4v14h-4z'} fill="currentColor" />
          </svg>
        </button>
      </div>
    </section>
  )
}
