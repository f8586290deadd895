import { Msg } from '../../../i18n/msg';
import { PHARMACY } from '../../../ui/pharmacy';
import './prepaid-label.css';

export interface LabelSender {
  name: string;
  street: string;
  zipCity: string;
}

/**
 * The prepaid label for a prescription sent by post (spec §1 "a prepaid label can be
 * downloaded"): A6, the pharmacy's address with the prepaid marking (no stamp needed), the
 * patient as sender, and "Rezept / Ordonnance" on it. Shown as a preview; the browser prints
 * it (or saves it as PDF) with only the label on the page (prepaid-label.css): no file to
 * download, no PDF library.
 */
export function PrepaidLabel({ sender }: { sender: LabelSender }) {
  return (
    <div className="prepaid-label" aria-labelledby="prepaid-label-title">
      <p id="prepaid-label-title" className="visually-hidden">
        <Msg id="sendMethod.label.title" />
      </p>
      <div className="prepaid-label__top">
        <div className="prepaid-label__sender">
          <p className="prepaid-label__caption">
            <Msg id="sendMethod.label.sender" />
          </p>
          <p>{sender.name}</p>
          <p>{sender.street}</p>
          <p>{sender.zipCity}</p>
        </div>
        <div className="prepaid-label__stamp">
          <p className="prepaid-label__prepaid">
            <Msg id="sendMethod.label.gas" />
          </p>
          <p>
            <Msg id="sendMethod.label.prepaid" />
          </p>
        </div>
      </div>
      <p className="prepaid-label__mark">
        <Msg id="sendMethod.label.mark" />
      </p>
      <div className="prepaid-label__recipient">
        <p>{PHARMACY.name}</p>
        <p>
          <Msg id="sendMethod.label.desk" />
        </p>
        <p>{PHARMACY.street}</p>
        <p className="prepaid-label__zip">{PHARMACY.zipCity}</p>
      </div>
    </div>
  );
}
