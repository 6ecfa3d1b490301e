/** US dollars with cents, e.g. 29.9 → '$29.90'; prices are USD in every language. */
export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** An amount in any currency the payment service reports; US dollars as formatPrice writes them. */
export function formatMoney(amount: number, currency: string): string {
  if (currency.toLowerCase() === 'usd') return formatPrice(amount);
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}
