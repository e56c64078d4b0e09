import { useId, useState } from 'react';
import { useBrowserStateKnown } from '../hooks/use-snapshot';

/**
 * − [n] + with a real number field, so keyboard and screen-reader users can type a quantity.
 * The field ends showing the quantity held (issue 42, 7 and 8): a whole number beyond `max` shows
 * `max` at once (the page still hears it, to say why it stops); an entry that is no quantity
 * (2.5, 1e1, below `min`) is said to be refused beside the field and, once the field is left,
 * gives way to the quantity held, the message staying until the quantity changes.
 */
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
  const [text, setText] = useState(String(value));
  // An entry refused since the quantity last changed: its message stays once the field shows the quantity again.
  const [refused, setRefused] = useState(false);
  const [syncedWith, setSyncedWith] = useState(value);
  if (syncedWith !== value) {
    setSyncedWith(value);
    setText(String(value));
    setRefused(false);
  }
  const invalid = text.trim() !== '' && !accepted(text, min);
  const errorId = `${id}-erreur`;
  const change = (quantity: number) => {
    setRefused(false);
    onChange(quantity);
  };
  return (
    <span className="stepper-field">
      <span className="stepper">
        <button type="button" aria-label={`Retirer un «\u202f${label}\u202f»`} disabled={value <= min} onClick={() => change(clamp(value - 1))}>
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
          aria-describedby={invalid || refused ? errorId : undefined}
          onChange={(e) => {
            const typed = e.target.value.trim();
            if (!accepted(typed, min)) {
              setText(e.target.value);
              setRefused(typed !== '');
              return;
            }
            // Beyond `max`, the field shows what is held; the page hears the number typed and says why it stops (issue 10).
            setText(String(clamp(Number(typed))));
            change(Number(typed));
          }}
          // Left empty or refused, or not taken by the page: the field shows the quantity held.
          onBlur={() => setText(String(value))}
        />
        <button
          type="button"
          aria-label={`Ajouter un «\u202f${label}\u202f»`}
          disabled={max !== undefined && value >= max}
          onClick={() => change(clamp(value + 1))}
        >
          +
        </button>
      </span>
      {(invalid || refused) && (
        <span id={errorId} className="field-error" role="alert">
          Saisissez un nombre entier{min > 0 ? ` d’au moins ${min}` : ''}&nbsp;: la quantité reste {value}.
        </span>
      )}
    </span>
  );
}

/** A whole number, `min` or more: what the field passes on. */
function accepted(text: string, min: number): boolean {
  return /^\d+$/.test(text.trim()) && Number(text.trim()) >= min;
}
