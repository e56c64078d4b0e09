import { useEffect } from 'react';

/** Asks search engines not to index the page: the robots tag lives as long as the page is shown. */
export function useNoIndex() {
  useEffect(() => {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
    return () => robots.remove();
  }, []);
}
