// Every route of spec §2 in one table: path (the pattern of src/domain/paths.ts), title
// message id, guard, and the lazily loaded view (route-level code splitting). Views not built
// yet show the placeholder, which says so.
import { createElement, lazy, type ComponentType } from 'react';
import { paths } from '../domain/paths';
import PlaceholderView from './placeholder-view';
import type { RouteView, ViewProps } from './view-props';

export type { ViewProps } from './view-props';

/**
 * public: anyone; account: signed in (the account's own pages, never replaced by the
 * onboarding); session: signed in with the profile complete (else the onboarding); profile:
 * the same, for the pages spec §2 says need a profile; setup: completed setup, the send method
 * included (the order flow).
 */
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
}

/**
 * A route's view as its own chunk, which the router fetches early (`preload`) while the guard
 * still decides. Once loaded it renders at once: React.lazy would suspend for a tick even
 * then, and React holds back the content of a Suspense boundary whose fallback just showed
 * for up to 300 ms.
 */
function lazyView(load: () => Promise<{ default: ComponentType<ViewProps> }>): RouteView {
  let loaded: ComponentType<ViewProps> | null = null;
  const preload = () => load().then((module) => (loaded = module.default));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const View = (props: ViewProps) => createElement(loaded ?? Lazy, props);
  return Object.assign(View, { preload });
}

// The placeholder is in the main chunk anyway (stand-in screens use it): no chunk of its own.
const placeholder: RouteDef['view'] = PlaceholderView;
const home = lazyView(() => import('../features/public/home-view'));
const generics = lazyView(() => import('../features/public/generics-view'));
const genericsCalculator = lazyView(() => import('../features/generics/calculator-view'));
const tutorial = lazyView(() => import('../features/public/prescription-tutorial-view'));
const profileEmail = lazyView(() => import('../features/account/email-view'));
const profileMfa = lazyView(() => import('../features/account/mfa-view'));
const login = lazyView(() => import('../features/auth/login-view'));
const resetPassword = lazyView(() => import('../features/auth/reset-password-view'));
const password = lazyView(() => import('../features/auth/password-view'));
const prescriptions = lazyView(() => import('../features/prescriptions/prescriptions-view'));
const dashboard = lazyView(() => import('../features/dashboard/dashboard-view'));
const profileBaseData = lazyView(() => import('../features/profile/basedata-view'));
const profileOverview = lazyView(() => import('../features/profile/overview-view'));
const profileInsurance = lazyView(() => import('../features/profile/insurance-view'));
const profileQuestionnaire = lazyView(() => import('../features/profile/questionnaire-view'));
const profileMedication = lazyView(() => import('../features/profile/medication-view'));
const sendPrescription = lazyView(() => import('../features/profile/send-method/send-prescription-view'));
const onboardingFinish = lazyView(() => import('../features/profile/onboarding/finish-view'));
const loadOrders = () => import('../features/orders/orders-view');
const orders = lazyView(loadOrders);
const orderStart = lazyView(() => import('../features/order-flow/order-start-view'));
const orderSelect = lazyView(() => import('../features/order-flow/order-select-view'));
const orderAddress = lazyView(() => import('../features/order-flow/order-address-view'));
// the finish step leads to /orders, online or not: its chunk comes along (the service worker precaches it too)
const orderFinish = lazyView(() => {
  void loadOrders().catch(() => {});
  return import('../features/order-flow/order-finish-view');
});

/**
 * A profile form as a review step of the order flow (spec §2 /order/questionnaire,
 * /order/ordersettings, /order/insurance): the same view, shown only while the draft holds
 * something orderable (else the selection: the order flow's DraftGate).
 */
const inOrderFlow = (load: () => Promise<{ default: ComponentType<ViewProps> }>): RouteView => {
  // one wrapper per route, made once: a new component on every preload would remount the form
  let gated: Promise<{ default: ComponentType<ViewProps> }> | null = null;
  return lazyView(() =>
    (gated ??= Promise.all([load(), import('../features/order-flow/draft-gate')]).then(([{ default: View }, { DraftGate }]) => ({
      default: (props: ViewProps) => createElement(DraftGate, null, createElement(View, props)),
    })).catch((error: unknown) => {
      gated = null; // a failed chunk load may succeed later
      throw error;
    })),
  );
};
const orderQuestionnaire = inOrderFlow(() => import('../features/profile/questionnaire-view'));
const orderSettings = inOrderFlow(() => import('../features/profile/medication-view'));
const orderInsurance = inOrderFlow(() => import('../features/profile/insurance-view'));

const route = (path: string, titleId: string, guard: Guard, view: RouteDef['view'] = placeholder, extra: Partial<RouteDef> = {}): RouteDef => ({
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
  route(paths.dashboard.path, 'title.dashboard', 'session', dashboard, { loginWhenSignedOut: true }),
  route(paths.prescriptions.path, 'title.prescriptions', 'session', prescriptions),
  route(paths.prescriptionsAdd.path, 'title.prescriptionsAdd', 'session', sendPrescription),
  route(paths.orders.path, 'title.orders', 'session', orders),
  // spec §2 "Order flow under /order, all requiring completed setup"
  route(paths.order.path, 'title.order', 'setup', orderStart),
  route(paths.orderSelect.path, 'title.orderSelect', 'setup', orderSelect),
  route(paths.orderAddress.path, 'title.orderAddress', 'setup', orderAddress),
  route(paths.orderQuestionnaire.path, 'title.orderQuestionnaire', 'setup', orderQuestionnaire),
  route(paths.orderSettings.path, 'title.orderSettings', 'setup', orderSettings),
  route(paths.orderInsurance.path, 'title.orderInsurance', 'setup', orderInsurance),
  route(paths.orderFinish.path, 'title.orderFinish', 'setup', orderFinish),
  route(paths.profileOverview.path, 'title.profileOverview', 'session', profileOverview),
  route(paths.profileBaseData.path, 'title.profileBaseData', 'session', profileBaseData),
  route(paths.profileInsurance.path, 'title.profileInsurance', 'profile', profileInsurance),
  route(paths.profileQuestionnaire.path, 'title.profileQuestionnaire', 'profile', profileQuestionnaire),
  route(paths.profileMedication.path, 'title.profileMedication', 'profile', profileMedication),
  route(paths.profileEmail.path, 'title.profileEmail', 'account', profileEmail),
  route(paths.profileMfa.path, 'title.profileMfa', 'account', profileMfa),
  route(paths.profilePassword.path, 'title.profilePassword', 'account', password),
  route(paths.onboardingFinish.path, 'title.onboardingFinish', 'account', onboardingFinish),
];

/** Paths that only redirect (spec §2: /profile goes to /profile/overview). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  [paths.profile.path]: paths.profileOverview.href(),
  [`${paths.profile.path}/`]: paths.profileOverview.href(),
};

export const NOT_FOUND_TITLE_ID = 'title.notFound';
