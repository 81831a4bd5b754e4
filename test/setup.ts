import 'reflect-metadata';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { beforeAll } from 'vitest';

// The files of a worker share their loaded modules (isolate false in vitest.config.ts and
// vitest.browser.config.ts), i18next's and dayjs's global language among them: a file that switched
// it (a screen in Russian, a page rendered on the server in Greek) must not hand the next file a
// Russian or Greek app. Each file starts in English, as it would in a fresh worker.
beforeAll(async () => {
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
  dayjs.locale('en');
});
