import { FEE_SCHEDULE_TEXTS } from '@dental/domain/clinical/fees';
import {
  type Estimate,
  PLAN_STATUS_TEXTS,
  planEstimate,
  planExpiresAt,
  planStatus,
  type TreatmentPlan,
} from '@dental/domain/clinical/plans';
import { Trans } from '@lingui/react/macro';
import { createPortal } from 'react-dom';
import { say } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import './plan-print.css';

/**
 * The plan as it prints (and as the browser saves it to PDF): the practice, the patient, each phase's
 * procedures, the estimate and the signature. Kept out of the page on screen; print shows only this.
 */
export function PlanPrint({
  plan,
  practiceName,
  patientName,
  timezone,
}: {
  plan: TreatmentPlan;
  practiceName: string;
  patientName: string;
  timezone: string;
}) {
  const { money, instantLongDate, instantDated, percent } = useFormats();
  const estimate = planEstimate(plan);
  const status = say(PLAN_STATUS_TEXTS[planStatus(plan, new Date())]);
  const proposed = instantLongDate(plan.proposedAt, timezone);
  const expires = instantLongDate(planExpiresAt(plan), timezone);
  const signer = plan.acceptedByName ?? patientName;
  const amounts = (row: Estimate) => (
    <>
      <td className="tp-money">{money(row.total / 100)}</td>
      <td className="tp-money">{money(row.insurance / 100)}</td>
      <td className="tp-money">{money(row.patient / 100)}</td>
    </>
  );
  return createPortal(
    <div className="treatment-plan-print" data-testid="plan-print">
      <div className="tp-head">
        <div>
          <strong>{practiceName}</strong>
          <div className="tp-small">
            <Trans>Treatment plan</Trans>
          </div>
        </div>
        <div style={{ textAlign: 'right' }}>
          <div>
            <Trans>Patient: {patientName}</Trans>
          </div>
          <div className="tp-small">
            {plan.status === 'proposed' ? (
              <Trans>
                Proposed {proposed} · valid until {expires} · {status}
              </Trans>
            ) : (
              <Trans>
                Proposed {proposed} · {status}
              </Trans>
            )}
          </div>
        </div>
      </div>
      <h1>{plan.title}</h1>
      {plan.notes && <p>{plan.notes}</p>}
      {plan.phases.map((phase, index) => {
        const number = index + 1;
        const name = phase.name;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: phases have no id; their order is their identity
          <section key={index}>
            <h2>
              <Trans>
                Phase {number}: {name}
              </Trans>
            </h2>
            <table>
              <thead>
                <tr>
                  <th>
                    <Trans>Code</Trans>
                  </th>
                  <th>
                    <Trans>Procedure</Trans>
                  </th>
                  <th>
                    <Trans>Tooth</Trans>
                  </th>
                  <th>
                    <Trans>Surfaces</Trans>
                  </th>
                  <th className="tp-money">
                    <Trans>Fee</Trans>
                  </th>
                  <th className="tp-money">
                    <Trans>Coverage</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {phase.items.map((item) => (
                  <tr key={item.id}>
                    <td>{item.code}</td>
                    <td>{item.description}</td>
                    <td>{item.tooth ?? ''}</td>
                    <td>{item.surfaces.join('')}</td>
                    <td className="tp-money">{money(item.fee / 100)}</td>
                    <td className="tp-money">{percent(item.coveragePercent / 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
      <h2>
        <Trans>Estimate</Trans>
      </h2>
      <table>
        <thead>
          <tr>
            <th>
              <Trans>Phase</Trans>
            </th>
            <th className="tp-money">
              <Trans>Total</Trans>
            </th>
            <th className="tp-money">
              <Trans>Insurance (estimated)</Trans>
            </th>
            <th className="tp-money">
              <Trans>Patient portion</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {estimate.phases.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: phases have no id; their order is their identity
            <tr key={index}>
              <td>{plan.phases[index]?.name}</td>
              {amounts(row)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>
              <Trans>Plan total</Trans>
            </td>
            {amounts(estimate.total)}
          </tr>
        </tfoot>
      </table>
      <p className="tp-small">{say(FEE_SCHEDULE_TEXTS.sampleLabel)}</p>
      <p className="tp-small">
        <Trans>
          The insurance amount is an estimate; the patient's insurer decides what it pays. This plan is valid 90 days
          from the date it was proposed.
        </Trans>
      </p>
      <div className="tp-signature">
        {plan.signature ? (
          <>
            <img src={plan.signature} alt="" />
            <div>
              <Trans>Signed by {signer}</Trans>
              {plan.acceptedAt && ` · ${instantDated(plan.acceptedAt, timezone)}`}
            </div>
          </>
        ) : (
          <>
            <span className="tp-line" />
            <div>
              <Trans>Patient's signature</Trans>
            </div>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
