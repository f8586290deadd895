// Every route of spec §2 in one table: path (the pattern of src/domain/paths.ts), title
// message id, guard, and the lazily loaded view (route-level code splitting).
import { createElement, type ComponentType } from 'react';
import { lazy } from './lazy-view';
import { paths } from '../domain/paths';
import type { ReadAhead } from '../data/local/read-ahead';
import type { RouteView, ViewProps } from './view-props';


/**
 * public: anyone; account: signed in (the account's own pages, never replaced by the
 * onboarding); session: signed in with the profile complete (else the onboarding); profile:
 * the same, for the pages spec §2 says need a profile; setup: completed setup, the send method
 * included (the order flow).
 */
import type { CaregiverRight } from '../domain/caregivers/grants';

export type Guard = 'public' | 'account' | 'session' | 'profile' | 'setup';

export interface RouteDef {
  path: string;
  titleId: string;
  guard: Guard;
  view: RouteView;
  /** spec §2 "/dashboard shows this screen [the login] when signed out": the login form instead of the prompt */
  loginWhenSignedOut?: boolean;
  /** signed-in users are sent to /dashboard (spec §2: / and /login) */
  signedInRedirect?: string;
  /**
   * what the view reads of the mirror, read ahead at a returning patient's start (stored-patient.ts)
   * so its first render shows it (the very queries its hooks ask; the module loads on demand)
   */
  readAhead?: () => Promise<ReadAhead>;
  /** the setup overview (spec §2 /profile/overview/{showInfo?}): while setup is incomplete the onboarding opens with it (guards.ts onboardingOpening) */
  setupOverview?: boolean;
  /** issue 41: the right a helper needs to open it for a person they help; none: only for the account's own data */
  forPerson?: CaregiverRight;
  /**
   * The view's introduction (message ids), which a signed-in route's prerendered frame shows under
   * its heading (route-frame.tsx): static text of the screen's first lines, painted before any
   * script. It is the screen's largest text, so the largest paint comes with the document instead
   * of with the view's data (docs/performance.md). Only a plain paragraph the view shows as it is.
   * A route has one document for all its parameters (scripts/prerender.ts): the texts of the path
   * without them.
   */
  frameTexts?: readonly string[];
}

const home = lazy(() => import('../features/public/home-view'));
const generics = lazy(() => import('../features/public/generics-view'));
const genericsCalculator = lazy(() => import('../features/generics/calculator-view'));
const tutorial = lazy(() => import('../features/public/prescription-tutorial-view'));
const accessibility = lazy(() => import('../features/public/accessibility-view'));
const profileEmail = lazy(() => import('../features/account/email-view'));
const profileMfa = lazy(() => import('../features/account/mfa-view'));
const profileHelpers = lazy(() => import('../features/profile/helpers-view'));
const login = lazy(() => import('../features/auth/login-view'));
const resetPassword = lazy(() => import('../features/auth/reset-password-view'));
const password = lazy(() => import('../features/auth/password-view'));
const prescriptions = lazy(() => import('../features/prescriptions/prescriptions-view'));
const planEmediplan = lazy(() => import('../features/emediplan/emediplan-view'));
const planPrint = lazy(() => import('../features/emediplan/plan-print-view'));
const dashboard = lazy(() => import('../features/dashboard/dashboard-view'));
const profileBaseData = lazy(() => import('../features/profile/basedata-view'));
// a complete profile's overview goes on to the base data (spec §2): the overview comes with its
// chunk, so the base data shows without a spinner between them (while setup is incomplete the
// onboarding shows instead of this route)
const profileOverview = lazy(async () => {
  const [view] = await Promise.all([import('../features/profile/overview-view'), profileBaseData.preload().catch(() => undefined)]);
  return view;
});
const profileInsurance = lazy(() => import('../features/profile/insurance-view'));
const profileQuestionnaire = lazy(() => import('../features/profile/questionnaire-view'));
const profileMedication = lazy(() => import('../features/profile/medication-view'));
const sendPrescription = lazy(() => import('../features/profile/send-method/send-prescription-view'));
const onboardingFinish = lazy(() => import('../features/profile/onboarding/finish-view'));
const dosesHistory = lazy(() => import('../features/doses/history-view'));
const dosesDay = lazy(() => import('../features/doses/day-view'));
const dosesReport = lazy(() => import('../features/doses/report-view'));
const loadOrders = () => import('../features/orders/orders-view');
const orders = lazy(loadOrders);
const orderStart = lazy(() => import('../features/order-flow/order-start-view'));
const orderSelect = lazy(() => import('../features/order-flow/order-select-view'));
const orderAddress = lazy(() => import('../features/order-flow/order-address-view'));
// the finish step leads to /orders, online or not: its chunk comes along (the service worker precaches it too)
const orderFinish = lazy(() => {
  void loadOrders().catch(() => {});
  return import('../features/order-flow/order-finish-view');
});

