// Mantine's base styles; each component's own CSS comes with its code (vite.config.ts).
import 'virtual:mantine-styles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';

/**
 * The first render replaces index.html's header shell with the real header and the page
 * (docs/decisions/0010-front-end-speed.md). It waits until the router has the page's code: before
 * that React would draw nothing over the shell. A transition, so that React renders the page in
 * small slices rather than one long task (a phone's first input waits less).
 */
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

if (router.state.initialized) render();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
