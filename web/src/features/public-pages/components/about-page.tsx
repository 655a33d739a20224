import { Briefcase, Gift, GraduationCap, Handshake, Heart, House, Landmark, Lightbulb, Map, MessageSquare, ShieldCheck, Users } from 'lucide-react';
import { InfoCard, PageSection, PublicPage } from './public-page';

const ICON = 'h-5 w-5';

const FEATURES = [
  { icon: <Map className={ICON} />, title: 'Map Discovery', text: 'Find service providers, businesses, nonprofits and neighbours near you on an interactive map, and search by skill, category or name.' },
  { icon: <Users className={ICON} />, title: 'Professional Networking', text: 'Send connection requests, build your local network, and keep a profile that shows your skills, certifications and reviews.' },
  { icon: <GraduationCap className={ICON} />, title: 'Learning Hub', text: 'Learn new skills from tutorials and do-it-yourself guides shared by people in your community, or publish your own.' },
  { icon: <Gift className={ICON} />, title: 'Rewards Points', text: 'Earn points for taking part: writing reviews, referring businesses, attending events, answering surveys and joining projects.' },
  { icon: <Lightbulb className={ICON} />, title: 'Community Projects', text: 'Start or join projects with your neighbours: events, business and nonprofit ideas, petitions, proposed legislation and more.' },
  { icon: <MessageSquare className={ICON} />, title: 'Direct Messaging', text: 'Talk privately with your connections in real time, or broadcast a message to all of them at once.' },
] as const;

const AUDIENCES = [
  { icon: <Briefcase className={ICON} />, title: 'Service Providers & Businesses', text: 'Get found by the people who live near you, collect reviews, list items for sale and accept payments and donations.' },
  { icon: <House className={ICON} />, title: 'Community Members', text: 'Discover trusted local help, support the businesses on your street, and meet the people who share your interests.' },
  { icon: <Heart className={ICON} />, title: 'Nonprofits', text: 'Reach volunteers and donors, share your focus areas such as housing, food security, education and mental health, and organise events.' },
  { icon: <Landmark className={ICON} />, title: 'Political Candidates', text: 'Share your positions and proposed legislation with the community you want to serve, listen to voters, and receive donations.' },
] as const;

const VALUES = [
  { icon: <Users className={ICON} />, title: 'Community First', text: 'Every feature exists to make local life better. We measure success by the connections people make, not by the time they spend on screen.' },
  { icon: <ShieldCheck className={ICON} />, title: 'Trust & Transparency', text: 'Real reviews, clear rules, and privacy controls you set yourself. You decide which parts of your profile other people can see.' },
  { icon: <Handshake className={ICON} />, title: 'Collaboration', text: 'Stronger communities are built together: by neighbours, businesses, nonprofits and civic leaders working side by side.' },
] as const;

/** `/about` (spec 02 §2): mission, vision, the six features, who the product serves and its values. */
export function AboutPage() {
  return (
    <PublicPage
      title="About FreeMarket"
      width="wide"
      intro="FreeMarket is a community marketplace and social network for local people, businesses, service providers, nonprofits and political candidates."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <PageSection title="Our Mission" id="mission">
          <p>
            To build local economies and civic engagement. We help neighbours find each other, trade with each other and support each other, so that
            money, skills and goodwill stay in the community that created them.
          </p>
        </PageSection>
        <PageSection title="Our Vision" id="vision">
          <p>
            A place for every community that works as its directory, job fair, classroom and town square at once, where anyone can find the help they
            need, offer what they do best, and take part in the decisions that shape where they live.
          </p>
        </PageSection>
      </div>

      <PageSection title="What FreeMarket Offers" id="features">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <InfoCard key={f.title} icon={f.icon} title={f.title}>
              {f.text}
            </InfoCard>
          ))}
        </div>
      </PageSection>

      <PageSection title="Who We Serve" id="audiences">
        <div className="grid gap-4 sm:grid-cols-2">
          {AUDIENCES.map((a) => (
            <InfoCard key={a.title} icon={a.icon} title={a.title}>
              {a.text}
            </InfoCard>
          ))}
        </div>
      </PageSection>

      <PageSection title="Our Values" id="values">
        <div className="grid gap-4 md:grid-cols-3">
          {VALUES.map((v) => (
            <InfoCard key={v.title} icon={v.icon} title={v.title}>
              {v.text}
            </InfoCard>
          ))}
        </div>
      </PageSection>
    </PublicPage>
  );
}
