// The facts of the accessibility statement (issue 40 item 8) that a review changes: each in one
// place, so the page and its test read the same value.

/** The day the statement was last checked against the app (YYYY-MM-DD). */
export const STATEMENT_REVIEWED = '2026-11-29';

/** Working days within which the pharmacy answers a reported barrier. */
export const BARRIER_ANSWER_WORKING_DAYS = 5;
