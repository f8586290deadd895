import { Link } from 'wouter';
import { Msg } from '../../i18n/msg';
import { CtaLinks } from './cta-links';
import { PrescriptionRuleNotice } from './prescription-rule-notice';
import { PublicHero } from './public-hero';
import { PublicSection } from './public-section';
import { richText } from './rich-text';
import { StepList, type Step } from './step-list';
import './public.css';
import { paths } from '../../domain/paths';

/** spec §1: the three ways a prescription reaches the pharmacy (send methods post, email, espace). */
const SEND_WAYS = ['public.tutorial.step2.post', 'public.tutorial.step2.doctor', 'public.tutorial.step2.partner'];

const STEPS: readonly Step[] = [
  { titleId: 'public.tutorial.step1.title', textId: 'public.tutorial.step1.text' },
  {
    titleId: 'public.tutorial.step2.title',
    textId: 'public.tutorial.step2.text',
    details: (
      <>
        <ul className="public-bullets">
          {SEND_WAYS.map((id) => (
            <li key={id}>
              <Msg id={id} values={richText} />
            </li>
          ))}
        </ul>
        <PrescriptionRuleNotice />
      </>
    ),
  },
  { titleId: 'public.tutorial.step3.title', textId: 'public.tutorial.step3.text' },
  { titleId: 'public.tutorial.step4.title', textId: 'public.tutorial.step4.text' },
];

/** Route /prescriptiontutorial: the 4-step tutorial on sending a prescription (spec §2). */
export default function PrescriptionTutorialView() {
  return (
    <div className="public-page">
      <PublicHero headingId="public.tutorial.heading" leadId="public.tutorial.lead" />

      <PublicSection titleId="public.tutorial.steps.title">
        <StepList steps={STEPS} />
      </PublicSection>

      <PublicSection titleId="public.tutorial.cta.title" className="public-section--callout">
        <p>
          <Msg id="public.tutorial.cta.text" />
        </p>
        <CtaLinks />
      </PublicSection>

      <p className="public-more">
        <Link href={paths.generics.href()} className="public-link">
          <Msg id="public.tutorial.genericsLink" />
        </Link>
      </p>
    </div>
  );
}
