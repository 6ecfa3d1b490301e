import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { createAppConfig } from '../scripts/rspack-app.mjs';

export default (_env, argv) =>
  createAppConfig({
    mode: argv?.mode ?? 'production',
    dir: dirname(fileURLToPath(import.meta.url)),
    name: 'billing',
    devPort: 3102,
    exposes: {
      './pricing-page': './src/pricing/pricing-page.tsx',
      './payment-success-page': './src/payment/payment-success-page.tsx',
      './payment-cancel-page': './src/payment/payment-cancel-page.tsx',
      './checkout-page': './src/payment/checkout-page.tsx',
      './credits-page': './src/credits/credits-page.tsx',
      './account-page': './src/account/account-page.tsx',
      './receipt-page': './src/account/receipt-page.tsx',
    },
  });
