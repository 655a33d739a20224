import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { App } from './app/index';
import { LoadingScreen } from './app/routes/loading';
import { reloadOnStaleChunks } from './lib/reload-on-stale-chunks';
import './styles.css';

reloadOnStaleChunks();

const root = createRoot(document.getElementById('root')!);
// The loading screen first, committed at once: it is what shows until the page is ready, whatever
// arrives first. Left to the transition below, a quick current-user answer lets React skip it and
// show nothing until the map screen's chunks have loaded (doubling Lighthouse's FCP and LCP).
flushSync(() => root.render(<LoadingScreen />));
// A transition lets React yield to the browser every few milliseconds while it builds the first
// screen, instead of one long task that blocks input on a slow phone (Lighthouse's TBT); the
// loading screen stays until that screen can be shown.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
