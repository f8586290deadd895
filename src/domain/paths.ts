// Every address of spec §2 in one table: the route pattern (wouter syntax, read by the routes
// table of src/app) and an href builder with the route's query parameters, so no screen
// spells a path or a query by hand.

type QueryValue = string | number | boolean | null | undefined;

/** path?key=value&… with the absent (undefined, null, false) values left out. */
export function withQuery(path: string, query: Readonly<Record<string, QueryValue>> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const fixed = <P extends string>(path: P) => ({ path, href: (): P => path });

export const paths = {
  home: fixed('/'),
  login: {
    path: '/login',
    /** register: registration mode; next: where to go after signing in (a path of this site) */
    href: (q: { register?: boolean; next?: string | null } = {}) => withQuery('/login', { register: q.register, next: q.next }),
  },
  resetPassword: fixed('/resetPassword'),
  generics: fixed('/generics'),
  genericsCalculator: {
    path: '/generics/calculator',
    href: (q: { pharmacode?: number | null } = {}) => withQuery('/generics/calculator', { pharmacode: q.pharmacode }),
  },
  prescriptionTutorial: fixed('/prescriptiontutorial'),
  /** issue 40: what the app meets for accessibility, what not yet, how to report a barrier */
  accessibility: fixed('/accessibility'),
  dashboard: fixed('/dashboard'),
  prescriptions: {
    path: '/prescriptions',
    href: (q: { active?: boolean } = {}) => withQuery('/prescriptions', { active: q.active === undefined ? undefined : String(q.active) }),
  },
  prescriptionsAdd: fixed('/prescriptions/add'),
  /** the eMediplan's code full-screen with what it holds, the calendar export and the plan's times */
  planEmediplan: fixed('/plan/emediplan'),
  /** the printed eMediplan (A4 landscape, its own print stylesheet) */
  planPrint: fixed('/plan/print'),
  orders: {
    path: '/orders',
    /**
     * spec §7 "On success the user goes to /orders?success=1&id={id}" (in that order). An order
     * finished before the server answered has no number yet: `key` (its idempotency key) names
     * it, so the thanks follow it from "waiting" to its number.
     */
    href: (q: { active?: boolean; id?: number | null; success?: boolean; key?: string | null } = {}) =>
      withQuery('/orders', { success: q.success, id: q.id, key: q.key, active: q.active === undefined ? undefined : String(q.active) }),
  },
  order: fixed('/order'),
  orderSelect: fixed('/order/select'),
  orderAddress: fixed('/order/address'),
  orderQuestionnaire: fixed('/order/questionnaire'),
  orderSettings: fixed('/order/ordersettings'),
  orderInsurance: {
    path: '/order/insurance',
    href: (q: { isOrder?: boolean } = { isOrder: true }) => withQuery('/order/insurance', { isOrder: q.isOrder ? 'true' : undefined }),
  },
  orderFinish: fixed('/order/orderfinish'),
  profile: fixed('/profile'),
  profileOverview: {
    path: '/profile/overview/:showInfo?',
    /** showInfo 1 or 2: one of the two intro texts (spec §2) */
    href: (showInfo?: 1 | 2) => (showInfo ? `/profile/overview/${showInfo}` : '/profile/overview'),
  },
  profileBaseData: fixed('/profile/basedata'),
  profileInsurance: {
    path: '/profile/insurance',
    /** isOrder: opened from the order flow, which it returns to after saving */
    href: (q: { isOrder?: boolean } = {}) => withQuery('/profile/insurance', { isOrder: q.isOrder ? 'true' : undefined }),
  },
  profileQuestionnaire: fixed('/profile/questionnaire'),
  profileMedication: fixed('/profile/medication'),
  profileEmail: fixed('/profile/email'),
  profileMfa: fixed('/profile/mfa'),
  // issue 41: the patient's helpers, and the people a helper helps
  profileHelpers: fixed('/profile/helpers'),
  profilePassword: {
    path: '/profile/password/:reset?',
    /** reset: the screen a password-reset link leads to */
    href: (reset = false) => (reset ? '/profile/password/reset' : '/profile/password'),
  },
  onboardingFinish: fixed('/onboarding/finish'),
  // issue 24: the doses taken
  dosesHistory: {
    path: '/doses/history',
    /** week: the last day of the week shown (default: today) */
    href: (q: { week?: string | null } = {}) => withQuery('/doses/history', { week: q.week }),
  },
  dosesDay: {
    path: '/doses/day/:day',
    /** the plan of one day (YYYY-MM-DD), to fill in afterwards */
    href: (day: string) => `/doses/day/${encodeURIComponent(day)}`,
  },
  dosesReport: {
    path: '/doses/report',
    /** the report for the doctor over from..to (YYYY-MM-DD; default: the last 30 days) */
    href: (q: { from?: string | null; to?: string | null } = {}) => withQuery('/doses/report', { from: q.from, to: q.to }),
  },
} as const;

export type PathName = keyof typeof paths;
