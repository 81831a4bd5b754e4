import type { AppDeps } from '../platform/deps';
import { ExchangeRateService } from './exchange-rate.service';

export interface CurrencyServices {
  rates: ExchangeRateService;
}

export const createCurrencyServices = (deps: AppDeps): CurrencyServices => ({ rates: new ExchangeRateService(deps) });
