import type { ReactNode, Ref } from 'react';

/**
 * Why an action was refused, framed above the action as the checkout's: said at once (role="alert")
 * and able to take the focus, so the page can send it there (`ref`) rather than lose it.
 */
export function ErrorSummary({ id, title, children, ref }: { id: string; title: ReactNode; children?: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div className="error-summary" role="alert" id={id} tabIndex={-1} ref={ref}>
      <h2>{title}</h2>
      {children}
    </div>
  );
}
