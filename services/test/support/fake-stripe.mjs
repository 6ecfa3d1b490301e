// A local stand-in for the parts of Stripe's API that billing calls, so the real `stripe` SDK runs
// against it (STRIPE_API_BASE). Used by the billing integration suite and by `npm run bench:billing`.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import StripeSdk from 'stripe';

const newId = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 3600;
const list = (url, data) => ({ object: 'list', url, has_more: false, data });

/** `a[b][0][c]=1` form fields, as the SDK encodes them, into nested objects. */
function parseForm(body) {
  const out = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return out;
}

/**
 * Starts the fake on a free port. Tests drive it: `pay(sessionId)` is the buyer paying at Stripe,
 * `renew(subscriptionId)` a new period's invoice, `invoice(subscriptionId, reason, amount)` any other, `event(type, id)` and `sign(payload)` make webhook
 * deliveries as Stripe would.
 */
export async function startFakeStripe({ webhookSecret }) {
  const customers = new Map();
  const sessions = new Map();
  const subscriptions = new Map();
  const invoices = new Map();
  const charges = new Map();
  const disputes = new Map();
  const invoicePayments = new Map();
  const requests = [];
  const customerByKey = new Map();
  const refunds = new Map();
  const refundByKey = new Map();

  /** A succeeded card payment: its PaymentIntent id; the charge is found with `chargeOf`. */
  const charge = (customer, amount) => {
    const paymentIntent = newId('pi');
    const id = newId('ch');
    const created = {
      id,
      object: 'charge',
      amount,
      amount_refunded: 0,
      currency: 'usd',
      customer,
      disputed: false,
      paid: true,
      payment_intent: paymentIntent,
      receipt_url: `https://pay.stripe.test/receipts/${id}`,
      refunded: false,
      status: 'succeeded',
    };
    charges.set(created.id, created);
    return paymentIntent;
  };

  /** A paid invoice of `amount`, after `discount` taken off by a promotion code. */
  const invoiceFor = (subscription, reason, amount, discount = 0) => {
    const invoiceId = newId('in');
    const discountId = discount ? newId('di') : null;
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
      status: 'paid',
      amount_paid: amount,
      subtotal: amount + discount,
      discounts: discountId ? [discountId] : [],
      total_discount_amounts: discountId ? [{ amount: discount, discount: discountId }] : [],
      currency: 'usd',
      billing_reason: reason,
      customer: subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: {} } },
    };
    invoices.set(invoice.id, invoice);
    const payment = {
      id: newId('inpay'),
      object: 'invoice_payment',
      invoice: invoice.id,
      amount_paid: amount,
      currency: 'usd',
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: charge(subscription.customer, amount) },
    };
    invoicePayments.set(payment.id, payment);
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  const routes = [
    [
      'POST',
      /^\/v1\/customers$/,
      (body, headers) => {
        const key = headers['idempotency-key'];
        if (key && customerByKey.has(key)) return customers.get(customerByKey.get(key));
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: body.email ?? null,
          metadata: body.metadata ?? {},
        };
        customers.set(customer.id, customer);
        if (key) customerByKey.set(key, customer.id);
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (body) => {
        const item = body.line_items?.['0'] ?? {};
        const id = newId('cs_test');
        const session = {
          id,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          customer: body.customer ?? null,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          subscription_metadata: body.subscription_data?.metadata ?? {},
          amount_total: Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
          currency: item.price_data?.currency ?? 'usd',
          recurring_interval: item.price_data?.recurring?.interval ?? null,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          invoice: null,
          payment_intent: null,
          subscription: null,
        };
        sessions.set(id, session);
        return session;
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (_b, _h, [id]) => sessions.get(id)],
    [
      'GET',
      /^\/v1\/checkout\/sessions$/,
      (query) =>
        list(
          '/v1/checkout/sessions',
          [...sessions.values()].filter((s) => !query.payment_intent || s.payment_intent === query.payment_intent),
        ),
    ],
    ['GET', /^\/v1\/charges\/([^/]+)$/, (_b, _h, [id]) => charges.get(id)],
    [
      'GET',
      /^\/v1\/charges$/,
      (query) =>
        list(
          '/v1/charges',
          [...charges.values()].filter((c) => !query.payment_intent || c.payment_intent === query.payment_intent),
        ),
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (body, headers) => {
        const key = headers['idempotency-key'];
        if (key && refundByKey.has(key)) return refunds.get(refundByKey.get(key));
        if (fake.refusal) return { status: 400, error: { type: 'invalid_request_error', message: fake.refusal } };
        const refunded =
          charges.get(body.charge) ?? [...charges.values()].find((c) => c.payment_intent === body.payment_intent);
        if (!refunded) return undefined;
        const left = refunded.amount - refunded.amount_refunded;
        const amount = body.amount === undefined ? left : Number(body.amount);
        if (left <= 0 || amount > left) {
          return {
            status: 400,
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge already refunded',
            },
          };
        }
        fake.refund(refunded.id, amount);
        const created = { id: newId('re'), object: 'refund', amount, charge: refunded.id, status: 'succeeded' };
        refunds.set(created.id, created);
        if (key) refundByKey.set(key, created.id);
        return created;
      },
    ],
    ['GET', /^\/v1\/disputes\/([^/]+)$/, (_b, _h, [id]) => disputes.get(id)],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      (query) =>
        list(
          '/v1/invoice_payments',
          [...invoicePayments.values()].filter(
            (p) =>
              (!query.invoice || p.invoice === query.invoice) &&
              (!query.payment?.payment_intent || p.payment.payment_intent === query.payment.payment_intent),
          ),
        ),
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (_b, _h, [id]) => subscriptions.get(id)],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_b, _h, [id]) => {
        const subscription = subscriptions.get(id);
        if (subscription) subscription.status = 'canceled';
        return subscription;
      },
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (_b, _h, [id]) => invoices.get(id)],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (body) =>
        customers.has(body.customer)
          ? {
              id: newId('bps'),
              object: 'billing_portal.session',
              url: `https://billing.stripe.test/p/${body.customer}`,
              return_url: body.return_url,
            }
          : undefined,
    ],
  ];

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      // The SDK sends a GET's parameters in the query string, a POST's in the body.
      const parsed = parseForm(req.method === 'GET' ? url.search.slice(1) : body);
      requests.push({ method: req.method, path: url.pathname, body: parsed, headers: req.headers });
      const send = (status, value) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${fake.secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      for (const [method, pattern, handler] of routes) {
        const match = req.method === method && pattern.exec(url.pathname);
        if (!match) continue;
        const result = handler(parsed, req.headers, match.slice(1));
        if (result?.error) return send(result.status, { error: result.error });
        if (result) return send(200, result);
        return send(404, { error: { type: 'invalid_request_error', message: `No such object: ${url.pathname}` } });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const stripe = new StripeSdk('sk_test_fake');

  const fake = {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey: 'sk_test_fake',
    requests,
    sessions,
    subscriptions,
    invoices,
    customers,
    charges,
    disputes,
    refunds,
    /** When set, POST /v1/refunds is refused with this message (as Stripe refuses a refund it cannot make). */
    refusal: null,

    /**
     * The buyer pays at Stripe; a plan's checkout also starts its subscription and first invoice.
     * `firstInvoiceAmount` is what that invoice charges instead of the price (0: a trial or a 100 % coupon).
     * `discount` is what a promotion code the buyer entered takes off: a pack's `amount_total`, or a
     * plan's first invoice (its `subtotal` stays the price, with the discount listed).
     */
    pay(sessionId, { firstInvoiceAmount, discount = 0 } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
      if (session.status === 'complete') return session;
      session.status = 'complete';
      const due = session.amount_total - discount;
      session.payment_status = firstInvoiceAmount === 0 || due === 0 ? 'no_payment_required' : 'paid';
      if (discount && session.mode === 'payment') {
        session.amount_total = due;
        session.total_details = { amount_discount: discount, amount_shipping: 0, amount_tax: 0 };
      }
      if (session.mode === 'payment') session.payment_intent = charge(session.customer, session.amount_total);
      if (session.mode === 'subscription') {
        const subscription = {
          id: newId('sub'),
          object: 'subscription',
          status: 'active',
          customer: session.customer,
          metadata: session.subscription_metadata,
          items: {
            object: 'list',
            data: [
              {
                id: newId('si'),
                object: 'subscription_item',
                current_period_start: now(),
                current_period_end: now() + MONTH,
              },
            ],
          },
          latest_invoice: null,
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
        session.invoice = discount
          ? invoiceFor(subscription, 'subscription_create', due, discount).id
          : invoiceFor(subscription, 'subscription_create', firstInvoiceAmount ?? session.amount_total).id;
      }
      return session;
    },

    /** The next period of a subscription, paid: returns the new invoice's id. */
    renew(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      const item = subscription.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end += MONTH;
      const first = invoices.get(subscription.latest_invoice);
      // A renewal is at the price before the first invoice's one-time discount.
      return invoiceFor(subscription, 'subscription_cycle', first?.subtotal ?? 0).id;
    },

    /** Another paid invoice of a subscription (a proration is `subscription_update`): returns its id. */
    invoice(subscriptionId, billingReason, amount) {
      return invoiceFor(subscriptions.get(subscriptionId), billingReason, amount).id;
    },

    /** The charge that paid a (paid) pack's checkout session or an invoice. */
    chargeOf(sessionOrInvoiceId) {
      const paymentIntent =
        sessions.get(sessionOrInvoiceId)?.payment_intent ??
        [...invoicePayments.values()].find((p) => p.invoice === sessionOrInvoiceId)?.payment.payment_intent;
      const found = [...charges.values()].find((c) => paymentIntent && c.payment_intent === paymentIntent);
      if (!found) throw new Error(`fake stripe: nothing paid ${sessionOrInvoiceId}`);
      return found.id;
    },

    /** Refunds `amount` more of a charge (all that is left by default); returns the charge. */
    refund(chargeId, amount) {
      const refunded = charges.get(chargeId);
      refunded.amount_refunded = Math.min(refunded.amount, refunded.amount_refunded + (amount ?? refunded.amount));
      refunded.refunded = refunded.amount_refunded === refunded.amount;
      return refunded;
    },

    /** The buyer's bank disputes a charge (a chargeback); returns the dispute's id. */
    dispute(chargeId) {
      const disputed = charges.get(chargeId);
      disputed.disputed = true;
      const created = {
        id: newId('dp'),
        object: 'dispute',
        amount: disputed.amount - disputed.amount_refunded,
        charge: chargeId,
        currency: 'usd',
        payment_intent: disputed.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
      };
      disputes.set(created.id, created);
      return created.id;
    },

    /** A webhook event about an object as it is now (Stripe sends a snapshot; the server re-reads it). */
    event(type, objectId, eventId = newId('evt')) {
      const object = sessions.get(objectId) ??
        subscriptions.get(objectId) ??
        invoices.get(objectId) ??
        charges.get(objectId) ??
        disputes.get(objectId) ?? { id: objectId };
      return JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28',
        created: now(),
        type,
        data: { object },
      });
    },

    /** The Stripe-Signature header for `payload`, as Stripe computes it. */
    sign(payload, { secret = webhookSecret, timestamp = now() } = {}) {
      return stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    },

    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
