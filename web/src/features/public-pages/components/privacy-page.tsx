import { Link } from 'react-router';
import { PRIVACY_FLAGS, type PrivacyFlag } from '@freemarket/contracts/constants';
import { paths } from '../../../config/paths';
import { LegalDocument, LegalList, type LegalSection } from './legal-document';

const LINK = 'text-blue-800 underline underline-offset-2';

/** Every privacy switch of the profile page, in its order; a new flag does not compile until it is described here. */
const PRIVACY_SECTIONS: Record<PrivacyFlag, { label: string; covers: string }> = {
  contactInfoIsPublic: { label: 'Contact information', covers: 'your phone, website, business hours, address and email address' },
  personalInterestsIsPublic: { label: 'Personal interests', covers: 'your passions, causes, favorite local businesses and favorite books' },
  hardshipsIsPublic: { label: 'Hardships', covers: 'any medical, financial, mental health or faith hardships you choose to share' },
  professionalInfoIsPublic: { label: 'Professional information', covers: 'your experience, skills and certifications' },
  opportunitiesIsPublic: {
    label: 'Opportunities',
    covers: 'what you are open to: employment, apprenticeships, mentoring, volunteering, running for office, collaborating, rideshare, teaching and babysitting',
  },
  testimonialsIsPublic: { label: 'Testimonials', covers: 'the testimonials other people have written about you' },
  itemsForSaleIsPublic: { label: 'Items for sale', covers: 'the items you list for sale and any property you offer for rent or sale' },
  eventsIsPublic: { label: 'Events', covers: 'the events you host' },
  politicalInfoIsPublic: { label: 'Political information', covers: 'your campaign platform, donor information and whether you are looking for campaign help' },
  businessInfoIsPublic: {
    label: 'Business information',
    covers: 'your business name, licence and insurance details, years in business, employees, service area, accepted payment forms and values',
  },
};

const COUNT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const SECTION_COUNT = COUNT_WORDS[PRIVACY_FLAGS.length] ?? String(PRIVACY_FLAGS.length);

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect the information you give us and a little that comes from using the service:</p>
        <LegalList
          items={[
            'Account information: your name, email address and profile photo, received from the sign-in provider you use.',
            'Profile information you choose to add: skills, experience, business details, interests, opportunities, hardships, political information and your location.',
            'What you create: posts, reviews, testimonials, messages, surveys and answers, events, projects, tutorials, items for sale, and the transactions and expenses you record.',
            'Payment records: the amount, the parties and the status of each payment. Card details go straight to the card payment provider and never reach us.',
            'Messages you send us through the contact form: your name, email address, subject and message.',
            'Technical information: your IP address and the requests your browser makes, kept in server logs to run and protect the service.',
          ]}
        />
      </>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <LegalList
        items={[
          'to run FreeMarket: show your profile on the map and in search, deliver your messages, and record your payments;',
          'to keep your account secure and to prevent spam, fraud and abuse;',
          'to credit the rewards points you earn;',
          'to answer your questions and support requests;',
          'to fix problems and improve the service.',
        ]}
      />
    ),
  },
  {
    title: 'Information Sharing',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <LegalList
          items={[
            'with other members, as your privacy settings allow (see the next section);',
            'with the people you pay or message: a payment or message shows who sent it;',
            'with the third parties that run parts of the service for us: the sign-in (authentication) provider, our database hosting, and the card payment provider;',
            'when the law requires it, or to protect members from fraud or harm.',
          ]}
        />
      </>
    ),
  },
  {
    title: 'Privacy Controls',
    body: (
      <>
        <p>
          Your profile has {SECTION_COUNT} sections, each controlled independently by its own switch on your profile page. When a section is private,
          only you can see what it holds: it is left out for everyone else, on every page of FreeMarket. Every section is public until you switch it
          off.
        </p>
        <LegalList
          items={PRIVACY_FLAGS.map((flag) => (
            <>
              <strong>{PRIVACY_SECTIONS[flag].label}</strong>: {PRIVACY_SECTIONS[flag].covers}.
            </>
          ))}
        />
        <p>
          Your name and profile photo are always visible to other members, and so are your posts on the public community feed and the reviews you
          write.
        </p>
      </>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        We protect your information with encrypted connections, sign-in through a dedicated identity provider, sessions that expire, and access
        checks on every request. No system is perfectly secure, so please keep the account you sign in with safe and tell us at once if you think it
        has been misused.
      </p>
    ),
  },
  {
    title: 'Location Data',
    body: (
      <p>
        The map asks your browser for your location to show what is near you; you can refuse, and the map then starts from a default area. That
        position is sent with your searches but not saved to your profile. The location you save on your profile (an address or a point on the map) is stored and used to place you on the map
        and in nearby searches. Map images are loaded from OpenStreetMap’s tile servers, which receive your IP address and the area you view.
      </p>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <p>
        We use one essential cookie to keep you signed in, and short-lived cookies during sign-in itself. We do not use advertising or tracking
        cookies. The card payment provider may set its own cookies on the payment form to prevent fraud.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        We keep your information while your account is open. When you delete your account, everything you made and everything about you is erased
        at once: your profile, skills, reviews and testimonials (given and received), posts, surveys and answers, events and RSVPs, projects,
        tutorials, connections, items for sale, expenses, rewards points and history, and the messages you sent us through the contact form. Two
        kinds of record stay, with your name and account removed: the messages you exchanged with another member, which stay in their conversation
        as from a removed member, and payment records, which the other party and the law need. Server logs are kept only as long as needed to run
        and protect the service.
      </p>
    ),
  },
  {
    title: 'Children’s Privacy',
    body: (
      <p>
        FreeMarket is not intended for children under 13, and we do not knowingly collect information from them. If you believe a child under 13 has
        given us information, contact us and we will delete it.
      </p>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <p>
        You can see and change your profile at any time, and decide which sections are public. On your{' '}
        <Link to={paths.account.getHref()} className={LINK}>
          account page
        </Link>{' '}
        you can download a copy of everything FreeMarket holds about you, as one file, and delete your account yourself. Depending on where you live,
        you may have further rights under local law; we will honour them.
      </p>
    ),
  },
  {
    title: 'International Users',
    body: (
      <p>
        FreeMarket is operated in the United States, and your information is stored and processed there. If you use FreeMarket from another country,
        you understand that your information will be transferred to the United States, whose data protection laws may differ from yours.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy. When we do, we change the “Last Updated” date at the top of this page, and for significant changes we will tell
        members in the app before the change takes effect.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Questions about your privacy? Write to us through the{' '}
        <Link to={paths.contact.getHref()} className={LINK}>
          Contact Us
        </Link>{' '}
        page; we answer within 24-48 hours.
      </p>
    ),
  },
];

/** `/privacy-policy` (spec 02 §2): 13 sections; the privacy controls are the product's ten switches, not the spec's eight. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={<p>This policy explains what information FreeMarket collects, how we use and share it, and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
