import { Msg } from '../../i18n/msg';

export interface InstallOffer {
  /** the browser offers installation now (beforeinstallprompt was kept) */
  canPrompt: boolean;
  /** installed during this visit */
  installed: boolean;
  /** iOS Safari installs through the share sheet: show how */
  hint: 'ios' | 'none';
  prompt: () => void;
}

/**
 * "Install the app" where the browser offers it, the how-to on iPhone and iPad (share →
 * add to home screen), a short confirmation once installed; nothing otherwise (already
 * installed, or a browser without installation).
 */
export function InstallApp({ offer }: { offer: InstallOffer }) {
  if (!offer.canPrompt && !offer.installed && offer.hint === 'none') return null;
  return (
    <section className="dash-card dash-install" aria-labelledby="dash-install-title">
      <h2 id="dash-install-title">
        <Msg id="dashboard.install.title" />
      </h2>
      {offer.installed ? (
        <p role="status">
          <Msg id="dashboard.install.done" />
        </p>
      ) : (
        <>
          <p>
            <Msg id="dashboard.install.text" />
          </p>
          {offer.canPrompt ? (
            <button type="button" className="button button--primary" onClick={offer.prompt}>
              <Msg id="dashboard.install.button" />
            </button>
          ) : (
            <>
              <h3>
                <Msg id="dashboard.install.ios.title" />
              </h3>
              <ol className="dash-install__steps">
                <li>
                  <Msg id="dashboard.install.ios.step1" />
                </li>
                <li>
                  <Msg id="dashboard.install.ios.step2" />
                </li>
                <li>
                  <Msg id="dashboard.install.ios.step3" />
                </li>
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
