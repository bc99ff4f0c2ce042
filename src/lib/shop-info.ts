export const shopInfo = {
  city: 'Córdoba',
  country: 'Argentina',
  hours: 'Monday to Friday 9:00 to 19:00, closed at weekends',
  phone: '+54 351 555 0142',
  /** The phone in international digits only, as wa.me links need it. */
  chatNumber: '543515550142',
  email: 'contact@instrumentshop.example',
} as const

export const socialLinks = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
  { name: 'X', href: 'https://x.com/' },
] as const
