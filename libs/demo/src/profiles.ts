import {
  BUSINESS_VALUES,
  LOOKING_FOR,
  NONPROFIT_VALUES,
  PAYMENT_FORMS,
  SKILL_CATALOG,
  type ProfileInput,
} from '@freemarket/contracts';
import { DEMO_PLACES, STREETS, type DemoPlace } from './places.js';
import { Random } from './random.js';
import { demoUsers, type DemoUser } from './users.js';
import { BIO_OPENERS, BOOKS, CAUSES, CREDENTIALS, OFFICES, ORGANISATIONS, PASSIONS, TITLES } from './vocabulary.js';

export interface DemoSkill {
  name: string;
  category: string;
  yearsExperience: number;
  hourlyRate: string | null;
}

export interface DemoCertification {
  name: string;
  issuer: string;
  licenseNumber: string;
  issueDate: string;
}

/** A demo profile: the profile form's fields plus its skills and certifications by name. */
export type DemoProfile = ProfileInput & {
  userId: string;
  latitude: number;
  longitude: number;
  skills: DemoSkill[];
  certifications: DemoCertification[];
};

/** What a kind of member (provider, non-profit, …) adds to the common fields. */
type Fields = Omit<ProfileInput, 'latitude' | 'longitude'>;
type KindFields = Fields & { skills: DemoSkill[]; certifications: DemoCertification[] };

type Category = (typeof SKILL_CATALOG)[number];
const byName = (name: string): Category => SKILL_CATALOG.find((c) => c.name === name)!;
const PROVIDER_CATEGORIES = ['Trades', 'Trades', 'Trades', 'Medical', 'Education', 'Creative', 'Agriculture', 'Technology', 'Technology'] as const;

/** The demo profiles, one per demo member, the same on every call. */
export function demoProfiles(): DemoProfile[] {
  const random = new Random(4151234);
  return demoUsers().map((user, i) => makeProfile(random, user, i));
}

function makeProfile(random: Random, user: DemoUser, index: number): DemoProfile {
  const place = weightedPlace(random);
  const roll = random.next();
  const base = {
    userId: user.id,
    ...position(random, place),
    address: `${random.int(10, 4999)} ${random.pick(STREETS)}, ${place.city}, CA`,
    phone: `(415) 555-01${String(index % 100).padStart(2, '0')}`,
    passions: `${random.pick(PASSIONS)}, ${random.pick(PASSIONS)}`,
    causes: random.pick(CAUSES),
    favoriteBooks: random.pick(BOOKS),
    ...hardships(random),
    ...privacy(random),
  };
  if (roll < 0.55) return { ...base, ...provider(random, user, place) };
  if (roll < 0.65) return { ...base, ...nonProfit(random, index) };
  if (roll < 0.7) return { ...base, ...candidate(random, user) };
  return { ...base, ...communityMember(random) };
}

function weightedPlace(random: Random): DemoPlace {
  const total = DEMO_PLACES.reduce((sum, p) => sum + p.weight, 0);
  let r = random.next() * total;
  for (const place of DEMO_PLACES) if ((r -= place.weight) < 0) return place;
  return DEMO_PLACES[0];
}

function position(random: Random, place: DemoPlace): { latitude: number; longitude: number } {
  const kmPerDegree = 111.32;
  const lat = place.lat + (random.gaussian() * place.spreadKm) / kmPerDegree;
  const lng = place.lng + (random.gaussian() * place.spreadKm) / (kmPerDegree * Math.cos((place.lat * Math.PI) / 180));
  return { latitude: Number(lat.toFixed(7)), longitude: Number(lng.toFixed(7)) };
}

function skillsOf(random: Random, category: Category, count: number, rate: boolean): DemoSkill[] {
  return random.sample(category.skills, count).map((name) => ({
    name,
    category: category.name,
    yearsExperience: random.int(1, 25),
    hourlyRate: rate ? `${random.int(25, 180)}.${random.pick(['00', '50'])}` : null,
  }));
}

