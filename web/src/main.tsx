import { SSR_DATA_ID } from '../../api/platform/contracts/ssr.contract';
import './styles.css';

// A server-rendered page is readable before any script runs: the app's code is fetched only after
// its first paint, so on a slow line it never competes with the page and its stylesheet.
const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

if (document.getElementById(SSR_DATA_ID)) await afterFirstPaint();
await import('./boot');
