import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { LandingPage } from '../features/landing/components/landing-page';
import { paths } from '../config/paths';
import { createQueryClient } from '../lib/react-query';

function Shell() {
  const user = useCurrentUser();
  if (user.isPending) {
    return (
      <div className="loading" role="status">
        Loading FreeMarket...
      </div>
    );
  }
  if (!user.data) return <LandingPage />;
  // The explore map and the rest of the signed-in app arrive with the web client issue.
  return (
    <div className="signed-in">
      <header className="site-header">
        <a className="brand" href="/">
          <span className="brand-mark" aria-hidden="true">FM</span> FreeMarket
        </a>
        <a className="button secondary" href={paths.logout.getHref()}>
          Log Out
        </a>
      </header>
      <main className="hero">
        <h1>Welcome, {user.data.firstName ?? user.data.email}</h1>
        <p>You are signed in as {user.data.email}.</p>
      </main>
    </div>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
