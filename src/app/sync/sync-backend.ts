// What the shell's sync UI needs from the data layer, behind one dynamic import: it pulls in
// Dexie and supabase-js, which the first page load should not wait for.
export { discardChange, outboxView, retryChange, runAppSync, syncState, unsentChanges } from '../../data/sync/app-sync';
