import type { Env } from './env'

// The shop's own address for links it writes (canonical, Open Graph, sitemap, mails). Never the
// request's Host header: anyone can send one, and a cached page or sitemap would then hand
// their address to everyone. Without PUBLIC_URL the shop runs locally.
export function shopOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin
}
