import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LegalDocument, LegalList, type LegalSection } from './legal-document';

const LINK = 'text-blue-800 underline underline-offset-2';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using FreeMarket in any way, you agree to these Terms of Service. If you do not agree, please do not use FreeMarket.
        If you use FreeMarket on behalf of a business, nonprofit or campaign, you confirm that you may accept these terms for it.
      </p>
    ),
  },
  {
    title: 'Description of Service',
    body: (
      <>
        <p>
          FreeMarket is a community marketplace and social network that helps people, businesses, service providers, nonprofits and political
          candidates in the same area find and support each other. Its features include:
        </p>
        <LegalList
          items={[
            'a map and directory of local profiles, with search, reviews and ratings;',
            'connections, direct messages and broadcasts to your connections;',
            'a community feed, surveys, events, community projects and a learning hub;',
            'a rewards points programme;',
            'listings of items for sale, records of transactions and expenses, and card payments and donations.',
          ]}
        />
        <p>We may add, change or remove features as the service develops.</p>
      </>
    ),
  },
  {
    title: 'User Responsibilities',
    body: (
      <>
        <p>When you use FreeMarket you agree to:</p>
        <LegalList
          items={[
            'give accurate information about yourself, your business or your organisation, and keep it up to date;',
            'keep the account you sign in with secure, and tell us if you believe someone else is using it;',
            'write honest reviews based on your own experience;',
            'respect other members and follow the laws that apply to you, including consumer, tax and election laws;',
            'be responsible for the agreements you make with other members: FreeMarket introduces people, it is not a party to their deals.',
          ]}
        />
      </>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        Your privacy matters to us. Our{' '}
        <Link to={paths.privacy.getHref()} className={LINK}>
          Privacy Policy
        </Link>{' '}
        explains what information we collect, how we use it, and the controls you have over who can see each section of your profile.
      </p>
    ),
  },
  {
    title: 'Payment Terms',
    body: (
      <>
        <p>
          Card payments, purchases and donations are processed by a third-party card payment provider. FreeMarket never sees or stores your full card
          number. Amounts are charged in US dollars.
        </p>
        <p>
          Payments go to the member you choose to pay. The seller, service provider, nonprofit or candidate who receives a payment is responsible for
          what they sell or provide, for refunds, and for any taxes or reporting that applies to them. Donations are accepted only for political
          candidates; donors are responsible for respecting contribution limits and the other campaign finance rules that apply to them.
        </p>
        <p>
          Transactions and expenses you record by hand (cash, checks, IOUs and the like) are records for your own use; FreeMarket does not move that
          money.
        </p>
      </>
    ),
  },
  {
    title: 'Rewards Program',
    body: (
      <>
        <p>
          Members earn rewards points for taking part: writing a review, referring a business, attending an event, completing a survey, joining a
          community project, creating learning content, and making purchases (one point per whole dollar). Each action earns points once.
        </p>
        <p>
          Points have no cash value, cannot be transferred or sold, and cannot yet be redeemed. We may change how points are earned, and may remove
          points earned through fraud, fake reviews or other abuse.
        </p>
      </>
    ),
  },
  {
    title: 'Content and Intellectual Property',
    body: (
      <>
        <p>
          You keep ownership of what you post: your profile, posts, reviews, tutorials, photos and messages. By posting it, you give FreeMarket a
          non-exclusive, royalty-free licence to store, display and share that content so the service can work, for example to show your profile on
          the map or your post on the community feed, in line with your privacy settings.
        </p>
        <p>
          Only post content you have the right to share. The FreeMarket name, logo and software belong to FreeMarket and may not be copied without
          permission.
        </p>
      </>
    ),
  },
  {
    title: 'Prohibited Activities',
    body: (
      <>
        <p>You may not use FreeMarket to:</p>
        <LegalList
          items={[
            'harass, threaten, defame or discriminate against anyone;',
            'post fake reviews, impersonate someone else, or misrepresent a business, nonprofit or campaign;',
            'send spam or unsolicited advertising, or collect other members’ information for it;',
            'sell illegal goods or services, or commit fraud;',
            'break the law, including election and campaign finance law;',
            'interfere with the service, probe it for weaknesses, or access it by automated means beyond normal use.',
          ]}
        />
      </>
    ),
  },
  {
    title: 'Termination',
    body: (
      <p>
        You may stop using FreeMarket at any time and ask us to delete your account. We may suspend or close an account that breaks these terms or
        puts other members at risk. When an account is closed, these terms continue to apply to what happened while it was open.
      </p>
    ),
  },
  {
    title: 'Disclaimer of Warranties',
    body: (
      <p>
        FreeMarket is provided “as is” and “as available”. We do not check the members, businesses, services or goods listed on FreeMarket, and we do
        not guarantee their quality, safety or legality, the accuracy of reviews, or that the service will always be available or free of errors.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent the law allows, FreeMarket is not liable for indirect, incidental or consequential damages, or for losses arising from
        your dealings with other members, from content they post, or from services run by third parties, such as the card payment provider, the
        sign-in provider or database hosting. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    title: 'Changes to Terms',
    body: (
      <p>
        We may update these terms. When we do, we change the “Last Updated” date at the top of this page, and for significant changes we will tell
        members in the app. If you keep using FreeMarket after a change, you accept the updated terms.
      </p>
    ),
  },
  {
    title: 'Contact Information',
    body: (
      <p>
        Questions about these terms? Write to us through the{' '}
        <Link to={paths.contact.getHref()} className={LINK}>
          Contact Us
        </Link>{' '}
        page; we answer within 24-48 hours.
      </p>
    ),
  },
];

/** `/terms-of-service` (spec 02 §2): the 13 numbered sections. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={<p>These terms explain the rules for using FreeMarket, what you can expect from us, and what we expect from you. Please read them carefully.</p>}
      sections={SECTIONS}
    />
  );
}
