import { Link } from '@tanstack/react-router'
import { shopInfo } from '../../lib/shop-info'
import { ChatLink } from './chat-link'
import { NewsletterForm } from './newsletter-form'
import { SocialLinks } from './social-links'

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <section aria-labelledby="visit-title" className="footer-block">
          <h2 id="visit-title" className="footer-title">
            Visit us
          </h2>
          <address className="footer-text">
            {shopInfo.city}, {shopInfo.country}
            <br />
            <span>{shopInfo.hours}</span>
          </address>
        </section>
        <section aria-labelledby="contact-title" className="footer-block">
          <h2 id="contact-title" className="footer-title">
            Contact
          </h2>
          <ul className="footer-list">
            <li>
              <a href={`tel:${shopInfo.phone.replace(/\s/g, '')}`}>{shopInfo.phone}</a>
            </li>
            <li>
              <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>
            </li>
            <li>
              <Link to="/aboutUs">About US</Link>
            </li>
          </ul>
          <SocialLinks />
        </section>
        <div className="footer-block">
          <NewsletterForm />
        </div>
      </div>
      <p className="footer-legal">© {new Date().getFullYear()} Instrument Shop</p>
      <ChatLink />
    </footer>
  )
}
