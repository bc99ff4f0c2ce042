import sharp from 'sharp'
import { expectAccessible } from '../accessibility/axe-kit'
import { expect, test } from '../fixtures'
import { apiCreateCategory, goToTab, openBackOffice, shopperPage, unique } from './admin-helpers'

// An admin creates an instrument with a photo from their files, and the storefront
// card shows it in AVIF (or WebP) at the width its 240 px box needs, from a srcset.

const cameraPhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a4b22' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer()

test('an uploaded photo reaches the storefront card as a srcset of AVIF and WebP', async ({
  page,
  admin,
  browser,
  request,
}) => {
  const name = unique('E2E Photo Cello')
  const category = unique('E2E Photo Cat')
  await apiCreateCategory(request, admin.token, category)
  await openBackOffice(page, admin, 'categories')
  await goToTab(page, 'Instruments')
  await page.getByRole('button', { name: 'Create' }).click()
  const form = page.getByRole('region', { name: 'Product creation form' })
  await form.getByRole('textbox', { name: 'name', exact: true }).fill(name)
  await form.getByLabel('brand').fill('Stentor')
  await form.getByLabel('category').selectOption({ label: category })
  await form.getByRole('spinbutton', { name: 'price', exact: true }).fill('899')
  await form.getByRole('spinbutton', { name: 'stock', exact: true }).fill('2')
  await form.getByLabel('status').selectOption('Used')
  await form.getByLabel('description').fill('A cello photographed by the back-office journey')

  const chooser = page.waitForEvent('filechooser')
  await form.getByRole('button', { name: 'Choose a photo' }).click()
  await (await chooser).setFiles({
    name: 'cello.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto(),
  })
  await expect(form.getByRole('status')).toHaveText(/Photo uploaded/, { timeout: 20_000 })
  await expect(form.getByLabel('image URL')).toHaveValue(/^\/api\/photos\/[0-9a-f]{32}-1280\.webp$/)
  await expectAccessible(page, 'the product creation form with an uploaded photo')
  await form.getByRole('button', { name: 'Aceptar' }).click()
  await expect(page.getByText('Instrument created successfully')).toBeVisible()

  const shopper = await shopperPage(browser)
  await shopper.goto(`/?name=${encodeURIComponent(name)}`)
  const card = shopper.getByRole('article').filter({ hasText: name })
  const avif = card.locator('picture source[type="image/avif"]')
  await expect(avif).toHaveAttribute('srcset', /-160\.avif 160w, .*-1280\.avif 1280w$/)
  await expect(avif).toHaveAttribute('sizes', /240px$/)
  await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    /-320\.webp 320w/,
  )
  const img = card.locator('picture img')
  await expect(img).toHaveAttribute('width', '240')
  // At 1280 px and 1x the card's box is 240 px: the 320 px AVIF is the one fetched and drawn
  // (a srcset image's naturalWidth is its CSS width, so currentSrc tells which file it is).
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc))
    .toMatch(/-320\.avif$/)
  const served = await shopper.request.get(
    await img.evaluate((el: HTMLImageElement) => el.currentSrc),
  )
  expect(served.headers()['content-type']).toBe('image/avif')
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})
