import { DIRECTORY_LIMITS, type AddUserSkill, type Skill, type SkillCategory, type UserSkill } from '@freemarket/contracts';
import { ConflictError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { ProfileService } from '../profiles/service.js';
import { refreshSkillMaterial } from '../profiles/search-material.js';
import { loadProfessionalInfo } from '../profiles/sections.js';
import { SkillRepository } from './repository.js';

/** The skill catalogue, and the skills members add to their profiles. */
export class SkillService {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly profiles: ProfileService,
  ) {}

  categories(): Promise<SkillCategory[]> {
    return new SkillRepository(this.runtime.db).categories();
  }

  /** Skills of one category, by name; 404 when the category does not exist. */
  async byCategory(categoryId: string): Promise<Skill[]> {
    const repository = new SkillRepository(this.runtime.db);
    if (!(await repository.categoryExists(categoryId))) throw new NotFoundError('Skill category not found');
    return repository.inCategory(categoryId);
  }

  /** `POST /api/user-skills`: the owner adds a catalogue skill once. */
  async add(actor: Actor, input: AddUserSkill): Promise<UserSkill> {
    const { id, profileId } = await this.runtime.transaction(async (tx) => {
      const profile = await this.profiles.ownedForUpdate(tx, actor, input.profileId);
      const repository = new SkillRepository(tx);
      if (!(await repository.skillExists(input.skillId))) throw new NotFoundError('Skill not found');
      if ((await repository.userSkillCount(profile.id)) >= DIRECTORY_LIMITS.skillsPerProfile) throw new ConflictError(`A profile lists at most ${DIRECTORY_LIMITS.skillsPerProfile} skills`);
      const id = await repository.insertUserSkill({ profileId: profile.id, skillId: input.skillId, yearsExperience: input.yearsExperience ?? null, hourlyRate: input.hourlyRate ?? null });
      if (!id) throw new ConflictError('This skill is already on the profile');
      await refreshSkillMaterial(tx, [profile.id]);
      return { id, profileId: profile.id };
    });
    const info = await loadProfessionalInfo(this.runtime.db, [profileId]);
    return info.skills.get(profileId)!.find((s) => s.id === id)!;
  }

  /** `DELETE /api/user-skills/{id}`: only the owner of the profile. */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const repository = new SkillRepository(tx);
      const profileId = await repository.profileOfUserSkill(id);
      if (!profileId) throw new NotFoundError('Skill not found on any profile');
      const profile = await this.profiles.ownedForUpdate(tx, actor, profileId);
      await repository.deleteUserSkill(id, profile.id);
      await refreshSkillMaterial(tx, [profile.id]);
    });
  }
}