/**
 * A profile form as a review step of the order flow (spec §2 /order/questionnaire,
 * /order/ordersettings, /order/insurance): the same view, shown only while the draft holds
 * something orderable (else the selection: the order flow's DraftGate).
 */
const inOrderFlow = (load: () => Promise<{ default: ComponentType<ViewProps> }>): RouteView =>
  // lazy() loads once: the wrapper is made once, so the form never remounts
  lazy(async () => {
    const [{ default: View }, { DraftGate }] = await Promise.all([load(), import('../features/order-flow/draft-gate')]);
    return { default: (props: ViewProps) => createElement(DraftGate, null, createElement(View, props)) };
  });
const orderQuestionnaire = inOrderFlow(() => import('../features/profile/questionnaire-view'));
const orderSettings = inOrderFlow(() => import('../features/profile/medication-view'));
const orderInsurance = inOrderFlow(() => import('../features/profile/insurance-view'));

// each loads the small module of its screen's reads (they stay out of the first load)
const dashboardReads = () => import('../features/dashboard/dashboard-reads').then((m) => m.readDashboardAhead);
const prescriptionsReads = () => import('../features/prescriptions/prescriptions-reads').then((m) => m.readPrescriptionsAhead);
const ordersReads = () => import('../features/orders/orders-reads').then((m) => m.readOrdersAhead);
const profileReads = () => import('../features/profile/profile-reads').then((m) => m.readProfileAhead);
const helpersReads = () => import('../features/profile/helpers/helpers-reads').then((m) => m.readHelpersAhead);
const sendPrescriptionReads = () => import('../features/profile/send-method/send-prescription-reads').then((m) => m.readSendPrescriptionAhead);
const insuranceReads = () => import('../features/profile/profile-reads').then((m) => m.readInsuranceAhead);
const questionnaireReads = () => import('../features/profile/profile-reads').then((m) => m.readQuestionnaireAhead);
const orderFlowReads = () => import('../features/order-flow/order-flow-reads').then((m) => m.readOrderFlowAhead);
const emediplanReads = () => import('../features/emediplan/emediplan-reads').then((m) => m.readEmediplanAhead);
const orderSelectReads = () => import('../features/order-flow/order-flow-reads').then((m) => m.readOrderSelectAhead);
const orderFinishReads = () => import('../features/order-flow/order-flow-reads').then((m) => m.readOrderFinishAhead);
const dosesReads = () => import('../features/doses/doses-reads').then((m) => m.readDosesAhead);
/** a review step of the order flow: its form's reads and the flow's (the DraftGate shows the form only with a draft) */
const reviewReads =
  (form: () => Promise<ReadAhead>) =>
  async (): Promise<ReadAhead> => {
    const [own, flow] = await Promise.all([form(), orderFlowReads()]);
    return async (reads) => {
      await Promise.all([own(reads), flow(reads)]);
    };
  };

const route = (path: string, titleId: string, guard: Guard, view: RouteDef['view'], extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  titleId,
  guard,
  view,
  ...extra,
});

