import { z } from 'zod';
import { calendarDate, moneyInput, nonBlank } from './primitives.js';

/** A skill category (spec 02 §3 skill_categories): reference data, one per landing tile. */
export const skillCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
});
export type SkillCategory = z.infer<typeof skillCategorySchema>;
export const skillCategoryListSchema = z.array(skillCategorySchema);

export const skillSchema = z.object({ id: z.uuid(), name: z.string(), categoryId: z.uuid() });
export type Skill = z.infer<typeof skillSchema>;
export const skillListSchema = z.array(skillSchema);
export const skillsByCategoryParams = z.object({ categoryId: z.uuid() });

/** `POST /api/user-skills` (spec 02 §7): the owner of the profile adds one of the listed skills. */
export const addUserSkillSchema = z.object({
  profileId: z.uuid(),
  skillId: z.uuid(),
  yearsExperience: z.number().int().min(0).max(100).nullable().optional(),
  hourlyRate: moneyInput.nullable().optional(),
});
export type AddUserSkill = z.infer<typeof addUserSkillSchema>;

/** `POST /api/certifications` (spec 02 §7). */
export const addCertificationSchema = z.object({
  profileId: z.uuid(),
  name: nonBlank(200),
  issuer: z.string().trim().max(200).nullable().optional(),
  licenseNumber: z.string().trim().max(100).nullable().optional(),
  issueDate: calendarDate.nullable().optional(),
  expiryDate: calendarDate.nullable().optional(),
}).refine((c) => !c.issueDate || !c.expiryDate || c.expiryDate >= c.issueDate, { path: ['expiryDate'], message: 'must not be before issueDate' });
export type AddCertification = z.infer<typeof addCertificationSchema>;
