import { useCallback, useSyncExternalStore } from 'react';

export type Language = 'en' | 'zh-CN';
export const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'zh-CN', label: '简体中文' },
];
const LANGUAGE_KEY = 'lang';
/** The cookie the server reads to pre-render a page in the visitor's language (same name as the stored key). */
export const LANGUAGE_COOKIE = 'lang';
const YEAR_S = 365 * 24 * 3600;

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'zh-CN';
}

/** Each feature owns its texts; zh-CN must carry every key that en has (checked by the type). */
export interface Messages<K extends string> {
  en: Record<K, string>;
  'zh-CN': Record<K, string>;
}

export function defineMessages<K extends string>(en: Record<K, string>, zh: Record<K, string>): Messages<K> {
  return { en, 'zh-CN': zh };
}

/** The language the visitor chose on this device, if any. */
export function storedLanguage(): Language | null {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

function rememberInCookie(lang: Language): void {
  if (typeof document !== 'undefined')
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${YEAR_S}; samesite=lax`;
}

export function detectLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return browser.some((tag) => tag?.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

let language: Language | undefined;
const listeners = new Set<() => void>();

export function getLanguage(): Language {
  return (language ??= detectLanguage());
}

/**
 * The language of the first render, without storing or notifying: a pre-rendered page starts in
 * the language the server rendered it in (its `<html lang>`), so hydration matches; the server
 * renderer sets it per page.
 */
export function initLanguage(lang: Language): void {
  language = lang;
}

/** Switches the page's language; `remember` (the default) keeps it for later visits, also for the server (a cookie). */
export function setLanguage(next: Language, { remember = true }: { remember?: boolean } = {}): void {
  language = next;
  if (remember) {
    localStorage.setItem(LANGUAGE_KEY, next);
    rememberInCookie(next);
  }
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function format(template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

export function translate<K extends string>(
  messages: Messages<K>,
  key: K,
  vars?: Record<string, string | number>,
  lang: Language = getLanguage(),
): string {
  return format(messages[lang][key] ?? messages.en[key], vars);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}

export function useT<K extends string>(
  messages: Messages<K>,
): (key: K, vars?: Record<string, string | number>) => string {
  const lang = useLanguage();
  return useCallback(
    (key: K, vars?: Record<string, string | number>) => translate(messages, key, vars, lang),
    [messages, lang],
  );
}
