import { useEffect } from 'react';

const SHOP_NAME = 'La Petite Boutique';

/** Each page names itself in the tab and for screen readers arriving on it. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
