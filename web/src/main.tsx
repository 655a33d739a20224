import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index';
import './styles.css';

// A transition lets React yield to the browser every few milliseconds while it builds the first
// screen, instead of one long task that blocks input on a slow phone (Lighthouse's TBT).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
