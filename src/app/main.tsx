import 'reflect-metadata';
import { createRoot } from 'react-dom/client';
import { runStartupHousekeeping } from '../domain/housekeeping';
import { CATALOGUE, type Catalogue } from '../ports/catalogue';
import { KEY_VALUE_STORE } from '../ports/key-value-store';
import { App } from '../ui/app';
import { forceLightTheme } from '../ui/startup/force-light-theme';
import '../ui/styles/app.css';
import { config } from './config';
import { createAppContainer } from './container';

const container = createAppContainer(config);
forceLightTheme();
runStartupHousekeeping(container.resolve(KEY_VALUE_STORE));
// Nearly every page shows products: start loading the catalogue while the page's code arrives.
container
  .resolve<Catalogue>(CATALOGUE)
  .categories()
  .catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(<App container={container} />);
