import { RATE_FILE_MAX_BYTES } from '../../domain/currency/ecb-file';
import { startDailyJob } from '../platform/background/daily-job';
import type { AppDeps } from '../platform/deps';
import type { RateImportAnswer } from '../platform/contracts/rest.contract';
import type { ExchangeRateService } from './exchange-rate.service';

const DOWNLOAD_TIMEOUT_MS = 30_000;
/** Who the audit log names for a scheduled download. */
export const RATE_DOWNLOAD_ACTOR = 'scheduler';

/**
 * Downloads a rate file from `url` and imports it. The answer is read up to the file size limit and
 * no further; a slow server is given 30 seconds. What the file holds is refused or imported exactly
 * as an upload is.
 */
export const downloadRates = async (url: string, rates: ExchangeRateService, actor = RATE_DOWNLOAD_ACTOR): Promise<RateImportAnswer> => {
  const res = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow', headers: { Accept: 'application/xml, text/csv' } });
  if (!res.ok || !res.body) throw new Error(`the rate file at ${url} answered ${res.status}`);
  const parts: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.length;
    if (size > RATE_FILE_MAX_BYTES) {
      await reader.cancel();
      throw new Error(`the rate file at ${url} is over ${RATE_FILE_MAX_BYTES} bytes`);
    }
    parts.push(Buffer.from(chunk.value));
  }
  return rates.import(Buffer.concat(parts), actor);
};

/** The daily download when ECB_RATES_URL is set (background processes only); off by default. */
export const startRateDownload = (deps: AppDeps, rates: ExchangeRateService): { stop: () => Promise<void> } | undefined => {
  const url = deps.config.ecbRatesUrl;
  if (!url) return undefined;
  return startDailyJob(deps, {
    run: () => downloadRates(url, rates),
    done: 'exchange rates downloaded',
    failed: 'exchange rate download failed; retrying within the hour',
  });
};
