// Every route of spec §2 in one table: path (wouter pattern), title message id, guard,
// and the lazily loaded view (route-level code splitting). Views that later issues build
// are placeholders that say so.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import PlaceholderView from './placeholder-view';

/** public: anyone; session: signed in; profile: signed in with base data; setup: completed setup. */
export type Guard = 'public' | 'session' | 'profile' | 'setup';

export interface ViewProps {
  titleId: string;
  params: Record<string, string | undefined>;
}

export interface RouteDef {
  path: string;
  titleId: string;
  guard: Guard;
  view: LazyExoticComponent<ComponentType<ViewProps>>;
  /** spec §2 "/dashboard shows this screen [the login] when signed out": the login form instead of the prompt */
  loginWhenSignedOut?: boolean;
  /** signed-in users are sent to /dashboard (spec §2: / and /login) */
  signedInRedirect?: string;
}

// The placeholder is in the main chunk anyway (stand-in screens use it), so no import() here.
const placeholder: RouteDef['view'] = lazy(async () => ({ default: PlaceholderView }));
const home = lazy(() => import('../features/public/home-view'));
const generics = lazy(() => import('../features/public/generics-view'));
const tutorial = lazy(() => import('../features/public/prescription-tutorial-view'));
const profileEmail = lazy(() => import('../features/account/email-view'));
const profileMfa = lazy(() => import('../features/account/mfa-view'));
const login = lazy(() => import('../features/auth/login-view'));
const resetPassword = lazy(() => import('../features/auth/reset-password-view'));
const password = lazy(() => import('../features/auth/password-view'));
const prescriptions = lazy(() => import('../features/prescriptions/prescriptions-view'));
const profileBaseData = lazy(() => import('../features/profile/basedata-view'));

const route = (path: string, titleId: string, guard: Guard, view: RouteDef['view'] = placeholder, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  titleId,
  guard,
  view,
  ...extra,
});

export const ROUTES: readonly RouteDef[] = [
  route('/', 'title.home', 'public', home, { signedInRedirect: '/dashboard' }),
  route('/login', 'title.login', 'public', login, { signedInRedirect: '/dashboard' }),
  route('/resetPassword', 'title.resetPassword', 'public', resetPassword),
  route('/generics', 'title.generics', 'public', generics),
  route('/generics/calculator', 'title.genericsCalculator', 'public'),
  route('/prescriptiontutorial', 'title.prescriptionTutorial', 'public', tutorial),
  route('/dashboard', 'title.dashboard', 'session', placeholder, { loginWhenSignedOut: true }),
  route('/prescriptions', 'title.prescriptions', 'session', prescriptions),
  route('/prescriptions/add', 'title.prescriptionsAdd', 'session'),
  route('/orders', 'title.orders', 'session'),
  route('/order', 'title.order', 'setup'),
  route('/order/select', 'title.orderSelect', 'setup'),
  route('/order/address', 'title.orderAddress', 'setup'),
  route('/order/questionnaire', 'title.orderQuestionnaire', 'setup'),
  route('/order/ordersettings', 'title.orderSettings', 'setup'),
  route('/order/insurance', 'title.orderInsurance', 'profile'),
  route('/order/orderfinish', 'title.orderFinish', 'setup'),
  route('/profile/overview/:showInfo?', 'title.profileOverview', 'session'),
  route('/profile/basedata', 'title.profileBaseData', 'session', profileBaseData),
  route('/profile/insurance', 'title.profileInsurance', 'profile'),
  route('/profile/questionnaire', 'title.profileQuestionnaire', 'profile'),
  route('/profile/medication', 'title.profileMedication', 'profile'),
  route('/profile/email', 'title.profileEmail', 'session', profileEmail),
  route('/profile/mfa', 'title.profileMfa', 'session', profileMfa),
  route('/profile/password/:reset?', 'title.profilePassword', 'session', password),
  route('/onboarding/finish', 'title.onboardingFinish', 'session'),
];

/** Paths that only redirect (spec §2: /profile goes to /profile/overview). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/profile': '/profile/overview',
  '/profile/': '/profile/overview',
};

export const NOT_FOUND_TITLE_ID = 'title.notFound';
