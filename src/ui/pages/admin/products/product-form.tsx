import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { ProductField, ProductFieldErrors } from '@/domain/catalogue/product-draft';
import { saveProduct } from '@/domain/catalogue/save-product';
import { PRODUCT_MESSAGES, slugify } from '@/domain/catalogue/validate-product-draft';
import { VAT_RATE_LABELS, VAT_RATES } from '@/domain/vat-rate';
import { referenceForReduction } from '@/domain/catalogue/price-history';
import { formatPrice } from '@/domain/price-format';
import { CATALOGUE } from '@/ports/catalogue';
import { CLOCK } from '@/ports/clock';
import { CATALOGUE_WRITER } from '@/ports/catalogue-writer';
import { PICTURE_STORAGE } from '@/ports/picture-storage';
import { useCategories } from '../../../catalogue/catalogue-queries';
import { usePriceHistory } from '../admin-catalogue-queries';
import { catalogueKeys } from '../../../query/query-keys';
import { useService } from '../../../di/container-context';
import { useNotify } from '../../../toast/toast-context';
import { DeleteProductDialog } from './delete-product-dialog';
import { ProductPictures } from './product-pictures';
import { NEW_CATEGORY, PRODUCT_FIELD_LABELS, FIELD_ORDER, fieldId, errorId, initialFields, type FormFields } from './product-form-fields';
import { paths } from '@/domain/site-paths';

const quoted = (text: string) => `«\u202f${text}\u202f»`;

