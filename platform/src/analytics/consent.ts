import { useSyncExternalStore } from 'react';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';

/** The visitor's answer to the analytics question, as the browser keeps it. */
export type ConsentChoice = 'granted' | 'denied';

/** The one localStorage entry: `{"choice":"granted"|"denied","at":"<ISO date>"}`. */
export const CONSENT_KEY = 'analyticsConsent';
/** A choice is asked again after this many months (UK GDPR / PECR: consent is renewed, not kept forever). */
export const CONSENT_MONTHS = 6;

interface StoredConsent {
  choice: ConsentChoice;
  at: string;
}

/** When a choice made at `at` stops counting. */
export function consentExpiry(at: Date): Date {
  const expiry = new Date(at);
  expiry.setMonth(expiry.getMonth() + CONSENT_MONTHS);
  return expiry;
}

/** The stored choice while it still counts; null when there is none, it is unreadable or older than 6 months. */
export function storedConsent(now = new Date()): ConsentChoice | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as Partial<StoredConsent> | null;
    if (stored?.choice !== 'granted' && stored?.choice !== 'denied') return null;
    const at = new Date(stored.at ?? '');
    if (Number.isNaN(at.getTime()) || consentExpiry(at) <= now) return null;
    return stored.choice;
  } catch {
    return null;
  }
}

let settingsOpen = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Stores the choice with today's date and closes the settings. */
export function rememberConsent(choice: ConsentChoice, now = new Date()): void {
  const stored: StoredConsent = { choice, at: now.toISOString() };
  localStorage.setItem(CONSENT_KEY, JSON.stringify(stored));
  settingsOpen = false;
  notify();
}

/** Whether the question was asked again from 'Cookie settings' (rather than on a first visit). */
export function consentSettingsOpen(): boolean {
  return settingsOpen;
}

/** 'Cookie settings': asks again, whatever was chosen before. */
export function openConsentSettings(): void {
  settingsOpen = true;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const analyticsConfigured = () => Boolean(getRuntimeConfig().gaMeasurementId);
const onServer = () => false;

/**
 * Whether the question is on screen: only with analytics configured (without it there is nothing
 * to consent to), when asked again or never answered (or answered more than 6 months ago).
 */
function isAsking(): boolean {
  return analyticsConfigured() && (settingsOpen || storedConsent() === null);
}

/** Whether to ask; false on the server and in the first (hydrating) render, which never show the question. */
export function useConsentAsked(): boolean {
  return useSyncExternalStore(subscribe, isAsking, onServer);
}

/** Whether analytics is configured, so there is a choice to change; false on the server and while hydrating. */
export function useAnalyticsConfigured(): boolean {
  return useSyncExternalStore(subscribe, analyticsConfigured, onServer);
}

/** Tests only: forget an open settings panel. */
export function resetConsentSettings(): void {
  settingsOpen = false;
}
