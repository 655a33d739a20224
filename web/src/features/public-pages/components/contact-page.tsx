import { Link } from 'react-router';
import { Bug, Handshake, LifeBuoy, Lightbulb, Mail, MessagesSquare } from 'lucide-react';
import { paths } from '../../../config/paths';
import { ContactForm } from './contact-form';
import { InfoCard, PageSection, PublicPage } from './public-page';

const ICON = 'h-5 w-5';
const LINK = 'text-blue-800 underline underline-offset-2';

/** `/contact` (spec 02 §2): three ways to get help, the message form, and what to write to us about. */
export function ContactPage() {
  return (
    <PublicPage title="Contact Us" width="wide" intro="Have a question, a problem or an idea? We would love to hear from you.">
      <PageSection title="Get in Touch" id="channels">
        <div className="grid gap-4 md:grid-cols-3">
          <InfoCard icon={<Mail className={ICON} />} title="Email Support">
            <p>Send us a message with the form below and we will reply by email.</p>
            <p className="mt-2 font-medium text-slate-900">Response time: 24-48 hours</p>
          </InfoCard>
          <InfoCard icon={<MessagesSquare className={ICON} />} title="Community Forum">
            <p>
              Ask other members on the{' '}
              <Link to={paths.feed.getHref()} className={LINK}>
                Community Feed
              </Link>
              : neighbours often know the answer.
            </p>
          </InfoCard>
          <InfoCard icon={<LifeBuoy className={ICON} />} title="Help Center">
            <p>
              Guides and tutorials in the{' '}
              <Link to={paths.learn.getHref()} className={LINK}>
                Learning Hub
              </Link>
              , and the rules in our{' '}
              <Link to={paths.terms.getHref()} className={LINK}>
                Terms of Service
              </Link>
              .
            </p>
          </InfoCard>
        </div>
      </PageSection>

      <PageSection title="Send Us a Message" id="message">
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <p className="mb-4 text-sm text-slate-700">All fields are required.</p>
          <ContactForm />
        </div>
      </PageSection>

      <PageSection title="Other Ways We Can Help" id="topics">
        <div className="grid gap-4 md:grid-cols-3">
          <InfoCard icon={<Bug className={ICON} />} title="Report an Issue">
            Something not working, or a member breaking the rules? Tell us what happened, where, and when, and we will look into it.
          </InfoCard>
          <InfoCard icon={<Handshake className={ICON} />} title="Partnership Inquiries">
            Businesses, nonprofits and local organisations that want to work with FreeMarket: tell us about yourselves and your idea.
          </InfoCard>
          <InfoCard icon={<Lightbulb className={ICON} />} title="Feedback & Suggestions">
            Ideas for a new feature or a better way to do something? Every message is read by the team.
          </InfoCard>
        </div>
      </PageSection>
    </PublicPage>
  );
}
