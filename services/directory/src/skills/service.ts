import { and, asc, count, eq } from 'drizzle-orm';
import { DIRECTORY_LIMITS, type AddUserSkill, type Skill, type SkillCategory, type UserSkill } from '@freemarket/contracts';
import { ConflictError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { profiles, skillCategories, skills, userSkills } from '../db/schema/index.js';
import type { ProfileService } from '../profiles/service.js';
import { refreshSkillMaterial } from '../profiles/search-material.js';
import { loadProfessionalInfo } from '../profiles/sections.js';

/** The skill catalogue, and the skills members add to their profiles. */
export class SkillService {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly profiles: ProfileService,
  ) {}

  async categories(): Promise<SkillCategory[]> {
    return this.runtime.db
      .select({ id: skillCategories.id, name: skillCategories.name, icon: skillCategories.icon, color: skillCategories.color })
      .from(skillCategories)
      .orderBy(asc(skillCategories.name));
  }

  /** Skills of one category, by name; 404 when the category does not exist. */
  async byCategory(categoryId: string): Promise<Skill[]> {
    const [category] = await this.runtime.db.select({ id: skillCategories.id }).from(skillCategories).where(eq(skillCategories.id, categoryId));
    if (!category) throw new NotFoundError('Skill category not found');
    return this.runtime.db
      .select({ id: skills.id, name: skills.name, categoryId: skills.categoryId })
      .from(skills)
      .where(eq(skills.categoryId, categoryId))
      .orderBy(asc(skills.name));
  }

  /** `POST /api/user-skills`: the owner adds a catalogue skill once. */
  async add(actor: Actor, input: AddUserSkill): Promise<UserSkill> {
    const { id, profileId } = await this.runtime.transaction(async (tx) => {
      const profile = await this.profiles.ownedForUpdate(tx, actor, input.profileId);
      const [skill] = await tx.select({ id: skills.id }).from(skills).where(eq(skills.id, input.skillId));
      if (!skill) throw new NotFoundError('Skill not found');
      const [{ n }] = (await tx.select({ n: count() }).from(userSkills).where(eq(userSkills.profileId, profile.id))) as [{ n: number }];
      if (n >= DIRECTORY_LIMITS.skillsPerProfile) throw new ConflictError(`A profile lists at most ${DIRECTORY_LIMITS.skillsPerProfile} skills`);
      const [row] = await tx
        .insert(userSkills)
        .values({ profileId: profile.id, skillId: skill.id, yearsExperience: input.yearsExperience ?? null, hourlyRate: input.hourlyRate ?? null })
        .onConflictDoNothing()
        .returning({ id: userSkills.id });
      if (!row) throw new ConflictError('This skill is already on the profile');
      await refreshSkillMaterial(tx, [profile.id]);
      return { id: row.id, profileId: profile.id };
    });
    const info = await loadProfessionalInfo(this.runtime.db, [profileId]);
    return info.skills.get(profileId)!.find((s) => s.id === id)!;
  }

  /** `DELETE /api/user-skills/{id}`: only the owner of the profile. */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const [found] = await tx
        .select({ profileId: userSkills.profileId })
        .from(userSkills)
        .innerJoin(profiles, eq(profiles.id, userSkills.profileId))
        .where(eq(userSkills.id, id));
      if (!found) throw new NotFoundError('Skill not found on any profile');
      const profile = await this.profiles.ownedForUpdate(tx, actor, found.profileId);
      await tx.delete(userSkills).where(and(eq(userSkills.id, id), eq(userSkills.profileId, profile.id)));
      await refreshSkillMaterial(tx, [profile.id]);
    });
  }
}

