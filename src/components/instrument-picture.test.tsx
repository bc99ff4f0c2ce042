import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { InstrumentPicture } from './instrument-picture'

const HASH = 'a'.repeat(32)

describe('InstrumentPicture', () => {
  it('shows a picture given as a URL as it is', () => {
    const { container } = render(
      <InstrumentPicture src="/img/flute.jpg" width={240} height={200} sizes="240px" />,
    )
    expect(container.querySelector('picture')).toBeNull()
    const img = container.querySelector('img')
    expect(img).toHaveAttribute('src', '/img/flute.jpg')
    expect(img).not.toHaveAttribute('srcset')
  })

  it('offers an uploaded photo as AVIF, then WebP, at each width, sized as the layout says', () => {
    const src = `/api/photos/${HASH}-1280.webp`
    const { container } = render(
      <InstrumentPicture
        src={src}
        alt="Fender Stratocaster"
        width={240}
        height={200}
        sizes="(max-width: 480px) 50vw, 240px"
        loading="eager"
      />,
    )
    const [avif, webp] = container.querySelectorAll('picture > source')
    expect(avif).toHaveAttribute('type', 'image/avif')
    expect(webp).toHaveAttribute('type', 'image/webp')
    expect(avif?.getAttribute('srcset')?.split(', ')).toEqual(
      [160, 320, 640, 960, 1280].map((w) => `/api/photos/${HASH}-${w}.avif ${w}w`),
    )
    expect(webp).toHaveAttribute('sizes', '(max-width: 480px) 50vw, 240px')
    const img = container.querySelector('picture > img')
    expect(img).toHaveAttribute('src', src)
    expect(img).toHaveAttribute('alt', 'Fender Stratocaster')
    expect(img).toHaveAttribute('width', '240')
    expect(img).toHaveAttribute('loading', 'eager')
  })

  it('lists no width larger than the original', () => {
    const { container } = render(
      <InstrumentPicture
        src={`/api/photos/${HASH}-500.webp`}
        width={64}
        height={64}
        sizes="64px"
      />,
    )
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe(
      `/api/photos/${HASH}-160.avif 160w, /api/photos/${HASH}-320.avif 320w, /api/photos/${HASH}-500.avif 500w`,
    )
  })
})
