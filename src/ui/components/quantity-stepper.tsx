import { useId, useState } from 'react';
import { useBrowserStateKnown } from '../hooks/use-snapshot';

/** − [n] + with a real number field, so keyboard and screen-reader users can type a quantity. */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max,
}: {
  value: number;
  onChange: (quantity: number) => void;
  /** What is counted, e.g. « Bol en grès » → « Quantité de « Bol en grès » ». */
  label: string;
  min?: number;
  max?: number;
}) {
  const editable = useBrowserStateKnown();
  const id = useId();
  const clamp = (n: number) => Math.max(min, max === undefined ? n : Math.min(max, n));
  // The field's text as typed: only a whole number changes the quantity; anything else (2.5, 1e1)
  // is said to leave it as it was, until the text is a whole number again or the quantity changes.
  const [text, setText] = useState(String(value));
  const [syncedWith, setSyncedWith] = useState(value);
  if (syncedWith !== value) {
    setSyncedWith(value);
    setText(String(value));
  }
  const invalid = text.trim() !== '' && !WHOLE.test(text.trim());
  const errorId = `${id}-erreur`;
  return (
    <span className="stepper-field">
      <span className="stepper">
        <button type="button" aria-label={`Retirer un «\u202f${label}\u202f»`} disabled={value <= min} onClick={() => onChange(clamp(value - 1))}>
          −
        </button>
        <label className="visually-hidden" htmlFor={id}>
          Quantité de «&#x202F;{label}&#x202F;»
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          // On a prerendered page, typing waits for the shop to have taken the page over.
          readOnly={!editable}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => {
            const typed = e.target.value;
            setText(typed);
            // As typed, above `max` too: the page's rule decides and says why it stops (issue 10).
            if (WHOLE.test(typed.trim())) onChange(Number(typed.trim()));
          }}
        />
        <button
          type="button"
          aria-label={`Ajouter un «\u202f${label}\u202f»`}
          disabled={max !== undefined && value >= max}
          onClick={() => onChange(clamp(value + 1))}
        >
          +
        </button>
      </span>
      {invalid && (
        <span id={errorId} className="field-error" role="alert">
          Saisissez un nombre entier&nbsp;: la quantité reste {value}.
        </span>
      )}
    </span>
  );
}

const WHOLE = /^\d+$/;
