import type { ServiceRuntime } from '@freemarket/kit';
import type { DirectoryConfig } from './config.js';
import { FavoriteBusinessService } from './favorites/service.js';
import { LegislationService } from './legislation/service.js';
import { MapService } from './map/service.js';
import { ProfileService } from './profiles/service.js';
import { ReferralService } from './referrals/service.js';
import { ReviewService } from './reviews/service.js';
import { SearchService } from './search/service.js';
import { CertificationService } from './skills/certifications.js';
import { SkillService } from './skills/service.js';
import { TestimonialService } from './testimonials/service.js';

export interface DirectoryContext {
  runtime: ServiceRuntime;
  config: DirectoryConfig;
  profiles: ProfileService;
  search: SearchService;
  map: MapService;
  skills: SkillService;
  certifications: CertificationService;
  reviews: ReviewService;
  testimonials: TestimonialService;
  favorites: FavoriteBusinessService;
  referrals: ReferralService;
  legislation: LegislationService;
}

export function createContext(runtime: ServiceRuntime, config: DirectoryConfig): DirectoryContext {
  const profiles = new ProfileService(runtime);
  return {
    runtime,
    config,
    profiles,
    search: new SearchService(runtime.db),
    map: new MapService(runtime.db),
    skills: new SkillService(runtime, profiles),
    certifications: new CertificationService(runtime, profiles),
    reviews: new ReviewService(runtime),
    testimonials: new TestimonialService(runtime),
    favorites: new FavoriteBusinessService(runtime),
    referrals: new ReferralService(runtime),
    legislation: new LegislationService(runtime),
  };
}
