import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorId, fieldId, type CheckoutFieldKey } from './checkout-steps';

/** `aria-invalid` and the message's id for a field that is wrong; nothing otherwise. */
export function invalidProps(field: CheckoutFieldKey, error: string | undefined, hintId?: string) {
  const described = [error ? errorId(field) : null, hintId ?? null].filter(Boolean).join(' ');
  return {
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(described ? { 'aria-describedby': described } : {}),
  };
}

export function FieldError({ field, error }: { field: CheckoutFieldKey; error: string | undefined }) {
  return error ? (
    <p id={errorId(field)} className="field-error">
      {error}
    </p>
  ) : null;
}

type TextFieldProps = {
  field: CheckoutFieldKey;
  label: ReactNode;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

/** A labelled text field with its hint and, when wrong, its French message beside it. */
export function TextField({ field, label, value, error, onChange, hint, ...input }: TextFieldProps) {
  const hintId = hint ? `${fieldId(field)}-aide` : undefined;
  return (
    <div className="checkout-field">
      <label htmlFor={fieldId(field)}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <input id={fieldId(field)} value={value} onChange={(event) => onChange(event.target.value)} {...invalidProps(field, error, hintId)} {...input} />
      <FieldError field={field} error={error} />
    </div>
  );
}
