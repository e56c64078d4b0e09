// The demo catalogue's categories, in the order the shop lists them. `hue` and `motif` only
// drive the generated artwork (scripts/generate/demo-catalogue/artwork.mjs); they are not exported.
// `vatRate` (basis points) is the VAT rate a product of the category has unless VAT_OVERRIDES
// says otherwise: 20 % (taux normal), 5,5 % for the épicerie fine (food, CGI art. 278-0 bis).
// Texts are typed with plain ASCII apostrophes and spaces: typography() fixes them.

export const CATEGORIES = [
  {
    slug: 'cuisine',
    vatRate: 2000,
    name: 'Cuisine',
    description: 'Vaisselle, ustensiles et petits objets pour cuisiner avec plaisir et recevoir sans façons.',
    hue: 14,
    motif: 'bowl',
  },
  {
    slug: 'maison',
    vatRate: 2000,
    name: 'Maison',
    description: 'Bougies, luminaires et objets de décoration pour un intérieur chaleureux, pièce après pièce.',
    hue: 42,
    motif: 'candle',
  },
  {
    slug: 'textile',
    vatRate: 2000,
    name: 'Textile',
    description: 'Linge de maison en lin, laine et coton : plaids, coussins, nappes et serviettes tissés avec soin.',
    hue: 318,
    motif: 'fabric',
  },
  {
    slug: 'papeterie',
    vatRate: 2000,
    name: 'Papeterie',
    description: 'Carnets, encres et papiers choisis pour le plaisir d\'écrire, de dessiner et de correspondre.',
    hue: 212,
    motif: 'notebook',
  },
  {
    slug: 'bien-etre',
    vatRate: 2000,
    name: 'Bien-être',
    description: 'Savons, huiles et accessoires naturels pour prendre soin de soi, du bain au coucher.',
    hue: 168,
    motif: 'bottle',
  },
  {
    slug: 'jardin',
    vatRate: 2000,
    name: 'Jardin',
    description: 'Outils solides, pots et graines pour le potager, la terrasse et les oiseaux du jardin.',
    hue: 100,
    motif: 'plant',
  },
  {
    slug: 'enfants',
    vatRate: 2000,
    name: 'Enfants',
    description: 'Jouets en bois, peluches et livres d\'éveil, conçus pour durer et passer de main en main.',
    hue: 262,
    motif: 'blocks',
  },
  {
    slug: 'epicerie-fine',
    vatRate: 550,
    name: 'Épicerie fine',
    description: 'Confitures, huiles, miels et thés de petits producteurs, à offrir ou à garder pour soi.',
    hue: 350,
    motif: 'jar',
  },
];

/**
 * Products whose VAT rate is not their category's: caramels are confectionery (confiserie), at the
 * standard rate although food (CGI art. 278-0 bis, A-2°, b).
 */
export const VAT_OVERRIDES = { 'Caramel au beurre salé': 2000 };
