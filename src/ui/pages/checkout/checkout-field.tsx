import { useLayoutEffect, useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
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
  /** Rewrites the text as it is typed (digits grouped); the caret stays after the same digit. */
  format?: (text: string) => string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

/** A labelled text field with its hint and, when wrong, its French message beside it. */
export function TextField({ field, label, value, error, onChange, hint, format, ...input }: TextFieldProps) {
  const hintId = hint ? `${fieldId(field)}-aide` : undefined;
  const ref = useRef<HTMLInputElement>(null);
  /** Where the caret goes once the formatted text shows. */
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (caret.current === null || !element) return;
    if (document.activeElement === element) element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    if (!format) return onChange(typed);
    const formatted = format(typed);
    caret.current = caretAfter(formatted, digitsIn(typed.slice(0, event.target.selectionStart ?? typed.length)));
    onChange(formatted);
  };
  return (
    <div className="checkout-field">
      <label htmlFor={fieldId(field)}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <input ref={ref} id={fieldId(field)} value={value} onChange={change} {...invalidProps(field, error, hintId)} {...input} />
      <FieldError field={field} error={error} />
    </div>
  );
}

const digitsIn = (text: string) => text.replace(/\D/g, '').length;

/** The position in `text` just after its `count`-th digit (0: the start). */
function caretAfter(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) if (/\d/.test(text[i]!) && ++seen === count) return i + 1;
  return text.length;
}