export const ROUTES: readonly RouteDef[] = [
  route(paths.home.path, 'title.home', 'public', home, { signedInRedirect: paths.dashboard.href() }),
  route(paths.login.path, 'title.login', 'public', login, { signedInRedirect: paths.dashboard.href() }),
  route(paths.resetPassword.path, 'title.resetPassword', 'public', resetPassword),
  route(paths.generics.path, 'title.generics', 'public', generics),
  route(paths.genericsCalculator.path, 'title.genericsCalculator', 'public', genericsCalculator),
  route(paths.prescriptionTutorial.path, 'title.prescriptionTutorial', 'public', tutorial),
  route(paths.accessibility.path, 'title.accessibility', 'public', accessibility),
  route(paths.dashboard.path, 'title.dashboard', 'session', dashboard, { forPerson: 'see', loginWhenSignedOut: true, readAhead: dashboardReads }),
  route(paths.prescriptions.path, 'title.prescriptions', 'session', prescriptions, { forPerson: 'see', readAhead: prescriptionsReads }),
  route(paths.prescriptionsAdd.path, 'title.prescriptionsAdd', 'session', sendPrescription, { forPerson: 'send', readAhead: sendPrescriptionReads }),
  route(paths.planEmediplan.path, 'title.planEmediplan', 'session', planEmediplan, { forPerson: 'see', readAhead: emediplanReads, frameTexts: ['emediplan.lead'] }),
  route(paths.planPrint.path, 'title.planPrint', 'session', planPrint, { forPerson: 'see', readAhead: emediplanReads, frameTexts: ['emediplan.print.lead'] }),
  route(paths.orders.path, 'title.orders', 'session', orders, { forPerson: 'see', readAhead: ordersReads }),
  // issue 24: the doses taken — history, a past day's plan to fill in, the doctor's report
  route(paths.dosesHistory.path, 'title.dosesHistory', 'session', dosesHistory, { forPerson: 'see', readAhead: dosesReads }),
  route(paths.dosesDay.path, 'title.dosesDay', 'session', dosesDay, { forPerson: 'see', readAhead: dosesReads }),
  route(paths.dosesReport.path, 'title.dosesReport', 'session', dosesReport, { forPerson: 'see', readAhead: dosesReads }),
  // spec §2 "Order flow under /order, all requiring completed setup"
  route(paths.order.path, 'title.order', 'setup', orderStart, { forPerson: 'order', readAhead: orderFlowReads }),
  route(paths.orderSelect.path, 'title.orderSelect', 'setup', orderSelect, { forPerson: 'order', readAhead: orderSelectReads, frameTexts: ['order.select.intro'] }),
  route(paths.orderAddress.path, 'title.orderAddress', 'setup', orderAddress, { forPerson: 'order', readAhead: orderFlowReads, frameTexts: ['order.address.intro'] }),
  route(paths.orderQuestionnaire.path, 'title.orderQuestionnaire', 'setup', orderQuestionnaire, { forPerson: 'order', readAhead: reviewReads(questionnaireReads) }),
  route(paths.orderSettings.path, 'title.orderSettings', 'setup', orderSettings, { forPerson: 'order', readAhead: reviewReads(profileReads) }),
  route(paths.orderInsurance.path, 'title.orderInsurance', 'setup', orderInsurance, { forPerson: 'order', readAhead: reviewReads(insuranceReads) }),
  route(paths.orderFinish.path, 'title.orderFinish', 'setup', orderFinish, { forPerson: 'order', readAhead: orderFinishReads }),
  route(paths.profileOverview.path, 'title.profileOverview', 'session', profileOverview, { setupOverview: true, readAhead: profileReads }),
  route(paths.profileBaseData.path, 'title.profileBaseData', 'session', profileBaseData, { readAhead: profileReads }),
  route(paths.profileInsurance.path, 'title.profileInsurance', 'profile', profileInsurance, { readAhead: insuranceReads }),
  route(paths.profileQuestionnaire.path, 'title.profileQuestionnaire', 'profile', profileQuestionnaire, { readAhead: questionnaireReads }),
  route(paths.profileMedication.path, 'title.profileMedication', 'profile', profileMedication, { readAhead: profileReads }),
  route(paths.profileEmail.path, 'title.profileEmail', 'account', profileEmail, { readAhead: profileReads, frameTexts: ['email.intro'] }),
  route(paths.profileMfa.path, 'title.profileMfa', 'account', profileMfa, { readAhead: profileReads, frameTexts: ['mfa.intro'] }),
  route(paths.profilePassword.path, 'title.profilePassword', 'account', password, { readAhead: profileReads, frameTexts: ['auth.password.changeIntro'] }),
  // issue 41: helpers (an account page: a helper needs no profile of their own)
  route(paths.profileHelpers.path, 'title.profileHelpers', 'account', profileHelpers, { readAhead: helpersReads, frameTexts: ['caregivers.intro'] }),
  route(paths.onboardingFinish.path, 'title.onboardingFinish', 'account', onboardingFinish, { readAhead: profileReads }),
];

/** Paths that only redirect (spec §2: /profile goes to /profile/overview). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  [paths.profile.path]: paths.profileOverview.href(),
  [`${paths.profile.path}/`]: paths.profileOverview.href(),
};

export const NOT_FOUND_TITLE_ID = 'title.notFound';
