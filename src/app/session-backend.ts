// What the session provider needs from the data layer, behind one dynamic import: these
// modules pull in supabase-js, which the first page load should not wait for.
export { sessionStore } from '../data/auth/session-store';
export { signOut } from '../data/auth/sign-out';
export { customerSummaryStore } from '../data/customer-summary';