/** The create and edit form of a product: saveProduct's refusals, in French, beside their fields. */
export function ProductForm({ title, product }: { title: string; product: CatalogueProduct | null }) {
  const catalogue = useService(CATALOGUE);
  const writer = useService(CATALOGUE_WRITER);
  const pictures = useService(PICTURE_STORAGE);
  const clock = useService(CLOCK);
  const prices = usePriceHistory(product?.id);
  const categories = useCategories();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [fields, setFields] = useState<FormFields>(() => initialFields(product));
  // A new product's address follows its name until the admin writes one; an existing one keeps its own.
  const [slugEdited, setSlugEdited] = useState(product !== null);
  // A new product's VAT rate follows its category's until the admin chooses one; an existing one keeps its own.
  const [vatRateEdited, setVatRateEdited] = useState(product !== null);
  const [images, setImages] = useState<readonly string[]>(product?.images ?? []);
  const [errors, setErrors] = useState<ProductFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  // After a refused submit, once the messages are on screen: focus on the first field to fix.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first === 'category') {
      // Nothing chosen: the first category; a new one without a name: its name field.
      document.getElementById(fields.category === NEW_CATEGORY ? fieldId.newCategory : fieldId.categoryFirst)?.focus();
    } else if (first) document.getElementById(fieldId[first])?.focus();
    else document.getElementById('resume-erreurs')?.focus();
    // Only a new submit moves the focus, not every change of the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const set = (key: Exclude<keyof FormFields, 'onSale'>) => (value: string) => setFields((current) => ({ ...current, [key]: value }));

  function chooseCategory(slug: string) {
    const rate = categories.data?.find((category) => category.slug === slug)?.vatRate;
    setFields((current) => ({ ...current, category: slug, vatRate: vatRateEdited || rate === undefined ? current.vatRate : String(rate) }));
  }

  function changeName(name: string) {
    setFields((current) => ({ ...current, name, slug: slugEdited ? current.slug : slugify(name) }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const form = {
      ...fields,
      categorySlug: fields.category === NEW_CATEGORY ? '' : fields.category,
      newCategoryName: fields.category === NEW_CATEGORY ? fields.newCategory : '',
      images,
    };
    setSaving(true);
    const result = await saveProduct({ catalogue, writer, pictures, clock }, { form, product });
    setSaving(false);
    if (!result.ok) {
      if (Object.keys(result.fields).length > 0) return refuse(result.fields);
      if (result.error.code === 'invalid-product') return refuse({}, result.error.message);
      notify.result(result);
      return;
    }
    notify({
      title: product ? 'Produit enregistré' : 'Produit créé',
      description: product ? `Les modifications de ${quoted(result.value.name)} sont en ligne.` : `${quoted(result.value.name)} est en ligne.`,
    });
    navigate(paths.adminProducts);
    // The storefront of this tab shows the change at once.
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  }

  function refuse(found: ProductFieldErrors, message: string | null = null) {
    setErrors(found);
    setFormError(message);
    setFocusRequest((n) => n + 1);
  }

  // The summary's links move the focus to their field (a fragment alone would only scroll, and
  // would go through the router's history).
  function focusField(event: MouseEvent, field: ProductField) {
    event.preventDefault();
    const id = field === 'category' && fields.category === NEW_CATEGORY ? fieldId.newCategory : fieldId[field];
    document.getElementById(id)?.focus();
  }

  const invalid = (field: ProductField) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {});
  const errorOf = (field: ProductField) =>
    errors[field] ? (
      <p id={errorId(field)} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  const listed = FIELD_ORDER.filter((field) => errors[field]);

  return (
    <section aria-labelledby="titre-produit" className="admin-product-form">
      <p>
        <Link to={paths.adminProducts}>← Retour aux produits</Link>
      </p>
      <h1 id="titre-produit">{title}</h1>
      {(listed.length > 0 || formError) && (
        <div id="resume-erreurs" className="error-summary" role="group" tabIndex={-1} aria-labelledby="titre-resume-erreurs">
          <h2 id="titre-resume-erreurs">{formError ?? PRODUCT_MESSAGES.invalidProduct}</h2>
          {listed.length > 0 && (
            <ul>
              {listed.map((field) => (
                <li key={field}>
                  <a href={`#${fieldId[field]}`} onClick={(event) => focusField(event, field)}>
                    {PRODUCT_FIELD_LABELS[field]}&nbsp;: {errors[field]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <form noValidate onSubmit={submit} className="stack" data-testid="product-form">
        <label htmlFor={fieldId.name}>Nom</label>
        <input id={fieldId.name} value={fields.name} onChange={(e) => changeName(e.target.value)} {...invalid('name')} />
        {errorOf('name')}

        <label htmlFor={fieldId.slug}>Adresse (slug)</label>
        <p id="aide-slug" className="hint">
          La page du produit sera {fields.slug ? paths.product(fields.slug) : `${paths.product('')}…`}
        </p>
        <input
          id={fieldId.slug}
          value={fields.slug}
          onChange={(e) => {
            setSlugEdited(true);
            set('slug')(e.target.value);
          }}
          {...invalid('slug')}
          aria-describedby={errors.slug ? `${errorId('slug')} aide-slug` : 'aide-slug'}
        />
        {errorOf('slug')}

        <label htmlFor={fieldId.description}>Description</label>
        <textarea id={fieldId.description} rows={5} value={fields.description} onChange={(e) => set('description')(e.target.value)} />

        <label htmlFor={fieldId.price}>Prix (€)</label>
        <input id={fieldId.price} inputMode="decimal" value={fields.price} onChange={(e) => set('price')(e.target.value)} {...invalid('price')} />
        {errorOf('price')}

        <label className="admin-choice">
          <input
            type="checkbox"
            id={fieldId.onSale}
            checked={fields.onSale}
            onChange={(e) => setFields((current) => ({ ...current, onSale: e.target.checked }))}
            {...invalid('onSale')}
            aria-describedby={errors.onSale ? `${errorId('onSale')} aide-reference` : 'aide-reference'}
          />{' '}
          En promotion (le prix ci-dessus est un prix réduit)
        </label>
        <p id="aide-reference" className="hint">
          <ReferencePrice reference={prices.data ? referenceForReduction(prices.data, clock.now()) : undefined} />
        </p>
        {errorOf('onSale')}

        <fieldset className="admin-categories" aria-describedby={errors.category ? errorId('category') : undefined}>
          <legend>Catégorie</legend>
          {categories.data?.map((category, i) => (
            <label key={category.slug} className="admin-choice">
              <input
                type="radio"
                name="product-category"
                id={i === 0 ? fieldId.categoryFirst : undefined}
                value={category.slug}
                checked={fields.category === category.slug}
                onChange={() => chooseCategory(category.slug)}
              />
              {category.name}
            </label>
          ))}
          <label className="admin-choice">
            <input
              type="radio"
              name="product-category"
              id={categories.data?.length ? undefined : fieldId.categoryFirst}
              value={NEW_CATEGORY}
              checked={fields.category === NEW_CATEGORY}
              onChange={() => set('category')(NEW_CATEGORY)}
            />
            Nouvelle catégorie…
          </label>
          {fields.category === NEW_CATEGORY && (
            <>
              <label htmlFor={fieldId.newCategory}>Nom de la nouvelle catégorie</label>
              <input id={fieldId.newCategory} value={fields.newCategory} onChange={(e) => set('newCategory')(e.target.value)} {...invalid('category')} />
            </>
          )}
          {errorOf('category')}
        </fieldset>

        <label htmlFor={fieldId.vatRate}>Taux de TVA</label>
        <p id="aide-tva" className="hint">
          Celui de la catégorie est proposé. La plupart des produits alimentaires et les livres sont à 5,5&nbsp;%.
        </p>
        <select
          id={fieldId.vatRate}
          value={fields.vatRate}
          onChange={(e) => {
            setVatRateEdited(true);
            set('vatRate')(e.target.value);
          }}
          {...invalid('vatRate')}
          aria-describedby={errors.vatRate ? `${errorId('vatRate')} aide-tva` : 'aide-tva'}
        >
          {VAT_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {VAT_RATE_LABELS[rate]}
            </option>
          ))}
        </select>
        {errorOf('vatRate')}

        <label htmlFor={fieldId.stock}>Stock (unités)</label>
        <input id={fieldId.stock} inputMode="numeric" value={fields.stock} onChange={(e) => set('stock')(e.target.value)} {...invalid('stock')} />
        {errorOf('stock')}

        <label htmlFor={fieldId.tags}>Mots-clés</label>
        <p id="aide-tags" className="hint">
          Séparés par des virgules, par exemple «&#8239;fonte, thé&#8239;»
        </p>
        <input id={fieldId.tags} value={fields.tags} onChange={(e) => set('tags')(e.target.value)} aria-describedby="aide-tags" />

        <ProductPictures images={images} onChange={setImages} storage={pictures} kept={product?.images ?? []} />

        <div className="actions">
          <button type="submit" disabled={saving}>
            {saving ? 'Enregistrement…' : product ? 'Enregistrer les modifications' : 'Créer le produit'}
          </button>
          <Link to={paths.adminProducts}>Annuler</Link>
        </div>
      </form>
      {product && <DeleteProductDialog product={product} writer={writer} pictures={pictures} />}
    </section>
  );
}

/** The price a reduction is announced against (Code de la consommation, art. L112-1-1), as the catalogue's history gives it. */
function ReferencePrice({ reference }: { reference: number | null | undefined }) {
  if (reference === undefined) return <>Prix de référence&nbsp;: en cours de lecture…</>;
  if (reference === null) return <>Pas encore de prix de référence&nbsp;: un produit ne peut être en promotion qu’après avoir été vendu à un autre prix.</>;
  return <>Prix de référence (le plus bas des 30&nbsp;derniers jours)&nbsp;: {formatPrice(reference)}</>;
}
