import { lazy, memo, startTransition, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DashboardMirror } from '../../data/local/mirror-reads';
import { doseMarksOf } from '../../data/tables/dose-marks';
import { doseSlotAt } from '../../domain/doses/dose-slot';
import { marksByHelpers } from '../../domain/doses/marked-by';
import type { HelperActor } from '../../domain/caregivers/grants';
import { Msg } from '../../i18n/msg';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { useSlices } from '../../ui/use-slices';
import { ActivePrescriptions } from './active-prescriptions';
import { AboutCard } from './advantages';
import { dashboardModel, type DashboardModel } from './dashboard-rows';
import { DashboardReminders } from './dashboard-reminders';
import { ExpiringSection } from './expiring-section';
import { InstallApp, type InstallOffer } from './install-app';
import { IntakePlanSection } from './intake-plan-section';
import { OrdersOverview } from './orders-overview';
import { SetupPrompt } from './setup-prompt';
import { PartOnItsWay } from '../../ui/part-on-its-way';
import './dashboard.css';

const RefillSide = lazy(() => import('./refill-side'));

// The plan renders again only when what it shows changes: the answer of the mirror keeps its
// unchanged parts (use-mirror-query.ts).
const Plan = memo(IntakePlanSection);
const NO_HELPERS: ReadonlyMap<string, HelperActor> = new Map();

export interface DashboardScreenProps {
  mirror: DashboardMirror;
  now: Date;
  /**
   * The "as of" line with the refresh action (sync-line.tsx), made by the view: it follows how
   * fresh the data is and the refresh's progress itself, so each pull's new time renders that
   * line, not the whole screen.
   */
  syncLine: ReactNode;
  install: InstallOffer;
  /** the "running low" card on top of the side column (its own chunk and reads: refill-side.tsx) */
  refill?: boolean;
}

/**
 * The side column's lists, a part per frame from when the column shows them (the "running low"
 * card's chunk may come after the dashboard's own slices): expiring prescriptions, open orders,
 * active prescriptions. `onComplete` once all three are there.
 */
function SideLists({ model, onComplete }: { model: DashboardModel; onComplete: () => void }) {
  const shown = useSlices(3, { first: 1, perFrame: 1 });
  const complete = shown >= 3;
  useEffect(() => {
    if (complete) onComplete();
  }, [complete, onComplete]);
  return (
    <>
      <ExpiringSection rows={model.expiring} />
      {shown > 1 ? <OrdersOverview rows={model.openOrders} /> : null}
      {shown > 2 ? <ActivePrescriptions rows={model.active} /> : null}
    </>
  );
}

/**
 * /dashboard (spec §2) with its data given: the greeting with the name, the "as of" line with
 * the refresh action, the setup prompt while setup is incomplete, today's intake plan (the
 * reason the app is opened, so right after the greeting), then expiring prescriptions, open
 * orders and active prescriptions beside it on a wide screen, the advantages, the tutorial and
 * the install offer. Those come in slices, one part per frame (use-slices.ts): the first render —
 * the installed app's first paint on a slow phone — holds only the greeting and the plan down to
 * the current period's heading (the plan's own parts: plan-parts.ts), and no frame lays out the
 * whole page (they appear below or beside the plan, each after the one before
 * it, moving nothing on it; the advantages and the install offer, below both columns, last). With
 * `refill`, the side column starts with the "running low" card and waits for it; its lists come
 * a part per frame after it (`SideLists`), and what lies below both columns waits for them.
 */
export function DashboardScreen({ mirror, now, syncLine, install, refill = false }: DashboardScreenProps) {
  const language = useIntlLanguage();
  const { customer, orders, medications } = mirror;
  const model = useMemo(() => dashboardModel({ customer, orders, medications, language, now }), [customer, orders, medications, language, now]);
  const planDay = doseSlotAt(now).day;
  const planMarks = useMemo(
    () => {
      const customerId = mirror.customer?.id ?? null;
      const rows = mirror.markRows.filter((row) => row.day === planDay);
      return { customerId, day: planDay, marks: doseMarksOf(rows), helpers: customerId ? marksByHelpers(rows, customerId, mirror.helpers) : NO_HELPERS };
    },
    [mirror.customer?.id, mirror.markRows, mirror.helpers, planDay],
  );
  // the plan comes in parts of its own (plan-parts.ts); once it is whole, what lies below or
  // beside it comes a part per frame: the reminders, the side column (its lists a part per frame
  // of their own), then what lies below both columns. On a phone all of it stands under the plan,
  // so none of it may come before the plan's last part, which would push it down.
  const [planComplete, setPlanComplete] = useState(false);
  const onPlanComplete = useCallback(() => startTransition(() => setPlanComplete(true)), []);
  const shown = useSlices(planComplete ? 4 : 1, { key: planComplete ? 'after-plan' : 'plan', first: 1, perFrame: 1 });
  // below both columns, the footer waits for the side column too: on a phone it stands under it,
  // and the "running low" card's chunk may come late (a slow network, files not yet in the
  // worker's cache): shown before it, the footer was pushed down a screen (Lighthouse: CLS 0.13)
  const [sideComplete, setSideComplete] = useState(false);
  const onSideComplete = useCallback(() => startTransition(() => setSideComplete(true)), []);
  const sideLists = <SideLists model={model} onComplete={onSideComplete} />;
  return (
    <section className="page dash" aria-labelledby="dash-title">
      <h1 id="dash-title">
        {model.firstName ? (
          <Msg id="dashboard.greeting.name" values={{ greeting: <Msg id={model.greeting} />, name: model.firstName }} />
        ) : (
          <Msg id={model.greeting} />
        )}
      </h1>
      {syncLine}
      <SetupPrompt todo={model.setupTodo} />
      <div className="dash-grid">
        <div className="dash-grid__main">
          <Plan model={model} marks={planMarks} onComplete={onPlanComplete} />
          {shown > 1 && model.plan.some((p) => p.entries.length > 0) ? <DashboardReminders customerId={mirror.customer?.id ?? null} /> : null}
        </div>
        <div className="dash-grid__side">
          {shown > 2 ? (
            refill ? (
              // the lists wait for the card (no fallback): it never pushes them down once shown
              <Suspense fallback={<PartOnItsWay />}>
                <RefillSide mirror={mirror} now={now}>
                  {sideLists}
                </RefillSide>
              </Suspense>
            ) : (
              sideLists
            )
          ) : null}
        </div>
      </div>
      <div className="dash-footer">
        {shown > 3 && sideComplete ? (
          <>
            <AboutCard />
            <InstallApp offer={install} />
          </>
        ) : null}
      </div>
    </section>
  );
}
