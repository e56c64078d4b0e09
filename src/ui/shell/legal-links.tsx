import { Link } from 'react-router-dom';

/** The legal pages a French online shop must show: path (from the root) and title. One list for the footer and the routes. */
export const LEGAL_PAGES = [
  ['mentions-legales', 'Mentions légales'],
  ['conditions-generales-de-vente', 'Conditions générales de vente'],
  ['politique-de-confidentialite', 'Politique de confidentialité'],
  ['livraison-et-retours', 'Livraison et retours'],
] as const;

export type LegalPath = (typeof LEGAL_PAGES)[number][0];

/** The footer's links to the legal pages, on every page. */
export function LegalLinks() {
  return (
    <nav aria-label="Informations légales">
      <ul className="footer-links">
        {LEGAL_PAGES.map(([path, title]) => (
          <li key={path}>
            <Link to={`/${path}`}>{title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
