import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@/domain/catalogue/validate-product-draft';
import { fail } from '@/domain/result';
import { FAKE_PICTURE_MESSAGES } from '../fakes/fake-picture-storage';
import { pathOf, renderAsAdmin, type ShopView } from './admin-helpers';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

async function openNewForm(path = '/admin/produits/nouveau') {
  const view = renderAsAdmin(path);
  await screen.findByRole('heading', { level: 1, name: 'Nouveau produit' });
  await screen.findByRole('radio', { name: 'Cuisine' });
  return view;
}

/** A valid product in every field, typed as an admin would. */
async function fillValid(view: ShopView) {
  await view.user.type(field('Nom'), 'Théière en fonte');
  await view.user.type(field('Prix (€)'), '49,90');
  await view.user.click(screen.getByRole('radio', { name: 'Cuisine' }));
  await view.user.type(field('Stock (unités)'), '7');
}

async function submit(view: ShopView) {
  await view.user.click(screen.getByRole('button', { name: 'Créer le produit' }));
}

describe('admin product form: each rule, in French, beside its field', () => {
  it('an empty form: every required field says so, the summary lists them, the focus goes to the name', async () => {
    const view = await openNewForm();
    await submit(view);
    const name = field('Nom');
    await waitFor(() => expect(document.activeElement).toBe(name));
    const expected: Array<[HTMLElement, string]> = [
      [name, PRODUCT_MESSAGES.nameRequired],
      [field('Adresse (slug)'), PRODUCT_MESSAGES.slugRequired],
      [field('Prix (€)'), PRODUCT_MESSAGES.priceRequired],
      [field('Stock (unités)'), PRODUCT_MESSAGES.stockRequired],
    ];
    for (const [el, message] of expected) {
      expect(el.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(el)).toContain(message);
    }
    const categories = screen.getByRole('group', { name: 'Catégorie' });
    expect(describedBy(categories)).toBe(PRODUCT_MESSAGES.categoryRequired);
    const summary = screen.getByRole('heading', { name: PRODUCT_MESSAGES.invalidProduct }).parentElement!;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      `Nom\u00a0: ${PRODUCT_MESSAGES.nameRequired}`,
      `Adresse\u00a0: ${PRODUCT_MESSAGES.slugRequired}`,
      `Prix\u00a0: ${PRODUCT_MESSAGES.priceRequired}`,
      `Catégorie\u00a0: ${PRODUCT_MESSAGES.categoryRequired}`,
      `Stock\u00a0: ${PRODUCT_MESSAGES.stockRequired}`,
    ]);
    await view.user.click(within(summary).getByRole('link', { name: `Stock\u00a0: ${PRODUCT_MESSAGES.stockRequired}` }));
    expect(document.activeElement).toBe(field('Stock (unités)'));
    expect(view.catalogue.products).toHaveLength(4);
  });

  it.each([
    ['Nom', 'x'.repeat(121), PRODUCT_MESSAGES.nameTooLong],
    ['Adresse (slug)', 'Théière en fonte!', PRODUCT_MESSAGES.slugInvalid],
    ['Adresse (slug)', 'a'.repeat(121), PRODUCT_MESSAGES.slugTooLong],
    ['Adresse (slug)', 'carnet-lin', PRODUCT_MESSAGES.slugTaken],
    ['Prix (€)', 'douze', PRODUCT_MESSAGES.priceNotNumber],
    ['Prix (€)', '0', PRODUCT_MESSAGES.pricePositive],
    ['Prix (€)', '12,345', PRODUCT_MESSAGES.priceDecimals],
    ['Prix (€)', '100000000', PRODUCT_MESSAGES.priceTooHigh],
    ['Stock (unités)', '2,5', PRODUCT_MESSAGES.stockWhole],
    ['Stock (unités)', '-1', PRODUCT_MESSAGES.stockWhole],
    ['Stock (unités)', '1000001', PRODUCT_MESSAGES.stockTooHigh],
  ])('%s « %s »: « %s » beside the field, which gets the focus; nothing is saved', async (label, value, message) => {
    const view = await openNewForm();
    await fillValid(view);
    const el = field(label);
    await view.user.clear(el);
    await view.user.type(el, value);
    await submit(view);
    await waitFor(() => expect(document.activeElement).toBe(el));
    expect(el.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(el)).toContain(message);
    expect(document.getElementById('resume-erreurs')!.textContent).toContain(message);
    expect(view.catalogue.products).toHaveLength(4);
  });

  it('« Nouvelle catégorie… » without a name: the name field says a category is needed', async () => {
    const view = await openNewForm();
    await fillValid(view);
    await view.user.click(screen.getByRole('radio', { name: 'Nouvelle catégorie…' }));
    await submit(view);
    const name = field('Nom de la nouvelle catégorie');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toBe(PRODUCT_MESSAGES.categoryRequired);
  });

  it('the address follows the name until it is written by hand', async () => {
    const view = await openNewForm();
    await view.user.type(field('Nom'), 'Vase « Œillet » n°2');
    expect(field('Adresse (slug)').value).toBe('vase-oeillet-n-2');
    await view.user.clear(field('Adresse (slug)'));
    await view.user.type(field('Adresse (slug)'), 'vase-oeillet');
    await view.user.type(field('Nom'), ' bleu');
    expect(field('Adresse (slug)').value).toBe('vase-oeillet');
  });

  it('an address taken meanwhile (the writer answers slug-taken) is said beside the address', async () => {
    const view = await openNewForm();
    view.writer.create = async () => fail('slug-taken', PRODUCT_MESSAGES.slugTaken);
    await fillValid(view);
    await submit(view);
    const slug = field('Adresse (slug)');
    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(describedBy(slug)).toContain(PRODUCT_MESSAGES.slugTaken);
  });
});

