// Mantine's base styles; each component's own CSS comes with its code (vite.config.ts).
import 'virtual:mantine-styles';
import '../web/app/global.css';
// The plain words (contract/plain-words.ts, zod's messages for every check) come with the forms'
// schemas (contract/text.ts imports them), not with the dashboard, which checks nothing typed (decision 0038).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

/**
 * The back office (DESIGN.md §5 "The admin web app"): its own entry, loaded only under /admin,
 * so the storefront's pages carry none of it.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
