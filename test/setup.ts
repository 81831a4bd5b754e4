import 'reflect-metadata';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';

// Screens' unit tests wait for what a request or a timer brings (waitFor, findBy): 1 s, the default,
// ran out on a loaded two-core machine; a wait that succeeds returns as soon as it sees its answer.
configure({ asyncUtilTimeout: 10_000 });

// The files of a worker share their loaded modules (isolate false in vitest.config.ts and
// vitest.browser.config.ts), i18next's and dayjs's global language among them: a file that switched
// it (a screen in Russian, a page rendered on the server in Greek) must not hand the next file a
// Russian or Greek app. Each file starts in English, as it would in a fresh worker.
beforeAll(async () => {
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
  dayjs.locale('en');
});
