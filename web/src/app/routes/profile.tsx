import type { CurrentUser } from '@freemarket/contracts';
import { useParams } from 'react-router';
import { ProfileScreen } from '../../features/profile/components/profile-screen';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

function ProfilePage({ user, userId }: { user: CurrentUser; userId: string }) {
  return (
    <AppShell user={user}>
      <ProfileScreen viewer={user} userId={userId} />
    </AppShell>
  );
}

/** `/profile`: one's own profile, created here when there is none (spec 02 §2). */
export function OwnProfileRoute() {
  return <RequireMember what="your profile">{(user) => <ProfilePage user={user} userId={user.id} />}</RequireMember>;
}

/** `/profile/{userId}`: any member's profile, private sections left out by the server. */
export function UserProfileRoute() {
  const { userId = '' } = useParams();
  return <RequireMember what="profiles">{(user) => <ProfilePage user={user} userId={userId} />}</RequireMember>;
}
