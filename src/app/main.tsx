import 'reflect-metadata';
import { createRoot } from 'react-dom/client';
import { runStartupHousekeeping } from '../domain/housekeeping';
import { KEY_VALUE_STORE } from '../ports/key-value-store';
import { App } from '../ui/app';
import { forceLightTheme } from '../ui/startup/force-light-theme';
import '../ui/styles/app.css';
import { config } from './config';
import { createAppContainer } from './container';

const container = createAppContainer(config);
forceLightTheme();
runStartupHousekeeping(container.resolve(KEY_VALUE_STORE));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(<App container={container} />);
