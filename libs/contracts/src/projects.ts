import { z } from 'zod';
import { calendarDate, optionalText } from './primitives.js';
import { memberNameSchema } from './posts.js';

/** Spec 02 §5: project categories, in the order of the page's tabs, with their labels. */
export const PROJECT_CATEGORIES = [
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
] as const;
export const projectCategorySchema = z.enum(PROJECT_CATEGORIES);
export type ProjectCategory = z.infer<typeof projectCategorySchema>;
export const PROJECT_CATEGORY_LABELS: Readonly<Record<ProjectCategory, string>> = {
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

export const PROJECT_STATUSES = ['active', 'completed', 'archived'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

export const PROJECT_LIMITS = { title: { min: 3, max: 200 }, description: { min: 10, max: 5000 }, customCategory: 100, goals: 2000 } as const;
/** Project lists: default and largest page size; participants a card names. */
export const PROJECTS_LIMIT = { default: 20, max: 50 } as const;
export const PROJECT_CARD_PARTICIPANTS = 20;
/** Participants the details screen names on one page. */
export const PROJECT_PARTICIPANTS_LIMIT = 100;
/** A participant's role: the creator is the project's first participant; those who join collaborate. */
export const PROJECT_ROLES = ['creator', 'collaborator'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Why a new project is refused a target date that has passed everywhere (`body.targetDate: …`). */
export const PROJECT_TARGET_DATE_PASSED = 'must be today or later';

/**
 * `POST /api/projects`: the creator is the caller (a `creatorId` the client sends is ignored).
 * `customCategory` is required with category `other` and dropped with any other.
 */
export const createProjectBodySchema = z
  .object({
    title: z.string().trim().min(PROJECT_LIMITS.title.min, 'Title must be at least 3 characters').max(PROJECT_LIMITS.title.max),
    description: z.string().trim().min(PROJECT_LIMITS.description.min, 'Description must be at least 10 characters').max(PROJECT_LIMITS.description.max),
    category: projectCategorySchema.default('events'),
    customCategory: optionalText(PROJECT_LIMITS.customCategory),
    status: projectStatusSchema.default('active'),
    goals: optionalText(PROJECT_LIMITS.goals),
    targetDate: calendarDate.nullish().transform((v) => v ?? null),
  })
  .refine((p) => p.category !== 'other' || p.customCategory, { path: ['customCategory'], message: 'is required when the category is other' })
  .transform((p) => ({ ...p, customCategory: p.category === 'other' ? p.customCategory : null }));
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;
export type CreateProjectInput = z.output<typeof createProjectBodySchema>;

/** `PUT /api/projects/{id}`: the creator moves the project along. */
export const updateProjectBodySchema = z.object({ status: projectStatusSchema });
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

/** How a project names its creator: first name only, never the e-mail. */
export const projectCreatorSchema = memberNameSchema;

/** A project as a card shows it (spec 02 §3): the first participants' ids and the count of all. */
export const projectSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: projectCategorySchema,
  customCategory: z.string().nullable(),
  status: projectStatusSchema,
  goals: z.string().nullable(),
  targetDate: z.iso.date().nullable(),
  creatorId: z.string(),
  creator: projectCreatorSchema,
  participants: z.array(z.object({ userId: z.string() })),
  participantCount: z.number().int().nonnegative(),
  isParticipant: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Project = z.infer<typeof projectSchema>;

/** `GET /api/projects/{id}`: the details screen, participants named. */
export const projectDetailsSchema = projectSchema.extend({
  participants: z.array(z.object({ userId: z.string(), role: z.enum(PROJECT_ROLES), joinedAt: z.iso.datetime(), member: memberNameSchema })),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

/** `GET /api/projects?category&status&limit&cursor`: newest first; the client omits a filter for 'all'. */
export const listProjectsQuerySchema = z.object({
  category: projectCategorySchema.optional(),
  status: projectStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PROJECTS_LIMIT.max).default(PROJECTS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListProjectsQuery = z.infer<typeof listProjectsQuerySchema>;

export const projectPageSchema = z.object({ items: z.array(projectSchema), nextCursor: z.string().nullable() });
export type ProjectPage = z.infer<typeof projectPageSchema>;

export const projectParamsSchema = z.object({ id: z.uuid() });
