import { Link, useSearchParams } from 'react-router-dom';
import { PARAM, withParam } from './shop-params';

export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const href = (n: number) => `?${withParam(params, PARAM.page, n === 1 ? null : String(n))}`;
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 && <Link to={href(page - 1)}>Page précédente</Link>}
      <ul>
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link to={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {page < pageCount && <Link to={href(page + 1)}>Page suivante</Link>}
    </nav>
  );
}
