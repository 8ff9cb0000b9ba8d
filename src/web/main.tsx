// Mantine's base styles; each component's own CSS comes with its code (vite.config.ts).
import 'virtual:mantine-styles';
import './app/global.css';

/**
 * The app (start.tsx) runs once index.html's header shell has been painted, not before
 * (docs/decisions/0010-front-end-speed.md): its code is already loading (index.html names it,
 * vite.config.ts `appChunkPreloads`), and running it takes the main thread for a while on a phone,
 * which would hold the first paint back. A page opened in a background tab paints nothing, so there
 * it starts at once.
 */
const start = () => void import('./start');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
