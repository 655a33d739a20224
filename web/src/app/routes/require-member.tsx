import type { CurrentUser } from '@freemarket/contracts';
import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth';
import { LoadingScreen } from './loading';
import { SignedOutNotice, type SignedOutText } from './signed-out';

/** Renders `children(user)` for a signed-in member; the loading text, or the signed-out notice, otherwise. */
export function RequireMember({ what, signedOut, children }: { what: string; signedOut?: SignedOutText; children: (user: CurrentUser) => ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'unauthenticated') return <SignedOutNotice what={what} text={signedOut} />;
  return <>{children(auth.user)}</>;
}
