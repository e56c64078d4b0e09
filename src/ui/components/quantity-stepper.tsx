import { useId } from 'react';

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
  const id = useId();
  const clamp = (n: number) => Math.max(min, max === undefined ? n : Math.min(max, n));
  return (
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
        value={value}
        onChange={(e) => {
          // As typed, above `max` too: the page's rule decides and says why it stops (issue 10).
          const quantity = e.target.valueAsNumber;
          if (!Number.isNaN(quantity)) onChange(quantity);
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
  );
}
