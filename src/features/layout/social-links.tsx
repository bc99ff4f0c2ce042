import { socialLinks } from '../../lib/shop-info'

const icons: Record<(typeof socialLinks)[number]['name'], string> = {
  Instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  Facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z',
  YouTube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8A26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  X: 'M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.3-6-5.2 6H4l6.5-7.5z',
}

export function SocialLinks() {
  return (
    <ul className="social-links">
      {socialLinks.map((link) => (
        <li key={link.name}>
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            <span className="visually-hidden">{`${link.name} (opens in a new tab)`}</span>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d={icons[link.name]}
                fill={link.name === 'Instagram' ? 'none' : 'currentColor'}
                stroke={link.name === 'Instagram' ? 'currentColor' : 'none'}
                strokeWidth="2"
              />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  )
}
