import type { ImgHTMLAttributes } from 'react'
import { photoSrcset, uploadedPhoto } from '../../contract/photos'
import './instrument-picture.css'

type PictureProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string
  width: number
  height: number
  /** How wide the picture is drawn at each screen width, as in the layout's CSS. */
  sizes: string
}

/**
 * An instrument's picture. An uploaded photo comes as AVIF, else WebP, at the width the screen
 * needs; a picture given as a URL is shown as it is. Width and height keep its box while it loads.
 */
export function InstrumentPicture({ src, sizes, alt = '', ...img }: PictureProps) {
  const photo = uploadedPhoto(src)
  if (!photo) return <img src={src} alt={alt} {...img} />
  return (
    <picture className="instrument-picture">
      <source type="image/avif" srcSet={photoSrcset(photo, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcset(photo, 'webp')} sizes={sizes} />
      <img src={src} alt={alt} {...img} />
    </picture>
  )
}