describe('admin product form: saving', () => {
  it('a new product in a new category is created, announced, listed, and sold on the storefront', async () => {
    const view = await openNewForm();
    await view.user.type(field('Nom'), 'Théière en fonte');
    await view.user.type(field('Description'), 'Une théière qui garde le thé chaud.');
    await view.user.type(field('Prix (€)'), '49,90');
    await view.user.click(screen.getByRole('radio', { name: 'Nouvelle catégorie…' }));
    await view.user.type(field('Nom de la nouvelle catégorie'), 'Thé');
    await view.user.type(field('Stock (unités)'), '7');
    await view.user.type(field('Mots-clés'), 'fonte, thé');
    await submit(view);

    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect(pathOf(view)).toBe('/admin/produits');
    expect((await screen.findByTestId('toast')).textContent).toContain('Produit créé');
    expect(await screen.findByRole('link', { name: 'Théière en fonte' })).toBeTruthy();
    expect(view.catalogue.products.at(-1)).toMatchObject({
      slug: 'theiere-en-fonte',
      price: 49.9,
      category: 'the',
      stock: 7,
      tags: ['fonte', 'thé'],
    });

    await view.router.navigate('/produit/theiere-en-fonte');
    expect(await screen.findByRole('heading', { level: 1, name: 'Théière en fonte' })).toBeTruthy();
  });

  it('keyboard alone creates a product', async () => {
    const view = await openNewForm();
    const { user } = view;
    const tabTo = async (el: Element) => {
      for (let i = 0; i < 80 && document.activeElement !== el; i++) await user.tab();
      expect(document.activeElement).toBe(el);
    };
    await tabTo(field('Nom'));
    await user.keyboard('Carafe en verre');
    await tabTo(field('Prix (€)'));
    await user.keyboard('32,50');
    await tabTo(screen.getByRole('radio', { name: 'Cuisine' }));
    await user.keyboard('{ArrowDown}'); // to « Maison », as in a browser
    await tabTo(field('Stock (unités)'));
    await user.keyboard('12');
    await tabTo(screen.getByRole('button', { name: 'Créer le produit' }));
    await user.keyboard('{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect(await screen.findByRole('link', { name: 'Carafe en verre' })).toBeTruthy();
    expect(view.catalogue.products.at(-1)).toMatchObject({ name: 'Carafe en verre', slug: 'carafe-en-verre', price: 32.5, category: 'maison', stock: 12 });
  });

  it('an edit shows on the storefront of the same tab at once', async () => {
    const view = renderAsAdmin('/produit/bol-gres-bleu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bol en grès bleu' })).toBeTruthy();
    await view.router.navigate('/admin/produits/bol-gres-bleu');
    const price = await screen.findByLabelText('Prix (€)');
    expect((price as HTMLInputElement).value).toBe('18,90');
    await view.user.clear(price);
    await view.user.type(price, '16,50');
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect((await screen.findByTestId('toast')).textContent).toContain('Produit enregistré');

    await view.router.navigate('/produit/bol-gres-bleu');
    await screen.findByRole('heading', { level: 1, name: 'Bol en grès bleu' });
    expect(await screen.findAllByText('16,50\u00a0€', { normalizer: (t) => t })).not.toHaveLength(0);
  });
});

