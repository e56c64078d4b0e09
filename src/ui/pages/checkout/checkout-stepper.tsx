import { Link } from 'react-router-dom';
import { CHECKOUT_STEPS, stepPath } from './checkout-steps';

/**
 * Where the shopper is among the steps (aria-current="step"); the steps already open to them
 * (up to `reachable`, the first one not complete) are links.
 */
export function CheckoutStepper({ current, reachable, applies }: { current: number; reachable: number; applies: (index: number) => boolean }) {
  return (
    <nav aria-label="Étapes de la commande" className="checkout-stepper">
      <ol>
        {CHECKOUT_STEPS.map((step, i) => {
          const label = (
            <>
              <span className="checkout-stepper__number" aria-hidden="true">
                {i + 1}
              </span>{' '}
              <span className="checkout-stepper__title">
                {step.title}
                {!applies(i) && <span className="visually-hidden"> (sans objet pour un retrait en boutique)</span>}
              </span>
            </>
          );
          const state = i === current ? 'current' : i < current ? 'done' : 'next';
          return (
            <li key={step.slug} className={`checkout-stepper__step checkout-stepper__step--${state}`}>
              {i === current ? (
                <span aria-current="step">{label}</span>
              ) : i <= reachable && applies(i) ? (
                <Link to={stepPath(i)}>{label}</Link>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
