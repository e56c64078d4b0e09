/** What a page shows while what it needs is not there yet (its code, or the admin session just after a load). */
export function Loading() {
  return (
    <p className="loading" role="status">
      Chargement…
    </p>
  );
}
