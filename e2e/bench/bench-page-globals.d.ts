// What bench-web.mjs's in-page probes keep on `window`, read back with page.evaluate.
interface Window {
  benchMainContentAt?: number;
  benchLcp: number;
  benchCls: number;
}

// A `layout-shift` performance entry; TypeScript's DOM library does not have it yet.
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
