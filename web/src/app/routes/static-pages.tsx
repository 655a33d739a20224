import { AboutPage } from '../../features/public-pages/components/about-page';
import { ContactPage } from '../../features/public-pages/components/contact-page';
import { PrivacyPage } from '../../features/public-pages/components/privacy-page';
import { TermsPage } from '../../features/public-pages/components/terms-page';

/** The public pages (spec 02 §2): open to visitors, so no route here asks for a session. */
export function AboutRoute() {
  return <AboutPage />;
}

export function TermsRoute() {
  return <TermsPage />;
}

export function PrivacyRoute() {
  return <PrivacyPage />;
}

export function ContactRoute() {
  return <ContactPage />;
}
