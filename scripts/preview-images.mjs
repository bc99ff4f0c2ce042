// `npm run images:previews`: link previews (WhatsApp, Facebook, X) do not show SVG, so every SVG
// under public/images/{banners,instruments} gets a PNG twin under public/images/previews, drawn
// by Chromium. Run it after adding a picture; a unit test fails while a twin is missing.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

// Banners are gradients: JPEG keeps them small, and shown whole on the banners' own navy, since
// a 1200x630 crop cuts their text. The flat instrument drawings stay sharp in PNG.
const folders = {
  banners: { width: 1200, height: 630, type: 'jpeg', background: '#1f2a44' },
  instruments: { width: 800, height: 800, type: 'png', background: '#fff' },
}
const systemChromium = '/usr/bin/chromium'
const browser = await chromium.launch(
  existsSync(systemChromium)
    ? { executablePath: systemChromium, args: ['--no-sandbox', '--disable-gpu'] }
    : {},
)
for (const [folder, { type, background, ...size }] of Object.entries(folders)) {
  const from = join('public/images', folder)
  const to = join('public/images/previews', folder)
  mkdirSync(to, { recursive: true })
  const page = await browser.newPage({ viewport: size })
  for (const file of readdirSync(from).filter((name) => name.endsWith('.svg'))) {
    const svg = readFileSync(join(from, file), 'utf8')
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;height:100vh;background:${background}">
        <img style="width:100%;height:100%;object-fit:contain" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">
      </body>`,
    )
    await page.screenshot({
      path: join(to, file.replace(/\.svg$/, `.${type === 'jpeg' ? 'jpg' : 'png'}`)),
      type,
      quality: type === 'jpeg' ? 85 : undefined,
    })
  }
  await page.close()
}
await browser.close()
