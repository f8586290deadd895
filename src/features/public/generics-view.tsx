import { Link } from 'wouter';
import { Msg } from '../../i18n/msg';
import { DEDUCTIBLE_EXAMPLE } from './generics-example';
import { GenericsExampleTable } from './generics-example-table';
import { PublicHero } from './public-hero';
import { PublicSection } from './public-section';
import { richText } from './rich-text';
import './public.css';
import { paths } from '../../domain/paths';

const SAME_AS_ORIGINAL = ['public.generics.what.substance', 'public.generics.what.dose', 'public.generics.what.form'];

/** Route /generics: what generics are, why they cost less, and how patients save with them. */
export default function GenericsView() {
  return (
    <div className="public-page">
      <PublicHero headingId="public.generics.heading" leadId="public.generics.lead" />

      <PublicSection titleId="public.generics.what.title">
        <p>
          <Msg id="public.generics.what.intro" />
        </p>
        <ul className="public-bullets">
          {SAME_AS_ORIGINAL.map((id) => (
            <li key={id}>
              <Msg id={id} />
            </li>
          ))}
        </ul>
        <p>
          <Msg id="public.generics.what.approval" />
        </p>
        <p>
          <Msg id="public.generics.what.looks" />
        </p>
      </PublicSection>

      <PublicSection titleId="public.generics.why.title">
        <p>
          <Msg id="public.generics.why.text" />
        </p>
      </PublicSection>

      <PublicSection titleId="public.generics.deductible.title">
        <p>
          <Msg id="public.generics.deductible.what" />
        </p>
        <p>
          <Msg id="public.generics.deductible.rule" />
        </p>
        <p>
          <Msg id="public.generics.deductible.example" values={DEDUCTIBLE_EXAMPLE} />
        </p>
        <p className="public-highlight">
          <Msg id="public.generics.deductible.saving" values={richText} />
        </p>
      </PublicSection>

      <PublicSection titleId="public.generics.example.title">
        <p>
          <Msg id="public.generics.example.intro" />
        </p>
        <GenericsExampleTable />
        <p>
          <Msg id="public.generics.example.note" />
        </p>
      </PublicSection>

      <PublicSection titleId="public.generics.settings.title">
        <p>
          <Msg id="public.generics.settings.text" />
        </p>
        <p>
          <Link href={paths.profileMedication.href()} className="public-link">
            <Msg id="public.generics.settings.link" />
          </Link>
        </p>
      </PublicSection>

      <PublicSection titleId="public.generics.calculator.title" className="public-section--callout">
        <p>
          <Msg id="public.generics.calculator.text" />
        </p>
        <Link href={paths.genericsCalculator.href()} className="public-button public-button--primary">
          <Msg id="public.generics.calculator.link" />
        </Link>
      </PublicSection>
    </div>
  );
}
