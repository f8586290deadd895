// What `use-sync-external-store/shim` is for: React before 18 had no `useSyncExternalStore`.
// React 19 has it; wouter still imports the shim (about 0.3 kB gzip in the entry, and its own
// copy of the hook), so the build resolves the shim to React's own (vite.config.ts).
export { useSyncExternalStore } from 'react';
