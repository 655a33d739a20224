/** The directory's API types, from the contracts (type-only: no zod in the bundle). */
export type {
  ProfileSearchItem as Profile,
  ProfileSearchPage,
  ProfileMapItem,
  ProfileMapResponse,
  Profile as FullProfile,
  Review,
  SkillCategory,
  UserSummary as PersonSummary,
  ProfileKind,
  OpenTo,
} from '@freemarket/contracts';

/** @TODO The DIY content shape of spec 01 §3, until the tutorial contract (social) lands. */
export interface DiyContent {
  id: string;
  title: string;
  duration: number | null;
  isFree: boolean;
  price: string | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
