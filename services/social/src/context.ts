import type { ServiceRuntime } from '@freemarket/kit';
import type { SocialConfig } from './config.js';
import { ConnectionService } from './connections/service.js';
import { EventService } from './community-events/service.js';
import { PostService } from './posts/service.js';
import { ProjectService } from './projects/service.js';
import { SurveyService } from './surveys/service.js';
import { TutorialService } from './tutorials/service.js';

export interface SocialContext {
  runtime: ServiceRuntime;
  config: SocialConfig;
  connections: ConnectionService;
  posts: PostService;
  surveys: SurveyService;
  events: EventService;
  projects: ProjectService;
  tutorials: TutorialService;
}

export function createContext(runtime: ServiceRuntime, config: SocialConfig): SocialContext {
  return {
    runtime,
    config,
    connections: new ConnectionService(runtime),
    posts: new PostService(runtime),
    surveys: new SurveyService(runtime),
    events: new EventService(runtime),
    projects: new ProjectService(runtime),
    tutorials: new TutorialService(runtime),
  };
}
