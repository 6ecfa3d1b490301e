/** US dollars with cents, e.g. 29.9 → '$29.90'; prices are USD in every language. */
export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
