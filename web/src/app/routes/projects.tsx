import type { CurrentUser } from '@freemarket/contracts';
import { useParams } from 'react-router';
import { ProjectDetailsScreen } from '../../features/projects/components/project-details-screen';
import { ProjectsScreen } from '../../features/projects/components/projects-screen';
import { useRefreshRewardBalanceSoon } from '../../features/rewards/api/get-balance';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';
import type { SignedOutText } from './signed-out';

/** Spec 02 §2: what a visitor sees instead of the projects. */
const SIGN_IN_REQUIRED: SignedOutText = { title: 'Sign In Required', message: 'Please sign in to view and create community projects' };

function SignedInProjects({ user }: { user: CurrentUser }) {
  // Joining a project earns points a moment later, through the rewards service's event consumer.
  const refreshRewards = useRefreshRewardBalanceSoon();
  return (
    <AppShell user={user}>
      <ProjectsScreen meId={user.id} onJoined={refreshRewards} />
    </AppShell>
  );
}

function SignedInProjectDetails({ user, id }: { user: CurrentUser; id: string }) {
  const refreshRewards = useRefreshRewardBalanceSoon();
  return (
    <AppShell user={user}>
      <ProjectDetailsScreen id={id} meId={user.id} onJoined={refreshRewards} />
    </AppShell>
  );
}

/** Spec 02 §2, /projects: the projects screen composed with the rewards joining earns. */
export function ProjectsRoute() {
  return (
    <RequireMember what="projects" signedOut={SIGN_IN_REQUIRED}>
      {(user) => <SignedInProjects user={user} />}
    </RequireMember>
  );
}

/** `/projects/{id}`: one project's details. */
export function ProjectDetailsRoute() {
  const { id = '' } = useParams();
  return (
    <RequireMember what="projects" signedOut={SIGN_IN_REQUIRED}>
      {(user) => <SignedInProjectDetails user={user} id={id} />}
    </RequireMember>
  );
}
