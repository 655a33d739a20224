import { DIRECTORY_LIMITS, type AddCertification, type Certification } from '@freemarket/contracts';
import { ConflictError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { ProfileService } from '../profiles/service.js';
import { refreshCertificationMaterial } from '../profiles/search-material.js';
import { loadProfessionalInfo } from '../profiles/sections.js';
import { SkillRepository } from './repository.js';

/** Certifications and licences, added and removed by the profile's owner. */
export class CertificationService {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly profiles: ProfileService,
  ) {}

  async add(actor: Actor, input: AddCertification): Promise<Certification> {
    const { id, profileId } = await this.runtime.transaction(async (tx) => {
      const profile = await this.profiles.ownedForUpdate(tx, actor, input.profileId);
      const repository = new SkillRepository(tx);
      if ((await repository.certificationCount(profile.id)) >= DIRECTORY_LIMITS.certificationsPerProfile) {
        throw new ConflictError(`A profile lists at most ${DIRECTORY_LIMITS.certificationsPerProfile} certifications`);
      }
      const id = await repository.insertCertification({
        profileId: profile.id,
        name: input.name,
        issuer: input.issuer || null,
        licenseNumber: input.licenseNumber || null,
        issueDate: input.issueDate ?? null,
        expiryDate: input.expiryDate ?? null,
      });
      await refreshCertificationMaterial(tx, [profile.id]);
      return { id, profileId: profile.id };
    });
    const info = await loadProfessionalInfo(this.runtime.db, [profileId]);
    return info.certifications.get(profileId)!.find((c) => c.id === id)!;
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const repository = new SkillRepository(tx);
      const profileId = await repository.profileOfCertification(id);
      if (!profileId) throw new NotFoundError('Certification not found');
      const profile = await this.profiles.ownedForUpdate(tx, actor, profileId);
      await repository.deleteCertification(id, profile.id);
      await refreshCertificationMaterial(tx, [profile.id]);
    });
  }
}