describe('admin product form: VAT rate', () => {
  it('proposes the category’s rate until the admin chooses one, then saves the one chosen', async () => {
    const view = renderAsAdmin('/admin/produits/nouveau');
    view.catalogue.cats = [...view.catalogue.cats, { slug: 'epicerie', name: 'Épicerie', description: '', image: '/e.svg', vatRate: 550 }];
    await screen.findByRole('radio', { name: 'Épicerie' });
    const rate = screen.getByRole('combobox', { name: 'Taux de TVA' }) as HTMLSelectElement;
    expect([...rate.options].map((option) => option.text)).toEqual([
      '20\u00a0% (taux normal)',
      '10\u00a0% (taux intermédiaire)',
      '5,5\u00a0% (taux réduit\u00a0: alimentation, livres)',
      '2,1\u00a0% (taux particulier\u00a0: presse, médicaments remboursables)',
    ]);
    expect(rate.value).toBe('2000');
    await fillValid(view);
    expect(rate.value).toBe('2000');
    await view.user.click(screen.getByRole('radio', { name: 'Épicerie' }));
    expect(rate.value).toBe('550');
    await view.user.click(screen.getByRole('radio', { name: 'Cuisine' }));
    expect(rate.value).toBe('2000');
    // Chosen by hand: a change of category no longer moves it.
    await view.user.selectOptions(rate, '1000');
    await view.user.click(screen.getByRole('radio', { name: 'Épicerie' }));
    expect(rate.value).toBe('1000');
    await submit(view);
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect(view.catalogue.products.at(-1)).toMatchObject({ slug: 'theiere-en-fonte', category: 'epicerie', vatRate: 1000 });
  });

  it('an existing product shows its own rate, whatever its category’s', async () => {
    const view = renderAsAdmin('/admin/produits/bol-gres-bleu');
    view.catalogue.change('bol-gres-bleu', { vatRate: 550 });
    const rate = (await screen.findByRole('combobox', { name: 'Taux de TVA' })) as HTMLSelectElement;
    expect(rate.value).toBe('550');
    await view.user.click(await screen.findByRole('radio', { name: 'Maison' }));
    expect(rate.value).toBe('550');
  });
});

