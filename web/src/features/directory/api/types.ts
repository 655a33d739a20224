/** The directory's API types, from the contracts (type-only: no zod in the bundle). */
export type {
  ProfileSearchItem as Profile,
  ProfileSearchPage,
  ProfileMapItem,
  ProfileMapResponse,
  MapCluster,
  Profile as FullProfile,
  Review,
  SkillCategory,
  UserSummary as PersonSummary,
  ProfileKind,
  OpenTo,
  Tutorial,
  TutorialPage,
} from '@freemarket/contracts';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
