export { currencyMigrations } from './migrations';
export { exchangeRateRoutes } from './exchange-rate.routes';
export { ExchangeRateService } from './exchange-rate.service';
export { createCurrencyServices, type CurrencyServices } from './currencies.services';
export { startRateDownload, downloadRates } from './rate-download';
export { ExchangeRateAnswer } from './exchange-rate.openapi';
