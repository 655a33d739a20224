import { and, asc, count, eq } from 'drizzle-orm';
import type { Skill, SkillCategory } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { certifications, profiles, skillCategories, skills, userSkills } from '../db/schema/index.js';

/** The skill catalogue, and the skills and certifications on profiles. */
export class SkillRepository {
  constructor(private readonly db: DbOrTx) {}

  categories(): Promise<SkillCategory[]> {
    return this.db
      .select({ id: skillCategories.id, name: skillCategories.name, icon: skillCategories.icon, color: skillCategories.color })
      .from(skillCategories)
      .orderBy(asc(skillCategories.name));
  }

  async categoryExists(categoryId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: skillCategories.id }).from(skillCategories).where(eq(skillCategories.id, categoryId));
    return row !== undefined;
  }

  /** The category's skills by name. */
  inCategory(categoryId: string): Promise<Skill[]> {
    return this.db
      .select({ id: skills.id, name: skills.name, categoryId: skills.categoryId })
      .from(skills)
      .where(eq(skills.categoryId, categoryId))
      .orderBy(asc(skills.name));
  }

  async skillExists(skillId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: skills.id }).from(skills).where(eq(skills.id, skillId));
    return row !== undefined;
  }

  async userSkillCount(profileId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(userSkills).where(eq(userSkills.profileId, profileId));
    return row?.n ?? 0;
  }

  /** Adds the skill to the profile; undefined when the profile lists it already. */
  async insertUserSkill(values: typeof userSkills.$inferInsert): Promise<string | undefined> {
    const [row] = await this.db.insert(userSkills).values(values).onConflictDoNothing().returning({ id: userSkills.id });
    return row?.id;
  }

  /** The profile a member's skill is on, if the skill and its profile exist. */
  async profileOfUserSkill(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ profileId: userSkills.profileId })
      .from(userSkills)
      .innerJoin(profiles, eq(profiles.id, userSkills.profileId))
      .where(eq(userSkills.id, id));
    return row?.profileId;
  }

  async deleteUserSkill(id: string, profileId: string): Promise<void> {
    await this.db.delete(userSkills).where(and(eq(userSkills.id, id), eq(userSkills.profileId, profileId)));
  }

  async certificationCount(profileId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(certifications).where(eq(certifications.profileId, profileId));
    return row?.n ?? 0;
  }

  async insertCertification(values: typeof certifications.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(certifications).values(values).returning({ id: certifications.id });
    return row!.id;
  }

  async profileOfCertification(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ profileId: certifications.profileId }).from(certifications).where(eq(certifications.id, id));
    return row?.profileId;
  }

  async deleteCertification(id: string, profileId: string): Promise<void> {
    await this.db.delete(certifications).where(and(eq(certifications.id, id), eq(certifications.profileId, profileId)));
  }
}
