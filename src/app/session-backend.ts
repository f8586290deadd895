// What the shell needs from the data layer, behind ONE dynamic import: the auth state and the
// patient's session (pull, realtime, outbox, sync state, sign-out). These modules pull in
// supabase-js and Dexie, which the first page load should not wait for.
export { appSession, sessionStore } from '../data/session/app-session';
