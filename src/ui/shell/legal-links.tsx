import { Link } from 'react-router-dom';

/** A page linked from the footer: its address (from the root) and its title. */
export interface FooterLink {
  readonly to: string;
  readonly title: string;
}

/** The footer's links to the legal pages a French online shop must show, on every page (the app's route table lists them). */
export function LegalLinks({ pages }: { pages: readonly FooterLink[] }) {
  return (
    <nav aria-label="Informations légales">
      <ul className="footer-links">
        {pages.map(({ to, title }) => (
          <li key={to}>
            <Link to={to}>{title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
