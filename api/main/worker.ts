import 'reflect-metadata';
import { loadConfig } from '../platform/config';
import { runWorker } from './worker-process';

// `npm run worker`: background work without HTTP (api/main/worker-process.ts).
await runWorker(loadConfig());
