// first: starts loading the language catalogue and, for a returning patient, the data layer
import './app/boot-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-sw';
import { listenForInstallPrompt } from './lib/install-prompt';
import './ui/styles.css';

// the browser may offer installation before any screen with the install button has loaded
listenForInstallPrompt(window);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
