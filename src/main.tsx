// first: asks for the first view's files before the rest is evaluated
import { landing, prerenderedFits } from './app/boot-start';
import { startTransition } from 'react';
import { Root } from './app/root';
import { listenForInstallPrompt } from './lib/install-prompt';
import { followBrowserConnection, syncState } from './data/sync/sync-state';
import { nextTask } from './lib/next-task';
import './ui/styles.css';

// the browser may offer installation before any screen with the install button has loaded
listenForInstallPrompt(window);
// the lost-connection notice follows the browser from the start, not only once the data layer runs
followBrowserConnection(syncState);

const element = document.getElementById('root');
if (!element) throw new Error('no #root');

// The document shows the route's prerendered markup from its first paint (scripts/prerender.ts);
// the app takes it over once the texts, the view and a returning patient's data are there.
// Where that markup is what the app's first render makes (a public page for a visitor, in the
// language the device reads), React hydrates it; otherwise (a signed-in patient's frame, to be
// filled with their data) the first render makes the frame anew and the screen replaces it a
// frame later (route-screen.tsx FrameFirst). Either way the render is
// a transition: React renders in slices, and the page stays responsive.
// React DOM's client is set up in a task of its own, not with the entry's modules (their one
// evaluation was 59–108 ms at 4× CPU after the first paint): its file comes with the entry (React
// is in the same chunk), only its evaluation waits for the next task.
const renderer = nextTask().then(() => import('react-dom/client'));
void Promise.all([landing, renderer]).then(([, { createRoot, hydrateRoot }]) => {
  // how the app took the document over (the end-to-end tests read it)
  const hydrate = prerenderedFits();
  document.documentElement.dataset.start = hydrate ? 'hydrate' : 'render';
  if (hydrate) {
    startTransition(() => void hydrateRoot(element, <Root />));
  } else {
    const root = createRoot(element);
    startTransition(() => root.render(<Root />));
  }
});
