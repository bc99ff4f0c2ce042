type Tag = Record<string, unknown>

interface HeadSource {
  meta?: Array<object | undefined>
  links?: Array<object | undefined>
  headScripts?: Array<object | undefined>
}

/** Later routes override earlier ones: one title, one tag per name or property, one canonical. */
export function headHtml(matches: HeadSource[]): string {
  const tags = new Map<string, string>()
  for (const match of matches) {
    for (const meta of (match.meta ?? []) as Array<Tag | undefined>) {
      if (!meta) continue
      if (typeof meta.title === 'string') {
        tags.set('title', `<title>${escapeHtml(meta.title)}</title>`)
      } else {
        const key = meta.name ?? meta.property
        tags.set(`meta:${key}`, `<meta${attributes(meta)}>`)
      }
    }
    for (const link of (match.links ?? []) as Array<Tag | undefined>) {
      if (link) tags.set(`link:${link.rel}:${link.href}`, `<link${attributes(link)}>`)
    }
    for (const script of (match.headScripts ?? []) as Array<Tag | undefined>) {
      if (!script) continue
      const { children, ...attrs } = script
      tags.set(
        `script:${String(children)}`,
        `<script${attributes(attrs)}>${String(children).replace(/</g, '\\u003c')}</script>`,
      )
    }
  }
  return [...tags.values()].join('\n    ')
}

function attributes(tag: Tag) {
  return Object.entries(tag)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('')
}

export function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}
