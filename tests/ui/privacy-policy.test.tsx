import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, it } from 'vitest';
import { INDEXEDDB_DATABASES, STORAGE_KEYS } from '@/domain/storage-keys';
import PolitiqueConfidentialitePage from '@/ui/pages/legal/politique-confidentialite-page';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

it('the privacy policy says what catalogue_edits marks now: the catalogue changed, by an edit or an order’s stock, nothing personal', () => {
  render(
    <MemoryRouter>
      <PolitiqueConfidentialitePage />
    </MemoryRouter>,
  );
  const row = screen.getAllByRole('row').find((r) => within(r).queryByRole('cell', { name: STORAGE_KEYS.catalogueChanged }))!;
  const said = plain(within(row).getAllByRole('cell')[1]!.textContent);
  expect(said).toContain('sans donnée personnelle');
  expect(said).toContain('le stock pris par une commande passée ici');
  expect(said).toContain(`la base ${INDEXEDDB_DATABASES.catalogue}`);
});
