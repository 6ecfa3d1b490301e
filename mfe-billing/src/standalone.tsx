import { StandaloneRemote } from '@veo3/platform/dev/standalone-remote';
import PricingPage from './pricing/pricing-page';
import PaymentSuccessPage from './payment/payment-success-page';
import PaymentCancelPage from './payment/payment-cancel-page';
import CheckoutPage from './payment/checkout-page';
import CreditsPage from './credits/credits-page';
import AccountPage from './account/account-page';
import ReceiptPage from './account/receipt-page';

StandaloneRemote({
  name: 'mfe-billing',
  routes: [
    { path: '/pricing', element: <PricingPage /> },
    { path: '/payment/success', element: <PaymentSuccessPage /> },
    { path: '/payment/cancel', element: <PaymentCancelPage /> },
    { path: '/payment/checkout', element: <CheckoutPage /> },
    { path: '/credits', element: <CreditsPage /> },
    { path: '/account', element: <AccountPage /> },
    { path: '/account/receipts/:paymentId', element: <ReceiptPage /> },
  ],
});
