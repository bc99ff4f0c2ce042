import { asc, eq } from 'drizzle-orm'
import { visibleToShoppers } from '../catalogue'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'

export async function sitemapXml(db: Database, origin: string): Promise<string> {
  const rows = await db
    .select({ id: instruments.id })
    .from(instruments)
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    .where(visibleToShoppers)
    .orderBy(asc(instruments.id))
  const paths = ['/', '/aboutUs', ...rows.map((row) => `/instruments/${row.id}`)]
  const urls = paths.map((path) => `  <url><loc>${new URL(path, origin).href}</loc></url>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** Account, checkout and back-office pages are personal: nothing there for a search engine. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /checkout',
    'Disallow: /success',
    'Disallow: /user/',
    'Disallow: /login',
    'Disallow: /signup',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n')
}
