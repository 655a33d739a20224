import type {
  PROJECT_CATEGORIES as PROJECT_CATEGORIES_CONTRACT,
  PROJECT_CATEGORY_LABELS as PROJECT_CATEGORY_LABELS_CONTRACT,
  PROJECT_LIMITS as PROJECT_LIMITS_CONTRACT,
  PROJECT_PARTICIPANTS_LIMIT as PROJECT_PARTICIPANTS_LIMIT_CONTRACT,
  PROJECT_STATUSES as PROJECT_STATUSES_CONTRACT,
  PROJECT_TARGET_DATE_PASSED as PROJECT_TARGET_DATE_PASSED_CONTRACT,
  PROJECTS_LIMIT,
  ProjectCategory,
  ProjectStatus,
} from '@freemarket/contracts';

/*
 * Spec 02 §5 and §9 for projects: the contract's values, typed from it (its module brings zod with
 * it, so the client declares its own copies; a changed contract stops this compiling), and the
 * labels the screens show. They load with the projects screens only.
 */

/** The ten categories in the contract's order, with the create form's labels (spec 02 §5). */
export const PROJECT_CATEGORIES: typeof PROJECT_CATEGORIES_CONTRACT = [
  'events',
  'community_investments',
  'business_ideas',
  'business',
  'nonprofit_ideas',
  'resources',
  'legislation',
  'petitions',
  'pod_classrooms',
  'other',
];
export const PROJECT_CATEGORY_LABELS: typeof PROJECT_CATEGORY_LABELS_CONTRACT = {
  events: 'Community Event',
  community_investments: 'Investment Opportunity',
  business_ideas: 'Business Idea',
  business: 'Business',
  nonprofit_ideas: 'Nonprofit Idea',
  resources: 'Resources',
  legislation: 'Proposed Legislation',
  petitions: 'Community Petition',
  pod_classrooms: 'Pod Classroom',
  other: 'Other',
};

/**
 * The page's category tabs as spec 02 §2 names them. Its list is not the category list: 'Podcasts'
 * stands where the tenth category would, and the only category it can mean is `pod_classrooms`;
 * `other` has no tab (such projects show under All, with their own category text).
 */
export const PROJECT_TABS: ReadonlyArray<{ value: 'all' | ProjectCategory; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'events', label: 'Events' },
  { value: 'community_investments', label: 'Investments' },
  { value: 'business_ideas', label: 'Business Ideas' },
  { value: 'business', label: 'Business' },
  { value: 'nonprofit_ideas', label: 'Nonprofit Ideas' },
  { value: 'resources', label: 'Resources' },
  { value: 'legislation', label: 'Legislation' },
  { value: 'petitions', label: 'Petitions' },
  { value: 'pod_classrooms', label: 'Podcasts' },
];

export const PROJECT_STATUSES: typeof PROJECT_STATUSES_CONTRACT = ['active', 'completed', 'archived'];
export const PROJECT_STATUS_LABELS: Readonly<Record<ProjectStatus, string>> = { active: 'Active', completed: 'Completed', archived: 'Archived' };

export const PROJECT_LIMITS: typeof PROJECT_LIMITS_CONTRACT = { title: { min: 3, max: 200 }, description: { min: 10, max: 5000 }, customCategory: 100, goals: 2000 };

export const PROJECTS_PAGE_SIZE: (typeof PROJECTS_LIMIT)['default'] = 20;

/** The details screen names this many participants; the count gives the rest. */
export const PROJECT_PARTICIPANTS_LIMIT: typeof PROJECT_PARTICIPANTS_LIMIT_CONTRACT = 100;

/** A card cuts the goals at this many characters (spec 02 §9). */
export const GOALS_PREVIEW_LENGTH = 100;

/** The server's reason for refusing a target date that has passed (`body.targetDate: …`). */
export const PROJECT_TARGET_DATE_PASSED: typeof PROJECT_TARGET_DATE_PASSED_CONTRACT = 'must be today or later';
