import type { CurrentUser } from '@freemarket/contracts';
import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth';
import { LoadingScreen } from './loading';
import { SignedOutNotice } from './signed-out';

/** Renders `children(user)` for a signed-in member; the loading text, or the signed-out notice, otherwise. */
export function RequireMember({ what, children }: { what: string; children: (user: CurrentUser) => ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'unauthenticated') return <SignedOutNotice what={what} />;
  return <>{children(auth.user)}</>;
}
