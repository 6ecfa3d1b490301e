/** Brand names a line must not break inside; the longer first, so "Veo 3 Studio" is kept whole. */
const BRANDS = /Veo 3 Studio|Veo 3/g;

/**
 * A heading's text with the spaces inside brand names made non-breaking (U+00A0): a narrow screen
 * wraps around "Veo 3", never between "Veo" and "3" (in Chinese, where the brand is the only
 * run of spaces, the browser otherwise broke exactly there). Page titles and descriptions keep
 * plain spaces, as they are not laid out.
 */
export function keepBrandsWhole(text: string): string {
  return text.replace(BRANDS, (brand) => brand.replaceAll(' ', '\u00a0'));
}
