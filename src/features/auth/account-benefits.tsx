import { Msg } from '../../i18n/msg';

// spec §2 registration mode: digital overview, expiry notifications, intake plan, easy
// ordering, order tracking — the same five (and texts) as the home page's account section.
const BENEFITS = ['overview', 'expiry', 'intake', 'ordering', 'tracking'] as const;

export function AccountBenefits() {
  return (
    <section className="auth-benefits" aria-labelledby="auth-benefits-title">
      <h2 id="auth-benefits-title">
        <Msg id="auth.register.benefitsTitle" />
      </h2>
      <ul>
        {BENEFITS.map((key) => (
          <li key={key}>
            <strong className="auth-benefits__title">
              <Msg id={`public.home.account.${key}.title`} />
            </strong>
            <Msg id={`public.home.account.${key}.text`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
