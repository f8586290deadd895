import { Link } from 'wouter';
import { Msg } from '../../i18n/msg';
import { BenefitList, type Benefit } from './benefit-list';
import { CtaLinks } from './cta-links';
import { PrescriptionRuleNotice } from './prescription-rule-notice';
import { PublicHero } from './public-hero';
import { PublicSection } from './public-section';
import { StepList, type Step } from './step-list';
import './public.css';
import { paths } from '../../domain/paths';

const HOW_IT_WORKS: readonly Step[] = [
  { titleId: 'public.home.how.send.title', textId: 'public.home.how.send.text' },
  { titleId: 'public.home.how.check.title', textId: 'public.home.how.check.text' },
  { titleId: 'public.home.how.deliver.title', textId: 'public.home.how.deliver.text' },
];

/** spec §1 and §9: the promises shown to every visitor. */
const PROMISES: readonly Benefit[] = ['delivery', 'postage', 'probons', 'insurer', 'pharmacist'].map((key) => ({
  titleId: `public.home.promises.${key}.title`,
  textId: `public.home.promises.${key}.text`,
}));

/** spec §2: the account benefits (the registration screen lists the same five). */
const ACCOUNT_BENEFITS: readonly Benefit[] = ['overview', 'expiry', 'intake', 'ordering', 'tracking'].map((key) => ({
  titleId: `public.home.account.${key}.title`,
  textId: `public.home.account.${key}.text`,
}));

/** Route /: marketing home for visitors (signed-in users are redirected by the router). */
export default function HomeView() {
  return (
    <div className="public-page">
      <PublicHero headingId="public.home.hero.title" leadId="public.home.hero.lead">
        <CtaLinks loginHint />
      </PublicHero>

      <PublicSection titleId="public.home.how.title">
        <StepList steps={HOW_IT_WORKS} />
      </PublicSection>

      <PublicSection titleId="public.home.promises.title">
        <BenefitList items={PROMISES} />
      </PublicSection>

      <PublicSection titleId="public.home.rules.title">
        <p>
          <Msg id="public.home.rules.intro" />
        </p>
        <ul className="public-bullets">
          <li>
            <Msg id="public.home.rules.doctor" />
          </li>
          <li>
            <Msg id="public.home.rules.post" />
          </li>
        </ul>
        <PrescriptionRuleNotice />
        <p>
          <Link href={paths.prescriptionTutorial.href()} className="public-link">
            <Msg id="public.home.rules.tutorialLink" />
          </Link>
        </p>
      </PublicSection>

      <PublicSection titleId="public.home.generics.title">
        <p>
          <Msg id="public.home.generics.text" />
        </p>
        <p>
          <Link href={paths.generics.href()} className="public-link">
            <Msg id="public.home.generics.link" />
          </Link>
        </p>
      </PublicSection>

      <PublicSection titleId="public.home.account.title">
        <p>
          <Msg id="public.home.account.intro" />
        </p>
        <BenefitList items={ACCOUNT_BENEFITS} />
        <CtaLinks />
      </PublicSection>
    </div>
  );
}
