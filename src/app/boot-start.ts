// Imported first by main.tsx, so the loads of boot.ts start before React and the shell are
// even evaluated.
import { startLoading } from './boot';

startLoading();
