import { describe, expect, it } from 'vitest'
import { shopOrigin } from './shop-origin'

describe('shopOrigin', () => {
  it('is the origin of PUBLIC_URL', () => {
    expect(shopOrigin({ PUBLIC_URL: 'https://shop.example/base/', PORT: 3000 })).toBe(
      'https://shop.example',
    )
  })

  it('is the local address on PORT without PUBLIC_URL', () => {
    expect(shopOrigin({ PUBLIC_URL: undefined, PORT: 4100 })).toBe('http://localhost:4100')
  })
})