describe('admin product form: pictures', () => {
  const png = (name: string) => new File(['png'], name, { type: 'image/png' });

  it('uploads pictures, says in French which file was refused, reorders and removes them from the keyboard', async () => {
    const view = await openNewForm();
    await fillValid(view);
    const input = field('Ajouter des photos');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    // A browser's file picker can still hand over another type (« Tous les fichiers »): no accept filter here.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, [png('face.png'), png('dos.png'), new File(['gif'], 'anime.gif', { type: 'image/gif' }), png('cote.png')]);

    const list = await screen.findByTestId('product-pictures');
    const order = () => [...list.querySelectorAll('img')].map((img) => img.getAttribute('src')!.replace(/^.*\d-/, ''));
    expect(order()).toEqual(['face.png', 'dos.png', 'cote.png']);
    expect(describedBy(input)).toContain(`anime.gif\u00a0: ${FAKE_PICTURE_MESSAGES.type}`);

    // « Monter » on the third: it becomes second, and the focus stays on its « Monter ».
    within(list).getByRole('button', { name: 'Monter la photo 3' }).focus();
    await view.user.keyboard('{Enter}');
    expect(order()).toEqual(['face.png', 'cote.png', 'dos.png']);
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Monter la photo 2' }));
    await view.user.keyboard('{Enter}');
    expect(order()).toEqual(['cote.png', 'face.png', 'dos.png']);
    // First now: « Monter » is disabled, the focus moves to its « Descendre ».
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Descendre la photo 1' }));
    await view.user.keyboard(' ');
    expect(order()).toEqual(['face.png', 'cote.png', 'dos.png']);

    within(list).getByRole('button', { name: 'Retirer la photo 1' }).focus();
    await view.user.keyboard('{Enter}');
    expect(order()).toEqual(['cote.png', 'dos.png']);
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Retirer la photo 1' }));
    expect([...view.pictures.stored.keys()].map((url) => url.replace(/^.*\d-/, ''))).toEqual(['dos.png', 'cote.png']);

    await submit(view);
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect(view.catalogue.products.at(-1)!.images.map((url) => url.replace(/^.*\d-/, ''))).toEqual(['cote.png', 'dos.png']);
  });
});

describe('admin product form: delete and unknown products', () => {
  it('« Supprimer ce produit » asks first; « Annuler » keeps it, « Supprimer » removes it', async () => {
    const view = renderAsAdmin('/admin/produits/carnet-lin');
    await view.user.click(await screen.findByRole('button', { name: 'Supprimer ce produit' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce produit\u00a0?' });
    expect(describedBy(dialog)).toBe('«\u202fCarnet en lin\u202f» sera retiré de la boutique. Cette action est définitive.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Supprimer ce produit' }));
    expect(view.catalogue.products.map((p) => p.id)).toContain('carnet-lin');

    await view.user.click(screen.getByRole('button', { name: 'Supprimer ce produit' }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect((await screen.findByTestId('toast')).textContent).toContain('Produit supprimé');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Carnet en lin' })).toBeNull());
    expect(view.catalogue.products.map((p) => p.id)).not.toContain('carnet-lin');
  });

  it('an unknown id says the product does not exist, with a way back', async () => {
    const view = renderAsAdmin('/admin/produits/inconnu');
    expect(await screen.findByText('Ce produit n’existe pas ou a été supprimé.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer les modifications' })).toBeNull();
    await view.user.click(screen.getByRole('link', { name: 'Retour aux produits' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Produits' })).toBeTruthy();
  });
});

describe('admin product form: an honest reduction (issue 25)', () => {
  const reference = () => document.getElementById('aide-reference')!;

  it('shows the reference price of a product on sale, the box ticked', async () => {
    renderAsAdmin('/admin/produits/bol-gres-bleu');
    await waitFor(() => expect(reference().textContent).toBe('Prix de référence (le plus bas des 30\u00a0derniers jours)\u00a0: 24,00\u00a0€'));
    expect((screen.getByRole('checkbox', { name: /En promotion/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('refuses « En promotion » at the price the product has always had, beside the box, which gets the focus; nothing is saved', async () => {
    const view = renderAsAdmin('/admin/produits/plaid-laine-moutarde');
    await waitFor(() => expect(reference().textContent).toContain('59,00\u00a0€'));
    const box = screen.getByRole('checkbox', { name: /En promotion/ });
    await view.user.click(box);
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(document.getElementById('erreur-onSale')?.textContent).toBe(PRODUCT_MESSAGES.noReduction));
    expect(describedBy(box)).toContain(PRODUCT_MESSAGES.noReduction);
    expect(document.activeElement).toBe(box);
    expect(view.catalogue.products.find((p) => p.id === 'plaid-laine-moutarde')?.originalPrice).toBeUndefined();
  });

  it('says a new product has no reference price yet', async () => {
    await openNewForm();
    expect(reference().textContent).toContain('Pas encore de prix de référence');
  });
});
