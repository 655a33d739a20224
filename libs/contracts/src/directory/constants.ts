/**
 * Constants of the directory (spec 01 §2, §9 and spec 02 §3, §9): search scopes, sorts, the
 * privacy sections and the lists a profile chooses from. The web client and the service share them.
 */

/** The 12 'Search By' tabs, in the order the sidebar shows them. */
export const SEARCH_SCOPES = [
  'all',
  'vocation',
  'products',
  'business',
  'skills',
  'people',
  'properties',
  'resources',
  'events',
  'credentials',
  'worship',
  'schools',
] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The Sort button cycles name, rating, distance. */
export const SEARCH_SORTS = ['name', 'rating', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Profile kinds (not exclusive), as the `kind` search filter names them. */
export const PROFILE_KINDS = ['serviceProvider', 'nonProfit', 'politicalCandidate', 'communityMember'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** The open-to flags, as the `openTo` search filter names them (flag `openToX` is `x` here). */
export const OPEN_TO = [
  'employment',
  'apprenticeship',
  'mentoring',
  'volunteering',
  'runningForOffice',
  'collaborating',
  'rideshare',
  'teachingTutoring',
  'babysitting',
] as const;
export type OpenTo = (typeof OPEN_TO)[number];

/** The ten privacy flags; each defaults to public (spec 02 §3). */
export const PRIVACY_FLAGS = [
  'contactInfoIsPublic',
  'personalInterestsIsPublic',
  'hardshipsIsPublic',
  'professionalInfoIsPublic',
  'opportunitiesIsPublic',
  'testimonialsIsPublic',
  'itemsForSaleIsPublic',
  'eventsIsPublic',
  'politicalInfoIsPublic',
  'businessInfoIsPublic',
] as const;
export type PrivacyFlag = (typeof PRIVACY_FLAGS)[number];

/** Payment forms accepted (spec 02 §9). */
export const PAYMENT_FORMS = ['Cash', 'Credit Card', 'Debit Card', 'Check', 'Venmo', 'PayPal', 'Zelle', 'Bank Transfer', 'IOU'] as const;
/** Looking For (spec 02 §9). */
export const LOOKING_FOR = ['Volunteers', 'New Employees', 'Investors', 'New Clients/Customers'] as const;
/** Business values (spec 02 §9). */
export const BUSINESS_VALUES = [
  'Employee Ownership',
  'Profit Sharing',
  'Community Causes',
  'Fair Trade',
  'Locally Produced',
  'Fair Pricing',
  'Flexible Work Schedules',
  'Flexible PTO',
  'No Labor Outsourcing',
  'Work-Life Balance',
] as const;
/** Non-profit focus areas (spec 02 §9). */
export const NONPROFIT_VALUES = ['Housing Security', 'Food Security', 'Education', 'Mental Health'] as const;

/** The map's default position (spec 01 §9). */
export const DEFAULT_MAP_POSITION = { lat: 37.7749, lng: -122.4194 } as const;

/** What one `GET /api/profiles/map` answer may hold (docs/api.md). */
export const MAP_VIEW = {
  /** The zoom levels the map offers (Leaflet's, 0 the whole world). */
  minZoom: 0,
  maxZoom: 19,
  /** From this zoom in, the answer is single markers, however many the view holds. */
  markersFromZoom: 17,
  /**
   * At most this many single markers (some 400 bytes each with skills, so an answer stays under
   * 50 kB); a view holding no more than this gets them at any zoom.
   */
  markersMax: 100,
  /** At most this many clusters: a grid of 32 by 32 cells at most over the view. */
  clustersMax: 1024,
} as const;

/** Bounds of every directory list; documented in docs/api.md. */
export const DIRECTORY_LIMITS = {
  /** `GET /api/profiles/search`: page size. */
  searchDefault: 20,
  searchMax: 100,
  /** `GET /api/profiles/location`: full profiles, nearest first. */
  locationDefault: 100,
  locationMax: 500,
  /** Every other list (reviews, testimonials, favorites, legislation, referrals, business search). */
  listDefault: 20,
  listMax: 100,
  /** Search radius in kilometres. */
  radiusDefaultKm: 50,
  radiusMaxKm: 500,
  /** `GET /api/profiles/search/{text}` needs at least this many characters (spec 02 §5). */
  businessSearchMinChars: 3,
  /** Free-text search input. */
  queryMaxChars: 200,
  /** Skills and certifications per profile. */
  skillsPerProfile: 50,
  certificationsPerProfile: 50,
} as const;

/** Maximum lengths of the profile's text fields (spec 02 §3 gives none; these are ours). */
export const PROFILE_TEXT_MAX = {
  title: 200,
  bio: 5000,
  phone: 50,
  website: 2048,
  businessHours: 500,
  address: 500,
  experience: 5000,
  passions: 2000,
  causes: 2000,
  favoriteLocalBusinesses: 2000,
  favoriteBooks: 2000,
  campaignPlatform: 10_000,
  donorInformation: 5000,
  businessName: 200,
  licenseNumber: 100,
  insuranceInfo: 500,
  serviceArea: 500,
  values: 2000,
} as const;
