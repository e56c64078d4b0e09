import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { deleteProduct } from '@/domain/catalogue/delete-product';
import type { CatalogueWriter } from '@/ports/catalogue-writer';
import type { PictureStorage } from '@/ports/picture-storage';
import { catalogueKeys } from '../../../query/query-keys';
import { useNotify } from '../../../toast/toast-context';
import { paths } from '@/domain/site-paths';

const quoted = (text: string) => `«\u202f${text}\u202f»`;

/**
 * « Supprimer ce produit » and its confirmation: the browser's modal <dialog> keeps the focus
 * inside, closes on Escape, and the focus goes back to the button.
 */
export function DeleteProductDialog({ product, writer, pictures }: { product: CatalogueProduct; writer: CatalogueWriter; pictures: PictureStorage }) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  function close() {
    dialog.current?.close();
  }

  async function confirm() {
    setDeleting(true);
    const result = await deleteProduct({ writer, pictures }, product);
    setDeleting(false);
    if (!result.ok) {
      close();
      notify.result(result);
      if (result.error.code !== 'not-found') return;
    } else {
      notify({ title: 'Produit supprimé', description: `${quoted(product.name)} n’est plus en vente.` });
    }
    navigate(paths.adminProducts);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  }

  return (
    <>
      <p className="admin-danger">
        <button ref={opener} type="button" className="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Supprimer ce produit
        </button>
      </p>
      {open && (
        <dialog
          ref={dialog}
          className="admin-dialog"
          aria-labelledby="titre-suppression"
          aria-describedby="texte-suppression"
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        >
          <h2 id="titre-suppression">Supprimer ce produit&nbsp;?</h2>
          <p id="texte-suppression">{quoted(product.name)} sera retiré de la boutique. Cette action est définitive.</p>
          <div className="actions">
            {/* The safe choice first, and focused: Enter alone never deletes. */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
            <button type="button" className="secondary" autoFocus onClick={close}>
              Annuler
            </button>
            <button type="button" className="danger" onClick={confirm} disabled={deleting}>
              {deleting ? 'Suppression…' : 'Supprimer'}
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}
