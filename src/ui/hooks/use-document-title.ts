import { useEffect } from 'react';
import { COMPANY } from '@/domain/company';

/** Each page names itself in the tab and for screen readers arriving on it. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${COMPANY.tradeName}` : COMPANY.tradeName;
  }, [title]);
}