function provider(random: Random, user: DemoUser, place: DemoPlace): KindFields {
  const category = byName(random.pick(PROVIDER_CATEGORIES));
  const skills = skillsOf(random, category, random.int(1, 3), true);
  const main = skills[0]!.name;
  const businessName = `${user.lastName} ${main} ${random.pick(['Co.', 'Services', 'Studio', '& Sons', 'Collective'])}`;
  const credentials = CREDENTIALS[category.name];
  const certifications = credentials && random.chance(0.6) ? random.sample(credentials, random.int(1, 2)).map((c) => credential(random, c)) : [];
  return {
    isServiceProvider: true,
    isCommunityMember: random.chance(0.3),
    providesService: true,
    sellsProducts: random.chance(0.15),
    title: TITLES[main] ?? `${main} Specialist`,
    bio: `${random.pick(BIO_OPENERS)} I offer ${main.toLowerCase()} for homes and small businesses around ${place.city}.`,
    experience: `${skills[0]!.yearsExperience} years of ${main.toLowerCase()} work.`,
    website: `https://${businessName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.example.com`,
    businessHours: random.pick(['Mon-Fri 8am-5pm', 'Mon-Sat 9am-6pm', 'By appointment', 'Tue-Sun 10am-7pm']),
    businessName,
    yearsInBusiness: random.int(1, 30),
    employeeCount: random.int(1, 25),
    licenseNumber: credentials ? `${category.name.slice(0, 2).toUpperCase()}-${random.int(100000, 999999)}` : null,
    insuranceInfo: random.chance(0.7) ? 'General liability, $1M' : null,
    serviceArea: `${place.city} and nearby`,
    paymentMethodsAccepted: random.sample(PAYMENT_FORMS, random.int(2, 5)),
    lookingFor: random.sample(LOOKING_FOR, random.int(0, 2)),
    businessValues: random.sample(BUSINESS_VALUES, random.int(1, 3)),
    openToApprenticeship: random.chance(0.3),
    openToMentoring: random.chance(0.3),
    skills,
    certifications,
  };
}

function credential(random: Random, [name, issuer, prefix]: readonly [string, string, string]): DemoCertification {
  const year = random.int(2005, 2024);
  return { name, issuer, licenseNumber: `${prefix}-${random.int(100000, 999999)}`, issueDate: `${year}-${String(random.int(1, 12)).padStart(2, '0')}-15` };
}

function nonProfit(random: Random, index: number): KindFields {
  const name = ORGANISATIONS[index % ORGANISATIONS.length]!;
  return {
    isNonProfit: true,
    title: name,
    businessName: name,
    bio: `${name} serves neighbours across the Bay with volunteers, donations and free programs. Join our next community event.`,
    nonprofitValues: random.sample(NONPROFIT_VALUES, random.int(1, 2)),
    values: 'Dignity, mutual aid and local leadership.',
    openToVolunteering: true,
    openToCollaborating: true,
    lookingFor: ['Volunteers'],
    skills: skillsOf(random, byName('Non-Profit'), random.int(1, 3), false),
    certifications: [],
  };
}

function candidate(random: Random, user: DemoUser): KindFields {
  const office = random.pick(OFFICES);
  return {
    isPoliticalCandidate: true,
    isCommunityMember: true,
    title: `Candidate for ${office}`,
    bio: `${user.firstName} is running for ${office} to make the neighbourhood affordable and safe.`,
    campaignPlatform: `Housing we can afford, buses that come on time, and support for ${random.pick(CAUSES)}.`,
    donorInformation: 'Individual contributions only; no corporate PAC money.',
    lookingForCampaignHelp: random.chance(0.7),
    openToRunningForOffice: true,
    skills: skillsOf(random, byName('Political'), random.int(1, 3), false),
    certifications: [],
  };
}

function communityMember(random: Random): KindFields {
  const category = byName(random.pick(['Education', 'Creative', 'Agriculture', 'Non-Profit'] as const));
  return {
    isCommunityMember: true,
    title: random.pick(['Neighbor', 'Retired teacher', 'Parent and volunteer', 'Student', 'Weekend gardener', 'Local artist']),
    bio: `${random.pick(BIO_OPENERS)} I love ${random.pick(PASSIONS)} and helping out on my block.`,
    openToVolunteering: random.chance(0.5),
    openToTeachingTutoring: random.chance(0.25),
    openToBabysitting: random.chance(0.15),
    openToRideshare: random.chance(0.2),
    openToEmployment: random.chance(0.3),
    hasPropertyForRent: random.chance(0.08),
    hasPropertyForSale: random.chance(0.04),
    sellsProducts: random.chance(0.1),
    skills: random.chance(0.6) ? skillsOf(random, category, random.int(1, 2), false) : [],
    certifications: [],
  };
}

function hardships(random: Random): Fields {
  return {
    medicalHardship: random.chance(0.06),
    financialHardship: random.chance(0.1),
    mentalHealthHardship: random.chance(0.05),
    faithHardship: random.chance(0.02),
  };
}

/** Some members keep sections to themselves, as real ones do. */
function privacy(random: Random): Fields {
  return {
    contactInfoIsPublic: !random.chance(0.15),
    personalInterestsIsPublic: !random.chance(0.1),
    hardshipsIsPublic: !random.chance(0.6),
    professionalInfoIsPublic: !random.chance(0.08),
    opportunitiesIsPublic: !random.chance(0.08),
    testimonialsIsPublic: !random.chance(0.05),
    itemsForSaleIsPublic: !random.chance(0.05),
    eventsIsPublic: !random.chance(0.05),
    politicalInfoIsPublic: !random.chance(0.05),
    businessInfoIsPublic: !random.chance(0.05),
  };
}
