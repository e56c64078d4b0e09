import type { ReactNode } from 'react';
import { COMPANY } from '@/domain/company';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** The frame of every legal page: its title (in the tab too), its text, and the date of this version. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="legal-page" aria-labelledby="titre-legal">
      <h1 id="titre-legal">{title}</h1>
      {children}
      <p className="legal-updated">
        Dernière mise à jour&nbsp;: 28 novembre 2026. Une question&nbsp;? Écrivez-nous à <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>.
      </p>
    </article>
  );
}
